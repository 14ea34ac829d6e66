"""The playout that looks one reply ahead: the next player answers the
candidate with its best reply on the sampled deal, then a policy plays on.
The ``expert-reply`` variants use it, and the deeper evaluator of
:mod:`.bound` falls back on it."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from allfives.hand import HandState
from allfives.players.search import Result, margin, play_out
from allfives.tiles import Move

__all__ = ["Answered"]


@dataclass(frozen=True, slots=True)
class Answered:
    """A playout in which the next player answers the move with its best
    reply on this deal (each reply played out with ``policy``), and
    ``policy`` plays on from there."""

    policy: Callable[[HandState], Move]

    def __call__(self, deal: HandState, move: Move) -> Result:
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
        best_value = float("-inf")
        for r in replies:
            result = play_out(after, self.policy, r)
            value = margin(before, result, mover)
            if value > best_value:
                best, best_value = result, value
        assert best is not None
        return best
