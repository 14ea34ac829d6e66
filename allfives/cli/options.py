"""The rules options as command-line flags, the same names as in a record:
one parser for ``python -m allfives play``, ``selfplay`` and ``arena``.
(Command line only: the game's pages never import it.)"""

from __future__ import annotations

import argparse
from collections.abc import Sequence

from ..rules import (
    BONEYARDS,
    CLAIMS,
    FINISHES,
    GAMES,
    HAND_ENDS,
    LEADS,
    MARKINGS,
    PRESETS,
    SCORINGS,
    SPINNERS,
    WINS,
    Rules,
)

__all__ = ["add_rules_arguments", "rules_from_args"]


def add_rules_arguments(
    parser: argparse.ArgumentParser, players: Sequence[int] = (2, 3, 4), players_help: str = "2, 3 or 4 (default 2)"
) -> None:
    """The rules flags, in a group of their own; ``players`` are the player
    counts ``--players`` accepts."""
    group = parser.add_argument_group("rules")
    group.add_argument(
        "--preset", choices=sorted([*PRESETS, *GAMES]), help="start from a named set of house rules, or a family game"
    )
    group.add_argument("--players", type=int, choices=tuple(players), default=None, help=players_help)
    group.add_argument(
        "--partnerships",
        action=argparse.BooleanOptionalAction,
        default=None,
        help="seats 0+2 against 1+3 (default: on with 4 players)",
    )
    group.add_argument("--hand-size", type=int, default=None, help="tiles dealt to each player (default 9/7/5)")
    group.add_argument("--target", type=int, default=None, help="points to win (default 250, or 200 with 3-4 players)")
    group.add_argument("--hand-end", choices=HAND_ENDS, default=None, help="how the end of a hand is scored")
    group.add_argument("--lead", choices=LEADS, default=None, help="who leads each hand")
    group.add_argument("--win", choices=WINS, default=None, help="when reaching the target wins")
    group.add_argument("--scoring", choices=SCORINGS, default=None, help="what an ends total scores")
    group.add_argument("--marking", choices=MARKINGS, default=None, help="points as pips, or one per five (or three)")
    group.add_argument("--finish", choices=FINISHES, default=None, help="whether the target must be reached exactly")
    group.add_argument("--spinner", choices=SPINNERS, default=None, help="the first double a spinner, a sniff, or none")
    group.add_argument("--boneyard", choices=BONEYARDS, default=None, help="draw until a tile fits, or knock")
    group.add_argument("--claims", choices=CLAIMS, default=None, help="counts scored at once, or claimed (Muggins)")


def rules_from_args(args: argparse.Namespace, players: int | None = None) -> Rules:
    """The :class:`Rules` the flags describe (``players``, if given, the
    player count); flags override the preset."""
    count = players or args.players or 2
    base = Rules.preset(args.preset, count) if args.preset else Rules(players=count)
    changes = {
        name: getattr(args, name)
        for name in (
            "partnerships",
            "hand_size",
            "target",
            "hand_end",
            "lead",
            "win",
            "scoring",
            "marking",
            "finish",
            "spinner",
            "boneyard",
            "claims",
        )
        if getattr(args, name) is not None
    }
    return base.with_options(**changes)
