"""The searches' fast rollout plays by the engine's rules: every move it
makes is legal, each policy's move is one its rule ranks first, and the
hand ends with the scores the engine gives for the same moves."""

from __future__ import annotations

import random

import pytest
from helpers import hand_with

from allfives import Deal, HandState, Move, Rules
from allfives.players.distilled import PLAYOUT_WEIGHTS
from allfives.players.playouts import wary_move
from allfives.players.rollout import (
    BIT,
    FEATURES,
    TIE,
    Policy,
    _ends,
    hand_pips,
    move_features,
    points_table,
    rollout,
)
from allfives.players.simple import greedy

WEIGHTS = tuple(PLAYOUT_WEIGHTS[name] for name in FEATURES)

RULES = {
    "default 2 players": Rules(),
    "3 players": Rules(players=3),
    "4 players in partnerships": Rules(players=4),
    "4 players each for themselves": Rules(players=4, partnerships=False),
    "winner takes, highest double leads": Rules(hand_end="winner-takes", lead="highest-double", hand_size=7),
    "a low target, won at once mid-hand": Rules(target=40),
    "a low target, won at the hand's end": Rules(win="hand-end", target=40),
    "tiny hands": Rules(hand_size=3),
    "one tile each": Rules(hand_size=1),
    # The family's games (allfives.rules.GAMES), and their rules stretched:
    # threes and fives counted, knocks, chipping out, no spinner, an exact target.
    "fives and threes": Rules.preset("fives-and-threes"),
    "fives and threes, 3 players": Rules.preset("fives-and-threes", 3),
    "fives and threes, partners chip out together": Rules.preset("fives-and-threes", 4),
    "fives and threes to 9 exactly, counts passing it not counted": Rules.preset("fives-and-threes").with_options(
        target=9
    ),
    "fives and threes to 3 exactly, partners": Rules.preset("fives-and-threes", 4).with_options(target=3),
    "fives and threes, one tile each": Rules.preset("fives-and-threes").with_options(hand_size=1, target=1),
    "muggins": Rules.preset("muggins"),
    "muggins, 3 players": Rules.preset("muggins", 3),
    "muggins, partners": Rules.preset("muggins", 4),
    "no spinner, subtract own, drawing": Rules(spinner="none"),
    # Sniff: the sniff's faces count on once both its sides are covered.
    "sniff": Rules.preset("sniff"),
    "sniff, 3 players": Rules.preset("sniff", 3),
    "sniff, partners": Rules.preset("sniff", 4),
    "the sniff under All Fives' other rules": Rules(spinner="sniff"),
    "threes and fives drawn for, chip-out each for themselves": Rules(
        players=4,
        partnerships=False,
        scoring="threes-and-fives",
        marking="count",
        hand_end="chip-out",
        target=30,
        finish="exact",
    ),
    "partners chip out together while the others draw": Rules(
        players=4, scoring="threes-and-fives", marking="count", hand_end="chip-out"
    ),
}


def dealt(rules: Rules, seed: int) -> HandState:
    deal = Deal.shuffle(rules, random.Random(seed))
    return HandState(rules, deal.hands, deal.boneyard, deal.leader if deal.leader is not None else 0)


def easy_key(state: HandState, move: Move) -> tuple[int, bool, int]:
    return state.points_for(move), move.tile.is_double, move.tile.pips


def wary_ranks_first(state: HandState, move: Move) -> bool:
    """Whether wary's rule ranks ``move`` first (its own choice, or a move
    it values the same that comes later in the hand)."""
    if wary_move(state) == move:
        return True
    first = state.copy()
    hand = first.hands[first.to_move]
    hand.remove(move.tile)
    hand.insert(0, move.tile)
    return wary_move(first).tile == move.tile


def learned_ranks_first(state: HandState, move: Move) -> bool:
    """Whether the weighed features of ``move`` (the learned rule's
    :func:`move_features`, each weighed and summed, Easy's tie-break last)
    are the highest of any legal move's."""
    layout = state.layout
    w, e, n, s = layout.open_pips
    ww, we, wn, ws = layout.weight
    ends = _ends(
        w,
        e,
        n,
        s,
        ww,
        we,
        wn,
        ws,
        layout.total,
        layout.spinner,
        layout.spinner_arm,
        bool(layout.arms[0]),
        bool(layout.arms[1]),
    )
    seat = state.to_move
    hand = sum(BIT[tile] for tile in state.hands[seat])
    laid = sum(BIT[tile] for tile in layout.tiles())
    held = len(state.hands[(seat + 1) % state.rules.players])
    keys = {
        (t, arm): sum(weight * x for weight, x in zip(WEIGHTS, row, strict=True)) + 1e-6 * TIE[t]
        for t, arm, row in move_features(hand, laid, held, ends)
    }
    return keys[move.tile.index, int(move.end)] >= max(keys.values()) - 1e-9


@pytest.mark.parametrize("policy", ["random", "greedy", "wary", "side-wary", "learned", "side-learned"])
@pytest.mark.parametrize("name", list(RULES))
def test_a_rollout_is_a_hand_the_engine_would_play_to_the_same_end(name: str, policy: Policy) -> None:
    rules = RULES[name]
    learns = policy in ("learned", "side-learned")
    # Wary's and the learned rule weigh multiples of five: under the
    # family's other rules Easy's rule, by the rules' own count, plays.
    easy = policy != "random" and not rules.all_fives
    for seed in range(120):
        state = dealt(rules, seed)
        starting_side = state.sides[state.to_move]
        trace: list[Move] = []
        outcome = rollout(state, policy, random.Random(seed), trace=trace, weights=WEIGHTS if learns else None)
        assert not state.moves, "the rollout leaves the hand it was given as it was"
        for move in trace:
            legal = state.legal_moves()
            assert move in legal
            own_side = state.sides[state.to_move] == starting_side
            if easy:
                assert easy_key(state, move) == easy_key(state, greedy(legal, state.points_for)[0])
            elif policy == "wary" or (policy == "side-wary" and own_side):
                assert wary_ranks_first(state, move)
            elif (policy == "learned" or (policy == "side-learned" and own_side)) and state.layout.lead is not None:
                assert learned_ranks_first(state, move)
            elif policy != "random":
                assert easy_key(state, move) == easy_key(state, greedy(legal, state.points_for)[0])
            state.apply(move)
        assert state.is_over
        assert outcome == (tuple(state.scores), state.winner, state.reason, state.out)


# Rule (Fives and Threes, docs/rules.md): the ends total scores its threes
# and its fives (9 scores 3, 6 scores 2, 15 scores 8), a player who cannot
# play knocks (nobody draws), going out ("chipping out") scores 1, and a
# count that would pass 61 is not counted (with the point for going out, if
# together they pass it). Seat 0 leads the first tile; each row is worked
# by hand, and the rollout (the searches' playouts) must end where it says.
FIVES_AND_THREES_HANDS = [
    # (what happens, seat 0's tiles, seat 1's, the scores before, the scores after, the match's winner)
    ("6-3 leads: 9 scores 3; 3-0 makes 6, 2, and chips out, 1", "6-3 1-1", "3-0", (0, 0), (3, 3), None),
    (
        "5-3 makes 11, nothing; seat 0 knocks; 5-4 makes 10, 2, and chips out",
        "6-3 4-4",
        "5-3 5-4",
        (0, 0),
        (3, 3),
        None,
    ),
    (
        "6-3 leads, 3; seat 1 knocks, draws nothing; 3-1 makes 7 and chips out",
        "6-3 3-1",
        "2-2 4-0",
        (0, 0),
        (4, 0),
        None,
    ),
    ("both knock: the hand is blocked, no point for it", "6-3 1-1", "2-2 4-0", (0, 0), (3, 0), None),
    ("at 59 the lead's 3 would pass 61: not counted", "6-3 1-1", "2-2 4-0", (59, 0), (59, 0), None),
    ("at 58 the lead's 3 reaches 61 exactly and wins", "6-3 1-1", "2-2 4-0", (58, 0), (61, 0), 0),
    ("at 59, 2 for the 6 and 1 for going out would pass 61: neither counts", "6-3 1-1", "3-0", (0, 59), (3, 59), None),
    ("at 58, 2 for the 6 and 1 for going out reach 61 exactly", "6-3 1-1", "3-0", (0, 58), (3, 61), 1),
]


@pytest.mark.parametrize(
    ("what", "mine", "theirs", "before", "after", "winner"),
    FIVES_AND_THREES_HANDS,
    ids=[r[0] for r in FIVES_AND_THREES_HANDS],
)
def test_in_fives_and_threes_the_rollout_scores_as_the_rules_say(
    what: str, mine: str, theirs: str, before: tuple[int, int], after: tuple[int, int], winner: int | None
) -> None:
    rules = Rules.preset("fives-and-threes")
    state = hand_with(rules, mine, theirs, scores=list(before))
    lead = Move.parse(mine.split()[0])
    trace: list[Move] = []
    outcome = rollout(state, "greedy", first=lead, trace=trace)
    assert (outcome.scores, outcome.winner) == (after, winner)
    for move in trace:
        state.apply(state.resolve(move))
    assert (tuple(state.scores), state.winner) == (after, winner), "the engine agrees"


# Rule (Sniff, docs/rules.md's worked hand): once both sides of the sniff
# are covered its faces North and South count its number each. Seat 0
# leads 4-4; Easy's rule then plays the hand as the example does: 6-4 (14),
# 4-1 (6 + 1 + 4 + 4 = 15), 6-1 East (6 + 6 + 4 + 4 = 20), 4-2 North and out
# (18), taking the 5-3 left, 8 pips rounded to 10.
def test_in_sniff_the_rollout_counts_the_sniffs_faces() -> None:
    state = hand_with(Rules.preset("sniff").with_options(hand_size=3), "4-4 4-1 4-2", "6-4 6-1 5-3")
    trace: list[Move] = []
    outcome = rollout(state, "greedy", first=Move.parse("4-4"), trace=trace)
    assert [str(m) for m in trace] == ["4-4", "6-4 W", "4-1 E", "6-1 E", "4-2 N"]
    assert (outcome.scores, outcome.reason, outcome.out) == ((25, 20), "domino", 0)


@pytest.mark.parametrize(
    ("game", "totals"),
    [
        ("fives-and-threes", {3: 1, 5: 1, 6: 2, 7: 0, 9: 3, 10: 2, 15: 8, 18: 6, 20: 4, 30: 16, 45: 24}),
        ("muggins", {5: 5, 6: 0, 10: 10, 15: 15, 18: 0, 30: 30}),
        ("standard", {5: 5, 6: 0, 10: 10, 15: 15, 18: 0, 30: 30}),
    ],
)
def test_the_rollout_counts_an_ends_total_as_the_rules_do(game: str, totals: dict[int, int]) -> None:
    rules = Rules.preset(game)
    table = points_table(rules)
    assert {total: table[total] for total in totals} == totals
    assert table == tuple(rules.score(total) for total in range(len(table)))


def test_a_random_rollout_reaches_every_legal_move() -> None:
    # From one position, many seeds: each of the mover's moves comes up.
    state = dealt(Rules(), 4)
    state.apply(state.legal_moves()[0])
    seen = set()
    for seed in range(300):
        trace: list[Move] = []
        rollout(state, "random", random.Random(seed), trace=trace)
        seen.add(trace[0])
    assert seen == set(state.legal_moves())


def test_a_rollout_can_take_up_a_hand_part_way_through_with_a_given_move_or_its_own() -> None:
    for seed in range(60):
        state = dealt(Rules(), seed)
        rng = random.Random(seed)
        for _ in range(4):
            if not state.is_over:
                state.apply(rng.choice(state.legal_moves()))
        if state.is_over:
            continue
        for first in [None, *state.legal_moves()]:
            trace: list[Move] = []
            outcome = rollout(state, "greedy", first=first, trace=trace)
            assert first is None or trace[0] == first
            replay = state.copy()
            for move in trace:
                replay.apply(move)
            assert outcome == (tuple(replay.scores), replay.winner, replay.reason, replay.out)


def test_a_rollout_of_a_finished_hand_reports_how_it_ended() -> None:
    state = dealt(Rules(), 2)
    while not state.is_over:
        state.apply(state.legal_moves()[0])
    assert rollout(state, "greedy") == (tuple(state.scores), state.winner, state.reason, state.out)


def test_a_random_rollout_needs_a_random_source() -> None:
    with pytest.raises(ValueError, match=r"random\.Random"):
        rollout(dealt(Rules(), 1), "random")


@pytest.mark.parametrize(("tiles", "pips"), [((), 0), ((0,), 0), ((27,), 12), ((6, 7, 13, 20, 21), 3 + 4 + 7 + 10 + 6)])
def test_a_hands_pips_are_counted_from_its_bits(tiles: tuple[int, ...], pips: int) -> None:
    # Tile indices run 0-0, 1-0, 1-1, 2-0, ... 6-6: 6 is 3-0, 7 is 3-1, 13 is 4-3, 20 is 5-5, 21 is 6-0.
    assert hand_pips(sum(1 << t for t in tiles)) == pips
