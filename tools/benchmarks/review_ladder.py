"""The coach's own test: does the judge (:mod:`allfives.review`) order the
computer levels? And how noisy is a grade?

    python -m tools.benchmarks.review_ladder ladder --hands 200 --seed 11
    python -m tools.benchmarks.review_ladder noise --hands 40 --seed 5
    python -m tools.benchmarks.review_ladder luck --hands 300 --seed 13

``ladder``: seeded 2-player hands (default rules, a fresh match each hand so
the match's end does not weigh on them), each level in seat 0 against
Medium in seat 1, the same deals for every level; the judge reviews seat 0's
decisions. Prints each level's points lost per decision with a 95% interval
(bootstrap over hands: the decisions of one hand are not independent), the
grade counts, and the judge's time per decision.

``luck``: Medium against Medium; does each hand's result for seat 0 read
as its luck plus its skill (the points the other seat lost less its own)?
Prints the mean luck (about 0 if it is measured fairly), the mean and
spread of what luck and skill leave unexplained, and the correlations.

``noise``: Medium's decisions in ``--hands`` hands reviewed with five judge
seeds: the spread of each decision's points lost across seeds, and how
often its grade is not the same under all five.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from allfives import Deal, Match, Rules, record
from allfives.players import LEVELS, REFERENCE, make_player
from allfives.review import GRADE_NAMES, SAMPLES, Judgement, review
from allfives.view import view_of

OPPONENT = "medium"


def one_hand(level: str, seed: int, number: int, budget_ms: float | None) -> str:
    """The record of one hand, ``level`` in seat 0 against Medium."""
    rules = Rules(players=2)
    match = Match(rules)
    match.start_hand(Deal.shuffle(rules, random.Random(f"ladder:{seed}:{number}")))
    seats = [
        make_player(level, random.Random(f"ladder:{seed}:{number}:0"), budget_ms=budget_ms),
        make_player(OPPONENT, random.Random(f"ladder:{seed}:{number}:1"), budget_ms=budget_ms),
    ]
    while match.to_move is not None:
        seat = match.to_move
        match.play(seats[seat].choose(view_of(match, seat)).move)
    return record.dumps(match)


def interval(hands: list[list[Judgement]], rng: random.Random, rounds: int = 2000) -> tuple[float, float, float]:
    """Points lost per decision, and its 95% bootstrap interval over hands."""

    def rate(sample: list[list[Judgement]]) -> float:
        made = [j.lost for hand in sample for j in hand]
        return sum(made) / len(made) if made else 0.0

    rates = sorted(rate([rng.choice(hands) for _ in hands]) for _ in range(rounds))
    return rate(hands), rates[int(0.025 * rounds)], rates[int(0.975 * rounds) - 1]


def ladder(args: argparse.Namespace) -> None:
    print(
        f"seat 0 each level, seat 1 {OPPONENT}; {args.hands} hands, seed {args.seed}, "
        f"budget {args.budget_ms} ms, {args.samples} samples a decision"
    )
    print(
        "level      decisions  lost/decision  95% interval      "
        + " ".join(f"{g:>10}" for g in GRADE_NAMES)
        + "  judge ms/decision"
    )
    for level in args.levels.split(","):
        hands: list[list[Judgement]] = []
        judging = 0.0
        for number in range(args.hands):
            text = one_hand(level, args.seed, number, args.budget_ms)
            start = time.perf_counter()
            judged = review(text, seats=(0,), samples=args.samples, seed=args.seed)
            judging += time.perf_counter() - start
            hands.append(list(judged.judgements(0)))
        made = [j for hand in hands for j in hand]
        mean, low, high = interval(hands, random.Random(args.seed))
        counts = Counter(j.grade.value for j in made)
        print(
            f"{level:<10} {len(made):>9}  {mean:>13.2f}  {low:>6.2f} .. {high:<6.2f}  "
            + " ".join(f"{counts[g]:>10}" for g in GRADE_NAMES)
            + f"  {1000 * judging / max(1, len(made)):>10.0f}",
            flush=True,
        )


#: Bands to compare in ``noise``: the upper bound of best, good, inaccuracy and mistake.
CANDIDATE_BANDS = ((0.0, 2.5, 5.0, 10.0), (0.5, 2.5, 5.0, 10.0), (1.0, 2.5, 5.0, 10.0), (1.0, 3.0, 6.0, 12.0))


def noise(args: argparse.Namespace) -> None:
    seeds = (1, 2, 3, 4, 5)
    spreads: list[float] = []
    losses: list[list[float]] = []
    for number in range(args.hands):
        text = one_hand("medium", args.seed, number, args.budget_ms)
        reviews = [review(text, seats=(0,), samples=args.samples, seed=s).judgements(0) for s in seeds]
        for same in zip(*reviews, strict=True):
            lost = [j.lost for j in same]
            losses.append(lost)
            spreads.append(statistics.pstdev(lost))
    total = len(losses)
    print(f"{args.hands} hands of medium, seed {args.seed}, {args.samples} samples a decision, judge seeds {seeds}")
    print(f"decisions: {total}")
    print(
        f"spread of a decision's points lost across seeds: median {statistics.median(spreads):.2f}, "
        f"90th percentile {sorted(spreads)[int(0.9 * len(spreads))]:.2f}"
    )
    for bounds in CANDIDATE_BANDS:

        def grade(lost: float, bounds: tuple[float, ...] = bounds) -> int:
            return next((i for i, bound in enumerate(bounds) if lost <= bound), len(bounds))

        changed = sum(len({grade(x) for x in lost}) > 1 for lost in losses)
        print(
            f"bands {bounds}: grade not the same under all five seeds: {changed} of {total} "
            f"({100 * changed / total:.0f}%)"
        )


def luck(args: argparse.Namespace) -> None:
    """Medium against Medium: each hand's result for seat 0 against its
    luck (the deal and the draws) and skill (the points seat 1 lost less
    those seat 0 lost)."""
    results: list[float] = []
    lucks: list[float] = []
    skills: list[float] = []
    for number in range(args.hands):
        text = one_hand("medium", args.seed, number, args.budget_ms)
        judged = review(text, samples=args.samples, seed=args.seed)
        (hand,) = judged.hands
        history = record.from_record(text).history[0]
        gains = [after - before for before, after in zip(history.scores_before, history.scores_after, strict=True)]
        results.append(gains[0] - gains[1])
        lucks.append(hand.luck_of(0))
        skills.append(sum(j.lost for j in hand.of(1)) - sum(j.lost for j in hand.of(0)))
    explained = [a + b for a, b in zip(lucks, skills, strict=True)]
    residual = [r - e for r, e in zip(results, explained, strict=True)]
    n = len(results)

    def ci(values: list[float]) -> str:
        mean = statistics.fmean(values)
        half = 1.96 * statistics.stdev(values) / n**0.5
        return f"{mean:+.2f} ({mean - half:+.2f} .. {mean + half:+.2f})"

    print(f"{n} hands of medium against medium, seed {args.seed}, {args.samples} samples a decision")
    print(f"result for seat 0 a hand: {ci(results)}")
    print(f"luck of seat 0 a hand: {ci(lucks)}; its spread (sd) {statistics.stdev(lucks):.1f}")
    print(f"skill of seat 0 a hand (points seat 1 lost less seat 0's): {ci(skills)}")
    print(f"result - (luck + skill): {ci(residual)}; its spread (sd) {statistics.stdev(residual):.1f}")
    print(
        f"correlation of the result with luck + skill: {statistics.correlation(results, explained):.2f}; "
        f"with luck alone: {statistics.correlation(results, lucks):.2f}"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("what", choices=("ladder", "noise", "luck"))
    parser.add_argument("--hands", type=int, default=200)
    parser.add_argument("--seed", type=int, default=11)
    parser.add_argument("--samples", type=int, default=SAMPLES)
    parser.add_argument("--budget-ms", type=float, default=300.0, help="the searching levels' budget (the game's)")
    parser.add_argument("--levels", default=",".join((*LEVELS, REFERENCE)))
    args = parser.parse_args()
    {"ladder": ladder, "noise": noise, "luck": luck}[args.what](args)


if __name__ == "__main__":
    main()
