"""The experiments' players (tools/arena_variants.py): Expert with one setting
changed, and one that peeks, to measure what perfect inference is worth."""

from __future__ import annotations

import argparse
import importlib.util
import random
import sys
from pathlib import Path
from types import ModuleType

import pytest

from allfives import arena
from allfives.match import Match
from allfives.players.knowledge import Knowledge
from allfives.rules import Rules

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(scope="module")
def variants() -> ModuleType:
    spec = importlib.util.spec_from_file_location("arena_variants", ROOT / "tools" / "arena_variants.py")
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["arena_variants"] = module
    spec.loader.exec_module(module)
    return module


def _by_index(tiles: list) -> list[int]:  # type: ignore[type-arg]
    return sorted(t.index for t in tiles)


def test_the_peeking_expert_sees_every_hand_and_guesses_only_the_boneyards_order(variants: ModuleType) -> None:
    match = Match(Rules())
    match.deal(random.Random(3))
    hand = match.hand
    assert hand is not None
    assert match.to_move is not None
    view = variants._watched_view_of(match, match.to_move)
    know = variants.PeekingExpert(random.Random(1))._knowledge(view)
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


def test_the_late_peeking_expert_guesses_until_four_tiles_are_down(variants: ModuleType) -> None:
    match = Match(Rules())
    match.deal(random.Random(3))
    hand = match.hand
    assert hand is not None
    player = variants.LatePeekingExpert(random.Random(1))
    while len(match.hand.layout.tiles()) < 4:  # type: ignore[union-attr]
        assert match.to_move is not None
        view = variants._watched_view_of(match, match.to_move)
        assert isinstance(player._knowledge(view), Knowledge)
        match.play(match.legal_moves()[0])
    assert match.to_move is not None
    view = variants._watched_view_of(match, match.to_move)
    assert player._knowledge(view).sample(random.Random(1)).hands == hand.hands


def test_the_shared_reference_shares_its_playouts_among_the_moves(variants: ModuleType) -> None:
    match = Match(Rules())
    match.deal(random.Random(3))
    assert match.to_move is not None
    view = variants._watched_view_of(match, match.to_move)
    decision = variants.make_player("reference-shared", 1).choose(view)
    assert decision.reason.params["simulations"] == 300 // len(view.legal_moves)


@pytest.mark.parametrize(
    "name",
    [
        "expert-wary",
        "expert-uniform",
        "expert-side-wary",
        "expert-choices",
        "expert-read",
        "expert-peek",
        "expert-peek-late",
        "reference-shared",
    ],
)
def test_each_variant_plays_a_deal_pair_in_the_arena(
    variants: ModuleType, name: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(arena, "make_player", variants.make_player)
    monkeypatch.setattr(arena, "view_of", variants._watched_view_of)
    parser = argparse.ArgumentParser()
    arena.add_arguments(parser, extra_players=tuple(variants.VARIANTS))
    args = parser.parse_args([name, "easy", "--deals", "1", "--hand-size", "5", "--budget-ms", "20"])
    assert arena.run(args) == 0
    out = capsys.readouterr().out
    assert f"margin per hand ({name} - easy)" in out
