"""The page helpers the game (main.py) and the replay (embed.py) share:
finding elements, making them, and passing plain objects to JavaScript.

Text always goes into the page as text nodes, never as markup, so nothing a
player typed or a record held can run; a region drawn as markup by a
browser-free module (which escapes every text it holds, game/cards.py) is
put in place by the shell, :func:`draw`. JavaScript's null arrives in Pyodide
as its own object, not as None: :func:`some` turns it into None.
"""

from __future__ import annotations

from typing import Any

from js import Object
from pyodide.ffi import to_js
from pyscript import document, window

__all__ = ["by_id", "closest", "draw", "el", "js_object", "q", "some"]


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
