"""The log of moves beside the table: a line per event of the hand as the
game's words tell it (:func:`game.words.describe`), the plays numbered by
their place in the hand as records and replays count them, each new line
said aloud for a screen reader."""

from __future__ import annotations

from typing import TYPE_CHECKING

from allfives import Event, HandStarted, Played

from game import words
from page.dom import by_id, el

if TYPE_CHECKING:
    from game.roles import Table

__all__ = ["log_event", "log_history"]


def log_history(page: Table) -> None:
    """The hand so far, written into the log again (a new match, an undo, a language switch)."""
    game = page.game
    assert game is not None
    page.state.plays_logged = 0
    for event in game.hand_log:
        log_event(page, event, quiet=True)


def log_event(page: Table, event: Event, *, quiet: bool = False) -> None:
    """One line of the log for ``event`` (none for an event it does not tell), said aloud unless ``quiet``."""
    game = page.game
    assert game is not None
    text = words.describe(page.t, game, event, page.shown_seat() if len(game.people) == 1 else None)
    if not text:
        return
    item = el("li", text)
    if isinstance(event, Played):
        # Numbered by the move's place in the hand, as records and replays count them.
        page.state.plays_logged += 1
        item.value = page.state.plays_logged
        if event.points:
            item.classList.add("scored")
    elif isinstance(event, HandStarted):
        page.state.plays_logged = 0
        item.classList.add("hand-start")
    else:
        item.classList.add("aside")  # a draw, a pass, the hand's end: no number
    log = by_id("log")
    log.append(item)
    log.scrollTop = log.scrollHeight
    if not quiet:
        page.announce(text)
