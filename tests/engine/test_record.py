"""The allfives-record format: round trips, replays, and refusals that name
the hand, the move and the reason."""

import json
import random
from typing import Any

import pytest
from helpers import EXAMPLE_RECORD

from allfives import Match, Rules
from allfives.record import RecordError, dumps, from_record, loads, replay, to_record


def test_replay_prints_what_happened() -> None:
    lines = [e.to_json() for e in replay(EXAMPLE_RECORD)]
    assert lines == [
        {"event": "hand_start", "hand": 1, "leader": 0},
        {"event": "play", "seat": 0, "tile": "5-5", "end": None, "total": 10, "points": 10, "scores": [10, 0]},
        {"event": "play", "seat": 1, "tile": "5-3", "end": "E", "total": 13, "points": 0, "scores": [10, 0]},
        {"event": "play", "seat": 0, "tile": "5-2", "end": "W", "total": 5, "points": 5, "scores": [15, 0]},
    ]


def test_an_unfinished_record_is_a_game_in_progress() -> None:
    match = from_record(EXAMPLE_RECORD)
    assert match.to_move == 1
    assert match.scores == [15, 0]


def test_a_lead_is_laid_as_written() -> None:
    record = json.loads(json.dumps(EXAMPLE_RECORD))
    record["hands"][0]["deal"] = [["2-5", "5-5", "5-1"], ["5-3", "5-0", "6-6"]]
    record["hands"][0]["moves"] = ["2-5", "5-3 E"]
    match = from_record(record)
    assert match.hand is not None
    assert match.hand.layout.open_pips[:2] == [2, 3]
    assert to_record(match)["hands"][0]["moves"] == ["2-5", "5-3 E"]


def _random_match(seed: int, rules: Rules) -> Match:
    rng = random.Random(seed)
    match = Match(rules)
    while not match.is_over:
        if match.needs_deal:
            match.deal(rng)
        else:
            match.play(rng.choice(match.legal_moves()))
    return match


@pytest.mark.parametrize("rules", [Rules(), Rules(players=3), Rules(players=4), Rules.preset("computer")], ids=str)
def test_a_whole_match_round_trips(rules: Rules) -> None:
    match = _random_match(5, rules)
    text = dumps(match)
    again = loads(text)
    assert dumps(again) == text
    assert again.scores == match.scores
    assert again.winner == match.winner


def test_meta_is_kept_as_given() -> None:
    match = from_record(EXAMPLE_RECORD)
    text = dumps(match, {"names": ["Ann", "Bo"]})
    assert json.loads(text)["meta"] == {"names": ["Ann", "Bo"]}
    assert loads(text).scores == [15, 0]


def _with(change: dict[str, Any] | None = None, **hand: Any) -> dict[str, Any]:
    record = json.loads(json.dumps(EXAMPLE_RECORD))
    if hand:
        record["hands"][0].update(hand)
    record.update(change or {})
    return record


REFUSED = [
    ("not json {", "the record is not valid JSON"),
    ([1, 2], "a record is a JSON object"),
    (_with({"format": "chess-pgn"}), "this is not an allfives-record"),
    (_with({"version": 2}), "newer version of All Fives"),
    (_with({"version": "1"}), "version must be a whole number"),
    (_with({"colour": "red"}), "unknown field 'colour'"),
    (_with({"rules": {"players": 7}}), "rules: players must be 2, 3 or 4"),
    (_with({"hands": {}}), "hands must be a list"),
    (_with(deal=[["5-5", "5-2"], ["5-3", "5-0", "6-6"]]), "hand 1: seat 0 is dealt 2 tiles; the rules deal 3"),
    (
        _with(deal=[["5-5", "5-2", "5-2"], ["5-3", "5-0", "6-6"]]),
        "hand 1: 5-2 is in seat 0's hand and again in seat 0's hand",
    ),
    (_with(deal=[["5-5", "5-2", "0-0"], ["5-3", "5-0", "6-6"]]), "0-0 is in seat 0's hand and again in the boneyard"),
    (_with(boneyard=["0-0"]), "hand 1: the deal and boneyard lack"),
    (_with(deal=[["5-5", "5-2", "5-7"], ["5-3", "5-0", "6-6"]]), "hand 1: '5-7' is not a tile of a double-six set"),
    (
        _with(deal=[["5-5", "5-2", "\u0665-3"], ["5-3", "5-0", "6-6"]]),
        "hand 1: .\\u0665-3. is not a tile: write it like 5-3",
    ),
    (_with(leader=None), "hand 1: the leader of this hand is chosen at random: the deal must name it"),
    (_with(leader=2), "hand 1: the leader must be a seat from 0 to 1"),
    (_with(leader=True), "hand 1: the leader must be a seat number"),
    (_with(moves=["5-5", "6-6"]), "hand 1, move 2 \\('6-6'\\): 6-6 fits no open end"),
    (_with(moves=["5-5", "5-3"]), "hand 1, move 2 \\('5-3'\\): 5-3 fits W and E: say which end"),
    (_with(moves=["5-5", "5-2 E"]), "hand 1, move 2 \\('5-2 E'\\): seat 1 does not hold 5-2"),
    (_with(moves=["5-5", 53]), "hand 1, move 2: a move is written like"),
    (_with(moves="5-5"), "hand 1: moves must be a list"),
    (_with(dealer=1), "hand 1: unknown field 'dealer'"),
]


@pytest.mark.parametrize(("data", "message"), REFUSED, ids=[m for _, m in REFUSED])
def test_a_bad_record_is_refused_with_one_clear_line(data: object, message: str) -> None:
    with pytest.raises(RecordError, match=message) as refused:
        from_record(data)
    assert "\n" not in str(refused.value)


def test_nothing_follows_the_end_of_the_match() -> None:
    record = _with({"rules": {"players": 2, "hand_size": 3, "target": 10}})
    with pytest.raises(RecordError, match=r"hand 1, move 2 \('5-3 E'\): the match was already won"):
        from_record(record)


def test_a_hand_cannot_follow_an_unfinished_one() -> None:
    record = _with()
    record["hands"].append(record["hands"][0])
    with pytest.raises(RecordError, match="hand 2: hand 1 is not over"):
        from_record(record)


def test_moves_after_the_end_of_a_hand_are_refused() -> None:
    match = _random_match(2, Rules(target=1000))
    data = to_record(match)
    first = data["hands"][0]
    data["hands"] = [first]
    first["moves"].append(first["moves"][-1])
    with pytest.raises(RecordError, match=r"hand 1, move \d+ .*: the hand is already over"):
        from_record(data)
