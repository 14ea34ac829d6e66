"""The daily deal on the game page: Menu, Daily deal, and the link
``?daily=YYYY-MM-DD`` deal the day's hand against the Expert (asking first,
as a shared link does, when a match is in progress); at its end the Expert
plays the player's tiles on the device, with a progress bar, and the result
is shown with a share text copied in one press, and the coach's Review.

"Today" is the device's own date (local time). A date in a link is taken
once it has begun somewhere on Earth (:func:`allfives.daily.latest_date`);
a date that is not one, does not exist or is still to come is refused in
words and the game goes on. The first play of today's deal counts; any
other is practice. The browser-free parts are :mod:`game.daily.model`."""

from __future__ import annotations

from datetime import UTC, date, datetime
from typing import TYPE_CHECKING
from urllib.parse import parse_qs

from allfives.daily import DailyError, latest_date, parse_date

from game import links, summary, words
from game.coach import screen as coach_screen
from game.coach.words import PROGRESS, working_markup
from game.daily.book import dailies, store, today
from game.daily.calendar import chosen_day
from game.daily.model import Duplicating, daily_game
from game.daily.words import refused_words, result_markup, share_text
from game.dialogs import screen as dialogs_screen
from page import browser
from table.game import Game, think
from table.i18n import Words

if TYPE_CHECKING:
    from game.roles import Playing

__all__ = ["install", "show_result", "start", "start_today"]

PARAMETER = "daily"


def latest() -> date:
    """The latest date begun anywhere, by the device's clock."""
    return latest_date(datetime.fromtimestamp(browser.now_ms() / 1000, UTC))


def start(page: Playing, day: date) -> None:
    """Deal ``day``'s daily: at once, or after asking when a match is in progress."""
    practice = not dailies(page).counts(day, today())
    links.offer(page, daily_game(day, page.t("you"), page.t("level_expert"), practice=practice))


def start_today(page: Playing) -> None:
    start(page, today())


def install(page: Playing) -> None:
    """Answer the daily's buttons (Menu, Daily deal; the History screen's
    Play this daily; a daily's summary, See how the Expert did) as their dialog closes, after its own handler; and
    deal, or refuse, a ``?daily=`` link the page was opened with."""
    page.watch_dialog(lambda value: on_dialog_closed(page, value))
    from_address(page)


def on_dialog_closed(page: Playing, value: str) -> None:
    game = page.game
    if value == dialogs_screen.DAILY_DEAL:
        start_today(page)
    elif (day := chosen_day(value)) is not None and day <= today():  # the History screen's Play this daily
        start(page, day)
    elif value == dialogs_screen.DAILY_RESULT and game is not None and game.daily is not None:
        page.spawn(show_result(page, game))


def from_address(page: Playing) -> None:
    """A ``?daily=`` link the page was opened with: taken off the address,
    then dealt, or refused in words with the game going on."""
    address = browser.address()
    query = parse_qs(address.search.lstrip("?"))
    if PARAMETER not in query:
        return
    browser.replace_address(address.path + address.hash)
    written = query[PARAMETER][0]
    try:
        day = parse_date(written, latest())
    except DailyError as error:
        dialogs_screen.show_problem(page, refused_words(page.t, written, error), "", False)
        return
    start(page, day)


def link(day: str) -> str:
    """The link that deals ``day``'s daily on this site."""
    return browser.address().page_url + f"?{PARAMETER}={day}"


async def show_result(page: Playing, game: Game) -> None:
    """The Expert plays the player's tiles (a progress bar, Cancel), then the
    result, the streak and the share text."""
    t = page.t
    assert game.daily is not None
    working = Duplicating(game)
    work = page.state.ticket()

    def cancelled(_value: str) -> None:
        work.cancel()
        summary.show_hand_end(page)

    title = words.daily_name(t, game.daily)
    page.open_dialog(
        title, working_markup(t("daily_working"), t("daily_progress")), [("cancel", t("cancel"))], cancelled
    )

    def still_wanted() -> bool:
        page.progress(PROGRESS, working.progress)
        return work.live

    result = await think(working, still_wanted)
    if result is None or not work.live:
        return
    book = dailies(page)
    if not game.practice:
        book.add(result.duplicate)
        store(page, book)
    text = share_text(t, result, link(game.daily), practice=game.practice)
    body, said = result_markup(t, result, text, book.streak(today()), practice=game.practice)

    def done(value: str) -> None:
        if value == "share":
            page.spawn(
                dialogs_screen.copy_text(page, text, Words("daily_copied"), t("daily_copy"), t("daily_copy_by_hand"))
            )
        elif value == "review" and page.game is game:
            page.spawn(coach_screen.show_review(page, game, 1, lambda: summary.show_hand_end(page)))

    # The result takes the progress's place in the open dialog, as the
    # coach's review does (closing it and opening another would hand the
    # close of the first to the second's handler).
    page.refill_dialog(title, body, [("share", t("daily_copy")), ("review", t("review")), ("close", t("close"))])
    page.dialog_handler = done
    page.focus("#dialog-buttons button", over_dialog=True)
    page.announce(said)
