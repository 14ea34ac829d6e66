"""The page's controller on CPython: seeded deals, undo, hints, saving,
loading and links, as a player would use them."""

import asyncio
import json
from collections.abc import Generator
from pathlib import Path
from types import SimpleNamespace
from typing import TypeVar
from urllib.parse import parse_qsl

import pytest
from helpers import WorkClock, a_choice_of_moves, computer_decision, computer_move, run_apart, work_clock

from allfives import Rules
from allfives.kept_review import read_review
from allfives.match import fingerprint
from allfives.players import Decision, make_player
from allfives.players.base import Reason
from allfives.record import RecordError, from_record
from allfives.verify import verify
from allfives.view import view_of

from replay.frames import ReaderTranslator, frames
from replay.proof import SeedLine, seed_line
from table import game as controller
from table import work as work_module
from table.game import (
    Game,
    GameSetup,
    LinkError,
    SeatSetup,
    clean_name,
    decode_link,
    encode_link,
)
from table.work import Progress, SlicedThinking, Slices

T = TypeVar("T")

VS_EASY = GameSetup(Rules(), (SeatSetup("Ann"), SeatSetup("Computer", "easy")), seed=42)


def _play_until_person(game: Game) -> None:
    while not game.match.is_over:
        if game.match.needs_deal:
            game.start()
        elif game.computer_to_move:
            game.match.play(computer_move(game))
        else:
            return


def test_the_same_seed_deals_the_same_hands() -> None:
    one, two = Game(VS_EASY), Game(VS_EASY)
    one.start()
    two.start()
    assert one.save_text() == two.save_text()
    other = Game(GameSetup(VS_EASY.rules, VS_EASY.seats, seed=43))
    other.start()
    assert other.match.deals[0] != one.match.deals[0]


def test_undo_takes_back_the_persons_move_and_the_computer_moves_after_it() -> None:
    game = Game(VS_EASY)
    game.start()
    _play_until_person(game)
    before = game.save_text()
    game.play(game.match.legal_moves()[0])
    _play_until_person(game)
    assert game.save_text() != before
    assert game.undo()
    assert game.save_text() == before
    assert game.person_to_move


def test_undo_reads_the_history_without_writing_or_reading_a_record(monkeypatch: pytest.MonkeyPatch) -> None:
    game = Game(VS_EASY)
    game.start()
    _play_until_person(game)
    before = game.match.history
    game.play(game.match.legal_moves()[0])
    _play_until_person(game)

    def refused(*args: object, **kwargs: object) -> None:
        raise AssertionError("undo went through a record")

    monkeypatch.setattr(controller, "to_record", refused)
    monkeypatch.setattr(controller, "from_record", refused)
    assert game.undo()
    assert game.match.history == before
    assert game.person_to_move


def test_undo_across_the_end_of_a_hand_takes_back_the_move_that_ended_it() -> None:
    # Play on until a hand ends on Ann's move (the next is dealt and the
    # computer may lead it), then take that move back.
    game = Game(VS_EASY)
    while True:
        game.start()
        _play_until_person(game)
        hand = game.match.hand
        assert hand is not None
        assert not game.match.is_over
        before = game.save_text()
        game.play(game.match.legal_moves()[0])
        if hand.is_over:
            break
    _play_until_person(game)
    assert len(game.match.hands) == hand.number + 1
    assert game.undo()
    assert game.save_text() == before
    assert len(game.match.hands) == hand.number
    assert game.person_to_move


def test_a_match_that_is_over_cannot_be_undone_its_result_stands() -> None:
    # Ann's moves win or lose the match; once it is over (and counted in
    # the statistics), Undo would reopen it: it is off.
    game = Game(GameSetup(Rules(target=20), VS_EASY.seats, seed=42))
    while not game.match.is_over:
        _play_until_person(game)
        if not game.match.is_over:
            game.play(game.match.legal_moves()[0])
    game.counted = True
    finished = game.save_text()
    assert not game.can_undo()
    assert not game.undo()
    assert game.save_text() == finished
    assert game.counted


def test_nothing_to_undo_before_the_first_move() -> None:
    game = Game(GameSetup(Rules(), (SeatSetup("Ann"), SeatSetup("Bo")), seed=1))
    game.start()
    assert not game.can_undo()
    assert not game.undo()


def test_a_saved_game_resumes_exactly() -> None:
    game = Game(VS_EASY)
    game.start()
    _play_until_person(game)
    game.play(game.match.legal_moves()[-1])
    _play_until_person(game)
    again = Game.load_text(game.save_text())
    assert again.save_text() == game.save_text()
    assert again.seats == game.seats
    assert again.seed == game.seed
    assert [str(m) for m in again.match.legal_moves()] == [str(m) for m in game.match.legal_moves()]


def test_a_game_saved_before_the_match_kept_its_history_loads_and_saves_the_same() -> None:
    # Saved by the controller of commit 50e6535 (a match against Easy, seed
    # 30, in its third hand), as the page keeps it in localStorage.
    text = (Path(__file__).parents[1] / "golden" / "saved_game.json").read_text(encoding="utf-8")
    game = Game.load_text(text)
    assert game.save_text() == text
    assert [hand.number for hand in game.match.history] == [1, 2, 3]
    assert game.score_sheet()[-1].scores == game.match.scores


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "not a saved game"),
        ('{"format": "allfives-record", "version": 3}', "newer version"),
        ("[]", "a record is a JSON object"),
    ],
)
def test_an_unreadable_save_says_why(text: str, message: str) -> None:
    with pytest.raises(RecordError, match=message):
        Game.load_text(text)


def test_a_save_with_bad_seats_says_why() -> None:
    data = json.loads(Game(VS_EASY).save_text())
    data["meta"]["setup"]["seats"] = [{"name": "Ann"}, {"name": "X", "kind": "grandmaster"}]
    with pytest.raises(RecordError, match="seat 2 has an unknown player type"):
        Game.from_record_data(data)


def test_a_link_deals_the_same_hand_again() -> None:
    game = Game(VS_EASY)
    game.start()
    _play_until_person(game)
    link = game.share_link()
    assert link.startswith("#game=")
    record = decode_link(link.removeprefix("#game="))
    match = from_record(record)
    assert match.deals[0] == game.match.deals[-1]
    assert match.hand is not None
    assert match.hand.moves == []


def _embedded(src: str) -> tuple[str, dict[str, str], object]:
    """The page, the options and the record a replay's address names."""
    address, link = src.split("#record=")
    page, query = address.split("?")
    return page, dict(parse_qsl(query)), decode_link(link)


def test_embed_link_shows_this_hand_at_the_position_on_the_table_or_from_its_deal() -> None:
    game = Game(VS_EASY)
    game.start()
    _play_until_person(game)
    game.play(game.match.legal_moves()[0])
    _play_until_person(game)
    moves = game.match.hands[-1].moves

    src, record, move = game.embed_link("https://ann.example/fives/index.html", whole_hand=False, seat=0, lang="hu")
    page, options, linked = _embedded(src)
    assert page == "https://ann.example/fives/embed.html"
    assert options == {"move": str(len(moves)), "seat": "0", "lang": "hu"}
    assert move == len(moves)
    assert linked == record
    replayed = from_record(record)
    assert replayed.deals == [game.match.deals[-1]], "the match so far: here its one hand, from its deal"
    assert replayed.hands[0].moves == moves

    src, _, move = game.embed_link("https://ann.example/fives/", whole_hand=True, seat=1, lang="en")
    assert _embedded(src)[1] == {"move": "0", "seat": "1", "lang": "en"}
    assert move == 0


def test_a_later_hand_s_embed_and_link_keep_its_number_and_verify() -> None:
    # Seed 40: Ann goes out first in hand 1, so the rules give her the lead
    # of hand 2, where its seed, dealing a first hand, picks the computer. Cut
    # out of its match, hand 2 was "hand 1", and accused of being changed
    # after it was dealt (issue 44).
    game = Game(GameSetup(VS_EASY.rules, VS_EASY.seats, seed=40))
    game.start()
    _play_until_person(game)
    while game.hands_dealt < 2:
        game.play(game.match.legal_moves()[0])
        _play_until_person(game)
    assert game.history[0].ended is not None
    assert game.history[1].deal.leader == 0, "Ann went out: she leads hand 2"
    game.play(game.match.legal_moves()[0])
    _play_until_person(game)
    first, now = len(game.history[0].moves), len(game.history[0].moves) + game.moves_in_hand

    for whole_hand, opened in ((False, now), (True, first + 1)):
        src, record, move = game.embed_link("https://ann.example/fives/", whole_hand=whole_hand, seat=0, lang="en")
        assert (move, _embedded(src)[1]["move"]) == (opened, str(opened))
        assert [check.line for check in verify(record)] == [
            f'hand {n}: verified (seed "40/hand/{n}", fingerprint {fingerprint(f"40/hand/{n}")})' for n in (1, 2)
        ]
        assert seed_line(ReaderTranslator("en"), record) == SeedLine("Every deal follows from its seed.", False)
        assert frames(record)[move].hand == 2

    linked = Game.from_record_data(decode_link(game.share_link().removeprefix("#game=")))
    assert (linked.hands_dealt, linked.moves_in_hand) == (2, 0), "the link deals hand 2 again, as hand 2"
    assert linked.history[1].deal == game.history[1].deal
    assert all(check.verified for check in verify(linked.to_record()))


@pytest.mark.parametrize("text", ["not base64 at all!", encode_link({"a": 1})[:-5] + "@@", "x" * 30_000])
def test_a_damaged_link_is_refused(text: str) -> None:
    with pytest.raises(LinkError):
        decode_link(text)


def test_hot_seat_shows_the_hand_of_the_person_to_move() -> None:
    game = Game(GameSetup(Rules(), (SeatSetup("Ann"), SeatSetup("Bo")), seed=5))
    game.start()
    first = game.to_move
    assert game.viewer() == first
    game.play(game.match.legal_moves()[0])
    assert game.viewer() == game.to_move != first


def test_names_are_trimmed_and_never_empty() -> None:
    setup = GameSetup.from_json(
        {"rules": {"players": 2}, "seats": [{"name": "   "}, {"name": "A" * 100, "kind": "easy"}]}
    )
    assert setup.seats[0].name == "Player 1"
    assert len(setup.seats[1].name) == 24


def test_statistics_count_the_match_under_the_opponents_level() -> None:
    game = Game(
        GameSetup(
            Rules(players=4),
            (SeatSetup("Ann"), SeatSetup("A", "easy"), SeatSetup("B", "beginner"), SeatSetup("C", "hard")),
            seed=3,
        )
    )
    assert game.opponents_level() == "hard"


def test_the_score_sheet_adds_up_to_the_scores() -> None:
    game = Game(GameSetup(Rules(target=100), (SeatSetup("A", "easy"), SeatSetup("B", "easy")), seed=9))
    while not game.match.is_over:
        if game.match.needs_deal:
            game.start()
        else:
            game.match.play(computer_move(game))
    sheet = game.score_sheet()
    assert sheet[-1].scores == game.match.scores
    totals = [0, 0]
    for row in sheet:
        for side in (0, 1):
            totals[side] += row.play[side] + (row.change[side] if row.change else 0)
        assert totals == row.scores


def test_the_score_sheet_reads_the_history_of_the_hand_in_play_too(monkeypatch: pytest.MonkeyPatch) -> None:
    game = Game(GameSetup(Rules(target=100), (SeatSetup("A", "easy"), SeatSetup("B", "easy")), seed=9))
    game.start()
    while game.match.hand is not None and len(game.match.hand.moves) < 3:
        game.play_computer(computer_decision(game))
    monkeypatch.setattr(controller, "to_record", None)
    (row,) = game.score_sheet()
    assert row.hand == 1
    assert row.change is None, "the hand is in play"
    assert row.scores == game.match.scores == row.play


SEARCHES = pytest.mark.parametrize("level", ["hard", "expert"])
SEATINGS = pytest.mark.parametrize("players", [2, 4], ids=["2-players", "partners"])


def page_clock(monkeypatch: pytest.MonkeyPatch) -> WorkClock:
    """The fake clock of the budget tests (each sampled deal takes 10 ms),
    read by the page's sliced search as well as by the player."""
    clock = work_clock(monkeypatch, per_deal=0.010)
    monkeypatch.setattr(work_module, "time", SimpleNamespace(perf_counter=clock))
    return clock


@SEATINGS
@SEARCHES
def test_a_slice_of_thinking_gives_the_page_back_once_its_time_is_up(
    monkeypatch: pytest.MonkeyPatch, level: str, players: int
) -> None:
    view = a_choice_of_moves(players)
    clock = page_clock(monkeypatch)
    search = SlicedThinking(view)
    search.start(make_player(level, 1, budget_ms=100, clock=search.clock))
    slices = 0
    while True:
        start = clock.now
        decision = search.step(25)
        # A slice ends at the first step (a sampled deal, 10 ms) that ends past its 25 ms.
        assert clock.now - start <= 0.025 + clock.per_deal
        slices += 1
        if decision is not None:
            break
    assert decision.move in view.legal_moves
    assert slices > 1


@SEATINGS
@SEARCHES
def test_the_pauses_between_slices_do_not_spend_the_thinking_budget(
    monkeypatch: pytest.MonkeyPatch, level: str, players: int
) -> None:
    view = a_choice_of_moves(players)
    clock = page_clock(monkeypatch)
    at_once = make_player(level, 1, budget_ms=100, clock=clock).choose(view)
    search = SlicedThinking(view)
    search.start(make_player(level, 1, budget_ms=100, clock=search.clock))
    slices = 0
    while (decision := search.step(25)) is None:
        slices += 1
        clock.pause(1.0)  # the page draws and waits for input: nobody thinks
    assert slices > 1
    # The same deals searched, and the same move, as when thought at once.
    assert decision == at_once


def test_any_work_runs_in_slices_its_bar_as_its_steps_say(monkeypatch: pytest.MonkeyPatch) -> None:
    """The page's one runner of long work (the thinking, the hint, the
    review, the daily's duplicate): a step says how far the whole is, as
    (done, in all), as a fraction or not at all; the bar never goes back (a
    draw adds tiles still to play) and stands full once the work is done;
    its clock counts the work, not the pauses between slices."""
    clock = WorkClock(per_deal=0.010)
    monkeypatch.setattr(work_module, "time", SimpleNamespace(perf_counter=clock))
    said: list[Progress] = [(1, 4), None, (1, 5), 0.5, (3, 4)]

    def work() -> Generator[Progress, None, str]:
        for news in said:
            clock.deals += 1  # a step takes 10 ms: one a slice
            yield news
        return "done"

    slices = Slices(work())
    bars = []
    while (result := slices.step(10)) is None:
        bars.append(slices.progress)
        clock.pause(1.0)  # the page draws and waits for input
    assert bars == [0.25, 0.25, 0.25, 0.5, 0.75]
    assert (result, slices.progress) == ("done", 1.0)
    assert slices.clock() == pytest.approx(0.05)


def test_a_300_ms_search_in_5_ms_slices_gives_the_page_back_many_times_and_plays_a_legal_move() -> None:
    game = Game(GameSetup(Rules(), (SeatSetup("A", "expert"), SeatSetup("B", "expert")), seed=12))
    game.start()
    while len(game.match.legal_moves()) < 3:
        game.match.play(computer_move(game))
    search = game.computer_thinking()
    slices = 0
    decision = None
    while decision is None:
        decision = search.step(5)
        slices += 1
    assert slices > 3  # a 300 ms search in 5 ms slices gives the page back many times
    assert decision.move in game.match.legal_moves()


def test_the_page_thinks_in_slices_with_the_browsers_turn_between_them_and_plays_through_the_controller() -> None:
    game = Game(GameSetup(Rules(), (SeatSetup("A", "expert"), SeatSetup("B", "expert")), seed=12))
    game.start()
    while len(game.match.legal_moves()) < 3:
        game.play_computer(computer_decision(game))
    turns = 0

    async def browser() -> None:
        nonlocal turns
        while True:
            turns += 1
            await asyncio.sleep(0)

    async def page() -> Decision | None:
        other = asyncio.ensure_future(browser())
        try:
            return await controller.think(game.computer_thinking(), lambda: True, slice_ms=5)
        finally:
            other.cancel()

    decision = run_apart(page())
    assert decision is not None
    assert decision.move in game.match.legal_moves()
    assert turns > 3, "the browser had its turn between the slices"
    before = len(game.match.hand.moves) if game.match.hand else 0
    game.play_computer(decision)
    assert game.match.hand is None or len(game.match.hand.moves) == before + 1


def test_thinking_that_is_no_longer_wanted_ends_without_a_decision() -> None:
    game = Game(GameSetup(Rules(), (SeatSetup("A", "expert"), SeatSetup("B", "expert")), seed=12))
    game.start()
    wanted = iter([True, False])
    decision = run_apart(controller.think(game.computer_thinking(), lambda: next(wanted), slice_ms=0.01))
    assert decision is None


def test_a_person_s_turn_is_not_the_computer_s_to_play() -> None:
    game = Game(VS_EASY)
    game.start()
    _play_until_person(game)
    seat = game.to_move
    assert seat is not None
    legal = view_of(game.match, seat).legal_moves[0]
    with pytest.raises(ValueError, match="not a computer"):
        game.play_computer(Decision(legal, Reason("only_move")))


@pytest.mark.parametrize(
    ("typed", "shown"),
    [
        ("  Ann   Lee ", "Ann Lee"),
        ("\ud800\udc00", "\U00010000"),  # a UTF-16 pair, as JSON may write it: the one character
        ("Bo\ud800", "Bo\ufffd"),  # a lone half: a replacement mark, never text that cannot be saved
        ("", "Player 2"),
    ],
)
def test_a_name_reads_back_as_the_same_text(typed: str, shown: str) -> None:
    name = clean_name(typed, 1)
    assert name == shown
    assert clean_name(json.loads(json.dumps(name)), 1) == name


HOT_SEAT = GameSetup(Rules(), (SeatSetup("Ann"), SeatSetup("Bo")), seed=1)


def test_in_hot_seat_nobody_takes_back_the_other_persons_move() -> None:
    game = Game(HOT_SEAT)
    game.start()
    first = game.to_move
    assert first is not None
    game.play(game.match.legal_moves()[0])
    # The other person is on screen now: the first mover's lead stands.
    assert game.viewer() != first
    assert not game.can_undo()
    assert game.undo_blocked_by() == first
    before = game.save_text()
    assert not game.undo()
    assert game.save_text() == before
    # Once they have moved, each may take back their own move, and only that.
    game.play(game.match.legal_moves()[0])
    assert game.viewer() == first
    assert game.undo_blocked_by() != first


def test_in_hot_seat_you_take_back_your_own_move_with_the_computer_reply_after_it() -> None:
    setup = GameSetup(Rules(players=3), (SeatSetup("Ann"), SeatSetup("Bo"), SeatSetup("Cy", "easy")), seed=4)
    game = Game(setup)
    game.start()
    _play_until_person(game)
    while game.to_move != 1:  # until Bo is to move
        game.play(game.match.legal_moves()[0])
        _play_until_person(game)
    before = game.save_text()
    game.play(game.match.legal_moves()[0])  # Bo moves; the computer Cy is next
    assert game.computer_to_move
    assert game.viewer() == 1
    game.match.play(computer_move(game))  # Cy replies
    if game.to_move == 0:
        # Ann is on screen now: Bo's move is out of her reach.
        assert game.undo_blocked_by() == 1
        assert not game.can_undo()
    else:  # Cy's reply ended the hand: Bo is still the last person to move
        assert game.can_undo()
    game = Game.load_text(before)
    game.play(game.match.legal_moves()[0])
    assert game.can_undo()
    assert game.undo()
    assert game.save_text() == before


def test_against_the_computer_undo_is_never_blocked() -> None:
    game = Game(VS_EASY)
    game.start()
    _play_until_person(game)
    game.play(game.match.legal_moves()[0])
    _play_until_person(game)
    assert game.undo_blocked_by() is None
    assert game.can_undo()


# The coach's reviews, kept with the game


def _a_reviewed_hand(hands: int = 1) -> Game:
    """A game against Easy, played to the end of hand ``hands``, its last hand reviewed."""
    game = Game(VS_EASY)
    for _ in range(hands):
        game.start()
        while not game.match.needs_deal:
            if game.computer_to_move:
                game.match.play(computer_move(game))
            else:
                game.play(game.match.legal_moves()[-1])
    reviewing = game.review_of_hand(hands)
    result = None
    while result is None:
        result = reviewing.step(1000)
    game.keep_review(result)
    return game


def test_a_review_is_kept_with_the_saved_game_and_read_back() -> None:
    game = _a_reviewed_hand()
    kept = game.review_kept_of(1)
    assert kept is not None
    again = Game.load_text(game.save_text())
    assert again.review_kept_of(1) == kept, "the same review, not worked out again"


def test_a_damaged_review_is_dropped_and_the_game_kept() -> None:
    game = _a_reviewed_hand()
    data = json.loads(game.save_text())
    data["meta"]["review"]["decisions"][0]["played"] = "9-9"
    again = Game.from_record_data(data)
    assert again.review_kept_of(1) is None
    assert again.match.history[0].moves == game.match.history[0].moves


def test_undo_into_a_reviewed_hand_drops_its_review() -> None:
    game = _a_reviewed_hand()
    assert game.undo()
    assert game.review_kept_of(1) is None


def test_the_replay_link_of_a_reviewed_hand_carries_the_review() -> None:
    game = _a_reviewed_hand(hands=2)
    link = game.reviewed_link("https://ann.example/fives/", 2, lang="en")
    _page, options, linked = _embedded(link)
    first = len(game.match.history[0].moves)
    assert options == {"move": str(first + 1), "seat": "0", "lang": "en"}, "opened at the hand's first move"
    assert read_review(linked["meta"]["review"], linked).hands[-1].number == 2

    src, record, _ = game.embed_link("https://ann.example/fives/", whole_hand=True, seat=0, lang="en")
    assert _embedded(src)[1]["move"] == str(first + 1), "the embed opens at the hand's first move too"
    embedded = read_review(record["meta"]["review"], record).hands[-1]
    assert embedded.number == 2, "the embed's hand keeps its number"
    assert [str(j.played) for j in embedded.judgements] == [str(j.played) for j in game.reviews[2].judgements]


def test_the_replay_link_of_a_reviewed_hand_opens_at_the_seat_asked_for() -> None:
    """In hot-seat each person steps through the hand from their own seat."""
    game = _a_reviewed_hand()
    _page, options, _linked = _embedded(game.reviewed_link("https://ann.example/fives/", 1, lang="en", seat=1))
    assert options["seat"] == "1"
