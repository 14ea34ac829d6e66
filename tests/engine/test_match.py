"""The match keeps its history: each hand's deal, moves, events and the
scores before and after it. Undo, the score sheet, the record and a replay
read it, and ``Match.until`` / ``record.cut`` replay it to any earlier point."""

from __future__ import annotations

import dataclasses
import random
from typing import Any

import pytest
from helpers import play

from allfives import TILES, Deal, Drew, HandEnded, HandHistory, HandStarted, Match, MatchEnded, Move, Played, Rules
from allfives.players.simple import greedy_move
from allfives.record import RecordError, cut, from_record, positions, replay, to_record
from allfives.view import view_of

# Two hands to 50, "winner-takes": the side that goes out scores the others' pips.
RULES = Rules(players=2, hand_size=3, target=50, hand_end="winner-takes", win="hand-end")
FIRST = Deal.from_text([["5-5", "5-2", "5-1"], ["5-3", "5-0", "6-6"]], leader=0)
FIRST_MOVES = ("5-5", "5-3 E", "5-2 W", "5-0 N", "5-1 S")
# Seat 0 went out, so seat 0 leads the second hand: its deal need not say so.
# Seat 1 has no 4 and draws 5-2, then 4-0, which fits.
DRAWN = ("5-2", "4-0")
SECOND = Deal.from_text(
    [["3-0", "4-4", "4-1"], ["6-6", "5-1", "5-3"]],
    [*DRAWN, *(str(t) for t in TILES if str(t) not in {"3-0", "4-4", "4-1", "6-6", "5-1", "5-3", *DRAWN})],
)
SECOND_MOVES = ("4-4", "4-0 E", "4-1 W", "5-1 W", "3-0 E")


def scripted() -> Match:
    """The two hands above, played to the end of the match."""
    match = Match(RULES)
    match.start_hand(FIRST)
    play(match, *FIRST_MOVES)
    match.start_hand(SECOND)
    play(match, *SECOND_MOVES)
    return match


def moves(hand: HandHistory) -> list[str]:
    return [str(m) for m in hand.moves]


# The history of a scripted match


def test_the_history_keeps_each_hands_deal_moves_events_and_scores() -> None:
    first, second = scripted().history

    assert first.number == 1
    assert first.deal == FIRST
    assert moves(first) == list(FIRST_MOVES)
    assert first.seats == (0, 1, 0, 1, 0)
    assert first.scores_before == (0, 0)
    assert first.scores_after == (25, 5)
    assert first.events[0] == HandStarted(1, 0)
    assert [e.points for e in first.events if isinstance(e, Played)] == [10, 0, 5, 5, 0]
    assert first.ended == HandEnded(1, "domino", 0, (0, 12), (10, 0), (25, 5))

    assert second.number == 2
    assert second.deal == dataclasses.replace(SECOND, leader=0), "the deal names the leader the rules chose"
    assert moves(second) == list(SECOND_MOVES)
    assert second.seats == (0, 1, 0, 1, 0)
    assert second.scores_before == first.scores_after
    assert second.scores_after == (50, 10)
    assert second.events == (
        HandStarted(2, 0),
        Played(0, Move.parse("4-4"), 8, 0, (25, 5)),
        Drew(1, Move.parse("5-2").tile),
        Drew(1, Move.parse("4-0").tile),
        Played(1, Move.parse("4-0 E"), 8, 0, (25, 5)),
        Played(0, Move.parse("4-1 W"), 1, 0, (25, 5)),
        Played(1, Move.parse("5-1 W"), 5, 5, (25, 10)),
        Played(0, Move.parse("3-0 E"), 8, 0, (25, 10)),
        HandEnded(2, "domino", 0, (0, 27), (25, 0), (50, 10)),
        MatchEnded(0, (50, 10)),
    )


def test_a_hand_in_play_is_its_history_so_far() -> None:
    match = Match(RULES)
    assert match.history == ()
    match.start_hand(FIRST)
    (dealt,) = match.history
    assert dealt.moves == ()
    assert dealt.events == (HandStarted(1, 0),)
    assert dealt.scores_before == dealt.scores_after == (0, 0)
    assert dealt.ended is None
    play(match, "5-5")
    (first,) = match.history
    assert moves(first) == ["5-5"]
    assert first.scores_after == (10, 0)
    assert first.ended is None


def test_the_history_is_a_value_that_later_moves_leave_alone() -> None:
    match = Match(RULES)
    match.start_hand(FIRST)
    play(match, "5-5")
    before = match.history
    play(match, "5-3 E")
    assert moves(before[0]) == ["5-5"]
    assert isinstance(before[0].moves, tuple)
    assert isinstance(before[0].events, tuple)
    with pytest.raises(dataclasses.FrozenInstanceError):
        before[0].moves = ()  # type: ignore[misc]


def test_a_match_won_during_a_hand_ends_it_unscored() -> None:
    # "Immediate": 5-5 leads for 10, which reaches the target of 10.
    match = Match(Rules(players=2, hand_size=3, target=10, win="immediate"))
    match.start_hand(FIRST)
    play(match, "5-5")
    (hand,) = match.history
    assert hand.ended is None
    assert hand.events[-1] == MatchEnded(0, (10, 0))
    assert hand.scores_after == (10, 0)


def test_a_record_is_written_from_the_history_and_read_back_into_it() -> None:
    match = scripted()
    record = to_record(match)
    assert [h["moves"] for h in record["hands"]] == [list(FIRST_MOVES), list(SECOND_MOVES)]
    assert [h["leader"] for h in record["hands"]] == [0, 0]
    assert from_record(record).history == match.history


def test_positions_read_a_record_once_a_step_at_a_time() -> None:
    record = to_record(scripted())
    steps = [(len(m.hands), len(m.hand.moves) if m.hand else 0, events) for m, events in positions(record)]
    assert [s[:2] for s in steps] == [(1, n) for n in range(6)] + [(2, n) for n in range(6)]
    assert [e for _, _, events in steps for e in events] == replay(record)


def test_a_match_walked_again_passes_the_positions_its_record_does() -> None:
    match = scripted()
    walked = [(len(m.hands), len(m.hand.moves) if m.hand else 0, events) for m, events in match.positions()]
    read = [(len(m.hands), len(m.hand.moves) if m.hand else 0, events) for m, events in positions(to_record(match))]
    assert walked == read
    (*_, (end, _events)) = match.positions()
    assert end.history == match.history


@pytest.mark.parametrize("hand", [1, 2])
def test_a_hand_as_dealt_is_the_hand_before_its_first_move(hand: int) -> None:
    """What :meth:`Match.dealt` gives without replaying the hands before
    is what a replay to the hand's start gives."""
    dealt, replayed = scripted().dealt(hand), scripted().until(hand, 0).hand
    assert replayed is not None
    assert (dealt.hands, dealt.boneyard, dealt.leader, dealt.to_move, dealt.scores, dealt.number, dealt.moves) == (
        replayed.hands,
        replayed.boneyard,
        replayed.leader,
        replayed.to_move,
        replayed.scores,
        replayed.number,
        replayed.moves,
    )


# Cutting a match or a record: one table of points


CUTS = [
    # hand, moves kept, the moves of each hand kept, the scores then
    (0, 0, [], (0, 0)),
    (1, 0, [[]], (0, 0)),
    (1, 1, [["5-5"]], (10, 0)),
    (1, 3, [["5-5", "5-3 E", "5-2 W"]], (15, 0)),
    (1, 5, [list(FIRST_MOVES)], (25, 5)),
    (1, None, [list(FIRST_MOVES)], (25, 5)),
    (2, 0, [list(FIRST_MOVES), []], (25, 5)),
    (2, 4, [list(FIRST_MOVES), list(SECOND_MOVES[:4])], (25, 10)),
    (2, None, [list(FIRST_MOVES), list(SECOND_MOVES)], (50, 10)),
]


@pytest.mark.parametrize(("hand", "kept", "expected", "scores"), CUTS)
def test_a_match_cut_at_a_point_is_the_match_as_it_stood_then(
    hand: int, kept: int | None, expected: list[list[str]], scores: tuple[int, int]
) -> None:
    match = scripted()
    then = match.until(hand, kept)
    assert [moves(h) for h in then.history] == expected
    assert tuple(then.scores) == scores
    assert then.is_over == ((hand, kept) == (2, None))
    assert len(match.history) == 2, "the match cut is left as it was"


@pytest.mark.parametrize(("hand", "kept", "expected", "scores"), CUTS)
def test_a_record_cut_at_a_point_is_the_record_of_the_match_then(
    hand: int, kept: int | None, expected: list[list[str]], scores: tuple[int, int]
) -> None:
    record = to_record(scripted(), {"names": ["Ann", "Ben"]})
    kept_record = cut(record, hand, kept)
    assert [h["moves"] for h in kept_record["hands"]] == expected
    assert kept_record == to_record(scripted().until(hand, kept), {"names": ["Ann", "Ben"]})
    assert from_record(kept_record).scores == list(scores)


def test_a_cut_of_the_whole_record_is_the_record() -> None:
    record = to_record(scripted(), {"names": ["Ann", "Ben"]})
    assert cut(record, 2) == record
    assert cut(record, 2, 5) == record


def test_a_hand_alone_is_dealt_as_the_first_of_a_new_match() -> None:
    alone = scripted().until(2, 1, alone=True)
    (hand,) = alone.history
    assert hand.number == 1
    assert hand.deal == dataclasses.replace(SECOND, leader=0)
    assert moves(hand) == ["4-4"]
    assert hand.scores_before == (0, 0)


REFUSED = [
    (3, 0, "there is no hand 3 to cut at: the match has 2 hands"),
    (-1, 0, "there is no hand -1 to cut at: the match has 2 hands"),
    (1, 6, "hand 1 has 5 moves: cannot keep 6"),
    (2, -1, "hand 2 has 5 moves: cannot keep -1"),
    (0, 1, "hand 0 is the match before the first deal: it has no moves to keep"),
]


@pytest.mark.parametrize(("hand", "kept", "message"), REFUSED)
def test_a_point_the_match_has_not_reached_is_refused(hand: int, kept: int, message: str) -> None:
    with pytest.raises(ValueError, match=f"^{message}$"):
        scripted().until(hand, kept)
    with pytest.raises(RecordError, match=f"^{message}$"):
        cut(to_record(scripted()), hand, kept)


def test_a_broken_record_is_refused_before_it_is_cut() -> None:
    record = to_record(scripted())
    record["hands"][0]["moves"][1] = "6-6 E"
    with pytest.raises(RecordError, match="hand 1, move 2"):
        cut(record, 1, 1)


# Property: seeded random matches, under a few rule variants


VARIANTS = [
    Rules(players=2, hand_size=5, target=60),
    Rules(players=3, hand_size=4, target=40, hand_end="winner-takes", lead="highest-double"),
    Rules(players=4, partnerships=True, target=50, win="immediate"),
]


def _random_match(rules: Rules, seed: int) -> tuple[Match, list[tuple[int, int, dict[str, Any]]]]:
    """A match played to its end with seeded moves, and its record at every
    point: after each deal and after each move."""
    rng = random.Random(seed)
    match = Match(rules)
    points: list[tuple[int, int, dict[str, Any]]] = [(0, 0, to_record(match))]
    while not match.is_over and len(match.hands) < 8:
        match.deal(rng)
        hand = match.hand
        assert hand is not None
        points.append((len(match.hands), 0, to_record(match)))
        while match.to_move is not None:
            move = greedy_move(hand) if rng.random() < 0.5 else rng.choice(match.legal_moves())
            match.play(move)
            points.append((len(match.hands), len(hand.moves), to_record(match)))
    return match, points


@pytest.mark.parametrize("rules", VARIANTS, ids=["2-players", "3-players", "partners"])
@pytest.mark.parametrize("seed", range(3))
def test_random_matches_keep_their_history_through_a_record_and_every_cut(rules: Rules, seed: int) -> None:
    match, points = _random_match(rules, seed)
    assert from_record(to_record(match)).history == match.history
    for hand, kept, then in points:
        cut_match = match.until(hand, kept)
        assert to_record(cut_match) == then
        assert cut_match.history == from_record(then).history
        assert cut(to_record(match), hand, kept) == then


def test_a_seat_sees_which_tile_was_played_last() -> None:
    # What the board marks: the last tile played in the hand, not a draw after it.
    match = Match(Rules(hand_size=2))
    match.start_hand(Deal.from_text([["5-5", "1-1"], ["5-3", "6-6"]], leader=0))
    assert view_of(match, 1).last_played is None, "nothing played yet"
    match.play(Move.parse("5-5"))
    match.play(Move.parse("5-3 E"))  # 1-1 fits neither end: seat 0 draws
    seen = view_of(match, 0)
    assert isinstance(seen.history[-1], Drew)
    assert str(seen.last_played) == "5-3"
