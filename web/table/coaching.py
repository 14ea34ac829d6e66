"""The coach's work as steps: the hint (:func:`hint_steps`) and the review
of a hand (:func:`review_of_hand_steps`), one judge (:mod:`allfives.review`)
on one seed, so the review grades a move the hint gave as best, with the
same figures. The page runs both as it runs a computer's thinking, in
slices (:class:`table.work.Slices`)."""

from __future__ import annotations

from collections.abc import Generator
from typing import Final

from allfives.match import Match
from allfives.review import Advice, Review, advise_steps, review_steps
from allfives.view import SeatView

__all__ = ["REVIEW_SEED", "grading_steps", "hint_steps", "review_of_hand_steps"]

#: The seed of the coach's judge, for the hint and the review alike: the
#: same decision gets the same figures before and after it is made.
REVIEW_SEED: Final = 0


def hint_steps(view: SeatView, move_number: int) -> Generator[None, None, Advice]:
    """The hint for the seat of ``view`` at move ``move_number`` of the
    hand (:func:`allfives.review.advise_steps`), on the stream the review
    of that decision will use."""
    return advise_steps(view, move_number, seed=REVIEW_SEED)


def review_of_hand_steps(match: Match, hand: int, seats: tuple[int, ...]) -> Generator[tuple[int, int], None, Review]:
    """The coach's review of hand ``hand`` of ``match`` (:func:`allfives.review.review_steps`):
    the decisions of ``seats`` and the hand's luck, each step saying how
    far it is."""
    return review_steps(match, seats=seats, hands=(hand,), seed=REVIEW_SEED)


def grading_steps(match: Match, hand: int, seats: tuple[int, ...]) -> Generator[tuple[int, int], None, Review]:
    """The coach's grades of the decisions of ``seats`` in hand ``hand`` of
    ``match``, as the review gives them, without the hand's luck."""
    return review_steps(match, seats=seats, hands=(hand,), seed=REVIEW_SEED, luck=False)
