"""The layout laid out: where every tile of the layout lies, and where each
open end's next tile would go, in the viewBox units :mod:`board` draws in.
A pure module (the standard library and :mod:`allfives` only).

How the layout is laid out. The spinner (or, before there is one, the lead)
sits in the middle. From its faces run four chains of tiles: West and East
along the main line, North and South from the spinner's ends. When the West
or East arm runs through the lead to reach the spinner, the tiles between
them belong to the spinner's other chain, so every chain starts at the middle
tile and goes outward. A chain runs straight, and when it gets long it turns
corners like a snake, always turning towards the same side (East towards the
South, South towards the West, West towards the North, North towards the
East, or all the other way round), so that each chain coils up in a quarter
of the table of its own. The turns are chosen by search: each chain has a set
of candidate shapes (where to turn, how long a run to make before turning
back), each is placed tile by tile, and coordinate descent keeps the mix of
shapes whose bounding box, at the table's aspect ratio, lets the tiles be
drawn largest, with as few corners as that needs. A shape is only ever kept
when no two tiles (nor any open end's next tile) overlap; every chain
straight is always such a mix, so a layout is always found.

Two more rules keep the board readable. A chain stays on its own side of the
middle tile (West left of it, North above it, and so on), and its open end
never points back towards the middle, so that on a narrow phone table the
West end never lies, nor faces, east. And two chains
never come closer than :data:`CLEAR` (beyond the tiles next to the middle),
nor run across a face of the spinner whose arm is not open yet, so an arm
that coils never looks as if it ran on into another.
"""

from __future__ import annotations

import functools
import math
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass
from typing import Final, Literal, NamedTuple

from allfives import End, Layout, Placed, Tile

__all__ = [
    "GAP",
    "HALF",
    "BoardGeometry",
    "EndBox",
    "Orientation",
    "TileBox",
    "board_geometry",
    "table_shape",
]

Orientation = Literal["horizontal", "vertical"]

HALF: Final = 40.0
"""The side of one square half of a domino, in viewBox units; a tile is 2 x 1."""
GAP: Final = 3.0
"""The felt left between neighbouring tiles."""
MARGIN: Final = 0.7 * HALF
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


# The geometry of the layout

Vec = tuple[float, float]
Box = tuple[float, float, float, float]  # x0, y0, x1, y1


@dataclass(frozen=True, slots=True)
class TileBox:
    """Where one tile of the layout lies, in viewBox units.

    ``first`` is the number on its left (or top) half, ``second`` the other;
    ``arm`` is the arm it was played on (None for the lead) and ``index`` its
    place on that arm, counting outward from 0.
    """

    tile: Tile
    x: float
    y: float
    width: float
    height: float
    first: int
    second: int
    arm: End | None
    index: int

    @property
    def horizontal(self) -> bool:
        return self.width > self.height

    @property
    def orientation(self) -> Orientation:
        return "horizontal" if self.horizontal else "vertical"

    @property
    def center(self) -> Vec:
        return (self.x + self.width / 2, self.y + self.height / 2)

    @property
    def halves(self) -> tuple[Box, Box]:
        """The first and second halves, as ``(x0, y0, x1, y1)``."""
        x, y = self.x, self.y
        if self.horizontal:
            return (x, y, x + HALF, y + HALF), (x + HALF, y, x + 2 * HALF, y + HALF)
        return (x, y, x + HALF, y + HALF), (x, y + HALF, x + HALF, y + 2 * HALF)

    @property
    def box(self) -> Box:
        return (self.x, self.y, self.x + self.width, self.y + self.height)


@dataclass(frozen=True, slots=True)
class EndBox:
    """An open end: ``pips`` is the number it takes, and the box is where the
    next tile played there would lie (a drop target, or where a tile slides
    to)."""

    end: End
    pips: int
    x: float
    y: float
    width: float
    height: float

    @property
    def center(self) -> Vec:
        return (self.x + self.width / 2, self.y + self.height / 2)

    @property
    def box(self) -> Box:
        return (self.x, self.y, self.x + self.width, self.y + self.height)


@dataclass(frozen=True, slots=True)
class BoardGeometry:
    """The layout laid out: ``view_box`` is ``(x, y, width, height)`` and has
    the aspect ratio asked for; every tile and end box lies inside it."""

    view_box: tuple[float, float, float, float]
    tiles: tuple[TileBox, ...]
    ends: Mapping[End, EndBox]
    spinner: TileBox | None
    corners: int

    def box_of(self, tile: Tile) -> TileBox | None:
        """Where ``tile`` lies, or None when it is not in the layout."""
        for placed in self.tiles:
            if placed.tile is tile:
                return placed
        return None


class _Link(NamedTuple):
    """A tile of a chain: ``near`` is the number facing the middle tile;
    ``arm`` is None for the lead."""

    tile: Tile
    near: int
    far: int
    arm: End | None
    place: int


class _Spot(NamedTuple):
    box: Box
    near: Vec  # centre of the half facing the middle (for a double, the tile's centre)
    far: Vec


class _Shape(NamedTuple):
    """How a chain turns. ``side`` is +1 to turn clockwise, -1 the other way;
    ``a`` tiles run straight out, then the chain snakes: in ``along`` mode in
    runs of ``c`` tiles parallel to its first run, stepping aside ``b`` tiles
    between them; otherwise in runs of ``c`` tiles across it, stepping
    outward ``b`` tiles between them."""

    along: bool
    side: int
    a: int
    b: int
    c: int


_STRAIGHT: Final = _Shape(True, 1, 10**6, 1, 1)


class _Placement(NamedTuple):
    spots: tuple[_Spot, ...]  # the chain's tiles, then its open end's next tile
    bounds: Box
    corners: int


_Plan = tuple[tuple[int, Vec], ...]
"""Where a chain turns: the tiles that turn a corner and the way each turns."""


def _legs(shape: _Shape, d0: Vec) -> Iterator[tuple[Vec, int]]:
    """The runs of a chain: a direction and how many tiles go that way."""
    side: Vec = (-d0[1] * shape.side, d0[0] * shape.side)
    back: Vec = (-d0[0], -d0[1])
    yield d0, shape.a
    k = 1
    while True:
        if shape.along:
            yield (side, shape.b) if k % 2 else (back if k % 4 == 2 else d0, shape.c)
        else:
            aside = side if k % 4 == 1 else (-side[0], -side[1])
            yield (aside, shape.c) if k % 2 else (d0, shape.b)
        k += 1


def _plan(shape: _Shape, d0: Vec, doubles: tuple[bool, ...]) -> _Plan:
    """The corners ``shape`` makes over a chain with these doubles. A double
    never turns a corner (it lies crosswise), so a turn waits for the next
    tile."""
    legs = _legs(shape, d0)
    run = next(legs)[1]
    used = 0
    turns: list[tuple[int, Vec]] = []
    for i, double in enumerate(doubles):
        if used >= run and not double:
            turn, run = next(legs)
            turns.append((i, turn))
            used = 1
        else:
            used += 1
    return tuple(turns)


def _place_chain(doubles: tuple[bool, ...], start: Vec, d0: Vec, plan: _Plan) -> _Placement:
    """Lay a chain tile by tile from ``start`` (the middle of the middle
    tile's face) going ``d0``. A tile goes straight on until the plan turns
    it: the corner tile lies along the new direction with its near half just
    beyond the last tile's far face, so the numbers that match touch."""
    turns = dict(plan)
    (px, py), (dx, dy) = start, d0
    spots: list[_Spot] = []
    for i, double in enumerate(doubles):
        turn = turns.get(i)
        if turn is not None:
            # q: the centre of the corner tile's near half.
            qx, qy = px + dx * (GAP + HALF / 2), py + dy * (GAP + HALF / 2)
            dx, dy = turn
            box = _span((qx, qy), turn, -HALF / 2, 1.5 * HALF, HALF / 2)
            spots.append(_Spot(box, (qx, qy), (qx + dx * HALF, qy + dy * HALF)))
            px, py = qx + dx * 1.5 * HALF, qy + dy * 1.5 * HALF
        elif double:
            box = _span((px, py), (dx, dy), GAP, GAP + HALF, HALF)
            middle = (px + dx * (GAP + HALF / 2), py + dy * (GAP + HALF / 2))
            spots.append(_Spot(box, middle, middle))
            px, py = px + dx * (GAP + HALF), py + dy * (GAP + HALF)
        else:
            box = _span((px, py), (dx, dy), GAP, GAP + 2 * HALF, HALF / 2)
            near = (px + dx * (GAP + HALF / 2), py + dy * (GAP + HALF / 2))
            far = (px + dx * (GAP + 1.5 * HALF), py + dy * (GAP + 1.5 * HALF))
            spots.append(_Spot(box, near, far))
            px, py = px + dx * (GAP + 2 * HALF), py + dy * (GAP + 2 * HALF)
    return _Placement(tuple(spots), _union(s.box for s in spots), len(plan))


def _span(origin: Vec, d: Vec, start: float, stop: float, across: float) -> Box:
    """The box reaching from ``start`` to ``stop`` along ``d`` from ``origin``
    and ``across`` to either side of that line."""
    ox, oy = origin
    if d[0]:
        a, b = ox + d[0] * start, ox + d[0] * stop
        return (min(a, b), oy - across, max(a, b), oy + across)
    a, b = oy + d[1] * start, oy + d[1] * stop
    return (ox - across, min(a, b), ox + across, max(a, b))


def _union(boxes: Iterable[Box]) -> Box:
    x0 = y0 = math.inf
    x1 = y1 = -math.inf
    for b in boxes:
        if b[0] < x0:
            x0 = b[0]
        if b[1] < y0:
            y0 = b[1]
        if b[2] > x1:
            x1 = b[2]
        if b[3] > y1:
            y1 = b[3]
    return (x0, y0, x1, y1)


_EPS: Final = 1e-6


def _overlap(a: Box, b: Box) -> bool:
    return a[0] < b[2] - _EPS and b[0] < a[2] - _EPS and a[1] < b[3] - _EPS and b[1] < a[3] - _EPS


def _grown(box: Box, by: float) -> Box:
    return (box[0] - by, box[1] - by, box[2] + by, box[3] + by)


def _clashes(a: _Placement, b: _Placement) -> bool:
    """Whether two chains overlap or come closer than :data:`CLEAR`; their
    first tiles both touch the middle tile and may lie just a gap apart."""
    if not _overlap(_grown(a.bounds, CLEAR), b.bounds):
        return False
    for i, s in enumerate(a.spots):
        near = _grown(s.box, CLEAR)
        for j, t in enumerate(b.spots):
            if _overlap(s.box if i == j == 0 else near, t.box):
                return True
    return False


def _centre(box: Box) -> Vec:
    return ((box[0] + box[2]) / 2, (box[1] + box[3]) / 2)


def _on_its_side(placement: _Placement, d0: Vec, middle: Box) -> bool:
    """Whether every tile of a chain lies beyond the middle tile's face it
    leaves from (a West chain wholly west of the middle tile, and so on), and
    its open end does not point back the way the chain set out (the West end
    never faces east)."""
    # The end's next tile lies no nearer the middle than the tile it joins.
    end = _centre(placement.spots[-1].box)
    joins = _centre(placement.spots[-2].box if len(placement.spots) > 1 else middle)
    if (end[0] - joins[0]) * d0[0] + (end[1] - joins[1]) * d0[1] < -_EPS:
        return False
    if d0[0] < 0:
        return all(s.box[2] <= middle[0] + _EPS for s in placement.spots)
    if d0[0] > 0:
        return all(s.box[0] >= middle[2] - _EPS for s in placement.spots)
    if d0[1] < 0:
        return all(s.box[3] <= middle[1] + _EPS for s in placement.spots)
    return all(s.box[1] >= middle[3] - _EPS for s in placement.spots)


def _self_clash(placement: _Placement, middle: Box) -> bool:
    boxes = [s.box for s in placement.spots]
    for i, box in enumerate(boxes):
        if _overlap(box, middle):
            return True
        for other in boxes[: max(0, i - 1)]:  # a tile only touches the one before it
            if _overlap(box, other):
                return True
    return False


def _shapes(n: int) -> Iterator[_Shape]:
    """Candidate shapes for a chain of ``n`` tiles (and its open end)."""
    yield _STRAIGHT
    for along in (True, False):
        for side in (1, -1):
            for a in range(1, n + 1):
                for c in range(2, n + 2 - a):
                    for b in (1, 2) if along else (1,):
                        yield _Shape(along, side, a, b, c)


#: A layout has at most four chains and a move changes one, so the chains of
#: the last two layouts fit; an entry for a long chain holds hundreds of
#: placements (megabytes), so more would only hoard them: a cache of 512 grew
#: the page's Python heap by ~30 MB over twenty matches (tests/browser/test_soak.py).
_CANDIDATES_KEPT: Final = 16


@functools.lru_cache(maxsize=_CANDIDATES_KEPT)
def _candidates(doubles: tuple[bool, ...], start: Vec, d0: Vec, middle: Box) -> tuple[_Placement, ...]:
    """The distinct placements of a chain (whose tiles are doubles or not,
    then its open end's next tile) that do not run into themselves.
    Cached: a move changes one chain, and the page lays out both aspects."""
    seen: set[_Plan] = set()
    found: list[_Placement] = []
    for shape in _shapes(len(doubles) - 1):
        plan = _plan(shape, d0, doubles)
        if plan in seen:
            continue
        seen.add(plan)
        placement = _place_chain(doubles, start, d0, plan)
        if not _self_clash(placement, middle) and _on_its_side(placement, d0, middle):
            found.append(placement)
    return tuple(found)


def _fit(bounds: Box, aspect: float, min_area: float = MIN_AREA) -> tuple[float, float, float, float]:
    """The viewBox around ``bounds``, with a margin of felt, at ``aspect``,
    and no smaller than ``min_area``."""
    x0, y0, x1, y1 = bounds
    width = max(x1 - x0 + 2 * MARGIN, math.sqrt(min_area * aspect))
    height = max(y1 - y0 + 2 * MARGIN, math.sqrt(min_area / aspect))
    if width / height < aspect:
        width = height * aspect
    else:
        height = width / aspect
    cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
    return (cx - width / 2, cy - height / 2, width, height)


_DIRECTIONS: Final[dict[End, Vec]] = {End.W: (-1.0, 0.0), End.E: (1.0, 0.0), End.N: (0.0, -1.0), End.S: (0.0, 1.0)}


class _Snapshot(NamedTuple):
    """Everything the drawing depends on, as a hashable value."""

    lead: Placed | None
    arms: tuple[tuple[Placed, ...], ...]
    open_pips: tuple[int, ...]
    spinner: int
    spinner_arm: int
    spinner_index: int

    @staticmethod
    def of(layout: Layout) -> _Snapshot:
        return _Snapshot(
            layout.lead,
            tuple(tuple(arm) for arm in layout.arms),
            tuple(layout.open_pips),
            layout.spinner,
            layout.spinner_arm,
            layout.spinner_index,
        )


def _chains(layout: _Snapshot) -> tuple[Placed, dict[End, tuple[_Link, ...]], End | None, int]:
    """The middle tile, and the chains running out of it: keyed by the
    direction they start in. Also where the middle tile lies (its arm and
    index; None for the lead)."""
    lead = layout.lead
    assert lead is not None
    arms = layout.arms

    def out(arm: End, placed: Iterable[Placed], first: int = 0) -> list[_Link]:
        return [_Link(p.tile, p.inner, p.outer, arm, i) for i, p in enumerate(placed, first)]

    def back(arm: End, upto: int) -> list[_Link]:
        # Tiles between the spinner and the lead, seen from the spinner:
        # their outer number faces it.
        return [_Link(p.tile, p.outer, p.inner, arm, i) for i, p in reversed(list(enumerate(arms[arm][:upto])))]

    chains: dict[End, list[_Link]] = {end: out(end, arms[end]) for end in (End.N, End.S)}
    has_spinner = layout.spinner != -1
    if not has_spinner or layout.spinner_arm == -1:
        chains[End.W] = out(End.W, arms[End.W])
        chains[End.E] = out(End.E, arms[End.E])
        return lead, {k: tuple(v) for k, v in chains.items()}, None, -1
    arm = End(layout.spinner_arm)
    k = layout.spinner_index
    other = End.E if arm == End.W else End.W
    # The lead as seen from the spinner: its number towards the spinner first.
    lead_near = lead.inner if arm == End.W else lead.outer
    lead_link = _Link(lead.tile, lead_near, lead.tile.other(lead_near), None, -1)
    chains[arm] = out(arm, arms[arm][k + 1 :], k + 1)
    chains[other] = [*back(arm, k), lead_link, *out(other, arms[other])]
    return arms[arm][k], {key: tuple(v) for key, v in chains.items()}, arm, k


def _middle(placed: Placed) -> tuple[Box, dict[End, Vec]]:
    """The middle tile's box and the middle of each face a chain leaves from."""
    if placed.tile.is_double:
        box = (-HALF / 2, -HALF, HALF / 2, HALF)
    else:
        box = (-HALF, -HALF / 2, HALF, HALF / 2)
    faces = {End.W: (box[0], 0.0), End.E: (box[2], 0.0), End.N: (0.0, box[1]), End.S: (0.0, box[3])}
    return box, faces


def table_shape(width: float, height: float) -> tuple[float, bool]:
    """A table's aspect ratio (kept between 0.4 and 3) and whether it is a
    small one, from its size in CSS pixels (0 while it is not laid out yet)."""
    if width < 10 or height < 10:
        return 1.6, False
    return max(0.4, min(3.0, width / height)), width < SMALL_TABLE_PX


def board_geometry(layout: Layout, aspect: float = 1.6, *, small: bool = False) -> BoardGeometry:
    """Lay out ``layout`` for a table ``aspect`` times as wide as it is tall;
    a ``small`` table draws a short layout's tiles larger."""
    if not aspect > 0 or not math.isfinite(aspect):
        raise ValueError(f"the aspect ratio must be a positive number, not {aspect!r}")
    return _geometry(_Snapshot.of(layout), aspect, SMALL_MIN_AREA if small else MIN_AREA)


@functools.lru_cache(maxsize=64)
def _geometry(layout: _Snapshot, aspect: float, min_area: float) -> BoardGeometry:
    # Cached: the page draws the same layout again whenever the selection changes.
    if layout.lead is None:
        return BoardGeometry(_fit((0.0, 0.0, 0.0, 0.0), aspect, min_area), (), {}, None, 0)
    placed, chains, middle_arm, middle_index = _chains(layout)
    middle, faces = _middle(placed)
    open_ends = {End(arm) for arm, pips in enumerate(layout.open_pips) if pips != -1}
    options: dict[End, list[_Placement]] = {}
    for end, links in chains.items():
        if end not in open_ends:
            if layout.spinner == -1:
                # North and South before there is a spinner: nothing to keep clear.
                continue
            # The spinner's arms before it opens: their first tile's place is
            # kept clear, so no other chain runs across the spinner's face.
            options[end] = list(_candidates((False,), faces[end], _DIRECTIONS[end], middle))
            continue
        # Each chain keeps room for its end's next tile, a drop target.
        doubles = (*(link.tile.is_double for link in links), False)
        options[end] = list(_candidates(doubles, faces[end], _DIRECTIONS[end], middle))
    chosen = _search(options, middle, aspect)
    tiles = [_tile_box(placed, middle, middle_arm, middle_index)]
    ends: dict[End, EndBox] = {}
    for end, placement in chosen.items():
        if end not in open_ends:
            continue
        links = chains[end]
        for link, spot in zip(links, placement.spots, strict=False):
            tiles.append(_box_of(link, spot))
        if end in open_ends:
            ghost = placement.spots[len(links)].box
            pips = layout.open_pips[end]
            ends[end] = EndBox(end, pips, ghost[0], ghost[1], ghost[2] - ghost[0], ghost[3] - ghost[1])
    bounds = _union([middle, *(p.bounds for p in chosen.values())])
    spinner = tiles[0] if layout.spinner != -1 else None
    corners = sum(p.corners for p in chosen.values())
    ordered = tuple(sorted(tiles, key=lambda t: (-1 if t.arm is None else int(t.arm), t.index)))
    return BoardGeometry(_fit(bounds, aspect, min_area), ordered, dict(sorted(ends.items())), spinner, corners)


Score = tuple[float, float, int, float]


def _search(options: dict[End, list[_Placement]], middle: Box, aspect: float) -> dict[End, _Placement]:
    """Coordinate descent over the chains' shapes: change one chain at a
    time to the shape that best improves the fit without running into another
    chain, until no change helps. It starts twice, from every chain straight
    and from every chain coiled as tightly as it can be on its own, and keeps
    the better end.

    The score: first the size of the table the tiles need (a smaller viewBox
    at the same aspect draws them larger); then how much of it each chain
    needs on its own, so a chain that is not the one that decides the size
    still coils up instead of wandering; then fewer corners; then the middle
    tile nearer the middle."""
    # How much table each placement needs on its own.
    own = {
        end: [round(_fit(_union((middle, p.bounds)), aspect)[3]) for p in placements]
        for end, placements in options.items()
    }

    def score(rest: Box, needed: int, corners: int) -> Score:
        # The middle tile as near the middle of the table as it can be.
        off_centre = abs(rest[0] + rest[2]) + abs(rest[1] + rest[3])
        return (-round(_fit(rest, aspect)[3], 1), -needed, -corners, -round(off_centre / HALF))

    def clashes(end: End, i: int, chosen: dict[End, int]) -> bool:
        placement = options[end][i]
        return any(_clashes(placement, options[e][j]) for e, j in chosen.items() if e != end)

    def descend(chosen: dict[End, int]) -> tuple[Score, dict[End, int]]:
        best = score(
            _union([middle, *(options[e][i].bounds for e, i in chosen.items())]),
            sum(own[e][i] for e, i in chosen.items()),
            sum(options[e][i].corners for e, i in chosen.items()),
        )
        for _ in range(8):
            improved = False
            for end, placements in options.items():
                others = [(e, i) for e, i in chosen.items() if e != end]
                rest = _union([middle, *(options[e][i].bounds for e, i in others)])
                needed = sum(own[e][i] for e, i in others)
                corners = sum(options[e][i].corners for e, i in others)
                mine = own[end]
                ranked = sorted(
                    (
                        (score(_union((rest, p.bounds)), needed + mine[i], corners + p.corners), -i)
                        for i, p in enumerate(placements)
                    ),
                    reverse=True,
                )
                for trial, earlier in ranked:
                    if trial <= best:
                        break
                    if not clashes(end, -earlier, chosen):
                        chosen[end], best, improved = -earlier, trial, True
                        break
            if not improved:
                break
        return best, chosen

    straight = {end: 0 for end in options}
    coiled: dict[End, int] = {}
    for end in options:
        order = sorted(range(len(options[end])), key=lambda i: (own[end][i], options[end][i].corners, i))
        coiled[end] = next((i for i in order if not clashes(end, i, coiled)), 0)
    if any(clashes(end, i, coiled) for end, i in coiled.items()):
        coiled = dict(straight)
    found = max(descend(straight), descend(coiled), key=lambda result: result[0])
    return {end: options[end][i] for end, i in found[1].items()}


def _box_of(link: _Link, spot: _Spot) -> TileBox:
    x0, y0, x1, y1 = spot.box
    horizontal = x1 - x0 > y1 - y0
    near_first = spot.near[0] < spot.far[0] if horizontal else spot.near[1] < spot.far[1]
    first, second = (link.near, link.far) if near_first else (link.far, link.near)
    return TileBox(link.tile, x0, y0, x1 - x0, y1 - y0, first, second, link.arm, link.place)


def _tile_box(placed: Placed, box: Box, arm: End | None, index: int) -> TileBox:
    x0, y0, x1, y1 = box
    # The lead lies as it was led, its West number on the left.
    return TileBox(placed.tile, x0, y0, x1 - x0, y1 - y0, placed.inner, placed.outer, arm, index)
