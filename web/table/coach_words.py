"""What the coach says about a hand, as plain values: a line for the hand,
a line for its luck, and a row for each decision. Pure Python (no DOM), so
pytest runs it on CPython; :mod:`game.coach.screen` puts it on screen, and the
replay's marks (:mod:`replay.marks`) use it too.

The figures come from :mod:`allfives.review` (the coach's judge, valuing
moves from the deciding seat's view); this module only words them. The hint
is the same judge asked before the move (:func:`hint_words`), and says its
figure in the same words as the review: points more by the end of the hand."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Protocol

from allfives import Move
from allfives.review import BANDS, GRADE_NAMES, Advice, HandReview, Judgement

__all__ = [
    "DecisionRow",
    "Say",
    "decision_row",
    "hand_summary",
    "hint_words",
    "luck_line",
    "move_words",
    "points",
    "tenths",
]

#: Two moves this close in value are "about as good": the judge cannot rank
#: them (the review grades both best: :data:`allfives.review.BANDS`).
ABOUT_AS_GOOD = BANDS[0][0]


class Say(Protocol):
    """What the coach needs of a translator: the game's
    (:class:`table.i18n.Translator`) and the replay's (``replay.frames.ReaderTranslator``)."""

    def __call__(self, key: str, **params: object) -> str: ...

    def number(self, value: int | float) -> str: ...

    def join(self, items: list[str]) -> str: ...


#: Luck this close to nothing is said to be even.
EVEN_LUCK = 2.5


def tenths(value: float) -> int | float:
    """``value`` to a tenth, a whole number shown without its ``.0``."""
    rounded = round(value, 1)
    return int(rounded) if rounded == int(rounded) else rounded


def points(t: Say, value: float) -> str:
    """``+16.5``, ``-2``, ``0``: a value in points, to a tenth, signed."""
    shown = tenths(value)
    return ("+" if shown > 0 else "") + t.number(shown)


def hand_summary(t: Say, review: HandReview, seat: int) -> str:
    """ "3 decisions, 6.5 points lost: 1 best move, 2 mistakes." for ``seat``."""
    mine = review.of(seat)
    if not mine:
        return t("review_no_choice")
    lost = tenths(sum(j.lost for j in mine))
    counts = {name: sum(j.grade.value == name for j in mine) for name in GRADE_NAMES}
    grades = t.join([t("grade_count_" + name, count=count) for name, count in counts.items() if count])
    return t("review_summary", count=len(mine), lost=lost, grades=grades)


def luck_line(t: Say, review: HandReview, side_names: Sequence[str], you: int | None) -> str:
    """Who the deal and the draws favoured, by how much: said to the side
    ``you`` (a side's number), or to an onlooker when None."""
    if not review.luck:
        return ""
    sides = range(len(side_names))
    if you is None:
        luckiest = max(sides, key=review.luck_of)
        if review.luck_of(luckiest) < EVEN_LUCK:
            return t("review_luck_even")
        return t("review_luck_them", name=side_names[luckiest], points=round(review.luck_of(luckiest)))
    mine = review.luck_of(you)
    if abs(mine) < EVEN_LUCK:
        return t("review_luck_even")
    if mine > 0:
        return t("review_luck_you", points=round(mine))
    luckiest = max((s for s in sides if s != you), key=review.luck_of)
    return t("review_luck_them", name=side_names[luckiest], points=round(-mine))


@dataclass(frozen=True, slots=True)
class DecisionRow:
    """A decision as the review shows it: its grade (a key such as
    ``"mistake"``, for the colour), the grade's word, and what happened."""

    grade: str
    grade_word: str
    text: str
    move_number: int


def decision_row(t: Say, judgement: Judgement, name: str | None = None, *, you: bool = False) -> DecisionRow:
    """ "Move 3: you played 6-1. Best: 5-5, about 19.2 points more by the
    end of the hand.", or with ``name``, "Ann played 6-1. Best: ..." (the
    replay, which names the move's number elsewhere; ``you`` when that name
    is the reader's own). A move that was the judge's first choice is
    "the best move"."""
    played = move_words(t, judgement.played)
    best = judgement.best.move == judgement.played
    if name is None:
        text = t("review_played_best" if best else "review_played", number=judgement.move_number, move=played)
    else:
        key = ("mark_played_best" if best else "mark_played") + ("_you" if you else "")
        text = t(key, name=name, move=played)
    if not best:
        more = t("review_best", move=move_words(t, judgement.best.move), lost=t.number(tenths(judgement.lost)))
        text = f"{text} {more}"
    grade = judgement.grade.value
    return DecisionRow(grade, t("grade_" + grade), text, judgement.move_number)


def hint_words(t: Say, advice: Advice) -> str:
    """The hint, in the review's words: "Hint: play 2-2 on the East end:
    about 4.6 points more by the end of the hand than 4-2 on the East end,
    the next best." Moves the judge cannot tell apart are "about as good"."""
    move = move_words(t, advice.best.move)
    other = advice.runner_up
    if other is None:
        return t("hint_only", move=move)
    gain = advice.best.value - other.value
    if gain <= ABOUT_AS_GOOD:
        return t("hint_close", move=move, other=move_words(t, other.move))
    return t("hint_best", move=move, points=t.number(tenths(gain)), other=move_words(t, other.move))


def move_words(t: Say, move: Move) -> str:
    """ "6-4 on the West end", or a lead's tile alone."""
    if move.end is None:
        return str(move.tile)
    return t("review_move_on_end", tile=str(move.tile), end=t("end_" + move.end.name))
