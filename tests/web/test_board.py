"""The board as drawn: what a player sees must match the layout the rules hold."""

from __future__ import annotations

import math
import sys
import xml.etree.ElementTree as ET
from collections.abc import Iterator
from pathlib import Path

import pytest
from helpers import hand_layouts, layout_after
from hypothesis import given, settings
from hypothesis import strategies as st

from allfives import TILES, End, Layout, Rules, Tile, tile

sys.path.append(str(Path(__file__).resolve().parents[2] / "web"))
from table.board import (
    GAP,
    HALF,
    BoardGeometry,
    Orientation,
    TileBox,
    board_geometry,
    render_board,
    render_tile,
    table_shape,
    tile_name,
    tile_svg,
)
from table.felt import CLEAR
from table.sketch import render_sketch

SVG = "{http://www.w3.org/2000/svg}"
DESKTOP, PHONE = 1.6, 0.6
Box = tuple[float, float, float, float]


def parse(markup: str) -> ET.Element:
    """Markup as XML: it must be well formed for the page to insert it."""
    return ET.fromstring(
        markup if markup.startswith("<svg") else f'<svg xmlns="http://www.w3.org/2000/svg">{markup}</svg>'
    )


def classes(element: ET.Element) -> set[str]:
    return set(element.get("class", "").split())


def tiles_in(root: ET.Element) -> list[ET.Element]:
    return [g for g in root.iter(f"{SVG}g") if "tile" in classes(g)]


def pips_per_half(group: ET.Element) -> list[int]:
    halves = [g for g in group.iter(f"{SVG}g") if "half" in classes(g)]
    return [sum(1 for c in half.iter(f"{SVG}circle") if "pip" in classes(c)) for half in halves]


def overlap(a: Box, b: Box) -> bool:
    eps = 1e-6
    return a[0] < b[2] - eps and b[0] < a[2] - eps and a[1] < b[3] - eps and b[1] < a[3] - eps


def distance(a: Box, b: Box) -> float:
    dx = max(a[0] - b[2], b[0] - a[2], 0.0)
    dy = max(a[1] - b[3], b[1] - a[3], 0.0)
    return max(dx, dy)


# One tile

PIP_ROWS = [
    (t, orientation, first) for t in TILES for orientation in ("horizontal", "vertical") for first in {t.high, t.low}
]


@pytest.mark.parametrize(("t", "orientation", "first"), PIP_ROWS, ids=lambda v: str(v))
def test_each_half_shows_its_number_in_pips(t: Tile, orientation: Orientation, first: int) -> None:
    (group,) = tiles_in(parse(render_tile(t, orientation=orientation, first=first)))
    assert pips_per_half(group) == [first, t.other(first)]


@pytest.mark.parametrize(
    ("orientation", "width", "height"),
    [("horizontal", 2 * HALF, HALF), ("vertical", HALF, 2 * HALF)],
)
def test_a_tile_is_twice_as_long_as_it_is_wide(orientation: Orientation, width: float, height: float) -> None:
    drawn = parse(render_tile(tile("5-3"), orientation=orientation))
    face = next(r for r in drawn.iter(f"{SVG}rect") if "tile-face" in classes(r))
    assert (float(face.get("width", 0)), float(face.get("height", 0))) == (width, height)
    assert face.get("rx") is not None, "rounded corners"
    assert any("divider" in classes(p) for p in drawn.iter(f"{SVG}path"))


def test_a_tile_is_named_and_tagged() -> None:
    (group,) = tiles_in(parse(render_tile(tile("3-5"))))
    assert group.get("data-tile") == "5-3"
    assert group.get("aria-label") == "five-three"
    assert group.get("role") == "img"


@pytest.mark.parametrize(
    ("written", "name"),
    [("5-3", "five-three"), ("6-0", "six-blank"), ("4-4", "double four"), ("0-0", "double blank"), ("2-1", "two-one")],
)
def test_tile_names(written: str, name: str) -> None:
    assert tile_name(tile(written)) == name


def test_a_face_down_tile_shows_nothing_of_its_face() -> None:
    drawn = parse(render_tile(tile("6-6"), face_down=True))
    (group,) = tiles_in(drawn)
    assert "face-down" in classes(group)
    assert group.get("data-tile") is None
    assert not [c for c in drawn.iter(f"{SVG}circle") if "pip" in classes(c)]
    assert group.get("aria-label") == "a face-down tile"
    assert render_tile(None, face_down=True) == render_tile(tile("6-6"), face_down=True)


def test_only_a_face_down_tile_may_go_without_its_tile() -> None:
    with pytest.raises(ValueError, match="face-down"):
        render_tile(None)
    with pytest.raises(ValueError, match="has no 4"):
        render_tile(tile("5-3"), first=4)


def test_a_hand_tile_is_a_standalone_svg() -> None:
    root = parse(tile_svg(tile("5-3")))
    assert root.tag == f"{SVG}svg"
    *_, w, h = (float(v) for v in root.get("viewBox", "").split())
    assert h > w, "a hand tile stands upright"
    assert pips_per_half(tiles_in(root)[0]) == [5, 3]


def test_data_is_escaped() -> None:
    markup = render_tile(tile("5-3"), css_class='hot" onclick="alert(1)', label="<b>five & three</b>")
    (group,) = tiles_in(parse(markup))
    assert "onclick" not in group.attrib
    assert group.get("class") == 'tile hot" onclick="alert(1)'
    assert group.get("aria-label") == "<b>five & three</b>"
    assert "<b>" not in markup


# The board, on scripted layouts


def boxes(geometry: BoardGeometry) -> dict[tuple[End | None, int], TileBox]:
    return {(b.arm, b.index): b for b in geometry.tiles}


def test_an_empty_layout_is_an_empty_table() -> None:
    root = parse(render_board(Layout()))
    assert not tiles_in(root)
    assert root.get("preserveAspectRatio") == "xMidYMid meet"
    assert (root.get("width"), root.get("height")) == ("100%", "100%")


def test_the_lead_lies_as_led_in_the_middle() -> None:
    geometry = board_geometry(layout_after("3-5"))
    (lead,) = geometry.tiles
    assert lead.horizontal
    assert (lead.first, lead.second) == (3, 5), "its West number on the left"
    x, y, w, h = geometry.view_box
    assert lead.center == pytest.approx((x + w / 2, y + h / 2))


def test_a_short_line_runs_straight() -> None:
    geometry = board_geometry(layout_after("5-3", "3-1 E", "5-2 W", "1-4 E"), DESKTOP)
    assert geometry.corners == 0
    assert len({b.y for b in geometry.tiles}) == 1
    xs = [b.x for b in sorted(geometry.tiles, key=lambda b: b.x)]
    assert [str(b.tile) for b in sorted(geometry.tiles, key=lambda b: b.x)] == ["5-2", "5-3", "3-1", "4-1"]
    assert xs == sorted(xs)


def test_a_small_table_draws_a_short_layout_larger_and_never_cuts_a_long_one() -> None:
    short = layout_after("5-3", "3-1 E")
    # Not on a phone: there one tile and the drop targets either side of it
    # already fill the smallest table's width (the view is centred on the lead).
    for aspect in (DESKTOP, 1.0):
        wide = board_geometry(short, aspect).view_box
        small = board_geometry(short, aspect, small=True).view_box
        assert small[2] < wide[2], "a smaller viewBox: larger tiles"
        assert small[3] < wide[3]
        assert small[2] / small[3] == pytest.approx(aspect)
    long = layout_after("5-3", "3-1 E", "5-2 W", "1-4 E", "2-2 W", "4-6 E", "2-0 W", "6-6 E", "0-0 W")
    geometry = board_geometry(long, PHONE, small=True)
    x, y, w, h = geometry.view_box
    for b in geometry.tiles:
        assert x <= b.x
        assert b.x + b.width <= x + w
        assert y <= b.y
        assert b.y + b.height <= y + h


@pytest.mark.parametrize(
    ("width", "height", "shape"),
    [(0, 0, (1.6, False)), (360, 300, (1.2, True)), (1000, 500, (2.0, False)), (300, 1500, (0.4, True))],
)
def test_a_tables_shape_comes_from_its_size_on_screen(width: float, height: float, shape: tuple[float, bool]) -> None:
    aspect, small = table_shape(width, height)
    assert (aspect, small) == (pytest.approx(shape[0]), shape[1])


SPINNER_LAYOUTS = [
    pytest.param(("5-5", "5-3 W", "5-1 E", "5-2 N", "5-4 S"), id="spinner lead"),
    pytest.param(("5-3", "3-3 E", "5-2 W", "3-1 E", "3-6 N", "3-0 S"), id="spinner on the East arm"),
    pytest.param(("5-3", "5-5 W", "3-1 E", "5-2 W", "5-6 N", "5-0 S"), id="spinner on the West arm"),
]


@pytest.mark.parametrize("moves", SPINNER_LAYOUTS)
def test_the_spinner_lies_across_the_line_and_its_arms_run_up_and_down(moves: tuple[str, ...]) -> None:
    layout = layout_after(*moves)
    geometry = board_geometry(layout)
    spinner = geometry.spinner
    assert spinner is not None
    assert spinner.tile.is_double
    assert not spinner.horizontal, "a double lies crosswise to the West-East line"
    at = boxes(geometry)
    north, south = at[(End.N, 0)], at[(End.S, 0)]
    assert not north.horizontal
    assert not south.horizontal
    assert north.y + north.height < spinner.y
    assert south.y > spinner.y + spinner.height
    assert north.center[0] == pytest.approx(spinner.center[0]) == pytest.approx(south.center[0])
    sides = [b for b in geometry.tiles if b is not spinner and distance(b.box, spinner.box) <= GAP + 1e-6]
    beside = [b for b in sides if b.arm not in (End.N, End.S)]
    assert len(beside) == 2
    assert all(b.horizontal and b.center[1] == pytest.approx(spinner.center[1]) for b in beside)


def test_the_spinner_is_tagged() -> None:
    root = parse(render_board(layout_after("5-3", "3-3 E", "5-2 W")))
    spinners = [g for g in tiles_in(root) if "spinner" in classes(g)]
    assert [g.get("data-tile") for g in spinners] == ["3-3"]


def test_every_tile_is_drawn_named_and_tagged() -> None:
    layout = layout_after("5-5", "5-3 W", "5-1 E", "5-2 N", "5-4 S", "3-3 W")
    root = parse(render_board(layout))
    drawn = tiles_in(root)
    assert sorted(g.get("data-tile", "") for g in drawn) == sorted(str(t) for t in layout.tiles())
    for g in drawn:
        assert g.get("aria-label") == tile_name(tile(g.get("data-tile", "")))
        assert sorted(pips_per_half(g)) == sorted((tile(g.get("data-tile", "")).high, tile(g.get("data-tile", "")).low))


def test_the_tile_played_last_is_ringed() -> None:
    layout = layout_after("5-3", "3-1 E", "5-2 W")
    root = parse(render_board(layout, last=tile("5-2")))
    marked = [g for g in tiles_in(root) if "last" in classes(g)]
    assert [g.get("data-tile") for g in marked] == ["5-2"]
    assert [r for r in marked[0].iter(f"{SVG}rect") if "last-ring" in classes(r)]
    assert not [r for r in root.iter(f"{SVG}rect") if "last-ring" in classes(r) and r not in list(marked[0])]


def test_targets_sit_where_the_next_tile_goes_and_say_what_they_score() -> None:
    layout = layout_after("5-3", "3-1 E", "5-2 W")
    geometry = board_geometry(layout)
    root = parse(render_board(layout, targets={End.E: 10, End.W: None}))
    targets = {g.get("data-end"): g for g in root.iter(f"{SVG}g") if "end-target" in classes(g)}
    assert set(targets) == {"E", "W"}
    east, west = targets["E"], targets["W"]
    assert east.get("aria-label") == "Play on the East end, scores 10"
    assert west.get("aria-label") == "Play on the West end"
    for g in targets.values():
        assert (g.get("role"), g.get("tabindex")) == ("button", "0")
    assert [t.text for t in east.iter(f"{SVG}text")] == ["+10"]
    assert not list(west.iter(f"{SVG}text"))
    # The East target is just beyond the East end tile, the 3-1 with its 1 outward.
    end_box = geometry.ends[End.E]
    last_east = boxes(geometry)[(End.E, 0)]
    assert distance(end_box.box, last_east.box) == pytest.approx(GAP)
    assert end_box.pips == 1
    assert set(geometry.ends) == set(layout.open_ends())


def test_each_lit_end_says_where_the_arrow_keys_go_from_it_by_where_the_ends_lie() -> None:
    # A spinner with three arms out: West, East and North lit. The shell
    # follows these on screen (web/js/shell.js); the board keeps its aspect,
    # so the ends lie there as they lie here.
    layout = layout_after("5-5", "5-3 E", "5-2 W", "5-0 N")
    root = parse(render_board(layout, targets={End.E: 10, End.W: None, End.N: 5}))
    ways = {
        g.get("data-end"): {key: g.get(f"data-arrow-{key}") for key in ("left", "right", "up", "down")}
        for g in root.iter(f"{SVG}g")
        if "end-target" in classes(g)
    }
    assert ways["W"]["right"] in ("N", "E") and ways["E"]["left"] in ("N", "W")
    assert ways["N"]["down"] in ("W", "E")
    for name, arrows in ways.items():
        assert all(to in ways and to != name for to in arrows.values()), "every arrow goes to another lit end"


def test_a_target_on_a_closed_end_is_refused() -> None:
    with pytest.raises(ValueError, match="North end is not open"):
        render_board(layout_after("5-3"), targets={End.N: 5})


def test_the_same_layout_draws_the_same_markup() -> None:
    moves = ("5-5", "5-3 W", "5-1 E", "5-2 N", "5-4 S", "3-3 W", "1-1 E", "2-6 N")
    first = render_board(layout_after(*moves), aspect=PHONE, targets={End.N: 5}, last=tile("2-6"))
    again = render_board(layout_after(*moves), aspect=PHONE, targets={End.N: 5}, last=tile("2-6"))
    assert first == again


# The board, over many random hands


RULES = [Rules(players=2), Rules(players=3), Rules(players=4), Rules(players=4, hand_size=7)]


def every_step() -> Iterator[Layout]:
    for rules in RULES:
        for seed in range(5):
            yield from hand_layouts(rules, seed)


def final_layouts() -> Iterator[Layout]:
    for rules in RULES:
        for seed in range(5, 40):
            *_, last = hand_layouts(rules, seed)
            yield last


def check_laid_out(layout: Layout, aspect: float) -> BoardGeometry:
    geometry = board_geometry(layout, aspect)
    x, y, w, h = geometry.view_box
    assert w / h == pytest.approx(aspect)
    placed = [(str(b.tile), b.box) for b in geometry.tiles] + [(f"end {e}", b.box) for e, b in geometry.ends.items()]
    assert len(geometry.tiles) == len(layout.tiles())
    # Nothing overlaps: no tile another, nor any end's next tile.
    for i, (name, box) in enumerate(placed):
        inside = x <= box[0] and box[2] <= x + w and y <= box[1] and box[3] <= y + h
        assert inside, f"{name} is off the table"
        for other, other_box in placed[:i]:
            assert not overlap(box, other_box), f"{name} overlaps {other} in {layout!r}"
    check_matching_halves_touch(layout, geometry)
    return geometry


def half_showing(box: TileBox, pips: int) -> Box:
    """The half of a tile showing ``pips``; a double shows it on its whole face."""
    if box.tile.is_double:
        return box.box
    first, second = box.halves
    return first if box.first == pips else second


def check_matching_halves_touch(layout: Layout, geometry: BoardGeometry) -> None:
    """A tile on an arm touches the tile before it with its matching half."""
    at = boxes(geometry)
    lead = layout.lead
    assert lead is not None
    lead_box = next(b for b in geometry.tiles if b.arm is None)
    for arm, placed in enumerate(layout.arms):
        end = End(arm)
        for i, p in enumerate(placed):
            mine = half_showing(at[(end, i)], p.inner)
            if i:
                theirs = half_showing(at[(end, i - 1)], placed[i - 1].outer)
            elif end in (End.N, End.S):
                spinner = geometry.spinner
                assert spinner is not None
                theirs = spinner.box
            else:
                theirs = half_showing(lead_box, lead.inner if end == End.W else lead.outer)
            assert distance(mine, theirs) == pytest.approx(GAP), f"{p.tile} on {end} does not join its {p.inner}"
            assert not overlap(mine, theirs)


@pytest.mark.parametrize("aspect", [DESKTOP, PHONE, 390 / 844])
def test_no_tile_ever_overlaps_another_at_any_step(aspect: float) -> None:
    for layout in every_step():
        check_laid_out(layout, aspect)


@pytest.mark.parametrize("aspect", [DESKTOP, PHONE])
def test_long_layouts_turn_corners_and_stay_on_the_table(aspect: float) -> None:
    turned = 0
    for layout in final_layouts():
        geometry = check_laid_out(layout, aspect)
        turned += geometry.corners > 0
    assert turned > 0


@pytest.mark.parametrize("aspect", [DESKTOP, PHONE])
def test_turning_keeps_the_tiles_larger_than_a_straight_line_would(aspect: float) -> None:
    layout = max(final_layouts(), key=lambda lay: len(lay.tiles()))
    geometry = board_geometry(layout, aspect)
    assert len(layout.tiles()) >= 20
    straight_width = sum(2 * HALF + GAP for _ in layout.tiles())
    # The viewBox is what the table shows: the smaller, the larger each tile.
    # (A table that holds still gives up some of the size a re-planned one
    # could reach: the arms turn at the felt's edge, not wherever fits best.)
    assert geometry.view_box[2] < 0.75 * straight_width
    assert geometry.corners > 0


def test_doubles_lie_crosswise_to_the_line() -> None:
    for layout in final_layouts():
        geometry = board_geometry(layout, DESKTOP)
        at = boxes(geometry)
        for arm, placed in enumerate(layout.arms):
            for i, p in enumerate(placed):
                if not p.tile.is_double or i == 0:
                    continue
                double, before = at[(End(arm), i)], at[(End(arm), i - 1)]
                # The tile before it meets the double's long side.
                beside = before.box[2] <= double.box[0] or double.box[2] <= before.box[0]
                assert beside == (not double.horizontal), f"{p.tile} on {End(arm)} lies along the line"


def test_the_whole_board_is_well_formed_markup() -> None:
    for layout in final_layouts():
        targets = {end: 5 for end in layout.open_ends()}
        root = parse(render_board(layout, aspect=PHONE, targets=targets, last=layout.tiles()[-1]))
        assert len(tiles_in(root)) == len(layout.tiles())
        assert len([g for g in root.iter(f"{SVG}g") if "end-target" in classes(g)]) == len(targets)


# A property over many seeded random hands: what the board must never do,
# whatever the deal, the number of players, the lead rule (a double lead is
# the spinner at once; a random lead finds its spinner later, on an arm), and
# the table's shape (desktop, phone, a phone held tall).

ASPECTS = [DESKTOP, PHONE, 390 / 844, 3.0]


def chain_of(geometry: BoardGeometry, layout: Layout, box: TileBox) -> End | None:
    """The chain a tile lies on: West and East run out of the lead (None),
    North and South out of the spinner, wherever it lies."""
    return box.arm


def beyond(box: Box, middle: Box, end: End) -> bool:
    eps = 1e-6
    return {
        End.W: box[2] <= middle[0] + eps,
        End.E: box[0] >= middle[2] - eps,
        End.N: box[3] <= middle[1] + eps,
        End.S: box[1] >= middle[3] - eps,
    }[end]


WAYS = {(-1, 0): End.W, (1, 0): End.E, (0, -1): End.N, (0, 1): End.S}


def way_out(start: TileBox, first: Box) -> End:
    """The way a chain sets out from the tile it leaves: towards its first tile."""
    (sx, sy), (fx, fy) = start.center, ((first[0] + first[2]) / 2, (first[1] + first[3]) / 2)
    dx, dy = fx - sx, fy - sy
    return WAYS[(int(math.copysign(1, dx)), 0) if abs(dx) > abs(dy) else (0, int(math.copysign(1, dy)))]


def check_readable(layout: Layout, aspect: float) -> None:
    geometry = check_laid_out(layout, aspect)
    lead = next(b for b in geometry.tiles if b.arm is None)
    # Each piece: its chain, whether it touches the lead or the spinner (where
    # chains meet), its box, a name.
    middles = [b.box for b in (lead, geometry.spinner) if b is not None]
    pieces: list[tuple[End, bool, Box, str]] = []
    for end in End:
        start = lead if end in (End.W, End.E) else geometry.spinner
        placed = [b.box for b in geometry.tiles if b.arm == end and b is not geometry.spinner]
        if end in (End.W, End.E) and geometry.spinner is not None and geometry.spinner.arm == end:
            placed = [b.box for b in geometry.tiles if b.arm == end]
        if end in geometry.ends:
            placed.append(geometry.ends[end].box)
        if start is None or not placed:
            continue
        way = way_out(start, placed[0])
        for i, box in enumerate(placed):
            name = f"the {end.name} end" if i == len(placed) - 1 and end in geometry.ends else f"tile {i} of {end.name}"
            # A chain stays on its own side of the tile it leaves from.
            assert beyond(box, start.box, way), f"{name} crosses its start in {layout!r}"
            pieces.append((end, any(distance(box, m) <= GAP + 1e-6 for m in middles), box, name))
        if end in geometry.ends and len(placed) > 1:
            # The end faces away from the middle or to the side, never back.
            (ex, ey), (jx, jy) = (
                geometry.ends[end].center,
                ((placed[-2][0] + placed[-2][2]) / 2, (placed[-2][1] + placed[-2][3]) / 2),
            )
            d = {End.W: (-1, 0), End.E: (1, 0), End.N: (0, -1), End.S: (0, 1)}[way]
            assert (ex - jx) * d[0] + (ey - jy) * d[1] > -1e-6, f"the {end.name} end faces back in {layout!r}"
    late = geometry.spinner is not None and geometry.spinner.center[1] != lead.center[1]
    for i, (chain, first, box, name) in enumerate(pieces):
        for other_chain, other_first, other_box, other in pieces[:i]:
            if chain == other_chain or (first and other_first) or late:
                continue
            gap = distance(box, other_box)
            assert gap >= CLEAR - 1e-6, f"{name} ({chain.name}) runs into {other} ({other_chain.name}) in {layout!r}"


@settings(max_examples=40, deadline=None, derandomize=True)
@given(
    seed=st.integers(0, 10**9),
    players=st.sampled_from([2, 3, 4]),
    lead=st.sampled_from(["random", "highest-double"]),
    aspect=st.sampled_from(ASPECTS),
)
def test_no_tiles_overlap_and_no_arm_runs_into_another_in_random_hands(
    seed: int, players: int, lead: str, aspect: float
) -> None:
    rules = Rules.from_json({"players": players, "lead": lead})
    for layout in hand_layouts(rules, seed):
        check_readable(layout, aspect)


@pytest.mark.parametrize("aspect", ASPECTS)
def test_long_hands_stay_readable_at_every_step(aspect: float) -> None:
    # Two players with the whole set dealt between them give the longest layouts.
    for seed in range(12):
        for layout in hand_layouts(Rules(players=2, hand_size=14), seed):
            check_readable(layout, aspect)


def test_a_spinners_closed_arms_are_kept_clear() -> None:
    # The spinner 2-2 on the East arm, its far side still open, and a long
    # West chain: on a tall phone table it must not coil across the faces the
    # spinner's North and South arms will grow from.
    moves = ("5-0", "5-4 W", "4-3 W", "2-0 E", "5-2 E", "3-2 W", "4-2 W", "5-1 E", "2-1 E", "2-2 E")
    moves += ("4-0 W", "1-0 W", "1-1 W", "6-1 W", "6-4 W", "4-1 W")
    geometry = board_geometry(layout_after(*moves), 390 / 844)
    spinner = geometry.spinner
    assert spinner is not None
    x0, y0, x1, y1 = spinner.box
    # Its arms grow from its short faces, at either end of its long side.
    if spinner.horizontal:
        faces = [(x0 - GAP - 2 * HALF, y0, x0, y1), (x1, y0, x1 + GAP + 2 * HALF, y1)]
    else:
        faces = [(x0, y0 - GAP - 2 * HALF, x1, y0), (x0, y1, x1, y1 + GAP + 2 * HALF)]
    for b in geometry.tiles:
        for face in faces:
            assert not overlap(b.box, face)


def markers_in(root: ET.Element) -> dict[str, ET.Element]:
    return {g.get("data-end", ""): g for g in root.iter(f"{SVG}g") if "end-marker" in classes(g)}


def shown(marker: ET.Element) -> str:
    """The number a ring shows."""
    return "".join("".join(text.itertext()) for text in marker.iter(f"{SVG}text"))


def described(marker: ET.Element) -> str:
    """A ring's tooltip: what the end counts."""
    return "".join(title.text or "" for title in marker.iter(f"{SVG}title"))


def test_each_open_end_is_marked_with_the_number_to_match() -> None:
    # The spinner 5-5 covered on both sides: West takes a 3, East a 2, and
    # North and South a 5, though they count nothing until a tile is played
    # there (their rings are dashed and faint).
    layout = layout_after("5-5", "5-3 W", "5-2 E")
    root = parse(render_board(layout, aspect=DESKTOP))
    markers = markers_in(root)
    assert sorted(markers) == ["E", "N", "S", "W"]
    assert {end: shown(g) for end, g in markers.items()} == {"W": "3", "E": "2", "N": "5", "S": "5"}
    assert {end for end, g in markers.items() if "waiting" in classes(g)} == {"N", "S"}
    assert described(markers["N"]) == "North 5 (not counting yet)"
    # The lone spinner takes a 5 on both sides and counts once, at West.
    lone = markers_in(parse(render_board(layout_after("5-5"), aspect=DESKTOP)))
    assert {end: shown(g) for end, g in lone.items()} == {"W": "5", "E": "5"}
    assert {end for end, g in lone.items() if "waiting" in classes(g)} == {"E"}
    assert described(lone["W"]) == "West 5-5 counts 10"
    # A double at an end shows the number to match, 3 beside 3-3 (a 6-1 does
    # not fit there); what it counts, both halves, is in its description.
    double = markers_in(parse(render_board(layout_after("3-0", "3-3 W"), aspect=PHONE)))
    assert shown(double["W"]) == "3"
    assert described(double["W"]) == "West 3-3 counts 6"
    assert described(double["E"]) == "East 0"
    # An end that is a drop target now shows the target instead.
    targeted = markers_in(parse(render_board(layout, aspect=DESKTOP, targets={End.N: 5})))
    assert sorted(targeted) == ["E", "S", "W"]


def test_the_markers_sit_on_the_ends_next_tile_place() -> None:
    layout = layout_after("5-5", "5-3 W", "5-2 E", "5-6 N")
    geometry = board_geometry(layout, PHONE)
    for end, g in markers_in(parse(render_board(layout, aspect=PHONE))).items():
        (circle,) = g.iter(f"{SVG}circle")
        box = geometry.ends[End[end]]
        assert (float(circle.get("cx", "")), float(circle.get("cy", ""))) == pytest.approx(box.center, abs=0.01)


@pytest.mark.parametrize("box", [(300.0, 240.0), (240.0, 300.0)], ids=["wide", "tall"])
def test_a_long_hands_rings_stay_readable_however_far_the_board_zooms_out(box: tuple[float, float]) -> None:
    # Twenty tiles on a small phone's table (its hand and header take the
    # rest): the board zooms out until a tile is narrower than 16 px, but each end's ring is still drawn 16 px across
    # (17 with the box's padding), its number in proportion.
    layout = layout_after(
        *("5-5", "5-3 W", "5-2 E", "5-6 N", "5-0 S", "3-3 W", "2-2 E", "6-6 N", "0-0 S", "3-1 W"),
        *("2-1 E", "6-1 N", "0-1 S", "1-1 W", "1-4 E", "1-0 N", "4-4 E", "4-0 E", "0-2 N", "2-6 N"),
    )
    aspect, small = table_shape(*box)
    root = parse(render_board(layout, aspect=aspect, small=small, size=box))
    _x, _y, vw, vh = (float(n) for n in root.get("viewBox", "").split())
    scale = min(box[0] / vw, box[1] / vh)
    assert HALF * scale < 16, "the tiles are wide enough that no ring needs to grow"
    markers = markers_in(root)
    assert markers
    for g in markers.values():
        (circle,) = g.iter(f"{SVG}circle")
        (number,) = g.iter(f"{SVG}text")
        assert 2 * float(circle.get("r", "")) * scale >= 16.9
        assert float(number.get("font-size", "")) * scale >= 10
    # Where the tiles are wide, the rings are as wide as a tile.
    short = parse(render_board(layout_after("5-3"), aspect=aspect, small=small, size=box))
    for g in markers_in(short).values():
        (circle,) = g.iter(f"{SVG}circle")
        assert float(circle.get("r", "")) == pytest.approx(HALF / 2)


# The board in few bytes, for the embed code


@pytest.mark.parametrize("seed", [3, 8])
def test_the_sketch_shows_every_tile_with_its_pips_and_each_end_with_its_number(seed: int) -> None:
    """The embed code's board (render_sketch) shows what the board shows,
    in a fifth of the bytes once there are a few tiles."""
    for layout in hand_layouts(Rules(), seed):
        placed = board_geometry(layout, 16 / 9).tiles
        last = placed[-1].tile
        sketch = render_sketch(layout, last=last)
        drawn = ET.fromstring(sketch)
        faces, _dividers, pips = (path.get("d", "") for path in drawn.iter("path"))
        assert faces.count("z") == len(placed), "a face a tile"
        assert pips.count("h0") == sum(box.tile.high + box.tile.low for box in placed), "a dot a pip"
        assert len(list(drawn.iter("rect"))) == 1, "the tile played last is ringed"
        board = parse(render_board(layout, aspect=16 / 9, last=last))
        rings = [g for g in board.iter(f"{SVG}g") if "end-marker" in classes(g)]
        assert [t.text for t in drawn.iter("text")] == [g.find(f"{SVG}text").text for g in rings]  # type: ignore[union-attr]
        assert drawn.get("aria-label") == board.get("aria-label")
        if len(placed) >= 6:
            assert len(sketch) * 5 < len(render_board(layout, aspect=16 / 9, last=last))
