"""The playout policy distilled from Expert's choices (tools/experiments/distill.py)
and the rollout's ``"learned"`` rule that plays it: legal moves, the move its
weights rank first, the engine's own scores, the features the fit sees."""

from __future__ import annotations

import random

import pytest

from allfives import Deal, HandState, Rules
from allfives.players import distilled
from allfives.players.rollout import FEATURES, Learned, rollout
from tools.experiments import distill
from tools.experiments.distill import load_weights, state_features

WEIGHTS = (0.2, -0.15, 0.2, 0.8, -0.5, 1.0)
RULES = (Rules(), Rules(players=4), Rules(players=3), Rules(hand_size=3))


def _dealt(rules: Rules, seed: int) -> HandState:
    deal = Deal.shuffle(rules, random.Random(seed))
    return HandState(rules, deal.hands, deal.boneyard, deal.leader if deal.leader is not None else 0)


def _value(row: tuple[float, ...], weights: tuple[float, ...]) -> float:
    return sum(w * x for w, x in zip(weights, row, strict=True))


@pytest.mark.parametrize("rules", RULES, ids=str)
def test_a_learned_rollout_plays_the_move_its_weights_rank_first_to_the_engines_end(rules: Rules) -> None:
    for seed in range(40):
        state = _dealt(rules, seed)
        trace: list = []  # type: ignore[type-arg]
        outcome = rollout(state, "learned", trace=trace, weights=WEIGHTS)
        assert not state.moves
        for move in trace:
            assert move in state.legal_moves()
            if state.layout.lead is not None:
                rows = state_features(state)
                assert {m for m, _ in rows} == set(state.legal_moves())
                best = max(_value(r, WEIGHTS) for _, r in rows)
                chosen = next(r for m, r in rows if m == move)
                assert _value(chosen, WEIGHTS) == pytest.approx(best)
            state.apply(move)
        assert outcome == (tuple(state.scores), state.winner, state.reason, state.out)


@pytest.mark.parametrize("rules", RULES, ids=str)
def test_a_side_learned_rollout_plays_the_learned_rule_for_the_side_to_move_and_easys_for_the_others(
    rules: Rules,
) -> None:
    for seed in range(40):
        state = _dealt(rules, seed)
        state.apply(state.legal_moves()[0])  # the lead is Easy's rule in both
        side = state.sides[state.to_move]
        trace: list = []  # type: ignore[type-arg]
        outcome = rollout(state, "side-learned", trace=trace, weights=WEIGHTS)
        for move in trace:
            # What each rule would play here, as the first move of its own rollout.
            learned: list = []  # type: ignore[type-arg]
            greedy: list = []  # type: ignore[type-arg]
            rollout(state, "learned", trace=learned, weights=WEIGHTS)
            rollout(state, "greedy", trace=greedy)
            assert move == (learned[0] if state.sides[state.to_move] == side else greedy[0])
            state.apply(move)
        assert outcome == (tuple(state.scores), state.winner, state.reason, state.out)


def test_weights_on_the_points_alone_play_as_easy() -> None:
    points_only = tuple(1.0 if name == "points" else 0.0 for name in FEATURES)
    for seed in range(60):
        state = _dealt(Rules(), seed)
        assert rollout(state, "learned", weights=points_only) == rollout(state, "greedy")


def test_a_learned_rollout_needs_a_weight_per_feature() -> None:
    with pytest.raises(ValueError, match="weights"):
        rollout(_dealt(Rules(), 1), "learned")
    with pytest.raises(ValueError, match="weights"):
        rollout(_dealt(Rules(), 1), "learned", weights=(1.0,))


def test_the_features_say_what_the_move_does() -> None:
    state = _dealt(Rules(hand_size=3), 2)
    state.apply(state.legal_moves()[0])
    for move, (points, danger, pips, double, stuck, fits) in state_features(state):
        assert points == state.points_for(move)
        assert pips == move.tile.pips / 10
        assert double == (1.0 if move.tile.is_double else 0.0)
        assert danger >= 0
        assert stuck in (0.0, 1.0)
        assert 0.0 <= fits <= 1.0
        assert (stuck == 1.0) == (fits == 0.0 and len(state.hands[state.to_move]) > 1)


def test_the_committed_weights_load_one_per_feature_and_play_as_the_learned_rule() -> None:
    weights = load_weights()
    assert len(weights) == len(FEATURES) == len(distilled.PLAYOUT_WEIGHTS)
    for seed in range(20):
        state = _dealt(Rules(), seed)
        move = state.legal_moves()[0]
        played = Learned(distilled.PLAYOUT_WEIGHTS)(state, move)
        assert played == rollout(state, "learned", first=move, weights=weights)
        assert not state.moves  # the sampled deal is left as it was


def test_a_learned_playout_needs_a_weight_for_each_feature_by_name() -> None:
    with pytest.raises(ValueError, match="kept fits"):
        Learned({"points": 1.0})
    with pytest.raises(ValueError, match="one weight for each"):
        Learned({**distilled.PLAYOUT_WEIGHTS, "luck": 1.0})


def test_the_committed_data_module_is_what_the_script_writes() -> None:
    text = distill.module_text(distilled.COMMAND, distilled.TRAINING, distilled.PLAYOUT_WEIGHTS)
    assert text == distill.WEIGHTS_FILE.read_text()


def test_the_script_fits_expert_choices_and_writes_the_weights(tmp_path, capsys) -> None:  # type: ignore[no-untyped-def]
    out = tmp_path / "distilled.py"
    assert distill.main(["--hands", "2", "--deals", "8", "--out", str(out)]) == 0
    written: dict[str, object] = {}
    exec(compile(out.read_text(), str(out), "exec"), written)
    weights = written["PLAYOUT_WEIGHTS"]
    assert isinstance(weights, dict)
    assert list(weights) == list(FEATURES)
    assert written["COMMAND"] == "python -m tools.experiments.distill --hands 2 --deals 8 --out " + str(out)
    assert '"choices"' in capsys.readouterr().out
    Learned(weights)  # it plays


def test_the_cost_is_the_learned_rollouts_time_over_the_greedy_ones() -> None:
    # The clock as read: greedy from 0 to 2, learned from 10 to 15.
    readings = iter([0.0, 2.0, 10.0, 15.0])
    assert distill.cost_ratio(WEIGHTS, hands=3, clock=lambda: next(readings)) == 2.5


def test_the_learned_player_plays_the_move_its_weights_rank_first() -> None:
    from helpers import my_view, positions

    from tools.experiments.distill import LearnedPlayer, features_on

    player = LearnedPlayer(random.Random(1), WEIGHTS)
    checked = 0
    for match in positions(Rules(), 40, seed=4):
        view = my_view(match)
        move = player.choose(view).move
        assert move in view.legal_moves
        if view.layout.lead is not None and len(view.legal_moves) > 1:
            rows = features_on(view.layout, view.hand, view.hand_sizes[1 - view.seat])
            best = max(_value(r, WEIGHTS) for _, r in rows)
            assert _value(next(r for m, r in rows if m == move), WEIGHTS) == pytest.approx(best)
            checked += 1
    assert checked >= 10
