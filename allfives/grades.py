"""What the coach's review says, as plain values with their JSON: the
grades and their bands (:func:`grade_of`), a decision judged
(:class:`Judgement`, its :class:`Choice` of moves), the luck of a draw or a
deal (:class:`Luck`), a hand's review and the whole review
(:class:`HandReview`, :class:`Review`). :mod:`allfives.review` works them
out; :mod:`allfives.kept_review` reads them back from a record."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from enum import Enum
from typing import Any

from .tiles import Move, Tile

__all__ = [
    "BANDS",
    "GRADE_NAMES",
    "LUCK_SAMPLES",
    "Choice",
    "Grade",
    "HandReview",
    "Judgement",
    "Luck",
    "Review",
    "grade_of",
]


class Grade(Enum):
    """How good a decision was, by the points it lost against the best move."""

    BEST = "best"
    GOOD = "good"
    INACCURACY = "inaccuracy"
    MISTAKE = "mistake"
    BLUNDER = "blunder"


GRADE_NAMES = tuple(grade.value for grade in Grade)

BANDS: tuple[tuple[float, Grade], ...] = (
    (1.0, Grade.BEST),
    (2.5, Grade.GOOD),
    (5.0, Grade.INACCURACY),
    (10.0, Grade.MISTAKE),
)
"""The grade of a decision that lost at most each bound (in points); more
than the last bound is a :attr:`Grade.BLUNDER`. All Fives scores in fives:
losing more than half a score on average is an inaccuracy, more than a
whole score a mistake, more than two scores a blunder. Within a point of
the best move is "best": the judge cannot rank moves closer than that (with
"best" only for the judge's own first choice, half of all grades changed
with the judge's seed; docs/benchmarks.md)."""


def grade_of(lost: float) -> Grade:
    """The grade of a decision that lost ``lost`` points."""
    for bound, grade in BANDS:
        if lost <= bound:
            return grade
    return Grade.BLUNDER


@dataclass(frozen=True, slots=True)
class Choice:
    """A legal move and its value: the mean margin in points it leads to."""

    move: Move
    value: float

    def to_json(self) -> dict[str, Any]:
        return {"move": str(self.move), "value": self.value}


@dataclass(frozen=True, slots=True)
class Judgement:
    """One decision: who made it, where (the hand's number, and the move's
    number in the hand, from 1), what was played, and every legal move's
    value, the best first."""

    hand: int
    move_number: int
    seat: int
    played: Move
    choices: tuple[Choice, ...]
    samples: int
    exact: bool

    @property
    def best(self) -> Choice:
        return self.choices[0]

    @property
    def played_value(self) -> float:
        return next(choice.value for choice in self.choices if choice.move == self.played)

    @property
    def lost(self) -> float:
        """Points lost against the best move (0 when the played move is the best)."""
        return round(max(0.0, self.best.value - self.played_value), 1)

    @property
    def grade(self) -> Grade:
        return grade_of(self.lost)

    def to_json(self) -> dict[str, Any]:
        return {
            "hand": self.hand,
            "move": self.move_number,
            "seat": self.seat,
            "played": str(self.played),
            "best": str(self.best.move),
            "lost": self.lost,
            "grade": self.grade.value,
            "samples": self.samples,
            "exact": self.exact,
            "choices": [choice.to_json() for choice in self.choices],
        }


LUCK_SAMPLES = 200
"""Shuffles of the boneyard per value in a chance event's luck."""


@dataclass(frozen=True, slots=True)
class Luck:
    """A chance event and how much it favoured each side, in points: the
    deal (``move_number`` 0, ``seat`` None), or the tiles ``seat`` drew
    after move ``move_number`` of the hand."""

    hand: int
    move_number: int
    seat: int | None
    tiles: tuple[Tile, ...]
    favour: tuple[float, ...]

    def to_json(self) -> dict[str, Any]:
        return {
            "hand": self.hand,
            "after_move": self.move_number,
            "seat": self.seat,
            "tiles": [str(tile) for tile in self.tiles],
            "favour": list(self.favour),
        }


@dataclass(frozen=True, slots=True)
class HandReview:
    """A hand's decisions, in the order they were made, and its chance
    events (the deal, then each seat's draws), when luck was measured."""

    number: int
    judgements: tuple[Judgement, ...]
    luck: tuple[Luck, ...] = ()

    def luck_of(self, side: int) -> float:
        """How much the hand's chance events favoured ``side``, in all."""
        return round(sum(event.favour[side] for event in self.luck), 2)

    def of(self, seat: int) -> tuple[Judgement, ...]:
        return tuple(j for j in self.judgements if j.seat == seat)


@dataclass(frozen=True, slots=True)
class Review:
    """Every reviewed hand of a record, with the figures per seat."""

    hands: tuple[HandReview, ...]
    samples: int
    seed: int

    def judgements(self, seat: int | None = None) -> tuple[Judgement, ...]:
        return tuple(j for hand in self.hands for j in hand.judgements if seat is None or j.seat == seat)

    def lost_per_decision(self, seat: int) -> float | None:
        """Mean points lost per decision of ``seat`` (None: it made none)."""
        mine = self.judgements(seat)
        return round(sum(j.lost for j in mine) / len(mine), 2) if mine else None

    def grades(self, seat: int) -> dict[str, int]:
        """How many decisions of ``seat`` earned each grade."""
        counts = Counter(j.grade.value for j in self.judgements(seat))
        return {name: counts[name] for name in GRADE_NAMES}

    def to_json(self) -> dict[str, Any]:
        seats = sorted({j.seat for j in self.judgements()})
        return {
            "samples": self.samples,
            "seed": self.seed,
            "seats": [
                {"seat": s, "lost_per_decision": self.lost_per_decision(s), "grades": self.grades(s)} for s in seats
            ],
            "hands": [hand.number for hand in self.hands],
            "decisions": [j.to_json() for j in self.judgements()],
            "luck": [event.to_json() for hand in self.hands for event in hand.luck],
        }
