"""Muggins' claims (docs/rules.md, "Muggins' claims"): under
``claims="called"`` a play's count waits for its player's claim; a count
missed or overstated may be taken by an opponent who calls "Muggins".

The hands are short and written out; each test is one rule, read from the
events the engine reports and the scores after.
"""

from __future__ import annotations

import random

import pytest
from helpers import match_with

from allfives import Match, Move, Rules
from allfives.claims import Call, Claim, parse_step
from allfives.cli import play_computer_match
from allfives.events import Called, Claimed, Drew, HandEnded, LetPass, MatchEnded, Played
from allfives.hand import ClaimRefused, IllegalMove
from allfives.players import make_player, next_step
from allfives.players.claims import MISSES, NOTICES
from allfives.record import RecordError, dumps, from_record, loads, to_record
from allfives.rules import RulesError
from allfives.verify import all_verified, verify
from allfives.view import view_of

CALLED = Rules.preset("muggins").with_options(hand_size=2)


def muggins(*seats: str, rules: Rules = CALLED, scores: list[int] | None = None) -> Match:
    """A Muggins match (the highest double leads) dealt as written."""
    match = match_with(rules, *seats, leader=None)
    if scores is not None:
        match.scores = list(scores)
        hand = match.hand
        assert hand is not None
        hand.scores = list(scores)
    return match


def steps(match: Match, *written: str) -> list[object]:
    """Take each step as a record writes it ("5-5", "claim 10", "muggins",
    "let pass"), in turn, and return every event they caused."""
    events: list[object] = []
    for text in written:
        events.extend(match.take(parse_step(text)))
    return events


# Rule: a play's count is not scored at once: it waits for the player's
# claim, and the play's event says so (its points are the count made).
def test_a_play_waits_for_its_players_claim() -> None:
    match = muggins("5-5 5-0", "5-4 1-2")
    [played] = steps(match, "5-5")
    assert isinstance(played, Played)
    assert (played.points, played.waits, played.scores) == (10, True, (0, 0)), "5-5 alone makes 10, not yet scored"
    assert (match.to_move, match.step, match.legal_moves()) == (0, "claim", [])


# Rule: a count claimed right scores, and play goes on.
def test_a_count_claimed_right_scores_it() -> None:
    match = muggins("5-5 5-0", "5-4 1-2")
    events = steps(match, "5-5", "claim 10")
    assert events[1:] == [Claimed(0, 10, 10, 10, (10, 0))]
    assert (match.scores, match.to_move, match.step) == ([10, 0], 1, "play"), "no call on a right claim"


# Rule: a count missed (claimed short) scores what was claimed; an opponent
# who calls "Muggins" scores what was missed.
def test_a_count_claimed_short_is_stolen_by_muggins() -> None:
    match = muggins("5-5 5-0", "5-4 1-2")
    events = steps(match, "5-5", "claim 5")
    assert events[-1] == Claimed(0, 5, 10, 5, (5, 0))
    assert (match.to_move, match.step) == (1, "call")
    assert steps(match, "muggins") == [Called(1, 0, "missed", 5, (5, 5))]
    assert (match.scores, match.to_move, match.step) == ([5, 5], 1, "play")


# Rule: a count not claimed at all (claim 0) goes whole to the caller.
def test_a_count_let_pass_is_stolen_whole() -> None:
    match = muggins("5-5 5-0", "5-4 1-2")
    events = steps(match, "5-5", "claim 0", "muggins")
    assert events[1:] == [Claimed(0, 0, 10, 0, (0, 0)), Called(1, 0, "missed", 10, (0, 10))]


# Rule: an opponent may let a wrong claim pass: the count missed is lost.
def test_a_missed_count_let_pass_is_lost() -> None:
    match = muggins("5-5 5-0", "5-4 1-2")
    events = steps(match, "5-5", "claim 0", "let pass")
    assert events[-1] == LetPass(1, 0)
    assert (match.scores, match.to_move, match.step) == ([0, 0], 1, "play")


# Rule: an overstated claim scores nothing for its player; an opponent who
# calls "Muggins" on it scores the overstatement as a penalty.
def test_an_overstated_claim_scores_nothing_and_muggins_takes_the_overstatement() -> None:
    match = muggins("5-5 5-0", "5-4 1-2")
    events = steps(match, "5-5", "claim 15", "muggins")
    assert events[1:] == [Claimed(0, 15, 10, 0, (0, 0)), Called(1, 0, "overstated", 5, (0, 5))]


def test_a_claim_for_a_play_that_made_nothing_is_all_overstatement() -> None:
    match = muggins("5-5 5-0", "5-4 1-2")
    events = steps(match, "5-5", "claim 10", "5-4 E", "claim 5")
    assert events[-1] == Claimed(1, 5, 0, 0, (10, 0)), "10 + 4 = 14 makes nothing"
    assert steps(match, "let pass") == [LetPass(0, 1)]
    assert match.scores == [10, 0], "an overstatement let pass scores nobody"


# Rule: the opponents are asked in seat order from the player's left; the
# first to call takes it and the others are not asked. A partner is never.
def test_the_opponents_are_asked_in_turn_from_the_players_left() -> None:
    rules = Rules.preset("muggins", 3).with_options(hand_size=2)
    match = muggins("5-5 5-0", "5-4 1-2", "6-1 2-3", rules=rules)
    steps(match, "5-5", "claim 0")
    assert (match.to_move, match.step) == (1, "call")
    assert steps(match, "let pass") == [LetPass(1, 0)]
    assert (match.to_move, match.step) == (2, "call")
    assert steps(match, "muggins") == [Called(2, 0, "missed", 10, (0, 0, 10))]


def test_partners_do_not_call_muggins_on_each_other() -> None:
    rules = Rules.preset("muggins", 4).with_options(hand_size=2)
    match = muggins("5-5 5-0", "5-4 1-2", "6-1 2-3", "4-4 3-3", rules=rules)
    steps(match, "5-5", "claim 0")
    callers = [match.to_move]
    steps(match, "let pass")
    callers.append(match.to_move)
    steps(match, "let pass")
    assert (callers, match.to_move, match.step) == ([1, 3], 1, "play"), "seat 2 is seat 0's partner"


# Rule: the next player draws only once the claim is settled, and a play
# that goes out ends the hand only then.
def test_the_next_draw_and_the_hands_end_wait_for_the_claim() -> None:
    match = muggins("5-5 5-0", "1-2 1-3")
    events = steps(match, "5-5")
    assert not any(isinstance(e, Drew) for e in events), "seat 1 holds nothing for a 5; it draws after the claim"
    events = steps(match, "claim 10")
    assert any(isinstance(e, Drew) and e.seat == 1 for e in events)
    match = muggins("5-5 5-0", "5-4 1-2")
    steps(match, "5-5", "claim 10", "5-4 E", "claim 0")
    events = steps(match, "5-0 W")
    assert not any(isinstance(e, HandEnded) for e in events)
    events = steps(match, "claim 0")
    ended = events[-1]
    assert isinstance(ended, HandEnded)
    assert (ended.change, ended.scores, match.needs_deal) == ((5, 0), (15, 0), True), "1-2: 3 pips, rounded to 5"


# Rule: reaching the target wins at once, by a claim or by a Muggins call.
@pytest.mark.parametrize(
    ("written", "winner", "scores"),
    [
        (("5-5", "claim 10"), 0, (100, 90)),
        (("5-5", "claim 0", "muggins"), 1, (90, 100)),
    ],
)
def test_a_claim_or_a_call_can_win_the_match(written: tuple[str, ...], winner: int, scores: tuple[int, int]) -> None:
    match = muggins("5-5 5-0", "5-4 1-2", scores=[90, 90])
    events = steps(match, *written)
    assert events[-1] == MatchEnded(winner, scores)
    assert (match.winner, match.to_move, match.step) == (winner, None, None)


# Rule (with finish "exact"): a count that would pass the target is not
# counted, for the player and for the caller alike.
def test_an_exact_target_voids_a_steal_that_would_pass_it() -> None:
    rules = CALLED.with_options(marking="count", target=61, finish="exact")
    match = muggins("5-5 5-0", "5-4 1-2", rules=rules, scores=[0, 60])
    events = steps(match, "5-5", "claim 0", "muggins")
    assert events[-1] == Called(1, 0, "missed", 0, (0, 60), over=True), "10 counts 2 here: 62 would pass 61"


# Rule: a refused claim or call raises, says why in a code, and changes
# nothing: the same step waits, by the same seat.
REFUSED = {
    "a claim before any play": ((), lambda m: m.claim(0, 10), "nothing_to_claim", {"seat": 0}),
    "a claim by another seat": (("5-5",), lambda m: m.claim(1, 10), "not_your_claim", {"seat": 0}),
    "a negative claim": (("5-5",), lambda m: m.claim(0, -5), "claim_count", {}),
    "a claim no count can be": (("5-5",), lambda m: m.claim(0, 7), "claim_step", {"count": 7, "step": 5}),
    "a tile before the claim": (("5-5",), lambda m: m.play(Move.parse("5-4 E")), "claim_waiting", {"seat": 0}),
    "a call before the claim": (("5-5",), lambda m: m.call(1), "claim_waiting", {"seat": 0}),
    "a call on a right claim": (("5-5", "claim 10"), lambda m: m.call(1), "nothing_to_claim", {"seat": 1}),
    "a call by the player": (("5-5", "claim 5"), lambda m: m.call(0), "not_your_call", {"seat": 1}),
    "a second claim": (("5-5", "claim 5"), lambda m: m.claim(0, 10), "call_waiting", {"seat": 1}),
    "a tile before the call": (("5-5", "claim 5"), lambda m: m.play(Move.parse("5-4 E")), "call_waiting", {"seat": 1}),
}


@pytest.mark.parametrize("case", list(REFUSED))
def test_a_refused_claim_or_call_changes_nothing(case: str) -> None:
    before, act, code, params = REFUSED[case]
    match = muggins("5-5 5-0", "5-4 1-2")
    steps(match, *before)
    record, step, seat = dumps(match), match.step, match.to_move
    with pytest.raises(IllegalMove) as refused:
        act(match)
    assert (refused.value.code, dict(refused.value.params)) == (code, params)
    assert isinstance(refused.value, ClaimRefused) or code.endswith("_waiting")
    assert (dumps(match), match.step, match.to_move) == (record, step, seat)


def test_under_scored_claims_there_is_nothing_to_claim() -> None:
    match = match_with(Rules(hand_size=2), "5-5 5-0", "5-4 1-2")
    events = match.play(Move.parse("5-5"))
    assert events[0] == Played(0, Move.parse("5-5"), 10, 10, (10, 0)), "scored at once, as ever"
    with pytest.raises(ClaimRefused) as refused:
        match.claim(0, 10)
    assert refused.value.code == "nothing_to_claim"
    assert Rules(claims="scored") == Rules()
    assert "claims" not in Rules().to_json()


# Records: a claim and a call are entries of the hand's moves, where they
# were made, and a record replays them exactly.
def test_a_record_writes_claims_and_calls_as_moves_and_replays_them() -> None:
    match = muggins("5-5 5-0", "5-4 1-2")
    steps(match, "5-5", "claim 5", "muggins", "5-4 E", "claim 5", "let pass", "5-0 W", "claim 0")
    data = to_record(match)
    assert data["rules"]["claims"] == "called"
    assert data["hands"][0]["moves"] == [
        "5-5", "claim 5", "muggins", "5-4 E", "claim 5", "let pass", "5-0 W", "claim 0",
    ]  # fmt: skip
    again = from_record(data)
    assert (again.history, again.scores) == (match.history, [10, 5])
    assert [str(m) for m in match.history[0].moves] == ["5-5", "5-4 E", "5-0 W"], "moves are the tiles alone"
    kept = match.until(1, 1).history[0]
    assert [str(s) for s in kept.steps] == ["5-5", "claim 5", "muggins"], "a move kept keeps its claim and call"


@pytest.mark.parametrize("written", ["claim -5", "claim ten", "claim", "muggins now", "let"])
def test_a_record_refuses_a_claim_written_wrong(written: str) -> None:
    match = muggins("5-5 5-0", "5-4 1-2")
    steps(match, "5-5")
    data = to_record(match)
    data["hands"][0]["moves"].append(written)
    with pytest.raises(RecordError) as refused:
        from_record(data)
    assert (refused.value.code, refused.value.move) == ("move_text", 2)


def test_steps_are_written_as_records_write_them() -> None:
    assert [parse_step(s) for s in ("claim 10", "muggins", "let pass")] == [Claim(10), Call(True), Call(False)]
    assert [str(s) for s in (Claim(0), Call(True), Call(False))] == ["claim 0", "muggins", "let pass"]


# The computer players: an Expert never misses a count nor a wrong claim;
# a Beginner sometimes does, the same way for the same seed.
def _claims_of(level: str, seed: int) -> list[int]:
    player = make_player(level, random.Random(seed), budget_ms=0)
    claims = []
    for _ in range(200):
        match = muggins("5-5 5-0", "5-4 1-2")
        steps(match, "5-5")
        claims.append(player.claim(view_of(match, 0)).count)
    return claims


def _calls_of(level: str, seed: int) -> list[bool]:
    player = make_player(level, random.Random(seed), budget_ms=0)
    calls = []
    for _ in range(200):
        match = muggins("5-5 5-0", "5-4 1-2")
        steps(match, "5-5", "claim 0")
        calls.append(player.call(view_of(match, 1)).muggins)
    return calls


def test_an_expert_never_misses_a_count_nor_a_wrong_claim() -> None:
    assert set(_claims_of("expert", 1)) == {10}
    assert set(_calls_of("expert", 1)) == {True}


@pytest.mark.parametrize("level", ["beginner", "easy", "medium"])
def test_the_lower_levels_sometimes_miss_never_overstate_and_repeat_with_their_seed(level: str) -> None:
    claims = _claims_of(level, 2)
    assert set(claims) == {0, 10}, "a count missed now and then, never more than made"
    assert claims == _claims_of(level, 2)
    assert abs(claims.count(0) / len(claims) - MISSES[level]) < 0.1
    calls = _calls_of(level, 3)
    assert set(calls) == {True, False}
    assert abs(calls.count(True) / len(calls) - NOTICES[level]) < 0.1


# A whole seeded Muggins match between two computer players: every claim
# and call in its record, which reads back and verifies.
def test_a_seeded_muggins_match_between_computers_records_replays_and_verifies() -> None:
    match = play_computer_match(Rules.preset("muggins"), ["beginner", "medium"], 14)
    assert match.is_over
    text = dumps(match)
    moves = [m for hand in to_record(match)["hands"] for m in hand["moves"]]
    assert {"muggins", "let pass"} <= set(moves), "a count missed and called on, another let pass"
    again = loads(text)
    assert (again.history, again.scores, again.winner) == (match.history, match.scores, match.winner)
    assert all_verified(verify(text))
    assert dumps(play_computer_match(Rules.preset("muggins"), ["beginner", "medium"], 14)) == text, "seeded"


def test_next_step_asks_each_player_for_the_step_that_is_theirs() -> None:
    match = muggins("5-5 5-0", "5-4 1-2")
    players = [make_player("expert", 1, budget_ms=0), make_player("expert", 2, budget_ms=0)]
    taken = []
    while match.to_move is not None:
        step = next_step(players[match.to_move], view_of(match, match.to_move))
        taken.append(str(step))
        match.take(step)
    assert taken[:2] == ["5-5", "claim 10"]


# Rule: "claims" is "scored" or "called", and every other option plays with
# "called" (none contradicts it).
def test_claims_is_scored_or_called_and_goes_with_every_other_option() -> None:
    with pytest.raises(RulesError, match="claims must be one of scored, called, not 'shouted'"):
        Rules(claims="shouted")  # type: ignore[arg-type]
    for options in (
        {"players": 4},
        {"players": 3, "win": "hand-end"},
        {"marking": "count", "finish": "exact", "hand_end": "chip-out", "scoring": "threes-and-fives"},
        {"spinner": "none", "boneyard": "closed", "lead": "rotate"},
    ):
        assert Rules(claims="called", **options).claims == "called"  # type: ignore[arg-type]
