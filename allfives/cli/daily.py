"""``python -m allfives daily YYYY-MM-DD [--record game.json]``: the daily
deal of a date, and, given the player's record of it, the duplicate: the
Expert's score with the player's tiles beside the player's."""

from __future__ import annotations

import argparse
import sys
from datetime import UTC, datetime
from pathlib import Path
from typing import TextIO

from .. import record
from ..daily import PLAYER, RULES, DailyError, daily_deal, daily_seed, duplicate, latest_date, parse_date
from ..match import Match, fingerprint
from ..tiles import Tile
from ..verify import verify

__all__ = ["add_arguments", "run"]

EXIT_REFUSED = 2


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("date", help="the day, written like 2026-12-06")
    parser.add_argument("--record", help="your record of that day's deal: prints the Expert's score with your tiles")


def run(args: argparse.Namespace, out: TextIO) -> int:
    def refuse(message: str) -> int:
        print(f"allfives daily: {message}", file=sys.stderr)
        return EXIT_REFUSED

    try:
        day = parse_date(args.date, latest_date(datetime.now(UTC)))
    except DailyError as error:
        return refuse(str(error))
    deal = daily_deal(day)
    seed = daily_seed(day)
    out.write(f"The daily deal of {day.isoformat()}: you against the Expert, the standard rules for two.\n")
    out.write(f"Seed {seed}, fingerprint {fingerprint(seed)}.\n")
    for seat, tiles in enumerate(deal.hands):
        out.write(f"{'You' if seat == PLAYER else 'The Expert'}: {_tiles(tiles)}\n")
    out.write(f"The boneyard, in draw order: {_tiles(deal.boneyard)}\n")
    out.write(f"{'You lead' if deal.leader == PLAYER else 'The Expert leads'}.\n")
    if not args.record:
        return 0
    try:
        played = record.loads(Path(args.record).read_text(encoding="utf-8"))
    except OSError as error:
        return refuse(f"cannot read {args.record}: {error.strerror}")
    except UnicodeDecodeError:
        return refuse(f"{args.record} is not a text file")
    except record.RecordError as error:
        return refuse(str(error))
    reason = _not_the_daily(played, seed)
    if reason is not None:
        return refuse(f"{args.record} {reason}")
    out.write(duplicate(day, played).line() + "\n")
    return 0


def _not_the_daily(played: Match, seed: str) -> str | None:
    """Why ``played`` is not a finished play of the daily dealt from ``seed``."""
    if played.rules != RULES or not played.history or played.history[0].deal.seed != seed:
        return f"is not a record of the daily deal {seed}"
    if not all(check.verified for check in verify(record.to_record(played)) if check.hand == 1):
        return "does not hold the deal its seed gives (python -m allfives verify says how)"
    hand = played.hands[0]
    if not hand.is_over:
        return "is of a hand not played to its end"
    return None


def _tiles(tiles: tuple[Tile, ...]) -> str:
    return " ".join(str(t) for t in tiles)
