"""The computer players: a ladder from Beginner to Expert, and the reference
level the benchmarks measure them against.

Every player decides from a :class:`~allfives.view.SeatView` alone (what its
seat may see), is seeded, and gives the same move for the same seed and view.
Each is a :class:`~allfives.players.base.BasePlayer` (``choose``, and
``think`` for the browser's sliced search). This package is what the game
ships; the studies that did not pay are in ``tools/experiments/``.

>>> import random
>>> from allfives import Match, Rules
>>> from allfives.view import view_of
>>> match = Match(Rules())
>>> _ = match.deal(random.Random(7))
>>> player = make_player("medium", 1)
>>> decision = player.choose(view_of(match, match.to_move))
>>> decision.move in match.legal_moves(), isinstance(decision.reason.text, str)
(True, True)
"""

from __future__ import annotations

import random
from typing import Final

from .base import MESSAGES, Clock, Decision, Player, Reason, default_clock, next_step
from .expert import Expert
from .medium import Medium, medium_move
from .pimc import Pimc
from .simple import Beginner, Easy, greedy_move

__all__ = [
    "DEFAULT_BUDGET_MS",
    "LEVELS",
    "MESSAGES",
    "REFERENCE",
    "Decision",
    "Player",
    "Reason",
    "make_player",
    "next_step",
]

LEVELS: Final = ("beginner", "easy", "medium", "hard", "expert")
"""The levels the UI offers, weakest first."""

REFERENCE: Final = "reference"
"""The yardstick: flat PIMC, 300 Easy playouts per move."""

DEFAULT_BUDGET_MS: Final = 300.0
"""Hard's and Expert's time per move, measured where they run."""

REFERENCE_DEALS: Final = 300
HARD_DEALS: Final = 120  # sampled deals per move, at most (and within the budget)


def make_player(
    level: str,
    rng_or_seed: random.Random | int | str,
    *,
    budget_ms: float | None = DEFAULT_BUDGET_MS,
    clock: Clock = default_clock,
) -> Player:
    """A player of ``level`` (one of :data:`LEVELS`, or :data:`REFERENCE`).

    ``budget_ms`` bounds Hard's and Expert's thinking per move (None: no
    bound, only their fixed caps); the reference level has no budget.
    """
    rng = rng_or_seed if isinstance(rng_or_seed, random.Random) else random.Random(rng_or_seed)
    if level == "beginner":
        return Beginner(rng)
    if level == "easy":
        return Easy(rng)
    if level == "medium":
        return Medium(rng)
    if level == "hard":
        # Medium's playouts, with Expert's pruning and inference from play.
        return Pimc(
            "hard", rng, medium_move, deals=HARD_DEALS, budget_ms=budget_ms, clock=clock, prune=True, infer=True
        )
    if level == "expert":
        return Expert(rng, budget_ms=budget_ms, clock=clock)
    if level == REFERENCE:
        return Pimc(REFERENCE, rng, greedy_move, deals=REFERENCE_DEALS, budget_ms=None, clock=clock)
    raise ValueError(f"no computer player {level!r}; levels: {', '.join((*LEVELS, REFERENCE))}")
