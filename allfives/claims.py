"""Muggins' claims: the steps of a hand that are not tiles.

Under ``claims="called"`` (docs/rules.md, "Muggins' claims") a play's count
is not scored at once: its player claims a count (:class:`Claim`, 0 to let
it pass), and when the claim is not the count the play made, each opponent
in turn from the player's left may call "Muggins" on it or let it pass
(:class:`Call`). Both are steps of their own, written in a record's moves
next to the tiles (``"claim 10"``, ``"muggins"``, ``"let pass"``), so a
record replays them exactly.

>>> parse_step("claim 10"), parse_step("muggins"), parse_step("5-3 E")
(Claim(10), Call(True), Move.parse('5-3 E'))
>>> str(Claim(0)), str(Call(False))
('claim 0', 'let pass')
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from .refusal import Refused
from .tiles import Move

__all__ = ["Call", "Claim", "Step", "Waiting", "parse_step"]

#: The words a record writes for a call.
MUGGINS: Final = "muggins"
LET_PASS: Final = "let pass"
#: The word a record writes before a claim's count.
CLAIM: Final = "claim"


@dataclass(frozen=True, slots=True)
class Claim:
    """The player who just played claims ``count`` (0: lets it pass)."""

    count: int

    def __str__(self) -> str:
        return f"{CLAIM} {self.count}"

    def __repr__(self) -> str:
        return f"Claim({self.count})"


@dataclass(frozen=True, slots=True)
class Call:
    """An opponent calls "Muggins" on a claim (``muggins`` True) or lets it
    pass."""

    muggins: bool

    def __str__(self) -> str:
        return MUGGINS if self.muggins else LET_PASS

    def __repr__(self) -> str:
        return f"Call({self.muggins})"


Step = Move | Claim | Call
"""One entry of a hand's moves: a tile played, a claim, or a call."""


@dataclass(frozen=True, slots=True)
class Waiting:
    """A play's count waiting for its claim, or a claim waiting for the
    opponents' calls. ``seat`` played and made ``made``; ``claimed`` is
    None until it claims; ``caller`` is the opponent whose call is awaited
    (None while the claim is). The count made is on the board for every
    seat to read: nothing here is hidden."""

    seat: int
    made: int
    claimed: int | None = None
    caller: int | None = None

    @property
    def missed(self) -> int:
        """What the claim left unclaimed (0 once claimed in full or more)."""
        return max(0, self.made - (self.claimed or 0))

    @property
    def overstated(self) -> int:
        """What the claim asked beyond the count made."""
        return max(0, (self.claimed or 0) - self.made)


def parse_step(text: str) -> Step:
    """A step as a record writes it: a move (``"5-3 E"``), a claim
    (``"claim 10"``), ``"muggins"`` or ``"let pass"``."""
    if not isinstance(text, str):
        raise Refused(f"a move is written like '5-3 E', not {text!r}", "move_text")
    words = text.split()
    if words == [MUGGINS]:
        return Call(True)
    if words == LET_PASS.split():
        return Call(False)
    if words and words[0] == CLAIM:
        digits = words[1] if len(words) == 2 else ""
        if not digits.isascii() or not digits.isdigit() or len(digits) > 6:
            raise Refused(f"{text!r} is not a claim: write it like 'claim 10'", "move_text")
        return Claim(int(digits))
    if words and words[0] in (MUGGINS, LET_PASS.split()[0]):
        raise Refused(f"{text!r} is not a call: write 'muggins' or 'let pass'", "move_text")
    return Move.parse(text)
