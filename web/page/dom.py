"""The channel between the page's Python and its shell (web/js/shell.js),
and the page's plain parts (:class:`Parts`, the shell's base).

Every call between the two is a message of plain data, a JSON string
(issue 46: so that the Python can run in a worker): Python *tells* the
shell to do something (:func:`tell`, ``["text", "status", "Your turn"]``),
*asks* it what only the page knows (:func:`ask`, answered later: where the
tutorial's posters stand, a tile's slide done) and *hears* what the person
does through listeners it numbers (:func:`hear`: ``{"to": 3, "data":
{"action": "choose", "tile": "5-3"}}``). What the page is as Python connects
(the keys of its fixed words, the dialogs open, the motion the person asked
for) comes back as :data:`FACTS`, kept up to date by the shell.

Text always goes into the page as text nodes, never as markup, so nothing a
player typed or a record held can run; a region drawn as markup by a
browser-free module (which escapes every text it holds, game/cards.py) is
put in place by the shell, :func:`draw`.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import Awaitable, Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

import js
from pyodide.ffi import create_proxy

from allfives import Tile, json_text

if TYPE_CHECKING:
    from page import motion

__all__ = ["FACTS", "Facts", "Parts", "ask", "draw", "hear", "some", "tell"]

#: What a listener is handed: the event as plain data.
Heard = Callable[[dict[str, Any]], None]


def some(value: Any) -> Any:
    """``value``, or None for JavaScript's null (which Pyodide hands over as
    its own null object, not as None)."""
    return None if value is None or type(value).__name__ == "JsNull" else value


@dataclass
class Facts:
    """What the page is, as the shell says it: the keys of its fixed words
    (``data-i18n``), the dialogs open (by id), whether the person asked
    for reduced motion, where the page is and the device's languages and
    pointer."""

    keys: tuple[str, ...] = ()
    open: set[str] = field(default_factory=set)
    reduced_motion: bool = False
    #: Where the page is (page.browser.Address's fields, as plain data).
    address: dict[str, Any] = field(default_factory=dict)
    languages: tuple[str, ...] = ("en",)  # the browser's, the first preferred
    touch: bool = False  # a coarse pointer: a finger, not a mouse
    #: The site's items of ``localStorage`` as Python connected (None: blocked), for a worker, which has none.
    storage: dict[str, str] | None = None

    def heard(self, data: Mapping[str, Any]) -> None:
        """A fact that changed: the motion asked for, or a dialog that closed
        (``open``: whether it is open again by then)."""
        if "reduced_motion" in data:
            self.reduced_motion = bool(data["reduced_motion"])
        if "dialog" in data:
            (self.open.add if data.get("open") else self.open.discard)(str(data["dialog"]))


#: The page's facts (filled when Python first speaks to the shell).
FACTS = Facts()

_listeners: dict[int, Heard] = {}
_keep: list[Any] = []  # the one proxy the shell calls: kept as long as the page


def _receive(message: str) -> None:
    try:
        event = json_text.loads(message)
    except ValueError:
        # Data nested too deeply to read (only a host page's message can be):
        # not for the game, and read it would overflow a worker's stack.
        js.console.warn("All Fives: a message nested too deeply was ignored")
        return
    to, data = int(event["to"]), event["data"]
    if to == 0:
        FACTS.heard(data)
    elif (listener := _listeners.get(to)) is not None:
        listener(data)


def _shell() -> Any:
    shell = js.allfivesShell
    if not _keep:
        proxy = create_proxy(_receive)
        _keep.append(proxy)
        facts = json.loads(str(shell.connect(proxy)))
        FACTS.keys = tuple(facts["keys"])
        FACTS.open = set(facts["open"])
        FACTS.reduced_motion = bool(facts["reduced_motion"])
        FACTS.address = dict(facts["address"])
        FACTS.languages = tuple(facts["languages"]) or ("en",)
        FACTS.touch = bool(facts["touch"])
        FACTS.storage = facts.get("storage")
    return shell


def connect() -> Facts:
    """Speak to the shell (once): the page's facts."""
    _shell()
    return FACTS


def tell(op: str, *args: Any) -> None:
    """The shell does ``op`` with ``args`` (plain data); nothing comes back."""
    _shell().run(json.dumps([op, *args]))


def ask(op: str, *args: Any) -> asyncio.Future[Any]:
    """The shell's answer to ``op`` with ``args``, as plain data, when it
    comes; asked at once (a tile's slide begins now, awaited or not)."""
    promise = _shell().ask(json.dumps([op, *args]))

    async def answer() -> Any:
        return json.loads(str(await promise))

    return asyncio.ensure_future(answer())


def hear(listener: Heard, kind: str, *options: Any) -> None:
    """``listener`` hears ``kind`` (web/js/shell.js's ``HEARS``: "act",
    "value", "file", "keys", "key", "resize", "size", "message", "close",
    "storage", "storageFailed", "hashchange", "update")
    with ``options``, each event as plain data. A listener the shell answers
    at once (a box's size) is heard before this returns."""
    number = len(_listeners) + 1
    _listeners[number] = listener
    tell("listen", number, kind, *options)


def draw(region: str, markup: str) -> None:
    """Region ``region`` (its id) drawn as ``markup``, morphed in place by
    the page's shell (web/js/shell.js, Idiomorph): nodes still there keep
    their identity, focus and scroll."""
    tell("draw", region, markup)


class Parts:
    """The page's plain parts, written by id: what the shell (page/shell.py)
    and the pages ask of the DOM beyond drawing a region from markup. Each
    takes strings, numbers and booleans: a message to the shell."""

    #: The id of the page's board (a page of several replays has one each).
    board_id = "board"

    def announce(self, text: str) -> None:
        """Say it through the live region, for screen readers."""
        tell("announce", text)

    def text(self, region: str, text: str) -> None:
        """Region ``region`` (an id) says ``text``, as text, never as markup."""
        tell("text", region, text)

    def clear(self, region: str) -> None:
        """Region ``region`` (an id) emptied."""
        tell("clear", region)

    def enable(self, control: str, on: bool = True, title: str | None = None) -> None:
        """The button ``control`` (an id) on or off, with its tooltip ``title`` if given."""
        tell("enable", control, on, title)

    def set_title(self, text: str) -> None:
        """The page's title (its tab, its window)."""
        tell("title", text)

    def flag(self, name: str, value: str = "1") -> None:
        """The page's body marked ``data-<name>`` (what the stylesheet and the tests read)."""
        tell("flag", name, value)

    def focus(self, selector: str, *, over_dialog: bool = False) -> None:
        """The focus on the first element matching ``selector``, unless the
        dialog is open (and ``over_dialog`` is not asked)."""
        tell("focus", selector, over_dialog)

    def keep_focus(self, within: str, to: str) -> None:
        """Where the focus is within ``within`` (a selector), it moves to
        ``to``: the tile that held it leaves with the move."""
        tell("keepFocus", within, to)

    def dialog_open(self, dialog: str = "dialog") -> bool:
        """Whether the dialog ``dialog`` (an id) is open."""
        return dialog in connect().open

    def progress(self, bar: str, fraction: float) -> None:
        """The progress bar ``bar`` (an id) at ``fraction`` of its way."""
        tell("progress", bar, round(100 * fraction))

    def show_notice(self, dialog: str, focus: str | None = None) -> None:
        """The dialog ``dialog`` (an id) shown as a modal, unless it is open,
        with the focus on ``focus`` (a selector)."""
        connect().open.add(dialog)
        tell("showNotice", dialog, focus)

    def close_notice(self, dialog: str = "dialog") -> None:
        """The dialog ``dialog`` (an id) closed, if it is open."""
        connect().open.discard(dialog)
        tell("closeNotice", dialog)

    def scroll_to_end(self, region: str) -> None:
        """Region ``region`` (an id) scrolled to its end (the log's newest line)."""
        tell("scrollToEnd", region)

    def reveal(self, region: str, shown: bool) -> None:
        """Region ``region`` (an id) shown or hidden."""
        tell("reveal", region, shown)

    def mark(self, region: str, name: str, on: bool) -> None:
        """Region ``region`` (an id) in the class ``name`` or not (what the stylesheet reads)."""
        tell("mark", region, name, on)

    def show_parts(self, parts: Mapping[str, Mapping[str, Any]]) -> None:
        """Each element named by its id as its part says (replay/screen.py):
        ``text`` (as text), ``markup`` (morphed in; its drawer escaped it),
        ``hidden``, ``classes`` ``{name: on}``, ``attrs`` ``{name: value}``.
        An id the page does not hold is passed over (a poster has no review)."""
        tell("parts", {name: dict(part) for name, part in parts.items()})

    def set_theme(self, theme: str) -> None:
        """The page's colours: ``data-theme`` on ``<html>`` (embed.html's ``theme=dark``)."""
        tell("theme", theme)

    def regions(self, selector: str) -> Awaitable[list[dict[str, Any]]]:
        """The elements matching ``selector`` as plain data, when the shell
        answers: each one's ``data`` (its ``data-*``), its ``top`` on
        screen, whether it is ``in_view`` and whether it holds the ``focus``."""
        return ask("regions", selector)

    def note_departure(self, seat: int, tile: Tile) -> None:
        """``tile``, played by ``seat``, is about to leave the hand or the
        seat's card: the page notes where it stands, before the redraw."""
        tell("leaves", str(tile), seat)

    def slide_in(self, tile: Tile) -> Awaitable[None]:
        """The tile just played slides to its place on the board from where
        it left (:meth:`note_departure`); awaited, it is over (or was cut
        short by a redraw)."""
        return ask("slideIn", self.board_id, str(tile))

    def draw_in(self, seat: int, tile: Tile | None) -> None:
        """``tile``, just drawn by ``seat``, comes in from the boneyard (into
        the hand, or onto the seat's card when it is not shown: None)."""
        tell("drawIn", seat, None if tile is None else str(tile))

    def pop_points(self, pop: motion.Pop) -> None:
        """Points float up from where they were scored on the board."""
        tell("popPoints", self.board_id, pop.x, pop.y, pop.text)

    def play_sound(self, name: str, notes: Sequence[Sequence[float | str]]) -> None:
        """Sound ``name``, played from ``notes`` (game/feel.py's ``SOUNDS``)."""
        tell("sound", name, [list(note) for note in notes])

    def show_sound(self, on: bool) -> None:
        """The speaker in the header shows whether the sound is on."""
        tell("parts", {"sound": {"attrs": {"aria-pressed": "true" if on else "false"}}})

    def celebrate(self, pieces: list[dict[str, str]], *, still: bool) -> None:
        """The win moment: ``pieces`` of confetti (game/feel.py's
        ``confetti``) over the page, ``still`` under reduced motion, until
        the dialog (the match's summary) closes."""
        tell("celebrate", pieces, still, "dialog")

    def redraw_dialog_part(self, part: str, markup: str) -> None:
        """The open dialog's element ``part`` (an id) drawn again as
        ``markup``, morphed in place (:func:`draw`): a field that
        stays keeps its focus, and what was typed in a field drawn as it was."""
        draw(part, markup)

    def dialog_note(self, note_id: str, text: str, describes: str) -> None:
        """``text`` above the dialog's buttons (which stay in view while its
        body scrolls), as the description of the button ``describes`` (its
        value); the next dialog's buttons replace it."""
        tell("dialogNote", note_id, text, describes)

    def select_text_of(self, element_id: str) -> None:
        """Select the whole text of the field ``element_id``, to copy by hand."""
        tell("selectText", element_id)
