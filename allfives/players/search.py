"""What the searching players share: playing a sampled hand out (a
:data:`Policy` for every seat, and the :data:`Playout` of a candidate move,
which a search may be given), scoring the result for one side, and the time
budget (:class:`Deadline`)."""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Protocol

from ..hand import HandState
from ..tiles import Move
from .base import Clock
from .playouts import wary_move
from .rollout import Policy as Rule
from .rollout import rollout
from .simple import greedy_move

__all__ = ["WIN_BONUS", "Deadline", "PlayOut", "Playout", "Policy", "Result", "margin", "play_out"]

Policy = Callable[[HandState], Move]
"""How every seat plays in a simulated hand."""

ROLLOUTS: dict[Policy, Rule] = {greedy_move: "greedy", wary_move: "wary"}
"""Policies that :func:`~allfives.players.rollout.rollout` plays on integers, faster."""


class Result(Protocol):
    """How a simulated hand ended: a finished :class:`HandState`, or a
    rollout's :class:`~allfives.players.rollout.Outcome`."""

    @property
    def scores(self) -> Sequence[int]: ...

    @property
    def winner(self) -> int | None: ...


WIN_BONUS = 100.0
"""What winning the match at once adds to a simulated result: more than any
hand's points, so a search near the target plays to reach it first."""


def play_out(state: HandState, policy: Policy, first: Move | None = None) -> Result:
    """How the hand ends when ``first`` (a legal move, its end resolved) is
    played, if given, and then ``policy`` for every seat; ``state`` is not
    changed."""
    rule = ROLLOUTS.get(policy)
    if rule is not None:
        return rollout(state, rule, first=first)
    state = state.copy()
    if first is not None:
        state.apply(first)
    while not state.is_over:
        state.apply(policy(state))
    return state


Playout = Callable[[HandState, Move], Result]
"""How a search judges a candidate move on a sampled deal: the hand as it
ends after the move (the state is not changed)."""


@dataclass(frozen=True, slots=True)
class PlayOut:
    """The usual :data:`Playout`: ``policy`` plays every seat after the move."""

    policy: Policy

    def __call__(self, state: HandState, move: Move) -> Result:
        return play_out(state, self.policy, move)


def margin(before: Sequence[int], state: Result, side: int) -> float:
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

    def rest(self) -> Deadline:
        """The time left, as a deadline of its own: a later stage of the
        search times its steps from now, not from the start."""
        other = Deadline(self.clock, None)
        other.end = self.end
        return other

    def share(self, fraction: float) -> Deadline:
        """A deadline of ``fraction`` of this one's budget, from now: a first
        stage of the search that may take only part of the time."""
        other = Deadline(self.clock, None)
        if self.end != math.inf:
            other.end = other.start + fraction * (self.end - self.start)
        return other

    def passed(self) -> bool:
        return self.end != math.inf and self.clock() >= self.end
