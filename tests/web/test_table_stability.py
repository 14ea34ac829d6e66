"""The table holds still: over seeded random hands, after every move, a tile
once placed keeps its place against the others and its way round, no two
tiles overlap (nor an open end's next tile with a tile), and everything lies
inside the viewBox, which only ever grows (the table zooms out, never pans)."""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest

from allfives import Layout, Match, Rules, Tile
from allfives.rules import OPTION_RANGES

from table.geometry import BoardGeometry, board_geometry, table_shape

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
                    view = check_step(board_geometry(layout, aspect, small=small), seen, view)
                except AssertionError as error:
                    raise AssertionError(f"seed {seed}, {lead} lead, step {step}: {error} in {layout!r}") from None
