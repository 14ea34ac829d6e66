"""The coach's review dialog as markup (web/game/coach/words.py) on
CPython: a line for the hand, a graded row per decision with tile names kept
whole, the note on values, Back to the summary and Step through it; in
hot-seat each person's part under their name, stepping through from their
own seat."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from urllib.parse import parse_qs, urlsplit

from helpers import computer_decision
from test_coach_words import judged

from allfives import Rules
from allfives.review import HandReview

from game.coach.words import kept_whole, review_markup
from table.game import Game, GameSetup, SeatSetup
from table.i18n import Translator

EN = Translator("en")
PAGE = "http://127.0.0.1:8000/index.html"


def played_hand(*seats: SeatSetup) -> Game:
    game = Game(GameSetup(Rules(), seats, 1))
    game.start()
    while not game.match.needs_deal:
        if game.person_to_move:
            game.play(game.view(game.to_move).legal_moves[-1])
        else:
            game.play_computer(computer_decision(game))
    return game


def test_a_tile_name_is_never_broken_at_its_hyphen() -> None:
    assert kept_whole("played 6-1. Best: 5-5") == (
        '<span>played <span class="tile-name">6-1</span>. Best: <span class="tile-name">5-5</span></span>'
    )
    assert kept_whole("<b>") == "<span>&lt;b&gt;</span>"


def test_one_persons_review_grades_each_decision_and_steps_through_the_hand() -> None:
    game = played_hand(SeatSetup("You"), SeatSetup("Bo", "easy"))
    reviewed = HandReview(1, (judged("6-1", ("5-5", 16.55), ("6-1", -2.6)),))
    shown = review_markup(EN, game, reviewed, PAGE)
    body = ET.fromstring(f"<div>{shown.body}</div>")
    (row,) = body.findall("ol[@class='review-decisions']/li")
    assert row.get("class") == "review-decision grade-blunder"
    assert (
        "".join(row.itertext())
        == "Blunder Move 3: you played 6-1. Best: 5-5, about 19.2 points more by the end of the hand."
    )
    assert body.findtext("p[@class='review-note']") == EN("review_values")
    assert shown.said == body.findtext("p[@class='review-summary']")
    buttons = ET.fromstring(f"<div>{shown.buttons}</div>")
    back, step = list(buttons)
    assert (back.tag, back.get("value"), back.text) == ("button", "back", EN("back_to_summary"))
    assert (step.tag, step.text, step.get("target")) == ("a", EN("review_step_through"), "_blank")


def test_in_hot_seat_each_person_is_reviewed_under_their_name_and_steps_through_from_their_seat() -> None:
    game = played_hand(SeatSetup("Ann"), SeatSetup("Bo"))
    reviewed = HandReview(1, ())
    shown = review_markup(EN, game, reviewed, PAGE)
    body = ET.fromstring(f"<div>{shown.body}</div>")
    parts = body.findall("section[@class='review-person']")
    assert [part.findtext("h3") for part in parts] == ["Ann", "Bo"]
    seats = [parse_qs(urlsplit(part.find("a").get("href", "")).query)["seat"] for part in parts]  # type: ignore[union-attr]
    assert seats == [["0"], ["1"]]
    assert body.find("p[@class='review-note']") is None, "no decision, no note on values"
    assert [b.tag for b in ET.fromstring(f"<div>{shown.buttons}</div>")] == ["button"]
