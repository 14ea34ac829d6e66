"""The game's other tabs, on the page: the browser's side of :mod:`game.tabs.model`.

This tab takes the game over when it opens and when the player presses Play
here, and tells the other tabs (a BroadcastChannel, and the ``storage`` event
the mark's change fires in them). When another tab takes it, this one covers
its table with "This game continues in another tab" and stops everything
that would act on its match, the computer's turn included: that match is no
longer the newest. What decides is in :mod:`game.tabs.model`, tested on CPython."""

from __future__ import annotations

from typing import TYPE_CHECKING

from game import opening
from game.dialogs import screen as dialogs_screen
from game.store import PREFIX
from game.tabs import model as tabs_model
from page import browser

if TYPE_CHECKING:
    from game.roles import Owner

__all__ = ["cover", "listen", "take_over"]


def listen(page: Owner) -> None:
    """Hear another tab take the game over, and bind the notice's Play here."""
    browser.on_storage(page.guarded(lambda key, value: on_storage(page, key, value)))
    # No BroadcastChannel: the storage event alone says it.
    page.channel = browser.channel(tabs_model.CHANNEL, page.guarded(lambda text: hear(page, text)))
    page.listen("#elsewhere", lambda data: play_here(page) if data.get("action") == "play-here" else None)
    # The notice stays until Play here (Escape does not take it away).
    page.hold_open("elsewhere")


def on_storage(page: Owner, key: str, value: str | None) -> None:
    if key == PREFIX + tabs_model.MARK_KEY:
        hear(page, value)


def hear(page: Owner, text: str | None) -> None:
    if page.keeper.heard(text):
        cover(page)


def take_over(page: Owner) -> None:
    """This tab has the game now; the others are told, and cover their tables."""
    mark = page.keeper.take_over()
    if page.channel is not None:
        page.channel.post(mark.to_text())


def cover(page: Owner) -> None:
    """Another tab has the game: cover the table with the notice and its
    Play here, and stop the computer's turn and any move still landing."""
    page.state.generation += 1
    page.state.busy = False
    page.state.selected = None
    page.state.hint_move = None
    page.show_notice("elsewhere", focus="#play-here")


def play_here(page: Owner) -> None:
    """Bring the game to this tab: take it over, then read the newest save."""
    take_over(page)
    page.close_notice("elsewhere")
    page.dialog_handler = None  # a dialog left open here belonged to the old match
    page.close_notice("dialog")
    game, problem = opening.saved_game(page)
    page.begin(game)
    if problem:
        dialogs_screen.show_problem(page, *problem)
