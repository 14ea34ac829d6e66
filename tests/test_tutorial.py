"""The rules tutorial's scenarios (docs/tutorial-scenarios.json): every record
reads under the rules engine, sits after a section docs/rules.md has, opens
at a position it has, and shows the rule it is there for."""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from replay import Frame, frames

from allfives import Drew, End, HandEnded, Passed, Played, Rules
from allfives.record import from_record

ROOT = Path(__file__).resolve().parent.parent
SCENARIOS: list[dict[str, Any]] = json.loads((ROOT / "docs" / "tutorial-scenarios.json").read_text(encoding="utf-8"))[
    "scenarios"
]
HEADINGS = set(re.findall(r"^#+\s+(.+?)\s*$", (ROOT / "docs" / "rules.md").read_text(encoding="utf-8"), re.M))


def events_of(positions: list[Frame]) -> list[Any]:
    return [event for frame in positions for event in frame.events]


def shows_the_spinner_open_four_ways(positions: list[Frame], _rules: Rules) -> bool:
    layout = positions[-1].layout
    return layout.spinner_opened and all(layout.arms[int(end)] for end in (End.N, End.S))


def counts_the_lead_and_every_play(positions: list[Frame], _rules: Rules) -> bool:
    points = [frame.points for frame in positions[1:]]
    return points[0] > 0 and 0 in points and any(p > 0 for p in points[1:])


def scores_two_doubles_at_the_ends(positions: list[Frame], _rules: Rules) -> bool:
    return any(frame.points and sum(1 for arm in range(4) if frame.layout.weight[arm] == 2) == 2 for frame in positions)


def draws_until_a_tile_fits_and_plays_it(positions: list[Frame], _rules: Rules) -> bool:
    events = events_of(positions)
    for index, event in enumerate(events):
        if isinstance(event, Drew):
            after = [e for e in events[index:] if not isinstance(e, Drew)]
            return isinstance(after[0], Played) and after[0].seat == event.seat
    return False


def ends_with(reason: str) -> Callable[[list[Frame], Rules], bool]:
    def check(positions: list[Frame], rules: Rules) -> bool:
        end = positions[-1].events[-1]
        if not isinstance(end, HandEnded) or end.reason != reason:
            return False
        if reason == "blocked":
            passes = {e.seat for e in positions[-1].events if isinstance(e, Passed)}
            return passes == set(range(rules.players))
        return any(change < 0 for change in end.change)

    return check


def the_computer_games_rules(positions: list[Frame], rules: Rules) -> bool:
    end = positions[-1].events[-1]
    return (
        rules.lead == "highest-double"
        and rules.hand_end == "winner-takes"
        and isinstance(end, HandEnded)
        and end.out is not None
        and end.change[rules.side_of(end.out)] > 0
    )


SHOWS = {
    "spinner": shows_the_spinner_open_four_ways,
    "counting": counts_the_lead_and_every_play,
    "doubles": scores_two_doubles_at_the_ends,
    "drawing": draws_until_a_tile_fits_and_plays_it,
    "going-out": ends_with("domino"),
    "blocked": ends_with("blocked"),
    "variants": the_computer_games_rules,
}


def test_there_is_a_scenario_for_every_rule_the_tutorial_teaches() -> None:
    assert sorted(s["id"] for s in SCENARIOS) == sorted(SHOWS)


@pytest.mark.parametrize("scenario", SCENARIOS, ids=[s["id"] for s in SCENARIOS])
def test_the_scenario_reads_and_shows_its_rule(scenario: dict[str, Any]) -> None:
    record = scenario["record"]
    match = from_record(record)  # checks every rule on the way
    assert scenario["after"] in HEADINGS
    rules = match.rules
    assert rules.deal_size <= 7, "small hands"
    positions = frames(record)
    options = scenario.get("options", {})
    assert 0 <= options.get("move", 0) < len(positions)
    assert 0 <= options.get("seat", 0) < rules.players
    assert SHOWS[scenario["id"]](positions, rules)
