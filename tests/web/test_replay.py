"""The embeddable replay's logic on CPython: the positions of a record, each
move told in words, the page's options, the host's messages, and "Try it"."""

from __future__ import annotations

import random
import re
from typing import Any

import pytest
from helpers import computer_move, layout_after

from allfives import Deal, Drew, Event, HandEnded, HandStarted, Match, Move, Passed, Played, Rules
from allfives.record import RecordError, to_record

from replay.frames import ReaderTranslator, count_line, explain, frames, seat_names, try_record, turn_draws
from replay.hosting import (
    EmbedOptions,
    goto_message,
    height_message,
    host_origin,
    load_record,
    move_message,
    origin_of,
    record_url,
)
from table.game import Game

WORDS = ReaderTranslator("en")
NAMES = ("Ann", "Ben")


def record_of(rules: Rules, hands: list[list[str]], moves: list[str], **deal: Any) -> dict[str, Any]:
    match = Match(rules)
    match.start_hand(Deal.from_text(hands, deal.get("boneyard"), deal.get("leader", 0)))
    for text in moves:
        match.play(Move.parse(text))
    return to_record(match, {"setup": {"seats": [{"name": n} for n in NAMES[: rules.players]]}})


SPINNER = record_of(
    Rules(hand_size=3), [["5-5", "5-2", "5-4"], ["5-3", "5-6", "1-0"]], ["5-5", "5-3 E", "5-2 W", "5-6 N", "5-4 S"]
)


# Counting the ends, in words: the worked examples of docs/rules.md


@pytest.mark.parametrize(
    ("moves", "line"),
    [
        (["5-0"], "W 5 + E 0 = 5: scores 5"),
        (["6-4"], "W 6 + E 4 = 10: scores 10"),
        (["5-5"], "W 10 = 10: scores 10"),
        (["5-5", "5-3 E"], "W 10 + E 3 = 13: no score"),
        (["5-5", "5-3 E", "5-2 W"], "W 2 + E 3 = 5: scores 5"),
        (["5-5", "5-3 E", "5-2 W", "5-6 N"], "W 2 + E 3 + N 6 = 11: no score"),
        (["5-5", "5-3 E", "5-2 W", "5-6 N", "5-4 S"], "W 2 + E 3 + N 6 + S 4 = 15: scores 15"),
        (["6-6", "6-3 W"], "W 3 + E 12 = 15: scores 15"),
        (["6-3", "3-3 E"], "W 6 + E 6 = 12: no score"),
        (["6-3", "3-3 E", "3-1 E"], "W 6 + E 1 = 7: no score"),
        (["5-5", "5-3 E", "3-3 E"], "W 10 + E 6 = 16: no score"),
        (["1-4", "1-1 W", "4-4 E"], "W 2 + E 8 = 10: scores 10"),
        (["5-0", "0-0 E"], "W 5 + E 0 = 5: scores 5"),
    ],
)
def test_the_count_names_what_each_end_adds(moves: list[str], line: str) -> None:
    layout = layout_after(*moves)
    points = layout.total if layout.total % 5 == 0 else 0
    assert count_line(layout, points, WORDS) == line


def test_a_double_at_an_end_and_an_open_spinner_are_explained() -> None:
    (frame,) = [f for f in frames(SPINNER) if f.move == 1]
    lines = explain(frame.events, frame.layout, WORDS, NAMES, Rules(hand_size=3))
    assert lines == [
        "Ann leads 5-5.",
        "W 10 = 10: scores 10",
        "The spinner 5-5 still has an open side: it counts both halves, once.",
    ]
    opened = frames(SPINNER)[3]
    assert "The spinner's North and South are open: each counts once a tile is played on it." in explain(
        opened.events, opened.layout, WORDS, NAMES, Rules(hand_size=3)
    )
    later = frames(SPINNER)[4]
    assert not any(
        "North and South are open" in line for line in explain(later.events, later.layout, WORDS, NAMES, Rules())
    )
    doubles = layout_after("1-4", "1-1 W", "4-4 E")
    played = Played(0, Move.parse("4-4 E"), 10, 10, (10, 0))
    assert explain([played], doubles, WORDS, NAMES, Rules())[2:] == [
        "The West end shows the double 1-1: both halves count.",
        "The East end shows the double 4-4: both halves count.",
    ]


def test_every_position_of_random_games_counts_what_the_engine_counts() -> None:
    for seed in range(30):
        rng = random.Random(seed)
        rules = Rules(players=rng.choice((2, 3, 4)))
        match = Match(rules)
        while not match.is_over and len(match.hands) < 3:
            if match.needs_deal:
                match.deal(rng)
            else:
                match.play(rng.choice(match.legal_moves()))
        for frame in frames(to_record(match)):
            assert sum(frame.layout.end_counts().values()) == frame.layout.total
            line = count_line(frame.layout, frame.points, WORDS)
            assert line.split(" = ")[1].startswith(f"{frame.layout.total}:")


# Positions


def test_position_zero_is_the_deal_and_each_move_one_more() -> None:
    positions = frames(SPINNER)
    assert [f.move for f in positions] == [0, 1, 2, 3, 4, 5]
    assert positions[0].events == (HandStarted(1, 0),)
    assert positions[0].layout.is_empty
    assert [len(h) for h in positions[0].hands] == [3, 3]
    assert positions[3].scores == (15, 0)
    assert positions[5].to_move is None, "the hand is over"
    assert isinstance(positions[5].events[-1], HandEnded)


def test_a_second_hand_carries_on_the_count_of_moves() -> None:
    match = Match(Rules(hand_size=1))
    match.start_hand(Deal.from_text([["5-0"], ["6-6"]], leader=0))
    match.play(Move.parse("5-0"))  # Ann goes out at once
    match.start_hand(Deal.from_text([["3-2"], ["4-1"]]))
    match.play(Move.parse("3-2"))
    positions = frames(to_record(match))
    assert [(f.move, f.hand, f.in_hand) for f in positions] == [(0, 1, 0), (1, 1, 1), (2, 2, 1)]
    assert isinstance(positions[2].events[0], HandStarted)
    assert positions[2].events[0].hand == 2


def test_the_replay_reads_its_record_once(monkeypatch: pytest.MonkeyPatch) -> None:
    played: list[Move] = []
    play = Match.play

    def counted(match: Match, move: Move) -> list[Event]:
        played.append(move)
        return play(match, move)

    monkeypatch.setattr(Match, "play", counted)
    assert len(frames(SPINNER)) == 6
    assert [str(m) for m in played] == SPINNER["hands"][0]["moves"], "each move played once"


def test_a_broken_record_is_refused_with_the_reason() -> None:
    broken = dict(SPINNER, hands=[dict(SPINNER["hands"][0], moves=["5-5", "6-6"])])
    with pytest.raises(RecordError, match="move 2"):
        frames(broken)


# The other events, in words


def test_draws_are_named_for_the_seat_shown_and_counted_for_the_others() -> None:
    draws = [Drew(1, Move.parse("3-3").tile), Drew(1, Move.parse("2-1").tile), Drew(1, Move.parse("6-2").tile)]
    layout = layout_after("6-6")
    assert explain(draws, layout, WORDS, NAMES, Rules(), shown=1) == ["Ben cannot play and draws 3-3, 2-1 and 6-2."]
    assert explain(draws, layout, WORDS, NAMES, Rules(), shown=0) == ["Ben cannot play and draws 3 tiles."]
    assert explain(draws[:1], layout, WORDS, NAMES, Rules(), shown=0) == ["Ben cannot play and draws 1 tile."]


def test_the_end_of_a_hand_is_explained_by_the_rules_in_play() -> None:
    layout = layout_after("6-6")
    domino = HandEnded(1, "domino", 0, (0, 12), (0, -10), (10, -10))
    assert explain([domino], layout, WORDS, NAMES, Rules()) == [
        "Ann goes out: domino!",
        "Pips left: Ben 12.",
        "Each player's pips, rounded to the nearest 5, come off their side's score: Ben -10.",
    ]
    takes = HandEnded(1, "domino", 1, (5, 0), (0, 5), (15, 5))
    assert explain([takes], layout, WORDS, NAMES, Rules(hand_end="winner-takes"))[-1] == (
        "The others' pips, rounded to the nearest 5, go to the winner: Ben +5."
    )
    blocked = [Passed(0), Passed(1), HandEnded(1, "blocked", None, (1, 2), (0, 0), (0, 0))]
    assert explain(blocked, layout, WORDS, NAMES, Rules()) == [
        "Ann cannot play and passes.",
        "Ben cannot play and passes.",
        "Nobody can play: the hand is blocked.",
        "Pips left: Ann 1, Ben 2.",
        "Nobody scores for the end of the hand.",
    ]


def test_partners_are_named_together() -> None:
    names = ("Ann", "Ben", "Cat", "Dan")
    end = HandEnded(1, "blocked", None, (16, 24, 40, 46), (-55, -70), (-55, -70))
    assert explain([end], layout_after("0-0"), WORDS, names, Rules(players=4))[-1].endswith(
        "Ann & Cat -55, Ben & Dan -70."
    )


def test_names_come_from_the_record_or_are_numbered() -> None:
    assert seat_names(SPINNER, 2, WORDS) == ["Ann", "Ben"]
    assert seat_names({"meta": {"setup": {"seats": [{"name": " "}, {}]}}}, 2, WORDS) == ["Player 1", "Player 2"]
    assert seat_names({}, 3, WORDS) == ["Player 1", "Player 2", "Player 3"]


def test_a_records_default_names_are_said_in_the_readers_language() -> None:
    """A record made in English ("You", "Computer") read in Hungarian; a typed name stays."""
    english = {"meta": {"setup": {"seats": [{"name": "You"}, {"name": "Computer"}]}}}
    assert seat_names(english, 2, ReaderTranslator("hu")) == ["Te", "Gép"]
    three = {"meta": {"setup": {"seats": [{"name": "Ann"}, {"name": "Computer 2"}, {"name": "Computer 3"}]}}}
    assert seat_names(three, 3, ReaderTranslator("gl")) == ["Ann", "Ordenador 2", "Ordenador 3"]


def test_a_language_without_a_catalogue_speaks_english() -> None:
    assert ReaderTranslator("xx").language == "en"
    assert ReaderTranslator(None, ["fr-FR", "de-AT"]).language == "de"
    german = ReaderTranslator("de")
    assert german("embed_next") == "Weiter", "the embed speaks the reader's language"
    assert german("end_E") == "Ost", "with the game's own words"


def test_the_count_is_explained_in_the_readers_language() -> None:
    layout = layout_after("3-2", "3-3 W", "2-0 E")
    assert count_line(layout, 0, ReaderTranslator("en")) == "W 6 + E 0 = 6: no score"
    assert count_line(layout, 0, ReaderTranslator("de")).startswith("W 6 + O 0 = 6")
    assert count_line(layout, 0, ReaderTranslator("gl")).startswith("O 6 + L 0 = 6")


# The page's options


@pytest.mark.parametrize(
    ("search", "fragment", "expected"),
    [
        ("", "", EmbedOptions()),
        ("", "#record=abc", EmbedOptions(link="abc")),
        ("?src=tutorial/a.json&move=3&seat=1", "", EmbedOptions(src="tutorial/a.json", move=3, seat=1)),
        ("?autoplay=1&theme=dark&lang=DE", "", EmbedOptions(autoplay=True, theme="dark", lang="de")),
        ("?move=-1&seat=x&theme=neon&autoplay=0", "", EmbedOptions()),
        ("?host=https://blog.example/post/1", "", EmbedOptions(host="https://blog.example")),
        ("?host=javascript:alert(1)", "", EmbedOptions()),
        ("?move=6&fit=1", "#record=abc", EmbedOptions(link="abc", move=6, fit=True)),
        ("?fit=yes", "", EmbedOptions()),
    ],
)
def test_the_options_are_read_from_the_address(search: str, fragment: str, expected: EmbedOptions) -> None:
    assert EmbedOptions.parse(search, fragment) == expected


@pytest.mark.parametrize(
    ("url", "origin"),
    [
        ("https://a.example/x?y#z", "https://a.example"),
        ("http://127.0.0.1:8000/embed.html", "http://127.0.0.1:8000"),
        ("HTTP://A.Example:443/", "http://a.example:443"),
        ("http://[::1]:8080/", "http://[::1]:8080"),
        ("http://a.example:99999/", None),
        ("ftp://a.example/", None),
        ("file:///etc/passwd", None),
        ("", None),
    ],
)
def test_origin_of(url: str, origin: str | None) -> None:
    assert origin_of(url) == origin


PAGE = "http://127.0.0.1:8000/deep/embed.html?src=x"


@pytest.mark.parametrize(
    ("src", "url"),
    [
        ("tutorial/a.json", "http://127.0.0.1:8000/deep/tutorial/a.json"),
        ("/records/b.json", "http://127.0.0.1:8000/records/b.json"),
        ("http://127.0.0.1:8000/c.json", "http://127.0.0.1:8000/c.json"),
    ],
)
def test_a_record_is_fetched_from_the_site_itself(src: str, url: str) -> None:
    assert record_url(src, PAGE) == url


class Response:
    """What the browser's fetch answers, as far as the replay reads it."""

    def __init__(self, status: int, text: str) -> None:
        self.status, self.ok, self.body = status, 200 <= status < 300, text

    async def text(self) -> str:
        return self.body


def fetched(status: int, text: str, asked: list[str]) -> Any:
    async def fetch(url: str) -> Response:
        asked.append(url)
        return Response(status, text)

    return fetch


def test_the_record_is_read_from_the_site_and_a_missing_or_broken_one_is_said_in_words() -> None:
    import asyncio
    import json

    options = EmbedOptions(src="tutorial/a.json")
    asked: list[str] = []
    record = asyncio.run(load_record(options, PAGE, fetched(200, json.dumps(SPINNER), asked), WORDS))
    assert record == SPINNER
    assert asked == ["http://127.0.0.1:8000/deep/tutorial/a.json"]
    with pytest.raises(ValueError, match="404"):
        asyncio.run(load_record(options, PAGE, fetched(404, "", []), WORDS))
    with pytest.raises(RecordError):
        asyncio.run(load_record(options, PAGE, fetched(200, "{not json", []), WORDS))
    with pytest.raises(ValueError, match="this site"):
        asyncio.run(
            load_record(EmbedOptions(src="https://elsewhere.example/a.json"), PAGE, fetched(200, "", []), WORDS)
        )
    with pytest.raises(ValueError, match=f"^{re.escape(WORDS('embed_no_record'))}$"):
        asyncio.run(load_record(EmbedOptions(), PAGE, fetched(200, "", []), WORDS))


@pytest.mark.parametrize(
    "src", ["https://elsewhere.example/a.json", "//elsewhere.example/a.json", "http://127.0.0.1:9/a.json", "data:,{}"]
)
def test_a_record_from_anywhere_else_is_refused(src: str) -> None:
    with pytest.raises(ValueError, match="this site"):
        record_url(src, PAGE)


@pytest.mark.parametrize(
    ("data", "move"),
    [
        ({"type": "allfives:goto", "move": 3}, 3),
        ({"type": "allfives:goto", "move": 0}, 0),
        ({"type": "allfives:goto", "move": 5}, 5),
        ({"type": "allfives:goto", "move": 6}, None),
        ({"type": "allfives:goto", "move": -1}, None),
        ({"type": "allfives:goto", "move": "3"}, None),
        ({"type": "allfives:goto", "move": True}, None),
        ({"type": "allfives:goto", "move": 3, "extra": 1}, None),
        ({"type": "allfives:move", "move": 3}, None),
        ("allfives:goto", None),
        (None, None),
    ],
)
def test_a_host_message_is_read_only_in_its_exact_shape(data: object, move: int | None) -> None:
    assert goto_message(data, 5) == move


@pytest.mark.parametrize(
    ("declared", "parent", "referrer", "host"),
    [
        (None, "https://blog.example", "", "https://blog.example"),
        (None, None, "https://blog.example/post?id=1", "https://blog.example"),
        (None, None, "", None),
        ("https://blog.example", "https://blog.example", "", "https://blog.example"),
        ("https://blog.example", None, "https://other.example/", "https://blog.example"),
        ("https://blog.example", "https://other.example", "", None),
    ],
)
def test_the_host_is_the_framing_page(
    declared: str | None, parent: str | None, referrer: str, host: str | None
) -> None:
    assert host_origin(declared, parent, referrer) == host


def test_what_the_embed_tells_its_host() -> None:
    frame = frames(SPINNER)[3]
    assert move_message(frame, 5) == {"type": "allfives:move", "move": 3, "moves": 5, "total": 5, "points": 5}
    assert height_message(412.2) == {"type": "allfives:height", "height": 413}


# "Try it"


def test_try_it_hands_the_reader_the_position_against_the_computer() -> None:
    frame = frames(SPINNER)[2]  # Ann to play 5-2 or 5-4
    game = Game.from_record_data(try_record(SPINNER, frame, 0, WORDS))
    assert [seat.kind for seat in game.seats] == ["person", "medium"]
    assert game.seats[0].name == "You"
    assert game.rules == Rules(hand_size=3)
    assert game.person_to_move
    hand = game.match.hand
    assert hand is not None
    assert repr(hand.layout) == repr(frame.layout)
    game.play(game.match.legal_moves()[0])
    assert game.computer_to_move
    game.match.play(computer_move(game))


def test_try_it_at_the_end_of_a_hand_deals_the_next() -> None:
    last = frames(SPINNER)[-1]
    game = Game.from_record_data(try_record(SPINNER, last, 1, WORDS))
    assert game.match.needs_deal
    game.start()
    assert len(game.match.hands) == 2
    assert [seat.kind for seat in game.seats] == ["medium", "person"]


def test_try_it_at_the_end_of_a_hand_the_record_follows_plays_on_from_its_next_deal() -> None:
    """Taken over as a hand ends, a record that goes on to another hand
    gives the reader that hand as the record dealt it, before its lead, led
    by whom the rules chose: the one who went out."""
    match = Match(Rules(hand_size=1))
    match.start_hand(Deal.from_text([["5-0"], ["6-6"]], leader=0))
    match.play(Move.parse("5-0"))  # Ann goes out at once
    match.start_hand(Deal.from_text([["3-2"], ["4-1"]]))
    match.play(Move.parse("3-2"))
    record = to_record(match, {"setup": {"seats": [{"name": n} for n in NAMES]}})
    end = frames(record)[1]
    game = Game.from_record_data(try_record(record, end, 0, WORDS))
    hand = game.match.hand
    assert hand is not None
    assert (hand.number, hand.moves, game.to_move) == (2, [], 0)
    assert [str(t) for t in hand.hands[0]] == ["3-2"], "the record's own deal"


def test_the_draws_that_begin_a_turn_are_the_last_events_and_that_seats() -> None:
    lead = Played(0, Move.parse("6-6"), 12, 0, (0, 0))
    draws = (Drew(1, Move.parse("3-3").tile), Drew(1, Move.parse("6-2").tile))
    assert turn_draws([lead, *draws], 1) == draws
    assert turn_draws([lead, *draws], 0) == ()
    assert turn_draws([lead, *draws, Passed(1)], 1) == (), "drew and passed: the turn is over"
    assert turn_draws([Drew(0, Move.parse("1-1").tile), lead], 0) == ()


# The player's own seat, "You", is told in the second person.

YOU_BEN = {**SPINNER, "meta": {"setup": {"seats": [{"name": "You"}, {"name": "Ben", "kind": "easy"}]}}}


def test_the_replay_tells_you_what_you_did_in_the_second_person() -> None:
    names = seat_names(YOU_BEN, 2, WORDS)
    lines = [
        line for frame in frames(YOU_BEN)[:4] for line in explain(frame.events, frame.layout, WORDS, names, Rules())
    ]
    assert lines[:2] == ["Hand 1: you lead.", "You lead 5-5."]
    assert "Ben plays 5-3 on the East end." in lines
    assert "You play 5-2 on the West end." in lines
    draws = [Drew(0, Move.parse("3-3").tile), Drew(0, Move.parse("2-1").tile)]
    assert explain(draws, layout_after("6-6"), WORDS, names, Rules(), shown=0) == [
        "You cannot play: you draw 3-3 and 2-1."
    ]
    end = [Passed(0), HandEnded(1, "domino", 0, (0, 12), (0, -10), (10, -10))]
    assert explain(end, layout_after("6-6"), WORDS, names, Rules())[:2] == [
        "You cannot play: you pass.",
        "You go out: domino!",
    ]


@pytest.mark.parametrize("code", ["en", "de", "hu", "gl", "lb"])
def test_a_game_played_as_you_in_any_language_reads_as_you_in_the_readers(code: str) -> None:
    german_game = {**SPINNER, "meta": {"setup": {"seats": [{"name": "Du"}, {"name": "Ben"}]}}}
    words = ReaderTranslator(code)
    names = seat_names(german_game, 2, words)
    assert names == [words("embed_you"), "Ben"]
    first = frames(german_game)[1]
    assert explain(first.events, first.layout, words, names, Rules())[0] == words("embed_leads_you", tile="5-5")


def test_try_it_keeps_the_opponents_name() -> None:
    game = Game.from_record_data(try_record(YOU_BEN, frames(YOU_BEN)[2], 0, WORDS))
    assert [seat.name for seat in game.seats] == ["You", "Ben"]
    game = Game.from_record_data(try_record(YOU_BEN, frames(YOU_BEN)[2], 1, WORDS))
    assert [seat.name for seat in game.seats] == ["Computer 1", "You"]
