"""Small builders that let the tests read as the rules."""

from __future__ import annotations

import random

from allfives import Deal, HandState, Layout, Match, Move, Rules
from allfives.players.simple import greedy_move
from allfives.view import SeatView, view_of


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


def positions(rules: Rules, count: int, seed: int) -> list[Match]:
    """Matches stopped at seeded points of seeded hands, someone to move."""
    rng = random.Random(seed)
    out = []
    while len(out) < count:
        match = Match(rules)
        match.deal(rng)
        stop = rng.randrange(20)
        for _ in range(stop):
            if match.to_move is None:
                break
            match.play(greedy_move(match.hand))  # type: ignore[arg-type]
        if match.to_move is not None:
            out.append(match)
    return out


def my_view(match: Match) -> SeatView:
    assert match.to_move is not None
    return view_of(match, match.to_move)
