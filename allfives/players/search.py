"""What the searching players share: playing a sampled hand out, scoring the
result for one side, and the time budget."""

from __future__ import annotations

import math
from collections.abc import Callable, Generator, Sequence

from ..hand import HandState
from ..tiles import Move
from .base import Clock, Decision
from .playouts import wary_move, wary_playout
from .simple import greedy_move, greedy_playout

__all__ = ["WIN_BONUS", "Deadline", "Policy", "Thinking", "finish", "margin", "playout"]

Thinking = Generator[None, None, Decision]
"""A search in steps: it yields between steps (a sampled deal, a tree walk)
so that the browser can run it in slices and stay responsive, and returns
its decision."""


def finish(thinking: Thinking) -> Decision:
    """Run a search in steps straight through to its decision."""
    while True:
        try:
            next(thinking)
        except StopIteration as done:
            decision: Decision = done.value
            return decision


Policy = Callable[[HandState], Move]
"""How every seat plays in a simulated hand."""

FAST_PLAYOUTS: dict[Policy, Callable[[HandState], None]] = {greedy_move: greedy_playout, wary_move: wary_playout}
"""Policies with a playout loop of their own that makes the same moves faster."""

WIN_BONUS = 100.0
"""What winning the match at once adds to a simulated result: more than any
hand's points, so a search near the target plays to reach it first."""


def playout(state: HandState, policy: Policy) -> None:
    """Play ``state`` to the end of the hand with ``policy`` for every seat."""
    fast = FAST_PLAYOUTS.get(policy)
    if fast is not None:
        fast(state)
        return
    while not state.is_over:
        state.apply(policy(state))


def margin(before: Sequence[int], state: HandState, side: int) -> float:
    """How many points ``side`` gained since ``before`` (the scores then),
    less what the other sides gained on average, plus the match if won."""
    scores = state.scores
    gains = [scores[s] - before[s] for s in range(len(scores))]
    others = (sum(gains) - gains[side]) / (len(gains) - 1)
    value = gains[side] - others
    if state.winner is not None:
        value += WIN_BONUS if state.winner == side else -WIN_BONUS
    return value


RESERVE = 0.05
"""The share of the budget kept back for the final choice and the odd pause."""


class Deadline:
    """A time budget from now on ``clock``; None means no budget.

    A search asks :meth:`allows` before each step (a sampled deal, a tree
    walk): it says no once the time left would not cover another step as
    long as the steps so far took on average, so the search ends within its
    budget rather than one step past it."""

    __slots__ = ("clock", "end", "start")

    def __init__(self, clock: Clock, budget_ms: float | None) -> None:
        self.clock = clock
        self.start = clock()
        self.end = math.inf if budget_ms is None else self.start + (1 - RESERVE) * budget_ms / 1000.0

    def allows(self, steps_done: int) -> bool:
        """Whether there is time for one more step; the first is always allowed."""
        if self.end == math.inf or not steps_done:
            return True
        now = self.clock()
        return now + (now - self.start) / steps_done <= self.end

    def passed(self) -> bool:
        return self.end != math.inf and self.clock() >= self.end
