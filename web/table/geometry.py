"""The layout laid out: where every tile of the layout lies, and where each
open end's next tile would go, in the viewBox units :mod:`board` draws in.
A pure module (the standard library and :mod:`allfives` only).

How the layout is laid out. Once placed, a tile never moves against the
others for the rest of the hand: where a tile lies depends only on the tiles
before it on its own chain and on the table's shape, never on the other
chains nor on what is played later. So the layout grows as a real one does.

The lead lies in the middle, at the origin, for the whole hand. West and East
run out of it along the main line; the spinner, wherever it lies on the main
line (the lead itself, or a double further out), opens North and South from
its own faces. Each chain runs straight towards the edge of the *felt*, a
table whose size is fixed for the hand (about what a two-player hand lays, so
that at a hand's end the layout fills the table) and whose shape follows the
table's (:func:`felt`: on a table about as tall as wide, a phone's, the felt
is taller than the table, so the main line's arms turn down its height), and
turns only where its next tile would leave it: while there is room, it runs
straight. The first turns make a pinwheel: East turns South, South turns
West, West turns North, North turns East, so each chain has a quarter of the
table of its own, on the side it turned to. There it snakes outward: across
its quarter to the felt's edge, one tile outward, back across to a lane's
width from its neighbour's first run, one tile outward, and so on, beyond
the felt; so it snakes back only beyond the felt. The main line's chains
(West and East) snake back further: beyond the felt's end the main line no
longer runs, so their runs back cross its height to :data:`BACK_SHORT`
inside the felt's far edge. A double turns a corner as
any tile does (lying along the new way, it lies across the old one), but the
spinner never does, its arms opening from its sides: a turn waits for the
next tile. A chain on which the spinner may still come (no double on it yet,
and none led) never snakes back, for runs a tile apart would leave a spinner
no side to open an arm on: it climbs outward like a stair instead, a flight
of two tiles outward, a flight across, and so on (on a felt twice as wide as
tall and wider, the main line's flights outward are three tiles long: the
table's length is to spare there, its height is not).

Three rules keep the board readable. A chain stays on its own side of the
tile it leaves from (West left of the lead, North above the spinner, and so
on), and its open end never points back towards the middle, so that on a
narrow phone table the West end never faces east. Two chains never overlap:
each chain's quarter keeps :data:`LANE` (:data:`CLEAR`, and the room a corner
tile may run past a turning line) from its neighbours' first runs. A spinner
played after its chain has turned (rare: no double came while the chain
crossed the felt) opens its arms across the chain's way, and all three keep
turning at the felt's edge as any chain does, rather than run off it in a
straight line. Its chain snakes on as before, outward, never back towards the
middle, only a lane past the spinner before it turns, and its way back keeps
a lane beyond the arm that runs outward. That arm turns after a lane, away
from the chain's way on; the arm that runs inward crosses the felt to its
edge and turns the way the chain runs. (A spinner on a stair's flight
outward opens its arms straight, across the flight: nothing lies there.)

The table's units, its shape, the felt and the view round the layout are
:mod:`table.felt`'s.
"""

from __future__ import annotations

import functools
import math
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Final, Literal, NamedTuple

from allfives import End, Layout, Placed, Tile

from table.felt import CLEAR, GAP, HALF, MIN_AREA, SMALL_MIN_AREA, felt, fit

__all__ = ["BoardGeometry", "EndBox", "Orientation", "TileBox", "board_geometry"]

Orientation = Literal["horizontal", "vertical"]

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
    """A tile of a chain: ``near`` is the number facing the tile it leaves
    from; ``arm`` is the arm it was played on and ``place`` its index there."""

    tile: Tile
    near: int
    far: int
    arm: End
    place: int


class _Spot(NamedTuple):
    box: Box
    near: Vec  # centre of the half facing the middle (for a double, the tile's centre)
    far: Vec


#: A flight of a chain's stair (see :class:`_Walk`): two tiles beyond the corner.
STAIR: Final = 2 * (2 * HALF + GAP)


class _Run(NamedTuple):
    """How a chain runs: from ``start`` going ``out``; its first run may reach
    ``reach`` (measured along ``out``); then it snakes across its quarter,
    towards ``side`` as far as ``far`` and back as far as ``near`` (both
    measured along ``side``); a stair's flights outward run ``flight``."""

    start: Vec
    out: Vec
    reach: float
    side: Vec
    far: float
    near: float
    flight: float = STAIR


def _dot(a: Vec, b: Vec) -> float:
    return a[0] * b[0] + a[1] * b[1]


def _clockwise(d: Vec) -> Vec:
    # Screen coordinates: y grows downwards, so East turns to South.
    return (-d[1], d[0])


def _neg(d: Vec) -> Vec:
    return (-d[0], -d[1])


#: How far past a turning line a chain may still run: the corner tile's width.
OVERRUN: Final = HALF + GAP
#: A main chain's flight outward on a felt at least :data:`WIDE` times as
#: wide as tall: three tiles, for its length is to spare and its height not.
WIDE_STAIR: Final = 3 * (2 * HALF + GAP)
WIDE: Final = 2.0
#: How far the snaking part of a chain keeps from a neighbour's first run:
#: the half-width of a double on that run, the clearance, and the overrun.
LANE: Final = HALF + CLEAR + OVERRUN

# The legs of a chain: its first run out, then across its quarter, a step
# outward, back across, a step outward, across again, and so on.
_FIRST, _ACROSS, _STEP_OUT, _BACK, _STEP_ON = range(5)
_AFTER: Final = {_FIRST: _ACROSS, _ACROSS: _STEP_OUT, _STEP_OUT: _BACK, _BACK: _STEP_ON, _STEP_ON: _ACROSS}


class _Walk:
    """Lays a chain tile by tile. A tile's place depends only on the tiles
    before it, so a chain that grows never moves what it had."""

    def __init__(self, run: _Run, *, open_to_spinner: bool = False) -> None:
        self.run = run
        self.p = run.start  # the middle of the face the next tile touches
        self.d = run.out
        self.leg = _FIRST
        self.past = -math.inf  # a late spinner's lane: no turn before it
        self.corners = 0
        self.mark = 0.0  # where a step outward began, along it
        self.stair = False  # whether that step is a stair's flight
        #: Whether a later tile of this chain may be the spinner: no double
        #: on it yet, and none led. Such a chain never snakes back (runs one
        #: tile apart would leave a spinner no side to open its arms on): it
        #: steps outward like a stair, a flight out, a flight across.
        self.open_to_spinner = open_to_spinner

    def turns(self, spinner: bool) -> bool:
        """Whether the next tile turns a corner rather than go straight on:
        only where it would leave the felt (or its quarter), and never the
        spinner, whose arms open from its sides."""
        if spinner:
            return False
        run, ahead = self.run, _dot(self.p, self.d) + GAP + 2 * HALF
        if ahead <= self.past:
            return False
        if self.leg == _FIRST:
            return ahead > run.reach
        if self.leg == _ACROSS:
            return ahead > run.far
        if self.leg == _BACK:
            return ahead > -run.near
        if self.leg == _STEP_OUT and self.stair:
            return ahead > self.mark + self.run.flight
        return True  # a step outward is one tile

    def place(self, double: bool, spinner: bool = False) -> _Spot:
        if double:
            self.open_to_spinner = False
        (px, py), (dx, dy) = self.p, self.d
        if self.turns(spinner):
            # The corner tile lies along the new way, its near half just
            # beyond the last tile's far face, so the numbers that match touch.
            qx, qy = px + dx * (GAP + HALF / 2), py + dy * (GAP + HALF / 2)
            stair = self.leg == _STEP_OUT and self.stair
            self.leg = _ACROSS if stair else _AFTER[self.leg]
            # A flight is decided where it begins: a double on it changes nothing
            # until the next turn, so the open end's drop spot stays where it was.
            self.stair = self.leg == _STEP_OUT and self.open_to_spinner
            self.past = -math.inf
            run = self.run
            turn = {_ACROSS: run.side, _BACK: _neg(run.side)}.get(self.leg, run.out)
            dx, dy = self.d = turn
            self.corners += 1
            box = _span((qx, qy), turn, -HALF / 2, 1.5 * HALF, HALF / 2)
            self.p = (qx + dx * 1.5 * HALF, qy + dy * 1.5 * HALF)
            self.mark = _dot(self.p, turn)
            if stair:
                self.run = run._replace(far=self.mark + STAIR)
            return _Spot(box, (qx, qy), (qx + dx * HALF, qy + dy * HALF))
        if double:
            box = _span((px, py), (dx, dy), GAP, GAP + HALF, HALF)
            middle = (px + dx * (GAP + HALF / 2), py + dy * (GAP + HALF / 2))
            self.p = (px + dx * (GAP + HALF), py + dy * (GAP + HALF))
            return _Spot(box, middle, middle)
        box = _span((px, py), (dx, dy), GAP, GAP + 2 * HALF, HALF / 2)
        near = (px + dx * (GAP + HALF / 2), py + dy * (GAP + HALF / 2))
        far = (px + dx * (GAP + 1.5 * HALF), py + dy * (GAP + 1.5 * HALF))
        self.p = (px + dx * (GAP + 2 * HALF), py + dy * (GAP + 2 * HALF))
        return _Spot(box, near, far)


def _span(origin: Vec, d: Vec, start: float, stop: float, across: float) -> Box:
    """The box reaching from ``start`` to ``stop`` along ``d`` from ``origin``
    and ``across`` to either side of that line."""
    ox, oy = origin
    if d[0]:
        a, b = ox + d[0] * start, ox + d[0] * stop
        return (min(a, b), oy - across, max(a, b), oy + across)
    a, b = oy + d[1] * start, oy + d[1] * stop
    return (ox - across, min(a, b), ox + across, max(a, b))


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


def board_geometry(layout: Layout, aspect: float = 1.6, *, small: bool = False) -> BoardGeometry:
    """Lay out ``layout`` for a table ``aspect`` times as wide as it is tall;
    a ``small`` table draws a short layout's tiles larger."""
    if not aspect > 0 or not math.isfinite(aspect):
        raise ValueError(f"the aspect ratio must be a positive number, not {aspect!r}")
    return _geometry(_Snapshot.of(layout), aspect, small)


#: How far inside the felt's far edge a main chain's snake turns back: its
#: runs back, beyond the felt's end, cross the main line's height (runs twice
#: as long, half as many), stopping short of the row the spinner's arm turns
#: along there (two halves inside the felt) by an overrun and the clearance.
BACK_SHORT: Final = 4 * HALF


def _main_run(end: End, lead: Tile, half_width: float, half_height: float) -> _Run:
    """West or East, out of the lead: along the main line to the felt's edge,
    then into the quarter on the pinwheel's side (East below, West above),
    and back beyond the felt's end across the main line's height."""
    out = _DIRECTIONS[end]
    face = HALF / 2 if lead.is_double else HALF
    near = min(LANE, BACK_SHORT - half_height)
    flight = WIDE_STAIR if half_width >= WIDE * half_height else STAIR
    return _Run((out[0] * face, 0.0), out, half_width, _clockwise(out), half_height, near, flight)


def _spinner_run(end: End, spinner: _Spot, out: Vec, half_width: float, half_height: float) -> _Run:
    """North or South, out of the spinner's face: to the felt's edge, then
    into the quarter on the pinwheel's side, a lane's width from the spinner."""
    centre = _centre(spinner.box)
    side = _clockwise(out)
    reach = half_height if out[0] == 0 else half_width
    far = half_width if out[0] == 0 else half_height
    start = (centre[0] + out[0] * HALF, centre[1] + out[1] * HALF)
    return _Run(start, out, reach, side, far, _dot(centre, side) + LANE)


def _edge(d: Vec, felt_half: Vec) -> float:
    """How far the felt's edge lies from the middle along ``d``."""
    return felt_half[0] if d[0] else felt_half[1]


#: The least room a late spinner's chain or arm snakes across, so that a
#: spinner near the felt's edge still leaves its chains a strip to turn in.
_LEAST_ACROSS: Final = 4 * HALF


def _past_late_spinner(walk: _Walk, spinner: _Spot) -> None:
    """A chain runs on past a spinner played after it had turned as it
    would have, snaking outward and never back towards the middle; it only
    goes a lane past the spinner before its next turn, and while it crosses
    its quarter (the common case) its way back keeps a lane beyond the
    spinner's arm that runs outward, so it snakes on beyond that arm."""
    centre = _centre(spinner.box)
    walk.past = _dot(centre, walk.d) + 3 * HALF + CLEAR
    if walk.leg == _ACROSS:
        run = walk.run
        near = max(run.near, _dot(centre, run.side) + LANE)
        walk.run = run._replace(near=near, far=max(run.far, near + _LEAST_ACROSS))


def _late_arm_run(spinner: _Spot, out: Vec, chain: _Run, across: bool, felt_half: Vec) -> _Run:
    """North or South out of a spinner played on ``chain`` after it turned.
    Where the chain was crossing its quarter (``across``), the arm running
    outward turns after a lane, away from the chain's way on; the arm
    running inward crosses the felt to its edge and turns the way the chain
    runs. Each snakes as any chain does, a lane from its own first run.
    Elsewhere (a spinner on a one-tile step outward or on the way back,
    rarer still) the arms run straight on."""
    centre = _centre(spinner.box)
    start = (centre[0] + out[0] * HALF, centre[1] + out[1] * HALF)
    lane = _dot(centre, out) + 3 * HALF + CLEAR
    if not across:
        return _Run(start, out, math.inf, chain.side, math.inf, 0.0)
    side = _neg(chain.side) if out == chain.out else chain.side
    reach = lane if out == chain.out else max(_edge(out, felt_half), lane)
    near = _dot(centre, side) + LANE
    return _Run(start, out, reach, side, max(_edge(side, felt_half), near + _LEAST_ACROSS), near)


def _centre(box: Box) -> Vec:
    return ((box[0] + box[2]) / 2, (box[1] + box[3]) / 2)


@functools.lru_cache(maxsize=64)
def _geometry(layout: _Snapshot, aspect: float, small: bool) -> BoardGeometry:
    # Cached: the page draws the same layout again whenever the selection changes.
    min_area = SMALL_MIN_AREA if small else MIN_AREA
    lead = layout.lead
    if lead is None:
        return BoardGeometry(fit((), aspect, min_area), (), {}, None, 0)
    felt_half = half_width, half_height = felt(aspect, small)
    if lead.tile.is_double:
        lead_box = (-HALF / 2, -HALF, HALF / 2, HALF)
    else:
        lead_box = (-HALF, -HALF / 2, HALF, HALF / 2)
    # The lead lies as it was led, its West number on the left.
    tiles = [_tile_box(lead, lead_box, None, -1)]
    ends: dict[End, EndBox] = {}
    spinner: TileBox | None = tiles[0] if layout.spinner != -1 and layout.spinner_arm == -1 else None
    # The spinner's place and the way its chain runs there; None before there is one.
    # For a late spinner, its chain's run and whether it was crossing its quarter.
    opens: tuple[_Spot, Vec, End | None, tuple[_Run, bool] | None] | None = None
    if spinner is not None:
        opens = (_Spot(lead_box, (0.0, 0.0), (0.0, 0.0)), (1.0, 0.0), None, None)
    corners = 0

    def lay(end: End, walk: _Walk, links: Iterable[_Link]) -> None:
        nonlocal spinner, opens, corners
        for link in links:
            is_spinner = link.arm == layout.spinner_arm and link.place == layout.spinner_index
            spot = walk.place(link.tile.is_double, is_spinner and layout.spinner != -1)
            box = _box_of(link, spot)
            tiles.append(box)
            if link.arm == layout.spinner_arm and link.place == layout.spinner_index and layout.spinner != -1:
                spinner = box
                opens = (spot, walk.d, end, None if walk.leg == _FIRST else (walk.run, walk.leg == _ACROSS))
                if walk.leg == _FIRST:
                    # Its chain turns only beyond the spinner's South (or North) arm's lane.
                    reach = _dot(_centre(spot.box), walk.d) + 3 * HALF + CLEAR
                    walk.run = walk.run._replace(reach=max(walk.run.reach, reach))
                else:
                    _past_late_spinner(walk, spot)
        pips = layout.open_pips[end]
        if pips != -1:
            ghost = walk.place(False).box
            ends[end] = EndBox(end, pips, ghost[0], ghost[1], ghost[2] - ghost[0], ghost[3] - ghost[1])
        corners += walk.corners

    for end in (End.W, End.E):
        links = [_Link(p.tile, p.inner, p.outer, end, i) for i, p in enumerate(layout.arms[end])]
        walk = _Walk(_main_run(end, lead.tile, half_width, half_height), open_to_spinner=not lead.tile.is_double)
        lay(end, walk, links)
    if opens is not None and layout.open_pips[End.N] != -1:
        spot, along, arm, late = opens
        # North is the spinner's face on the left of its chain going East
        # (above the main line), on the right going West.
        north = (along[1], -along[0]) if arm != End.W else _clockwise(along)
        for end, out in ((End.N, north), (End.S, _neg(north))):
            if late is not None:
                walk = _Walk(_late_arm_run(spot, out, late[0], late[1], felt_half))
            else:
                walk = _Walk(_spinner_run(end, spot, out, half_width, half_height))
            links = [_Link(p.tile, p.inner, p.outer, end, i) for i, p in enumerate(layout.arms[end])]
            lay(end, walk, links)
    view = fit([t.box for t in tiles] + [e.box for e in ends.values()], aspect, min_area)
    ordered = tuple(sorted(tiles, key=lambda t: (-1 if t.arm is None else int(t.arm), t.index)))
    return BoardGeometry(view, ordered, dict(sorted(ends.items())), spinner, corners)


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
