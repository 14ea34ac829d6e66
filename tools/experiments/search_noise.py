"""How much Expert loses to sampling noise, judged by its own model.

    python -m tools.experiments.search_noise --positions 120 --oracle 4000 --deals 400,800,2400 [--players 4]

Takes positions from seeded hands of Easy against Easy, or of Easy's teams
with ``--players 4`` (a third of the turns with a choice, leaving out those
Expert solves exactly), values every legal
move there on ``--oracle`` sampled deals (Easy's playouts, each deal
weighed by the inference from play, every move on the same deals: Expert's
model with many more samples), then lets Expert choose with each cap of
``--deals`` (two seeds each, no clock) and the reference level choose once.
A choice loses the oracle's value of the best move less the value of the
move chosen; the mean loss per decision is what more samples could win.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys

from allfives import Deal, Match, Rules
from allfives.players import REFERENCE, make_player
from allfives.players.expert import ENDGAME_TILES, Expert
from allfives.players.knowledge import Knowledge
from allfives.players.search import margin, play_out
from allfives.players.simple import greedy_move
from allfives.view import SeatView, view_of


def positions(count: int, players: int) -> list[SeatView]:
    rules = Rules(players=players)
    easy = make_player("easy", 1)
    found: list[SeatView] = []
    number = 0
    while len(found) < count:
        match = Match(rules)
        match.start_hand(Deal.shuffle(rules, random.Random(f"noise:{number}")))
        pick = random.Random(f"noise-pick:{number}")
        number += 1
        while match.to_move is not None:
            view = view_of(match, match.to_move)
            exact = view.boneyard_size == 0 and sum(view.hand_sizes) <= ENDGAME_TILES
            if len(view.legal_moves) > 1 and not exact and pick.random() < 1 / 3:
                found.append(view)
            match.play(easy.choose(view).move)
    return found[:count]


def oracle(view: SeatView, deals: int, seed: int) -> list[float]:
    """Each legal move's mean margin over ``deals`` weighed sampled deals."""
    know = Knowledge.from_view(view)
    rng = random.Random(seed)
    moves = view.legal_moves
    totals = [0.0] * len(moves)
    weights = 0.0
    for _ in range(deals):
        deal = know.sample(rng)
        weight = know.likelihood(deal)
        weights += weight
        before = tuple(deal.scores)
        for i, move in enumerate(moves):
            totals[i] += weight * margin(before, play_out(deal, greedy_move, move), view.side)
    return [t / weights for t in totals]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--positions", type=int, default=120)
    parser.add_argument("--oracle", type=int, default=4000, help="sampled deals for the oracle's values")
    parser.add_argument("--deals", default="400,800,2400", help="Expert's caps to try, comma-separated")
    parser.add_argument("--players", type=int, choices=(2, 4), default=2)
    args = parser.parse_args()
    caps = [int(c) for c in args.deals.split(",")]
    names = [f"expert, {c} deals" for c in caps] + [REFERENCE]
    losses: dict[str, list[float]] = {name: [] for name in names}
    for k, view in enumerate(positions(args.positions, args.players)):
        values = oracle(view, args.oracle, k)
        best = max(values)
        moves = list(view.legal_moves)
        for cap in caps:
            for seed in (0, 1):
                chosen = (
                    Expert(random.Random(1000 * k + seed), budget_ms=None, deals=cap, partner_deals=cap, learned=False)
                    .choose(view)
                    .move
                )
                losses[f"expert, {cap} deals"].append(best - values[moves.index(chosen)])
        chosen = make_player(REFERENCE, random.Random(k)).choose(view).move
        losses[REFERENCE].append(best - values[moves.index(chosen)])
    print(f"{args.positions} positions, {args.players} players, oracle of {args.oracle} sampled deals")
    for name, lost in losses.items():
        worse = sum(v > 1e-9 for v in lost)
        print(
            f"{name:20} mean loss per decision {statistics.fmean(lost):.3f} points; not the best {worse} of {len(lost)}"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
