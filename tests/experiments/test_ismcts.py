"""The information-set Monte Carlo tree search (tools/experiments/ismcts.py)."""

from __future__ import annotations

import random

from helpers import my_view, positions

from allfives import Rules
from tools.experiments.ismcts import TreeSearch


def test_expert_tree_search_plays_legal_moves() -> None:
    for number, match in enumerate(positions(Rules(players=4), 6, seed=12)):
        view = my_view(match)
        decision = TreeSearch(random.Random(number), iterations=40, budget_ms=None).choose(view)
        assert decision.move in view.legal_moves
