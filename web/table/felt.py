"""The table the layout is drawn on: its units (a half of a domino, the
gap between tiles), its shape (:func:`table_shape`), the *felt* the chains
turn at the edge of (:func:`felt`), and the view round the layout
(:func:`fit`, :func:`view_change`). A pure module: :mod:`table.geometry`
lays the layout out on it.

The viewBox is the smallest box at the table's aspect that holds every tile
and open end with a margin of felt, no smaller than a minimum table, centred
on what it holds: a layout that grows to one side is not drawn small to keep
the other side's empty felt in view. The tiles only add to what it holds, so
the table zooms out and pans with the layout (the page animates both,
:func:`view_change`) and a tile once placed stays in view. Only an open
end's drop spot may pull in (a double laid straight where the next tile
would have turned), and the table then zooms in by a hair (under 3% over
the tests' hands). The view is drawn from the layout alone, as a replay
that jumps to a move must draw it, so it cannot hold its largest size.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from typing import Final

__all__ = [
    "CLEAR",
    "GAP",
    "HALF",
    "MARGIN",
    "MIN_AREA",
    "SMALL_MIN_AREA",
    "felt",
    "fit",
    "table_shape",
    "view_change",
]

Box = tuple[float, float, float, float]  # x0, y0, x1, y1

HALF: Final = 40.0
"""The side of one square half of a domino, in viewBox units; a tile is 2 x 1."""
GAP: Final = 3.0
"""The felt left between neighbouring tiles."""
MARGIN: Final = 0.35 * HALF
"""Felt around the layout inside the viewBox."""
MIN_AREA: Final = 16 * 10 * HALF * HALF
"""The smallest table drawn, at any aspect: a short layout is not blown up to fill it."""
SMALL_MIN_AREA: Final = 10 * 8 * HALF * HALF
"""The same on a small table (a phone's): its tiles are drawn larger, as a
short layout there would otherwise leave them fingertip-sized."""
CLEAR: Final = HALF / 2
"""The least felt between two chains (beyond their first tiles, which meet
at the middle tile), so that one never seems to run on into the other."""
SMALL_TABLE_PX: Final = 600
"""A table narrower than this, in CSS pixels, is a small one."""


def table_shape(width: float, height: float) -> tuple[float, bool]:
    """A table's aspect ratio (kept between 0.4 and 3) and whether it is a
    small one, from its size in CSS pixels (0 while it is not laid out yet)."""
    if width < 10 or height < 10:
        return 1.6, False
    return max(0.4, min(3.0, width / height)), width < SMALL_TABLE_PX


FELT_AREA: Final = 190 * HALF * HALF
"""The felt's area on a table up to 1.25 times as wide as tall: about what a
two-player hand of nine tiles lays, so that at its end the layout reaches
the felt's edges (tools/board_sizes.py measured the tiles this draws)."""
WIDE_FELT_AREA: Final = 200 * HALF * HALF
"""The same on a table twice as wide as tall and wider, whose chains turn
along its short height sooner: a larger felt lets them run straight longer."""
TALL_FELT: Final = 0.7
"""The felt's shape over the table's, up to 1.25 times as wide as tall: a
taller felt, so the main line's arms turn down the table's height and a long
chain snakes outward across its width (a long chain runs on while the others
are short, and a table held about square has width to spare for it)."""


def felt(aspect: float, small: bool = False) -> tuple[float, float]:
    """Half the felt's width and half its height for a table ``aspect``
    times as wide as tall (the same on a ``small`` table). The felt changes
    only when the aspect does by a step (a fourth of an octave, 19%), so a
    board that grows or shrinks a little (the hand under it takes a row
    less) keeps its chains where they were; between a table 1.25 and 2 times
    as wide as tall, its area and shape go from the one to the other."""
    step = 2 ** (round(math.log2(aspect) * 4) / 4)
    wide = min(1.0, max(0.0, (step - 1.25) / 0.75))
    area = FELT_AREA + (WIDE_FELT_AREA - FELT_AREA) * wide
    shape = step * (TALL_FELT + (1 - TALL_FELT) * wide)
    width = math.sqrt(area * shape)
    return width / 2, width / shape / 2


def fit(boxes: Iterable[Box], aspect: float, min_area: float = MIN_AREA) -> tuple[float, float, float, float]:
    """The smallest viewBox at ``aspect`` that holds ``boxes`` with a margin
    of felt around them, and no smaller than ``min_area``, centred on what
    it holds. It grows and pans as boxes are added."""
    x0 = y0 = math.inf
    x1 = y1 = -math.inf
    for bx0, by0, bx1, by1 in boxes:
        x0, y0, x1, y1 = min(x0, bx0), min(y0, by0), max(x1, bx1), max(y1, by1)
    if x0 > x1:  # nothing on the table: the middle of it
        x0 = y0 = x1 = y1 = 0.0
    width = max(math.sqrt(min_area * aspect), x1 - x0 + 2 * MARGIN, (y1 - y0 + 2 * MARGIN) * aspect)
    height = width / aspect
    return ((x0 + x1 - width) / 2, (y0 + y1 - height) / 2, width, height)


def view_change(before: tuple[float, ...], after: tuple[float, ...]) -> tuple[float, float, float] | None:
    """How the table moved when its viewBox went from ``before`` to ``after``
    (each ``(x, y, width, height)``): the scale ``k`` and shift ``(tx, ty)``
    that draw a point ``p`` under ``after`` at ``k * p + t``, where it lay on
    screen under ``before``; the zoom and the pan at once. None when the
    table changed shape (a resize), which is not a move to animate."""
    ox, oy, ow, oh = before
    nx, ny, nw, nh = after
    if min(ow, oh, nw, nh) <= 0 or abs(ow / oh - nw / nh) > 1e-3:
        return None
    k = nw / ow
    return k, nx - k * ox, ny - k * oy
