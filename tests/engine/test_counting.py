"""Counting the open ends: the rule every score stands on.

Rows are layouts built move by move (the first move is the lead, laid as
written, first number West) and the ends total they show.
"""

import pytest
from helpers import layout_after

from allfives import End, Move, tile
from allfives.hand import points_for

# Rule: after every play, including the lead, the open ends are totalled.
# An end showing a double counts both halves. While the spinner still has an
# open side it is itself an end and counts both halves; a lone double lead
# counts its pips once. Once both sides are covered the spinner counts no
# longer, and its two new arms count only once a tile is played on them.
COUNTS = [
    # lead only
    (["5-0"], 5, "a plain lead: both halves are ends"),
    (["6-4"], 10, "a plain lead: 6 + 4"),
    (["5-5"], 10, "a lone double lead counts its pips once: 5-5 alone is 10"),
    (["0-0"], 0, "a lone 0-0 counts nothing"),
    # a spinner lead
    (["5-5", "5-3 E"], 13, "the spinner with an open side counts 10, plus 3"),
    (["6-6", "6-3 W"], 15, "12 for the spinner, plus 3"),
    (["5-5", "5-3 E", "5-2 W"], 5, "both sides covered: only 2 + 3; the empty N and S count nothing"),
    (["5-5", "5-3 E", "5-2 W", "5-6 N"], 11, "N counts once a tile is on it: 2 + 3 + 6"),
    (["5-5", "5-3 E", "5-2 W", "5-6 N", "5-4 S"], 15, "four arms: 2 + 3 + 6 + 4"),
    (["5-5", "5-3 E", "5-2 W", "5-6 N", "6-6 N"], 17, "a later double at an end counts both halves: 2 + 3 + 12"),
    # doubles along the line
    (["6-3", "3-3 E"], 12, "the first double is the spinner; its open side counts both halves: 6 + 6"),
    (["6-3", "3-3 E", "3-1 E"], 7, "covered on both sides (6-3 and 3-1), it counts no longer: 6 + 1"),
    (["6-3", "3-3 E", "3-1 E", "3-4 N"], 11, "its N arm counts once played on: 6 + 1 + 4"),
    (["5-5", "5-3 E", "3-3 E"], 16, "only the first double spins; 3-3 at an end counts 6, the spinner 10"),
    (["5-5", "5-3 E", "3-3 E", "5-0 W"], 6, "the spinner covered: 0 + 6"),
    (["5-0", "0-0 E"], 5, "a double blank at an end counts 0 + 0"),
    (["4-1", "1-1 W", "4-4 E"], 10, "both ends doubles: 2 + 8"),
    (["2-6", "6-6 E", "6-1 E", "2-3 W"], 4, "the lead as written: 2 faces West; 3 + 1 with the spinner covered"),
]


@pytest.mark.parametrize(("moves", "total", "why"), COUNTS, ids=[" ".join(row[0]) for row in COUNTS])
def test_the_ends_total(moves: list[str], total: int, why: str) -> None:
    assert layout_after(*moves).total == total, why


@pytest.mark.parametrize(("moves", "total", "why"), COUNTS, ids=[" ".join(row[0]) for row in COUNTS])
def test_the_total_is_known_before_the_play(moves: list[str], total: int, why: str) -> None:
    # The computer players and the learning aid ask what a move would make.
    before = layout_after(*moves[:-1])
    last = Move.parse(moves[-1])
    if last.end is None:
        assert last.tile.pips == total
    else:
        assert before.total_after(last.tile, last.end) == total, why


# Rule: if the total is a positive multiple of 5, the player's side scores it.
POINTS = [
    (["5-0"], 5),
    (["0-0"], 0),
    (["5-5"], 10),
    (["5-5", "5-3 E"], 0),
    (["6-6", "6-3 W"], 15),
    (["5-5", "5-3 E", "5-2 W"], 5),
    (["5-5", "5-3 E", "5-2 W", "5-6 N", "5-4 S"], 15),
    (["5-0", "0-0 E"], 5),
    (["4-1", "1-1 W", "4-4 E"], 10),
]


@pytest.mark.parametrize(("moves", "points"), POINTS, ids=[" ".join(row[0]) for row in POINTS])
def test_a_play_scores_the_total_when_it_is_a_multiple_of_five(moves: list[str], points: int) -> None:
    before = layout_after(*moves[:-1])
    assert points_for(before, Move.parse(moves[-1])) == points


OPEN_ENDS = [
    (["6-4"], {End.W: 6, End.E: 4}),
    (["4-6"], {End.W: 4, End.E: 6}),
    (["5-5"], {End.W: 5, End.E: 5}),
    (["5-5", "5-3 E"], {End.W: 5, End.E: 3}),
    (["5-5", "5-3 E", "5-2 W"], {End.W: 2, End.E: 3, End.N: 5, End.S: 5}),
    (["6-3", "3-3 E"], {End.W: 6, End.E: 3}),
    (["6-3", "3-3 E", "3-1 E"], {End.W: 6, End.E: 1, End.N: 3, End.S: 3}),
    (["6-3", "3-3 E", "3-1 E", "3-4 S"], {End.W: 6, End.E: 1, End.N: 3, End.S: 4}),
]


@pytest.mark.parametrize(("moves", "ends"), OPEN_ENDS, ids=[" ".join(row[0]) for row in OPEN_ENDS])
def test_open_ends(moves: list[str], ends: dict[End, int]) -> None:
    # Rule: the spinner's N and S arms open once tiles sit on both its sides.
    layout = layout_after(*moves)
    assert {end: layout.open_pips[end] for end in layout.open_ends()} == ends


def test_only_the_first_double_spins() -> None:
    layout = layout_after("5-5", "5-3 E", "3-3 E", "3-1 E")
    spinner = layout.spinner_tile()
    assert spinner is not None
    assert spinner.tile == tile("5-5")
    assert End.N not in layout.open_ends()  # 5-5's West side is still open


def test_the_ends_each_tile_fits() -> None:
    layout = layout_after("5-5", "5-3 E", "5-2 W")
    assert layout.ends_for(tile("5-1")) == [End.N, End.S]
    assert layout.ends_for(tile("3-2")) == [End.W, End.E]
    assert layout.ends_for(tile("6-4")) == []


SPINNER_OPEN = [
    (["5-5"], True, False, "a spinner lead with both sides open counts both halves"),
    (["5-5", "5-3 E"], True, False, "one side covered: it still counts"),
    (["5-5", "5-3 E", "5-2 W"], False, True, "5-2 covers the second side: North and South open"),
    (["5-5", "5-3 E", "5-2 W", "5-1 N"], False, False, "a tile on North: the spinner was opened before"),
    (["6-3", "3-3 E"], False, False, "a spinner off the lead is never an end of its own"),
    (["6-3", "3-3 E", "3-1 E"], False, True, "3-1 covers 3-3's far side: North and South open"),
    (["6-4"], False, False, "no double, no spinner"),
]


@pytest.mark.parametrize(
    ("moves", "lead_open", "opened", "why"), SPINNER_OPEN, ids=[" ".join(row[0]) for row in SPINNER_OPEN]
)
def test_the_spinner_opens_when_both_sides_are_covered(
    moves: list[str], lead_open: bool, opened: bool, why: str
) -> None:
    layout = layout_after(*moves)
    last = Move.parse(moves[-1]).tile
    assert (layout.spinner_lead_open, layout.opened_by(last)) == (lead_open, opened), why


# Rule, as the page explains it: each open end says what it adds. A double at
# an end counts both halves; a spinner arm with no tile yet takes a tile but
# counts nothing; the lone spinner lead counts once, on one side.
# Each row: the moves, then per open end (end, pips, counts, double, waiting, shared).
W, E, N, S = End.W, End.E, End.N, End.S
END_COUNTS = [
    (["6-4"], [(W, 6, 6, False, False, False), (E, 4, 4, False, False, False)]),
    (["5-5"], [(W, 5, 10, True, False, False), (E, 5, 0, True, False, True)]),
    (["5-5", "5-3 E"], [(W, 5, 10, True, False, False), (E, 3, 3, False, False, False)]),
    (
        ["5-5", "5-3 E", "5-2 W"],
        [
            (W, 2, 2, False, False, False),
            (E, 3, 3, False, False, False),
            (N, 5, 0, False, True, False),
            (S, 5, 0, False, True, False),
        ],
    ),
    (
        ["5-5", "5-3 E", "5-2 W", "5-6 N"],
        [
            (W, 2, 2, False, False, False),
            (E, 3, 3, False, False, False),
            (N, 6, 6, False, False, False),
            (S, 5, 0, False, True, False),
        ],
    ),
    (["1-4", "1-1 W"], [(W, 1, 2, True, False, False), (E, 4, 4, False, False, False)]),
    (["1-0", "1-1 W"], [(W, 1, 2, True, False, False), (E, 0, 0, False, False, False)]),
    (["6-3", "3-3 E"], [(W, 6, 6, False, False, False), (E, 3, 6, True, False, False)]),
    (
        ["5-5", "5-3 E", "5-2 W", "5-6 N", "6-6 N"],
        [
            (W, 2, 2, False, False, False),
            (E, 3, 3, False, False, False),
            (N, 6, 12, True, False, False),
            (S, 5, 0, False, True, False),
        ],
    ),
]


@pytest.mark.parametrize(("moves", "ends"), END_COUNTS, ids=[" ".join(row[0]) for row in END_COUNTS])
def test_what_each_end_counts(moves: list[str], ends: list[tuple[End, int, int, bool, bool, bool]]) -> None:
    layout = layout_after(*moves)
    assert [tuple(e) for e in layout.open_end_counts()] == ends
    assert sum(e.counts for e in layout.open_end_counts()) == layout.total


@pytest.mark.parametrize(("moves", "total", "why"), COUNTS, ids=[" ".join(row[0]) for row in COUNTS])
def test_the_ends_add_up_to_the_total(moves: list[str], total: int, why: str) -> None:
    layout = layout_after(*moves)
    assert sum(e.counts for e in layout.open_end_counts()) == total, why
    assert [e.end for e in layout.open_end_counts()] == layout.open_ends()
