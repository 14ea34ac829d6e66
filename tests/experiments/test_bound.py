"""The evaluator bound's peeking players (tools/experiments/bound.py): the
exact search that follows the draws, checked against a plain minimax over
the engine's own hands, and the deeper evaluator that uses it."""

from __future__ import annotations

import random

import pytest

from allfives.hand import HandState
from allfives.match import Deal
from allfives.players.endgame import TooBig, solve
from allfives.players.search import PlayOut, margin
from allfives.players.simple import greedy_move
from allfives.rules import Rules
from tools.experiments import variants
from tools.experiments.bound import Deep, solve_drawn


def _minimax(state: HandState) -> float:
    """The margin for the side to move from ``state`` on, every line tried."""
    side = state.sides[state.to_move]
    best = float("-inf")
    for move in state.legal_moves():
        child = state.copy()
        child.apply(move)
        gain = (child.scores[side] - state.scores[side]) - (child.scores[1 - side] - state.scores[1 - side])
        if not child.is_over:
            rest = _minimax(child)
            gain += rest if child.sides[child.to_move] == side else -rest
        best = max(best, gain)
    return best


def _small_hands(count: int, boneyard: int, seed: int) -> list[HandState]:
    """Hands of 3 tiles each with ``boneyard`` tiles left to draw (the rest
    of the set out of play), after the lead, so the draws come soon."""
    rules = Rules(hand_size=3)
    found = []
    rng = random.Random(seed)
    while len(found) < count:
        deal = Deal.shuffle(rules, rng)
        state = HandState(rules, deal.hands, deal.boneyard[:boneyard], deal.leader or 0)
        state.apply(greedy_move(state))
        if not state.is_over:
            found.append(state)
    return found


def test_the_drawing_search_is_a_minimax_over_the_engines_hands() -> None:
    drew = 0
    for state in _small_hands(40, 4, seed=5):
        moves = state.legal_moves()
        values = solve_drawn(state, moves, 100_000)
        for move, value in zip(moves, values, strict=True):
            child = state.copy()
            child.apply(move)
            drew += len(child.boneyard) < len(state.boneyard)
            side = state.sides[state.to_move]
            expected = (child.scores[side] - state.scores[side]) - (child.scores[1 - side] - state.scores[1 - side])
            if not child.is_over:
                rest = _minimax(child)
                expected += rest if child.sides[child.to_move] == side else -rest
            assert value == expected
    assert drew  # some positions draw at once; the others later in the tree


def test_with_the_boneyard_empty_it_is_the_endgames_search() -> None:
    for state in _small_hands(20, 0, seed=6):
        moves = state.legal_moves()
        assert solve_drawn(state, moves, 100_000) == solve(state, moves, 100_000)


def test_it_gives_up_past_its_node_limit() -> None:
    state = _small_hands(1, 6, seed=7)[0]
    with pytest.raises(TooBig):
        solve_drawn(state, state.legal_moves(), 1)


def test_the_deep_evaluator_is_exact_when_few_tiles_are_left_and_otherwise_plays_out() -> None:
    deep = Deep(PlayOut(greedy_move), tiles=12, nodes=100_000)
    for state in _small_hands(10, 4, seed=8):
        before = tuple(state.scores)
        side = state.sides[state.to_move]
        moves = state.legal_moves()
        for move, value in zip(moves, solve_drawn(state, moves, 100_000), strict=True):
            assert margin(before, deep(state, move), side) == value
    assert deep.exact
    assert not deep.otherwise_used
    full = Deal.shuffle(Rules(), random.Random(1))
    state = HandState(Rules(), full.hands, full.boneyard, 0)
    move = state.legal_moves()[0]
    assert margin((0, 0), deep(state, move), 0) == margin((0, 0), PlayOut(greedy_move)(state, move), 0)
    assert deep.otherwise_used == 1


def test_the_bound_players_search_the_same_number_of_deals() -> None:
    expert = variants.make_player("expert-peek-capped", 1, budget_ms=None)
    deep = variants.make_player("expert-peek-deep", 1, budget_ms=None)
    assert expert.flat.deals == deep.flat.deals == variants.BOUND_DEALS  # type: ignore[attr-defined]
