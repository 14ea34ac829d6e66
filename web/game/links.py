"""Shared links on the game page: a ``#game=`` link in the address, whether
the page opens with it or it is pasted into the tab already open.

A link never costs the player the match in progress without asking: when a
person has moved in a match that is not over, the page first asks, as New
match does, and Keep my match (the button focused, and Escape) leaves that
match exactly as it was. A link that cannot be opened is refused in words
and changes nothing. Either way the link is taken off the address, so a
reload resumes the game rather than opening the link again."""

from __future__ import annotations

import html
from typing import TYPE_CHECKING

from game import opening
from game.dialogs import screen as dialogs_screen
from game.history import screen as history_screen
from game.tabs import screen as tabs_screen
from page import browser
from table.game import Game

if TYPE_CHECKING:
    from game.roles import Owner, Playing

PREFIX = "#game="


def take_from_address() -> str | None:
    """The link in the address, if there is one, taken off it (replacing the
    history entry, so Back does not bring it back and no hashchange follows)."""
    address = browser.address()
    if not address.hash.startswith(PREFIX):
        return None
    browser.replace_address(address.path + address.search)
    return address.hash[len(PREFIX) :]


def listen(page: Owner) -> None:
    """Act on a link pasted into the address of the tab already open."""
    browser.on_address_change(page.guarded(lambda: on_pasted(page)))


def on_pasted(page: Owner) -> None:
    link = take_from_address()
    if link is None:
        return
    if page.dialog_open("elsewhere"):  # the person acts in this tab: it has the game now
        tabs_screen.play_here(page)
    linked = opening.read_link(page, link)
    if isinstance(linked, str):
        dialogs_screen.show_problem(page, page.t("link_broken_resumed", reason=linked), "", False)
        return
    offer(page, linked)


def offer(page: Playing, linked: Game) -> None:
    """Open ``linked`` at once when nothing would be lost, else ask first."""
    game = page.game
    if game is None or not game.in_progress:
        history_screen.leave(page, game)  # a counted daily not yet moved in is kept
        page.begin(linked)
        return
    scores = ", ".join(f"{game.side_name(side)} {page.t.number(score)}" for side, score in enumerate(game.scores))

    def done(value: str) -> None:
        if value == "open":
            history_screen.leave(page, game)  # the match left is kept in the history
            page.begin(linked)

    body = f"<p>{html.escape(page.t('link_replaces_text', scores=scores))}</p>"
    page.open_dialog(
        page.t("confirm_new_title"),
        body,
        [("cancel", page.t("link_keep")), ("open", page.t("link_open"))],
        done,
    )
    page.focus('#dialog-buttons button[value="cancel"]', over_dialog=True)
