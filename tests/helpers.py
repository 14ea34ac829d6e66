"""Small builders that let the tests read as the rules."""

from __future__ import annotations

from allfives import Deal, HandState, Layout, Match, Move, Rules


def layout_after(*moves: str) -> Layout:
    """The layout after playing ``moves`` (the first is the lead), as written."""
    layout = Layout()
    for text in moves:
        layout.place(Move.parse(text))
    return layout


def hands(*seats: str) -> list[list[str]]:
    """``hands("5-5 5-2", "5-3 6-6")``: one string of tiles per seat."""
    return [seat.split() for seat in seats]


def match_with(rules: Rules, *seats: str, boneyard: str | None = None, leader: int | None = 0) -> Match:
    """A match whose first hand is dealt as written."""
    match = Match(rules)
    match.start_hand(Deal.from_text(hands(*seats), None if boneyard is None else boneyard.split(), leader))
    return match


def hand_with(rules: Rules, *seats: str, leader: int = 0, scores: list[int] | None = None) -> HandState:
    """A hand dealt as written; the boneyard is every other tile, 0-0 first."""
    deal = Deal.from_text(hands(*seats), None, leader)
    return HandState(rules, deal.hands, deal.boneyard, leader, scores)


def play(match: Match, *moves: str) -> list[object]:
    """Play ``moves`` in turn and return every event they caused."""
    events: list[object] = []
    for text in moves:
        events.extend(match.play(Move.parse(text)))
    return events
