"""What the parts of the game page may read and ask of it: small protocols,
so that pacing, the dialogs, the introduction, the feel and the rest depend
on these and never on the page object itself (:class:`game.main.Page`, the
one that satisfies them all, and that no module but the entry script
imports: tests/tooling/test_imports.py).

- :class:`Host`: the page's plumbing and its words: the translator, the
  store, the game on the table (to read), listeners, tasks, the dialog,
  the live region, the header's message, saving, the sounds and the win
  moment.
- :class:`Table`: a host that also holds the page's state
  (:class:`game.state.PageState`) and the match's flow on screen: begin a
  match, redraw, what comes after a move.
- :class:`Pacing`: a table whose parts are redrawn one at a time while a
  move lands, and whose tiles and points move (pacing.py).
- :class:`Menu`: a table with the player's settings (the dialogs' Menu and
  New match).
- :class:`Owner`: a table that shares the saved game with the game's other
  tabs (elsewhere.py).

Browser-free; only types."""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Coroutine, Sequence
from typing import Any, Protocol

from allfives import Event, Tile
from allfives.view import SeatView

from game.state import PageState
from game.store import Store
from game.tabs import Keeper
from page.motion import Pop
from table.controller import Game
from table.i18n import Said, Translator

__all__ = ["Host", "Menu", "Owner", "Pacing", "Table"]


class Host(Protocol):
    """The page's plumbing and its words."""

    t: Translator
    dialog_handler: Callable[[str], None] | None  # called with the button pressed
    dialog_return: Any  # the element focus goes back to

    @property
    def store(self) -> Store: ...
    @property
    def game(self) -> Game | None: ...
    @property
    def reduced(self) -> bool: ...
    @property
    def touch(self) -> bool: ...
    def on(self, node: Any, kind: str, handler: Callable[[Any], None]) -> None: ...
    def spawn(self, work: Coroutine[Any, Any, Any]) -> None: ...
    def announce(self, text: str) -> None: ...
    def translate_static(self, say: Callable[[str], str], language: str) -> None: ...
    def open_dialog(
        self,
        title: str,
        body: list[Any] | str,
        buttons: list[tuple[str, str]],
        on_close: Callable[[str], None] | None = None,
    ) -> None: ...
    def refill_dialog(self, title: str, body: list[Any] | str, buttons: list[tuple[str, str]]) -> None: ...
    def set_status(self, said: Said, *, lasting: bool = False) -> None: ...
    def save(self) -> None: ...
    # The sounds and the win moment, done by the page (feel.py).
    def play_sound(self, name: str, notes: Sequence[Sequence[float | str]]) -> None: ...
    def show_sound(self, on: bool) -> None: ...
    def celebrate(self, pieces: list[dict[str, str]], *, still: bool) -> None: ...


class Table(Host, Protocol):
    """A host with the page's state and the match's flow on screen."""

    @property
    def state(self) -> PageState: ...
    def begin(self, game: Game) -> None: ...
    def render(self, prompt: Said | None = None, *, again: bool = False) -> None: ...
    def show_turn(self) -> None: ...
    def after_move(self) -> None: ...
    def apply_events(self, events: list[Event]) -> None: ...
    def shown_seat(self) -> int: ...
    def hand_visible(self) -> bool: ...
    def seen(self) -> SeatView | None: ...
    def focus_hand(self, tile: Any = None) -> None: ...


class Pacing(Table, Protocol):
    """A table redrawn a part at a time while a move lands."""

    def render_scores(self) -> None: ...
    def render_opponents(self, seen: SeatView | None) -> None: ...
    def table_shape(self) -> tuple[float, bool]: ...
    # The tile played slides in, drawn tiles come in, points float up (page/motion.py).
    def note_departure(self, seat: int, tile: Tile) -> None: ...
    def slide_in(self, tile: Tile) -> Awaitable[None]: ...
    def draw_in(self, seat: int, tile: Tile | None) -> None: ...
    def pop_points(self, pop: Pop) -> None: ...


class Menu(Table, Protocol):
    """A table with the player's settings."""

    speed: str
    learning: bool


class Owner(Table, Protocol):
    """A table that shares the saved game with the game's other tabs."""

    channel: Any

    @property
    def keeper(self) -> Keeper: ...
