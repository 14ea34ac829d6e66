"""``python -m allfives review``: every decision of a record judged by the
Expert (:mod:`allfives.review`), as text for a person or JSON for tools."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import TextIO

from .. import record
from ..review import SAMPLES, Judgement, Review, review

__all__ = ["add_arguments", "run"]

EXIT_REFUSED = 2


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("file", help="the record (a JSON file), or - for standard input")
    parser.add_argument(
        "--seat",
        type=int,
        action="append",
        help="whose play to review, as the record numbers seats (0 first); repeat for more; every seat by default",
    )
    parser.add_argument("--samples", type=int, default=SAMPLES, help=f"sampled deals per decision (default {SAMPLES})")
    parser.add_argument("--seed", type=int, default=0, help="the same seed gives the same review")
    parser.add_argument("--json", action="store_true", help="one JSON document, for tools")


def run(args: argparse.Namespace, out: TextIO) -> int:
    def refuse(message: str) -> int:
        print(f"allfives review: {message}", file=sys.stderr)
        return EXIT_REFUSED

    if args.samples < 1:
        return refuse("--samples must be at least 1")
    try:
        text = sys.stdin.read() if args.file == "-" else Path(args.file).read_text(encoding="utf-8")
    except OSError as error:
        return refuse(f"cannot read {args.file}: {error.strerror}")
    except UnicodeDecodeError:
        return refuse(f"{args.file} is not a text file")
    try:
        players = record.from_record(text).rules.players
        seats = args.seat
        if seats is not None and not all(0 <= seat < players for seat in seats):
            return refuse(f"the record has seats 0 to {players - 1}")
        result = review(text, seats=seats, samples=args.samples, seed=args.seed)
    except record.RecordError as error:
        return refuse(str(error))
    if args.json:
        out.write(json.dumps(result.to_json()) + "\n")
    else:
        out.write(as_text(result, seats if seats is not None else range(players)))
    return 0


def as_text(result: Review, seats: range | list[int]) -> str:
    """Each decision on a line, hand by hand, then a line per seat."""
    lines: list[str] = []
    for hand in result.hands:
        lines.append(f"Hand {hand.number}")
        lines.extend(f"  {_line(judgement)}" for judgement in hand.judgements)
    for seat in seats:
        made = result.judgements(seat)
        if not made:
            lines.append(f"Seat {seat}: no decisions (every move was forced)")
            continue
        counts = ", ".join(f"{count} {name}" for name, count in result.grades(seat).items())
        lines.append(
            f"Seat {seat}: {len(made)} decisions, {result.lost_per_decision(seat):.2f} points lost a decision ({counts})"
        )
    lines.append(f"({result.samples} sampled deals a decision, seed {result.seed})")
    return "\n".join(lines) + "\n"


def _line(judgement: Judgement) -> str:
    played = f"move {judgement.move_number}, seat {judgement.seat}: {judgement.played} ({judgement.played_value:+.1f})"
    if judgement.lost == 0:
        return f"{played}, the best: {judgement.grade.value}"
    best = judgement.best
    return f"{played}, best {best.move} ({best.value:+.1f}): lost {judgement.lost:.1f}, {judgement.grade.value}"
