"""The arena: duplicate matches between two computer players.

Every seeded deal is played twice, the second time with the players'
seats swapped (so each holds each hand, and leads when that hand leads):
the luck of the deal cancels. With 4 players the two players are teams
(partners opposite) and the second game turns the table by one seat.

``python -m allfives arena expert easy --deals 1000 --seed 1`` prints the
mean points margin per hand (first player's side less the second's) with a
95% confidence interval over the deal pairs, the hands won, and the time
each player took per move. ``--matches N`` plays N pairs of whole matches
to the target instead, and counts matches won. ``--jobs 2`` shares the deal
(or match) pairs out between two processes (one per core: the time budget
is per move).
"""

from __future__ import annotations

import argparse
import contextlib
import functools
import json
import math
import random
import statistics
import sys
import time
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from typing import Protocol, TypeVar

from ..match import Deal, Match
from ..players import DEFAULT_BUDGET_MS, LEVELS, REFERENCE, Player, make_player, next_step
from ..rules import Rules
from ..view import SeatView, view_of
from .options import add_rules_arguments, rules_from_args

__all__ = ["ArenaResult", "Seats", "add_arguments", "play_deals", "play_matches", "run"]


class MakePlayer(Protocol):
    def __call__(self, level: str, rng_or_seed: random.Random, *, budget_ms: float | None) -> Player: ...


@dataclass(frozen=True)
class Seats:
    """How the arena makes its players (``make``, from a level's name) and
    what each is shown at its turn (``view``): the game's levels and honest
    views, unless an experiment brings its own (tools/experiments/variants.py).
    Both must be module-level functions, for ``--jobs``."""

    make: MakePlayer = make_player
    view: Callable[[Match, int], SeatView] = view_of


GAME = Seats()


@dataclass
class ArenaResult:
    """What an arena run measured. Margins are per deal pair (the mean of
    the two games), from the first player's side."""

    first: str
    second: str
    margins: list[float] = field(default_factory=list)
    hands: list[int] = field(default_factory=lambda: [0, 0, 0])  # first won, second won, tied
    matches: list[int] = field(default_factory=lambda: [0, 0])  # first won, second won
    times: dict[str, list[float]] = field(default_factory=dict)  # seconds per move, by player

    def mean(self) -> float:
        return statistics.fmean(self.margins) if self.margins else 0.0

    def interval(self) -> float:
        """Half the width of the 95% confidence interval of the mean."""
        if len(self.margins) < 2:
            return math.inf
        return 1.96 * statistics.stdev(self.margins) / math.sqrt(len(self.margins))

    def add(self, other: ArenaResult) -> None:
        """Pool ``other`` (the same players, other deals) into this result."""
        self.margins.extend(other.margins)
        self.hands = [a + b for a, b in zip(self.hands, other.hands, strict=True)]
        self.matches = [a + b for a, b in zip(self.matches, other.matches, strict=True)]
        for name, seconds in other.times.items():
            self.times.setdefault(name, []).extend(seconds)


def _seat_players(rules: Rules, first: Player, second: Player, swapped: bool) -> tuple[list[Player], int, list[str]]:
    """Who sits where, the first player's side, and each seat's role."""
    players = rules.players
    if rules.teams:
        shift = 1 if swapped else 0
        roles = ["first" if (s + shift) % 2 == 0 else "second" for s in range(players)]
    elif players == 2:
        roles = ["second", "first"] if swapped else ["first", "second"]
    else:
        raise ValueError("the arena plays 2 players, or 4 in partnerships")
    seated = [first if r == "first" else second for r in roles]
    return seated, rules.side_of(roles.index("first")), roles


def _move(match: Match, seated: list[Player], times: list[float], seats: Seats) -> None:
    seat = match.to_move
    assert seat is not None
    view = seats.view(match, seat)
    if view.step != "play":
        # A claim or a Muggins call (claims="called"): no search, no clock.
        match.take(next_step(seated[seat], view))
        return
    start = time.perf_counter()
    decision = seated[seat].choose(view)
    times.append(time.perf_counter() - start)
    match.play(decision.move)


def _players(levels: tuple[str, str], seed: str, budget_ms: float | None, seats: Seats) -> tuple[Player, Player]:
    return (
        seats.make(levels[0], random.Random(f"{seed}:first"), budget_ms=budget_ms),
        seats.make(levels[1], random.Random(f"{seed}:second"), budget_ms=budget_ms),
    )


def play_deals(
    rules: Rules,
    levels: tuple[str, str],
    deals: int,
    seed: int,
    budget_ms: float | None = DEFAULT_BUDGET_MS,
    progress: bool = False,
    jobs: int = 1,
    seats: Seats = GAME,
) -> ArenaResult:
    """Play ``deals`` seeded deals twice each, one hand per game.

    With ``jobs`` above 1 the deal pairs are shared out among that many
    worker processes (each pair is independent, and seeded by its number
    alone): the same deals and players, the results gathered in deal order.
    The time budget is per move, so give each job a core of its own."""
    result = ArenaResult(*levels)
    times: tuple[list[float], list[float]] = ([], [])
    play = functools.partial(_play_deal_pair, rules, levels, seed, budget_ms, seats)
    with _shared_out(play, deals, jobs) as pairs:
        for number, (pair, pair_times) in enumerate(pairs):
            for margin in pair:
                result.hands[0 if margin > 0 else 1 if margin < 0 else 2] += 1
            result.margins.append(statistics.fmean(pair))
            times[0].extend(pair_times[0])
            times[1].extend(pair_times[1])
            if progress and (number + 1) % 50 == 0:
                print(f"  {number + 1} deals: {result.mean():+.2f} ± {result.interval():.2f}", file=sys.stderr)
    result.times = {levels[0] + " (first)": times[0], levels[1] + " (second)": times[1]}
    return result


#: One deal pair's result: the first player's margin in each of the two
#: games, and each player's seconds per move.
_DealPair = tuple[list[float], tuple[list[float], list[float]]]


def _play_deal_pair(
    rules: Rules, levels: tuple[str, str], seed: int, budget_ms: float | None, seats: Seats, number: int
) -> _DealPair:
    """Deal ``number`` of ``seed``, played twice, the seats swapped."""
    # The same tiles as ever (Deal.from_seed shuffles with random.Random of
    # the text), now carrying their seed for `python -m allfives verify`.
    deal = Deal.from_seed(rules, f"allfives-arena:{seed}:{number}")
    if not Match(rules).leader_by_chance:
        # The rules choose the leader (the highest double leads).
        deal = Deal(deal.hands, deal.boneyard, None, deal.seed)
    pair: list[float] = []
    times: tuple[list[float], list[float]] = ([], [])
    for swapped in (False, True):
        first, second = _players(levels, f"{seed}:{number}:{swapped}", budget_ms, seats)
        seated, side, roles = _seat_players(rules, first, second, swapped)
        match = Match(rules)
        match.start_hand(deal)
        hand = match.hand
        assert hand is not None
        before = list(match.scores)
        while match.to_move is not None:
            seat = match.to_move
            _move(match, seated, times[0 if roles[seat] == "first" else 1], seats)
        gains = [a - b for a, b in zip(hand.scores, before, strict=True)]
        pair.append(gains[side] - max(g for s, g in enumerate(gains) if s != side))
    return pair, times


def play_matches(
    rules: Rules,
    levels: tuple[str, str],
    matches: int,
    seed: int,
    budget_ms: float | None = DEFAULT_BUDGET_MS,
    progress: bool = False,
    jobs: int = 1,
    seats: Seats = GAME,
) -> ArenaResult:
    """Play ``matches`` seeded pairs of whole matches to the target; both
    matches of a pair are dealt the same hands, seats swapped. ``jobs``
    shares the pairs out as :func:`play_deals` does."""
    result = ArenaResult(*levels)
    times: tuple[list[float], list[float]] = ([], [])
    play = functools.partial(_play_match_pair, rules, levels, seed, budget_ms, seats)
    with _shared_out(play, matches, jobs) as pairs:
        for number, (pair, won, pair_times) in enumerate(pairs):
            result.matches[0] += won
            result.matches[1] += 2 - won
            result.margins.append(statistics.fmean(pair))
            times[0].extend(pair_times[0])
            times[1].extend(pair_times[1])
            if progress and (number + 1) % 10 == 0:
                print(
                    f"  {number + 1} match pairs: first won {result.matches[0]} of {sum(result.matches)}",
                    file=sys.stderr,
                )
    result.times = {levels[0] + " (first)": times[0], levels[1] + " (second)": times[1]}
    return result


#: One match pair's result: the first player's points margin per hand in
#: each match, how many of the two it won, and each player's seconds per move.
_MatchPair = tuple[list[float], int, tuple[list[float], list[float]]]


def _play_match_pair(
    rules: Rules, levels: tuple[str, str], seed: int, budget_ms: float | None, seats: Seats, number: int
) -> _MatchPair:
    """Match pair ``number`` of ``seed``: the same hands dealt, seats swapped."""
    pair: list[float] = []
    won = 0
    times: tuple[list[float], list[float]] = ([], [])
    for swapped in (False, True):
        first, second = _players(levels, f"match:{seed}:{number}:{swapped}", budget_ms, seats)
        seated, side, roles = _seat_players(rules, first, second, swapped)
        match = Match(rules)
        hand_number = 0
        while not match.is_over:
            shuffled = Deal.from_seed(rules, f"allfives-arena:{seed}:{number}:{hand_number}")
            if not match.leader_by_chance:
                shuffled = Deal(shuffled.hands, shuffled.boneyard, None, shuffled.seed)
            match.start_hand(shuffled)
            hand_number += 1
            while match.to_move is not None:
                seat = match.to_move
                _move(match, seated, times[0 if roles[seat] == "first" else 1], seats)
        won += match.winner == side
        others = max(v for s, v in enumerate(match.scores) if s != side)
        pair.append((match.scores[side] - others) / hand_number)
    return pair, won, times


T = TypeVar("T")


@contextlib.contextmanager
def _shared_out(play: Callable[[int], T], count: int, jobs: int) -> Iterator[Iterator[T]]:
    """``play(0)``, ``play(1)``, ... ``play(count - 1)``, in order; with
    ``jobs`` above 1, worked out in that many processes."""
    if jobs > 1:
        with ProcessPoolExecutor(max_workers=jobs) as pool:
            yield pool.map(play, range(count))
    else:
        yield map(play, range(count))


def percentiles(seconds: Sequence[float]) -> tuple[float, float, float]:
    """Median, 95th percentile and maximum, in milliseconds."""
    if not seconds:
        return (0.0, 0.0, 0.0)
    ordered = sorted(seconds)
    p95 = ordered[min(len(ordered) - 1, math.ceil(0.95 * len(ordered)) - 1)]
    return (1000 * statistics.median(ordered), 1000 * p95, 1000 * ordered[-1])


def report(
    result: ArenaResult, args: argparse.Namespace, rules: Rules, by_seed: Sequence[tuple[int, ArenaResult]]
) -> dict[str, object]:
    low, high = result.mean() - result.interval(), result.mean() + result.interval()
    out: dict[str, object] = {
        "first": result.first,
        "second": result.second,
        "rules": rules.to_json(),
        "seed": by_seed[0][0] if len(by_seed) == 1 else None,
        "budget_ms": args.budget_ms,
        "pairs": len(result.margins),
        "margin_per_hand": round(result.mean(), 2),
        "ci95": [round(low, 2), round(high, 2)],
        "move_ms": {name: [round(v, 2) for v in percentiles(ts)] for name, ts in result.times.items()},
    }
    out.update(_won(result, args))
    if len(by_seed) > 1:
        out["seeds"] = [
            {
                "seed": seed,
                "pairs": len(part.margins),
                "margin_per_hand": round(part.mean(), 2),
                "ci95": [round(part.mean() - part.interval(), 2), round(part.mean() + part.interval(), 2)],
                **_won(part, args),
            }
            for seed, part in by_seed
        ]
    return out


def _won(result: ArenaResult, args: argparse.Namespace) -> dict[str, dict[str, int]]:
    """The matches or hands each player won (and the hands tied)."""
    if args.matches:
        return {"matches_won": {"first": result.matches[0], "second": result.matches[1]}}
    return {"hands_won": {"first": result.hands[0], "second": result.hands[1], "tied": result.hands[2]}}


def seeds_of(text: str) -> list[int]:
    """``--seeds``: whole numbers separated by commas, each once."""
    try:
        seeds = [int(part) for part in text.split(",")]
    except ValueError:
        raise argparse.ArgumentTypeError(
            f"seeds are whole numbers separated by commas, such as 101,102,103; not {text!r}"
        ) from None
    if len(set(seeds)) != len(seeds):
        raise argparse.ArgumentTypeError(f"each seed once: {text!r}")
    return seeds


def add_arguments(parser: argparse.ArgumentParser, extra_players: Sequence[str] = ()) -> None:
    """The arena's options, for ``python -m allfives arena``; ``extra_players``
    are more player names to accept (tools/experiments/variants.py has some)."""
    names = (*LEVELS, REFERENCE, *extra_players)
    parser.add_argument("first", choices=names, help="the player whose margin is reported")
    parser.add_argument("second", choices=names, help="its opponent")
    parser.add_argument("--deals", type=int, default=100, help="seeded deals, each played twice (default 100)")
    parser.add_argument(
        "--matches", type=int, default=0, help="play this many pairs of whole matches instead of single hands"
    )
    parser.add_argument("--seed", type=int, default=1, help="seeds the deals and the players (default 1)")
    parser.add_argument(
        "--seeds",
        type=seeds_of,
        help="several seeds, such as 101,102,103: --deals (or --matches) pairs each, pooled, and each seed's figure",
    )
    parser.add_argument(
        "--budget-ms",
        type=float,
        default=DEFAULT_BUDGET_MS,
        help=f"Hard's and Expert's time per move (default {DEFAULT_BUDGET_MS:g}; 0 for none, only their caps)",
    )
    add_rules_arguments(parser, players=(2, 4), players_help="2, or 4 in partnerships (default 2)")
    parser.add_argument("--json", action="store_true", help="print the results as one JSON object")
    parser.add_argument("--progress", action="store_true", help="report progress on standard error")
    parser.add_argument(
        "--jobs",
        type=int,
        default=1,
        help="play the deal or match pairs in this many processes (default 1; one per core)",
    )


def run(args: argparse.Namespace, seats: Seats = GAME) -> int:
    """Run the arena as ``args`` say and print what it measured; ``seats``
    makes the players (see :class:`Seats`)."""
    rules = rules_from_args(args)
    budget = args.budget_ms if args.budget_ms and args.budget_ms > 0 else None
    levels = (args.first, args.second)
    jobs = max(1, args.jobs)
    by_seed: list[tuple[int, ArenaResult]] = []
    for seed in args.seeds or [args.seed]:
        if args.matches:
            part = play_matches(rules, levels, args.matches, seed, budget, args.progress, jobs, seats)
        else:
            part = play_deals(rules, levels, args.deals, seed, budget, args.progress, jobs, seats)
        by_seed.append((seed, part))
    result = ArenaResult(*levels)
    for _seed, part in by_seed:
        result.add(part)
    out = report(result, args, rules, by_seed)
    if args.json:
        print(json.dumps(out))
        return 0
    unit = "match pairs" if args.matches else "deal pairs"
    low, high = result.mean() - result.interval(), result.mean() + result.interval()
    seeds = ("seeds " if len(by_seed) > 1 else "seed ") + ",".join(str(seed) for seed, _part in by_seed)
    print(f"arena: {result.first} vs {result.second}, rules {json.dumps(rules.to_json())}, {seeds}")
    for seed, part in by_seed if len(by_seed) > 1 else ():
        part_low, part_high = part.mean() - part.interval(), part.mean() + part.interval()
        print(
            f"  seed {seed}: {part.mean():+.2f} (95% CI {part_low:+.2f} .. {part_high:+.2f}) over {len(part.margins)}"
        )
    print(
        f"margin per hand ({result.first} - {result.second}): {result.mean():+.2f}"
        f" (95% CI {low:+.2f} .. {high:+.2f}) over {len(result.margins)} {unit}"
    )
    if args.matches:
        won, lost = result.matches
        print(f"matches won: {result.first} {won}, {result.second} {lost} ({100 * won / (won + lost):.1f}%)")
    else:
        a, b, tied = result.hands
        print(f"hands won: {result.first} {a}, {result.second} {b}, tied {tied}")
    for name, ts in result.times.items():
        median, p95, most = percentiles(ts)
        print(f"move time {name}: median {median:.1f} ms, p95 {p95:.1f} ms, max {most:.1f} ms ({len(ts)} moves)")
    return 0
