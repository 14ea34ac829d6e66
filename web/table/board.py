"""The table, drawn: dominoes and the layout as SVG markup.

A pure module (the standard library and :mod:`allfives` only), so it runs the
same on CPython, where pytest checks it, and on Pyodide, where the page
inserts what it returns. Nothing here touches the DOM.

* :func:`render_tile` draws one domino as an SVG ``<g>``, :func:`tile_svg` as
  a small standalone ``<svg>`` for a hand tile inside a button.
* :func:`board_geometry` (from :mod:`geometry`) lays the layout out: where
  every tile lies, where each open end's next tile would go, in viewBox units.
* :func:`render_board` draws that geometry as one ``<svg>`` that scales to
  its container, with drop targets on the ends a selected tile can go to.
* :func:`table.sketch.render_sketch` draws the same geometry in the fewest
  bytes, for the facade another site pastes (docs/embedding.md).
"""

from __future__ import annotations

import html
from collections.abc import Iterator, Mapping
from typing import Final

from allfives import End, Layout, OpenEnd, Tile

from table import keys
from table.felt import GAP, HALF, table_shape
from table.geometry import BoardGeometry, EndBox, Orientation, TileBox, board_geometry
from table.labels import ENGLISH, Labels, end_name, tile_name

__all__ = [
    "GAP",
    "HALF",
    "BoardGeometry",
    "EndBox",
    "Labels",
    "Orientation",
    "TileBox",
    "board_geometry",
    "end_name",
    "render_board",
    "render_tile",
    "table_shape",
    "tile_name",
    "tile_svg",
]


# Inline colours, so the markup looks right before the page's stylesheet
# (which may override them through the classes) has loaded. Dark pips on
# ivory are about 16:1; the drop-target outline and its label are drawn
# light on a dark keyline, readable on felt and on paper.
IVORY: Final = "#fbf7ec"
EDGE: Final = "#5a4e3c"
PIP: Final = "#1d1a16"
BACK: Final = "#23405f"
BACK_TRIM: Final = "#d9b55a"
BRASS: Final = "#b8913a"
LAST: Final = "#ffd23f"
TARGET: Final = "#fff6cc"
TARGET_INK: Final = "#10281b"

_RADIUS: Final = 0.16 * HALF
#: An open end's ring: as wide as a tile, so that a ring on a phone's board
#: (tiles 40 px long) is 20 px across, its number 12 px high.
RING_RADIUS: Final = 0.5 * HALF
RING_TEXT: Final = 0.6 * HALF
#: The least a ring is drawn across, in CSS pixels, however far a long
#: hand's board zooms out (issue 44: 16 px; one more for the board box's
#: padding, which the box's size below includes). Its number keeps its
#: share of the ring.
RING_LEAST_PX: Final = 17.0
_PIP_R: Final = 0.1 * HALF
_SHADOW: Final = (0.05 * HALF, 0.08 * HALF)
#: The page's one font (style.css says why): the SVG's text is set in it too.
_FONT: Final = "Arial, 'Liberation Sans', Arimo, Helvetica, sans-serif"


# Where the pips sit on a half, as (column, row) on a 3 x 3 grid, for a half
# of an upright tile; a tile lying flat shows the same faces turned, so its
# six is two rows of three.
_PIPS: Final[tuple[tuple[tuple[int, int], ...], ...]] = (
    (),
    ((1, 1),),
    ((2, 0), (0, 2)),
    ((2, 0), (1, 1), (0, 2)),
    ((0, 0), (2, 0), (0, 2), (2, 2)),
    ((0, 0), (2, 0), (1, 1), (0, 2), (2, 2)),
    ((0, 0), (0, 1), (0, 2), (2, 0), (2, 1), (2, 2)),
)
_PIP_GRID: Final = (0.26 * HALF, 0.5 * HALF, 0.74 * HALF)


# One tile


def _num(value: float) -> str:
    """A coordinate as short, deterministic text."""
    text = f"{value:.2f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


def _attr(value: object) -> str:
    return html.escape(str(value), quote=True)


def _classes(*names: str) -> str:
    return _attr(" ".join(n for name in names for n in name.split()))


def _half_pips(pips: int, left: float, top: float, *, upright: bool) -> Iterator[str]:
    for col, row in _PIPS[pips]:
        x, y = (col, row) if upright else (row, col)
        cx, cy = left + _PIP_GRID[x], top + _PIP_GRID[y]
        yield f'<circle class="pip" cx="{_num(cx)}" cy="{_num(cy)}" r="{_num(_PIP_R)}" fill="{PIP}"/>'


def render_tile(
    tile: Tile | None,
    *,
    orientation: Orientation = "horizontal",
    first: int | None = None,
    x: float = 0.0,
    y: float = 0.0,
    face_down: bool = False,
    css_class: str = "",
    label: str | None = None,
    ring: bool = False,
) -> str:
    """One domino as an SVG ``<g>`` with its top left corner at ``(x, y)``:
    ``2 * HALF`` by ``HALF`` lying ``horizontal``, the other way ``vertical``.

    ``first`` is the number on the left (or top) half, the higher one unless
    told. A ``face_down`` tile shows its back and nothing of its face, not
    even in the markup, so ``tile`` may then be None. ``ring`` draws the
    highlight that marks the tile played last. ``label`` is its name for a
    screen reader (by default the English one); an empty one names it not at
    all, for a tile inside something that names it.
    """
    if orientation not in ("horizontal", "vertical"):
        raise ValueError(f"orientation is 'horizontal' or 'vertical', not {orientation!r}")
    flat = orientation == "horizontal"
    width, height = (2 * HALF, HALF) if flat else (HALF, 2 * HALF)
    place = f'transform="translate({_num(x)} {_num(y)})"'
    if face_down or tile is None:
        if not face_down:
            raise ValueError("only a face-down tile may be drawn without its tile")
        name = label if label is not None else "a face-down tile"
        head = f'<g class="{_classes("tile", "face-down", css_class)}" {place}{_named(name)}>'
        face = list(_back(width, height))
    else:
        shown = tile.high if first is None else first
        if not tile.has(shown):
            raise ValueError(f"{tile} has no {shown} to show first")
        name = label if label is not None else tile_name(tile)
        head = f'<g class="{_classes("tile", css_class)}" data-tile="{_attr(tile)}" {place}{_named(name)}>'
        face = list(_face(shown, tile.other(shown), width, height, flat=flat))
    sx, sy = _SHADOW
    parts = [
        head,
        f'<rect class="tile-shadow" x="{_num(sx)}" y="{_num(sy)}" width="{_num(width)}" height="{_num(height)}"'
        f' rx="{_num(_RADIUS)}" fill="#000" fill-opacity="0.3"/>',
    ]
    if ring:
        pad = 0.14 * HALF
        parts.append(
            f'<rect class="last-ring" x="{_num(-pad)}" y="{_num(-pad)}" width="{_num(width + 2 * pad)}"'
            f' height="{_num(height + 2 * pad)}" rx="{_num(_RADIUS + pad)}" fill="none" stroke="{LAST}"'
            f' stroke-width="{_num(0.09 * HALF)}"/>'
        )
    parts.extend(face)
    parts.append("</g>")
    return "".join(parts)


def _named(name: str) -> str:
    """A tile's role and name for a screen reader; none for an empty name."""
    return f' role="img" aria-label="{_attr(name)}"' if name else ""


def _body(width: float, height: float, fill: str, css: str) -> str:
    return (
        f'<rect class="{css}" width="{_num(width)}" height="{_num(height)}" rx="{_num(_RADIUS)}"'
        f' fill="{fill}" stroke="{EDGE}" stroke-width="{_num(0.04 * HALF)}"/>'
    )


def _face(first: int, second: int, width: float, height: float, *, flat: bool) -> Iterator[str]:
    yield _body(width, height, IVORY, "tile-face")
    # A soft highlight along the top edge and a darker lip along the bottom
    # give the tile some thickness.
    inset = 0.1 * HALF
    yield (
        f'<path class="tile-bevel" d="M{_num(inset)} {_num(0.06 * HALF)}H{_num(width - inset)}"'
        f' stroke="#fff" stroke-opacity="0.9" stroke-width="{_num(0.05 * HALF)}" stroke-linecap="round"/>'
    )
    yield (
        f'<path class="tile-bevel" d="M{_num(inset)} {_num(height - 0.06 * HALF)}H{_num(width - inset)}"'
        f' stroke="{EDGE}" stroke-opacity="0.25" stroke-width="{_num(0.05 * HALF)}" stroke-linecap="round"/>'
    )
    margin = 0.16 * HALF
    if flat:
        divider = f"M{_num(HALF)} {_num(margin)}V{_num(height - margin)}"
        corners = ((0.0, 0.0), (HALF, 0.0))
    else:
        divider = f"M{_num(margin)} {_num(HALF)}H{_num(width - margin)}"
        corners = ((0.0, 0.0), (0.0, HALF))
    yield f'<path class="divider" d="{divider}" stroke="{EDGE}" stroke-width="{_num(0.05 * HALF)}"/>'
    # The brass pin real dominoes have at the middle of the divider.
    yield (
        f'<circle class="pin" cx="{_num(width / 2)}" cy="{_num(height / 2)}" r="{_num(0.055 * HALF)}"'
        f' fill="{BRASS}" stroke="{EDGE}" stroke-width="{_num(0.015 * HALF)}"/>'
    )
    for (left, top), pips in zip(corners, (first, second), strict=True):
        yield f'<g class="half" data-pips="{pips}">'
        yield from _half_pips(pips, left, top, upright=not flat)
        yield "</g>"


def _back(width: float, height: float) -> Iterator[str]:
    yield _body(width, height, BACK, "tile-back")
    inset = 0.14 * HALF
    yield (
        f'<rect class="back-trim" x="{_num(inset)}" y="{_num(inset)}" width="{_num(width - 2 * inset)}"'
        f' height="{_num(height - 2 * inset)}" rx="{_num(_RADIUS * 0.6)}" fill="none" stroke="{BACK_TRIM}"'
        f' stroke-width="{_num(0.04 * HALF)}"/>'
    )
    cx, cy, r = width / 2, height / 2, 0.2 * HALF
    yield (
        f'<path class="back-trim" d="M{_num(cx)} {_num(cy - r)}L{_num(cx + r)} {_num(cy)}L{_num(cx)} {_num(cy + r)}'
        f'L{_num(cx - r)} {_num(cy)}Z" fill="{BACK_TRIM}" fill-opacity="0.85"/>'
    )


def tile_svg(
    tile: Tile | None,
    *,
    orientation: Orientation = "vertical",
    first: int | None = None,
    face_down: bool = False,
    css_class: str = "",
) -> str:
    """A standalone ``<svg>`` of one tile, for a hand tile in a button or an
    opponent's face-down tiles; it scales to the size the page gives it.
    It is hidden from screen readers, and names itself in no language: the
    button or card around it says what it is, once, in the player's."""
    flat = orientation == "horizontal"
    width, height = (2 * HALF, HALF) if flat else (HALF, 2 * HALF)
    pad = 0.12 * HALF
    view = f"{_num(-pad)} {_num(-pad)} {_num(width + 2 * pad + _SHADOW[0])} {_num(height + 2 * pad + _SHADOW[1])}"
    inner = render_tile(tile, orientation=orientation, first=first, face_down=face_down, css_class=css_class, label="")
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" class="tile-svg" viewBox="{view}" focusable="false"'
        f' aria-hidden="true">{inner}</svg>'
    )


# The board


def render_board(
    layout: Layout,
    *,
    aspect: float = 1.6,
    small: bool = False,
    targets: Mapping[End, int | None] | None = None,
    last: Tile | None = None,
    reduced: bool = False,
    words: Labels = ENGLISH,
    size: tuple[float, float] | None = None,
) -> str:
    """The whole layout as one ``<svg>`` that fills its container.

    ``targets`` maps each end the selected tile may go to onto the points
    playing it there would score (None when not known): each gets a drop
    target, a focusable button named for the end and its score. ``last`` is
    the tile played last, ringed. ``reduced`` (the reader prefers reduced
    motion) leaves out the marks that the page's stylesheet animates.
    ``aspect`` and ``small`` are the table's shape (see :func:`table_shape`);
    ``size``, when known, the board's box in CSS pixels, so that the ends'
    rings are drawn large enough to read (:func:`ring_radius`).
    """
    geometry = board_geometry(layout, aspect, small=small)
    vx, vy, vw, vh = geometry.view_box
    ring = ring_radius(min(size[0] / vw, size[1] / vh) if size else None)
    total = layout.total if layout.lead is not None else 0
    count = len(geometry.tiles)
    name = words.layout(count, total)
    motion = "board reduced-motion" if reduced else "board"
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" class="{motion}" viewBox="{_num(vx)} {_num(vy)} {_num(vw)} {_num(vh)}"'
        f' width="100%" height="100%" preserveAspectRatio="xMidYMid meet" role="group" aria-label="{_attr(name)}">'
    ]
    parts.append('<g class="tiles">')
    for box in geometry.tiles:
        classes = []
        if geometry.spinner is box:
            classes.append("spinner")
        if last is not None and box.tile is last:
            classes.append("last")
        parts.append(
            render_tile(
                box.tile,
                orientation=box.orientation,
                first=box.first,
                x=box.x,
                y=box.y,
                css_class=" ".join(classes),
                label=words.tile(box.tile),
                ring=last is not None and box.tile is last,
            )
        )
    parts.append("</g>")
    parts.extend(_markers(layout, geometry, targets or {}, words, ring))
    if targets:
        parts.append('<g class="targets">')
        boxes = []
        for end, points in sorted(targets.items()):
            end_box = geometry.ends.get(end)
            if end_box is None:
                raise ValueError(f"the {end_name(end)} end is not open")
            boxes.append((end_box, points))
        # Where each arrow key goes from each lit end, by where they lie (the
        # board keeps its aspect, so on screen they lie as they do here).
        places = [(lit.end.name, *lit.center) for lit, _ in boxes]
        for lit, points in boxes:
            arrows = {key: keys.target_after(places, lit.end.name, key) for key in keys.ARROWS}
            parts.append(_target(lit, points, words, arrows))
        parts.append("</g>")
    parts.append("</svg>")
    return "".join(parts)


def ring_radius(scale: float | None) -> float:
    """An end's ring's radius in viewBox units on a board drawn ``scale`` CSS
    pixels to a unit: as wide as a tile, or :data:`RING_LEAST_PX` across
    where a tile is narrower than that (unknown: as wide as a tile).

    >>> ring_radius(None) == RING_RADIUS == ring_radius(1.0)
    True
    >>> round(2 * ring_radius(0.1) * 0.1, 6)  # a tile 8 px wide
    17.0
    """
    if not scale:
        return RING_RADIUS
    return max(RING_RADIUS, RING_LEAST_PX / 2 / scale)


def _markers(
    layout: Layout, geometry: BoardGeometry, targets: Mapping[End, int | None], words: Labels, radius: float
) -> Iterator[str]:
    """A marker on each open end that is not a drop target now: a ring where
    the next tile goes, showing the number to match there (a double's end
    shows its number, 3 beside 3-3, never the 6 it counts). An end that
    counts nothing yet (a spinner arm with no tile, or the lone spinner's
    second side, counted once at the first) has a dashed, faint ring. What
    each end counts is said by the line under the board and by the ring's
    tooltip (its ``<title>``, in :attr:`Labels.end`'s words), so the rings
    are hidden from screen readers, who hear that line."""
    ends = [e for e in layout.open_end_counts() if e.end not in targets and e.end in geometry.ends]
    if not ends:
        return
    yield '<g class="end-markers" aria-hidden="true">'
    for end in ends:
        yield _marker(geometry.ends[end.end], end, words, radius)
    yield "</g>"


def _marker(box: EndBox, end: OpenEnd, words: Labels, r: float) -> str:
    idle = end.waiting or end.shared
    cx, cy = box.center
    kind = "end-marker waiting" if idle else "end-marker"
    dash = f' stroke-dasharray="{_num(0.12 * HALF)} {_num(0.08 * HALF)}"' if idle else ""
    return (
        f'<g class="{kind}" data-end="{_attr(end.end.name)}" opacity="{0.6 if idle else 0.95}">'
        f"<title>{_attr(words.end(end))}</title>"
        f'<circle cx="{_num(cx)}" cy="{_num(cy)}" r="{_num(r)}" fill="{TARGET_INK}" fill-opacity="0.45"'
        f' stroke="{TARGET}" stroke-width="{_num(0.05 * HALF)}"{dash}/>'
        f'<text x="{_num(cx)}" y="{_num(cy)}" text-anchor="middle" dominant-baseline="central"'
        f' font-family="{_attr(_FONT)}" font-size="{_num(RING_TEXT * r / RING_RADIUS)}" font-weight="600" fill="{TARGET}">'
        f"{_attr(end.pips)}</text></g>"
    )


def _target(box: EndBox, points: int | None, words: Labels, arrows: Mapping[str, str | None]) -> str:
    """A lit end, a drop target: a button for the keyboard, whose arrow keys
    go to the ends ``arrows`` names (the shell follows them: web/js/shell.js)."""
    scores = points is not None and points > 0
    label = words.target(box.end, points if scores else None)
    ways = "".join(
        f' data-arrow-{key.removeprefix("Arrow").lower()}="{_attr(to)}"' for key, to in arrows.items() if to is not None
    )
    pad = 0.04 * HALF
    x, y, w, h = box.x + pad, box.y + pad, box.width - 2 * pad, box.height - 2 * pad
    parts = [
        f'<g class="end-target" data-action="end" data-end="{_attr(box.end.name)}"{ways} role="button" tabindex="0"'
        f' aria-label="{_attr(label)}">',
        f'<rect class="target-keyline" x="{_num(x)}" y="{_num(y)}" width="{_num(w)}" height="{_num(h)}"'
        f' rx="{_num(_RADIUS)}" fill="{TARGET}" fill-opacity="0.18" stroke="{TARGET_INK}" stroke-opacity="0.55"'
        f' stroke-width="{_num(0.16 * HALF)}"/>',
        f'<rect class="target-outline" x="{_num(x)}" y="{_num(y)}" width="{_num(w)}" height="{_num(h)}"'
        f' rx="{_num(_RADIUS)}" fill="none" stroke="{TARGET}" stroke-width="{_num(0.08 * HALF)}"'
        f' stroke-dasharray="{_num(0.22 * HALF)} {_num(0.12 * HALF)}"/>',
    ]
    if scores:
        cx, cy = box.center
        size = (0.5 if box.width > box.height else 0.4) * HALF
        parts.append(
            f'<text class="target-points" x="{_num(cx)}" y="{_num(cy)}" text-anchor="middle"'
            f' dominant-baseline="central" font-family="{_attr(_FONT)}" font-size="{_num(size)}" font-weight="700"'
            f' fill="{TARGET}" stroke="{TARGET_INK}" stroke-width="{_num(0.1 * HALF)}" paint-order="stroke"'
            f' aria-hidden="true">+{_attr(points)}</text>'
        )
    parts.append("</g>")
    return "".join(parts)
