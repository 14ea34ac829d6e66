"""The coach's judge: which turns are decisions, the best move and the
points lost as the Expert values them, grades by points lost, and a review
that is the same every time it is run with the same seed."""

import random

import pytest
from helpers import EXAMPLE_RECORD

from allfives import Deal, Match, Move, Rules, record
from allfives.players import make_player
from allfives.review import BANDS, Grade, decisions, grade_of, judge, review
from allfives.view import view_of


def a_missed_ten() -> str:
    """Seat 0 leads 6-1 holding 5-5 (a lead of 5-5 scores ten at once);
    seat 1 then has one tile that fits, 6-6: forced."""
    match = Match(Rules(players=2, hand_size=3))
    match.start_hand(Deal.from_text([["5-5", "5-2", "6-1"], ["5-0", "3-3", "6-6"]], leader=0))
    match.play(Move.parse("6-1"))
    match.play(Move.parse("6-6 W"))
    return record.dumps(match)


def test_a_forced_move_is_not_a_decision() -> None:
    found = [(hand, number, view.seat, str(move)) for hand, number, view, move in decisions(a_missed_ten())]
    assert found == [(1, 1, 0, "6-1")], "seat 1's 6-6 was its only move"


def test_decisions_are_those_of_the_seats_asked_for() -> None:
    assert [view.seat for _h, _n, view, _m in decisions(EXAMPLE_RECORD, seats=(1,))] == [1]
    assert [view.seat for _h, _n, view, _m in decisions(EXAMPLE_RECORD, seats=(0,))] == [0, 0]


def test_leading_6_1_instead_of_scoring_ten_with_5_5_is_a_blunder() -> None:
    (judged,) = review(a_missed_ten(), samples=200, seed=1).judgements()
    assert judged.best.move == Move.parse("5-5")
    assert judged.played == Move.parse("6-1")
    assert judged.lost >= 10, "ten points missed at once, and the lead given away"
    assert judged.grade is Grade.BLUNDER
    assert [choice.value for choice in judged.choices] == sorted((c.value for c in judged.choices), reverse=True)


def test_taking_the_points_on_offer_is_the_best() -> None:
    """The example: 5-5 leads for ten, and 5-2 on the West end for five."""
    judged = review(EXAMPLE_RECORD, seats=(0,), samples=200, seed=1).judgements()
    assert [str(j.played) for j in judged] == ["5-5", "5-2 W"]
    assert judged[0].lost == 0
    assert judged[0].grade is Grade.BEST


def test_every_move_is_valued_on_the_same_samples() -> None:
    """The same seed, the same values; the values of one decision do not
    depend on which other decisions are reviewed with it."""
    alone = review(EXAMPLE_RECORD, seats=(1,), samples=60, seed=7).judgements()
    together = review(EXAMPLE_RECORD, samples=60, seed=7).judgements(1)
    assert alone == together
    assert review(EXAMPLE_RECORD, samples=60, seed=8).judgements(1) != alone


def test_with_nothing_hidden_the_values_are_exact() -> None:
    """Two players, an empty boneyard, ten tiles or fewer in the hands: the
    seat knows the other hand (every tile it cannot see), and the judge
    searches the rest of the hand exactly: no sample, no luck."""
    rules = Rules(players=2)
    match = Match(rules)
    match.start_hand(Deal.shuffle(rules, random.Random(16)))
    players = [make_player("easy", random.Random(160 + seat)) for seat in range(2)]
    for _ in range(19):  # seed 16: after 19 moves seat 1 has a choice, and nothing is hidden
        seat = match.to_move
        assert seat is not None
        match.play(players[seat].choose(view_of(match, seat)).move)
    view = view_of(match, 1)
    assert view.boneyard_size == 0
    assert sum(view.hand_sizes) <= 10
    assert len(view.legal_moves) > 1
    played = view.legal_moves[0]
    once, again = judge(view, played, random.Random(1)), judge(view, played, random.Random(2))
    assert once.exact
    assert once.samples == 1
    assert once.choices == again.choices, "no sampling: the same values whatever the seed"


@pytest.mark.parametrize(
    ("lost", "grade"),
    [
        (0.0, Grade.BEST),
        (0.1, Grade.GOOD),
        (2.5, Grade.GOOD),
        (2.6, Grade.INACCURACY),
        (5.0, Grade.INACCURACY),
        (5.1, Grade.MISTAKE),
        (10.0, Grade.MISTAKE),
        (10.1, Grade.BLUNDER),
        (45.0, Grade.BLUNDER),
    ],
)
def test_grades_by_points_lost(lost: float, grade: Grade) -> None:
    assert grade_of(lost) is grade


def test_the_bands_rise() -> None:
    bounds = [bound for bound, _grade in BANDS]
    assert bounds == sorted(bounds)
    assert len(set(bounds)) == len(bounds)


def test_a_move_that_was_not_legal_is_refused() -> None:
    match = record.from_record(EXAMPLE_RECORD).until(1, 0)
    view = view_of(match, 0)
    with pytest.raises(ValueError, match="not a legal move"):
        judge(view, Move.parse("6-6"), random.Random(1))


def test_a_record_that_breaks_the_rules_is_refused_with_its_reason() -> None:
    broken = dict(EXAMPLE_RECORD, hands=[dict(EXAMPLE_RECORD["hands"][0], moves=["5-5", "6-6 E"])])
    with pytest.raises(record.RecordError, match="move 2"):
        review(broken, samples=10)
