"""Dates as the game page writes them: one form a language, wherever a
date is shown (the History screen's matches, the daily's name, its share
text, the calendar of dailies, a refused link), in the catalogues' month
names and never the browser's locale, which may not be the player's
language and writes a date its own way ("Dec 6, 2026" beside "6 December").

The form is each language's long one, day, month name and year, as a
letter or a newspaper writes it: "6 December 2026", "6. Dezember 2026",
"2026. december 6.", "6 de decembro de 2026", "6. Dezember 2026". A moment
adds the time on the 24-hour clock ("6 December 2026, 14:05"). Browser-free,
so pytest checks every language on CPython."""

from __future__ import annotations

import math
from datetime import UTC, date, datetime, timedelta

from table.i18n import Translator

__all__ = ["date_words", "iso_date_words", "local_time", "moment_words"]


def date_words(t: Translator, day: date) -> str:
    """``day`` as ``t``'s language writes it: "6 December 2026"."""
    # Day and year as plain digits: a number's formatting would write 2026 as "2,026".
    return t("date", day=str(day.day), month=t(f"month_{day.month}"), year=str(day.year))


def iso_date_words(t: Translator, text: str) -> str:
    """A date kept as ``YYYY-MM-DD`` (a daily's), in words; ``text`` as it
    is when it is not a date."""
    try:
        return date_words(t, date.fromisoformat(text))
    except ValueError:
        return text


def moment_words(t: Translator, when: datetime) -> str:
    """A moment on the device's clock: its date in words and the time, "6 December 2026, 14:05"."""
    return t("date_time", date=date_words(t, when.date()), time=f"{when.hour:02d}:{when.minute:02d}")


def local_time(stamp: str, offset_minutes: float) -> datetime | None:
    """The history's stamp (ISO 8601 in UTC, "2026-12-06T12:00:00Z") on the
    device's clock, ``offset_minutes`` behind UTC there (JavaScript's
    ``Date.getTimezoneOffset()``: -60 in Paris in winter; not a number, UTC);
    None when the stamp is no time."""
    try:
        when = datetime.fromisoformat(stamp.replace("Z", "+00:00"))
        if when.tzinfo is not None:
            when = when.astimezone(UTC).replace(tzinfo=None)
        return when - timedelta(minutes=offset_minutes if math.isfinite(offset_minutes) else 0)
    except (ValueError, OverflowError):  # no date, or one at the calendar's very edge
        return None
