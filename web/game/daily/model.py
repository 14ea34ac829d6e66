"""The daily deal on the game page, browser-free: the daily's game, the
duplicate and its grades worked out in slices, and the dailies remembered
(one counted play a day, the streak).

The engine's part is :mod:`allfives.daily`; what the daily says (its
result, the share text) is :mod:`game.daily.words`; the page's part is
:mod:`game.daily.screen`.
"""

from __future__ import annotations

from collections.abc import Generator, Mapping
from dataclasses import dataclass, field
from datetime import date, timedelta
from typing import Final

from allfives.daily import PLAYER, RULES, Duplicate, daily_match, duplicate_steps, score_of
from allfives.players.base import relay

from table.game import Game, GameSetup, SeatSetup, Slices

__all__ = [
    "BEGUN",
    "KEY",
    "LEFT",
    "Dailies",
    "DailyResult",
    "Duplicating",
    "daily_game",
]

#: The store's key for the dailies played (beside the saved game).
KEY: Final = "dailies"
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
