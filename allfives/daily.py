"""The daily deal: one hand a day, the same for everyone, and its duplicate.

The deal of a date is dealt from the seed ``daily/YYYY-MM-DD``
(:meth:`allfives.Deal.from_seed`), so it can be verified like any other
(:mod:`allfives.verify`), under :data:`RULES`: the standard rules for two,
nine tiles each and ten in the boneyard, the leader drawn from the seed.
The standard preset because it is what most tables play, and because its
boneyard of ten makes the draws matter, which the duplicate keeps in order.
The player sits at seat 1 (:data:`PLAYER`) against the Expert.

Which date is "today" is the player's own: the page takes the date of the
device's clock (local time), as a paper's daily puzzle is the one of the
day where you are. A date is out once it has begun somewhere on Earth
(:func:`latest_date`: UTC+14), so a friend a timezone ahead may send theirs.

The *duplicate* (:func:`duplicate_steps`): the Expert plays the player's
seat on the same deal with the same boneyard order, against the same
opponent, the Expert. Both run with fixed caps on their sampled deals
(:data:`EXPERT_DEALS`) and no time budget, from seeds of the date, so the
duplicate is the same on every device: CPython and the page's Pyodide give
the same moves and the same score (``tests/engine/test_daily.py``). Its
playout is the one Expert searched with when the daily began (the learned
rule for the searching seat, Easy's for the other:
:data:`~allfives.players.expert.LEARNED`), so a day's duplicate stays what
it was when the game page plays a stronger Expert.

>>> from datetime import date
>>> deal = daily_deal(date(2026, 12, 6))
>>> deal.seed, len(deal.hands[0]), len(deal.boneyard)
('daily/2026-12-06', 9, 10)
"""

from __future__ import annotations

import random
import re
from collections.abc import Generator, Sequence
from dataclasses import dataclass
from datetime import UTC, date, datetime, timedelta
from typing import Final, Literal

from .match import Deal, HandHistory, Match
from .players.base import finish, saying
from .players.expert import LEARNED, Expert
from .refusal import Refused
from .rules import Rules
from .view import view_of

__all__ = [
    "EXPERT_DEALS",
    "PLAYER",
    "RULES",
    "DailyError",
    "Duplicate",
    "daily_deal",
    "daily_match",
    "daily_seed",
    "duplicate",
    "duplicate_steps",
    "expert_match",
    "latest_date",
    "parse_date",
    "score_of",
]

RULES: Final = Rules.preset("standard")
#: The player's seat; the Expert sits at the other.
PLAYER: Final = 0
#: The sampled deals each of the duplicate's Experts searches per move, at
#: most (the game's Expert searches up to 800 within 300 ms). Fewer, so the
#: duplicate of a hand takes seconds in the page; fixed, not timed, so it is
#: the same everywhere.
EXPERT_DEALS: Final = 200
#: The earliest and latest timezones: a date has begun somewhere once it
#: has begun at UTC+14.
EARLIEST_ZONE: Final = timedelta(hours=14)
FIRST_DATE: Final = date(2000, 1, 1)

Refusal = Literal["malformed", "impossible", "future", "too-early"]
_WRITTEN: Final = re.compile(r"(\d{4})-(\d{2})-(\d{2})")


class DailyError(Refused):
    """A date with no daily deal; ``kind`` says why (for the page's words,
    and as the code ``daily_<kind>``), the message says it in English."""

    def __init__(self, kind: Refusal, message: str) -> None:
        super().__init__(message, "daily_" + kind.replace("-", "_"))
        self.kind: Refusal = kind


def latest_date(now: datetime) -> date:
    """The latest date that has begun anywhere at ``now`` (an aware time)."""
    return (now.astimezone(UTC) + EARLIEST_ZONE).date()


def parse_date(text: str, latest: date) -> date:
    """The date written ``YYYY-MM-DD`` in ``text``, if it has a daily deal
    by ``latest`` (:func:`latest_date`); else :class:`DailyError`.

    >>> parse_date("2026-02-30", date(2026, 12, 6))
    Traceback (most recent call last):
    ...
    allfives.daily.DailyError: there is no 30 February 2026
    """
    found = _WRITTEN.fullmatch(text.strip())
    if found is None:
        shown = text if len(text) <= 20 else text[:19] + "…"
        raise DailyError("malformed", f"{shown!r} is not a date written like 2026-12-06")
    year, month, day = (int(part) for part in found.groups())
    try:
        when = date(year, month, day)
    except ValueError:
        month_name = _MONTHS[month - 1] if 1 <= month <= 12 else f"month {month}"
        raise DailyError("impossible", f"there is no {day} {month_name} {year}") from None
    if when > latest:
        raise DailyError("future", f"the daily deal of {when.isoformat()} is not out yet")
    if when < FIRST_DATE:
        raise DailyError("too-early", f"the daily deals start on {FIRST_DATE.isoformat()}")
    return when


_MONTHS: Final = (
    "January",
    "February",
    "March",
    "April",
    "May",
    "June",
    "July",
    "August",
    "September",
    "October",
    "November",
    "December",
)


def daily_seed(day: date) -> str:
    return f"daily/{day.isoformat()}"


def daily_deal(day: date) -> Deal:
    """The deal of ``day``: every seat's tiles, the boneyard and the leader."""
    return Deal.from_seed(RULES, daily_seed(day))


def daily_match(day: date) -> Match:
    """A new match under :data:`RULES`, the daily deal of ``day`` dealt."""
    match = Match(RULES)
    match.deal_seed(daily_seed(day))
    return match


def score_of(history: Sequence[HandHistory]) -> int:
    """The points the player's side made in the (first) hand of a match's
    ``history`` (:attr:`Match.history`)."""
    return history[0].scores_after[RULES.side_of(PLAYER)]


@dataclass(frozen=True, slots=True)
class Duplicate:
    """The player's score on the day's deal beside the Expert's on the same
    tiles: ``margin`` is the player's lead (negative: behind)."""

    day: date
    you: int
    expert: int

    @property
    def margin(self) -> int:
        return self.you - self.expert

    def line(self) -> str:
        return f"You scored {self.you}, the Expert {self.expert} with your tiles: {self.margin:+d}"


def duplicate_steps(day: date) -> Generator[tuple[int, int], None, Match]:
    """The Expert plays the daily hand of ``day`` at both seats, in small
    steps; each yields ``(tiles played, tiles played + tiles held)`` for a
    progress bar. Returns the match, the hand played out."""
    match = daily_match(day)
    players = [
        Expert(random.Random(f"{daily_seed(day)}/expert/{seat}"), budget_ms=None, deals=EXPERT_DEALS, playout=LEARNED)
        for seat in range(RULES.players)
    ]
    hand = match.hand
    assert hand is not None
    while not hand.is_over:
        seat = hand.to_move
        thinking = players[seat].think(view_of(match, seat))
        progress = (len(hand.moves), len(hand.moves) + sum(len(tiles) for tiles in hand.hands))
        decision = yield from saying(thinking, progress)
        match.play(decision.move)
    return match


def expert_match(day: date) -> Match:
    """:func:`duplicate_steps` run to its end: the Expert's daily hand."""
    return finish(duplicate_steps(day))


def duplicate(day: date, played: Match) -> Duplicate:
    """The player's daily hand ``played`` against the Expert's on its tiles."""
    return Duplicate(day, score_of(played.history), score_of(expert_match(day).history))
