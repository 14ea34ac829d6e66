"""What the coach says (web/table/coach_words.py) on CPython: a line for the
hand, a line for its luck, a row for each decision, in the player's words."""

import itertools
import re

import pytest
from helpers import computer_decision, run_apart

from allfives import Move, Rules
from allfives.review import GRADE_NAMES, Advice, Choice, Grade, HandReview, Judgement, Luck, review

from table.coach_words import decision_row, hand_summary, hint_words, luck_line, points
from table.game import Game, GameSetup, SeatSetup, think
from table.i18n import LANGUAGES, Translator

EN = Translator("en")
DE = Translator("de")


def judged(played: str, *values: tuple[str, float], number: int = 3) -> Judgement:
    choices = tuple(Choice(Move.parse(move), value) for move, value in values)
    return Judgement(1, number, 0, Move.parse(played), choices, 200, exact=False)


def a_game() -> Game:
    return Game(GameSetup(Rules(), (SeatSetup("You"), SeatSetup("Bo", "easy")), 1))


@pytest.mark.parametrize(
    ("value", "shown"), [(16.55, "+16.6"), (-2.4, "-2.4"), (0.04, "0"), (5.0, "+5"), (-10.0, "-10")]
)
def test_points_are_signed_to_a_tenth(value: float, shown: str) -> None:
    assert points(EN, value) == shown


def test_a_missed_score_reads_as_what_was_played_what_was_best_and_what_it_cost() -> None:
    row = decision_row(EN, judged("6-1", ("5-5", 16.55), ("6-1", -2.6)))
    assert row.text == "Move 3: you played 6-1. Best: 5-5, about 19.2 points more by the end of the hand."
    assert (row.grade, row.grade_word) == ("blunder", "Blunder")


def test_the_best_move_is_said_to_be_the_best() -> None:
    row = decision_row(EN, judged("5-2 W", ("5-2 W", 8.0), ("5-2 E", 7.5)))
    assert row.text == "Move 3: you played 5-2 on the West end, the best move."
    assert row.grade == "best"


def test_in_german() -> None:
    row = decision_row(DE, judged("6-1", ("5-5", 16.55), ("6-1", -2.6)))
    assert row.text == "Zug 3: Du hast 6-1 gespielt. Am besten: 5-5, bis zum Ende der Runde etwa 19,2 Punkte mehr."
    assert row.grade_word == "Grober Fehler"


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_row_never_says_a_word_twice_in_a_row(language: str) -> None:
    """The review shows each row after its grade's word: German once read
    "Bester Zug Zug 11: ..." (the grade said "move", and so does the row)."""
    t = Translator(language)
    row = decision_row(t, judged("6-1", ("5-5", 16.55), ("6-1", -2.6), number=11))
    for grade in GRADE_NAMES:
        shown = f"{t('grade_' + grade)} {row.text}"
        said = [word.casefold() for word in re.findall(r"[^\W\d_]+", shown)]
        twice = [word for word, after in itertools.pairwise(said) if word == after]
        assert not twice, f"{shown!r} says {twice[0]!r} twice"


def advice(*values: tuple[str, float]) -> Advice:
    return Advice(0, tuple(Choice(Move.parse(move), value) for move, value in values), 200, exact=False)


def test_the_hint_says_what_its_move_gains_in_the_review_s_words() -> None:
    """The hint names its move and what it is worth against the next best,
    in the figure and the words the review uses for points lost."""
    hint = hint_words(EN, advice(("2-2 E", 6.0), ("4-2 E", 1.4), ("4-2 W", -3.0)))
    assert hint == (
        "Hint: play 2-2 on the East end: about 4.6 points more by the end of the hand"
        " than 4-2 on the East end, the next best."
    )
    row = decision_row(EN, judged("4-2 E", ("2-2 E", 6.0), ("4-2 E", 1.4), ("4-2 W", -3.0)))
    assert row.text.endswith("Best: 2-2 on the East end, about 4.6 points more by the end of the hand.")


def test_moves_the_judge_cannot_tell_apart_are_about_as_good() -> None:
    assert hint_words(EN, advice(("2-2 E", 6.0), ("4-2 E", 5.2))) == (
        "Hint: play 2-2 on the East end; 4-2 on the East end is about as good."
    )
    assert hint_words(EN, advice(("6-1", 0.0))) == "Hint: play 6-1, the only move you can make."
    assert hint_words(DE, advice(("2-2 E", 6.0), ("4-2 E", 5.2))).startswith("Tipp: Lege 2-2 ")


def test_a_hand_in_one_line_counts_each_grade() -> None:
    hand = HandReview(
        1,
        (
            judged("5-5", ("5-5", 10.0), ("6-1", 1.0), number=1),
            judged("6-1", ("5-2", 9.0), ("6-1", 1.0), number=3),
            judged("6-4", ("6-0", 9.0), ("6-4", 1.0), number=5),
        ),
    )
    assert hand_summary(EN, hand, 0) == "3 decisions, 16 points lost in all: 1 best move and 2 mistakes."
    assert hand_summary(EN, HandReview(1, ()), 0) == ("You had no choice to make in this hand: every move was forced.")


SIDES = ("You", "Bo")


def test_luck_is_said_to_whom_it_favoured() -> None:
    lucky = HandReview(1, (), (Luck(1, 0, None, (), (12.4, -12.4)),))
    unlucky = HandReview(1, (), (Luck(1, 0, None, (), (-3.0, 3.0)), Luck(1, 4, 1, (), (-6.0, 6.0))))
    even = HandReview(1, (), (Luck(1, 0, None, (), (1.0, -1.0)),))
    assert luck_line(EN, lucky, SIDES, 0) == "The deal and the draws favoured you by about 12 points."
    assert luck_line(EN, unlucky, SIDES, 0) == "The deal and the draws favoured Bo by about 9 points."
    assert luck_line(EN, even, SIDES, 0) == "The deal and the draws favoured nobody much."


def test_an_onlooker_hears_whom_the_luck_favoured_by_name() -> None:
    """The replay: nobody is "you", so the luckiest side is named."""
    lucky = HandReview(1, (), (Luck(1, 0, None, (), (12.4, -12.4)),))
    even = HandReview(1, (), (Luck(1, 0, None, (), (1.0, -1.0)),))
    assert luck_line(EN, lucky, ("Ann", "Bo"), None) == "The deal and the draws favoured Ann by about 12 points."
    assert luck_line(EN, even, ("Ann", "Bo"), None) == "The deal and the draws favoured nobody much."


def test_the_game_reviews_the_hand_just_ended_in_slices() -> None:
    """The page's review: the person's decisions in the hand, run as the
    computer's thinking runs, its progress rising to the end."""
    game = a_game()
    game.start()
    while not game.match.needs_deal:
        if game.person_to_move:
            game.play(game.view(0).legal_moves[-1])
        else:
            game.play_computer(computer_decision(game))
    reviewing = game.review_of_hand(1)
    seen: list[float] = []

    def still_wanted() -> bool:
        seen.append(reviewing.progress)
        return True

    result = run_apart(think(reviewing, still_wanted, slice_ms=5))
    assert result is not None
    assert seen == sorted(seen)
    assert reviewing.progress == 1.0
    assert {j.seat for j in result.judgements()} <= {0}
    assert [h.number for h in result.hands] == [1]
    expected = review(game.to_record(), seats=(0,), hands=(1,))
    assert result.judgements() == expected.judgements()


def test_the_page_s_hint_is_the_move_its_review_grades_best() -> None:
    """Hint and Review are one advisor: the hint the page thinks (in slices)
    is the judge's first choice, and the review of the hand, after the
    person played it, grades that move best with the same figures."""
    game = a_game()
    game.start()
    hinted: list[tuple[int, Advice]] = []
    while not game.match.needs_deal:
        if game.person_to_move:
            hand = game.match.hand
            assert hand is not None
            advice_now = run_apart(think(game.hint_thinking(), lambda: True, slice_ms=5))
            assert advice_now is not None
            if len(advice_now.choices) > 1:
                hinted.append((len(hand.moves) + 1, advice_now))
            game.play(advice_now.best.move)
        else:
            game.play_computer(computer_decision(game))
    reviewed = run_apart(think(game.review_of_hand(1), lambda: True, slice_ms=5))
    assert reviewed is not None
    assert hinted, "the person had choices to make"
    judged = reviewed.judgements(0)
    assert [(j.move_number, j.choices) for j in judged] == [(n, a.choices) for n, a in hinted]
    assert all(j.grade is Grade.BEST and j.lost == 0 for j in judged)
