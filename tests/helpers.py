"""Small builders that let the tests read as the rules."""

from __future__ import annotations

import asyncio
import random
from collections.abc import Coroutine, Iterator, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, TypeVar

import pytest

from allfives import Deal, HandState, Layout, Match, Move, Rules, record
from allfives.players.knowledge import Knowledge
from allfives.players.simple import greedy_move
from allfives.view import SeatView, view_of

if TYPE_CHECKING:
    from allfives.players import Decision

    from table.game import Game

T = TypeVar("T")


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
            claimed_right(match)
        if match.to_move is not None:
            out.append(match)
    return out


def claimed_right(match: Match) -> None:
    """Under Muggins' claims, the count of the play just made claimed in
    full (nothing to call); under any other rules, nothing."""
    hand = match.hand
    if hand is not None and hand.waiting is not None and hand.waiting.claimed is None:
        match.claim(hand.waiting.seat, hand.waiting.made)


def my_view(match: Match) -> SeatView:
    assert match.to_move is not None
    return view_of(match, match.to_move)


def a_choice_of_moves(players: int) -> SeatView:
    """Seat 1 to answer the lead 6-3 early in the hand, the boneyard not
    yet empty, with tiles for both ends to choose from: seven moves with two
    players (6-5, 6-4, 6-2 on the six; 5-3, 4-3, 3-2, 3-0 on the three),
    four with partners (6-5, 6-4; 5-3, 4-3). A search here is far from
    done when a budget of a few sampled deals runs out."""
    if players == 2:
        match = match_with(
            Rules(players=2), "6-3 1-1 2-2 0-0 1-0 2-0 4-0 4-1 4-2", "6-5 6-4 6-2 5-3 4-3 3-2 3-0 5-5 2-1"
        )
    else:
        match = match_with(
            Rules(players=4), "6-3 1-1 2-2 0-0 1-0", "6-5 6-4 5-3 4-3 5-5", "2-0 4-0 4-1 4-2 6-6", "6-2 3-2 2-1 5-0 3-0"
        )
    match.play(Move.parse("6-3"))
    return my_view(match)


class WorkClock:
    """A fake clock for a search's time budget that moves on only as the
    search works: each sampled deal takes ``per_deal`` seconds, reading the
    clock none, so a search that stops looking at the clock still spends
    time. :meth:`pause` is time passing while nobody thinks."""

    def __init__(self, per_deal: float) -> None:
        self.per_deal = per_deal
        self.deals = 0
        self.paused = 0.0

    @property
    def now(self) -> float:
        return self.deals * self.per_deal + self.paused

    def __call__(self) -> float:
        return self.now

    def pause(self, seconds: float) -> None:
        self.paused += seconds


def work_clock(monkeypatch: pytest.MonkeyPatch, per_deal: float) -> WorkClock:
    """A :class:`WorkClock` that every sampled deal of the hidden tiles
    (:meth:`Knowledge.sample`, the step of every search) moves on, for the
    rest of the test."""
    clock = WorkClock(per_deal)
    sample = Knowledge.sample

    def timed(know: Knowledge, rng: random.Random) -> HandState:
        clock.deals += 1
        return sample(know, rng)

    monkeypatch.setattr(Knowledge, "sample", timed)
    return clock


def computer_decision(game: Game) -> Decision:
    """The decision of the computer at the seat to move, thought as the page
    thinks it (the game's search, in slices), not yet played."""
    search = game.computer_thinking()
    while (decision := search.step(1000)) is None:
        pass
    return decision


def computer_move(game: Game) -> Move:
    """The move of the computer at the seat to move (see :func:`computer_decision`)."""
    return computer_decision(game).move


def match_played(hands: int, moves: int | None = None, seed: int = 1) -> Game:
    """A match of the standard rules, Ann against Bo, as the page plays it
    from ``seed`` (both seats at the Beginner's level, so the computer makes
    every move): ``hands`` hands dealt, the last ``moves`` moves in (to its
    end when None)."""
    from table.game import Game, GameSetup, SeatSetup

    game = Game(GameSetup(Rules(), (SeatSetup("Ann", "beginner"), SeatSetup("Bo", "beginner")), seed))
    for number in range(1, hands + 1):
        game.start()
        last = number == hands
        while game.to_move is not None and not (last and moves is not None and game.moves_in_hand >= moves):
            game.play_computer(computer_decision(game))
    return game


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


#: A short record (2 players, 3 tiles each) that the record and command-line tests read.
EXAMPLE_RECORD: dict[str, Any] = {
    "format": "allfives-record",
    "version": 1,
    "rules": {"players": 2, "hand_size": 3},
    "hands": [
        {
            "leader": 0,
            "deal": [["5-5", "5-2", "5-1"], ["5-3", "5-0", "6-6"]],
            "boneyard": [
                "0-0",
                "1-0",
                "1-1",
                "2-0",
                "2-1",
                "2-2",
                "3-0",
                "3-1",
                "3-2",
                "3-3",
                "4-0",
                "4-1",
                "4-2",
                "4-3",
                "4-4",
                "5-4",
                "6-0",
                "6-1",
                "6-2",
                "6-3",
                "6-4",
                "6-5",
            ],
            "moves": ["5-5", "5-3 E", "5-2 W"],
        }
    ],
}


def run_apart(coroutine: Coroutine[Any, Any, T]) -> T:
    """Run ``coroutine`` to its end on an event loop in a thread of its own:
    in a whole run, the browser tests' Playwright keeps a loop running in
    this thread, and asyncio.run refuses to start a second one in it."""
    with ThreadPoolExecutor(1) as pool:
        return pool.submit(asyncio.run, coroutine).result()


@dataclass
class FakeStorage:
    """``window.localStorage`` for the page's store on CPython, shared by
    the tabs of one browser; when ``full``, it refuses every write."""

    items: dict[str, str] = field(default_factory=dict)
    full: bool = False

    def getItem(self, key: str) -> str | None:
        return self.items.get(key)

    def setItem(self, key: str, value: str) -> None:
        if self.full:
            raise RuntimeError("QuotaExceededError")
        self.items[key] = value

    def removeItem(self, key: str) -> None:
        self.items.pop(key, None)

    @property
    def length(self) -> int:
        return len(self.items)

    def key(self, index: int) -> str | None:
        return list(self.items)[index] if index < len(self.items) else None


@dataclass
class FakeWindow:
    """A window whose localStorage is ``localStorage``."""

    localStorage: FakeStorage


# Records whose hands carry seeds (the replay's check of them).


def seeded_record(hands: int = 3) -> dict[str, Any]:
    """Three hands of greedy play, each dealt from the seed ``proof/hand/n``."""
    match = Match(Rules())
    while len(match.hands) < hands or not match.needs_deal:
        if match.is_over:
            break
        if match.needs_deal:
            match.deal_seed(f"proof/hand/{len(match.hands) + 1}")
            continue
        hand = match.hand
        assert hand is not None
        match.play(greedy_move(hand))
    return record.to_record(match)


def changed(data: dict[str, Any], *hands: int) -> dict[str, Any]:
    """``data`` with the seeds of ``hands`` (numbered from 1) swapped for
    another's: their deals no longer follow from their seeds."""
    for number in hands:
        data["hands"][number - 1]["seed"] = "someone-else"
    return data


def replay_position(move: int, per_hand: Sequence[int]) -> str:
    """What a replay's position line says at ``move`` (from 0, the first
    deal) of a record whose hands have ``per_hand`` moves: a move is
    numbered within its hand, and a later hand's deal is shown with its
    first move ("Hand 1: the deal", "Hand 2, move 3 of 17")."""
    if move == 0:
        return "Hand 1: the deal"
    for hand, moves in enumerate(per_hand, start=1):
        if move <= moves:
            return f"Hand {hand}, move {move} of {moves}"
        move -= moves
    raise ValueError("past the record's last move")


def html_as_xml(markup: str) -> str:
    """``markup`` (HTML drawn by the page's Python) as XML that ElementTree
    reads: its boolean attributes given a value, its void ``<input>``
    elements self-closed."""
    markup = markup.replace(" selected>", ' selected="">').replace(" checked>", ' checked="">')
    out, at = [], 0
    while (start := markup.find("<input", at)) != -1:
        end = markup.index(">", start)
        out.append(markup[at:end] + "/>")
        at = end + 1
    out.append(markup[at:])
    return "".join(out)
