"""The table holds still: over seeded random hands, after every move, a tile
once placed keeps its place against the others and its way round, no two
tiles overlap (nor an open end's next tile with a tile), and everything lies
inside the viewBox, which only ever grows (the table zooms out, never pans).

And the layout keeps to the felt: no tile lies more than a few tiles' length
outside it (a chain that ran straight on past a late spinner once ran far
off it, and the view grew to draw every tile at a quarter of its size)."""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from pathlib import Path
from typing import Final

import pytest

from allfives import Layout, Match, Rules, Tile
from allfives.rules import OPTION_RANGES

from table.geometry import HALF, BoardGeometry, board_geometry, felt, table_shape

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


def hand_layouts(rules: Rules, seed: int) -> Iterator[Layout]:
    """Every layout of one hand of random legal play, the lead's first."""
    rng = random.Random(seed)
    match = Match(rules)
    match.deal(rng)
    hand = match.hand
    assert hand is not None
    while not hand.is_over:
        match.play(rng.choice(match.legal_moves()))
        yield hand.layout.copy()


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
        assert inside(view, box), "the view only grows: the table zooms out, it never pans"
    placed = [(str(t.tile), t.box) for t in geometry.tiles] + [
        (f"end {e.end.name}", e.box) for e in geometry.ends.values()
    ]
    for i, (name, piece) in enumerate(placed):
        assert inside(piece, box), f"{name} is off the table"
        for other, other_piece in placed[:i]:
            assert not overlap(piece, other_piece), f"{name} overlaps {other}"
    return box


# How far the layout may leave the felt. Measured once the chains turned at
# the felt's edge past a late spinner: over these hands at most 4.0 tiles'
# length outside it (the tall phone), over 30 seeds 5.0. Before, a chain ran
# straight off the felt past a late spinner (6.2 tiles out here).
OFF_FELT: Final = 5.5 * 2 * HALF


def check_felt(geometry: BoardGeometry, aspect: float) -> None:
    half_width, half_height = felt(aspect)
    lead = next(b for b in geometry.tiles if b.arm is None)
    lx, ly = lead.center
    for b in geometry.tiles:
        x0, y0, x1, y1 = b.box
        # The felt lies round the lead.
        off = max(-half_width - (x0 - lx), x1 - lx - half_width, -half_height - (y0 - ly), y1 - ly - half_height)
        assert off <= OFF_FELT, f"{b.tile} lies {off / (2 * HALF):.1f} tiles' length off the felt"


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
                    check_felt(geometry, aspect)
                except AssertionError as error:
                    raise AssertionError(f"seed {seed}, {lead} lead, step {step}: {error} in {layout!r}") from None


def test_the_pinned_hand_with_a_late_spinner_fills_the_felt() -> None:
    # The game page's pinned mid-hand (a desktop board of 930 x 445 CSS
    # pixels): the West chain turned North at the felt's edge and a 6-6
    # played there became the spinner. Its chain ran straight on nine tiles
    # up, far off the felt, and the view grew to three times the felt's width.
    from table.controller import Game

    pins = json.loads((Path(__file__).parent.parent / "tools" / "pin_screens.json").read_text())
    layout = Game.load_text(pins["mid_hand"]["save"]).view(0).layout
    aspect = 930 / 445
    geometry = board_geometry(layout, aspect)
    _, half_height = felt(aspect)
    assert geometry.spinner is not None
    assert geometry.spinner.arm is not None
    # Now it snakes on outward, never back east, a lane clear of the
    # spinner's arm running west: three tiles' length off the top
    # (it ran 4.5 off).
    off = 3.5 * 2 * HALF
    assert all(-half_height - off <= b.y and b.y + b.height <= half_height + off for b in geometry.tiles)
