"""What the game page and the replay share: listeners bound with a fault
guard, tasks whose exceptions are reported, the dialog, choosing a tile and
then its end (by click, key or drag), and the table's shape.

A fault in the page's own code never puts a traceback on screen: it goes to
the console and the page says so plainly (:meth:`Shell.report_fault`)."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Callable, Coroutine
from typing import Any

from js import ResizeObserver
from pyodide.ffi import create_proxy
from pyscript import document, window

from allfives import Move, Tile
from allfives.tiles import TILES

from page import motion
from page.dom import by_id, closest, draw, el, some
from table import board, keys
from table.choice import Choice

__all__ = ["Shell", "tile_named"]

#: How far (squared, in CSS pixels) a press must move to become a drag.
DRAG_START = 100
#: The dialog buttons that leave without an answer: they skip the form's
#: checks, so a field left half-typed never holds the dialog open.
DISMISS = frozenset({"cancel", "close"})


def tile_named(text: str) -> Tile | None:
    """The tile written ``text`` ("5-3"), as the markup's data-tile says it."""
    for tile in TILES:
        if str(tile) == text:
            return tile
    return None


class Shell:
    """A page's plumbing. Subclasses say which moves a tile has
    (:meth:`moves_for`), make a move (:meth:`play`), and draw (:meth:`render`)."""

    #: The id of the page's board (a page of several replays has one each).
    board_id = "board"

    def __init__(self, state: Choice | None = None) -> None:
        self.proxies: list[Any] = []
        self.tasks: set[asyncio.Future[Any]] = set()
        #: The tile picked and whether the page is busy: the game page's is
        #: part of its whole state (game.state.PageState).
        self.state = Choice() if state is None else state
        self.drag: dict[str, Any] | None = None
        self.dialog_handler: Callable[[str], None] | None = None  # called with the button pressed
        self.dialog_return: Any = None  # the element focus goes back to
        #: The board's box (CSS pixels) when it was last drawn (None: not yet).
        self.drawn_box: tuple[float, float] | None = None
        self.board_markup = ""  # the board as last drawn
        self.arrived: Tile | None = None  # the last tile, once its arrival has been drawn

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

    def report_fault(self) -> None:
        """Say on screen that something went wrong."""

    def announce(self, text: str) -> None:
        """Say it through the live region, for screen readers."""
        line = el("p", text)
        region = by_id("announce")
        region.append(line)
        while region.childElementCount > 6:
            region.firstElementChild.remove()

    # Listeners and tasks

    def on(self, node: Any, kind: str, handler: Callable[[Any], None]) -> None:
        """Listen for ``kind`` on ``node``; a fault in ``handler`` is reported, not raised."""

        def guarded(event: Any) -> None:
            try:
                handler(event)
            except Exception as error:  # a fault must never put a traceback on screen
                self.fault(error)

        proxy = create_proxy(guarded)
        self.proxies.append(proxy)
        node.addEventListener(kind, proxy)

    def listen(self, node: Any, act: Callable[[dict[str, str]], None]) -> None:
        """Hand what is done within ``node`` to ``act`` as plain data: the
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
        window.allfivesShell.listen(node, proxy)

    def act(self, data: dict[str, str]) -> None:
        """What the player did, as plain data: ``choose`` a tile of the hand
        (``tile``) or the ``end`` its tile goes on."""
        action = data.get("action")
        if action == "choose":
            tile = tile_named(data.get("tile", ""))
            if tile is not None and not self.dragged():  # a drag's click is the drop, not a choice
                self.choose_tile(tile)
        elif action == "end":
            self.choose_end(data.get("end", ""))

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

    # Choosing a tile, then its end

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
            first = some(document.querySelector(f"#{self.board_id} .end-target"))
            if first is not None:
                first.focus()

    def choose_end(self, end_name: str) -> None:
        if self.selected is None:
            return
        for move in self.moves_for(self.selected):
            if move.end is not None and move.end.name == end_name:
                self.play(move)
                return

    def tile_of(self, node: Any) -> Tile | None:
        """The tile of the hand button at or around ``node``."""
        button = closest(node, "[data-tile]") if node is not None else None
        if button is None:
            return None
        return tile_named(str(button.dataset.tile))

    def on_board_key(self, event: Any) -> None:
        target = closest(event.target, ".end-target")
        if target is None:
            return
        key = str(event.key)
        if key in ("Enter", " "):
            event.preventDefault()
            self.choose_end(str(target.dataset.end))
        elif key in keys.ARROWS:
            # The arrows move between the lit ends, by where they lie on screen.
            event.preventDefault()
            nodes = {str(n.dataset.end): n for n in document.querySelectorAll("#board .end-target")}
            places = []
            for name, node in nodes.items():
                rect = node.getBoundingClientRect()
                places.append((name, float(rect.left + rect.width / 2), float(rect.top + rect.height / 2)))
            after = keys.target_after(places, str(target.dataset.end), key)
            if after is not None:
                nodes[after].focus()

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
        escapes all it draws), zooming from the view it had; ``last`` is the
        tile played last, which fades in once, when it arrives. The same
        board drawn again is left as it is, so what animates on it (the tile
        sliding in, the points floating up) is not cut short."""
        if markup == self.board_markup:
            return
        node = by_id(self.board_id)
        before = motion.view_box(node)
        node.innerHTML = markup
        motion.zoom_from(node, before)
        self.board_markup = markup
        node.classList.toggle("settled", last is not None and last is self.arrived)
        self.arrived = last

    def on_hand_key(self, event: Any) -> None:
        """Arrow keys, Home and End move along the hand's tiles, one tab
        stop among them (the one the focus is on)."""
        key = str(event.key)
        if key not in ("ArrowLeft", "ArrowRight", "Home", "End"):
            return
        buttons = list(event.currentTarget.querySelectorAll(".hand-tile"))
        if not buttons:
            return
        current = document.activeElement
        index = next((i for i, b in enumerate(buttons) if b == current), 0)
        moved = {"ArrowLeft": index - 1, "ArrowRight": index + 1, "Home": 0, "End": len(buttons) - 1}[key]
        index = moved % len(buttons)
        for i, button in enumerate(buttons):
            button.tabIndex = 0 if i == index else -1
        buttons[index].focus()
        event.preventDefault()

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

    # Dragging a tile onto an end

    def on_pointer_down(self, event: Any) -> None:
        tile = self.tile_of(event.target)
        if tile is None or self.busy or not self.moves_for(tile):
            self.drag = None
            return
        self.drag = {"tile": tile, "x": float(event.clientX), "y": float(event.clientY), "moved": False, "ghost": None}

    def on_pointer_move(self, event: Any) -> None:
        drag = self.drag
        if drag is None:
            return
        dx, dy = float(event.clientX) - drag["x"], float(event.clientY) - drag["y"]
        if not drag["moved"] and dx * dx + dy * dy < DRAG_START:
            return
        if not drag["moved"]:
            drag["moved"] = True
            if self.selected is not drag["tile"]:
                self.selected = drag["tile"]
                self.render_board()
            ghost = el("div", None, class_="drag-ghost", aria_hidden="true")
            ghost.innerHTML = board.tile_svg(drag["tile"])
            document.body.append(ghost)
            drag["ghost"] = ghost
        ghost = drag["ghost"]
        ghost.style.left = f"{float(event.clientX) - 20}px"
        ghost.style.top = f"{float(event.clientY) - 40}px"
        under = some(document.elementFromPoint(event.clientX, event.clientY))
        for node in document.querySelectorAll(f"#{self.board_id} .end-target"):
            node.classList.toggle("drop-over", under is not None and node.contains(under))

    def on_pointer_up(self, event: Any) -> None:
        drag = self.drag
        if drag is None:
            return
        if drag["ghost"] is not None:
            drag["ghost"].remove()
        if drag["moved"]:
            under = some(document.elementFromPoint(event.clientX, event.clientY))
            target = closest(under, ".end-target") if under is not None else None
            if target is not None:
                self.choose_end(str(target.dataset.end))
            else:
                moves = self.moves_for(drag["tile"])
                if len(moves) == 1 and under is not None and closest(under, f"#{self.board_id}") is not None:
                    self.play(moves[0])
            # A click follows pointerup; let it see the drag, then forget it.
            window.setTimeout(create_proxy(lambda: setattr(self, "drag", None)), 0)
        else:
            self.drag = None

    def dragged(self) -> bool:
        """Whether the press that ends in this click was a drag."""
        return self.drag is not None and bool(self.drag.get("moved"))

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
        if handler is not None:
            handler(value)
        back = self.dialog_return
        if back is not None and not by_id("dialog").open and back.isConnected:
            back.focus()

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
            self.listen(by_id("dialog"), self.dialog_changed)
        self.dialog_changes = act

    def dialog_changed(self, data: dict[str, str]) -> None:
        if "change" in data and self.dialog_changes is not None:  # a click on a data-action is not a change
            self.dialog_changes(data)

    def redraw_dialog_part(self, part: str, markup: str) -> None:
        """The open dialog's element ``part`` (an id) drawn again as
        ``markup``, morphed in place (:func:`page.dom.draw`): a field that
        stays keeps its focus, and what was typed in a field drawn as it was."""
        draw(part, markup)

    def dialog_note(self, note_id: str, text: str, describes: str) -> None:
        """``text`` above the dialog's buttons (which stay in view while its
        body scrolls), as the description of the button ``describes`` (its
        value); the next dialog's buttons replace it."""
        row = by_id("dialog-buttons")
        row.prepend(el("p", text, class_="form-note", id=note_id))
        row.querySelector(f'[value="{describes}"]').setAttribute("aria-describedby", note_id)

    def focus_on(self, element_id: str) -> None:
        """Put the focus on the element ``element_id`` (the dialog itself: ``dialog``)."""
        node = by_id(element_id)
        if node is not None:
            node.focus()

    def select_text_of(self, element_id: str) -> None:
        """Select the whole text of the field ``element_id``, to copy by hand."""
        node = by_id(element_id)
        if node is not None:
            node.select()

    @property
    def dialog_open(self) -> bool:
        """Whether the page's dialog is open."""
        return bool(by_id("dialog").open)

    def close_dialog(self) -> None:
        """Close the page's dialog; its close is answered as a button's would be."""
        by_id("dialog").close()
