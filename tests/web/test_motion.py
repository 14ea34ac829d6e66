"""The page's motion and feel as Python decides them, on CPython: the page's
JavaScript (web/js/motion.js) only does what it is handed.

The points float up from the tile that scored them; the table zooms from
the view it was drawn at, and not when there was no board, the view is the
same, or the table changed shape; a tile laid clicks and one that scores
chimes; the win moment's confetti falls from across the page, and under
reduced motion twelve stars stand evenly across it, at once."""

from __future__ import annotations

import random

import pytest
from helpers import layout_after

from allfives import Drew, Event, Move, Passed, Played, tile

from game import feel
from page import motion
from table import board
from table.geometry import board_geometry


def played(text: str, points: int) -> Played:
    return Played(0, Move.parse(text), points, points, (points, 0))


# The points, over the tile just played


def test_the_points_float_up_from_the_tile_that_scored_them() -> None:
    geometry = board_geometry(layout_after("5-5", "5-0 E"))
    box = geometry.box_of(tile("5-0"))
    assert box is not None
    pop = motion.points_pop(geometry, played("5-0 E", 10))
    assert pop == motion.Pop(round(box.center[0], 1), round(box.center[1], 1), "+10")


@pytest.mark.parametrize(
    ("move", "points"),
    [
        ("5-0 E", 0),  # nothing scored
        ("6-6 E", 10),  # a tile that is not on the board
    ],
)
def test_no_points_float_up_where_nothing_was_scored(move: str, points: int) -> None:
    geometry = board_geometry(layout_after("5-5", "5-0 E"))
    assert motion.points_pop(geometry, played(move, points)) is None


# The zoom, from the board as it was last drawn


def drawn(*moves: str, aspect: float = 1.6) -> str:
    return board.render_board(layout_after(*moves), aspect=aspect) if moves else ""


def test_the_view_is_read_from_the_boards_markup() -> None:
    geometry = board_geometry(layout_after("5-5", "5-0 E"))
    assert motion.view_box(drawn("5-5", "5-0 E")) == pytest.approx(geometry.view_box, abs=0.01)


def test_the_table_zooms_from_the_view_it_was_drawn_at() -> None:
    before, after = drawn("6-6"), drawn("6-6", "6-1 E", "6-2 W", "1-1 E", "2-3 W", "1-4 E", "3-3 W", "4-0 E")
    old, new = motion.view_box(before), motion.view_box(after)
    assert old is not None
    assert new is not None
    assert old != new
    change = motion.zoom(before, after)
    assert change is not None
    k, tx, ty = change
    assert k == pytest.approx(new[2] / old[2])
    # The new view's corner is drawn where the old view's corner was.
    assert (k * old[0] + tx, k * old[1] + ty) == pytest.approx((new[0], new[1]))


@pytest.mark.parametrize(
    ("before", "after"),
    [
        ("", ("6-6",)),  # the first board: nothing to zoom from
        (("6-6",), ()),  # the board taken away
        (("6-6", "6-1 E"), ("6-6", "6-1 E")),  # the same view
        (("6-6",), ("6-6", "6-1 E", "6-2 W")),  # a view that held its tiles already
    ],
    ids=["first", "gone", "same", "held"],
)
def test_no_zoom_without_a_change_of_view(before: tuple[str, ...], after: tuple[str, ...]) -> None:
    old, new = drawn(*before), drawn(*after)
    if old and new:  # the case is a view that stayed
        assert motion.view_box(old) == motion.view_box(new), "the case is a view that stayed"
    assert motion.zoom(old, new) is None


def test_a_table_that_changed_shape_does_not_zoom() -> None:
    assert motion.zoom(drawn("6-6", aspect=1.6), drawn("6-6", "6-1 E", aspect=0.5)) is None


# The sounds


@pytest.mark.parametrize(
    ("events", "sound"),
    [
        ([played("5-0 E", 0)], "click"),
        ([played("5-0 E", 10)], "chime"),
        ([Drew(1, tile("2-2")), played("5-0 E", 0)], "click"),
        ([Drew(1, None), Passed(1)], None),
    ],
    ids=["laid", "scored", "drew-then-laid", "passed"],
)
def test_a_tile_laid_clicks_and_one_that_scores_chimes(events: list[Event], sound: str | None) -> None:
    assert feel.sound_of(events) == sound


def test_every_sound_rises_and_dies_away_within_hearing() -> None:
    for name, notes in feel.SOUNDS.items():
        assert notes, name
        for frequency, start, length, peak, wave in notes:
            assert 20 <= frequency <= 20_000, name
            assert start >= 0, name
            assert length > 0.008, name  # it peaks 8 ms in, then dies away
            assert 0 < peak <= 0.5, name
            assert wave in ("sine", "square", "sawtooth", "triangle"), name


# The win moment


def test_the_confetti_falls_from_across_the_page_at_its_own_pace() -> None:
    pieces = feel.confetti(False, random.Random(7))
    assert len(pieces) == feel.CONFETTI
    assert {piece["kind"] for piece in pieces} == {"pip", "tile"}
    xs = [float(piece["x"].removesuffix("vw")) for piece in pieces]
    assert all(0 <= x <= 100 for x in xs)
    assert min(xs) < 25, "from one side of the page ..."
    assert max(xs) > 75, "... to the other"
    assert len({piece["delay"] for piece in pieces}) > 1, "not all at once"
    for piece in pieces:
        assert set(piece) == {"kind", "x", "delay", "fall", "spin", "drift", "colour"}
        assert piece["colour"] in feel.COLOURS


def test_under_reduced_motion_twelve_stars_stand_evenly_across_the_page() -> None:
    pieces = feel.confetti(True, random.Random(7))
    assert [piece["kind"] for piece in pieces] == ["star"] * 12
    assert [piece["x"] for piece in pieces] == [f"{(i + 0.5) / 12 * 100:.1f}vw" for i in range(12)]
    assert {piece["delay"] for piece in pieces} == {"0.00s"}
