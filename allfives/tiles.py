"""Tiles of a double-six set, and the moves that place them.

A tile is written ``a-b`` in either order (``"5-3"`` and ``"3-5"`` are the
same tile). A move is a tile, then a space and an end (``"5-3 E"``) when the
layout offers more than one end for it. The lead has no end; it is laid as
written, its first number facing West.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass
from typing import Final

from .refusal import Refused

__all__ = ["TILES", "End", "Move", "Tile", "tile"]

HIGHEST_PIP: Final = 6


class End(enum.IntEnum):
    """An open end of the layout.

    The main line runs West-East; the spinner's two other arms are North and
    South, wherever along the line the spinner lies.
    """

    W = 0
    E = 1
    N = 2
    S = 3

    @classmethod
    def parse(cls, text: str) -> End:
        try:
            return cls[text.strip().upper()]
        except KeyError:
            raise Refused(f"{text!r} is not an end: use W, E, N or S", "move_text") from None

    def __str__(self) -> str:
        return self.name

    def __repr__(self) -> str:
        return f"End.{self.name}"


@dataclass(frozen=True, slots=True, eq=False)
class Tile:
    """One domino. ``high >= low``; there is exactly one instance of each
    (see :data:`TILES`), so tiles compare and hash by identity, which keeps
    the computer players' searches fast."""

    high: int
    low: int
    index: int
    pips: int
    is_double: bool
    mask: int  # one bit per number shown: 1 << high | 1 << low

    @staticmethod
    def parse(text: str) -> Tile:
        """Read ``"5-3"`` (either order) as the tile 5-3."""
        return _parse_written(text)[0]

    def has(self, pip: int) -> bool:
        """Whether either half shows ``pip``."""
        return self.high == pip or self.low == pip

    def other(self, pip: int) -> int:
        """The half facing away when this tile is joined to ``pip``."""
        return self.low if self.high == pip else self.high

    def __str__(self) -> str:
        return f"{self.high}-{self.low}"

    def __repr__(self) -> str:
        return f"tile({str(self)!r})"

    def __lt__(self, other: Tile) -> bool:
        return self.index < other.index

    def __reduce__(self) -> tuple[object, tuple[int]]:
        # Copies and pickles come back as the one instance of the tile.
        return _tile_at, (self.index,)


def _tile_at(index: int) -> Tile:
    return TILES[index]


def _make_tiles() -> tuple[Tile, ...]:
    tiles: list[Tile] = []
    for high in range(HIGHEST_PIP + 1):
        for low in range(high + 1):
            tiles.append(Tile(high, low, len(tiles), high + low, high == low, 1 << high | 1 << low))
    return tuple(tiles)


TILES: Final[tuple[Tile, ...]] = _make_tiles()
"""The 28 tiles of a double-six set, from 0-0 to 6-6."""

_BY_PIPS: Final = {(t.high, t.low): t for t in TILES} | {(t.low, t.high): t for t in TILES}


def tile(text: str) -> Tile:
    """Shorthand for :meth:`Tile.parse`: ``tile("5-3")``."""
    return Tile.parse(text)


_DIGITS: Final = frozenset("0123456789")


def _parse_written(text: str) -> tuple[Tile, int]:
    """The tile written in ``text`` and the number written first."""
    if not isinstance(text, str):
        raise Refused(f"a tile is written like 5-3, not {text!r}", "tile_text")
    parts = text.strip().split("-")
    # Only the ASCII digits: str.isdigit() would take an Arabic-Indic five or a superscript five too.
    if len(parts) != 2 or not all(len(p) == 1 and p in _DIGITS for p in parts):
        raise Refused(f"{text!r} is not a tile: write it like 5-3", "tile_text")
    first, second = int(parts[0]), int(parts[1])
    found = _BY_PIPS.get((first, second))
    if found is None:
        raise Refused(f"{text!r} is not a tile of a double-six set", "tile_text")
    return found, first


@dataclass(frozen=True, slots=True)
class Move:
    """Play ``tile`` on ``end``; ``end`` is None for the lead.

    ``west`` is only for the lead, and only when the lead is written low
    number first: it is the number that faces West. ``Move(tile("5-3"))``
    lays 5 West, 3 East; ``Move.parse("3-5")`` lays 3 West.
    """

    tile: Tile
    end: End | None = None
    west: int | None = None

    @staticmethod
    def parse(text: str) -> Move:
        """Read ``"5-3 E"`` or a lead such as ``"3-5"``."""
        if not isinstance(text, str):
            raise Refused(f"a move is written like '5-3 E', not {text!r}", "move_text")
        words = text.split()
        if not 1 <= len(words) <= 2:
            raise Refused(f"{text!r} is not a move: write a tile, then its end, like '5-3 E'", "move_text")
        played, first = _parse_written(words[0])
        if len(words) == 2:
            return Move(played, End.parse(words[1]))
        west = first if first != played.high else None
        return Move(played, None, west)

    @property
    def west_pip(self) -> int:
        """For a lead: the number that faces West."""
        return self.tile.high if self.west is None else self.west

    def __str__(self) -> str:
        if self.end is not None:
            return f"{self.tile} {self.end.name}"
        if self.west is not None:
            return f"{self.west}-{self.tile.other(self.west)}"
        return str(self.tile)

    def __repr__(self) -> str:
        return f"Move.parse({str(self)!r})"
