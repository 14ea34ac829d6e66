""" "Try it" on CPython (web/replay/trying.py): the reader plays on from a
replay's position against the computer, makes the draws that begin their
turn one tile at a time, is told what to do, and deals the next hand."""

from __future__ import annotations

import pytest
from test_replay import SPINNER, WORDS, record_of

from allfives import TILES, Drew, IllegalMove, Move, Rules, Tile

from replay.frames import frames
from replay.trying import Trying

#: Ben leads 5-5; Ann holds no five and draws from the boneyard until 5-0 fits.
DEALT = {Tile.parse(t) for t in ("1-2", "3-4", "5-5", "6-6", "1-1", "2-2", "5-0")}
BONEYARD = ["1-1", "2-2", "5-0", *(str(t) for t in TILES if t not in DEALT)]
DRAWS = record_of(Rules(hand_size=2), [["1-2", "3-4"], ["5-5", "6-6"]], ["5-5"], leader=1, boneyard=BONEYARD)


def test_the_draws_that_begin_the_readers_turn_are_the_readers_to_make_one_at_a_time() -> None:
    trying = Trying.begin(DRAWS, frames(DRAWS)[1], 0, WORDS)
    held = trying.undrawn
    assert [str(d.tile) for d in held] == ["1-1", "2-2", "5-0"]
    hand, sizes, boneyard = trying.hand(trying.game.view(0))
    assert sorted(str(t) for t in hand) == ["2-1", "4-3"], "the tiles still to draw are not in the hand yet"
    assert sizes == [2, 1]
    assert boneyard == len(BONEYARD), "they are still in the boneyard"
    assert not any(isinstance(e, Drew) for e in trying.said), "nor in what the last move is said to have done"
    assert trying.prompt(WORDS, trying.game.view(trying.seat), None) == WORDS("embed_must_draw")
    for left in range(len(held) - 1, -1, -1):
        assert trying.draw()
        assert len(trying.undrawn) == left
    assert not trying.draw(), "nothing left to draw"
    hand, sizes, _ = trying.hand(trying.game.view(0))
    assert "5-0" in [str(t) for t in hand]
    assert sizes == [5, 1]
    assert trying.prompt(WORDS, trying.game.view(trying.seat), None) == WORDS("embed_your_turn")
    assert trying.prompt(WORDS, trying.game.view(trying.seat), Move.parse("5-0").tile) == WORDS(
        "embed_choose_end", tile="5-0"
    )


def test_a_move_the_rules_refuse_changes_nothing() -> None:
    trying = Trying.begin(SPINNER, frames(SPINNER)[2], 0, WORDS)  # Ann to play 5-2 or 5-4
    before = (list(trying.events), trying.undrawn, trying.game.save_text())
    with pytest.raises(IllegalMove):
        trying.play(Move.parse("5-2 N"))  # the spinner's North opens only once both sides are covered
    assert (list(trying.events), trying.undrawn, trying.game.save_text()) == before
    trying.play(Move.parse("5-2 W"))
    assert trying.game.computer_to_move
    assert trying.prompt(WORDS, trying.game.view(trying.seat), None) == WORDS("embed_thinking", name="Ben")


def test_at_a_hands_end_the_reader_deals_the_next_hand() -> None:
    trying = Trying.begin(SPINNER, frames(SPINNER)[-2], 0, WORDS)
    assert not trying.next_hand_ready
    trying.play(Move.parse("5-4 S"))  # Ann's last tile: the hand is over
    assert trying.next_hand_ready
    assert trying.prompt(WORDS, trying.game.view(trying.seat), None) == WORDS("embed_hand_over")
    assert trying.next_hand()
    assert not trying.next_hand_ready
    assert not trying.next_hand(), "one deal at a time"
    assert len(trying.game.match.hands) == 2
