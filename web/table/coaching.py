"""The coach's work in slices: the hint (:class:`Advising`) and the review
of a hand (:class:`Reviewing`), one judge (:mod:`allfives.review`) on one
seed, so the review grades a move the hint gave as best, with the same
figures. The page runs both as it runs a computer's thinking
(:func:`table.controller.think`)."""

from __future__ import annotations

import time
from typing import Final

from allfives.match import Match
from allfives.players.base import finish
from allfives.review import Advice, Review, advise_steps, review_steps
from allfives.view import SeatView

__all__ = ["REVIEW_SEED", "Advising", "Reviewing"]

#: The seed of the coach's judge, for the hint and the review alike: the
#: same decision gets the same figures before and after it is made.
REVIEW_SEED: Final = 0


class Advising:
    """The hint's thinking (:func:`allfives.review.advise_steps`), run a
    slice at a time as a :class:`Search` is: :meth:`step` works for about
    ``ms`` milliseconds and returns the advice once it is done."""

    def __init__(self, view: SeatView, move_number: int) -> None:
        self.view = view
        self.steps = advise_steps(view, move_number, seed=REVIEW_SEED)

    def step(self, ms: float) -> Advice | None:
        until = time.perf_counter() + ms / 1000
        try:
            while time.perf_counter() < until:
                next(self.steps)
        except StopIteration as finished:
            return finished.value  # type: ignore[no-any-return]
        return None

    def finish(self) -> Advice:
        """Think straight through to the advice."""
        return finish(self.steps)


class Reviewing:
    """The coach's review of one hand (:func:`allfives.review.review_steps`),
    run a slice at a time as a :class:`Search` is: :meth:`step` works for
    about ``ms`` milliseconds and returns the review once it is done;
    :attr:`progress` says how far it is, from 0 to 1."""

    def __init__(self, match: Match, hand: int, seats: tuple[int, ...]) -> None:
        self.hand = hand
        self.seats = seats
        self.progress = 0.0
        self.steps = review_steps(match, seats=seats, hands=(hand,), seed=REVIEW_SEED)

    def step(self, ms: float) -> Review | None:
        until = time.perf_counter() + ms / 1000
        try:
            while time.perf_counter() < until:
                done, total = next(self.steps)
                self.progress = done / total if total else 1.0
        except StopIteration as finished:
            self.progress = 1.0
            return finished.value  # type: ignore[no-any-return]
        return None
