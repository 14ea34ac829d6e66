"""What the game page opens on: a shared link's game, else the saved game,
else a new match (the last one's settings, or the match the first paint
drew); and what to say when a save, or a link, cannot be opened. Nothing is lost: a save that cannot be read is
kept aside to download. Another tab's Play here reads the newest save here
too."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from allfives.record import RecordError
from allfives.rules import RulesError

from game import first_screen
from table import refusal
from table.game import Game, GameSetup, LinkError, decode_link

if TYPE_CHECKING:
    from game.roles import Playing

__all__ = ["Problem", "default_setup", "fresh_game", "initial_game", "read_link", "saved_game"]

Problem = tuple[str, str, bool]
"""What the problem dialog says, the unreadable save it offers, and whether it was kept aside."""


def initial_game(
    page: Playing, link: str | None, leave: Callable[[Playing, Game], None]
) -> tuple[Game, Problem | None, Game | None]:
    """A shared ``link`` first, then the saved game, else a new match; and
    a linked game to offer once the match in progress is on the table.

    A link never costs the player their saved game: when a person has
    moved in it and it is not over, the page asks before the link replaces
    it; a saved game the link does replace is left to the history
    (``leave``); a link that cannot be opened leaves the save be, and the
    dialog says why. A save that cannot be read is kept aside (when storage
    allows) and offered as a download."""
    if link is None:
        return (*saved_game(page), None)
    linked = read_link(page, link)
    if isinstance(linked, str):
        return (*saved_game(page, linked), None)
    game, problem = saved_game(page)
    if problem is None and game.in_progress:
        return game, None, linked
    if problem is None:
        leave(page, game)  # a counted daily not yet moved in is kept
    return linked, None, None


def read_link(page: Playing, link: str) -> Game | str:
    """The linked game, or why it cannot be opened, in the player's words."""
    try:
        return Game.from_record_data(decode_link(link))
    except (LinkError, RecordError) as error:
        return refusal.reason(page.t, error)


def saved_game(page: Playing, link_problem: str | None = None) -> tuple[Game, Problem | None]:
    """The saved game, else a new match; a save that cannot be read is kept aside."""
    saved = page.store.saved_game()
    if saved is not None:
        try:
            game = Game.load_text(saved)
        except RecordError as error:
            kept = page.store.keep_unreadable(saved)
            return fresh_game(page), (
                page.t("save_broken", reason=refusal.reason(page.t, error)),
                saved,
                kept,
            )
        if link_problem is not None:
            return game, (page.t("link_broken_resumed", reason=link_problem), "", False)
        return game, None
    if link_problem is not None:
        return fresh_game(page), (page.t("link_broken", reason=link_problem), "", False)
    return fresh_game(page), None


def fresh_game(page: Playing) -> Game:
    setup_data = page.store.last_setup()
    try:
        setup = GameSetup.from_json(setup_data) if setup_data else default_setup(page)
    except (ValueError, RulesError):
        setup = default_setup(page)
    return Game(GameSetup(setup.rules, setup.seats, None))


def default_setup(page: Playing) -> GameSetup:
    return first_screen.default_setup(page.t)  # the match the build drew for the first paint
