"""The model of how strong players choose (tools/experiments/choices.py),
read as odds on the other players' plays."""

from __future__ import annotations

import random

from helpers import match_with, my_view

from allfives import HandState, Move, Rules, Tile
from tools.experiments.choices import ChoiceKnowledge


def _swapped(deal: HandState, seat: int, held: Tile, other: Tile) -> HandState:
    """``deal`` with ``seat``'s ``held`` exchanged for ``other`` (in the boneyard)."""
    out = deal.copy()
    out.hands[seat] = [other if t == held else t for t in out.hands[seat]]
    out.boneyard = [held if t == other else t for t in out.boneyard]
    return out


def test_read_by_how_strong_players_choose_a_score_passed_up_says_the_tile_was_likely_not_held() -> None:
    # On the lead 4-1 only 6-1 would score for seat 1 (4 + 6 = 10); it plays 1-0.
    match = match_with(Rules(players=2, hand_size=3), "4-1 4-4 6-6", "1-0 2-2 3-3", leader=0)
    match.play(Move.parse("4-1"))
    match.play(Move.parse("1-0 E"))
    know = ChoiceKnowledge.from_view(my_view(match))
    six_one, two_two = Move.parse("6-1").tile, Move.parse("2-2").tile
    seen = 0
    for seed in range(60):
        deal = know.sample(random.Random(seed))
        if six_one in deal.hands[1] and two_two in deal.boneyard:
            # The same deal, but with a tile that fitted neither end instead.
            lacked = _swapped(deal, 1, six_one, two_two)
            assert know.likelihood(deal) < know.likelihood(lacked) / 4
            seen += 1
    assert seen


def test_read_by_how_strong_players_choose_a_lead_that_scores_nothing_says_the_leader_likely_had_no_scoring_lead() -> (
    None
):
    # Seat 1 leads 3-1 (4: no score); 5-0 would have scored 5 as a lead.
    match = match_with(Rules(players=2, hand_size=3), "4-4 6-6 2-0", "3-1 6-2 6-3", leader=1)
    match.play(Move.parse("3-1"))
    know = ChoiceKnowledge.from_view(my_view(match))
    five_oh = Move.parse("5-0").tile
    seen = 0
    for seed in range(80):
        deal = know.sample(random.Random(seed))
        if five_oh in deal.hands[1]:
            # The same deal with a tile about as heavy that would not have scored as a lead instead.
            other = next((t for t in deal.boneyard if t.pips in (4, 6) and not t.is_double), None)
            if other is None:
                continue
            assert know.likelihood(deal) < know.likelihood(_swapped(deal, 1, five_oh, other))
            seen += 1
    assert seen


def test_read_by_how_strong_players_choose_a_forced_lead_says_nothing_of_the_leaders_other_tiles() -> None:
    rules = Rules(players=2, hand_size=3, lead="highest-double")
    match = match_with(rules, "1-0 2-0 3-0", "6-6 5-0 2-1", leader=1)
    match.play(Move.parse("6-6"))
    know = ChoiceKnowledge.from_view(my_view(match))
    assert know.plays == ()
    # (A free lead is read:)
    free = match_with(Rules(players=2, hand_size=3), "1-0 2-0 3-0", "6-6 5-0 2-1", leader=1)
    free.play(Move.parse("6-6"))
    assert [seat for seat, _, _ in ChoiceKnowledge.from_view(my_view(free)).plays] == [1]


def test_read_by_how_strong_players_choose_a_partner_is_read_too() -> None:
    # As in the partner test above: seat 2, the partner, plays 0-0 where 5-4
    # would have scored 5.
    rules = Rules(players=4, hand_size=2)
    match = match_with(rules, "4-1 6-6", "1-0 2-2", "0-0 3-3", "6-0 2-1", leader=0)
    for move in ("4-1", "1-0 E", "0-0 E", "6-0 E"):
        match.play(Move.parse(move))
    know = ChoiceKnowledge.from_view(my_view(match))
    assert [seat for seat, _, _ in know.plays] == [1, 2, 3]
    five_four = Move.parse("5-4").tile
    seen = 0
    for seed in range(200):
        deal = know.sample(random.Random(seed))
        if five_four in deal.hands[2]:
            # Exchanged with a boneyard tile that fitted neither end then (4 and 0).
            other = next(t for t in deal.boneyard if not t.has(4) and not t.has(0))
            lacked = _swapped(deal, 2, five_four, other)
            assert know.likelihood(deal) < know.likelihood(lacked)
            seen += 1
    assert seen
