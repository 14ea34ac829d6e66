"""The calendar of past dailies, browser-free: a month's days, each with
how its daily went (the counted margin against the Expert, practice, left
unfinished, not played, or still to come), in words a screen reader says
("6 December 2026: you scored +10 against the Expert": the date as the page
writes every date, :func:`game.dates.date_words`). The month and weekday
names are the catalogues', never the browser's locale. The page's part is
:mod:`game.daily.calendar`."""

from __future__ import annotations

import html
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from datetime import date, timedelta
from typing import Any, Final

from allfives.daily import FIRST_DATE

from game.daily.model import Dailies
from game.dates import date_words
from table.i18n import Translator

__all__ = [
    "CalendarDay",
    "Chosen",
    "DayOutcome",
    "Month",
    "daily_of",
    "month",
    "month_markup",
    "moved",
    "played_of",
    "shift",
]

#: How a day's daily went, the first that holds: its counted result; its
#: counted play on the table now; left unfinished; played as practice only;
#: not played; not out yet.
DayOutcome = str
COUNTED: Final = "counted"
PLAYING: Final = "playing"
UNFINISHED: Final = "unfinished"
PRACTICE: Final = "practice"
UNPLAYED: Final = "unplayed"
FUTURE: Final = "future"


@dataclass(frozen=True, slots=True)
class CalendarDay:
    day: date
    outcome: DayOutcome
    #: The counted margin against the Expert, for a :data:`COUNTED` day.
    margin: int | None
    today: bool
    #: What the day's cell shows under its number ("+10", "practice").
    mark: str
    #: The day's accessible name: the date and how its daily went, in words.
    label: str

    @property
    def can_play(self) -> bool:
        return self.outcome != FUTURE


@dataclass(frozen=True, slots=True)
class Month:
    first: date
    #: "December 2026", in the player's language.
    title: str
    #: The weekday names, Monday first: (short, full).
    weekdays: tuple[tuple[str, str], ...]
    #: The weeks, Monday first; None where a week runs into another month.
    weeks: tuple[tuple[CalendarDay | None, ...], ...]
    #: The first days of the months before and after, where there are dailies to see.
    previous: date | None
    next: date | None


def shift(first: date, months: int) -> date:
    """The first day of the month ``months`` after ``first``'s."""
    index = first.year * 12 + first.month - 1 + months
    return date(index // 12, index % 12 + 1, 1)


#: How far each arrow key moves the calendar's focus, in days.
ARROWS: Final = {"ArrowLeft": -1, "ArrowRight": 1, "ArrowUp": -7, "ArrowDown": 7}


def moved(day: date, key: str, today: date) -> date | None:
    """The day the calendar's focus moves to from ``day`` on ``key``, as a
    date picker's grid moves it: the arrows a day or a week, Home and End the
    week's Monday and Sunday, Page Up and Page Down a month (the same day,
    or the month's last if it has fewer). It stays between the first daily
    and ``today``: days still to come cannot be chosen. None for any other key."""
    if key in ARROWS:
        target = day + timedelta(days=ARROWS[key])
    elif key == "Home":
        target = day - timedelta(days=day.weekday())
    elif key == "End":
        target = day + timedelta(days=6 - day.weekday())
    elif key in ("PageUp", "PageDown"):
        first = shift(day.replace(day=1), -1 if key == "PageUp" else 1)
        last = (shift(first, 1) - timedelta(days=1)).day
        target = first.replace(day=min(day.day, last))
    else:
        return None
    return min(max(target, FIRST_DATE), today)


def daily_of(record: Mapping[str, Any]) -> tuple[str, bool] | None:
    """The daily's date and whether it was practice, for a record of one."""
    meta = record.get("meta")
    daily = meta.get("daily") if isinstance(meta, Mapping) else None
    if not isinstance(daily, Mapping) or not isinstance(daily.get("date"), str):
        return None
    return str(daily["date"]), bool(daily.get("practice"))


def played_of(records: Iterable[Mapping[str, Any]]) -> set[str]:
    """The dates whose daily the history holds a play of, counted or not."""
    return {found[0] for record in records if (found := daily_of(record)) is not None}


def month(
    t: Translator,
    first: date,
    today: date,
    book: Dailies,
    played: set[str],
    playing: str | None = None,
) -> Month:
    """The month of ``first`` as the calendar shows it on ``today``:
    ``book`` the counted dailies, ``played`` the dates with a play in the
    history, ``playing`` the date of the counted daily on the table now."""
    first = first.replace(day=1)
    weeks = tuple(
        tuple(_day(t, day, today, book, played, playing) if day.month == first.month else None for day in week)
        for week in _weeks(first)
    )
    title = t("calendar_title", month=t(f"month_{first.month}"), year=str(first.year))
    before, after = shift(first, -1), shift(first, 1)
    return Month(
        first=first,
        title=title[:1].upper() + title[1:],
        weekdays=tuple((t(f"weekday_short_{n}"), t(f"weekday_{n}")) for n in range(1, 8)),
        weeks=weeks,
        previous=before if shift(before, 1) > FIRST_DATE else None,
        next=after if after <= today else None,
    )


def _day(t: Translator, day: date, today: date, book: Dailies, played: set[str], playing: str | None) -> CalendarDay:
    iso = day.isoformat()
    margin: int | None = None
    if day > today:
        how = FUTURE
    elif iso in book.results:
        how = COUNTED
        you, expert = book.results[iso]
        margin = you - expert
    elif iso in book.taken:
        how = PLAYING if iso == playing else UNFINISHED
    elif iso in played:
        how = PRACTICE
    else:
        how = UNPLAYED
    words = date_words(t, day)
    if day == today:
        words = t("calendar_today", date=words)
    if margin is not None:
        said = t("calendar_counted", date=words, margin=f"{margin:+d}")
        mark = f"{margin:+d}"
    else:
        said = t(f"calendar_{how}", date=words)
        mark = t(f"calendar_mark_{how}") if how in (PLAYING, UNFINISHED, PRACTICE) else ""
    return CalendarDay(day, how, margin, day == today, mark, said)


def _weeks(first: date) -> list[list[date]]:
    """The weeks, Monday to Sunday, that hold a day of ``first``'s month
    (worked out here: the calendar module is not in the page's library)."""
    day = first - timedelta(days=first.weekday())
    weeks: list[list[date]] = []
    while day < shift(first, 1):
        weeks.append([day + timedelta(days=n) for n in range(7)])
        day += timedelta(days=7)
    return weeks


def _esc(text: object) -> str:
    return html.escape(str(text), quote=True)


@dataclass(frozen=True, slots=True)
class Chosen:
    """The day chosen in the calendar, with Play this daily beside it."""

    day: date
    #: Its date, as the page writes dates.
    said: str
    #: The value of Play this daily (it closes the History screen, and the daily deals that day).
    value: str
    #: Whether the play counts, or is practice, in words.
    note: str


def month_markup(t: Translator, shown: Month, stop: date, chosen: Chosen | None) -> str:
    """The calendar's month as markup (every text escaped): the way to the
    months around it, its days in a table (each a button named with its date
    and how its daily went; ``stop`` the month's one stop for Tab, the arrow
    keys reach the rest), why a day to come cannot be chosen, and the day
    ``chosen`` with Play this daily beside it (or how to choose one)."""
    steps = []
    for label, mark, first in (
        ("calendar_previous", "\u2039", shown.previous),
        ("calendar_next", "\u203a", shown.next),
    ):
        to = ' disabled=""' if first is None else f' data-action="calendar-month" data-month="{first.isoformat()}"'
        steps.append(
            f'<button type="button" class="btn calendar-step" aria-label="{_esc(t(label))}"{to}>{mark}</button>'
        )
    nav = f'<div class="calendar-nav">{steps[0]}<h4 id="calendar-title">{_esc(shown.title)}</h4>{steps[1]}</div>'
    head = "".join(
        f'<th scope="col"><span aria-hidden="true">{_esc(short)}</span><span class="visually-hidden">{_esc(full)}</span></th>'
        for short, full in shown.weekdays
    )
    rows = []
    future = False
    for week in shown.weeks:
        cells = []
        for day in week:
            if day is None:
                cells.append("<td></td>")
                continue
            behind = " calendar-behind" if day.margin is not None and day.margin < 0 else ""
            picked = " calendar-chosen-day" if chosen is not None and chosen.day == day.day else ""
            extra = ' aria-current="date"' if day.today else ""
            if not day.can_play:
                extra += ' disabled="" aria-describedby="calendar-future"'
                future = True
            tab = "0" if day.day == stop else "-1"
            cells.append(
                f'<td><button type="button" class="calendar-day calendar-{day.outcome}{behind}{picked}"'
                f' aria-label="{_esc(day.label)}" data-action="calendar-day" data-day="{day.day.isoformat()}"'
                f' tabindex="{tab}"{extra}><span class="calendar-number">{day.day.day}</span>'
                f'<span class="calendar-mark">{_esc(day.mark)}</span></button></td>'
            )
        rows.append(f"<tr>{''.join(cells)}</tr>")
    label = _esc(t("calendar_label", month=shown.title))
    grid = f'<table class="calendar-grid" aria-label="{label}"><thead><tr>{head}</tr></thead><tbody>{"".join(rows)}</tbody></table>'
    reason = f'<p id="calendar-future" class="field-help">{_esc(t("calendar_future_reason"))}</p>' if future else ""
    if chosen is None:
        said = _esc(t("calendar_choose"))
    else:
        said = (
            f"<strong>{_esc(chosen.said)}</strong>"
            f'<button type="submit" value="{_esc(chosen.value)}" class="btn" aria-describedby="calendar-play-note">'
            f"{_esc(t('calendar_play'))}</button>"
            f'<span id="calendar-play-note" class="calendar-note">{_esc(chosen.note)}</span>'
        )
    return (
        f'<div id="calendar-month">{nav}{grid}{reason}</div>'
        f'<p id="calendar-chosen" class="calendar-chosen" aria-live="polite">{said}</p>'
    )
