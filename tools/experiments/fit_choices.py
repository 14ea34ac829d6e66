"""Fit the model of how strong players choose (tools/experiments/choices.py)
to the reference level's and Expert's own choices.

    python -m tools.experiments.fit_choices --hands 300 --seed 1 --jobs 2

Plays seeded 2-player hands of the reference against Expert, records every
choice either made among two or more moves (each move's features, as anyone
watching could work them out, and which was made), and fits the weights by
maximum likelihood (Newton's method on the conditional logit). Prints the
weights, and how well they predict: the log-likelihood per choice against
picking at random, and how often the model's likeliest move was the one made.

``--hand`` also fits a model that knows the mover's hand, as a sampled deal
would: four more features of each move, from the tiles the mover keeps (the
most they could score next turn on the ends left, whether none of them fits
there, the share that fits, and how many numbers they show). It says how
much more a reading of the plays could learn from a hand-dependent model.

``--search K`` also values each move as the mover's own search would, on
``K`` sampled deals of its view (Easy's playouts), and fits the choice to
those values alone and with the features: how much more a reading that
redoes the player's search (tools/experiments/reading.py) can learn.
"""

from __future__ import annotations

import argparse
import math
import multiprocessing
import random
import sys

from allfives.hand import MOVES, points_for
from allfives.layout import Layout
from allfives.match import Match
from allfives.players import make_player
from allfives.players.knowledge import Knowledge
from allfives.players.search import margin, play_out
from allfives.players.simple import greedy_move
from allfives.rules import Rules
from allfives.tiles import TILES, Move, Tile
from allfives.view import SeatView, view_of
from tools.experiments.choices import features

Row = tuple[float, ...]  # a move's features: choices.features, then hand_features
Choice = tuple[str, list[Row], int]  # who chose, each move's features, which was made
NAMES = ("points", "reply", "pips", "double", "next turn", "stuck", "fit share", "numbers", "search")
FEATURES = (0, 1, 2, 3)
HAND = (0, 1, 2, 3, 4, 5, 6, 7)
SEARCH = (8,)


def hand_features(layout: Layout, move: Move, hand: tuple[Tile, ...]) -> Row:
    """What the tiles the mover keeps make of ``move``: the most one of them
    could score next turn on the ends it leaves, 1 if none fits there, the
    share that fits, and the share of the seven numbers they show."""
    after = layout.copy()
    after.place(move)
    kept = [u for u in hand if u is not move.tile]
    best = fits = numbers = 0
    for u in kept:
        numbers |= u.mask
        if u.mask & after.mask:
            fits += 1
            for end in after.ends_for(u):
                best = max(best, points_for(after, MOVES[u.index][end]))
    stuck = 1.0 if kept and not fits else 0.0
    return (float(best), stuck, fits / max(1, len(kept)), numbers.bit_count() / 7)


def searched(view: SeatView, rng: random.Random, deals: int) -> list[float]:
    """Each legal move's mean margin over ``deals`` sampled deals of ``view``."""
    know = Knowledge.from_view(view)
    moves = view.legal_moves
    totals = [0.0] * len(moves)
    for _ in range(deals):
        deal = know.sample(rng)
        before = tuple(deal.scores)
        for i, m in enumerate(moves):
            totals[i] += margin(before, play_out(deal, greedy_move, m), view.side)
    return [t / deals for t in totals]


def play_hand(number: int, seed: int, search: int = 0) -> list[Choice]:
    rules = Rules()
    match = Match(rules)
    match.deal(random.Random(f"{seed}:{number}:deal"))
    seats = ["reference", "expert"] if number % 2 == 0 else ["expert", "reference"]
    players = [make_player(level, random.Random(f"{seed}:{number}:{s}")) for s, level in enumerate(seats)]
    out: list[Choice] = []
    hand = match.hand
    assert hand is not None
    while not hand.is_over:
        seat = match.to_move
        assert seat is not None
        view = view_of(match, seat)
        moves = view.legal_moves
        decision = players[seat].choose(view)
        if len(moves) > 1:
            layout = view.layout
            held = view.hand_sizes[(seat + 1) % rules.players]
            hidden = len(TILES) - len(layout.tiles()) - len(view.hand)
            values = searched(view, random.Random(f"{seed}:{number}:search"), search) if search else [0.0] * len(moves)
            rows = [
                features(layout, m, held, hidden) + hand_features(layout, m, view.hand) + (v,)
                for m, v in zip(moves, values, strict=True)
            ]
            out.append((seats[seat], rows, moves.index(decision.move)))
        match.play(decision.move)
    return out


def fit(choices: list[Choice], columns: tuple[int, ...] = FEATURES, rounds: int = 25) -> tuple[list[float], float]:
    """The maximum-likelihood weights of the features in ``columns``, and
    the log-likelihood per choice."""
    k = len(columns)
    theta = [0.0] * k
    loglik = 0.0
    for _ in range(rounds):
        grad = [0.0] * k
        hess = [[0.0] * k for _ in range(k)]
        loglik = 0.0
        for _, full, made in choices:
            rows = [tuple(f[c] for c in columns) for f in full]
            values = [sum(w * x for w, x in zip(theta, f, strict=True)) for f in rows]
            top = max(values)
            exps = [math.exp(v - top) for v in values]
            total = sum(exps)
            probs = [e / total for e in exps]
            loglik += math.log(probs[made])
            mean = [sum(p * f[j] for p, f in zip(probs, rows, strict=True)) for j in range(k)]
            for j in range(k):
                grad[j] += rows[made][j] - mean[j]
            for p, f in zip(probs, rows, strict=True):
                d = [f[j] - mean[j] for j in range(k)]
                for a in range(k):
                    for b in range(k):
                        hess[a][b] += p * d[a] * d[b]
        step = _solve([[*row, g] for row, g in zip(hess, grad, strict=True)])
        theta = [t + s for t, s in zip(theta, step, strict=True)]
    return theta, loglik / len(choices)


def _solve(aug: list[list[float]]) -> list[float]:
    """Solve the linear system in ``aug`` (rows with the right side last)."""
    n = len(aug)
    for i in range(n):
        aug[i][i] += 1e-6  # keeps a feature that never varies from stalling it
    for c in range(n):
        pivot = max(range(c, n), key=lambda r: abs(aug[r][c]))
        aug[c], aug[pivot] = aug[pivot], aug[c]
        for r in range(n):
            if r != c:
                f = aug[r][c] / aug[c][c]
                aug[r] = [x - f * y for x, y in zip(aug[r], aug[c], strict=True)]
    return [aug[i][n] / aug[i][i] for i in range(n)]


def report(name: str, choices: list[Choice], columns: tuple[int, ...] = FEATURES) -> None:
    theta, loglik = fit(choices, columns)
    uniform = sum(-math.log(len(rows)) for _, rows, _ in choices) / len(choices)

    def value(row: Row) -> float:
        return sum(w * row[c] for w, c in zip(theta, columns, strict=True))

    hits = sum(max(range(len(rows)), key=lambda i: value(rows[i])) == made for _, rows, made in choices)
    weights = ", ".join(f"{NAMES[c]} {w:.3f}" for c, w in zip(columns, theta, strict=True))
    print(
        f"{name}, {len(columns)} features: {len(choices)} choices; weights {weights}; log-likelihood per choice {loglik:.3f}"
        f" (at random {uniform:.3f}); the likeliest move was made {100 * hits / len(choices):.1f}% of the time"
    )


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--hands", type=int, default=300)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--hand", action="store_true", help="also fit the model that knows the mover's hand")
    parser.add_argument("--search", type=int, default=0, help="also fit to the mover's own search on this many deals")
    args = parser.parse_args()
    numbers = range(args.hands)
    if args.jobs > 1:
        with multiprocessing.Pool(args.jobs) as pool:
            hands = pool.starmap(play_hand, [(n, args.seed, args.search) for n in numbers])
    else:
        hands = [play_hand(n, args.seed, args.search) for n in numbers]
    choices = [c for hand in hands for c in hand]
    for name in ("reference", "expert"):
        report(name, [c for c in choices if c[0] == name])
    report("both", choices)
    if args.hand:
        report("reference", [c for c in choices if c[0] == "reference"], HAND)
        report("both", choices, HAND)
    if args.search:
        for columns in (SEARCH, FEATURES + SEARCH):
            report("reference", [c for c in choices if c[0] == "reference"], columns)
            report("both", choices, columns)
    return 0


if __name__ == "__main__":
    sys.exit(main())
