"""The deal's shuffle is the standard library's, drawn the same way."""

from __future__ import annotations

import random

from allfives import TILES
from allfives.chance import shuffle


def test_the_shuffle_deals_what_random_shuffle_deals_and_draws_the_same_bits() -> None:
    for seed in range(300):
        for size in (0, 1, 2, 7, 19, 28):
            ours, theirs = random.Random(seed), random.Random(seed)
            a, b = list(TILES[:size]), list(TILES[:size])
            shuffle(a, ours)
            theirs.shuffle(b)
            assert a == b
            assert ours.getstate() == theirs.getstate()


def test_every_tile_can_end_up_anywhere() -> None:
    rng = random.Random(1)
    seen = [set() for _ in range(5)]
    for _ in range(400):
        tiles = list(range(5))
        shuffle(tiles, rng)
        for place, t in enumerate(tiles):
            seen[place].add(t)
    assert all(places == set(range(5)) for places in seen)
