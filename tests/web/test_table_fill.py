"""The table is used (issue 44): the arms run straight while there is room,
turning only at the felt's edge and snaking back only beyond it; a tall
table's arms turn down its height; and a hand's layout fills its table, so
its tiles are drawn as large as the table allows.

The tables are the boards the pages draw (tools/board_sizes.py measured
their boxes at a hand's end, in CSS pixels): the game page's and the
replay's, on a phone (390 x 844) and on a desktop (1280 x 800). The hands are
two players' hands of nine tiles, played at random to their end."""

from __future__ import annotations

import itertools
import statistics
from typing import Final

import pytest
from helpers import hand_layouts, layout_after

from allfives import End, Layout, Rules

from table.felt import GAP, HALF, felt, table_shape
from table.geometry import BoardGeometry, EndBox, TileBox, board_geometry

Box = tuple[float, float, float, float]
Piece = TileBox | EndBox

#: The boards' boxes at a hand's end, as table_shape reads them.
TABLES: Final = {
    "game, phone": table_shape(370, 399),
    "replay, phone": table_shape(362, 378),
    "game, desktop": table_shape(930, 431),
    "replay, desktop": table_shape(1252, 372),
}
#: Every shape the stability test lays out too, and a phone held tall.
SHAPES: Final = {**TABLES, "phone tall": (390 / 844, True), "square": (1.0, True), "wide": (3.0, False)}

RULES: Final = Rules(players=2, hand_size=9)


def hands_ended(count: int = 40) -> list[Layout]:
    """The last layout of each of ``count`` seeded hands."""
    return [list(hand_layouts(RULES, seed))[-1] for seed in range(count)]


def every_step(count: int = 12) -> list[Layout]:
    return [layout for seed in range(count) for layout in hand_layouts(RULES, seed)]


ENDED: Final = hands_ended()
#: The last layouts of more hands, for the long chains that snake back.
LONG: Final = hands_ended(80)
STEPS: Final = every_step()


def content(geometry: BoardGeometry) -> Box:
    """The box round every tile and open end."""
    boxes = [t.box for t in geometry.tiles] + [e.box for e in geometry.ends.values()]
    return (min(b[0] for b in boxes), min(b[1] for b in boxes), max(b[2] for b in boxes), max(b[3] for b in boxes))


WAYS: Final = {(-1, 0): End.W, (1, 0): End.E, (0, -1): End.N, (0, 1): End.S}


def way(a: Piece, b: Piece) -> tuple[int, int]:
    """The way from ``a`` to the next piece ``b`` of a chain (a corner tile
    lies mostly beyond the tile before it: it is entered going straight on,
    and left the new way)."""
    (ax, ay), (bx, by) = a.center, b.center
    if abs(bx - ax) > abs(by - ay):
        return (1 if bx > ax else -1, 0)
    return (0, 1 if by > ay else -1)


def chains(geometry: BoardGeometry) -> dict[End, list[Piece]]:
    """Each chain from the tile it leaves (the lead, or the spinner for North
    and South) to its open end's next place, when the spinner lies on the
    main line (not one played after its chain turned: its arms keep their
    own rules)."""
    lead = next(t for t in geometry.tiles if t.arm is None)
    spinner = geometry.spinner
    found = {}
    for end in End:
        start = lead if end in (End.W, End.E) else spinner
        if start is None or (end in (End.N, End.S) and start.center[1] != lead.center[1]):
            continue
        pieces: list[Piece] = [t for t in geometry.tiles if t.arm == end and t is not start]
        if end in geometry.ends:
            pieces.append(geometry.ends[end])
        if pieces:
            found[end] = [start, *pieces]
    return found


def ahead_of(tile: Piece, going: tuple[int, int]) -> Box:
    """Where a tile laid straight on from ``tile``, ``going`` that way, would lie."""
    (dx, dy), (x0, y0, x1, y1), (cx, cy) = going, tile.box, tile.center
    if dx:
        near = (x1 if dx > 0 else x0) + dx * GAP
        return (min(near, near + dx * 2 * HALF), cy - HALF / 2, max(near, near + dx * 2 * HALF), cy + HALF / 2)
    near = (y1 if dy > 0 else y0) + dy * GAP
    return (cx - HALF / 2, min(near, near + dy * 2 * HALF), cx + HALF / 2, max(near, near + dy * 2 * HALF))


def check_straight_while_room(geometry: BoardGeometry, aspect: float, small: bool) -> None:
    half_width, half_height = felt(aspect, small)
    # The felt lies round the lead, which lies at the middle of the viewBox's units.
    inside: Box = (-half_width, -half_height, half_width, half_height)
    for end, chain in chains(geometry).items():
        ways = [way(a, b) for a, b in itertools.pairwise(chain)]
        turns = [i for i in range(1, len(ways)) if ways[i] != ways[i - 1]]
        if turns:
            # The first corner, chain[i]: a tile laid straight on in its place would have left the felt.
            i = turns[0]
            x0, y0, x1, y1 = ahead_of(chain[i - 1], ways[i - 1])
            left = x0 < inside[0] or y0 < inside[1] or x1 > inside[2] or y1 > inside[3]
            assert left, f"{end.name} turned at tile {i} with felt ahead"
        for i, going in enumerate(ways):
            # Snaking back (running against a way run before) only beyond the felt.
            if (-going[0], -going[1]) in ways[:i]:
                x0, y0, x1, y1 = chain[i + 1].box
                on_felt = x0 < inside[2] and inside[0] < x1 and y0 < inside[3] and inside[1] < y1
                assert not on_felt, f"{end.name} snakes back on the felt at tile {i + 1}"


@pytest.mark.parametrize("shape", sorted(SHAPES))
def test_the_arms_run_straight_while_there_is_room(shape: str) -> None:
    aspect, small = SHAPES[shape]
    for step, layout in enumerate(STEPS):
        try:
            check_straight_while_room(board_geometry(layout, aspect, small=small), aspect, small)
        except AssertionError as error:
            raise AssertionError(f"step {step}: {error} in {layout!r}") from None


def tallness(geometry: BoardGeometry) -> float:
    x0, y0, x1, y1 = content(geometry)
    return (y1 - y0) / (x1 - x0)


@pytest.mark.parametrize("table", ["game, phone", "replay, phone"])
def test_a_tall_tables_arms_turn_down_its_height(table: str) -> None:
    # A phone's board is a little taller than wide: the layout of the median
    # hand is as tall for its width as the board is (within a tenth), where
    # arms that kept to the width drew it a sixth flatter, and its tiles the
    # smaller for it.
    aspect, small = TABLES[table]
    ratio = statistics.median(tallness(board_geometry(layout, aspect, small=small)) for layout in ENDED) * aspect
    assert ratio >= 0.9, f"the median layout is {ratio:.2f} times as tall for its width as the board"


def fill(geometry: BoardGeometry) -> float:
    """The share of its view the layout spans, the lesser of its width's and its height's."""
    x0, y0, x1, y1 = content(geometry)
    _x, _y, width, height = geometry.view_box
    return min((x1 - x0) / width, (y1 - y0) / height)


#: The least share of its view the median hand's layout spans both ways.
FILL: Final = 0.8


@pytest.mark.parametrize("table", sorted(TABLES))
def test_a_hands_layout_fills_its_table(table: str) -> None:
    # The view holds the layout with a margin of felt, at the board's shape:
    # one way the layout spans it all, the other as much as its shape fills.
    aspect, small = TABLES[table]
    shares = [fill(board_geometry(layout, aspect, small=small)) for layout in ENDED]
    assert statistics.median(shares) >= FILL, f"the median layout spans {statistics.median(shares):.2f} of its view"


def runs_back(geometry: BoardGeometry, end: End) -> list[float]:
    """Where each run back of the main line's ``end`` chain ended (the corner
    that ended it), in halves along the way back from the main line: 0 on
    the main line, more past it, less short of it."""
    chain = chains(geometry).get(end, [])
    ways = [way(a, b) for a, b in itertools.pairwise(chain)]
    turned = [w for w in ways if w != ways[0]] if ways else []
    if not turned:
        return []
    back = (-turned[0][0], -turned[0][1])
    found = []
    for i, going in enumerate(ways):
        # The last tile of a run back: the way turns after it.
        if going == back and i + 1 < len(ways) and ways[i + 1] != back:
            x, y = chain[i + 1].center
            found.append((x * back[0] + y * back[1]) / HALF)
    return found


@pytest.mark.parametrize("shape", sorted(SHAPES))
def test_a_long_main_chain_snakes_back_across_the_main_lines_height(shape: str) -> None:
    # Beyond the felt's end the main line no longer runs, so West's and
    # East's runs back reach its height (within a tile's half) rather than
    # stop a lane short of it: a long chain snakes in fewer, longer runs. A
    # spinner played on the chain after it turned keeps its arms' lane.
    aspect, small = SHAPES[shape]
    for seed, layout in enumerate(LONG):
        geometry = board_geometry(layout, aspect, small=small)
        spinner = geometry.spinner
        for end in (End.W, End.E):
            if spinner is not None and spinner.arm == end and spinner.center[1] != 0:
                continue
            for reached in runs_back(geometry, end):
                assert reached >= -1.5, f"hand {seed}: a run back of {end.name} stopped {-reached:.1f} halves short"


#: A main chain that never meets a double, so a spinner may still come on
#: it to its end: it climbs outward like a stair rather than snake back.
STAIRS: Final = (
    "0-1",
    *(
        f"{t} E"
        for t in [
            "1-2",
            "2-3",
            "3-4",
            "4-5",
            "5-6",
            "6-0",
            "0-2",
            "2-4",
            "4-6",
            "6-1",
            "1-3",
            "3-5",
            "5-0",
            "0-3",
            "3-6",
            "6-2",
            "2-5",
            "5-1",
            "1-4",
            "4-0",
        ]
    ),
)


@pytest.mark.parametrize("shape", sorted(SHAPES))
def test_on_a_wide_table_a_stairs_flights_outward_are_longer(shape: str) -> None:
    # A table twice as wide as tall has length to spare and no height: there
    # a main chain's stair climbs outward three tiles beyond each corner
    # before it steps across, elsewhere two, so a long chain does not run
    # down off a desktop's short table (issue 44: the least desktop board).
    aspect, small = SHAPES[shape]
    geometry = board_geometry(layout_after(*STAIRS), aspect, small=small)
    ways = [way(a, b) for a, b in itertools.pairwise(chains(geometry)[End.E])]
    runs = [(going, len(list(run))) for going, run in itertools.groupby(ways)]
    assert [going for going, _ in runs[:2]] == [(1, 0), (0, 1)], "East runs out, then turns down its quarter"
    # Each flight outward after the first turn (the last one may be unfinished):
    # its corner tile and the tiles beyond it.
    flights = [length - 1 for going, length in runs[2:-1] if going == (1, 0)]
    half_width, half_height = felt(aspect, small)
    assert flights
    assert set(flights) == {3 if half_width >= 2 * half_height else 2}
