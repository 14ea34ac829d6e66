"""The page helpers the game (main.py) and the replay (embed.py) share:
finding elements, making them, passing plain objects to JavaScript, and
the page's plain parts (:class:`Parts`, the shell's base): a region's text,
a button, the focus, a notice, the motion and the sounds, each a call with
plain arguments that a message could carry.

Text always goes into the page as text nodes, never as markup, so nothing a
player typed or a record held can run; a region drawn as markup by a
browser-free module (which escapes every text it holds, game/cards.py) is
put in place by the shell, :func:`draw`. JavaScript's null arrives in Pyodide
as its own object, not as None: :func:`some` turns it into None.
"""

from __future__ import annotations

from collections.abc import Awaitable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from js import Object
from pyodide.ffi import to_js
from pyscript import document, window

from allfives import Tile

if TYPE_CHECKING:
    from page import motion

__all__ = ["Parts", "by_id", "closest", "draw", "el", "js_object", "q", "some"]


def some(value: Any) -> Any:
    """``value``, or None for JavaScript's null (which Pyodide hands over as
    its own null object, not as None)."""
    return None if value is None or type(value).__name__ == "JsNull" else value


def by_id(name: str) -> Any:
    """The element with the id ``name``, or None."""
    return some(document.getElementById(name))


def q(selector: str) -> Any:
    """The first element matching ``selector``, or None."""
    return some(document.querySelector(selector))


def el(tag: str, text: str | None = None, **attrs: str) -> Any:
    """A new element; text always goes in as a text node, never as markup.
    An attribute's name is written with ``_`` for ``-`` (``aria_label``), and
    a trailing ``_`` for a Python keyword (``class_``)."""
    node = document.createElement(tag)
    if text is not None:
        node.textContent = text
    for name, value in attrs.items():
        node.setAttribute(name.rstrip("_").replace("_", "-"), value)
    return node


def closest(node: Any, selector: str) -> Any:
    """The nearest ancestor of ``node`` (or itself) matching ``selector``, or None."""
    node = some(node)
    if node is None or not hasattr(node, "closest"):
        return None
    return some(node.closest(selector))


def js_object(data: dict[str, Any]) -> Any:
    """A plain JavaScript object (what postMessage, animate and the like expect)."""
    return to_js(data, dict_converter=Object.fromEntries)


def draw(region: Any, markup: str) -> None:
    """Region ``region`` (its id, or the element) drawn as ``markup``,
    morphed in place by the page's shell (web/js/shell.js, Idiomorph): nodes
    still there keep their identity, focus and scroll."""
    window.allfivesShell.apply(by_id(region) if isinstance(region, str) else region, markup)


class Parts:
    """The page's plain parts, written by id: what the shell (page/shell.py)
    and the pages ask of the DOM beyond drawing a region from markup. Each
    takes strings, numbers and booleans, and gives them back."""

    #: The id of the page's board (a page of several replays has one each).
    board_id = "board"

    def announce(self, text: str) -> None:
        """Say it through the live region, for screen readers."""
        line = el("p", text)
        region = by_id("announce")
        region.append(line)
        while region.childElementCount > 6:
            region.firstElementChild.remove()

    def text(self, region: str, text: str) -> None:
        """Region ``region`` (an id) says ``text``, as text, never as markup."""
        by_id(region).textContent = text

    def clear(self, region: str) -> None:
        """Region ``region`` (an id) emptied."""
        by_id(region).replaceChildren()

    def enable(self, control: str, on: bool = True, title: str | None = None) -> None:
        """The button ``control`` (an id) on or off, with its tooltip ``title`` if given."""
        node = by_id(control)
        node.disabled = not on
        if title is not None:
            node.title = title

    def set_title(self, text: str) -> None:
        """The page's title (its tab, its window)."""
        document.title = text

    def flag(self, name: str, value: str = "1") -> None:
        """The page's body marked ``data-<name>`` (what the stylesheet and the tests read)."""
        document.body.setAttribute(f"data-{name}", value)

    def focus(self, selector: str, *, over_dialog: bool = False) -> bool:
        """The focus on the first element matching ``selector``, unless the
        dialog is open (and ``over_dialog`` is not asked); whether it moved."""
        node = some(document.querySelector(selector))
        if node is None or (not over_dialog and by_id("dialog").open):
            return False
        node.focus()
        return True

    def focus_within(self, selector: str) -> bool:
        """Whether the focus is on an element matching ``selector`` or within it."""
        return closest(document.activeElement, selector) is not None

    def dialog_open(self, dialog: str = "dialog") -> bool:
        """Whether the dialog ``dialog`` (an id) is open."""
        return bool(by_id(dialog).open)

    def progress(self, bar: str, fraction: float) -> None:
        """The progress bar ``bar`` (an id) at ``fraction`` of its way."""
        node = by_id(bar)
        if node is not None:
            node.value = str(round(100 * fraction))

    def show_notice(self, dialog: str, focus: str | None = None) -> None:
        """The dialog ``dialog`` (an id) shown as a modal, unless it is open,
        with the focus on ``focus`` (a selector)."""
        node = by_id(dialog)
        if not node.open:
            node.showModal()
            if focus is not None:
                self.focus(focus, over_dialog=True)

    def close_notice(self, dialog: str = "dialog") -> None:
        """The dialog ``dialog`` (an id) closed, if it is open."""
        node = by_id(dialog)
        if node.open:
            node.close()

    def scroll_to_end(self, region: str) -> None:
        """Region ``region`` (an id) scrolled to its end (the log's newest line)."""
        node = by_id(region)
        node.scrollTop = node.scrollHeight

    def reveal(self, region: str, shown: bool) -> None:
        """Region ``region`` (an id) shown or hidden."""
        by_id(region).hidden = not shown

    def mark(self, region: str, name: str, on: bool) -> None:
        """Region ``region`` (an id) in the class ``name`` or not (what the stylesheet reads)."""
        by_id(region).classList.toggle(name, on)

    def show_parts(self, parts: Mapping[str, Mapping[str, Any]]) -> None:
        """Each element named by its id as its part says (replay/screen.py):
        ``text`` (as text), ``markup`` (morphed in; its drawer escaped it),
        ``hidden``, ``classes`` ``{name: on}``, ``attrs`` ``{name: value}``.
        An id the page does not hold is passed over (a poster has no review)."""
        for name, part in parts.items():
            node = by_id(name)
            if node is None:
                continue
            if "text" in part:
                node.textContent = str(part["text"])
            if "markup" in part:
                draw(node, str(part["markup"]))
            if "hidden" in part:
                node.hidden = bool(part["hidden"])
            for kind, on in part.get("classes", {}).items():
                node.classList.toggle(kind, bool(on))
            for attr, value in part.get("attrs", {}).items():
                node.setAttribute(attr, str(value))

    def set_theme(self, theme: str) -> None:
        """The page's colours: ``data-theme`` on ``<html>`` (embed.html's ``theme=dark``)."""
        document.documentElement.setAttribute("data-theme", theme)

    def regions(self, selector: str) -> list[dict[str, Any]]:
        """The elements matching ``selector`` as plain data: each one's
        ``data`` (its ``data-*``), its ``top`` on screen, whether it is
        ``in_view`` and whether it holds the ``focus``."""
        height, active, found = float(window.innerHeight or 0), some(document.activeElement), []
        for node in document.querySelectorAll(selector):
            box = node.getBoundingClientRect()
            data = {str(key): str(value) for key, value in window.Object.entries(node.dataset)}
            focus = active is not None and bool(node.contains(active))
            in_view = bool(box.bottom > 0 and box.top < height)
            found.append({"data": data, "top": float(box.top), "in_view": in_view, "focus": focus})
        return found

    def note_departure(self, seat: int, tile: Tile) -> None:
        """``tile``, played by ``seat``, is about to leave the hand or the
        seat's card: the page notes where it stands, before the redraw."""
        window.allfivesMotion.leaves(str(tile), seat)

    def slide_in(self, tile: Tile) -> Awaitable[None]:
        """The tile just played slides to its place on the board from where
        it left (:meth:`note_departure`); awaited, it is over (or was cut
        short by a redraw)."""
        return window.allfivesMotion.slideIn(self.board_id, str(tile))  # type: ignore[no-any-return]

    def draw_in(self, seat: int, tile: Tile | None) -> None:
        """``tile``, just drawn by ``seat``, comes in from the boneyard (into
        the hand, or onto the seat's card when it is not shown: None)."""
        window.allfivesMotion.drawIn(seat, None if tile is None else str(tile))

    def pop_points(self, pop: motion.Pop) -> None:
        """Points float up from where they were scored on the board."""
        window.allfivesMotion.popPoints(self.board_id, pop.x, pop.y, pop.text)

    def play_sound(self, name: str, notes: Sequence[Sequence[float | str]]) -> None:
        """Sound ``name``, played from ``notes`` (game/feel.py's ``SOUNDS``)."""
        window.allfivesMotion.sound(name, to_js([list(note) for note in notes]))

    def show_sound(self, on: bool) -> None:
        """The speaker in the header shows whether the sound is on."""
        by_id("sound").setAttribute("aria-pressed", "true" if on else "false")

    def celebrate(self, pieces: list[dict[str, str]], *, still: bool) -> None:
        """The win moment: ``pieces`` of confetti (game/feel.py's
        ``confetti``) over the page, ``still`` under reduced motion, until
        the dialog (the match's summary) closes."""
        window.allfivesMotion.celebrate(to_js(pieces, dict_converter=Object.fromEntries), still, "dialog")

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

    def select_text_of(self, element_id: str) -> None:
        """Select the whole text of the field ``element_id``, to copy by hand."""
        node = by_id(element_id)
        if node is not None:
            node.select()
