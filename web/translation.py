"""Changing the page's language, at once and everywhere: the fixed words of
the page, the header's message, the log, every status line, and the seats'
default names ("You" becomes "Du", "Computer 2" "Computer 2" in German, "Te"
and "Gép 2" in Hungarian), so a sentence never mixes two languages or
addresses "You" in the third person. A name the player typed stays as typed.
"""

from __future__ import annotations

import contextlib
from typing import TYPE_CHECKING

import view
from controller import GameSetup, SeatSetup
from dom import by_id
from i18n import LANGUAGES, Translator
from pyscript import document

from allfives.rules import OPTION_RANGES, RulesError

if TYPE_CHECKING:
    from main import Page

__all__ = ["renamed_seats", "retranslated", "switch", "translate_static"]


def translate_static(page: Page) -> None:
    """The page's fixed words (``data-i18n``) in the page's language."""
    document.documentElement.lang = page.t.language
    for node in document.querySelectorAll("[data-i18n]"):
        node.textContent = page.t(str(node.dataset.i18n))
    for node in document.querySelectorAll("[data-i18n-label]"):
        node.setAttribute("aria-label", page.t(str(node.dataset.i18nLabel)))
    by_id("hand").setAttribute("aria-label", page.t("your_hand"))
    sound = by_id("sound")
    if sound is not None:
        sound.setAttribute("aria-label", page.t("sound"))
        sound.title = page.t("sound")


def _defaults(seat: int) -> set[str]:
    """Every name ``seat`` has by default, in every language, for any number of players."""
    names: set[str] = set()
    for code in LANGUAGES:
        t = Translator(code)
        names.update(view.default_name(t, seat, players) for players in OPTION_RANGES.players)
    return names


def renamed_seats(t: Translator, setup: GameSetup) -> GameSetup:
    """``setup`` with each default name in ``t``'s language; typed names unchanged."""
    players = len(setup.seats)
    seats = tuple(
        SeatSetup(view.default_name(t, seat, players), sitting.kind) if sitting.name in _defaults(seat) else sitting
        for seat, sitting in enumerate(setup.seats)
    )
    return GameSetup(setup.rules, seats, setup.seed)


def retranslated(old: Translator, new: Translator, text: str) -> str | None:
    """``text``, a message of ``old``'s catalogue without parameters, in
    ``new``'s language; None when it is not one."""
    for key, message in old.messages.items():
        if isinstance(message, str) and "{" not in message and message == text:
            return new(key)
    return None


def switch(page: Page, code: str) -> None:
    """Speak ``code`` from now on: redraw everything that holds words."""
    old, new = page.t, Translator(code)
    if new.language == old.language:
        return
    page.t = new
    translate_static(page)
    status = by_id("status")
    status.textContent = retranslated(old, new, str(status.textContent)) or new("ready")
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
        by_id("log").replaceChildren()
        page.log_history()
    # What was said in the old language is not said again in the new.
    by_id("announce").replaceChildren()
    page.render()
