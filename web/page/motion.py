"""The game page's motion: a played tile slides to its place, drawn tiles
come in from the boneyard, and the points float up where they were scored.
The caller leaves these out when the player prefers reduced motion."""

from __future__ import annotations

from typing import Any

from js import Object
from pyodide.ffi import to_js
from pyscript import document, window

from allfives import Drew, Event, Played, Tile

from page.dom import by_id, js_object, q, some
from table import board
from table.felt import view_change

__all__ = ["draw_from_boneyard", "pop_points", "slide_from", "source_rect", "view_box", "zoom_from"]


def slide_from(tile: Tile, source: Any) -> Any:
    """The tile just played slides to its place from ``source`` (a rect);
    return the slide (an ``Animation``), or None when there is none."""
    target = q(f'#board .tile[data-tile="{tile}"]')
    svg = q("#board svg")
    if target is None or svg is None:
        return None
    end = target.getBoundingClientRect()
    matrix = some(svg.getScreenCTM())
    scale = float(matrix.a) if matrix is not None and float(matrix.a) > 0 else 1.0
    dx = (float(source.left) + float(source.width) / 2 - float(end.left) - float(end.width) / 2) / scale
    dy = (float(source.top) + float(source.height) / 2 - float(end.top) - float(end.height) / 2) / scale
    frames = to_js(
        [{"transform": f"translate({dx:.1f}px, {dy:.1f}px)"}, {"transform": "translate(0px, 0px)"}],
        dict_converter=Object.fromEntries,
    )
    return target.animate(frames, js_object({"duration": 420, "easing": "cubic-bezier(.2,.8,.3,1)"}))


async def finished(animation: Any) -> None:
    """Wait until ``animation`` has finished, or was cancelled (a redraw)."""
    if animation is None:
        return
    try:
        await animation.finished
    except Exception:  # a cancelled animation's promise is rejected: it is over all the same
        return


def source_rect(seat: int, tile: Tile) -> Any:
    """Where a tile played by ``seat`` comes from on screen: the hand
    button, or the other player's card."""
    node = q(f'#hand [data-tile="{tile}"]')
    if node is None:
        node = q(f'.opponent[data-seat="{seat}"] .backs')
    return node.getBoundingClientRect() if node is not None else None


def pop_points(geometry: board.BoardGeometry, event: Played) -> None:
    """ "+15" where it happened, floating up from the tile just played."""
    box = geometry.box_of(event.move.tile)
    svg = q("#board svg")
    if box is None or svg is None:
        return
    x, y = box.center
    ns = "http://www.w3.org/2000/svg"
    text = document.createElementNS(ns, "text")
    text.setAttribute("x", str(round(x, 1)))
    text.setAttribute("y", str(round(y, 1)))
    text.setAttribute("class", "points-pop")
    text.setAttribute("text-anchor", "middle")
    text.textContent = f"+{event.points}"
    svg.append(text)


def draw_from_boneyard(events: list[Event]) -> None:
    """Tiles drawn come in from the boneyard: into the hand, or onto the card of the seat that drew."""
    origin = by_id("boneyard")
    start = origin.getBoundingClientRect() if origin is not None else None
    if start is None:
        return
    for event in events:
        if not isinstance(event, Drew):
            continue
        button = q(f'#hand [data-tile="{event.tile}"]') if event.tile is not None else None
        if button is None:  # another seat's draw: its newest back on its card
            button = q(f'.opponent[data-seat="{event.seat}"] .backs svg:last-child')
        if button is None:
            continue
        end = button.getBoundingClientRect()
        dx = float(start.left) - float(end.left)
        dy = float(start.top) - float(end.top)
        frames = to_js(
            [
                {"transform": f"translate({dx:.0f}px, {dy:.0f}px) scale(0.6)", "opacity": 0.3},
                {"transform": "none", "opacity": 1},
            ],
            dict_converter=Object.fromEntries,
        )
        button.animate(frames, js_object({"duration": 500, "easing": "ease-out"}))


def view_box(node: Any) -> str | None:
    """The viewBox of the board drawn in ``node``, if there is one."""
    svg = some(node.querySelector("svg"))
    return str(svg.getAttribute("viewBox")) if svg is not None else None


def zoom_from(node: Any, before: str | None) -> None:
    """The table zooms and pans as a whole: the board just drawn in ``node``
    starts where its tiles stood under the viewBox ``before`` and moves and
    scales to the new one. Not under reduced motion, nor when the table
    changed shape (a resize)."""
    after = view_box(node)
    if not before or not after or before == after:
        return
    if bool(window.matchMedia("(prefers-reduced-motion: reduce)").matches):
        return
    change = view_change(tuple(float(v) for v in before.split()), tuple(float(v) for v in after.split()))
    if change is None:
        return
    # The groups' transform is in the svg's user units about its origin (an
    # SVG element's transform-box is the view box), as view_change's is.
    k, tx, ty = change
    frames = to_js(
        [{"transform": f"matrix({k:.4f},0,0,{k:.4f},{tx:.1f},{ty:.1f})"}, {"transform": "none"}],
        dict_converter=Object.fromEntries,
    )
    for group in node.querySelectorAll("svg > g"):
        group.animate(frames, js_object({"duration": 360, "easing": "ease-out"}))
