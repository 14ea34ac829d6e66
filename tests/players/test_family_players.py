"""Every computer level plays the family's games (Fives and Threes, Muggins)
by their rules: only legal moves, and the searches' playouts scored by the
rules they are given, not by All Fives' multiples of 5."""

from __future__ import annotations

import random

import pytest
from helpers import match_with, my_view

from allfives import Deal, HandState, Match, Move, Rules
from allfives.events import Passed
from allfives.players import LEVELS, REFERENCE, make_player, next_step
from allfives.players.knowledge import Knowledge
from allfives.players.rollout import Policy, rollout
from allfives.view import view_of

GAMES = [
    Rules.preset("fives-and-threes", 2),
    Rules.preset("fives-and-threes", 4),
    Rules.preset("muggins", 3),
    Rules.preset("sniff", 2),
]


@pytest.mark.parametrize("rules", GAMES, ids=str)
@pytest.mark.parametrize("level", [*LEVELS, REFERENCE])
def test_every_level_plays_a_hand_of_each_game_legally(rules: Rules, level: str) -> None:
    match = Match(rules)
    match.deal_seed(f"family/{level}")
    players = [make_player(level, random.Random(seat), budget_ms=5) for seat in range(rules.players)]
    while match.to_move is not None:
        seat = match.to_move
        view = view_of(match, seat)
        if view.step != "play":  # Muggins: a claim, or a call on one
            match.take(next_step(players[seat], view))
            continue
        decision = players[seat].choose(view)
        hand = match.hand
        assert hand is not None
        assert hand.resolve(decision.move) in match.legal_moves()
        match.play(decision.move)
    assert match.to_move is None


def by_the_engine(state: HandState, moves: list[Move]) -> tuple[int, ...]:
    """The hand played on by the engine itself, the same moves made."""
    hand = state.copy()
    for move in moves:
        hand.apply(move)
    assert hand.is_over
    return tuple(hand.scores)


def easy_by_the_engine(state: HandState) -> tuple[int, ...]:
    """The hand played on by the engine itself, every seat by Easy's rule."""
    hand = state.copy()
    while not hand.is_over:
        hand.apply(max(hand.legal_moves(), key=lambda m: (hand.points_for(m), m.tile.is_double, m.tile.pips)))
    return tuple(hand.scores)


@pytest.mark.parametrize("rules", GAMES, ids=str)
@pytest.mark.parametrize("policy", ["random", "greedy"])
def test_the_searches_playouts_score_by_the_rules(rules: Rules, policy: Policy) -> None:
    # Fives and Threes scores 6 as 2 and knocks; Muggins has no spinner: a
    # playout that scored All Fives' way would end with other scores.
    differ = 0
    for seed in range(40):
        deal = Deal.shuffle(rules, random.Random(seed))
        state = HandState(rules, deal.hands, deal.boneyard, deal.leader or 0)
        trace: list[Move] = []
        scores = rollout(state, policy, random.Random(seed), trace=trace)
        # (Each move one the policy ranks first: tests/players/test_rollout.py.)
        assert scores.scores == by_the_engine(state, trace)
        plain = Rules(players=rules.players, hand_size=rules.deal_size)
        differ += easy_by_the_engine(state) != easy_by_the_engine(HandState(plain, deal.hands, deal.boneyard, 0))
    assert differ, "All Fives' own rules would score these hands otherwise"


# Rule (Fives and Threes): nobody draws; a player who cannot play knocks. So
# a knock tells the table the knocker holds none of the open ends' numbers,
# as a draw does in All Fives, and the searches deal it no such tile.
def test_a_knock_shows_the_knocker_holds_none_of_the_open_ends_numbers() -> None:
    rules = Rules.preset("fives-and-threes")
    match = match_with(rules, "6-3 3-1 1-1 2-1 5-1 6-1 0-0", "2-2 4-0 4-4 5-5 2-0 4-2 5-2", leader=0)
    events = match.play(Move.parse("6-3"))
    assert any(isinstance(e, Passed) and e.seat == 1 for e in events), "seat 1 knocked"
    know = Knowledge.from_view(my_view(match))
    assert know.void_mask(1) == 1 << 6 | 1 << 3
    for seed in range(30):
        deal = know.sample(random.Random(seed))
        assert not any(t.has(6) or t.has(3) for t in deal.hands[1])
        assert (len(deal.hands[1]), len(deal.boneyard)) == (7, 14), "the tiles out of play stay out"
