"""The game's other tabs, on the page: the browser's side of :mod:`tabs`.

This tab takes the game over when it opens and when the player presses Play
here, and tells the other tabs (a BroadcastChannel, and the ``storage`` event
the mark's change fires in them). When another tab takes it, this one covers
its table with "This game continues in another tab" and stops everything
that would act on its match, the computer's turn included: that match is no
longer the newest. What decides is in :mod:`tabs`, tested on CPython."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from pyscript import window

from game import dialogs, opening, tabs
from game.store import PREFIX
from page.dom import by_id

if TYPE_CHECKING:
    from game.roles import Owner

__all__ = ["cover", "listen", "take_over"]


def listen(page: Owner) -> None:
    """Hear another tab take the game over, and bind the notice's Play here."""
    page.on(window, "storage", lambda event: on_storage(page, event))
    try:
        page.channel = window.BroadcastChannel.new(tabs.CHANNEL)
    except Exception:  # no BroadcastChannel: the storage event alone says it
        page.channel = None
    if page.channel is not None:
        page.on(page.channel, "message", lambda event: hear(page, event.data))
    notice = by_id("elsewhere")
    page.on(by_id("play-here"), "click", lambda _event: play_here(page))
    # The notice stays until Play here: Escape does not take it away, and
    # where the browser closes it anyway (a second Escape) it opens again.
    page.on(notice, "cancel", lambda event: event.preventDefault())
    page.on(notice, "close", lambda _event: reopen(page))


def reopen(page: Owner) -> None:
    if page.keeper.covered:
        by_id("elsewhere").showModal()


def on_storage(page: Owner, event: Any) -> None:
    if str(event.key) == PREFIX + tabs.MARK_KEY:
        hear(page, event.newValue)


def hear(page: Owner, text: Any) -> None:
    if page.keeper.heard(text if isinstance(text, str) else None):
        cover(page)


def take_over(page: Owner) -> None:
    """This tab has the game now; the others are told, and cover their tables."""
    mark = page.keeper.take_over()
    if page.channel is not None:
        page.channel.postMessage(mark.to_text())


def cover(page: Owner) -> None:
    """Another tab has the game: cover the table with the notice and its
    Play here, and stop the computer's turn and any move still landing."""
    page.state.generation += 1
    page.state.busy = False
    page.state.selected = None
    page.state.hint_move = None
    notice = by_id("elsewhere")
    if not notice.open:
        notice.showModal()
        by_id("play-here").focus()


def play_here(page: Owner) -> None:
    """Bring the game to this tab: take it over, then read the newest save."""
    take_over(page)
    notice = by_id("elsewhere")
    if notice.open:
        notice.close()
    page.dialog_handler = None  # a dialog left open here belonged to the old match
    if by_id("dialog").open:
        by_id("dialog").close()
    game, problem = opening.saved_game(page)
    page.begin(game)
    if problem:
        dialogs.show_problem(page, *problem)
