"""The game page's own state as one value (game/state.py), on CPython: what a
new match or an undo resets, what a score card shows, how a move's draws
land, and the header's message that gives way to whose turn it is."""

from __future__ import annotations

import pytest

from allfives import Drew, Move, Tile

from game.state import PageState, Stage
from table.i18n import Translator, Words

TURN = Words("your_turn")


def test_a_new_match_or_an_undo_stops_what_was_under_way_and_shows_the_scores_as_they_are() -> None:
    state = PageState(selected=Tile.parse("5-3"), busy=True, hint_move=Move.parse("5-3"))
    state.counting[0] = 10
    state.notes[1] = Words("note_drew", count=2)
    state.restart([25, 40])
    assert state.generation == 1
    assert (state.selected, state.busy, state.hint_move) == (None, False, None)
    assert state.shown_scores == {0: 25, 1: 40}
    assert state.counting == {}
    assert state.notes == {1: Words("note_drew", count=2)}, "an undo leaves the notes under the opponents"


def test_a_score_card_shows_the_number_counting_up_else_the_last_shown_else_the_score() -> None:
    state = PageState(shown_scores={0: 10})
    assert state.shown_score(0, 25) == 10
    state.counting[0] = 15
    assert state.shown_score(0, 25) == 15
    assert state.shown_score(1, 30) == 30


def test_a_stage_belongs_to_its_generation_and_shows_its_draws_one_at_a_time() -> None:
    draws = (Drew(1, Tile.parse("6-6")), Drew(1, Tile.parse("2-0")))
    state = PageState(generation=3, stage=Stage(3, draws, reveal=False))
    landing = state.landing()
    assert landing is not None
    assert landing.pending == draws
    state.stage = state.stage.drawn()
    assert state.stage == Stage(3, draws[1:], reveal=False)
    state.restart([0, 0])
    assert state.landing() is None, "an undo or a new match shows the match as it is"


def test_a_message_gives_way_after_its_time_unless_a_later_one_replaced_it() -> None:
    state = PageState()
    first = state.post_notice(lasting=False)
    second = state.post_notice(lasting=False)
    assert not state.expire_notice(first)
    assert state.notice == (second, False)
    assert state.expire_notice(second)
    assert state.notice is None


def test_the_next_move_clears_a_message_but_not_a_lasting_one() -> None:
    state = PageState()
    state.post_notice(lasting=True)
    state.clear_notice()
    assert state.notice is not None
    state.post_notice(lasting=False)
    state.clear_notice()
    assert state.notice is None


def test_the_header_says_the_message_that_holds_it_else_the_last_fault_else_whose_turn_it_is() -> None:
    state = PageState()
    assert state.header(TURN) is TURN
    assert state.header(None) is None, "no match, no message: the header is left as it is"
    state.post_notice(lasting=True)
    state.said = state.fault = Words("cannot_save")
    passing = state.post_notice(lasting=False)
    state.said = Words("link_copied")
    assert state.header(TURN) == Words("link_copied")
    assert state.expire_notice(passing)
    assert state.header(TURN) == Words("cannot_save"), "the fault comes back after the passing message"


@pytest.mark.parametrize(
    ("language", "said"), [("en", "drew 3 tiles"), ("de", "hat 3 Steine gezogen"), ("hu", "húzott 3 követ")]
)
def test_a_message_with_parameters_is_kept_as_words_and_said_in_the_language_it_is_drawn_in(
    language: str, said: str
) -> None:
    state = PageState()
    state.post_notice(lasting=False)
    state.said = Words("note_drew", count=3)
    header = state.header(TURN)
    assert header is not None
    assert header(Translator(language)) == said


def test_work_under_way_stops_at_its_own_cancel_or_at_the_next_new_match_or_undo() -> None:
    state = PageState()
    review, duplicate = state.ticket(), state.ticket()
    assert review.live
    assert duplicate.live
    review.cancel()
    assert not review.live
    assert duplicate.live, "one Cancel stops its own work only"
    state.restart([0, 0])  # a new match, or an undo
    assert not duplicate.live
    assert state.ticket().live, "work started after it goes on"
