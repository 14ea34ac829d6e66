"""``python -m allfives review``: every decision of a record judged by the
Expert (:mod:`allfives.review`), as text for a person or JSON for tools."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import TextIO

from .. import json_text, record
from ..review import SAMPLES, Judgement, Luck, Review, review

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
    parser.add_argument("--no-luck", action="store_true", help="leave out the luck of the deal and of each draw")
    parser.add_argument("--json", action="store_true", help="one JSON document, for tools")
    parser.add_argument(
        "--annotate",
        metavar="OUT",
        help="also write the record with its review kept in it (meta.review) to OUT: the replay and the embed show it",
    )


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
        result = review(text, seats=seats, samples=args.samples, seed=args.seed, luck=not args.no_luck)
    except record.RecordError as error:
        return refuse(str(error))
    if args.annotate:
        annotated = record.to_record(record.from_record(text), {**_meta(text), "review": result.to_json()})
        try:
            Path(args.annotate).write_text(json.dumps(annotated, indent=1) + "\n", encoding="utf-8")
        except OSError as error:
            return refuse(f"cannot write {args.annotate}: {error.strerror}")
    if args.json:
        out.write(json.dumps(result.to_json()) + "\n")
    else:
        out.write(as_text(result, seats if seats is not None else range(players)))
    return 0


def _meta(text: str) -> dict[str, object]:
    """The record's own meta (names, dates), kept when the review is added."""
    meta = json_text.loads(text).get("meta", {})
    return dict(meta) if isinstance(meta, dict) else {}


def as_text(result: Review, seats: range | list[int]) -> str:
    """Each decision on a line, hand by hand, then a line per seat."""
    lines: list[str] = []
    for hand in result.hands:
        lines.append(f"Hand {hand.number}")
        events = sorted(
            [(j.move_number, 1, f"  {_line(j)}") for j in hand.judgements]
            + [(e.move_number, 2, f"  {_chance(e)}") for e in hand.luck]
        )
        lines.extend(line for _number, _order, line in events)
        if hand.luck:
            favours = ", ".join(f"side {side} {hand.luck_of(side):+.1f}" for side in range(len(hand.luck[0].favour)))
            lines.append(f"  luck in all: {favours}")
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


def _chance(event: Luck) -> str:
    favours = ", ".join(f"side {side} {value:+.1f}" for side, value in enumerate(event.favour))
    if event.seat is None:
        return f"the deal: luck {favours}"
    tiles = ", ".join(str(tile) for tile in event.tiles)
    return f"after move {event.move_number}, seat {event.seat} drew {tiles}: luck {favours}"


def _line(judgement: Judgement) -> str:
    played = f"move {judgement.move_number}, seat {judgement.seat}: {judgement.played} ({judgement.played_value:+.1f})"
    if judgement.lost == 0:
        return f"{played}, the best: {judgement.grade.value}"
    best = judgement.best
    return f"{played}, best {best.move} ({best.value:+.1f}): lost {judgement.lost:.1f}, {judgement.grade.value}"
