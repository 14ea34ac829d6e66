"""The history on the game page: keeping each match as it ends (or as New
match leaves it), the History screen (Menu, History), and asking the
browser to keep the site's storage for good.

What is kept and how is :mod:`game.history.model` (browser-free, tested on
CPython); what the screen says is :mod:`game.history.words`. The screen
lists the matches newest first, filters them by opponent level, opens any
in the replay (embed.html, in a new tab), saves one as an allfives-record
or all as one JSON Lines file, and brings matches in from a file: the bad
entries refused in words, the rest kept."""

from __future__ import annotations

import json
from typing import TYPE_CHECKING
from urllib.parse import urlencode

from allfives.players import LEVELS

from game.daily import book as daily_book
from game.daily import calendar as daily_calendar
from game.dates import local_time, moment_words
from game.history.model import Entry, History, Shelf, export_lines, now, read_file
from game.history.words import history_markup, import_report_markup, matches_markup
from page import browser
from page.dom import draw as draw_markup
from table.game import EMBED_PAGE, Game, encode_link
from table.i18n import Words

if TYPE_CHECKING:
    from game.roles import Host, Playing

__all__ = ["ask_persistence", "begun", "keep", "not_kept", "persistence_line", "show"]

#: What the browser said when asked to keep the site's storage for good:
#: True granted, False refused, None not known (yet, or no such API).
persisted: bool | None = None
#: Storage refused a match once: it has been said, and is not said again.
refused_once = False


async def ask_persistence(page: Host) -> None:
    """Ask the browser to keep the game's storage even when space runs short
    (``navigator.storage.persist()``); the Menu says what it answered."""
    global persisted
    persisted = await browser.persist_storage()


def persistence_line(page: Host) -> str:
    if page.store.storage is None:
        return page.t("history_blocked")
    if persisted is None:
        return page.t("storage_unknown")
    return page.t("storage_persisted" if persisted else "storage_not_persisted")


def begun(page: Playing, game: Game) -> None:
    """The match is on the table: the date its entry will carry
    (and a counted daily's day is taken: game/daily/screen.py). A match resumed
    keeps the start it had; a daily is dealt as it is made."""
    if not game.hands_dealt or game.daily is not None:
        game.started = game.started or now()
    daily_book.dealt(page, game)


def leave(page: Host, game: Game | None) -> None:
    """``game`` (if any) gives way to another match: the history keeps it,
    left unfinished, when there is something to keep
    (:attr:`Game.kept_when_left`: a move made, or a counted daily dealt)."""
    if game is not None and game.kept_when_left:
        keep(page, game, "abandoned")


def keep(page: Host, game: Game, how: str) -> None:
    """Keep ``game`` in the history, finished or left; where storage refuses,
    say so once (blocked storage has been said already), and play on."""
    if how == "abandoned":
        daily_book.left(page, game)  # a counted daily left: the day is played, with no result
    if not History(page.store).keep(Entry.of_game(game, how)):
        not_kept(page)


def not_kept(page: Host) -> None:
    """Say, once, that a match could not be kept in the history (blocked
    storage has been said already): as it is kept, or later, when Python in
    a worker hears that the page's storage refused it (game/main.py)."""
    global refused_once
    if refused_once:
        return
    refused_once = True
    if page.store.storage is not None:
        page.set_status(Words("history_not_kept"), lasting=True)


def show(page: Host, level: str = "", said: str = "") -> None:
    """The History screen, filtered to opponent ``level``; ``said`` (what
    bringing in a file did) at its top. It opens on the matches and their
    statistics; the calendar of dailies follows in a section of its own, then
    how the matches are kept on this device, with saving and bringing in."""
    t = page.t
    history = History(page.store)
    shelf = history.shelf()
    earlier = page.store.stats()
    counted = [(t("level_" + k), t.number(earlier[k][0]), t.number(earlier[k][1])) for k in LEVELS if k in earlier]
    body = history_markup(
        t,
        level,
        said=said,
        earlier=counted,
        blocked=page.store.storage is None,
        unreadable=len(shelf.unreadable),
    )

    def done(value: str) -> None:
        if value == "export-all":
            browser.download("allfives-history.jsonl", export_lines(history.shelf().entries))

    buttons = [("close", t("close"))]
    if shelf.entries:
        buttons.insert(0, ("export-all", t("history_export_all")))
    page.open_dialog(t("history"), body, buttons, done)
    daily_calendar.fill(page, "history-calendar", shelf.entries)
    chosen = [level]
    draw(page, shelf, level)

    def filtered(value: str) -> None:
        chosen[0] = value
        draw(page, history.shelf(), value)

    page.on_value("history-filter", filtered)
    page.listen("#history-part", lambda data: on_click(page, data))
    page.on_file("history-import", lambda text: import_file(page, text, chosen[0]))
    if shelf.unreadable:
        page.listen("section.history-keeping", lambda data: on_click(page, data))
    page.focus("#dialog", over_dialog=True)


def draw(page: Host, shelf: Shelf, level: str) -> None:
    """The statistics and the list, from the same entries: the filter's."""
    page_url = browser.address().page_url
    markup = matches_markup(
        page.t,
        shelf.entries,
        level,
        when=lambda iso: date_text(page, iso),
        replay_url=lambda entry: replay_url(page, entry, page_url),
    )
    draw_markup("history-part", markup)


def replay_url(page: Host, entry: Entry, page_url: str) -> str:
    """The match in the replay (embed.html), the person's hand face up."""
    people = [seat for seat, setup in enumerate(entry.seats) if setup.is_person]
    query = urlencode({"seat": people[0] if people else 0, "lang": page.t.language})
    return f"{EMBED_PAGE}?{query}#record={encode_link(entry.record)}"


def date_text(page: Host, iso: str) -> str:
    """The moment ``iso`` (UTC) on the device's clock, as the page writes
    every date (:mod:`game.dates`): "6 December 2026, 14:05"."""
    when = local_time(iso, browser.minutes_from_utc(iso))
    return iso if when is None else moment_words(page.t, when)


def on_click(page: Host, data: dict[str, str]) -> None:
    """A match saved as a file (Save), or the entries that cannot be read."""
    if data.get("action") == "save-unreadable":
        download_unreadable(page)
        return
    if data.get("action") != "save":
        return
    wanted = data.get("save", "")
    entry = next((e for e in History(page.store).shelf().entries if e.id == wanted), None)
    if entry is not None:
        day = entry.ended[:10]
        browser.download(f"allfives-match-{day}.json", json.dumps(entry.record, indent=1, ensure_ascii=False))


def download_unreadable(page: Host) -> None:
    shelf = History(page.store).shelf()
    text = "".join(value.replace("\n", " ") + "\n" for _key, value in shelf.unreadable)
    browser.download("allfives-history-unreadable.jsonl", text)


def import_file(page: Host, text: str, level: str) -> None:
    """A file brought in (its text): each entry read and kept or refused in words."""
    entries, refused = read_file(text)
    added, every = History(page.store).keep_all(entries)
    show(page, level, import_report_markup(page.t, added, every, refused))
