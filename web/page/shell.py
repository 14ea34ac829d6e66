"""What the game page and the replay share: listeners bound with a fault
guard, tasks whose exceptions are reported, the dialog, choosing a tile and
then its end (by click, key or drag), and the table's shape.

A fault in the page's own code never puts a traceback on screen: it goes to
the console and the page says so plainly (:meth:`Shell.report_fault`)."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Callable, Coroutine
from typing import Any, ParamSpec

from js import ResizeObserver
from pyodide.ffi import create_proxy
from pyscript import document, window

from allfives import Tile

from page import motion
from page.dom import Parts, by_id, closest, el, some
from table import board
from table.choice import Choice
from table.choosing import Choosing, tile_named

__all__ = ["Shell", "tile_named"]

P = ParamSpec("P")

#: The dialog buttons that leave without an answer: they skip the form's
#: checks, so a field left half-typed never holds the dialog open.
DISMISS = frozenset({"cancel", "close"})


class Shell(Parts, Choosing):
    """A page's plumbing. Subclasses say which moves a tile has
    (:meth:`moves_for`), make a move (:meth:`play`), and draw (:meth:`render`);
    choosing a tile and its end is :class:`table.choosing.Choosing`'s."""

    def __init__(self, state: Choice | None = None) -> None:
        self.proxies: list[Any] = []
        self.tasks: set[asyncio.Future[Any]] = set()
        #: The tile picked and whether the page is busy: the game page's is
        #: part of its whole state (game.state.PageState).
        self.state = Choice() if state is None else state
        self.dialog_handler: Callable[[str], None] | None = None  # called with the button pressed
        self.dialog_return: Any = None  # the element focus goes back to (or its selector)
        #: The board's box (CSS pixels) when it was last drawn (None: not yet).
        self.drawn_box: tuple[float, float] | None = None
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

    def on(self, node: Any, kind: str, handler: Callable[[Any], None]) -> None:
        """Listen for ``kind`` on ``node`` (an element, or its id); a fault
        in ``handler`` is reported, not raised."""
        if isinstance(node, str):
            node = by_id(node)

        def guarded(event: Any) -> None:
            try:
                handler(event)
            except Exception as error:  # a fault must never put a traceback on screen
                self.fault(error)

        proxy = create_proxy(guarded)
        self.proxies.append(proxy)
        node.addEventListener(kind, proxy)

    def listen(self, node: Any, act: Callable[[dict[str, str]], None]) -> None:
        """Hand what is done within ``node`` (an element, or a selector) to ``act`` as plain data: the
        page's shell (web/js/shell.js) turns a click on anything marked
        ``data-action`` into its data attributes (``{"action": "choose",
        "tile": "5-3"}``), so nothing of the DOM crosses; a fault in ``act``
        is reported, not raised."""

        def guarded(message: str) -> None:
            try:
                data = json.loads(message)
                act({str(key): str(value) for key, value in data.items()})
            except Exception as error:  # a fault must never put a traceback on screen
                self.fault(error)

        proxy = create_proxy(guarded)
        self.proxies.append(proxy)
        if isinstance(node, str):
            node = some(document.querySelector(node))
        window.allfivesShell.listen(node, proxy)

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
        window.console.error(f"All Fives: {type(error).__name__}: {error}")
        self.busy = False
        self.report_fault()

    def translate_static(self, say: Callable[[str], str], language: str) -> None:
        """The page's fixed words in ``language``: each element's ``data-i18n``
        text, ``data-i18n-label`` name and ``data-i18n-title`` tooltip."""
        document.documentElement.lang = language
        for node in document.querySelectorAll("[data-i18n]"):
            node.textContent = say(str(node.dataset.i18n))
        for node in document.querySelectorAll("[data-i18n-label]"):
            node.setAttribute("aria-label", say(str(node.dataset.i18nLabel)))
        for node in document.querySelectorAll("[data-i18n-title]"):
            node.title = say(str(node.dataset.i18nTitle))

    def show_board(self, markup: str, last: Tile | None) -> None:
        """The board drawn as ``markup`` (:func:`board.render_board`, which
        escapes all it draws), zooming from the view it had
        (:func:`page.motion.zoom`, done by web/js/motion.js); ``last`` is the
        tile played last, which fades in once, when it arrives. The same
        board drawn again is left as it is, so what animates on it (the tile
        sliding in, the points floating up) is not cut short."""
        if markup == self.board_markup:
            return
        node = by_id(self.board_id)
        # From the board as last drawn (the page's own markup, not read off
        # the screen), and not under reduced motion, read afresh as it was.
        reduced = bool(window.matchMedia("(prefers-reduced-motion: reduce)").matches)
        change = None if reduced else motion.zoom(self.board_markup, markup)
        node.innerHTML = markup
        if change is not None:
            window.allfivesMotion.zoom(self.board_id, *change)
        self.board_markup = markup
        node.classList.toggle("settled", last is not None and last is self.arrived)
        self.arrived = last

    def table_shape(self) -> tuple[float, bool]:
        """The board's aspect ratio and whether it is a small (phone) table,
        from its box now; the board is drawn for it."""
        self.drawn_box = self.board_box()
        return board.table_shape(*self.drawn_box)

    def board_box(self) -> tuple[float, float]:
        """The board's box in CSS pixels, padding included."""
        node = by_id(self.board_id)
        return float(node.clientWidth or 0), float(node.clientHeight or 0)

    def watch_board_size(self) -> None:
        """Draw the board again whenever its box changes shape or size, not
        only when the window does: the hand under it takes a row more or
        less, the ends line a line. The SVG keeps the aspect it was drawn
        for, so a board drawn for another shape would leave a band of felt
        empty; and the ends' rings are drawn for the box's size."""

        def resized(*_args: Any) -> None:
            try:
                if self.drawn_box is not None and self.board_box() != self.drawn_box:
                    self.render_board()
            except Exception as error:  # a fault must never put a traceback on screen
                self.fault(error)

        proxy = create_proxy(resized)
        self.proxies.append(proxy)
        ResizeObserver.new(proxy).observe(by_id(self.board_id))

    # The dialog

    def open_dialog(
        self,
        title: str,
        body: list[Any] | str,
        buttons: list[tuple[str, str]],
        on_close: Callable[[str], None] | None = None,
    ) -> None:
        dialog = by_id("dialog")
        if dialog.open:
            dialog.close()
        self.refill_dialog(title, body, buttons)
        self.dialog_handler = on_close
        self.dialog_return = some(document.activeElement)
        dialog.returnValue = ""
        dialog.showModal()

    def refill_dialog(self, title: str, body: list[Any] | str, buttons: list[tuple[str, str]]) -> None:
        """Put ``title``, ``body`` (elements, or markup that escapes all it
        holds) and ``buttons`` in the dialog, open or not: an open dialog
        stays open, with the same answer to its closing (the Menu redrawn in
        the language just chosen in it)."""
        by_id("dialog-title").textContent = title
        if isinstance(body, str):
            # Fresh nodes, as for elements: the listeners a dialog's controls
            # get are bound to each opening's own.
            by_id("dialog-body").innerHTML = body
        else:
            by_id("dialog-body").replaceChildren(*body)
        row = by_id("dialog-buttons")
        row.replaceChildren()
        for value, label in buttons:
            button = el("button", label, value=value, type="submit")
            if value in DISMISS:
                button.formNoValidate = True
            row.append(button)

    def on_dialog_close(self, _event: Any) -> None:
        handler = self.dialog_handler
        self.dialog_handler = None
        value = str(by_id("dialog").returnValue or "")
        # What its fields held as it closed, as plain data: the handler reads them here, not off the page.
        entries = window.FormData.new(by_id("dialog-form")).entries()
        self.dialog_fields = {str(pair[0]): str(pair[1]) for pair in entries}
        if handler is not None:
            handler(value)
        for watcher in self.dialog_watchers:
            watcher(value)
        back = self.dialog_return
        if isinstance(back, str):
            back = some(document.querySelector(back))
        if back is not None and not by_id("dialog").open and back.isConnected:
            back.focus()

    # -- the page's plain parts (lead): each a message of plain data

    def bind_dialog(self) -> None:
        """Hear the dialog close (its button, its fields)."""
        self.on(by_id("dialog"), "close", self.on_dialog_close)

    def watch_dialog(self, watcher: Callable[[str], None]) -> None:
        """Call ``watcher`` with the button that closed the dialog, whichever
        dialog it was, after the dialog's own handler."""
        self.dialog_watchers.append(watcher)

    def on_page_key(self, hear: Callable[[str], None]) -> None:
        """Hear a key pressed anywhere on the page, as its name ("u",
        "Escape"), unless it is typed into a field or a dialog is open
        (its own keys are its own)."""

        self.hear_keys(None, lambda key: None if self.dialog_open() else hear(key))

    def on_resize(self, then: Callable[[], None]) -> None:
        """Call ``then`` when the window changes size."""
        self.on(window, "resize", lambda _event: then())

    def hold_open(self, dialog: str, held: Callable[[], bool]) -> None:
        """The dialog ``dialog`` stays while ``held()``: Escape does not take
        it away, and where the browser closes it anyway (a second Escape) it
        opens again."""
        node = by_id(dialog)
        self.on(node, "cancel", lambda event: event.preventDefault())
        self.on(node, "close", lambda _event: node.showModal() if held() else None)

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
        node = by_id(field)
        self.on(node, kind, lambda _event: then(str(node.value)))

    def on_file(self, field: str, then: Callable[[str], None]) -> None:
        """Call ``then`` with the text of the file chosen in the file field ``field`` (an id)."""

        async def read(file: Any) -> None:
            then(str(await file.text()))

        def chosen(event: Any) -> None:
            files = event.target.files
            if files and files.length:
                self.spawn(read(files.item(0)))

        self.on(by_id(field), "change", chosen)

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

        def heard(event: Any) -> None:
            key = str(event.key)
            target = closest(event.target, targets)
            if key not in keys or target is None:
                return
            event.preventDefault()
            then(key, {str(k): str(v) for k, v in json.loads(window.JSON.stringify(target.dataset)).items()})

        self.on(some(document.querySelector(region)), "keydown", heard)

    # -- for replay: what a replay asks of the page, in plain data (strings, numbers, dicts)

    def listen_at(self, region: str, act: Callable[[dict[str, str]], None]) -> None:
        """:meth:`listen` on the element with the id ``region``, if the page has it."""
        if (node := by_id(region)) is not None:
            self.listen(node, act)

    def hear_keys(self, region: str | None, then: Callable[[str], None]) -> None:
        """Call ``then`` with each key pressed in ``region`` (an id; None: the page), not typed into a field."""

        def pressed(event: Any) -> None:
            if str(getattr(some(event.target), "tagName", "")) not in ("INPUT", "SELECT", "TEXTAREA"):
                then(str(event.key))

        self.on(document if region is None else by_id(region), "keydown", pressed)

    def on_messages(self, then: Callable[[str, object], None], depth: int = 3) -> None:
        """Call ``then(origin, data)`` for each message another page posts
        here, its data as plain Python read ``depth`` deep; ``then`` decides whose it takes."""

        def heard(event: Any) -> None:
            data = event.data
            then(str(event.origin), data.to_py(depth=depth) if hasattr(data, "to_py") else data)

        self.on(window, "message", heard)

    def watch_size(self, region: str, then: Callable[[float], None]) -> None:
        """Call ``then`` with the height of ``region`` (an id, CSS pixels), now and whenever it changes."""
        node = by_id(region)

        def measure(*_args: Any) -> None:
            try:
                then(float(node.getBoundingClientRect().height))
            except Exception as error:  # a fault must never put a traceback on screen
                self.fault(error)

        self.proxies.append(proxy := create_proxy(measure))
        ResizeObserver.new(proxy).observe(node)
        measure()

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
