"""The dailies played, as the game page keeps them: today's date by the
device's clock, the book of dailies in the store (key ``dailies``), and a
counted daily taken as it is dealt and marked left when it is left
unfinished. Kept apart from :mod:`game.daily.screen` so the History screen and
the history's keeping can use it without the daily's dialogs (the page's
modules import one way)."""

from __future__ import annotations

import json
from datetime import date
from typing import TYPE_CHECKING

from game.daily.model import KEY, Dailies
from page import browser
from table.game import Game

if TYPE_CHECKING:
    from game.roles import Host

__all__ = ["dailies", "dealt", "left", "store", "today"]


def today() -> date:
    """The date on the device's clock, where the player is."""
    return browser.today()


def dailies(page: Host) -> Dailies:
    return Dailies.from_json(page.store.get_json(KEY))


def store(page: Host, book: Dailies) -> None:
    page.store.set(KEY, json.dumps(book.to_json()))


def dealt(page: Host, game: Game) -> None:
    """A counted daily is dealt: the day is played, and any other play of it practice."""
    if game.daily is not None and not game.practice:
        book = dailies(page)
        book.begin(date.fromisoformat(game.daily))
        store(page, book)


def left(page: Host, game: Game) -> None:
    """A counted daily is left before its end: the day is played, with no result."""
    if game.daily is not None and not game.practice and game.kept_when_left:
        book = dailies(page)
        book.leave(date.fromisoformat(game.daily))
        store(page, book)
