"""Exact search of the end of a hand, once the boneyard is empty.

With nothing left to draw, a hand is a two-sided game of perfect
information once the hidden tiles are placed (in a 2-player hand they are
known: the opponent holds every tile this seat cannot see). Alpha-beta over
the points margin, with a table of positions already solved, finds the best
play; it gives up past a node limit, so the caller can fall back to sampling.
"""

from __future__ import annotations

import math
from collections.abc import Callable

from ..hand import HandState
from ..layout import CLOSED, LEAD, Layout, N
from ..tiles import Move
from .search import WIN_BONUS

__all__ = ["TooBig", "solve"]

EXACT, LOWER, UPPER = 0, 1, 2
NEAR_TARGET = 150  # scores this close to the target can decide the match


class TooBig(Exception):
    """The search passed its node limit, or ran out of time."""


def solve(
    state: HandState, moves: list[Move], node_limit: int, out_of_time: Callable[[], bool] | None = None
) -> list[float]:
    """The exact margin (points for the side to move, less the other side's,
    from now to the end of the hand) after each of ``moves``. Needs two
    sides and an empty boneyard; raises :class:`TooBig` past ``node_limit``
    positions, or once ``out_of_time()`` (asked every few hundred positions)
    says so."""
    if state.rules.sides != 2 or state.boneyard:
        raise ValueError("exact search needs two sides and an empty boneyard")
    return _Solver(state, node_limit, out_of_time).root(moves)


def _layout_key(layout: Layout) -> tuple[object, ...]:
    """What of the layout decides the rest of the hand: the ends, their
    weights, and whether the spinner is yet to open."""
    pending: object = None
    if layout.spinner != CLOSED and layout.open_pips[N] == CLOSED:
        if layout.spinner_arm == LEAD:
            pending = (bool(layout.arms[0]), bool(layout.arms[1]))
        else:
            pending = layout.spinner_arm
    return (*layout.open_pips, *layout.weight, layout.spinner, pending)


class _Solver:
    def __init__(self, state: HandState, node_limit: int, out_of_time: Callable[[], bool] | None) -> None:
        self.state = state
        self.out_of_time = out_of_time
        self.node_limit = node_limit
        self.nodes = 0
        self.table: dict[tuple[object, ...], tuple[int, float]] = {}
        rules = state.rules
        target = rules.points_to_win
        self.keep_scores = max(state.scores) >= target - NEAR_TARGET

    def root(self, moves: list[Move]) -> list[float]:
        return [self._after(self.state, m, -math.inf, math.inf) for m in moves]

    def _after(self, state: HandState, move: Move, alpha: float, beta: float) -> float:
        """The margin for the side to move in ``state`` if it plays ``move``."""
        side = state.sides[state.to_move]
        before = state.scores
        child = state.copy()
        child.apply(move)
        scores = child.scores
        gain = float((scores[side] - before[side]) - (scores[1 - side] - before[1 - side]))
        if child.winner is not None:
            gain += WIN_BONUS if child.winner == side else -WIN_BONUS
        if child.is_over:
            return gain
        if child.sides[child.to_move] == side:
            return gain + self._value(child, alpha - gain, beta - gain)
        return gain - self._value(child, gain - beta, gain - alpha)

    def _value(self, state: HandState, alpha: float, beta: float) -> float:
        """The margin for the side to move, from ``state`` on."""
        self.nodes += 1
        if self.nodes > self.node_limit:
            raise TooBig
        if self.out_of_time is not None and not self.nodes % 256 and self.out_of_time():
            raise TooBig
        key = self._key(state)
        entry = self.table.get(key)
        if entry is not None:
            flag, stored = entry
            if flag == EXACT:
                return stored
            if flag == LOWER and stored >= beta:
                return stored
            if flag == UPPER and stored <= alpha:
                return stored
        moves = state.legal_moves()
        if len(moves) > 1:
            moves.sort(key=lambda m: -state.points_for(m))
        start = alpha
        best = -math.inf
        for move in moves:
            value = self._after(state, move, alpha, beta)
            if value > best:
                best = value
                if value > alpha:
                    alpha = value
                    if alpha >= beta:
                        break
        flag = UPPER if best <= start else LOWER if best >= beta else EXACT
        self.table[key] = (flag, best)
        return best

    def _key(self, state: HandState) -> tuple[object, ...]:
        held = tuple(sum(1 << t.index for t in hand) for hand in state.hands)
        key = (*held, state.to_move, *_layout_key(state.layout))
        if self.keep_scores:
            key = (*key, *state.scores)
        return key
