"""The calendar of past dailies on the History screen: the streak, then a
month's days in a table (the current month first, Previous and Next month,
none after the current one), each day a button named with its date and how
its daily went ("6 December 2026: you scored +10 against the Expert"). The
month is one stop for Tab; the arrow keys, Home, End, Page Up and Page Down
move among its days as in a date picker (:func:`game.daily_month.moved`),
into the months around it too. Choosing
a day that has come offers Play this daily, saying beside it whether the
play counts (today's first play only) or is practice; a day still to come
cannot be chosen, and says why. Playing deals what ``?daily=YYYY-MM-DD``
would, asking first when a match is in progress (:func:`game.links.offer`).

What each day says is :mod:`game.daily_month` (browser-free)."""

from __future__ import annotations

from datetime import date
from typing import TYPE_CHECKING, Any, Final

from game.daily_book import dailies, today
from game.daily_month import Month, month, moved, played_of
from game.dates import date_words
from game.history import Entry
from page.dom import closest, el

if TYPE_CHECKING:
    from game.roles import Host

__all__ = ["PLAY", "chosen_day", "draw", "fill"]

#: The value of Play this daily, before the date: it closes the History
#: screen, and game.daily deals that day's daily (as Menu, Daily deal).
PLAY: Final = "daily-play:"


def fill(page: Host, part: Any, entries: tuple[Entry, ...]) -> None:
    """The calendar's part of the History screen (``part``, its section),
    drawn at the current month."""
    t = page.t
    now = today()
    book = dailies(page)
    part.append(el("h3", t("calendar_heading"), id="calendar-heading"))
    part.append(el("p", t("daily_streak", count=book.streak(now)), class_="calendar-streak"))
    box = el("div", None, id="calendar-month")
    part.append(box)
    chosen = el("p", t("calendar_choose"), id="calendar-chosen", class_="calendar-chosen", aria_live="polite")
    part.append(chosen)
    played = played_of(entry.record for entry in entries)

    def on_click(event: Any) -> None:
        target = closest(event.target, "button[data-month], button[data-day]")
        if target is None or target.disabled:
            return
        if target.hasAttribute("data-month"):
            draw(page, box, month_of(page, date.fromisoformat(str(target.getAttribute("data-month"))), played))
            box.querySelector("button[data-month]:not([disabled])").focus()
        else:
            choose(page, box, chosen, date.fromisoformat(str(target.getAttribute("data-day"))))

    def on_key(event: Any) -> None:
        target = closest(event.target, "button[data-day]")
        if target is None:
            return
        day = date.fromisoformat(str(target.getAttribute("data-day")))
        to = moved(day, str(event.key), today())
        if to is None:
            return
        event.preventDefault()
        if (to.year, to.month) == (day.year, day.month):
            roam(box, to)
        else:
            draw(page, box, month_of(page, to, played), to)

    page.on(part, "click", on_click)
    page.on(box, "keydown", on_key)
    draw(page, box, month_of(page, now, played))


def month_of(page: Host, first: date, played: set[str]) -> Month:
    game = page.game
    on_table = game is not None and not game.practice and game.dealt and not game.needs_deal and not game.is_over
    playing = game.daily if game is not None and on_table else None
    return month(page.t, first, today(), dailies(page), played, playing)


def roam(box: Any, day: date, focus: bool = True) -> None:
    """Make ``day`` the month's one stop for Tab (the others are reached with
    the arrow keys), and focus it unless told not to."""
    wanted = day.isoformat()
    for button in box.querySelectorAll("button[data-day]"):
        here = str(button.getAttribute("data-day")) == wanted
        button.tabIndex = 0 if here else -1
        if here and focus:
            button.focus()


def draw(page: Host, box: Any, shown: Month, focus: date | None = None) -> None:
    """``shown``'s month in ``box``: the way to the months around it, and its
    days, focusing ``focus`` if given. The stop for Tab is ``focus``, else
    today, else the month's first day."""
    t = page.t
    nav = el("div", None, class_="calendar-nav")
    for label, mark, first in (
        ("calendar_previous", "\u2039", shown.previous),
        ("calendar_next", "\u203a", shown.next),
    ):
        button = el("button", mark, type="button", class_="btn calendar-step", aria_label=t(label))
        if first is None:
            button.disabled = True
        else:
            button.dataset.month = first.isoformat()
        nav.append(button)
    nav.insertBefore(el("h4", shown.title, id="calendar-title"), nav.lastChild)
    grid = el("table", None, class_="calendar-grid")
    grid.setAttribute("aria-label", t("calendar_label", month=shown.title))
    head = el("tr")
    for short, full in shown.weekdays:
        cell = el("th", None, scope="col")
        cell.append(el("span", short, aria_hidden="true"))
        cell.append(el("span", full, class_="visually-hidden"))
        head.append(cell)
    header = el("thead")
    header.append(head)
    grid.append(header)
    body = el("tbody")
    future = False
    for week in shown.weeks:
        row = el("tr")
        for day in week:
            cell = el("td")
            if day is not None:
                behind = " calendar-behind" if day.margin is not None and day.margin < 0 else ""
                button = el("button", None, type="button", class_=f"calendar-day calendar-{day.played}{behind}")
                button.append(el("span", str(day.day.day), class_="calendar-number"))
                button.append(el("span", day.mark, class_="calendar-mark"))
                button.setAttribute("aria-label", day.label)
                button.dataset.day = day.day.isoformat()
                if day.today:
                    button.setAttribute("aria-current", "date")
                if not day.can_play:
                    button.disabled = True
                    button.setAttribute("aria-describedby", "calendar-future")
                    future = True
                cell.append(button)
            row.append(cell)
        body.append(row)
    grid.append(body)
    parts = [nav, grid]
    if future:
        parts.append(el("p", t("calendar_future_reason"), id="calendar-future", class_="field-help"))
    box.replaceChildren(*parts)
    now = today()
    stop = focus or (now if (now.year, now.month) == (shown.first.year, shown.first.month) else shown.first)
    roam(box, stop, focus is not None)


def choose(page: Host, box: Any, said: Any, day: date) -> None:
    """The day chosen: Play this daily, saying beside it whether it counts."""
    t = page.t
    for button in box.querySelectorAll("button[data-day]"):
        button.classList.toggle("calendar-chosen-day", str(button.getAttribute("data-day")) == day.isoformat())
    roam(box, day, focus=False)
    now = today()
    counts = dailies(page).counts(day, now)
    note = "calendar_counts" if counts else ("calendar_today_practice" if day == now else "calendar_past_practice")
    said.replaceChildren(el("strong", date_words(t, day)))
    play = el("button", t("calendar_play"), type="submit", value=PLAY + day.isoformat(), class_="btn")
    play.setAttribute("aria-describedby", "calendar-play-note")
    said.append(play)
    said.append(el("span", t(note), id="calendar-play-note", class_="calendar-note"))


def chosen_day(value: str) -> date | None:
    """The day whose Play this daily closed the History screen with ``value``."""
    if not value.startswith(PLAY):
        return None
    try:
        return date.fromisoformat(value[len(PLAY) :])
    except ValueError:
        return None
