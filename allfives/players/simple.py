"""The two simple levels. Beginner plays a legal move at random, now and then
the best-scoring one; Easy (the usual "greedy" player) plays the move that
scores most now, breaking ties toward dropping doubles and heavy tiles.

:func:`greedy_move` is also the playout policy of the reference level.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

from ..hand import MOVES, HandState
from ..layout import CLOSED, LEAD
from ..tiles import Move
from ..view import SeatView
from .base import Decision, Reason, only_move

__all__ = ["Beginner", "Easy", "greedy_move", "greedy_playout"]

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


def greedy_playout(state: HandState) -> None:
    """Play ``state`` to the end of the hand with :func:`greedy_move` for
    every seat: the same moves, found without building the list of legal
    moves or scoring each one through the layout. This loop is where the
    searches spend their time."""
    apply = state.apply
    while state.reason is None and state.winner is None:
        layout = state.layout
        if layout.lead is None:
            apply(greedy_move(state))
            continue
        pips = layout.open_pips
        weight = layout.weight
        total = layout.total
        w, e, n, s = pips
        # What each end's total is before the outer half of a tile joined
        # there is added (as Layout.total_after, for every tile at once).
        base_w = total - w * weight[0]
        base_e = total - e * weight[1]
        base_n = base_s = 0
        if n != CLOSED:
            base_n = total - n * weight[2]
            base_s = total - s * weight[3]
        elif layout.spinner != CLOSED and layout.spinner_arm == LEAD:
            # Covering a spinner lead's last open side: it counts no longer.
            if layout.arms[1]:
                base_w -= 2 * layout.spinner
            if layout.arms[0]:
                base_e -= 2 * layout.spinner
        mask = layout.mask
        best_key = -1
        best_index = best_arm = 0
        # The key orders as greedy's (points, is a double, pips): points
        # count in steps of 32, a double 16, pips (at most 12) one each.
        for t in state.hands[state.to_move]:
            if not t.mask & mask:
                continue
            high = t.high
            low = t.low
            if t.is_double:
                times, tie = 2, 16 + t.pips
            else:
                times, tie = 1, t.pips
            if high == w or low == w:
                end_total = base_w + (low if high == w else high) * times
                key = (32 * end_total if end_total and not end_total % 5 else 0) + tie
                if key > best_key:
                    best_key, best_index, best_arm = key, t.index, 0
            if high == e or low == e:
                end_total = base_e + (low if high == e else high) * times
                key = (32 * end_total if end_total and not end_total % 5 else 0) + tie
                if key > best_key:
                    best_key, best_index, best_arm = key, t.index, 1
            if n != CLOSED:
                if high == n or low == n:
                    end_total = base_n + (low if high == n else high) * times
                    key = (32 * end_total if end_total and not end_total % 5 else 0) + tie
                    if key > best_key:
                        best_key, best_index, best_arm = key, t.index, 2
                if high == s or low == s:
                    end_total = base_s + (low if high == s else high) * times
                    key = (32 * end_total if end_total and not end_total % 5 else 0) + tie
                    if key > best_key:
                        best_key, best_index, best_arm = key, t.index, 3
        apply(MOVES[best_index][best_arm])


def _greedy_reason(move: Move, points: int) -> Reason:
    if points:
        return Reason("scores", {"points": points})
    return Reason("drops_heavy", {"tile": str(move.tile)})


class Beginner:
    level = "beginner"

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def choose(self, view: SeatView) -> Decision:
        forced = only_move(view)
        if forced is not None:
            return forced
        if self.rng.random() < BEGINNER_BEST:
            move, points = greedy(view.legal_moves, view.points_for)
            return Decision(move, _greedy_reason(move, points))
        return Decision(self.rng.choice(view.legal_moves), Reason("random"))


class Easy:
    level = "easy"

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng  # unused: Easy is the same every time

    def choose(self, view: SeatView) -> Decision:
        forced = only_move(view)
        if forced is not None:
            return forced
        move, points = greedy(view.legal_moves, view.points_for)
        return Decision(move, _greedy_reason(move, points))
