"""Peeking: Expert shown the other hands (only the boneyard's order is
sampled), an upper bound on what inference could buy, not a player. The
arena shows a peeking player the match through :func:`peek_view_of`; the
``expert-peek`` variants and the evaluator bound (:mod:`.bound`) use it."""

from __future__ import annotations

import random
from dataclasses import dataclass

from allfives.chance import shuffle
from allfives.hand import HandState
from allfives.match import Match
from allfives.players.expert import FromView
from allfives.players.knowledge import Deals, Knowledge
from allfives.view import SeatView, view_of

__all__ = ["PEEK_AFTER", "PeekView", "Peeked", "Peeking", "peek_view_of"]


@dataclass(frozen=True)
class PeekView(SeatView):
    """A seat's view with the match itself beside it, for the peeking
    variants only (an upper bound, not a player)."""

    match: Match | None = None


def peek_view_of(match: Match, seat: int) -> SeatView:
    """:func:`~allfives.view.view_of`, with the match beside it."""
    view = view_of(match, seat)
    return PeekView(**{name: getattr(view, name) for name in SeatView.__dataclass_fields__}, match=match)


class Peeked:
    """Deals that know every hand: only the boneyard's order is sampled."""

    def __init__(self, know: Knowledge, match: Match) -> None:
        self.know = know
        hand = match.hand
        assert hand is not None
        self.hands = [list(h) for h in hand.hands]
        self.boneyard = list(hand.boneyard)

    def sample(self, rng: random.Random) -> HandState:
        pool = list(self.boneyard)
        shuffle(pool, rng)
        return self.know.position(self.hands, pool)

    def likelihood(self, deal: HandState) -> float:
        return 1.0


PEEK_AFTER = 4  # tiles on the layout before the late-peeking Expert sees the other hands


class Peeking(FromView):
    """An inference that sees the other hands (not the boneyard's order),
    once ``after`` tiles are on the layout: how much perfect inference could
    be worth, measured against honest players. It needs a :class:`PeekView`."""

    def __init__(self, after: int = 0) -> None:
        self.after = after

    def knowledge(self, view: SeatView) -> Deals:
        know = Knowledge.from_view(view)
        if len(view.layout.tiles()) < self.after:
            return know
        if not isinstance(view, PeekView) or view.match is None:
            raise TypeError("a peeking Expert needs the arena's peek_view_of")
        return Peeked(know, view.match)
