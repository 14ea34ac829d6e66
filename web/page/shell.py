"""What the game page and the replay share: listeners bound with a fault
guard, tasks whose exceptions are reported, the dialog, choosing a tile and
then its end (by click, key or drag), and the table's shape.

A fault in the page's own code never puts a traceback on screen: it goes to
the console and the page says so plainly (:meth:`Shell.report_fault`)."""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Coroutine
from typing import Any, ParamSpec

from allfives import Tile

from page import motion
from page.dom import Parts, connect, hear, tell
from table import board
from table.choosing import Choosing, ChoosingState, tile_named

__all__ = ["Shell", "tile_named"]

P = ParamSpec("P")

#: The dialog buttons that leave without an answer: they skip the form's
#: checks, so a field left half-typed never holds the dialog open.
DISMISS = frozenset({"cancel", "close"})


class Shell(Parts, Choosing):
    """A page's plumbing. Subclasses say which moves a tile has
    (:meth:`moves_for`), make a move (:meth:`play`), and draw (:meth:`render`);
    choosing a tile and its end is :class:`table.choosing.Choosing`'s.

    Everything it asks of the page is a message to the shell
    (:mod:`page.dom`); everything it hears is plain data."""

    def __init__(self, state: ChoosingState | None = None) -> None:
        self.tasks: set[asyncio.Future[Any]] = set()
        #: The tile picked and whether the page is busy: the game page's is
        #: part of its whole state (game.state.PageState).
        self.state = ChoosingState() if state is None else state
        self.dialog_handler: Callable[[str], None] | None = None  # called with the button pressed
        #: Where the focus goes when the dialog closes (a selector), instead of where it was when it opened.
        self.dialog_return: str | None = None
        #: The board's box (CSS pixels) when it was last drawn (None: not yet).
        self.drawn_box: tuple[float, float] | None = None
        #: The board's box as the shell last said it (None: not heard yet).
        self.box: tuple[float, float] | None = None
        self.board_markup = ""  # the board as last drawn
        self.arrived: Tile | None = None  # the last tile, once its arrival has been drawn
        #: Called with the button that closed the dialog, after its own handler
        #: (the daily's buttons, whichever dialog holds them).
        self.dialog_watchers: list[Callable[[str], None]] = []
        #: What the dialog's fields held when it last closed (name: value).
        self.dialog_fields: dict[str, str] = {}

    def report_fault(self) -> None:
        """Say on screen that something went wrong."""

    # Listeners and tasks

    def hear_as(self, handler: Callable[[dict[str, Any]], None], kind: str, *options: Any) -> None:
        """``handler`` hears ``kind`` with ``options`` (:func:`page.dom.hear`),
        each event as plain data; a fault in it is reported, not raised."""
        hear(self.guarded(handler), kind, *options)

    def listen(self, selector: str, act: Callable[[dict[str, str]], None]) -> None:
        """Hand what is done within ``selector``'s element to ``act`` as plain data: the
        page's shell (web/js/shell.js) turns a click on anything marked
        ``data-action`` into its data attributes (``{"action": "choose",
        "tile": "5-3"}``), so nothing of the DOM crosses; a fault in ``act``
        is reported, not raised."""
        self.hear_as(lambda data: act({str(key): str(value) for key, value in data.items()}), "act", selector)

    def spawn(self, work: Coroutine[Any, Any, Any]) -> None:
        """Run a coroutine as a task, keeping hold of it until it is done."""
        task = asyncio.ensure_future(work)
        self.tasks.add(task)
        task.add_done_callback(self.task_done)

    def task_done(self, task: asyncio.Future[Any]) -> None:
        self.tasks.discard(task)
        if not task.cancelled() and task.exception() is not None:
            error = task.exception()
            assert error is not None
            self.fault(error)

    def fault(self, error: BaseException) -> None:
        """A fault in the page's own code: the details go to the console,
        and the page says so plainly and goes on."""
        tell("warn", f"All Fives: {type(error).__name__}: {error}")
        self.busy = False
        self.report_fault()

    def translate_static(self, say: Callable[[str], str], language: str) -> None:
        """The page's fixed words in ``language``: each element's ``data-i18n``
        text, ``data-i18n-label`` name and ``data-i18n-title`` tooltip."""
        tell("translate", language, {key: say(key) for key in connect().keys})

    def show_board(self, markup: str, last: Tile | None) -> None:
        """The board drawn as ``markup`` (:func:`board.render_board`, which
        escapes all it draws), zooming from the view it had
        (:func:`page.motion.zoom`, done by web/js/motion.js); ``last`` is the
        tile played last, which fades in once, when it arrives. The same
        board drawn again is left as it is, so what animates on it (the tile
        sliding in, the points floating up) is not cut short."""
        if markup == self.board_markup:
            return
        # From the board as last drawn (the page's own markup, not read off
        # the screen), and not under reduced motion.
        change = None if connect().reduced_motion else motion.zoom(self.board_markup, markup)
        tell(
            "board",
            self.board_id,
            markup,
            None if change is None else list(change),
            last is not None and last is self.arrived,
        )
        self.board_markup = markup
        self.arrived = last

    def table_shape(self) -> tuple[float, bool]:
        """The board's aspect ratio and whether it is a small (phone) table,
        from its box now; the board is drawn for it."""
        self.drawn_box = self.board_box()
        return board.table_shape(*self.drawn_box)

    def board_box(self) -> tuple[float, float]:
        """The board's box in CSS pixels, padding included, as the shell
        last said it (it says it as soon as it is asked to watch it)."""
        if self.box is None:
            self.watch_board_size()
        return self.box if self.box is not None else (0.0, 0.0)

    def watch_board_size(self) -> None:
        """Draw the board again whenever its box changes shape or size, not
        only when the window does: the hand under it takes a row more or
        less, the ends line a line. The SVG keeps the aspect it was drawn
        for, so a board drawn for another shape would leave a band of felt
        empty; and the ends' rings are drawn for the box's size."""
        if self.box is not None:
            return
        self.box = (0.0, 0.0)

        def resized(data: dict[str, Any]) -> None:
            self.box = (float(data["width"]), float(data["height"]))
            if self.drawn_box is not None and self.box != self.drawn_box:
                self.render_board()

        self.hear_as(resized, "size", self.board_id)

    # The dialog

    def open_dialog(
        self,
        title: str,
        body: list[Any] | str,
        buttons: list[tuple[str, str]],
        on_close: Callable[[str], None] | None = None,
    ) -> None:
        """The dialog opened afresh with ``title``, ``body`` (markup that
        escapes all it holds) and ``buttons`` (value, label); ``on_close``
        is called with the button that closed it."""
        connect().open.add("dialog")
        tell("dialog", title, self.markup_of(body), self.buttons_of(buttons))
        self.dialog_handler = on_close
        self.dialog_return = None

    @staticmethod
    def markup_of(body: list[Any] | str) -> str:
        if isinstance(body, str):
            return body
        assert not body, "a dialog's body is markup"
        return ""

    @staticmethod
    def buttons_of(buttons: list[tuple[str, str]]) -> list[tuple[str, str, bool]]:
        return [(value, label, value in DISMISS) for value, label in buttons]

    def refill_dialog(self, title: str, body: list[Any] | str, buttons: list[tuple[str, str]]) -> None:
        """Put ``title``, ``body`` (markup that escapes all it holds) and
        ``buttons`` in the dialog, open or not: an open dialog stays open,
        with the same answer to its closing (the Menu redrawn in the
        language just chosen in it)."""
        tell("refill", title, self.markup_of(body), self.buttons_of(buttons))

    def on_dialog_close(self, data: dict[str, Any]) -> None:
        handler = self.dialog_handler
        self.dialog_handler = None
        value = str(data["value"])
        # What its fields held as it closed, as plain data: the handler reads them here, not off the page.
        self.dialog_fields = {str(name): str(field) for name, field in data["fields"].items()}
        if handler is not None:
            handler(value)
        for watcher in self.dialog_watchers:
            watcher(value)
        if self.dialog_return is not None:
            tell("returnTo", self.dialog_return)
        tell("focusBack")

    # -- the page's plain parts (lead): each a message of plain data

    def bind_dialog(self) -> None:
        """Hear the dialog close (its button, its fields)."""
        self.hear_as(self.on_dialog_close, "close", "dialog")

    def watch_dialog(self, watcher: Callable[[str], None]) -> None:
        """Call ``watcher`` with the button that closed the dialog, whichever
        dialog it was, after the dialog's own handler."""
        self.dialog_watchers.append(watcher)

    def on_page_key(self, hear: Callable[[str], None]) -> None:
        """Hear a key pressed anywhere on the page, as its name ("u",
        "Escape"), unless it is typed into a field or a dialog is open
        (its own keys are its own)."""
        self.hear_as(lambda data: None if data["dialog"] else hear(str(data["key"])), "key", None)

    def on_resize(self, then: Callable[[], None]) -> None:
        """Call ``then`` when the window changes size."""
        self.hear_as(lambda _data: then(), "resize")

    def hold_open(self, dialog: str) -> None:
        """The dialog ``dialog`` stays until :meth:`close_notice` closes it:
        Escape does not take it away, and where the browser closes it anyway
        (a second Escape) it opens again."""
        tell("hold", dialog)

    def guarded(self, handler: Callable[P, None]) -> Callable[P, None]:
        """``handler``, its fault reported rather than raised (for what the
        browser calls: :mod:`page.browser`'s listeners)."""

        def call(*args: P.args, **kwargs: P.kwargs) -> None:
            try:
                handler(*args, **kwargs)
            except Exception as error:  # a fault must never put a traceback on screen
                self.fault(error)

        return call

    def on_value(self, field: str, then: Callable[[str], None], kind: str = "change") -> None:
        """Call ``then`` with the value of the field ``field`` (an id) each
        time it changes (``kind="input"``: as it moves, a slider while dragged)."""
        self.hear_as(lambda data: then(str(data["value"])), "value", field, kind)

    def on_file(self, field: str, then: Callable[[str], None]) -> None:
        """Call ``then`` with the text of the file chosen in the file field ``field`` (an id)."""
        self.hear_as(lambda data: then(str(data["text"])), "file", field)

    def on_keys(
        self,
        region: str,
        keys: frozenset[str],
        then: Callable[[str, dict[str, str]], None],
        targets: str = "[data-action]",
    ) -> None:
        """Call ``then(key, data)`` when one of ``keys`` is pressed on an
        element matching ``targets`` within ``region`` (selectors), with
        that element's data attributes; the browser's own use of the key
        (scrolling) is prevented."""

        def heard(data: dict[str, Any]) -> None:
            then(str(data["key"]), {str(k): str(v) for k, v in data["data"].items()})

        self.hear_as(heard, "keys", region, sorted(keys), targets)

    # -- for replay: what a replay asks of the page, in plain data (strings, numbers, dicts)

    def listen_at(self, region: str, act: Callable[[dict[str, str]], None]) -> None:
        """:meth:`listen` on the element with the id ``region``, if the page has it."""
        self.listen(f"#{region}", act)

    def hear_keys(self, region: str | None, then: Callable[[str], None]) -> None:
        """Call ``then`` with each key pressed in ``region`` (an id; None: the page), not typed into a field."""
        self.hear_as(lambda data: then(str(data["key"])), "key", region)

    def on_messages(self, then: Callable[[str, object], None]) -> None:
        """Call ``then(origin, data)`` for each message another page posts
        here, its data as plain data; ``then`` decides whose it takes."""
        self.hear_as(lambda data: then(str(data["origin"]), data["data"]), "message")

    def watch_size(self, region: str, then: Callable[[float], None]) -> None:
        """Call ``then`` with the height of ``region`` (an id, CSS pixels), now and whenever it changes."""
        self.hear_as(lambda data: then(float(data["outer"])), "size", region)

    # -- for motion: what moves and sounds, decided in Python (page/motion.py,
    # game/feel.py) and done by the page's JavaScript (web/js/motion.js), as
    # plain data, so that the calls can cross from a worker (issue 46).

    # -- for dialogs

    #: What the open dialog does with a change of its fields (see :meth:`hear_dialog`).
    dialog_changes: Callable[[dict[str, str]], None] | None = None
    #: Whether the dialog is listened to yet (once, for every dialog after).
    hearing_dialog = False

    def hear_dialog(self, act: Callable[[dict[str, str]], None] | None) -> None:
        """Hand what changes in the open dialog's fields to ``act``, as plain
        data: the page's shell (web/js/shell.js) turns a change of a field
        marked ``data-change`` into ``{"action": ..., "name": ...,
        "value": ...}``. The dialog that opens next says its own."""
        if not self.hearing_dialog:
            self.hearing_dialog = True
            self.listen("#dialog", self.dialog_changed)
        self.dialog_changes = act

    def dialog_changed(self, data: dict[str, str]) -> None:
        if "change" in data and self.dialog_changes is not None:  # a click on a data-action is not a change
            self.dialog_changes(data)
