"""Shuffling: the deal's one random act, and the computer players' sampled
deals.

:func:`shuffle` is the Fisher-Yates shuffle that :meth:`random.Random.shuffle`
performs, drawing from ``rng.getrandbits`` in the same way, so it deals
exactly what ``rng.shuffle`` deals (``tests/engine/test_chance.py`` checks it, and
that the generator is left in the same state). It is written out here for
two reasons: a deal then depends only on the generator's bits, which are
the same on every Python, not on how a Python version implements
``shuffle``; and it makes no Python call per tile, which counts when a
search shuffles the hidden tiles of 800 sampled deals for one move.
"""

from __future__ import annotations

import random
from typing import TypeVar

__all__ = ["shuffle"]

T = TypeVar("T")


def shuffle(items: list[T], rng: random.Random) -> None:
    """Shuffle ``items`` in place, as ``rng.shuffle(items)`` would."""
    getrandbits = rng.getrandbits
    for i in range(len(items) - 1, 0, -1):
        # A position from 0 to i, each equally likely: draw just enough bits
        # for i, and draw again when they come out over it.
        size = i + 1
        bits = size.bit_length()
        j = getrandbits(bits)
        while j >= size:
            j = getrandbits(bits)
        items[i], items[j] = items[j], items[i]
