"""What every refusal of the engine shares: a line of English and a code.

A move, a deal, a record or a rules value the engine will not take raises a
:class:`Refused` (through its own class: :class:`~allfives.hand.IllegalMove`,
:class:`~allfives.match.DealError`, :class:`~allfives.record.RecordError`...).
Its text is one precise line for developers and the command line
(``seat 0 does not hold 6-6``); its ``code`` and ``params`` say the same as
data (``"not_held"``, ``{"seat": 0, "tile": "6-6"}``), as
:class:`allfives.players.Reason` does for a computer's reason, so the page
says it in the player's language without reading the English.

Params are plain data: whole numbers, a tile or a move as the record writes
it (``"5-3"``), an end by its letter (``"W"``), a seat as the engine counts
it (from 0). A refusal without a code is one no player is meant to meet (a
record written by hand, broken in a way only a developer needs to know);
the page tells it as a damaged record.

>>> error = Refused("seat 0 does not hold 6-6", "not_held", {"seat": 0, "tile": "6-6"})
>>> str(error), error.code, dict(error.params)
('seat 0 does not hold 6-6', 'not_held', {'seat': 0, 'tile': '6-6'})
>>> isinstance(error, ValueError)
True
"""

from __future__ import annotations

from collections.abc import Mapping

__all__ = ["ClaimRefused", "IllegalMove", "Refused"]


class Refused(ValueError):
    """Something the rules, the notation or the record format will not take;
    nothing was changed. ``str()`` is the English line; ``code`` (or None)
    and ``params`` are the same said as data, for the page to translate."""

    def __init__(self, message: str, code: str | None = None, params: Mapping[str, object] | None = None) -> None:
        super().__init__(message)
        self.code = code
        self.params: Mapping[str, object] = dict(params or {})


class IllegalMove(Refused):
    """A move the rules do not allow here; nothing was changed. Its code
    says why. (:mod:`allfives.hand` raises it, and gives it its name.)"""


class ClaimRefused(IllegalMove):
    """A claim or a Muggins call the rules do not allow here (not this
    seat's step, a negative count, nothing waiting for one...); nothing was
    changed. Its code says why."""
