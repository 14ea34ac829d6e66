"""The coach's marks in a replay. A record that keeps its review (in
``meta.review``: the game's Review writes it there, and so does ``python -m
allfives review --annotate``) shows, at each decision, its grade in a word
and a colour and what the Expert would have played, with each move's value;
the board can show the best move in place of the one played; each hand has
a line per reviewed player and a line for its luck, and a small graph of the
expected margin at each decision; and the key moments are listed to jump to.

Pure Python (no DOM), like :mod:`replay.frames`: pytest runs it on CPython,
and :mod:`replay.live` draws what it gives. A review that cannot be read, or
that is not a review of its record, is left out with a line saying so: the
replay itself goes on."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from html import escape
from typing import Final

from allfives import Layout, Move, Rules
from allfives.kept_review import ReviewError, read_review
from allfives.review import Grade, HandReview, Judgement, Review

from replay.frames import Frame, ReaderTranslator, side_name
from table import coach_words

__all__ = ["Mark", "Marks", "Moment"]

#: Grades worth a key moment, and how many moments are listed at most.
KEY_GRADES: Final = frozenset({Grade.MISTAKE, Grade.BLUNDER})
MOST_MOMENTS: Final = 6
#: The graph's size in its own units (the page scales it).
GRAPH_WIDTH, GRAPH_HEIGHT, GRAPH_PAD = 240, 60, 6


@dataclass(frozen=True, slots=True)
class Mark:
    """A decision as the replay marks it: its grade (a key such as
    ``"mistake"``, for the colour), the grade's word, the sentence, and,
    when another move was better, that move on the table as it would have
    been, with its sentence."""

    grade: str
    grade_word: str
    text: str
    best_layout: Layout | None
    best: Move | None
    best_text: str


@dataclass(frozen=True, slots=True)
class Moment:
    """A key moment: the position to jump to, and what happened there."""

    position: int
    text: str


class Marks:
    """The review of a replay's record, read once, placed on its frames."""

    def __init__(
        self,
        record: Mapping[str, object],
        frames: Sequence[Frame],
        words: ReaderTranslator,
        names: Sequence[str],
        rules: Rules,
    ) -> None:
        self.words = words
        self.names = list(names)
        self.rules = rules
        self.frames = frames
        self.review: Review | None = None
        self.problem: str | None = None
        self.by_place: dict[tuple[int, int], Judgement] = {}
        self.positions: dict[tuple[int, int], int] = {}
        meta = record.get("meta")
        kept = meta.get("review") if isinstance(meta, Mapping) else None
        if kept is None:
            return
        try:
            self.review = read_review(kept, record)
        except ReviewError:
            self.problem = words("mark_unreadable")
            return
        self.by_place = {(j.hand, j.move_number): j for j in self.review.judgements()}
        self.positions = {(f.hand, f.in_hand): f.move for f in frames if f.move}

    @property
    def shown(self) -> bool:
        return self.review is not None

    def _you(self, seat: int) -> bool:
        return self.names[seat] == self.words("embed_you")

    def at(self, position: int) -> Mark | None:
        """The mark of the move that leads to ``position``, if it was a reviewed decision."""
        if self.review is None or not 0 < position < len(self.frames):
            return None
        frame = self.frames[position]
        judged = self.by_place.get((frame.hand, frame.in_hand))
        if judged is None:
            return None
        row = coach_words.decision_row(self.words, judged, self.names[judged.seat], you=self._you(judged.seat))
        if judged.best.move == judged.played:
            return Mark(row.grade, row.grade_word, row.text, None, None, "")
        before = self.frames[position - 1]
        layout = before.layout.copy() if before.hand == frame.hand else Layout()
        layout.place(judged.best.move)
        best_text = self.words("mark_best_shown", move=coach_words.move_words(self.words, judged.best.move))
        return Mark(row.grade, row.grade_word, row.text, layout, judged.best.move, best_text)

    def hand_lines(self, hand: int) -> list[str]:
        """A line per reviewed player of hand ``hand``, then its luck."""
        if self.review is None:
            return []
        reviewed = next((h for h in self.review.hands if h.number == hand), None)
        if reviewed is None:
            return []
        seats = sorted({j.seat for j in self.review.judgements()})
        lines = [self.hand_line(reviewed, seat) for seat in seats] or [self.words("mark_no_decisions")]
        sides = [side_name(self.rules, self.names, side) for side in range(self.rules.sides)]
        you = next((self.rules.side_of(s) for s in range(self.rules.players) if self._you(s)), None)
        luck = coach_words.luck_line(self.words, reviewed, sides, you)
        return [*lines, luck] if luck else lines

    def hand_line(self, reviewed: HandReview, seat: int) -> str:
        """What ``seat`` did in the reviewed hand, in a line."""
        name = self.names[seat]
        if not reviewed.of(seat):
            return self.words("mark_no_choice_you" if self._you(seat) else "mark_no_choice", name=name)
        return self.words("mark_hand_line", name=name, summary=coach_words.hand_summary(self.words, reviewed, seat))

    def moments(self) -> list[Moment]:
        """The mistakes and blunders, the costliest first chosen, listed in
        the order they were made."""
        if self.review is None:
            return []
        costly = [j for j in self.review.judgements() if j.grade in KEY_GRADES]
        chosen = sorted(sorted(costly, key=lambda j: -j.lost)[:MOST_MOMENTS], key=self._position)
        return [Moment(self._position(j), self._moment_text(j)) for j in chosen]

    def _position(self, judged: Judgement) -> int:
        return self.positions.get((judged.hand, judged.move_number), 0)

    def _moment_text(self, judged: Judgement) -> str:
        return self.words(
            "mark_moment",
            hand=judged.hand,
            move=judged.move_number,
            name=self.names[judged.seat],
            grade=self.words("grade_" + judged.grade.value),
            lost=coach_words.tenths(judged.lost),
        )

    def graph(self, hand: int, seat: int) -> str:
        """An SVG line of ``seat``'s expected margin (the value of each move
        it played) at each of its decisions in hand ``hand``, zero marked;
        empty when it made fewer than two. Its name says the values."""
        if self.review is None:
            return ""
        mine = [j for j in self.review.judgements(seat) if j.hand == hand]
        if len(mine) < 2:
            return ""
        values = [j.played_value for j in mine]
        top, bottom = max(*values, 0.0), min(*values, 0.0)
        span = (top - bottom) or 1.0
        step = (GRAPH_WIDTH - 2 * GRAPH_PAD) / (len(values) - 1)

        def y(value: float) -> float:
            return round(GRAPH_PAD + (top - value) / span * (GRAPH_HEIGHT - 2 * GRAPH_PAD), 1)

        points = " ".join(f"{round(GRAPH_PAD + i * step, 1)},{y(v)}" for i, v in enumerate(values))
        dots = "".join(
            f'<circle class="grade-{j.grade.value}" cx="{round(GRAPH_PAD + i * step, 1)}" cy="{y(j.played_value)}" r="3"/>'
            for i, j in enumerate(mine)
        )
        said = self.words(
            "mark_graph",
            name=self.names[seat],
            hand=hand,
            values=self.words.join([coach_words.points(self.words, v) for v in values]),
        )
        return (
            f'<svg class="margin-graph" viewBox="0 0 {GRAPH_WIDTH} {GRAPH_HEIGHT}" role="img"'
            f' aria-label="{escape(said)}"><line class="zero" x1="0" x2="{GRAPH_WIDTH}" y1="{y(0.0)}" y2="{y(0.0)}"/>'
            f'<polyline points="{points}"/>{dots}</svg>'
        )
