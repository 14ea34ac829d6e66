"""``python -m allfives``: replay records, play in the terminal, self-play, and
the benchmarks. The command line is the edge: all I/O lives here."""

from __future__ import annotations

import argparse
import json
import random
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import TextIO

from .. import record
from ..match import Match
from ..players import make_player, next_step
from ..rules import Rules, RulesError
from ..verify import all_verified, verify
from ..view import view_of
from . import arena, bench, play
from . import daily as daily_command
from . import review as review_command
from .options import add_rules_arguments, rules_from_args

__all__ = ["main"]

EXIT_REFUSED = 2


def _read_text(path: str) -> str:
    if path == "-":
        return sys.stdin.read()
    return Path(path).read_text(encoding="utf-8")


def cmd_replay(args: argparse.Namespace, out: TextIO) -> int:
    """Print every event of a record, one JSON object per line."""
    try:
        events = record.replay(_read_text(args.file))
    except OSError as error:
        print(f"allfives replay: cannot read {args.file}: {error.strerror}", file=sys.stderr)
        return EXIT_REFUSED
    except UnicodeDecodeError:
        print(f"allfives replay: {args.file} is not a text file", file=sys.stderr)
        return EXIT_REFUSED
    except record.RecordError as error:
        print(f"allfives replay: {error}", file=sys.stderr)
        return EXIT_REFUSED
    for event in events:
        out.write(json.dumps(event.to_json()) + "\n")
    return 0


def cmd_verify(args: argparse.Namespace, out: TextIO) -> int:
    """Check each hand's deal and draws against its seed: a line a hand, a
    line per difference; 0 when every hand is verified, 1 when not."""
    try:
        checks = verify(_read_text(args.file))
    except OSError as error:
        print(f"allfives verify: cannot read {args.file}: {error.strerror}", file=sys.stderr)
        return EXIT_REFUSED
    except UnicodeDecodeError:
        print(f"allfives verify: {args.file} is not a text file", file=sys.stderr)
        return EXIT_REFUSED
    except record.RecordError as error:
        print(f"allfives verify: {error}", file=sys.stderr)
        return EXIT_REFUSED
    for check in checks:
        out.write(check.line + "\n")
    if all_verified(checks):
        out.write("Every deal and every draw follows from its seed.\n")
        return 0
    if not checks:
        out.write("The record deals no hand: there is nothing to verify.\n")
    else:
        out.write("Not verified.\n")
    return 1


def cmd_selfplay(args: argparse.Namespace, out: TextIO) -> int:
    """Seeded matches between computer players, one record per line."""

    try:
        rules = rules_from_args(args)
    except RulesError as error:
        print(f"allfives selfplay: {error}", file=sys.stderr)
        return EXIT_REFUSED
    levels = args.levels.split(",")
    if len(levels) == 1:
        levels = levels * rules.players
    if len(levels) != rules.players:
        print(f"allfives selfplay: name one level, or one per seat ({rules.players})", file=sys.stderr)
        return EXIT_REFUSED
    sink = open(args.out, "w", encoding="utf-8") if args.out else out  # noqa: SIM115
    try:
        for index in range(args.matches):
            seed = args.seed + index
            match = play_computer_match(rules, levels, seed, args.budget)
            meta = {"seed": seed, "levels": levels, "winner": match.winner}
            sink.write(record.dumps(match, meta) + "\n")
    finally:
        if sink is not out:
            sink.close()
    return 0


def play_computer_match(rules: Rules, levels: Sequence[str], seed: int, budget_ms: float | None = None) -> Match:
    """A whole match between computer players, from one seed. Each hand is
    dealt from a seed of its own (``"5/hand/1"`` and on), which its record
    carries, so ``python -m allfives verify`` checks every deal."""
    players = [
        make_player(level, random.Random(f"{seed}:{seat}"), budget_ms=budget_ms) for seat, level in enumerate(levels)
    ]
    match = Match(rules)
    while not match.is_over:
        if match.needs_deal:
            match.deal_seed(f"{seed}/hand/{len(match.hands) + 1}")
            continue
        seat = match.to_move
        assert seat is not None
        match.take(next_step(players[seat], view_of(match, seat)))
    return match


def cmd_bench(args: argparse.Namespace, out: TextIO) -> int:
    return bench.run(args, out)


def cmd_play(args: argparse.Namespace, out: TextIO) -> int:
    return play.run(args, out)


def cmd_arena(args: argparse.Namespace, out: TextIO) -> int:
    return arena.run(args)


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="python -m allfives", description="All Fives dominoes.")
    commands = parser.add_subparsers(dest="command", required=True)

    replay = commands.add_parser("replay", help="print the events of an allfives-record, one JSON object per line")
    replay.add_argument("file", help="the record (a JSON file), or - for standard input")
    replay.set_defaults(run=cmd_replay)

    verify_parser = commands.add_parser("verify", help="check that each hand's deal and draws follow from its seed")
    verify_parser.add_argument("file", help="the record (a JSON file), or - for standard input")
    verify_parser.set_defaults(run=cmd_verify)

    daily = commands.add_parser("daily", help="the daily deal of a date, and the Expert's score with your tiles")
    daily_command.add_arguments(daily)
    daily.set_defaults(run=daily_command.run)

    play = commands.add_parser("play", help="play in the terminal against the computer, or hot-seat")
    play.add_argument(
        "--seats", default="you,medium", help="one per seat: 'you' (or a name) for a person, or a computer level"
    )
    play.add_argument("--seed", type=int, default=None, help="the same seed deals the same tiles")
    play.add_argument("--load", help="resume a saved record")
    play.add_argument("--save", help="save the record here after every move")
    add_rules_arguments(play)
    play.set_defaults(run=cmd_play)

    selfplay = commands.add_parser("selfplay", help="seeded matches between computer players, writing records")
    selfplay.add_argument("--levels", default="easy", help="one level for every seat, or one per seat: easy,medium")
    selfplay.add_argument("--matches", type=int, default=1)
    selfplay.add_argument("--seed", type=int, default=1)
    selfplay.add_argument("--budget", type=float, default=None, help="time budget per move in ms for searching levels")
    selfplay.add_argument("--out", help="write the records here (one per line) instead of standard output")
    add_rules_arguments(selfplay)
    selfplay.set_defaults(run=cmd_selfplay)

    bench = commands.add_parser("bench", help="the engine benchmark: random hands per second, beside the peers")
    bench.add_argument("--seconds", type=float, default=3.0, help="time per measurement")
    bench.add_argument("--rounds", type=int, default=5, help="measurements per engine (the median is reported)")
    bench.add_argument("--seed", type=int, default=1)
    bench.set_defaults(run=cmd_bench)

    arena_parser = commands.add_parser("arena", help="duplicate matches between two computer players")
    arena.add_arguments(arena_parser)
    arena_parser.set_defaults(run=cmd_arena)

    review = commands.add_parser("review", help="every decision of a record judged by the Expert, and the points lost")
    review_command.add_arguments(review)
    review.set_defaults(run=review_command.run)
    return parser


def main(argv: Sequence[str] | None = None, out: TextIO | None = None) -> int:
    args = build_parser().parse_args(argv)
    try:
        code: int = args.run(args, out or sys.stdout)
    except KeyboardInterrupt:
        print(file=sys.stderr)
        return 130
    except BrokenPipeError:
        return 0
    return code
