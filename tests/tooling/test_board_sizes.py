"""tools/board_sizes.py: the seeds it is given, a board's tile length worked
out from its box, the turns it counts as needless, and its figures."""

from __future__ import annotations

import pytest
from helpers import layout_after

from tools.board_sizes import Drawn, Figures, drawn, seeds_of, turns_with_room_ahead

from table.felt import HALF
from table.geometry import board_geometry


@pytest.mark.parametrize(
    ("text", "seeds"),
    [("7001-7003", [7001, 7002, 7003]), ("7001,7005", [7001, 7005]), ("5-6,9", [5, 6, 9]), ("4", [4])],
)
def test_seeds_are_a_range_or_a_list(text: str, seeds: list[int]) -> None:
    assert seeds_of(text) == seeds


def test_a_tile_is_drawn_at_the_scale_the_svg_meets_its_view_box() -> None:
    layout = layout_after("5-3", "3-1 E", "5-2 W")
    # A box of the table's own shape: the view fills it, both ways.
    geometry = board_geometry(layout, 2.0)
    _x, _y, width, _height = geometry.view_box
    board = drawn(layout, (800, 400), (800, 400))
    assert board.tile == pytest.approx(2 * HALF * 800 / width)
    # An SVG twice as tall as its view's shape: the width decides.
    assert drawn(layout, (800, 400), (800, 800)).tile == pytest.approx(board.tile)


def test_a_turn_at_the_felts_edge_is_not_needless_and_one_short_of_it_is() -> None:
    # Five tiles a side across a desktop's table: each side's fifth turns at
    # the felt's edge, where a tile laid straight would leave the view.
    west = ("5-2 W", "2-4 W", "4-0 W", "0-6 W", "6-1 W")
    east = ("3-4 E", "4-1 E", "1-0 E", "0-2 E", "2-6 E")
    geometry = board_geometry(layout_after("5-3", *west, *east), 2.0)
    assert geometry.corners >= 2
    assert turns_with_room_ahead(geometry) == 0
    # One side only: the view is centred on the layout, so the East side's
    # turn has felt in view beyond it, where a tile laid straight would lie.
    geometry = board_geometry(layout_after("5-3", *east), 2.0)
    assert turns_with_room_ahead(geometry) == 1


def test_the_figures_are_the_median_and_the_least_board() -> None:
    boards = [Drawn(40, 20, 12, 1), Drawn(50, 25, 15, 0), Drawn(30, 17, 10, 2)]
    figures = Figures.of(boards)
    assert (figures.median, figures.least) == (40, 30)
    assert (figures.ring_median, figures.ring_least) == (20, 17)
    assert figures.ahead == 1
    assert figures.meets("390x844")
    assert not figures.meets("1280x800")
    # The rings must be readable on the least board too, not only the median.
    small_rings = Figures.of([*boards[:2], Drawn(30, 15, 9, 2)])
    assert not small_rings.meets("390x844")
