"""The game page's motion, decided in Python and done by the page's
JavaScript (web/js/motion.js): a played tile slides to its place, drawn
tiles come in from the boneyard, the points float up where they were
scored, and the table zooms and pans as a whole when its view changes.

Browser-free: what moves, from where to where, is worked out here from the
page's own state (the layout's geometry, the board markup it drew last) and
handed to the shell as plain numbers and strings (:class:`page.shell.Shell`,
``# -- for motion``). The caller leaves the motion out when the player
prefers reduced motion."""

from __future__ import annotations

from dataclasses import dataclass

from allfives import Played

from table import board
from table.felt import view_change

__all__ = ["Pop", "points_pop", "view_box", "zoom"]

#: How the board's markup names its view (table/board.py's ``render_board``).
VIEW_BOX = ' viewBox="'


@dataclass(frozen=True)
class Pop:
    """ "+15" floating up at ``(x, y)``, in the board's own units (its viewBox)."""

    x: float
    y: float
    text: str


def points_pop(geometry: board.BoardGeometry, event: Played) -> Pop | None:
    """The points of ``event`` where they were scored: over the tile just
    played; None when it is not on the board (or scored nothing)."""
    box = geometry.box_of(event.move.tile)
    if box is None or not event.points:
        return None
    x, y = box.center
    return Pop(round(x, 1), round(y, 1), f"+{event.points}")


def view_box(markup: str) -> tuple[float, float, float, float] | None:
    """The view of the board drawn as ``markup`` (its outer ``<svg>``'s
    viewBox), or None for no board. Read from the markup the page drew, not
    from the screen."""
    start = markup.find(VIEW_BOX)
    if start < 0:
        return None
    start += len(VIEW_BOX)
    try:
        x, y, width, height = (float(v) for v in markup[start : markup.index('"', start)].split())
    except ValueError:
        return None
    return x, y, width, height


def zoom(before: str, after: str) -> tuple[float, float, float] | None:
    """How the table moves when the board drawn as ``before`` is drawn
    again as ``after``: the scale and shift (:func:`table.felt.view_change`)
    its tiles start from, to stand where they stood on screen. None when
    there is nothing to animate: no board before or after, the same view,
    or a table that changed shape (a resize)."""
    old, new = view_box(before), view_box(after)
    if old is None or new is None or old == new:
        return None
    return view_change(old, new)
