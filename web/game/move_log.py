"""The log of moves beside the table: a line per event of the hand as the
game's words tell it (:func:`game.words.describe`), the plays numbered by
their place in the hand as records and replays count them, each new line
said aloud for a screen reader."""

from __future__ import annotations

import html
from collections.abc import Sequence
from typing import TYPE_CHECKING

from allfives import Event, HandStarted, Played

from game import words
from page.dom import draw

if TYPE_CHECKING:
    from game.roles import Playing

__all__ = ["log_event", "log_history", "log_markup"]


def log_markup(lines: Sequence[tuple[str, str, int | None]]) -> str:
    """The log as markup (every text escaped): a line per event told, a
    play numbered by its place in the hand, its class saying what it is
    ("scored", "hand-start", "aside" for a draw, a pass or the hand's end)."""
    items = []
    for text, kind, number in lines:
        value = "" if number is None else f' value="{number}"'
        css = f' class="{kind}"' if kind else ""
        items.append(f"<li{value}{css}>{html.escape(text)}</li>")
    return "".join(items)


def log_history(page: Playing) -> None:
    """The hand so far, written into the log again (a new match, an undo, a language switch)."""
    game = page.game
    assert game is not None
    page.state.plays_logged = 0
    page.state.log.clear()
    for event in game.hand_log:
        log_event(page, event, quiet=True, drawn=False)
    draw("log", log_markup(page.state.log))
    page.scroll_to_end("log")


def log_event(page: Playing, event: Event, *, quiet: bool = False, drawn: bool = True) -> None:
    """One line of the log for ``event`` (none for an event it does not
    tell), said aloud unless ``quiet``; the log drawn again unless ``drawn``
    is refused (the hand so far is drawn once, at its end)."""
    game = page.game
    assert game is not None
    text = words.describe(page.t, game, event, page.shown_seat() if len(game.people) == 1 else None)
    if not text:
        return
    number: int | None = None
    if isinstance(event, Played):
        # Numbered by the move's place in the hand, as records and replays count them.
        page.state.plays_logged += 1
        number = page.state.plays_logged
        kind = "scored" if event.points else ""
    elif isinstance(event, HandStarted):
        page.state.plays_logged = 0
        kind = "hand-start"
    else:
        kind = "aside"  # a draw, a pass, the hand's end: no number
    page.state.log.append((text, kind, number))
    if drawn:
        draw("log", log_markup(page.state.log))
        page.scroll_to_end("log")
    if not quiet:
        page.announce(text)
