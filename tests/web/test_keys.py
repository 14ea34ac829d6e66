"""The arrow keys among the lit ends (web/table/keys.py): each arrow goes to the
nearest target that way, and round the list when none lies that way."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.append(str(Path(__file__).resolve().parents[2] / "web"))
from table.keys import target_after

# Four ends around a spinner at (0, 0), as the board draws them.
FOUR = [("W", -100.0, 0.0), ("E", 100.0, 0.0), ("N", 0.0, -80.0), ("S", 0.0, 80.0)]
TWO = [("W", -100.0, 0.0), ("E", 100.0, 0.0)]

MOVES = [
    (FOUR, "W", "ArrowRight", "E"),  # N is nearer, but off to the side counts double
    (FOUR, "N", "ArrowDown", "S"),
    (FOUR, "N", "ArrowLeft", "W"),
    (FOUR, "S", "ArrowRight", "E"),
    (TWO, "W", "ArrowRight", "E"),
    (TWO, "E", "ArrowLeft", "W"),
    (TWO, "E", "ArrowRight", "W"),  # nothing further right: round to the first
    (TWO, "W", "ArrowUp", "E"),  # nothing above: round to the previous
    (TWO, "W", "Enter", None),
    (TWO, "N", "ArrowLeft", None),
    ([("W", 0.0, 0.0)], "W", "ArrowLeft", None),
]


@pytest.mark.parametrize(("targets", "current", "key", "expected"), MOVES)
def test_an_arrow_goes_to_the_target_that_way(
    targets: list[tuple[str, float, float]], current: str, key: str, expected: str | None
) -> None:
    assert target_after(targets, current, key) == expected


def test_every_target_is_in_reach_by_the_arrows_from_every_other() -> None:
    for start, *_ in FOUR:
        reached, frontier = {start}, [start]
        while frontier:
            at = frontier.pop()
            for key in ("ArrowLeft", "ArrowRight", "ArrowUp", "ArrowDown"):
                after = target_after(FOUR, at, key)
                if after is not None and after not in reached:
                    reached.add(after)
                    frontier.append(after)
        assert reached == {"W", "E", "N", "S"}
