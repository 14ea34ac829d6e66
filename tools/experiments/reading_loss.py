"""How well each reading of the other player's plays guesses its hand: a
quick measure of inference, in minutes rather than an arena's hour.

    python -m tools.experiments.reading_loss --hands 25 --seed 21 --samples 200

Plays seeded 2-player hands of the reference level against itself and
stops at about a third of the turns with a choice once four tiles are on
the layout. At each, the same sampled deals of the hidden tiles (consistent
with the draws and passes) are weighed by each reading, and each reading's
chance that the other player holds a tile is the weighed share of the deals
in which it does. The log-loss of those chances against the hand it really
holds, per hidden tile, says how well the reading guesses (lower is better;
a player that sees the hand scores 0). It also prints the effective sample
size of each reading's weights, as a share of the deals weighed: how many
distinct hands a search on those deals really rests on. The readings:

* ``uniform``: every consistent deal counts the same;
* ``shipped``: Expert's reading (a deal in which the player passed up a
  bigger score counts a quarter, for each such play);
* ``choices``: the fitted model of how strong players choose (``choices.py``);
* ``read K/L``: the last L plays read by redoing the player's own search on
  K sampled deals (``reading.py``).
"""

from __future__ import annotations

import argparse
import math
import random
import statistics
import sys
import time
from collections.abc import Callable

from allfives import Deal, HandState, Match, Rules, Tile
from allfives.players import REFERENCE, make_player
from allfives.players.knowledge import Knowledge
from allfives.view import SeatView, view_of
from tools.experiments.choices import ChoiceKnowledge
from tools.experiments.reading import PastPlay, chance_of, past_plays


def positions(hands: int, seed: int) -> list[tuple[SeatView, set[Tile]]]:
    rules = Rules()
    out = []
    for number in range(hands):
        match = Match(rules)
        match.start_hand(Deal.shuffle(rules, random.Random(f"reading:{seed}:{number}")))
        players = [make_player(REFERENCE, random.Random(f"reading:{seed}:{number}:{s}")) for s in (0, 1)]
        pick = random.Random(f"reading-pick:{seed}:{number}")
        while match.to_move is not None:
            view = view_of(match, match.to_move)
            if len(view.layout.tiles()) >= 4 and len(view.legal_moves) > 1 and pick.random() < 1 / 3:
                hand = match.hand
                assert hand is not None
                out.append((view, set(hand.hands[1 - view.seat])))
            match.play(players[match.to_move].choose(view).move)
    return out


def log_loss(
    deals: list[HandState], weights: list[float], seat: int, hidden: tuple[Tile, ...], held: set[Tile]
) -> float:
    """The log-loss per hidden tile of the weighed chances that ``seat`` holds each."""
    total = sum(weights)
    share = dict.fromkeys(hidden, 0.0)
    for deal, weight in zip(deals, weights, strict=True):
        for t in deal.hands[seat]:
            share[t] += weight
    loss = 0.0
    for t in hidden:
        p = min(max(share[t] / total, 1e-3), 1 - 1e-3)
        loss -= math.log(p if t in held else 1 - p)
    return loss / len(hidden)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--hands", type=int, default=25)
    parser.add_argument("--seed", type=int, default=21)
    parser.add_argument("--samples", type=int, default=200, help="sampled deals weighed at each position")
    parser.add_argument("--read", default="8/2,16/3", help="K/L settings of the search reading, comma-separated")
    args = parser.parse_args()
    settings = [tuple(int(x) for x in s.split("/")) for s in args.read.split(",")]
    names = ["uniform", "shipped", "choices", *(f"read {k}/{last}" for k, last in settings)]
    losses: dict[str, list[float]] = {name: [] for name in names}
    seconds: dict[str, list[float]] = {name: [] for name in names}
    effective: dict[str, list[float]] = {name: [] for name in names}
    found = positions(args.hands, args.seed)
    for number, (view, held) in enumerate(found):
        seat = 1 - view.seat
        know = Knowledge.from_view(view)
        rng = random.Random(number)
        deals = [know.sample(rng) for _ in range(args.samples)]
        readers: dict[str, Callable[[HandState], float]] = {
            "uniform": lambda deal: 1.0,
            "shipped": know.likelihood,
            "choices": ChoiceKnowledge.from_view(view).likelihood,
        }
        for k, last in settings:
            plays = past_plays(view, last)

            def read(
                deal: HandState, plays: tuple[PastPlay, ...] = plays, k: int = k, rng: random.Random = rng
            ) -> float:
                weight = 1.0
                for play in plays:
                    weight *= chance_of(play, tuple(deal.hands[play.seat]) + play.later, rng, k)
                return weight

            readers[f"read {k}/{last}"] = read
        for name, reader in readers.items():
            start = time.process_time()
            weights = [reader(deal) for deal in deals]
            seconds[name].append(time.process_time() - start)
            effective[name].append(sum(weights) ** 2 / sum(w * w for w in weights) / len(weights))
            losses[name].append(log_loss(deals, weights, seat, know.hidden, held))
    print(f"{len(found)} positions from {args.hands} hands (seed {args.seed}), {args.samples} sampled deals each")
    for name in names:
        gain = [a - b for a, b in zip(losses["uniform"], losses[name], strict=True)]
        spread = 1.96 * statistics.stdev(gain) / math.sqrt(len(gain)) if len(gain) > 1 else 0.0
        print(
            f"{name:12} log-loss per hidden tile {statistics.fmean(losses[name]):.4f};"
            f" better than uniform by {statistics.fmean(gain):+.4f} (+/- {spread:.4f});"
            f" effective sample size {100 * statistics.median(effective[name]):.0f}% of the deals (median);"
            f" {1000 * statistics.median(seconds[name]) / args.samples:.2f} ms a deal (median)"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
