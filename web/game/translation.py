"""Changing the page's language, at once and everywhere: the fixed words of
the page, the header's message (kept as words, :data:`table.i18n.Said`, so it
is drawn again, never read back off the screen), the log, the notes under the
opponents, and the seats' default names ("You" becomes "Du", "Computer 2" "Computer 2" in German, "Te"
and "Gép 2" in Hungarian), so a sentence never mixes two languages or
addresses "You" in the third person. A name the player typed stays as typed.
"""

from __future__ import annotations

import contextlib
from typing import TYPE_CHECKING

from allfives.rules import RulesError

from game import move_log
from game.renaming import renamed_seats
from table.game import GameSetup
from table.i18n import Translator

if TYPE_CHECKING:
    from game.roles import Playing

__all__ = ["switch"]


def switch(page: Playing, code: str) -> None:
    """Speak ``code`` from now on: redraw everything that holds words."""
    old, new = page.t, Translator(code)
    if new.language == old.language:
        return
    page.t = new
    page.translate_static(new, new.language)
    game = page.game
    if game is not None:
        renamed = renamed_seats(new, game.setup)
        if renamed != game.setup:
            game.setup = renamed
            page.save()
        remembered = page.store.last_setup()
        if remembered:
            # A setup that cannot be read is not ours to mend here.
            with contextlib.suppress(ValueError, RulesError):
                page.store.remember_setup(renamed_seats(new, GameSetup.from_json(remembered)).to_json())
        move_log.log_history(page)
    # What was said in the old language is not said again in the new.
    page.clear("announce")
    page.render(again=True)
    # The header's message (or whose turn it is) is kept as words, not text:
    # drawn again, it is said in the new language, parameters and all.
    page.show_turn()
