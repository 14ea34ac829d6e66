"""The history of matches (issue 32, web/game/history/model.py): every finished
match, and one left by New match, is kept with its record; the newest are
kept, the oldest dropped first once there are too many; a write that fails
destroys nothing; an entry that cannot be read is kept aside; a file brought
in is read entry by entry, the bad ones refused and the rest kept; and the
statistics are worked out from the entries the list shows."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from helpers import FakeStorage, FakeWindow, computer_move

from allfives import Rules
from allfives.kept_review import read_review
from allfives.players import LEVELS

from game.history.model import (
    CAPACITY,
    FORMAT,
    VERSION,
    Entry,
    EntryError,
    History,
    export_lines,
    read_file,
    statistics,
)
from game.history.words import FRIENDS, filtered, result_line, sides_line, statistics_rows
from game.store import PREFIX, Store
from table.game import Game, GameSetup, SeatSetup
from table.i18n import Translator

GOLDEN = Path(__file__).parents[1] / "golden"


Storage, Window = FakeStorage, FakeWindow


def played_out(seed: int, level: str = "beginner", *, target: int = 25, moves: int | None = None) -> Game:
    """Ann against the computer at ``level``, to ``target`` points, to the
    match's end or for ``moves`` moves; Ann's moves are a Beginner's."""
    rules = Rules(target=target)
    game = Game(GameSetup(rules, (SeatSetup("Ann"), SeatSetup("Computer", level)), seed), started="")
    game.started = f"2026-01-{1 + seed % 28:02d}T10:00:00Z"
    computers = Game(GameSetup(rules, (SeatSetup("A", "beginner"), SeatSetup("B", level)), seed), match=game.match)
    played = 0
    while not game.match.is_over and (moves is None or played < moves):
        if game.match.needs_deal:
            game.start()
            continue
        game.match.play(computer_move(computers))
        played += 1
    return game


def finished(seed: int, level: str = "beginner", *, day: int = 1) -> Entry:
    return Entry.of_game(played_out(seed, level), "finished", ended=f"2026-02-{day:02d}T12:00:00Z")


@pytest.fixture
def storage() -> Storage:
    return Storage()


@pytest.fixture
def history(storage: Storage) -> History:
    return History(Store(Window(storage)))


# What an entry holds


def test_a_finished_match_is_kept_with_its_record_dates_seats_rules_and_result(history: History) -> None:
    game = played_out(3)
    history.keep(Entry.of_game(game, "finished", ended="2026-02-01T12:00:00Z"))
    (entry,) = history.shelf().entries
    assert entry.how == "finished"
    assert (entry.started, entry.ended) == (game.started, "2026-02-01T12:00:00Z")
    assert [seat.name for seat in entry.seats] == ["Ann", "Computer"]
    assert entry.level == "beginner"
    assert entry.rules == game.rules
    assert entry.winner == game.match.winner
    assert entry.won == (game.match.winner == 0)
    assert list(entry.scores) == game.match.scores
    assert entry.hands == len(game.match.hands)
    assert Game.from_record_data(entry.record).match.scores == game.match.scores


def test_an_entry_says_its_format_and_version(history: History, storage: Storage) -> None:
    history.keep(finished(3))
    (text,) = [value for key, value in storage.items.items() if key.startswith(PREFIX + "match.")]
    data = json.loads(text)
    assert (data["format"], data["version"]) == (FORMAT, VERSION)
    assert data["record"]["format"] == "allfives-record"


def test_a_match_left_unfinished_is_kept_without_a_winner(history: History) -> None:
    game = played_out(4, moves=3)
    history.keep(Entry.of_game(game, "abandoned"))
    (entry,) = history.shelf().entries
    assert (entry.how, entry.winner, entry.won, entry.finished) == ("abandoned", None, None, False)


def test_the_same_match_kept_twice_is_one_entry(history: History) -> None:
    entry = finished(3)
    history.keep(entry)
    history.keep(entry)
    assert len(history.shelf().entries) == 1


def test_the_newest_match_comes_first(history: History) -> None:
    for seed, day in ((1, 3), (2, 9), (5, 6)):
        history.keep(finished(seed, day=day))
    assert [entry.ended[:10] for entry in history.shelf().entries] == ["2026-02-09", "2026-02-06", "2026-02-03"]


def test_a_review_or_anything_this_version_does_not_read_is_kept_as_it_came(history: History) -> None:
    data = finished(3).to_json()
    data["review"] = {"hands": {"1": "kept for issue 33"}}
    history.keep(Entry.from_json(data))
    assert history.shelf().entries[0].to_json()["review"] == {"hands": {"1": "kept for issue 33"}}


def test_a_review_made_after_the_match_ended_is_kept_with_its_entry(history: History) -> None:
    """The coach reviews the last hand from the match's end, after the match
    is in the history: the entry's record then keeps the review, so the
    history's replay shows the marks, and it is still one entry."""
    game = played_out(3)
    history.keep(Entry.of_game(game, "finished", ended="2026-02-01T12:00:00Z"))
    game.counted = True  # as the page does once the match is kept
    last = len(game.match.hands)
    reviewing = game.review_of_hand(last)
    result = None
    while result is None:
        result = reviewing.step(1000)
    game.keep_review(result)
    assert history.keep_review(game)
    (entry,) = history.shelf().entries
    assert entry.ended == "2026-02-01T12:00:00Z"
    kept = read_review(entry.record["meta"]["review"], entry.record)
    assert [hand.number for hand in kept.hands] == [last]


def test_a_review_of_a_match_not_in_the_history_keeps_nothing(history: History) -> None:
    assert not history.keep_review(played_out(4, moves=3))
    assert history.shelf().entries == ()


# Capacity: the newest kept, the oldest dropped first, nothing lost from the counts


def test_beyond_the_capacity_the_oldest_match_is_dropped_and_still_counted(storage: Storage) -> None:
    # The counts kept before there was a history (web/game/store.py) are carried over.
    storage.items[PREFIX + "stats"] = json.dumps({"beginner": [5, 1], "expert": [2, 0]})
    store = Store(Window(storage))
    history = History(store, capacity=2)
    oldest, middle, newest = finished(1, day=1), finished(2, day=2), finished(5, day=3)
    for entry in (oldest, middle, newest):
        history.keep(entry)
    assert [e.id for e in history.shelf().entries] == [newest.id, middle.id]
    assert store.stats() == {"beginner": (6, 1 + int(bool(oldest.won))), "expert": (2, 0)}


def test_the_history_at_its_fullest_leaves_room_in_local_storage() -> None:
    """Measured (docs/architecture.md, "The history"): Chromium's
    localStorage takes 5.2 million characters a site; the longest entry of a
    250-point match measured is 13,165 characters (four players). The full
    history of the longest matches still leaves 2 million for the rest."""
    quota, longest = 5_200_000, 13_200
    assert quota - CAPACITY * longest >= 2_000_000


# Storage that refuses


def test_a_write_that_fails_keeps_the_last_good_copy_and_drops_nothing(storage: Storage) -> None:
    history = History(Store(Window(storage)), capacity=1)
    kept = finished(1, day=1)
    history.keep(kept)
    storage.full = True
    assert not history.keep(finished(2, day=2))
    assert [e.id for e in history.shelf().entries] == [kept.id]


def test_blocked_storage_keeps_nothing_and_raises_nothing() -> None:
    class Blocked:
        @property
        def localStorage(self) -> Storage:
            raise RuntimeError("SecurityError")

    history = History(Store(Blocked()))
    assert not history.keep(finished(1))
    assert history.shelf().entries == ()


def test_an_entry_that_cannot_be_read_is_kept_aside_never_dropped(storage: Storage) -> None:
    history = History(Store(Window(storage)), capacity=1)
    storage.items[PREFIX + "match.0123456789abcdef0123"] = '{"format": "allfives-history", "vers'
    history.keep(finished(1, day=1))
    history.keep(finished(2, day=2))
    shelf = history.shelf()
    assert shelf.unreadable == (("match.0123456789abcdef0123", '{"format": "allfives-history", "vers'),)
    assert PREFIX + "match.0123456789abcdef0123" in storage.items


# Every version read


def test_every_version_of_an_entry_and_of_the_saved_game_is_read() -> None:
    """The fixtures are what each version wrote; a later version must go on reading them."""
    entry = Entry.from_json(json.loads((GOLDEN / "history_entry_v1.json").read_text(encoding="utf-8")))
    assert (entry.how, entry.level, entry.hands) == ("finished", "easy", 3)
    assert Game.from_record_data(entry.record).match.winner == entry.winner
    kept, refused = read_file((GOLDEN / "history_v1.jsonl").read_text(encoding="utf-8"))
    assert (len(kept), refused) == (2, [])
    game = Game.load_text((GOLDEN / "saved_game.json").read_text(encoding="utf-8"))
    assert game.started == ""  # saved before the start date was kept


def test_an_entry_from_a_newer_version_is_refused_in_words() -> None:
    data = finished(1).to_json()
    data["version"] = VERSION + 1
    with pytest.raises(EntryError, match="newer version"):
        Entry.from_json(data)


# Bringing a file in


def test_a_history_file_round_trips(history: History) -> None:
    entries = [finished(1, day=1), finished(2, day=2)]
    kept, refused = read_file(export_lines(entries))
    assert refused == []
    assert [e.to_json() for e in kept] == [e.to_json() for e in reversed(newest(entries))]


def newest(entries: list[Entry]) -> list[Entry]:
    return sorted(entries, key=lambda e: e.ended, reverse=True)


def test_one_record_comes_in_as_an_imported_match() -> None:
    game = played_out(3)
    kept, refused = read_file(json.dumps(game.to_record()), ended="2026-03-01T00:00:00Z")
    assert refused == []
    assert (kept[0].how, kept[0].ended, kept[0].winner) == ("imported", "2026-03-01T00:00:00Z", game.match.winner)


def test_bad_lines_are_refused_with_their_line_and_the_rest_are_kept() -> None:
    good = finished(1)
    broken = json.loads(good.to_text())
    broken["record"]["hands"][0]["moves"][0] = "9-9"
    lines = [
        good.to_text(),
        "not json",
        json.dumps(broken),
        '{"format": "chess"}',
        json.dumps(played_out(2).to_record()),
    ]
    kept, refused = read_file("\n".join(lines))
    assert len(kept) == 2
    assert [r.line for r in refused] == [2, 3, 4]
    assert "not valid JSON" in refused[0].reason
    assert refused[1].reason.startswith("hand 1, move 1")
    assert "neither a match record" in refused[2].reason


def test_a_file_s_own_summary_is_not_trusted() -> None:
    data = finished(1).to_json()
    data["result"]["scores"] = [999, 0]
    (entry,), _ = read_file(json.dumps(data))
    assert list(entry.scores) != [999, 0]


@pytest.mark.parametrize(
    ("text", "reason"),
    [("", "empty"), ("x" * 20_000_001, "too big"), ("[1, 2]", "neither"), ("}{", "not valid JSON"), ("{}", "neither")],
)
def test_a_file_that_is_no_history_is_refused_whole(text: str, reason: str) -> None:
    kept, refused = read_file(text)
    assert kept == []
    assert reason in refused[0].reason


# Statistics


def test_the_statistics_count_the_finished_matches_per_level_and_rules() -> None:
    entries = [finished(1, "beginner"), finished(2, "beginner"), finished(5, "easy")]
    unfinished = Entry.of_game(played_out(6, moves=2), "abandoned")
    stats = statistics([*entries, unfinished])
    assert [level for level, _rules in stats] == ["beginner", "easy"]
    beginner = stats["beginner", Rules(target=25)]
    assert beginner.matches == 2
    assert beginner.wins == sum(bool(e.won) for e in entries[:2])
    assert beginner.hands == entries[0].hands + entries[1].hands
    assert beginner.points_per_hand == (entries[0].scores[0] + entries[1].scores[0]) / beginner.hands


def test_hot_seat_matches_are_listed_but_not_in_the_statistics_per_level() -> None:
    game = Game(GameSetup(Rules(), (SeatSetup("Ann"), SeatSetup("Bo")), 1))
    entry = Entry.of_game(game, "abandoned")
    assert (entry.level, entry.won, entry.points) == (None, None, None)
    assert statistics([entry]) == {}


def test_levels_come_in_the_order_of_the_ladder() -> None:
    stats = statistics([finished(1, "hard"), finished(2, "beginner")])
    assert [level for level, _ in stats] == sorted({"hard", "beginner"}, key=LEVELS.index)


# What the History screen says (web/game/history/words.py)


def test_each_match_reads_as_who_played_and_how_it_ended() -> None:
    t = Translator("en")
    entry = finished(1, "easy")
    winner = "Ann" if entry.won else "Computer"
    assert sides_line(t, entry) == "Ann against Computer (Easy)"
    assert result_line(t, entry) == f"{winner} won {entry.scores[0]} \u2013 {entry.scores[1]}"
    left = Entry.of_game(played_out(6, moves=2), "abandoned")
    assert result_line(t, left) == f"Left unfinished at {left.scores[0]} \u2013 {left.scores[1]}"
    assert result_line(Translator("de"), left).startswith("Beim Stand von ")
    # A default name kept in English is read in the reader's language; a typed one as typed.
    assert sides_line(Translator("hu"), entry) == "Ann \u2013 Gép (Könnyű)"


def test_the_statistics_rows_say_level_rules_matches_wins_and_points_a_hand() -> None:
    entries = [finished(1, "easy"), finished(2, "easy")]
    hands = sum(e.hands for e in entries)
    points = sum(e.scores[0] for e in entries)
    wins = sum(bool(e.won) for e in entries)
    ((level, rules, played, won, per_hand),) = statistics_rows(Translator("en"), entries)
    assert (level, rules, played, won) == ("Easy", "2 players, 25 points", "2", str(wins))
    assert per_hand == f"{round(points / hands, 1)}"


def test_the_filter_keeps_one_opponent_or_the_matches_without_a_computer() -> None:
    easy, hard = finished(1, "easy"), finished(2, "hard")
    friends = Entry.of_game(Game(GameSetup(Rules(), (SeatSetup("Ann"), SeatSetup("Bo")), 1)), "abandoned")
    assert filtered([easy, hard, friends], "") == [easy, hard, friends]
    assert filtered([easy, hard, friends], "hard") == [hard]
    assert filtered([easy, hard, friends], FRIENDS) == [friends]


def test_the_list_shows_the_filters_matches_each_with_its_replay_and_save_named_by_its_date() -> None:
    import xml.etree.ElementTree as ET

    from game.history.words import matches_markup

    t = Translator("en")
    entries = [finished(1, "easy", day=3), finished(2, "beginner", day=2)]
    markup = matches_markup(t, entries, "easy", when=lambda iso: iso[:10], replay_url=lambda e: f"embed.html#{e.id}")
    root = ET.fromstring(f"<div>{markup}</div>")
    (item,) = root.findall("ol/li")
    assert item.get("data-entry") == entries[0].id
    assert item.findtext("span[@class='history-who']") == f"2026-02-03 · {sides_line(t, entries[0])}"
    link = item.find("span/a")
    save = item.find("span/button")
    assert link is not None
    assert save is not None
    assert (link.get("href"), link.get("aria-label")) == (
        f"embed.html#{entries[0].id}",
        "Replay the match of 2026-02-03",
    )
    assert (save.get("data-save"), save.get("aria-label")) == (entries[0].id, "Save the match of 2026-02-03 to a file")
    # The statistics count the same entries as the list: one match, against Easy.
    stats = root.find("table")
    assert stats is not None
    assert stats.get("aria-labelledby") == "history-statistics"
    assert [row.findtext("th") for row in stats.findall("tr")[1:]] == ["Easy"]
    # None kept at this level: said so, no list.
    none = ET.fromstring(f"<div>{matches_markup(t, entries, 'hard', when=str, replay_url=str)}</div>")
    assert none.find("ol") is None
    assert none.findtext("p") == t("history_none_here")


def test_the_history_screen_opens_on_the_matches_and_says_how_they_are_kept() -> None:
    import xml.etree.ElementTree as ET

    from game.history.words import history_markup, import_report_markup

    t = Translator("en")
    report = import_report_markup(t, 2, False, [])
    markup = history_markup(t, "easy", said=report, earlier=[("Easy", "3", "1")], blocked=True, unreadable=2)
    markup = markup.replace(" selected>", ' selected="">').replace('application/json">', 'application/json"/>')
    root = ET.fromstring(f"<div>{markup}</div>")
    order = [child.get("id") or child.get("class") or child.tag for child in root]
    assert order[:3] == ["history-report", "field", "history-part"], "what the file did, the filter, the matches"
    assert order.index("history-calendar") > order.index("history-part"), "the dailies' calendar follows"
    assert [o.get("value") for o in root.iter("option") if o.get("selected") is not None] == ["easy"]
    assert root.findtext(".//p[@class='history-unreadable']") == t("history_unreadable", count=2)
    assert root.find(".//button[@id='history-unreadable']") is not None
    assert t("history_blocked") in [p.text for p in root.iter("p")]
    assert [p.text for p in root.find("div[@class='history-report']").iter("p")] == [  # type: ignore[union-attr]
        t("history_brought_in_count", count=2),
        t("history_import_full"),
    ]
