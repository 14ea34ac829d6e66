"""Choosing a tile of the hand, then its end: by a click, a key or a drag,
as the page's shell hands them over in plain data (``{"action": "choose",
"tile": "5-3"}``, ``{"action": "end", "end": "W"}``, ``{"action": "drag",
"tile": "5-3"}``, ``{"action": "drop", "tile": "5-3", "end": "W"}``).
Browser-free: the game page and the replays' "Try it" take it through
:class:`page.shell.Shell`, and tests/web/test_choosing.py checks it on
CPython.

A tile that fits one way is played at once; one that fits several lights
its ends, and the focus goes to the first; a tile that fits nowhere says
why. A tile dragged lights its ends as the drag starts, and is played where
it is let go: on an end, or anywhere on the board when it fits only one way.
Nothing is chosen while the page is busy or it is not the player's turn.
"""

from __future__ import annotations

from dataclasses import dataclass

from allfives import Move, Tile
from allfives.tiles import TILES

__all__ = ["Choosing", "ChoosingState", "tile_named"]


@dataclass(slots=True)
class ChoosingState:
    """What the person at a page is doing with their hand: the tile they
    have picked (its ends lit on the board), and whether the page is busy (a
    computer thinking, a move landing), when a tile cannot be picked. The
    game page keeps it inside its whole state (:class:`game.state.PageState`);
    a replay inside its own (:class:`replay.screen.ReplayState`)."""

    selected: Tile | None = None
    busy: bool = False


def tile_named(text: str) -> Tile | None:
    """The tile written ``text`` ("5-3"), as the markup's data-tile says it."""
    for tile in TILES:
        if str(tile) == text:
            return tile
    return None


class Choosing:
    """A page's hand and its ends. Subclasses say which moves a tile has
    (:meth:`moves_for`), whether the player may choose now
    (:meth:`may_choose`), make a move (:meth:`play`), draw (:meth:`render`)
    and move the focus (:meth:`focus`)."""

    #: The id of the page's board (a page of several replays has one each).
    board_id = "board"
    state: ChoosingState

    @property
    def selected(self) -> Tile | None:
        """The hand tile whose ends are lit."""
        return self.state.selected

    @selected.setter
    def selected(self, tile: Tile | None) -> None:
        self.state.selected = tile

    @property
    def busy(self) -> bool:
        """A computer is thinking or a move is animating."""
        return self.state.busy

    @busy.setter
    def busy(self, busy: bool) -> None:
        self.state.busy = busy

    # What a page provides

    def moves_for(self, tile: Tile) -> list[Move]:
        """The legal moves of the player at this screen that play ``tile``."""
        return []

    def may_choose(self) -> bool:
        """Whether the player at this screen may pick a tile now."""
        return False

    def play(self, move: Move) -> None:
        raise NotImplementedError

    def render(self) -> None:
        raise NotImplementedError

    def render_board(self) -> None:
        self.render()

    def cannot_play(self, tile: Tile) -> None:
        """The player picked a tile that fits nowhere."""

    def focus(self, selector: str, *, over_dialog: bool = False) -> None:
        """The focus on the first element matching ``selector``: the
        shell's (:class:`page.dom.Parts`, before this class among its bases)."""
        raise NotImplementedError

    # What the player did

    def act(self, data: dict[str, str]) -> None:
        """What the player did, as plain data: ``choose`` a tile of the hand
        (``tile``), the ``end`` its tile goes on, ``drag`` a tile, ``drop`` it."""
        action = data.get("action")
        tile = tile_named(data.get("tile", ""))
        if action == "choose" and tile is not None:
            self.choose_tile(tile)
        elif action == "end":
            self.choose_end(data.get("end", ""))
        elif action == "drag" and tile is not None:
            self.drag_tile(tile)
        elif action == "drop" and tile is not None:
            self.drop_tile(tile, data.get("end", ""))

    def choose_tile(self, tile: Tile) -> None:
        """A tile that fits one way is played; one that fits several lights its ends."""
        if self.busy or not self.may_choose():
            return
        moves = self.moves_for(tile)
        if not moves:
            self.cannot_play(tile)
            return
        if len(moves) == 1:
            self.play(moves[0])
            return
        self.selected = None if self.selected is tile else tile
        self.render()
        if self.selected is not None:
            self.focus(f"#{self.board_id} .end-target", over_dialog=True)

    def drag_tile(self, tile: Tile) -> None:
        """A tile of the hand is being dragged (the shell draws its picture
        under the pointer): its ends light up."""
        if self.busy or not self.may_choose() or not self.moves_for(tile):
            return
        if self.selected is not tile:
            self.selected = tile
            self.render_board()

    def drop_tile(self, tile: Tile, end_name: str) -> None:
        """A dragged tile let go on the end ``end_name``, or on the board
        away from an end (``""``): played there, or where it only fits."""
        if self.busy or not self.may_choose() or self.selected is not tile:
            return
        moves = self.moves_for(tile)
        if end_name:
            self.choose_end(end_name)
        elif len(moves) == 1:
            self.play(moves[0])

    def choose_end(self, end_name: str) -> None:
        """The lit end ``end_name`` chosen for the tile picked: played there."""
        if self.selected is None:
            return
        for move in self.moves_for(self.selected):
            if move.end is not None and move.end.name == end_name:
                self.play(move)
                return
