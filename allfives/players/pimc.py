"""Perfect-information Monte Carlo: sample deals of the hidden tiles that fit
what the seat has seen, play every candidate move on each of them, finish
the hand with a playout policy, and keep the move with the best average.

Every candidate is tried on the same sampled deals, so the comparison
between moves is not swamped by the luck of the samples.

Two levels are this search: the *reference* (300 deals, Easy playouts: the
strongest published-style approach, kept as a yardstick) and *Hard*
(Medium playouts, within a time budget).
"""

from __future__ import annotations

import random

from ..tiles import Move
from ..view import SeatView
from .base import Clock, Decision, Reason, default_clock, only_move
from .knowledge import Knowledge
from .search import Deadline, Policy, Thinking, finish, margin, playout

__all__ = ["Pimc"]


class Pimc:
    def __init__(
        self,
        level: str,
        rng: random.Random,
        policy: Policy,
        *,
        deals: int,
        budget_ms: float | None = None,
        clock: Clock = default_clock,
    ) -> None:
        self.level = level
        self.rng = rng
        self.policy = policy
        self.deals = deals
        self.budget_ms = budget_ms
        self.clock = clock

    def choose(self, view: SeatView) -> Decision:
        return finish(self.think(view))

    def think(self, view: SeatView) -> Thinking:
        """:meth:`choose` in steps, one sampled deal each (see :data:`Thinking`)."""
        forced = only_move(view)
        if forced is not None:
            return forced
        return (yield from self.steps(view, Knowledge.from_view(view), Deadline(self.clock, self.budget_ms)))

    def search(self, view: SeatView, know: Knowledge, deadline: Deadline) -> Decision:
        """Choose by sampling within ``deadline`` (there is a choice to make)."""
        return finish(self.steps(view, know, deadline))

    def steps(self, view: SeatView, know: Knowledge, deadline: Deadline) -> Thinking:
        """:meth:`search` in steps, one sampled deal each."""
        moves: list[Move] = list(view.legal_moves)
        side = view.side
        totals = [0.0] * len(moves)
        wins = [0] * len(moves)
        done = 0
        while done < self.deals and deadline.allows(done):
            deal = know.sample(self.rng)
            before = tuple(deal.scores)
            for i, move in enumerate(moves):
                state = deal.copy()
                state.apply(move)
                playout(state, self.policy)
                value = margin(before, state, side)
                totals[i] += value
                wins[i] += value > 0
            done += 1
            yield
        best = max(range(len(moves)), key=lambda i: (totals[i], -i))
        percent = round(100 * wins[best] / done)
        return Decision(moves[best], Reason("wins_sims", {"percent": percent, "simulations": done}))
