"""The table holds still: over seeded random hands, after every move, a tile
once placed keeps its place against the others and its way round, no two
tiles overlap (nor an open end's next tile with a tile), and everything lies
inside the viewBox, which zooms out and pans with the layout (and never zooms
in by more than a little, when an open end's drop spot pulls in).

And the layout keeps to the felt, so its tiles are drawn large: no tile lies
more than a few tiles' length outside it, and the view is never much wider
than it (a layout that grew to one side, or a chain that ran straight off
the felt past a late spinner, once drew every tile at a quarter of its size)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Final

import pytest
from helpers import hand_layouts

from allfives import Rules, Tile
from allfives.rules import OPTION_RANGES

from table.felt import HALF, felt, table_shape, view_change
from table.geometry import BoardGeometry, board_geometry

Box = tuple[float, float, float, float]

# The tables the page lays out, as table_shape reads them from the board's
# size in CSS pixels: a desktop (1280x800 window), a phone (390x844), the
# desktop at 200% zoom (640x400 CSS pixels), and a phone held sideways.
TABLES = {
    "desktop": table_shape(1180, 520),
    "phone": table_shape(374, 430),
    "zoom 200%": table_shape(600, 250),
    "phone tall": (390 / 844, True),
    "wide": (3.0, False),
}


def overlap(a: Box, b: Box) -> bool:
    eps = 1e-6
    return a[0] < b[2] - eps and b[0] < a[2] - eps and a[1] < b[3] - eps and b[1] < a[3] - eps


def inside(inner: Box, outer: Box) -> bool:
    eps = 1e-6
    return (
        outer[0] <= inner[0] + eps
        and outer[1] <= inner[1] + eps
        and inner[2] <= outer[2] + eps
        and inner[3] <= outer[3] + eps
    )


def check_step(geometry: BoardGeometry, seen: dict[Tile, tuple[float, float, str]], view: Box | None) -> Box:
    lead = next(b for b in geometry.tiles if b.arm is None)
    lx, ly = lead.center
    for b in geometry.tiles:
        cx, cy = b.center
        place = (round(cx - lx, 6), round(cy - ly, 6), b.orientation)
        # Once placed, a tile keeps its place against the lead, and its way round.
        assert seen.setdefault(b.tile, place) == place, f"{b.tile} moved"
    x, y, w, h = geometry.view_box
    box = (x, y, x + w, y + h)
    if view is not None:
        assert w >= (1 - ZOOM_IN) * (view[2] - view[0]), "the table zooms out, and never in by more than a little"
    placed = [(str(t.tile), t.box) for t in geometry.tiles] + [
        (f"end {e.end.name}", e.box) for e in geometry.ends.values()
    ]
    for i, (name, piece) in enumerate(placed):
        assert inside(piece, box), f"{name} is off the table"
        for other, other_piece in placed[:i]:
            assert not overlap(piece, other_piece), f"{name} overlaps {other}"
    return box


# How far the layout may leave the felt. Measured once the chains turned at
# the felt's edge past a late spinner and the view held the content: over
# these hands at most 4.0 tiles' length outside it and a view 1.75 times its
# width (the tall phone); over 30 seeds 5.0 and 1.93. Before, a chain ran
# straight off the felt past a late spinner (6.2 tiles out here) and the view
# was centred on the lead (3.6 times the felt's width here). Since the felt
# is the size of a two-player hand's layout (issue 44: a long hand's tiles
# were drawn small), long layouts leave it further: over these hands at most
# 5.4 tiles' length and a view 2.44 times its width (the tall phone, whose
# felt is narrower than its table); over 30 seeds 5.5 and 2.75.
OFF_FELT: Final = 6 * 2 * HALF
VIEW_TO_FELT: Final = 3.0
# The view holds the open ends' drop spots too, and one may pull in: where
# the next tile would have turned a corner, a double lay straight. The table
# may then zoom in a little (2.8% at most over these hands), never more.
ZOOM_IN: Final = 0.05


def check_felt(geometry: BoardGeometry, aspect: float, small: bool) -> None:
    half_width, half_height = felt(aspect, small)
    lead = next(b for b in geometry.tiles if b.arm is None)
    lx, ly = lead.center
    for b in geometry.tiles:
        x0, y0, x1, y1 = b.box
        # The felt lies round the lead.
        off = max(-half_width - (x0 - lx), x1 - lx - half_width, -half_height - (y0 - ly), y1 - ly - half_height)
        assert off <= OFF_FELT, f"{b.tile} lies {off / (2 * HALF):.1f} tiles' length off the felt"
    ratio = geometry.view_box[2] / (2 * half_width)
    assert ratio <= VIEW_TO_FELT, f"the view is {ratio:.2f} times as wide as the felt"


# Every hand size each number of players may be dealt (rules.OPTION_RANGES).
HANDS = [(players, size) for players in (2, 3, 4) for size in OPTION_RANGES.hand_sizes(players)]


@pytest.mark.parametrize("table", sorted(TABLES))
@pytest.mark.parametrize(("players", "size"), HANDS, ids=lambda v: str(v))
def test_placed_tiles_never_move_and_never_overlap(players: int, size: int, table: str) -> None:
    aspect, small = TABLES[table]
    for seed in range(4):
        for lead in ("random", "highest-double"):
            rules = Rules.from_json({"players": players, "hand_size": size, "lead": lead})
            seen: dict[Tile, tuple[float, float, str]] = {}
            view: Box | None = None
            for step, layout in enumerate(hand_layouts(rules, seed * 1000 + size)):
                try:
                    geometry = board_geometry(layout, aspect, small=small)
                    view = check_step(geometry, seen, view)
                    check_felt(geometry, aspect, small)
                except AssertionError as error:
                    raise AssertionError(f"seed {seed}, {lead} lead, step {step}: {error} in {layout!r}") from None


def test_the_pinned_hand_with_a_late_spinner_fills_the_felt() -> None:
    # The game page's pinned mid-hand (a desktop board of 930 x 445 CSS
    # pixels): the West chain turned North at the felt's edge and a 6-6
    # played there became the spinner. Its chain ran straight on nine tiles
    # up, far off the felt, and the view grew to three times the felt's width.
    from table.game import Game

    pins = json.loads((Path(__file__).parents[2] / "tools" / "pin_screens.json").read_text())
    layout = Game.load_text(pins["mid_hand"]["save"]).view(0).layout
    aspect = 930 / 445
    geometry = board_geometry(layout, aspect)
    half_width, half_height = felt(aspect)
    assert geometry.spinner is not None
    assert geometry.spinner.arm is not None
    # Now it snakes on outward, never back east, a lane clear of the
    # spinner's arm running west: three tiles' length off the top
    # (it ran 4.5 off), and the view a fifth wider than the felt (not thrice).
    # (Since issue 44 the felt is the size of a two-player hand's layout, two
    # thirds of the area it was, and this longer layout a quarter wider.)
    off = 3.5 * 2 * HALF
    assert all(-half_height - off <= b.y and b.y + b.height <= half_height + off for b in geometry.tiles)
    assert geometry.view_box[2] <= 1.3 * 2 * half_width


@pytest.mark.parametrize(
    ("before", "after"),
    [
        ((-400, -250, 800, 500), (-600, -375, 1200, 750)),  # zooms out round the lead
        ((-400, -250, 800, 500), (-700, -300, 1200, 750)),  # and pans
        ((-100, -50, 800, 500), (-160, -80, 800, 500)),  # only pans
    ],
)
def test_the_zoom_draws_each_point_where_it_stood(before: Box, after: Box) -> None:
    change = view_change(before, after)
    assert change is not None
    k, tx, ty = change
    for px, py in [(0.0, 0.0), (123.0, -45.0), (after[0], after[1]), (after[0] + after[2], after[1] + after[3])]:
        # Where p is drawn at k*p + t under the new viewBox, as a share of the board ...
        shown = ((k * px + tx - after[0]) / after[2], (k * py + ty - after[1]) / after[3])
        # ... is where it lay under the old one.
        assert shown == pytest.approx(((px - before[0]) / before[2], (py - before[1]) / before[3]))


def test_a_resize_is_not_a_zoom() -> None:
    assert view_change((0, 0, 800, 500), (0, 0, 500, 800)) is None
