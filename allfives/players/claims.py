"""How each level claims its counts and calls "Muggins" (``claims="called"``).

Every level reads the board: the count a play made is there for every seat
to see (:attr:`~allfives.view.SeatView.waiting`). What differs is how often
a level overlooks it, as a person might (docs/ai.md, "Muggins' claims"):

=========  =============================  =====================================
level      misses its own count           notices an opponent's wrong claim
=========  =============================  =====================================
Beginner   1 in 4 (claims 0)              1 in 2
Easy       1 in 10                        3 in 4
Medium     1 in 25                        9 in 10
Hard       never                          always
Expert     never                          always
=========  =============================  =====================================

A level never claims more than it made (overstating is a person's mistake,
and the computer is honest). The chance is drawn from the player's own
random source, so a seeded game is the same every time; a level that never
misses, or a play that made nothing, draws nothing. The searches do not
model claims: they score every count as if claimed right.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Final

from ..claims import Call, Claim
from ..view import SeatView

__all__ = ["MISSES", "NOTICES", "call_for", "claim_for"]

#: How often each level misses a count it made (claims 0 for it).
MISSES: Final[Mapping[str, float]] = {"beginner": 1 / 4, "easy": 1 / 10, "medium": 1 / 25}
#: How often each level notices an opponent's missed or overstated claim
#: and calls "Muggins"; every level not named always does.
NOTICES: Final[Mapping[str, float]] = {"beginner": 1 / 2, "easy": 3 / 4, "medium": 9 / 10}


def claim_for(level: str, view: SeatView, rng: random.Random) -> Claim:
    """The claim ``level`` makes for the play it has just made in ``view``."""
    waiting = view.waiting
    if waiting is None or view.step != "claim":
        raise ValueError(f"seat {view.seat} has no count to claim: it is not its step")
    miss = MISSES.get(level, 0.0)
    if waiting.made and miss and rng.random() < miss:
        return Claim(0)
    return Claim(waiting.made)


def call_for(level: str, view: SeatView, rng: random.Random) -> Call:
    """Whether ``level`` calls "Muggins" on the claim waiting in ``view``."""
    if view.waiting is None or view.step != "call":
        raise ValueError(f"seat {view.seat} has no claim to call: it is not its step")
    notice = NOTICES.get(level, 1.0)
    return Call(notice >= 1.0 or rng.random() < notice)
