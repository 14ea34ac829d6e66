"""The two simple levels. Beginner plays a legal move at random, now and then
the best-scoring one; Easy (the usual "greedy" player) plays the move that
scores most now, breaking ties toward dropping doubles and heavy tiles.

:func:`greedy_move` is also the playout policy of the reference level.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

from ..hand import HandState
from ..tiles import Move
from ..view import SeatView
from .base import BasePlayer, Decision, Reason

__all__ = ["Beginner", "Easy", "greedy_move"]

BEGINNER_BEST = 0.3  # how often Beginner plays the best-scoring move


def greedy(moves: Sequence[Move], points: Callable[[Move], int]) -> tuple[Move, int]:
    """The move scoring most; between equals a double, then the heavier tile."""
    best = moves[0]
    best_points = points(best)
    best_key = (best_points, best.tile.is_double, best.tile.pips)
    for move in moves[1:]:
        p = points(move)
        key = (p, move.tile.is_double, move.tile.pips)
        if key > best_key:
            best, best_points, best_key = move, p, key
    return best, best_points


def greedy_move(state: HandState) -> Move:
    """Easy's choice in a hand being searched (any seat to move)."""
    moves = state.legal_moves()
    if len(moves) == 1:
        return moves[0]
    return greedy(moves, state.points_for)[0]


def _greedy_reason(move: Move, points: int) -> Reason:
    if points:
        return Reason("scores", {"points": points})
    return Reason("drops_heavy", {"tile": str(move.tile)})


class Beginner(BasePlayer):
    level = "beginner"

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def decide(self, view: SeatView) -> Decision:
        if self.rng.random() < BEGINNER_BEST:
            move, points = greedy(view.legal_moves, view.points_for)
            return Decision(move, _greedy_reason(move, points))
        return Decision(self.rng.choice(view.legal_moves), Reason("random"))


class Easy(BasePlayer):
    level = "easy"

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng  # unused: Easy is the same every time

    def decide(self, view: SeatView) -> Decision:
        move, points = greedy(view.legal_moves, view.points_for)
        return Decision(move, _greedy_reason(move, points))
