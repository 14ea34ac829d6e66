"""What a language change renames, as pure functions (the standard library,
:mod:`allfives` and the page's pure modules only), so pytest checks them on
CPython: the seats' default names, and a fixed message shown in the old
language."""

from __future__ import annotations

from dataclasses import replace

from table.controller import GameSetup
from table.i18n import Translator
from table.seat_names import in_language

__all__ = ["renamed_seats", "retranslated"]


def renamed_seats(t: Translator, setup: GameSetup) -> GameSetup:
    """``setup`` with each default name in ``t``'s language; typed names unchanged."""
    players = len(setup.seats)
    seats = tuple(
        replace(sitting, name=in_language(t, sitting.name, seat, players)) for seat, sitting in enumerate(setup.seats)
    )
    return GameSetup(setup.rules, seats, setup.seed)


def retranslated(old: Translator, new: Translator, text: str) -> str | None:
    """``text``, a message of ``old``'s catalogue without parameters, in
    ``new``'s language; None when it is not one."""
    for key, message in old.messages.items():
        if isinstance(message, str) and "{" not in message and message == text:
            return new(key)
    return None
