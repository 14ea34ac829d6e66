"""The daily deal on the page, browser-free: the day's game is one hand
against the Expert, its duplicate runs in slices, one play a day counts,
the streak, the share text (with a key to its squares), a refused link in
words, and the deal's proof in the log and summary."""

from __future__ import annotations

import json
from datetime import date, timedelta
from pathlib import Path

import pytest

from allfives import HandStarted
from allfives.daily import DailyError, Duplicate, daily_deal, expert_match, parse_date, score_of
from allfives.match import fingerprint
from allfives.players.simple import greedy_move
from allfives.review import review

from game import deal_proof
from game.daily.model import Dailies, DailyResult, Duplicating, daily_game
from game.daily.words import MARKS, refused_words, share_key, share_text
from table.game import Game, GameSetup, SeatSetup
from table.i18n import LANGUAGES, Translator

TODAY = date(2026, 12, 6)
GOLDEN = Path(__file__).parents[1] / "golden" / "daily.jsonl"
T = Translator("en")


def played_out(game: Game) -> Game:
    """The daily played to its end, greedily at both seats."""
    hand = game.match.hand
    assert hand is not None
    while not hand.is_over:
        game.match.play(greedy_move(hand))
    return game


def test_the_daily_is_one_hand_against_the_expert_and_reloads_as_one() -> None:
    game = daily_game(TODAY, "You", "Expert", practice=False)
    assert [seat.kind for seat in game.seats] == ["person", "expert"]
    assert game.match.history[0].deal == daily_deal(TODAY)
    played_out(game)
    assert game.match.needs_deal
    assert game.start() == []  # no second hand
    assert not game.in_progress  # a new match loses nothing now
    again = Game.load_text(game.save_text())
    assert (again.daily, again.practice) == ("2026-12-06", False)
    assert again.start() == []


def test_the_duplicate_runs_in_slices_to_the_experts_score_and_the_players_grades() -> None:
    game = played_out(daily_game(TODAY, "You", "Expert", practice=False))
    working = Duplicating(game)
    seen = []
    while (result := working.step(5)) is None:
        seen.append(working.progress)
    assert seen == sorted(seen)
    assert seen[0] < 0.1
    assert seen[-1] < 1
    assert any(0.4 < p < 0.6 for p in seen)  # the Expert's play is the first half
    golden = json.loads(GOLDEN.read_text(encoding="utf-8").splitlines()[0])
    assert result.duplicate.expert == golden["expert_score"] == score_of(expert_match(TODAY).history)
    assert result.duplicate.you == score_of(game.history)
    reviewed = review(game.to_record(), seats=(0,), hands=(1,), luck=False)
    assert result.grades == tuple(j.grade.value for j in reviewed.judgements(0))


@pytest.mark.parametrize(
    ("played", "today", "streak"),
    [
        ({}, TODAY, 0),
        ({"2026-12-06": [1, 2]}, TODAY, 1),
        ({"2026-12-05": [1, 2]}, TODAY, 1),  # yesterday's stands while today's is to play
        ({"2026-12-04": [1, 2]}, TODAY, 0),
        ({"2026-12-04": [1, 2], "2026-12-05": [1, 2], "2026-12-06": [3, 4]}, TODAY, 3),
        ({"2026-12-03": [1, 2], "2026-12-05": [1, 2], "2026-12-06": [3, 4]}, TODAY, 2),
        ({"2026-11-30": [1, 2], "2026-12-01": [1, 2]}, date(2026, 12, 2), 2),  # across a month
    ],
)
def test_the_streak_is_the_days_in_a_row_up_to_today(played: dict[str, list[int]], today: date, streak: int) -> None:
    assert Dailies.from_json(played).streak(today) == streak


def test_only_the_first_play_of_todays_deal_counts() -> None:
    book = Dailies.from_json({"2026-12-05": [10, 5]})
    assert book.counts(TODAY, TODAY)
    assert not book.counts(TODAY - timedelta(days=1), TODAY)  # a past day
    book.add(Duplicate(TODAY, 30, 20))
    assert not book.counts(TODAY, TODAY)  # played already today: practice
    assert not book.counts(TODAY - timedelta(days=2), TODAY)  # a past day: practice
    assert not book.counts(TODAY + timedelta(days=1), TODAY)  # a friend's tomorrow: practice


@pytest.mark.parametrize(
    "stored",
    [None, "text", [1, 2], {"2026-13-01": [1, 2]}, {"2026-12-06": [1]}, {"2026-12-06": [True, 2]}, {"x": [1, 2]}],
)
def test_a_damaged_store_of_dailies_is_read_as_far_as_it_goes(stored: object) -> None:
    assert Dailies.from_json(stored).results == {}


def test_the_share_text_gives_the_date_the_margin_a_mark_a_decision_its_key_and_the_link() -> None:
    result = DailyResult(
        duplicate=Duplicate(TODAY, 35, 25),
        grades=("best", "good", "inaccuracy", "mistake", "blunder"),
    )
    link = "https://example.org/allfives/?daily=2026-12-06"
    assert share_text(T, result, link, practice=False) == (
        "All Fives, daily deal of 6 December 2026: +10 against the Expert\n"
        "🟩🟩🟨🟧🟥\n"
        "One square a decision: 🟩 best or good, 🟨 inaccuracy, 🟧 mistake, 🟥 blunder\n"
        f"{link}"
    )
    assert share_text(T, result, link, practice=True).splitlines()[0].endswith("against the Expert (practice)")
    assert share_text(Translator("de"), result, link, practice=False).splitlines()[:3] == [
        "All Fives, Tagesspiel vom 6. Dezember 2026: +10 gegen den Experten",
        "🟩🟩🟨🟧🟥",
        "Ein Quadrat je Entscheidung: 🟩 bester oder guter Zug, 🟨 ungenau, 🟧 Fehler, 🟥 grober Fehler",
    ]


@pytest.mark.parametrize("language", sorted(LANGUAGES))
def test_the_share_texts_key_names_every_square_in_the_players_language(language: str) -> None:
    """Each colour a decision can get is in the key, once, in the player's
    words (not English, but in English)."""
    key = share_key(Translator(language))
    for square in set(MARKS.values()):
        assert key.count(square) == 1, key
    assert (key == share_key(T)) == (language == "en")


@pytest.mark.parametrize(
    ("written", "said"),
    [
        ("hello", "The link asks for the daily deal of “hello”, which is not a date"),
        ("2026-02-30", "The link asks for the daily deal of “2026-02-30”, a day that does not exist."),
        ("2026-12-08", "The daily deal of 8 December 2026 is not out yet: come back on that day."),
        ("1999-12-31", "The daily deals begin on 1 January 2000: there is none for 31 December 1999."),
    ],
    ids=["malformed", "impossible", "future", "too-early"],
)
def test_a_refused_link_says_why_with_its_date_as_the_page_writes_dates(written: str, said: str) -> None:
    with pytest.raises(DailyError) as refused:
        parse_date(written, TODAY)
    assert refused_words(T, written, refused.value).startswith(said)


def test_the_menu_shows_the_fingerprint_while_a_hand_is_played_and_the_summary_checks_the_seed() -> None:
    game = Game(GameSetup(seats=(SeatSetup("You"), SeatSetup("Computer", "easy")), seed=7))
    game.start()
    said = deal_proof.menu_line(T, game.history)
    assert said is not None
    assert said.startswith(f"Hand 1's deal has the fingerprint {fingerprint('7/hand/1')}:")
    played_out(game)
    check = deal_proof.check_this_deal(T, game.history, 1)
    assert check is not None
    assert check.heading == "Check this deal"
    assert check.seed.startswith(
        f"This hand was dealt from the seed “7/hand/1”. Its fingerprint, {fingerprint('7/hand/1')},"
    )
    assert "python -m allfives verify" in check.how
    assert "Save to a file" in check.how
    assert not any(isinstance(e, HandStarted) for e in game.match.log[1:])


@pytest.mark.parametrize("written", ["hello", "2026-02-30", 20261206, None])
def test_a_saved_daily_with_a_date_that_is_not_one_loads_as_an_ordinary_game(written: object) -> None:
    game = played_out(daily_game(TODAY, "You", "Expert", practice=False))
    data = game.to_record()
    data["meta"]["daily"]["date"] = written
    loaded = Game.from_record_data(data)
    assert loaded.daily is None


def test_the_duplicate_takes_the_grades_of_a_review_the_player_asked_for_already() -> None:
    game = played_out(daily_game(TODAY, "You", "Expert", practice=False))
    asked = review(game.to_record(), seats=(0,), hands=(1,))
    game.keep_review(asked)
    working = Duplicating(game)
    seen = []
    while (result := working.step(5)) is None:
        seen.append(working.progress)
    assert not any(0.5 < p < 1 for p in seen), "no second review"
    assert result.grades == tuple(j.grade.value for j in asked.judgements(0))
