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

from ..hand import HandState
from ..tiles import Move
from ..view import SeatView
from .base import Clock, Decision, Reason, default_clock, only_move
from .knowledge import Deals, Knowledge
from .search import Deadline, Policy, Result, Thinking, finish, margin, play_out

__all__ = ["Pimc"]

FIRST_CHECK = 32  # deals before the first look for moves to drop; then 64, 128, ...
PRUNE_Z = 2.0  # drop a move this many standard errors behind the best


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
        prune: bool = False,
        infer: bool = False,
        reply: bool = False,
    ) -> None:
        self.level = level
        self.reply = reply
        self.prune = prune
        self.infer = infer
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

    def search(self, view: SeatView, know: Deals, deadline: Deadline) -> Decision:
        """Choose by sampling within ``deadline`` (there is a choice to make)."""
        return finish(self.steps(view, know, deadline))

    def steps(self, view: SeatView, know: Deals, deadline: Deadline, deals: int | None = None) -> Thinking:
        """:meth:`search` in steps, one sampled deal each; ``deals``, if
        given, is the cap on sampled deals for this move."""
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
        while done < cap and deadline.allows(done):
            deal = know.sample(self.rng)
            weight = know.likelihood(deal) if self.infer else 1.0
            weights += weight
            before = tuple(deal.scores)
            for i in live:
                result = self._answered(deal, moves[i]) if self.reply else play_out(deal, self.policy, moves[i])
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

    def _answered(self, deal: HandState, move: Move) -> Result:
        """How the hand ends after ``move`` when the next player answers with
        its best reply on this deal (each reply played out with the policy),
        and the policy plays on from there."""
        after = deal.copy()
        after.apply(move)
        if after.is_over:
            return after
        replies = after.legal_moves()
        if len(replies) == 1:
            return play_out(after, self.policy, replies[0])
        before = tuple(after.scores)
        mover = after.sides[after.to_move]
        best: Result | None = None
        best_value = -math.inf
        for r in replies:
            result = play_out(after, self.policy, r)
            value = margin(before, result, mover)
            if value > best_value:
                best, best_value = result, value
        assert best is not None
        return best


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
