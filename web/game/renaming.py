"""What a language change renames, as pure functions (the standard library,
:mod:`allfives` and the page's pure modules only), so pytest checks them on
CPython: the seats' default names. (The header's message is kept as words,
:data:`table.i18n.Said`, and drawn again: nothing is looked up backwards.)"""

from __future__ import annotations

from dataclasses import replace

from table.game import GameSetup
from table.i18n import Translator
from table.seat_names import in_language

__all__ = ["renamed_seats"]


def renamed_seats(t: Translator, setup: GameSetup) -> GameSetup:
    """``setup`` with each default name in ``t``'s language; typed names unchanged."""
    players = len(setup.seats)
    seats = tuple(
        replace(sitting, name=in_language(t, sitting.name, seat, players)) for seat, sitting in enumerate(setup.seats)
    )
    return GameSetup(setup.rules, seats, setup.seed)
