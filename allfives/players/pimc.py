"""Perfect-information Monte Carlo: sample deals of the hidden tiles that fit
what the seat has seen, play every candidate move on each of them, finish
the hand with a playout policy, and keep the move with the best average.

Every candidate is tried on the same sampled deals, so the comparison
between moves is not swamped by the luck of the samples.

Two levels are this search: the *reference* (300 deals, Easy playouts: the
strongest published-style approach, kept as a yardstick) and *Hard*
(Medium playouts, within a time budget). Expert's flat search is this one
with two options on: ``prune`` (drop moves clearly behind the best as the
deals come in, see :func:`survivors`) and ``infer`` (weigh each deal by
:meth:`~allfives.players.knowledge.Knowledge.likelihood`).
"""

from __future__ import annotations

import math
import random

from ..tiles import Move
from ..view import SeatView
from .base import BasePlayer, Clock, Decision, Reason, Thinking, default_clock
from .knowledge import Deals, Knowledge
from .search import Deadline, Playout, Policy, margin, play_out

__all__ = ["Pimc"]

FIRST_CHECK = 32  # deals before the first look for moves to drop; then 64, 128, ...
PRUNE_Z = 2.0  # drop a move this many standard errors behind the best


class Pimc(BasePlayer):
    """The search; ``playout`` (by default ``policy`` for every seat) is how
    each candidate is judged on a sampled deal."""

    def __init__(
        self,
        level: str,
        rng: random.Random,
        policy: Policy,
        *,
        deals: int,
        budget_ms: float | None = None,
        clock: Clock = default_clock,
        prune: bool = False,
        infer: bool = False,
        playout: Playout | None = None,
    ) -> None:
        self.level = level
        self.prune = prune
        self.infer = infer
        self.rng = rng
        self.policy = policy
        self.playout = playout  # None: play_out with the policy, called directly (the hot path)
        self.deals = deals
        self.budget_ms = budget_ms
        self.clock = clock

    def steps(self, view: SeatView) -> Thinking:
        """One sampled deal a step (see :data:`~allfives.players.base.Thinking`)."""
        return self.search_deals(view, Knowledge.from_view(view), Deadline(self.clock, self.budget_ms))

    def search_deals(self, view: SeatView, know: Deals, deadline: Deadline, deals: int | None = None) -> Thinking:
        """Choose by sampling ``know`` within ``deadline`` (there is a choice
        to make), in steps, one sampled deal each; ``deals``, if given, is
        the cap on sampled deals for this move."""
        cap = self.deals if deals is None else deals
        moves: list[Move] = list(view.legal_moves)
        side = view.side
        totals = [0.0] * len(moves)
        wins = [0.0] * len(moves)
        weights = 0.0
        # With pruning, each move's result on every deal, and the moves
        # still searched.
        results: list[list[float]] = [[] for _ in moves]
        live = list(range(len(moves)))
        check = FIRST_CHECK
        done = 0
        playout = self.playout
        policy = self.policy
        while done < cap and deadline.allows(done):
            deal = know.sample(self.rng)
            weight = know.likelihood(deal) if self.infer else 1.0
            weights += weight
            before = tuple(deal.scores)
            for i in live:
                result = play_out(deal, policy, moves[i]) if playout is None else playout(deal, moves[i])
                value = weight * margin(before, result, side)
                totals[i] += value
                wins[i] += weight if value > 0 else 0.0
                if self.prune:
                    results[i].append(value)
            done += 1
            if self.prune and done == check and len(live) > 1:
                live = survivors(live, totals, results)
                check *= 2
            yield
        best = max(live, key=lambda i: (totals[i], -i))
        percent = round(100 * wins[best] / weights)
        return Decision(moves[best], Reason("wins_sims", {"percent": percent, "simulations": done}))


def survivors(live: list[int], totals: list[float], results: list[list[float]]) -> list[int]:
    """The moves not clearly worse than the best so far: on the same deals,
    the best's lead over them is less than PRUNE_Z standard errors."""
    leader = max(live, key=lambda i: (totals[i], -i))
    ahead = results[leader]
    n = len(ahead)
    keep = []
    for i in live:
        if i == leader:
            keep.append(i)
            continue
        diffs = [a - b for a, b in zip(ahead, results[i], strict=True)]
        mean = sum(diffs) / n
        spread = math.sqrt(max(sum((d - mean) ** 2 for d in diffs) / (n - 1), 1e-9) / n)
        if mean < PRUNE_Z * spread:
            keep.append(i)
    return keep
