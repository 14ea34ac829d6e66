"""Sniff: the first double is the sniff, a spinner whose faces count on
(docs/rules.md, "Sniff").

The sniff is played crosswise and spins as All Fives' spinner does: while a
side of it is open it is itself an end and counts both halves (a lone sniff
lead counts once); once both sides are covered its faces North and South
open, and each counts the sniff's number for as long as no tile covers it.
Each table is worked by hand; the last tests play random hands beside a
second reading of the count written here from the rule.
"""

import random

import pytest
from helpers import match_with, play

from allfives import End, Match, Move, Rules, Tile
from allfives.events import HandEnded, Played
from allfives.layout import Layout
from allfives.record import from_record, to_record
from allfives.verify import all_verified, verify

SNIFF = Rules.preset("sniff")
W, E, N, S = End.W, End.E, End.N, End.S


def sniff_after(*moves: str) -> Layout:
    """The layout after ``moves`` (the first the lead) under Sniff, each
    play's total read ahead (:meth:`Layout.total_after`) and checked against
    the total once it is placed."""
    layout = Layout(spinner="sniff")
    for text in moves:
        move = Move.parse(text)
        ahead = None if move.end is None else layout.total_after(move.tile, int(move.end))
        layout.place(move)
        assert ahead in (None, layout.total), f"{text}: read ahead {ahead}, placed {layout.total}"
    return layout


# Rule (Sniff): every case of the sniff's sides and faces, covered or not,
# the sniff led and the sniff played later. The total, and what it scores
# (fives as pips).
SNIFF_SIDES = [
    # The sniff led.
    (["4-4"], 8, "a lone sniff counts its pips once"),
    (["4-4", "6-4 W"], 14, "one side covered: the sniff, an end, counts both halves: 6 + 4 + 4"),
    (["4-4", "6-4 E"], 14, "the same with the East side covered: 4 + 4 + 6"),
    (["4-4", "6-4 W", "4-1 E"], 15, "both sides covered: 6 + 1, and each open face 4: 6 + 1 + 4 + 4"),
    (["4-4", "6-4 W", "4-1 E", "4-2 N"], 13, "North covered: 6 + 1 + 2, South still counts 4"),
    (["4-4", "6-4 W", "4-1 E", "4-3 S"], 14, "South covered: 6 + 1 + 4 + 3"),
    (["4-4", "6-4 W", "4-1 E", "4-2 N", "4-3 S"], 12, "every face covered: the sniff counts no longer, 6 + 1 + 2 + 3"),
    (["3-3", "3-1 W", "3-2 E", "3-6 N", "6-6 N"], 18, "a double on the North arm: 1 + 2 + 12 + South 3"),
    # The sniff played later.
    (["6-3", "3-3 E"], 12, "the sniff at the East end, one side against 6-3: 6 + 3 + 3"),
    (["6-3", "3-3 E", "3-1 E"], 13, "its second side covered: 6 + 1, faces 3 + 3"),
    (["6-3", "3-3 E", "3-1 E", "3-5 N"], 15, "North covered: 6 + 1 + 5 + South 3"),
    (["6-3", "3-3 E", "3-1 E", "3-5 N", "3-4 S"], 16, "both faces covered: 6 + 1 + 5 + 4"),
    (["6-3", "6-6 W"], 15, "the sniff at the West end: 12 + 3"),
    (["6-3", "6-6 W", "6-2 W"], 17, "covered beyond: 2 + 3, faces 6 + 6"),
    # Only the first double is the sniff.
    (["4-4", "4-1 E", "1-1 E"], 10, "a later double lies at an end: sniff 8 + 1-1 counts 2"),
    (["4-4", "4-1 E", "1-1 E", "4-6 W"], 16, "1-1 is no sniff: 6 + 2, and the sniff's faces 4 + 4"),
    (["0-0", "0-5 W", "0-5 E"], 10, "a sniff of blanks: its faces count 0, 5 + 5"),
]


@pytest.mark.parametrize(("moves", "total", "why"), SNIFF_SIDES, ids=[row[2] for row in SNIFF_SIDES])
def test_the_sniff_counts_both_halves_while_a_side_is_open_then_each_face_until_covered(
    moves: list[str], total: int, why: str
) -> None:
    layout = sniff_after(*moves)
    assert layout.total == total, why
    assert sum(end.counts for end in layout.open_end_counts()) == total, "the ends explain the total"
    assert [end.end for end in layout.open_end_counts()] == layout.open_ends()
    assert SNIFF.score(total) == (total if total % 5 == 0 else 0)


def test_where_all_fives_spinner_counts_no_longer_the_sniff_counts_on() -> None:
    # pagat's example: 4-4 led (8), 6-4 (14), then 4-1 covers the second side.
    moves = ("4-4", "6-4 W", "4-1 E")
    spinner = Layout()
    for text in moves:
        spinner.place(Move.parse(text))
    assert (spinner.total, sniff_after(*moves).total) == (7, 15)


# Rule (Sniff): what each open end counts, for saying why a total is what it
# is. The sniff's uncovered face is an end of its own number: it counts (not
# waiting, as All Fives' empty spinner arm is) and is not a double.
SNIFF_ENDS = [
    (["4-4"], [(W, 4, 8, True, False, False), (E, 4, 0, True, False, True)]),
    (["4-4", "6-4 W"], [(W, 6, 6, False, False, False), (E, 4, 8, True, False, False)]),
    (
        ["4-4", "6-4 W", "4-1 E"],
        [(W, 6, 6, False, False, False), (E, 1, 1, False, False, False), (N, 4, 4, False, False, False), (S, 4, 4, False, False, False)],
    ),
    (
        ["4-4", "6-4 W", "4-1 E", "4-2 N"],
        [(W, 6, 6, False, False, False), (E, 1, 1, False, False, False), (N, 2, 2, False, False, False), (S, 4, 4, False, False, False)],
    ),
    (
        ["6-3", "3-3 E", "3-1 E"],
        [(W, 6, 6, False, False, False), (E, 1, 1, False, False, False), (N, 3, 3, False, False, False), (S, 3, 3, False, False, False)],
    ),
]  # fmt: skip


@pytest.mark.parametrize(("moves", "ends"), SNIFF_ENDS, ids=[" ".join(row[0]) for row in SNIFF_ENDS])
def test_what_each_end_of_a_sniff_layout_counts(
    moves: list[str], ends: list[tuple[End, int, int, bool, bool, bool]]
) -> None:
    layout = sniff_after(*moves)
    assert [tuple(e) for e in layout.open_end_counts()] == ends
    assert sum(e.counts for e in layout.open_end_counts()) == layout.total


def test_a_copy_of_a_sniff_layout_counts_the_same_and_apart() -> None:
    layout = sniff_after("6-3", "3-3 E")
    copy = layout.copy()
    copy.place(Move.parse("3-1 E"))
    assert (layout.total, copy.total) == (12, 13), "covering the copy's sniff leaves the layout as it was"
    copy.place(Move.parse("3-5 N"))
    assert copy.total == 15
    assert layout.open_ends() == [W, E]


# Rule (Sniff, docs/rules.md's worked example): a scoring play made by the
# sniff's faces, and the end of the hand. Seat 0 leads; 3 tiles each.
def test_a_hand_of_sniff_scores_the_faces_and_the_winner_takes_the_pips_left() -> None:
    match = match_with(SNIFF.with_options(hand_size=3), "4-4 4-1 4-2", "6-4 6-1 5-3")
    events = play(match, "4-4", "6-4 W", "4-1 E", "6-1 E", "4-2 N")
    plays = [(e.total, e.points) for e in events if isinstance(e, Played)]
    assert plays == [
        (8, 0),  # the sniff alone: 8
        (14, 0),  # 6 + the sniff, an end, 4 + 4
        (15, 15),  # 6 + 1 + its faces 4 + 4
        (20, 20),  # 6 + 6-1's 6 + 4 + 4
        (18, 0),  # 6 + 6 + 2 + South 4
    ]
    ended = events[-1]
    assert isinstance(ended, HandEnded)
    assert (ended.reason, ended.out, ended.pips) == ("domino", 0, (0, 8))
    assert (ended.change, ended.scores) == ((10, 0), (25, 20)), "5-3: 8 pips, rounded to 10"


@pytest.mark.parametrize(("players", "tiles"), [(2, 7), (3, 6), (4, 5)])
def test_the_sniff_preset(players: int, tiles: int) -> None:
    rules = Rules.preset("sniff", players)
    assert (rules.deal_size, rules.points_to_win, rules.spinner) == (tiles, 200, "sniff")
    assert (rules.scoring, rules.marking, rules.boneyard, rules.hand_end, rules.lead) == (
        "fives",
        "pips",
        "draw",
        "winner-takes",
        "random",
    )
    assert not rules.all_fives
    assert Rules.from_json(rules.to_json()) == rules


def test_a_sniff_record_writes_reads_and_verifies() -> None:
    rules = Rules.preset("sniff", 3)
    match = Match(rules)
    rng = random.Random("sniff record")
    for number in (1, 2):
        match.deal_seed(f"sniff/hand/{number}")
        while match.to_move is not None:
            match.play(rng.choice(match.legal_moves()))
    data = to_record(match)
    assert data["rules"] == {
        "players": 3,
        "hand_size": 6,
        "target": 200,
        "hand_end": "winner-takes",
        "spinner": "sniff",
    }
    again = from_record(data)
    assert (again.rules, again.scores) == (rules, match.scores)
    assert all_verified(verify(data))


# A second reading of the sniff's count, written here from the rule and
# apart from the layout's bookkeeping: the layout as the tiles were played.


def second_reading(moves: list[Move]) -> int:
    """The ends total after ``moves`` (the first the lead) under Sniff."""
    lead = moves[0].tile
    arms: dict[End, list[Tile]] = {W: [], E: [], N: [], S: []}
    numbers = {W: moves[0].west_pip, E: lead.other(moves[0].west_pip)}
    sniff, at = (lead.high, None) if lead.is_double else (-1, None)
    for move in moves[1:]:
        assert move.end is not None
        end = move.end
        # North and South take the sniff's number: they open off its faces.
        numbers[end] = move.tile.other(numbers.get(end, sniff))
        arms[end].append(move.tile)
        if sniff < 0 and move.tile.is_double:
            sniff, at = move.tile.high, (end, len(arms[end]) - 1)

    def end_count(end: End) -> int:
        showing = arms[end][-1] if arms[end] else lead
        return numbers[end] * (2 if showing.is_double else 1)

    def face(end: End) -> int:
        return end_count(end) if arms[end] else sniff

    if sniff >= 0 and at is None:  # the sniff led
        covered = [end for end in (W, E) if arms[end]]
        if not covered:
            return 2 * sniff  # alone: its pips, once
        if len(covered) == 1:
            return 2 * sniff + end_count(covered[0])  # it is the other end
        return end_count(W) + end_count(E) + face(N) + face(S)
    total = end_count(W) + end_count(E)
    if at is not None and len(arms[at[0]]) > at[1] + 1:  # both its sides covered
        total += face(N) + face(S)
    return total


@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_sniff_hands_count_as_a_second_reading_of_the_rule(players: int) -> None:
    rules = Rules.preset("sniff", players)
    rng = random.Random(f"sniff:{players}")
    for number in range(150):
        match = Match(rules)
        match.deal_seed(f"sniff/{players}/{number}")
        hand = match.hand
        assert hand is not None
        moves: list[Move] = []
        while match.to_move is not None:
            layout = hand.layout
            for move in match.legal_moves():
                if move.end is None:
                    continue
                after = layout.copy()
                after.place(move)
                assert layout.total_after(move.tile, int(move.end)) == after.total, (moves, move)
            played = match.play(rng.choice(match.legal_moves()))[0]
            assert isinstance(played, Played)
            moves.append(played.move)
            total = second_reading(moves)
            assert (played.total, played.points) == (total, rules.score(total)), moves
            assert layout.total == total
            assert sum(end.counts for end in layout.open_end_counts()) == total
            sniffed = layout.spinner_opened
            assert layout.open_ends() == ([W, E, N, S] if sniffed else [W, E])
            assert not any(end.waiting for end in layout.open_end_counts()), "the sniff's faces count: none waits"
