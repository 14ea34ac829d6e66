"""Every computer level plays the family's games (Fives and Threes, Muggins)
by their rules: only legal moves, and the searches' playouts scored by the
rules they are given, not by All Fives' multiples of 5."""

from __future__ import annotations

import random

import pytest

from allfives import Deal, HandState, Match, Rules
from allfives.players import LEVELS, REFERENCE, make_player
from allfives.players.rollout import Policy, rollout
from allfives.view import view_of

GAMES = [Rules.preset("fives-and-threes", 2), Rules.preset("fives-and-threes", 4), Rules.preset("muggins", 3)]


@pytest.mark.parametrize("rules", GAMES, ids=str)
@pytest.mark.parametrize("level", [*LEVELS, REFERENCE])
def test_every_level_plays_a_hand_of_each_game_legally(rules: Rules, level: str) -> None:
    match = Match(rules)
    match.deal_seed(f"family/{level}")
    players = [make_player(level, random.Random(seat), budget_ms=5) for seat in range(rules.players)]
    while match.to_move is not None:
        seat = match.to_move
        decision = players[seat].choose(view_of(match, seat))
        hand = match.hand
        assert hand is not None
        assert hand.resolve(decision.move) in match.legal_moves()
        match.play(decision.move)
    assert match.to_move is None


def by_the_engine(state: HandState, policy: Policy, rng: random.Random) -> tuple[int, ...]:
    """The hand played on by the engine itself, each seat as the policy says."""
    hand = state.copy()
    while not hand.is_over:
        moves = hand.legal_moves()
        if policy == "random":
            move = moves[int(rng.random() * len(moves))]
        else:
            move = max(moves, key=lambda m: (hand.points_for(m), m.tile.is_double, m.tile.pips))
        hand.apply(move)
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
        scores = rollout(state, policy, random.Random(seed))
        assert scores.scores == by_the_engine(state, policy, random.Random(seed))
        plain = Rules(players=rules.players, hand_size=rules.deal_size)
        differ += scores.scores != by_the_engine(
            HandState(plain, deal.hands, deal.boneyard, 0), policy, random.Random(seed)
        )
    assert differ, "All Fives' own rules would score these hands otherwise"
