"""The experiments' players (tools/experiments/variants.py): Expert with one
thing of its own given to its constructor, and one that peeks, to measure
what perfect inference is worth."""

from __future__ import annotations

import random

import pytest
from helpers import my_view, positions

from allfives.match import Match
from allfives.players.knowledge import Knowledge
from allfives.players.search import margin, play_out
from allfives.players.simple import greedy_move
from allfives.rules import Rules
from allfives.view import view_of
from tools.experiments import variants
from tools.experiments.peeking import PEEK_AFTER, Peeking, peek_view_of
from tools.experiments.reply import Answered
from tools.experiments.variants import VARIANTS


def _by_index(tiles: list) -> list[int]:  # type: ignore[type-arg]
    return sorted(t.index for t in tiles)


def test_the_peeking_expert_sees_every_hand_and_guesses_only_the_boneyards_order() -> None:
    match = Match(Rules())
    match.deal(random.Random(3))
    hand = match.hand
    assert hand is not None
    assert match.to_move is not None
    view = peek_view_of(match, match.to_move)
    know = Peeking().knowledge(view)
    orders = set()
    for i in range(20):
        deal = know.sample(random.Random(i))
        assert deal.hands == hand.hands
        assert _by_index(deal.boneyard) == _by_index(hand.boneyard)
        orders.add(tuple(deal.boneyard))
    assert len(orders) > 1
    # An honest seat's samples guess the other hand.
    honest = Knowledge.from_view(view)
    assert any(honest.sample(random.Random(i)).hands != hand.hands for i in range(5))


def test_the_late_peeking_expert_guesses_until_four_tiles_are_down() -> None:
    match = Match(Rules())
    match.deal(random.Random(3))
    hand = match.hand
    assert hand is not None
    player = Peeking(PEEK_AFTER)
    while len(match.hand.layout.tiles()) < 4:  # type: ignore[union-attr]
        assert match.to_move is not None
        view = peek_view_of(match, match.to_move)
        assert isinstance(player.knowledge(view), Knowledge)
        match.play(match.legal_moves()[0])
    assert match.to_move is not None
    view = peek_view_of(match, match.to_move)
    assert player.knowledge(view).sample(random.Random(1)).hands == hand.hands


def test_the_shared_reference_shares_its_playouts_among_the_moves() -> None:
    match = Match(Rules())
    match.deal(random.Random(3))
    assert match.to_move is not None
    view = peek_view_of(match, match.to_move)
    decision = variants.make_player("reference-shared", 1).choose(view)
    assert decision.reason.params["simulations"] == 300 // len(view.legal_moves)


TRIED = (
    "expert-wary",
    "expert-uniform",
    "expert-side-wary",
    "expert-side-learned",
    "expert-reply",
    "expert-choices",
    "expert-read",
    "expert-ismcts",
    "expert-ismcts-cpu",
    "expert-peek",
    "expert-peek-capped",
    "expert-peek-reply",
    "expert-peek-deep",
    "expert-learned",
    "expert-cpu",
    "expert-greedy",
    "learned",
    "expert-peek-late",
    "reference-shared",
)


@pytest.mark.parametrize("name", TRIED)
def test_each_variant_plays_a_deal_pair_in_the_arena(name: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert variants.main([name, "easy", "--deals", "1", "--hand-size", "5", "--budget-ms", "20"]) == 0
    out = capsys.readouterr().out
    assert f"margin per hand ({name} - easy)" in out


def test_every_variant_is_tried_above() -> None:
    assert set(VARIANTS) == set(TRIED)


def test_a_peeking_expert_refuses_an_honest_view() -> None:
    match = Match(Rules())
    match.deal(random.Random(3))
    assert match.to_move is not None
    with pytest.raises(TypeError, match="peek_view_of"):
        Peeking().knowledge(view_of(match, match.to_move))


def test_the_reply_playout_answers_with_the_next_players_best_reply_on_each_deal() -> None:
    answer = Answered(greedy_move)
    checked = 0
    for match in positions(Rules(), 30, seed=91):
        deal = Knowledge.from_view(my_view(match)).sample(random.Random(2))
        for move in deal.legal_moves():
            after = deal.copy()
            after.apply(move)
            if after.is_over or len(after.legal_moves()) < 2:
                continue
            mover = after.sides[after.to_move]
            before = tuple(after.scores)
            outcomes = [margin(before, play_out(after, greedy_move, r), mover) for r in after.legal_moves()]
            answered = answer(deal, move)
            assert margin(before, answered, mover) == max(outcomes)
            checked += 1
    assert checked >= 20
