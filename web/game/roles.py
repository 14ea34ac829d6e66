"""What the parts of the game page may read and ask of it: small protocols,
so that pacing, the dialogs, the introduction, the feel and the rest depend
on these and never on the page object itself (:class:`game.main.Page`, the
one that satisfies them all, and that no module but the entry script
imports: tests/tooling/test_imports.py).

- :class:`Host`: the page's plumbing and its words: the translator, the
  store, the game on the table (to read), listeners, tasks, the dialog,
  the live region, the header's message, saving.
- :class:`Table`: a host that also holds the page's state
  (:class:`game.state.PageState`) and the match's flow on screen: begin a
  match, redraw, what comes after a move.
- :class:`Pacing`: a table whose parts are redrawn one at a time while a
  move lands (pacing.py).
- :class:`Menu`: a table with the player's settings (the dialogs' Menu and
  New match).
- :class:`Owner`: a table that shares the saved game with the game's other
  tabs (elsewhere.py).

Browser-free; only types."""

from __future__ import annotations

from collections.abc import Callable, Coroutine
from typing import Any, Protocol

from allfives import Event
from allfives.view import SeatView

from game.state import PageState
from game.store import Store
from game.tabs import Keeper
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
    # The dialog's fields and focus, as plain data (page.shell, "for dialogs")
    @property
    def dialog_open(self) -> bool: ...
    def hear_dialog(self, act: Callable[[dict[str, str]], None] | None) -> None: ...
    def redraw_dialog_part(self, part: str, markup: str) -> None: ...
    def dialog_note(self, note_id: str, text: str, describes: str) -> None: ...
    def focus_on(self, element_id: str) -> None: ...
    def select_text_of(self, element_id: str) -> None: ...
    def close_dialog(self) -> None: ...


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


class Menu(Table, Protocol):
    """A table with the player's settings."""

    speed: str
    learning: bool


class Owner(Table, Protocol):
    """A table that shares the saved game with the game's other tabs."""

    channel: Any

    @property
    def keeper(self) -> Keeper: ...
