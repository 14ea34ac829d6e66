"""What a language change renames, as pure functions (the standard library,
:mod:`allfives` and the page's pure modules only), so pytest checks them on
CPython: the seats' default names, and a fixed message shown in the old
language."""

from __future__ import annotations

from allfives.rules import OPTION_RANGES

from game import words
from table.controller import GameSetup, SeatSetup
from table.i18n import LANGUAGES, Translator

__all__ = ["renamed_seats", "retranslated"]


def _defaults(seat: int) -> set[str]:
    """Every name ``seat`` has by default, in every language, for any number of players."""
    names: set[str] = set()
    for code in LANGUAGES:
        t = Translator(code)
        names.update(words.default_name(t, seat, players) for players in OPTION_RANGES.players)
    return names


def renamed_seats(t: Translator, setup: GameSetup) -> GameSetup:
    """``setup`` with each default name in ``t``'s language; typed names unchanged."""
    players = len(setup.seats)
    seats = tuple(
        SeatSetup(words.default_name(t, seat, players), sitting.kind) if sitting.name in _defaults(seat) else sitting
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
