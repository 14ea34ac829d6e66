"""The coach's marks in the replay (web/replay/marks.py), on CPython: a record
that keeps its review shows each decision's grade and the best move, a line
per hand, the key moments and the margin graph; a damaged review is left
out with a line saying so, and the replay goes on."""

from dataclasses import replace
from typing import Any

from helpers import EXAMPLE_RECORD

from allfives import Deal, Match, Move, Rules, record
from allfives.review import review

from replay.frames import ReaderTranslator, frames, seat_names
from replay.marks import Marks

EN = ReaderTranslator("en")


def annotated(data: dict[str, Any], names: tuple[str, ...] = ("Ann", "Bo")) -> dict[str, Any]:
    seats = [{"name": name} for name in names]
    return {**data, "meta": {"setup": {"seats": seats}, "review": review(data, samples=60, seed=1).to_json()}}


def marks_of(data: dict[str, Any]) -> Marks:
    rules = Rules.from_json(data["rules"])
    return Marks(data, frames(data), EN, seat_names(data, rules.players, EN), rules)


def a_missed_ten() -> dict[str, Any]:
    """Ann leads 6-1 holding 5-5, which would have scored ten at once."""
    match = Match(Rules(players=2, hand_size=3))
    match.start_hand(Deal.from_text([["5-5", "5-2", "6-1"], ["5-0", "3-3", "6-6"]], leader=0))
    match.play(Move.parse("6-1"))
    match.play(Move.parse("6-6 W"))
    return record.to_record(match)


def test_a_blunder_is_marked_with_the_best_move_on_the_table_as_it_would_have_been() -> None:
    marks = marks_of(annotated(a_missed_ten()))
    mark = marks.at(1)
    assert mark is not None
    assert (mark.grade, mark.grade_word) == ("blunder", "Blunder")
    assert mark.text.startswith("Ann played 6-1. Best: 5-5, about ")
    assert mark.text.endswith(" points more by the end of the hand.")
    assert mark.best == Move.parse("5-5")
    assert mark.best_layout is not None
    assert [str(t) for t in mark.best_layout.tiles()] == ["5-5"]
    assert mark.best_text == "On the table now: the best move, 5-5."
    assert marks.at(2) is None, "Bo's 6-6 was forced: not a decision"
    assert marks.at(0) is None


def test_the_best_move_played_is_marked_without_another_move() -> None:
    marks = marks_of(annotated(EXAMPLE_RECORD))
    mark = marks.at(1)
    assert mark is not None
    assert mark.grade == "best"
    assert mark.best is None
    assert mark.best_layout is None
    assert mark.text == "Ann played 5-5, the best move."


def test_the_reader_is_told_in_the_second_person() -> None:
    marks = marks_of(annotated(a_missed_ten(), names=("You", "Bo")))
    mark = marks.at(1)
    assert mark is not None
    assert mark.text.startswith("You played 6-1. Best: 5-5")


def test_the_key_moments_are_the_costly_decisions_to_jump_to() -> None:
    marks = marks_of(annotated(a_missed_ten()))
    (moment,) = marks.moments()
    assert moment.position == 1
    assert moment.text.startswith("Hand 1, move 1 (Ann): Blunder, ")
    assert moment.text.endswith(" points lost")
    example = marks_of(annotated(EXAMPLE_RECORD))
    assert [m.text.split(",")[:2] for m in example.moments()] == [["Hand 1", " move 2 (Bo): Mistake"]], (
        "Ann's two moves were best"
    )


def test_each_hand_has_a_line_per_player_and_its_luck() -> None:
    lines = marks_of(annotated(a_missed_ten())).hand_lines(1)
    assert lines[0].startswith("Ann: 1 decision, ")
    assert lines[-1].startswith("The deal and the draws favoured")


def test_the_margin_graph_says_its_values() -> None:
    marks = marks_of(annotated(EXAMPLE_RECORD))
    graph = marks.graph(1, 0)
    assert graph.startswith('<svg class="margin-graph"')
    assert "<polyline" in graph
    assert 'aria-label="Expected margin of Ann at each decision of hand 1: +' in graph
    assert graph.count("<circle") == 2, "Ann's two decisions"
    assert marks.graph(1, 1) == "", "Bo made one decision: no line to draw"


def test_a_record_without_a_review_has_no_marks_and_no_complaint() -> None:
    marks = marks_of(dict(EXAMPLE_RECORD))
    assert not marks.shown
    assert marks.problem is None
    assert marks.at(1) is None
    assert marks.moments() == []
    assert marks.hand_lines(1) == []


def test_a_review_of_another_game_is_left_out_with_a_line_saying_so() -> None:
    data = annotated(a_missed_ten())
    data = {**EXAMPLE_RECORD, "meta": data["meta"]}
    marks = marks_of(data)
    assert not marks.shown
    assert marks.problem == "This game's review could not be read, so the game is shown without it."
    assert marks.at(1) is None
    assert marks.moments() == []


def test_a_player_without_a_choice_in_a_hand_is_told_so_by_name() -> None:
    """Ann chose in the first hand only: in the second, she is said to have had no choice."""
    marks = marks_of(annotated(a_missed_ten()))
    assert marks.review is not None
    reviewed = marks.review.hands[0]
    assert marks.hand_line(replace(reviewed, judgements=()), 0) == (
        "Ann had no choice to make in this hand: every move was forced."
    )


def test_a_review_without_a_decision_says_nobody_had_a_choice() -> None:
    data = a_missed_ten()
    kept = review(data, samples=20, seed=1, seats=(1,)).to_json()
    lines = marks_of({**data, "meta": {"review": kept}}).hand_lines(1)
    assert lines[0] == "Nobody had a choice to make here: every move was forced."


def test_the_review_panel_shows_the_grade_the_toggle_and_the_moment_where_the_reader_is() -> None:
    from xml.etree import ElementTree as ET

    from replay.review_panel import review_markup

    data = annotated(a_missed_ten())
    marks = marks_of(data)
    shown = frames(data)

    def panel(move: int, *, show_best: bool = False) -> ET.Element:
        markup = review_markup(
            marks, shown[move], marks.at(move), seat=0, names=["Ann", "Bo"], words=EN, show_best=show_best
        )
        return ET.fromstring(f"<section>{markup}</section>")

    at_blunder = panel(1)
    said = at_blunder.find("p[@id='mark']")
    assert said is not None
    assert "".join(said.itertext()).startswith("Blunder Ann played 6-1. Best: 5-5")
    toggle = at_blunder.find("button[@id='best-toggle']")
    assert toggle is not None
    assert (toggle.text, toggle.get("aria-pressed"), toggle.get("hidden")) == ("Show the best move", "false", None)
    (moment,) = at_blunder.iter("li")
    button = moment.find("button")
    assert button is not None
    assert (button.get("data-action"), button.get("data-move"), button.get("aria-current")) == ("moment", "1", "true")
    # The best move shown: the toggle says how to go back, the mark says what is on the table.
    best = panel(1, show_best=True)
    toggle = best.find("button[@id='best-toggle']")
    assert toggle is not None
    assert toggle.get("aria-pressed") == "true"
    said = best.find("p[@id='mark']")
    assert said is not None
    assert "".join(said.itertext()).endswith("On the table now: the best move, 5-5.")
    # A forced move: no grade, no toggle; the moment is elsewhere.
    forced = panel(2)
    toggle = forced.find("button[@id='best-toggle']")
    assert toggle is not None
    assert toggle.get("hidden") is not None
    button = next(forced.iter("li")).find("button")
    assert button is not None
    assert button.get("aria-current") == "false"
