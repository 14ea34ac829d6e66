"""The board in few bytes: the layout as :mod:`table.board` draws it, for
the code a host page pastes (docs/embedding.md), where every byte is the
host's. A pure module, as :mod:`table.board` is."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Final

from allfives import Layout, Tile

from table.board import (
    _PIP_R,
    _PIPS,
    _RADIUS,
    _SHADOW,
    EDGE,
    IVORY,
    LAST,
    PIP,
    TARGET,
    TARGET_INK,
    _attr,
    _num,
)
from table.felt import HALF
from table.geometry import BoardGeometry, board_geometry
from table.labels import ENGLISH, Labels

__all__ = ["render_sketch"]

#: Where a sketch's pips sit on a half: a hair further apart than the
#: board's (``board._PIP_GRID``), on whole numbers, which are shorter to write.
_SKETCH_GRID: Final = (HALF / 4, HALF / 2, 3 * HALF / 4)


def render_sketch(layout: Layout, *, aspect: float = 16 / 9, last: Tile | None = None, words: Labels = ENGLISH) -> str:
    """The layout as :func:`table.board.render_board` draws it (the same places and
    colours, the last tile ringed, each open end's ring and number) in a
    fifth to a tenth of the bytes, for the code a host page pastes
    (docs/embedding.md).
    Three paths draw every tile at once: the faces (a rectangle inset by the
    corner's radius and stroked two radii wide with round joins is a rounded
    one), the dividers and the pips (a pip is a stroke of no length with
    round caps: a dot). Nothing has an id, so any number of sketches sit on
    one page. Left out: the bevels, the brass pins, the edges' keyline, each
    tile's name and the rings' tooltips (the picture has one name, the
    layout's summary); a browser that draws no CSS filter on SVG leaves out
    the shadow too."""
    geometry = board_geometry(layout, aspect)
    total = layout.total if layout.lead is not None else 0
    name = words.layout(len(geometry.tiles), total)
    r = round(_RADIUS)
    margin = round(0.16 * HALF)
    faces, dividers, pips = [], [], []
    for box in geometry.tiles:
        x, y = box.x, box.y
        faces.append(f"M{_num(x + r)} {_num(y + r)}h{_num(box.width - 2 * r)}v{_num(box.height - 2 * r)}")
        faces.append(f"h{_num(2 * r - box.width)}z")
        if box.horizontal:
            dividers.append(f"M{_num(x + HALF)} {_num(y + margin)}v{_num(HALF - 2 * margin)}")
            halves = ((x, y), (x + HALF, y))
        else:
            dividers.append(f"M{_num(x + margin)} {_num(y + HALF)}h{_num(HALF - 2 * margin)}")
            halves = ((x, y), (x, y + HALF))
        for (left, top), count in zip(halves, (box.first, box.second), strict=True):
            for col, row in _PIPS[count]:
                across, down = (row, col) if box.horizontal else (col, row)
                pips.append((left + _SKETCH_GRID[across], top + _SKETCH_GRID[down]))
    sx, sy = _SHADOW
    view = " ".join(str(round(v)) for v in geometry.view_box)
    parts = [
        f'<svg viewBox="{_short(view)}" width="100%" height="100%" role="img" aria-label="{_attr(name)}">',
        f'<path d="{_short("".join(faces))}" fill="{IVORY}" stroke="{IVORY}" stroke-width="{2 * r}"'
        f' stroke-linejoin="round" style="filter:drop-shadow({_num(sx)}px {_num(sy)}px 0 #0000004d)"/>',
        f'<path d="{_short("".join(dividers))}" stroke="{EDGE}" stroke-width="2"/>',
    ]
    if pips:
        parts.append(
            f'<path d="{_dots(pips)}" stroke="{PIP}" stroke-width="{_num(2 * _PIP_R)}" stroke-linecap="round"/>'
        )
    ringed = geometry.box_of(last) if last is not None else None
    if ringed is not None:
        pad = round(0.14 * HALF)
        parts.append(
            f'<rect x="{_num(ringed.x - pad)}" y="{_num(ringed.y - pad)}" width="{_num(ringed.width + 2 * pad)}"'
            f' height="{_num(ringed.height + 2 * pad)}" rx="{r + pad}" fill="none" stroke="{LAST}"'
            f' stroke-width="{_num(0.09 * HALF)}"/>'
        )
    parts.extend(_sketch_markers(layout, geometry))
    parts.append("</svg>")
    return "".join(parts)


def _dots(points: list[tuple[float, float]]) -> str:
    """A dot at each of ``points``, as path data: the first placed, each
    next one moved to from the one before (shorter numbers)."""
    path: list[str] = []
    at = (0.0, 0.0)
    for x, y in points:
        path.append(f"{'m' if path else 'M'}{_num(x - at[0])} {_num(y - at[1])}h0")
        at = (x, y)
    return _short("".join(path))


def _short(path: str) -> str:
    """Numbers without the spaces a minus sign makes needless."""
    return path.replace(" -", "-")


def _sketch_markers(layout: Layout, geometry: BoardGeometry) -> Iterator[str]:
    """Each open end's ring and number, as ``board._marker`` draws them, what
    they share said once (the font is the host's link's, the facade's)."""
    ends = [e for e in layout.open_end_counts() if e.end in geometry.ends]
    if not ends:
        return
    rings, numbers = [], []
    for end in ends:
        cx, cy = geometry.ends[end.end].center
        # An end that counts nothing yet is faint and dashed, as on the board.
        idle = end.waiting or end.shared
        faint = ' opacity=".6"' if idle else ""
        dashed = f' stroke-dasharray="{_num(0.12 * HALF)} {_num(0.08 * HALF)}"' if idle else ""
        rings.append(f'<circle cx="{_num(cx)}" cy="{_num(cy)}" r="{_num(0.34 * HALF)}"{dashed}{faint}/>')
        # The number's middle on the ring's: its baseline an eighth of a half below.
        numbers.append(f'<text x="{_num(cx)}" y="{_num(cy + HALF / 8)}"{faint}>{_attr(end.pips)}</text>')
    yield (
        f'<g fill="{TARGET_INK}" fill-opacity=".45" stroke="{TARGET}" stroke-width="2">{"".join(rings)}</g>'
        f'<g fill="{TARGET}" font-size="{_num(0.36 * HALF)}" font-weight="600" text-anchor="middle">'
        f"{''.join(numbers)}</g>"
    )
