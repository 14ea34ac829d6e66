"""The calendar of past dailies on the History screen: the streak, then a
month's days in a table (the current month first, Previous and Next month,
none after the current one), each day a button named with its date and how
its daily went ("6 December 2026: you scored +10 against the Expert"). The
month is one stop for Tab; the arrow keys, Home, End, Page Up and Page Down
move among its days as in a date picker (:func:`game.daily.month.moved`),
into the months around it too. Choosing
a day that has come offers Play this daily, saying beside it whether the
play counts (today's first play only) or is practice; a day still to come
cannot be chosen, and says why. Playing deals what ``?daily=YYYY-MM-DD``
would, asking first when a match is in progress (:func:`game.links.offer`).

What each day says is :mod:`game.daily.month` (browser-free)."""

from __future__ import annotations

import html
from dataclasses import dataclass
from datetime import date
from typing import TYPE_CHECKING, Final

from game.daily.book import dailies, today
from game.daily.month import Chosen, Month, month, month_markup, moved, played_of
from game.dates import date_words
from game.history.model import Entry
from page.dom import draw as draw_markup

if TYPE_CHECKING:
    from game.roles import Host

__all__ = ["KEYS", "PLAY", "Calendar", "chosen_day", "fill"]

#: The value of Play this daily, before the date: it closes the History
#: screen, and game.daily.screen deals that day's daily (as Menu, Daily deal).
PLAY: Final = "daily-play:"
#: The keys that move among the days, as in a date picker.
KEYS: Final = frozenset({"ArrowLeft", "ArrowRight", "ArrowUp", "ArrowDown", "Home", "End", "PageUp", "PageDown"})


@dataclass
class Calendar:
    """What the calendar shows: the month, its stop for Tab, the day chosen."""

    first: date
    stop: date
    chosen: date | None = None


def fill(page: Host, part: str, entries: tuple[Entry, ...]) -> None:
    """The calendar's part of the History screen (``part``, its section's
    id), drawn at the current month."""
    now = today()
    played = played_of(entry.record for entry in entries)
    shown = Calendar(now.replace(day=1), now)

    def redraw(focus: bool = False) -> None:
        draw(page, part, shown, month_of(page, shown.first, played))
        if focus:
            page.focus(f'#calendar-month button[data-day="{shown.stop.isoformat()}"]', over_dialog=True)

    def on_click(data: dict[str, str]) -> None:
        if data.get("action") == "calendar-month":
            first = date.fromisoformat(data["month"])
            shown.first, shown.stop = first, stop_of(first, None)
            redraw()
            page.focus("#calendar-month button[data-month]:not([disabled])", over_dialog=True)
        elif data.get("action") == "calendar-day":
            shown.chosen = shown.stop = date.fromisoformat(data["day"])
            redraw()

    def on_key(key: str, data: dict[str, str]) -> None:
        to = moved(date.fromisoformat(data["day"]), key, today())
        if to is None:
            return
        shown.first, shown.stop = to.replace(day=1), to
        redraw(focus=True)

    page.listen(f"#{part}", on_click)
    page.on_keys(f"#{part}", KEYS, on_key, "[data-action=calendar-day]")
    redraw()


def stop_of(first: date, focus: date | None) -> date:
    """The month's stop for Tab: ``focus``, else today, else the month's first day."""
    now = today()
    return focus or (now if (now.year, now.month) == (first.year, first.month) else first)


def month_of(page: Host, first: date, played: set[str]) -> Month:
    game = page.game
    on_table = game is not None and not game.practice and game.dealt and not game.needs_deal and not game.is_over
    playing = game.daily if game is not None and on_table else None
    return month(page.t, first, today(), dailies(page), played, playing)


def draw(page: Host, part: str, shown: Calendar, days: Month) -> None:
    """The calendar's section: its heading, the streak, the month, the day chosen."""
    t = page.t
    now = today()
    chosen = None
    if shown.chosen is not None:
        day = shown.chosen
        counts = dailies(page).counts(day, now)
        note = "calendar_counts" if counts else ("calendar_today_practice" if day == now else "calendar_past_practice")
        chosen = Chosen(day, date_words(t, day), PLAY + day.isoformat(), t(note))
    heading = f'<h3 id="calendar-heading">{html.escape(t("calendar_heading"))}</h3>'
    streak = f'<p class="calendar-streak">{html.escape(t("daily_streak", count=dailies(page).streak(now)))}</p>'
    draw_markup(part, heading + streak + month_markup(t, days, shown.stop, chosen))


def chosen_day(value: str) -> date | None:
    """The day whose Play this daily closed the History screen with ``value``."""
    if not value.startswith(PLAY):
        return None
    try:
        return date.fromisoformat(value[len(PLAY) :])
    except ValueError:
        return None
