"""The coach's judge: which turns are decisions, the best move and the
points lost as the Expert values them, grades by points lost, and a review
that is the same every time it is run with the same seed."""

import json
import random
from typing import Any

import pytest
from helpers import EXAMPLE_RECORD

from allfives import TILES, Deal, Match, Move, Rules, record
from allfives.kept_review import ReviewError, read_review
from allfives.players import make_player
from allfives.players.base import finish
from allfives.review import (
    BANDS,
    Grade,
    advise_steps,
    decisions,
    grade_of,
    judge,
    luck_of_hand,
    review,
    review_steps,
)
from allfives.view import view_of

ALL_TILES = [str(tile) for tile in TILES]


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
        (1.0, Grade.BEST),
        (1.1, Grade.GOOD),
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


# Luck


def test_the_luck_of_a_draw_is_what_it_gave_less_what_it_could_have() -> None:
    """Seat 1 holds nothing for 6-1 and draws; the deal and that run of draws
    are the hand's chance events, each favouring one side by what the other
    loses (two sides: the margins are opposite)."""
    match = Match(Rules(players=2, hand_size=3))
    match.start_hand(Deal.from_text([["5-5", "5-2", "6-1"], ["4-3", "0-0", "3-3"]], leader=0))
    match.play(Move.parse("6-1"))
    events = luck_of_hand(match, 1, random.Random(1), samples=200)
    assert [(e.move_number, e.seat) for e in events] == [(0, None), (1, 1)]
    drawn = events[1]
    assert drawn.tiles, "the tiles seat 1 drew, in order"
    assert all(tile in match.history[0].deal.boneyard for tile in drawn.tiles)
    for event in events:
        assert event.favour[0] == pytest.approx(-event.favour[1])


def test_a_lucky_draw_is_lucky() -> None:
    """Seat 1, holding 4-3, 0-0 and 3-3, cannot follow 5-5 and draws. When
    the boneyard gives it 5-0 at once (an end of ten: 5 + 0 + ... scores),
    the draw favours it; when it must draw tile after tile, it does not."""
    rules = Rules(players=2, hand_size=3)
    hands = [["5-5", "5-2", "6-1"], ["4-3", "0-0", "3-3"]]
    rest = [t for t in ALL_TILES if t not in {*hands[0], *hands[1]}]

    def luck_when_drawn_first(first: list[str]) -> float:
        match = Match(rules)
        boneyard = first + [t for t in rest if t not in first]
        match.start_hand(Deal.from_text(hands, boneyard=boneyard, leader=0))
        match.play(Move.parse("5-5"))
        (draws,) = luck_of_hand(match, 1, random.Random(2), samples=300)[1:]
        return draws.favour[1]

    assert luck_when_drawn_first(["5-0"]) > 0
    assert luck_when_drawn_first(["1-0", "2-0", "2-1", "4-0", "4-1", "4-2", "6-0", "6-2", "6-3", "5-3"]) < 0


def test_a_review_carries_each_hands_luck_and_its_sum() -> None:
    judged = review(EXAMPLE_RECORD, samples=20, seed=3)
    (hand,) = judged.hands
    assert hand.luck[0].seat is None, "the deal first"
    assert hand.luck_of(0) == pytest.approx(sum(e.favour[0] for e in hand.luck), abs=0.01)
    assert review(EXAMPLE_RECORD, samples=20, seed=3, luck=False).hands[0].luck == ()


def test_a_review_runs_in_small_steps_that_say_how_far_it_is() -> None:
    """The page runs a review a slice at a time: many steps (a sampled deal,
    a few playouts each), the progress never going back, up to every task
    (each decision, and each hand's luck)."""
    steps = review_steps(EXAMPLE_RECORD, samples=30, seed=1)
    progress = []
    while True:
        try:
            progress.append(next(steps))
        except StopIteration as stop:
            result = stop.value
            break
    totals = {total for _done, total in progress}
    assert totals == {len(result.judgements()) + len(result.hands)}
    dones = [done for done, _total in progress]
    assert dones == sorted(dones)
    assert len(progress) >= 30 * len(result.judgements()), "a step a sampled deal"


def test_a_review_of_one_hand_is_that_hand_alone() -> None:
    """The game reviews the hand just ended: its decisions and its luck, no other's."""
    with open("tests/golden/saved_game.json", encoding="utf-8") as file:
        text = file.read()
    judged = review(text, hands=(2,), samples=20, seed=1)
    assert [hand.number for hand in judged.hands] == [2]
    assert {j.hand for j in judged.judgements()} == {2}
    assert judged.hands[0].luck[0].hand == 2
    whole = review(text, samples=20, seed=1)
    assert judged.judgements() == tuple(j for j in whole.judgements() if j.hand == 2)


def long_hands() -> dict[str, Any]:
    """Three hands of three players, the second 25 moves long with seven
    runs of draws, and their reviews as the review gave them before it read
    its record once (tests/golden/review_of_long_hands.json)."""
    with open("tests/golden/review_of_long_hands.json", encoding="utf-8") as file:
        golden: dict[str, Any] = json.load(file)
    return golden


def test_a_review_of_long_hands_gives_the_figures_it_always_gave() -> None:
    """Every decision's values and grade, and every chance event's luck, of
    the whole match and of one seat in one hand."""
    golden = long_hands()
    for kept in golden["reviews"]:
        judged = review(
            golden["record"], seats=kept["seats"], hands=kept["hands"], samples=kept["samples"], seed=kept["seed"]
        )
        assert json.loads(json.dumps(judged.to_json())) == kept["review"]


def test_a_match_is_reviewed_as_its_record_is() -> None:
    """The game reviews its match as it stands, without writing it out as
    a record and reading it back."""
    golden = long_hands()
    match = record.from_record(golden["record"])
    assert review(match, samples=8, seed=3) == review(golden["record"], samples=8, seed=3)


def test_a_review_plays_each_move_once(monkeypatch: pytest.MonkeyPatch) -> None:
    """A review walks its record (or its match) once, from the first deal
    to the last move: each move is played once, not again for every later
    move it measures the luck of or judges."""
    golden = long_hands()
    match = record.from_record(golden["record"])
    moves = sum(len(hand["moves"]) for hand in golden["record"]["hands"])
    played: list[Move] = []
    real_play = Match.play

    def play(self: Match, move: Move) -> Any:
        played.append(move)
        return real_play(self, move)

    monkeypatch.setattr(Match, "play", play)
    for reviewed in (golden["record"], match):
        played.clear()
        review(reviewed, samples=1, seed=3)
        assert len(played) == moves


# A review kept with its record (meta.review): read back, checked against the record


def test_a_review_read_back_is_the_same_review() -> None:
    reviewed = review(EXAMPLE_RECORD, samples=40, seed=3)
    kept = json.loads(json.dumps(reviewed.to_json()))
    assert read_review(kept, EXAMPLE_RECORD) == reviewed


def test_a_review_of_another_record_is_refused() -> None:
    kept = review(a_missed_ten(), samples=40, seed=1, luck=False).to_json()
    with pytest.raises(ReviewError, match="decision 1 is not a move of this record"):
        read_review(kept, EXAMPLE_RECORD)


def test_a_review_that_says_another_seat_moved_is_refused() -> None:
    kept = review(a_missed_ten(), samples=40, seed=1, luck=False).to_json()
    kept["decisions"][0]["seat"] = 1
    with pytest.raises(ReviewError, match="not a move of this record"):
        read_review(kept, a_missed_ten())


@pytest.mark.parametrize(
    ("damage", "reason"),
    [
        (lambda r: r.pop("hands"), "must list the hands"),
        (lambda r: r.update(samples=0), "its samples and its seed"),
        (lambda r: r.update(decisions="all"), "decisions must be a list"),
        (lambda r: r["decisions"][0].update(played="7-7"), "is not a tile"),
        (lambda r: r["decisions"][0].update(choices=r["decisions"][0]["choices"][:1]), "every move that could"),
        (lambda r: r["decisions"][0]["choices"][0].update(value="ten"), "a choice without a value"),
        (lambda r: r["luck"][0].update(favour=[1.0]), "how much it favoured each side"),
        (lambda r: r["luck"][0].update(hand=9), "a hand the review does not list"),
    ],
)
def test_a_damaged_review_is_refused_in_one_line(damage: Any, reason: str) -> None:
    kept = review(a_missed_ten(), samples=40, seed=1).to_json()
    damage(kept)
    with pytest.raises(ReviewError, match=reason) as refused:
        read_review(kept, a_missed_ten())
    assert "\n" not in str(refused.value)


def test_a_player_who_follows_the_advice_is_graded_best_every_time() -> None:
    """The hint and the review are one advisor: the advice before a move
    and the review's judgement of it after are the same figures, so a seat
    that always plays the advised move never loses a point in its review,
    in the first hand or a later one."""
    rules = Rules(players=2)
    match = Match(rules)
    rng = random.Random(44)
    other = make_player("medium", random.Random(4400))
    advised: list[tuple[int, int, Any]] = []
    while not match.is_over:
        if match.needs_deal:
            if len(match.history) == 2:
                break  # two hands played
            match.deal(rng)
        seat = match.to_move
        assert seat is not None
        view = view_of(match, seat)
        if seat == 0 and len(view.legal_moves) > 1:
            assert match.hand is not None
            advice = finish(advise_steps(view, len(match.hand.moves) + 1, seed=3, samples=20))
            advised.append((view.hand_number, len(match.hand.moves) + 1, advice))
            match.play(advice.best.move)
        else:
            match.play(other.choose(view).move if seat == 1 else view.legal_moves[0])
    judged = review(record.to_record(match), seats=(0,), samples=20, seed=3, luck=False).judgements()
    assert {hand for hand, _n, _a in advised} == {1, 2}, "both hands had decisions to advise on"
    assert [(j.hand, j.move_number) for j in judged] == [(hand, number) for hand, number, _a in advised]
    for judgement, (_hand, _number, advice) in zip(judged, advised, strict=True):
        assert judgement.choices == advice.choices, "the same figures before and after the move"
        assert judgement.played == advice.best.move
        assert judgement.lost == 0
        assert judgement.grade is Grade.BEST
