"""The daily deal on the game page, browser-free: the daily's game, the
duplicate and its grades worked out in slices, the dailies remembered (one
counted play a day, the streak) and the share text.

The engine's part is :mod:`allfives.daily`; the page's is :mod:`game.daily`.
"""

from __future__ import annotations

import html
from collections.abc import Generator, Mapping
from dataclasses import dataclass, field
from datetime import date, timedelta
from typing import Final

from allfives.daily import FIRST_DATE, PLAYER, RULES, DailyError, Duplicate, daily_match, duplicate_steps, score_of
from allfives.players.base import relay
from allfives.review import Grade

from game.dates import date_words
from table.controller import Game, GameSetup, SeatSetup, Slices
from table.i18n import Translator

__all__ = [
    "BEGUN",
    "KEY",
    "LEFT",
    "MARKS",
    "Dailies",
    "DailyResult",
    "Duplicating",
    "daily_game",
    "refused_words",
    "result_markup",
    "share_key",
    "share_text",
]

#: The store's key for the dailies played (beside the saved game).
KEY: Final = "dailies"
#: A decision's mark in the share text, by its grade: colours only, so the
#: text tells nothing of the tiles.
MARKS: Final = {
    Grade.BEST.value: "🟩",
    Grade.GOOD.value: "🟩",
    Grade.INACCURACY.value: "🟨",
    Grade.MISTAKE.value: "🟧",
    Grade.BLUNDER.value: "🟥",
}
#: How many days of results are kept: enough for any streak worth showing,
#: small enough for the store.
KEPT_DAYS: Final = 400


def daily_game(day: date, you: str, expert: str, *, practice: bool) -> Game:
    """The daily deal of ``day``: ``you`` at seat 1 against the Expert."""
    setup = GameSetup(RULES, (SeatSetup(you), SeatSetup(expert, "expert")))
    game = Game(setup, match=daily_match(day))
    game.daily = day.isoformat()
    game.practice = practice
    return game


@dataclass(frozen=True, slots=True)
class DailyResult:
    """The duplicate, and the grade of each of the player's decisions."""

    duplicate: Duplicate
    grades: tuple[str, ...]


class Duplicating(Slices[DailyResult]):
    """The Expert's play of the player's seat on the daily's tiles
    (:func:`allfives.daily.duplicate_steps`), then the review of the
    player's decisions for the share text's marks, run a slice at a time
    as the coach's review is (:class:`table.work.Slices`):
    :attr:`progress` goes from 0 to 1, the Expert's play the first half."""

    def __init__(self, game: Game) -> None:
        assert game.daily is not None
        self.day = date.fromisoformat(game.daily)
        self.played = game.history
        super().__init__(self._work(game))

    def _work(self, game: Game) -> Generator[float, None, DailyResult]:
        expert = yield from relay(duplicate_steps(self.day), lambda news: _half(news, 0.0))
        # The coach's review of the hand, when the player has asked for it
        # already: the same judge, the same seed, so the same grades.
        review = game.review_kept_of(1)
        if review is None:
            review = yield from relay(game.grading_steps(1, (PLAYER,)), lambda news: _half(news, 0.5))
        grades = tuple(judgement.grade.value for judgement in review.judgements(PLAYER))
        return DailyResult(Duplicate(self.day, score_of(self.played), score_of(expert.history)), grades)


def _half(news: tuple[int, int], start: float) -> float:
    """How far the whole is when its half from ``start`` is at ``(done, total)``."""
    done, total = news
    return start + 0.5 * (done / total if total else 1.0)


#: How a counted play that has no result yet stands: dealt (``begun``: it
#: may be on the table still) or left before its end (``left``).
BEGUN: Final = "begun"
LEFT: Final = "left"


@dataclass(slots=True)
class Dailies:
    """The dailies played and counted: each date's score and the Expert's.
    A day counts once, on that day; any other play is practice.

    The day's counted play is taken as it is dealt (:meth:`begin`): left
    before its end (:meth:`leave`), the day has been played, so a second play
    is practice and the deal cannot be dealt again for a better score once
    seen; but it has no result, so it is no day of the streak."""

    results: dict[str, tuple[int, int]] = field(default_factory=dict)
    #: The counted plays with no result: :data:`BEGUN` or :data:`LEFT`, by date.
    taken: dict[str, str] = field(default_factory=dict)

    @staticmethod
    def from_json(data: object) -> Dailies:
        """What the store holds; anything unreadable in it is left out."""
        results: dict[str, tuple[int, int]] = {}
        taken: dict[str, str] = {}
        if isinstance(data, Mapping):
            for day, scores in data.items():
                if not isinstance(day, str) or not _is_date(day):
                    continue
                if _is_pair(scores):
                    results[day] = (scores[0], scores[1])
                elif scores in (BEGUN, LEFT):
                    taken[day] = str(scores)
        return Dailies(results, taken)

    def to_json(self) -> dict[str, list[int] | str]:
        every: dict[str, list[int] | str] = {**self.taken, **{day: list(s) for day, s in self.results.items()}}
        return {day: every[day] for day in sorted(every)[-KEPT_DAYS:]}

    def counts(self, day: date, today: date) -> bool:
        """Whether a play of ``day``'s deal, begun ``today``, counts."""
        return day == today and day.isoformat() not in self.results and day.isoformat() not in self.taken

    def begin(self, day: date) -> None:
        """The day's counted play is dealt: any other play of it is practice."""
        if day.isoformat() not in self.results:
            self.taken.setdefault(day.isoformat(), BEGUN)

    def leave(self, day: date) -> None:
        """The day's counted play is left before its end: played, with no result."""
        if self.taken.get(day.isoformat()) == BEGUN:
            self.taken[day.isoformat()] = LEFT

    def add(self, result: Duplicate) -> None:
        self.results[result.day.isoformat()] = (result.you, result.expert)
        self.taken.pop(result.day.isoformat(), None)

    def streak(self, today: date) -> int:
        """The days in a row with a counted daily, up to today (or up to
        yesterday, while today's is still to play). Today's left unfinished
        ends the run."""
        if self.taken.get(today.isoformat()) == LEFT:
            return 0
        day = today if today.isoformat() in self.results else today - timedelta(days=1)
        count = 0
        while day.isoformat() in self.results:
            count += 1
            day -= timedelta(days=1)
        return count


def _is_date(text: str) -> bool:
    try:
        date.fromisoformat(text)
    except ValueError:
        return False
    return len(text) == 10


def _is_pair(value: object) -> bool:
    return (
        isinstance(value, list)
        and len(value) == 2
        and all(isinstance(v, int) and not isinstance(v, bool) for v in value)
    )


def share_text(t: Translator, result: DailyResult, link: str, *, practice: bool) -> str:
    """What a player sends friends: the date, the margin against the Expert,
    a mark per decision, what each mark means (in the player's language) and
    the link. No tile, no score: nothing to spoil."""
    margin = result.duplicate.margin
    head = t("daily_share_head", date=date_words(t, result.duplicate.day), margin=f"{margin:+d}")
    if practice:
        head += " " + t("daily_share_practice")
    marks = "".join(MARKS.get(grade, "⬜") for grade in result.grades)
    return "\n".join(line for line in (head, marks, share_key(t), link) if line)


def share_key(t: Translator) -> str:
    """The share text's key: what each square says of a decision."""
    # Best and good share their green square: the key names it once.
    squares = {grade.value: MARKS[grade.value] for grade in Grade if grade is not Grade.BEST}
    return t("daily_share_key", **squares)


def refused_words(t: Translator, written: str, error: DailyError) -> str:
    """Why a link's daily is refused, in words: a date that is one but has no
    daily yet (or any more) as the page writes dates ("8 December 2026 is not
    out yet"); any other as the link wrote it, cut short."""
    if error.kind in ("future", "too-early"):
        shown = date_words(t, date.fromisoformat(written.strip()))
    else:
        shown = written if len(written) <= 20 else written[:19] + "…"
    return t("daily_refused_" + error.kind.replace("-", "_"), date=shown, first=date_words(t, FIRST_DATE))


def result_markup(t: Translator, result: DailyResult, share: str, streak: int, *, practice: bool) -> tuple[str, str]:
    """The daily's result in its dialog, as markup (every text escaped), and
    what a screen reader is told: the two scores and the margin, whether it
    was practice, the streak, and the share text to copy."""
    duplicate = result.duplicate
    said = t("daily_result", you=duplicate.you, expert=duplicate.expert, margin=f"{duplicate.margin:+d}")
    parts = [f'<p class="daily-result">{html.escape(said)}</p>']
    if practice:
        parts.append(f'<p class="daily-note">{html.escape(t("daily_practice"))}</p>')
    parts.append(f'<p class="daily-note">{html.escape(t("daily_streak", count=streak))}</p>')
    label = html.escape(t("daily_share_label"), quote=True)
    parts.append(f'<pre class="daily-share" role="group" aria-label="{label}">{html.escape(share)}</pre>')
    return "".join(parts), said
