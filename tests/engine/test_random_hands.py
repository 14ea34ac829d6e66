"""A soak: ten thousand random hands under the default rules and the
variants, each checked for the invariants that hold at every hand's end."""

import random

import pytest

from allfives import TILES, Deal, HandState, Rules

VARIANTS = [Rules(), Rules(players=3), Rules(players=4), Rules.preset("computer"), Rules(players=4, partnerships=False)]


@pytest.mark.parametrize("rules", VARIANTS, ids=str)
def test_two_thousand_random_hands(rules: Rules) -> None:
    rng = random.Random(f"soak:{rules}")  # a str seeds the same in every process, unlike hash()
    for _ in range(2000):
        deal = Deal.shuffle(rules, rng)
        assert deal.leader is not None
        hand = HandState(rules, deal.hands, deal.boneyard, deal.leader)
        plays = 0
        while not hand.is_over:
            hand.apply(rng.choice(hand.legal_moves()))
            plays += 1
            assert plays <= 28, "every hand ends"
        tiles = [t for h in hand.hands for t in h] + hand.boneyard + hand.layout.tiles()
        assert sorted(tiles) == list(TILES)
        if hand.reason == "domino":
            assert hand.out is not None
            assert not hand.hands[hand.out]
        elif hand.reason == "blocked":
            assert not hand.boneyard
            assert not any(hand.layout.ends_for(t) for h in hand.hands for t in h)
