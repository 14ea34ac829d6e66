"""A refused record in a player's words (web/table/refusal.py): the engine's
precise line for developers ("seat 0's hand") becomes the page's ("player 1's
hand"), in every language, and a reason it does not know is told as a
damaged record, never in the engine's English."""

from __future__ import annotations

import copy
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from allfives import Deal, Match, Move, Rules
from allfives.record import RecordError, from_record, loads, to_record

from replay.frames import Words
from table.i18n import LANGUAGES, Translator
from table.refusal import reason

EN = Translator("en")


def _record() -> dict[str, Any]:
    match = Match(Rules(hand_size=3))
    match.start_hand(Deal.from_text([["5-5", "5-2", "5-4"], ["5-3", "5-6", "1-0"]], leader=0))
    match.play(Move.parse("5-5"))
    return to_record(match)


def _refusal(record: object) -> str:
    with pytest.raises(RecordError) as refused:
        from_record(record)
    return str(refused.value)


def _dealt_twice() -> dict[str, Any]:
    record = _record()
    record["hands"][0]["deal"][0][2] = record["hands"][0]["boneyard"][0]
    return record


def _not_held() -> dict[str, Any]:
    record = _record()
    record["hands"][0]["moves"].append("5-2 E")  # Ann's tile, but it is Ben's turn
    return record


def _not_fit() -> dict[str, Any]:
    record = _record()
    record["hands"][0]["moves"].append("1-0 E")
    return record


def _closed_end() -> dict[str, Any]:
    record = _record()
    record["hands"][0]["moves"].append("5-3 N")  # the spinner's North opens once both sides are covered
    return record


BROKEN = {
    "dealt twice": (_dealt_twice, "hand 1: 0-0 is dealt twice: in player 1's hand and in the boneyard"),
    "not held": (_not_held, "hand 1, move 2 (5-2 E): player 2 does not hold 5-2"),
    "fits nowhere": (_not_fit, "hand 1, move 2 (1-0 E): 1-0 does not fit any open end"),
    "end not open": (_closed_end, "hand 1, move 2 (5-3 N): the North end is not open"),
}


@pytest.mark.parametrize("case", sorted(BROKEN))
def test_a_refusal_is_told_in_a_players_words(case: str) -> None:
    make, said = BROKEN[case]
    engine = _refusal(make())
    assert engine != said, "the engine keeps its own precise words"
    assert reason(EN, engine) == said


def test_the_engine_names_seats_from_0_the_page_players_from_1() -> None:
    engine = _refusal(_dealt_twice())
    assert engine == "hand 1: 0-0 is in seat 0's hand and again in the boneyard"


@pytest.mark.parametrize("code", sorted(LANGUAGES))
@pytest.mark.parametrize("case", sorted(BROKEN))
def test_every_language_says_it_in_its_own_words(code: str, case: str) -> None:
    engine = _refusal(BROKEN[case][0]())
    for say in (Translator(code), Words(code)):
        said = reason(say, engine)
        assert "seat" not in said
        assert "why_" not in said, "every key is in the catalogue"
        if code != "en":
            assert said != reason(EN, engine)


def test_a_damaged_record_or_link_is_told_so() -> None:
    with pytest.raises(RecordError) as refused:
        loads("{")
    assert reason(EN, str(refused.value)) == "it is not a game record (it is not JSON)"
    assert reason(EN, "there is no record version 0") == "the record is damaged, or was not made by this game"
    newer = _record() | {"version": 9}
    assert reason(EN, _refusal(newer)) == "it comes from a newer version of All Fives (version 9)"
    assert reason(EN, "this link is damaged: it does not hold a game") == "it is damaged and holds no game"
    wrong = copy.deepcopy(_record())
    wrong["rules"] = {"players": 9}
    assert reason(EN, _refusal(wrong)) == "this game cannot play by the record's rules"


@pytest.mark.parametrize("code", list(LANGUAGES))
@pytest.mark.parametrize("engine", ["this link is damaged: it does not hold a game", "this link is too long"])
def test_a_broken_link_is_told_in_one_sentence_with_one_colon(code: str, engine: str) -> None:
    # "The link could not be opened: the link is damaged: it does not hold
    # a game." said the link twice, with a colon inside a colon.
    t = Translator(code)
    said = t("link_broken", reason=reason(t, engine))
    assert said.count(":") == 1, said


@given(st.text(max_size=200))
def test_any_line_comes_out_as_a_sentence(message: str) -> None:
    said = reason(EN, message)
    assert said
    assert "why_" not in said
