"""What the coach says about a hand, as plain values: a line for the hand,
a line for its luck, and a row for each decision. Pure Python (no DOM), so
pytest runs it on CPython; :mod:`game.coach` puts it on screen.

The figures come from :mod:`allfives.review` (the Expert's judgement from
the deciding seat's view); this module only words them."""

from __future__ import annotations

from dataclasses import dataclass

from allfives import Move
from allfives.review import GRADE_NAMES, HandReview, Judgement

from table.controller import Game
from table.i18n import Translator

__all__ = ["DecisionRow", "decision_row", "hand_summary", "luck_line", "points", "tenths"]

#: Luck this close to nothing is said to be even.
EVEN_LUCK = 2.5


def tenths(value: float) -> int | float:
    """``value`` to a tenth, a whole number shown without its ``.0``."""
    rounded = round(value, 1)
    return int(rounded) if rounded == int(rounded) else rounded


def points(t: Translator, value: float) -> str:
    """``+16.5``, ``-2``, ``0``: a value in points, to a tenth, signed."""
    shown = tenths(value)
    return ("+" if shown > 0 else "") + t.number(shown)


def hand_summary(t: Translator, review: HandReview, seat: int) -> str:
    """ "3 decisions, 6.5 points lost: 1 best move, 2 mistakes." for ``seat``."""
    mine = review.of(seat)
    if not mine:
        return t("review_no_choice")
    lost = tenths(sum(j.lost for j in mine))
    counts = {name: sum(j.grade.value == name for j in mine) for name in GRADE_NAMES}
    grades = t.join([t("grade_count_" + name, count=count) for name, count in counts.items() if count])
    return t("review_summary", count=len(mine), lost=lost, grades=grades)


def luck_line(t: Translator, game: Game, review: HandReview, seat: int) -> str:
    """Who the deal and the draws favoured, by how much, said to ``seat``."""
    if not review.luck:
        return ""
    side = game.rules.side_of(seat)
    mine = review.luck_of(side)
    if abs(mine) < EVEN_LUCK:
        return t("review_luck_even")
    if mine > 0:
        return t("review_luck_you", points=round(mine))
    others = [s for s in range(game.rules.sides) if s != side]
    luckiest = max(others, key=review.luck_of)
    return t("review_luck_them", name=game.side_name(luckiest), points=round(-mine))


@dataclass(frozen=True, slots=True)
class DecisionRow:
    """A decision as the review shows it: its grade (a key such as
    ``"mistake"``, for the colour), the grade's word, and what happened."""

    grade: str
    grade_word: str
    text: str
    move_number: int


def decision_row(t: Translator, judgement: Judgement) -> DecisionRow:
    """ "Move 3: you played 6-4 West (+2.1). Best: 6-0 East (+6.7): 4.6 points lost."."""
    played = _move(t, judgement.played)
    text = t("review_played", number=judgement.move_number, move=played, value=points(t, judgement.played_value))
    if judgement.best.move != judgement.played:
        best = t(
            "review_best",
            move=_move(t, judgement.best.move),
            value=points(t, judgement.best.value),
            lost=tenths(judgement.lost),
        )
        text = f"{text} {best}"
    grade = judgement.grade.value
    return DecisionRow(grade, t("grade_" + grade), text, judgement.move_number)


def _move(t: Translator, move: Move) -> str:
    if move.end is None:
        return str(move.tile)
    return t("review_move_on_end", tile=str(move.tile), end=t("end_" + move.end.name))
