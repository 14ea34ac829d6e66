"""What the person at a page is doing with their hand: the tile they have
picked (its ends lit on the board), and whether the page is busy (a
computer thinking, a move landing), when a tile cannot be picked. The game
page keeps it inside its whole state (:class:`game.state.PageState`); a
replay keeps it alone. Browser-free."""

from __future__ import annotations

from dataclasses import dataclass

from allfives import Tile

__all__ = ["Choice"]


@dataclass(slots=True)
class Choice:
    """The tile picked, and whether the page is busy."""

    selected: Tile | None = None
    busy: bool = False
