"""The weights of Expert's two-player playout policy, distilled from
Expert's own choices (docs/ai.md, "What a better evaluator could win").

Each playout move is the one with the highest sum of these weights times its
:data:`~allfives.players.rollout.FEATURES`. The file is data: it is written
by ``python -m tools.experiments.distill`` (the command below), not by hand,
and is a Python module so that the page packs, precompiles and snapshots it
with the rest of the engine.
"""

from __future__ import annotations

__all__ = ["COMMAND", "PLAYOUT_WEIGHTS", "TRAINING"]

COMMAND = "python -m tools.experiments.distill --hands 60 --seed 1 --deals 200"
"""How these weights were made."""

TRAINING = {"choices": 885, "log_likelihood_per_choice": -0.9414, "chose_a_top_scoring_move": 0.8859}
"""What the fit saw: Expert's choices, and how well the weights explain them."""

PLAYOUT_WEIGHTS = {
    "points": 0.2055,
    "danger": -0.2159,
    "pips": 0.1634,
    "double": 0.7547,
    "stuck": -0.1987,
    "kept fits": 1.2814,
}
"""One weight per feature, by the feature's name."""
