"""The rules options of a match, their defaults, and the named presets.

Variants are data, not subclasses: every rule that differs between tables is a
field of :class:`Rules`, with the names the ``allfives-record`` format uses.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, fields, replace
from typing import Any, Final, Literal

__all__ = ["OPTION_RANGES", "PRESETS", "OptionRanges", "Rules", "RulesError", "round_to_five"]

HandEnd = Literal["subtract-own", "winner-takes"]
Lead = Literal["random", "highest-double"]
Win = Literal["immediate", "hand-end"]

HAND_ENDS: Final[tuple[HandEnd, ...]] = ("subtract-own", "winner-takes")
LEADS: Final[tuple[Lead, ...]] = ("random", "highest-double")
WINS: Final[tuple[Win, ...]] = ("immediate", "hand-end")
SET_SIZE: Final = 28


@dataclass(frozen=True, slots=True)
class OptionRanges:
    """The values each rules option may take, for a form that offers them.

    >>> OPTION_RANGES.hand_sizes(4)
    range(1, 8)
    """

    players: tuple[int, ...] = (2, 3, 4)
    #: The player counts that may sit as two partnerships.
    partnerships: tuple[int, ...] = (4,)
    hand_end: tuple[HandEnd, ...] = HAND_ENDS
    lead: tuple[Lead, ...] = LEADS
    win: tuple[Win, ...] = WINS
    #: Every score is a multiple of 5, so a target moves in fives; the
    #: smallest worth setting is the first score a side can make.
    target_step: int = 5

    def hand_sizes(self, players: int) -> range:
        """The tiles each of ``players`` may be dealt: from 1 to an equal share of the set."""
        return range(1, SET_SIZE // players + 1)

    @property
    def target_min(self) -> int:
        return self.target_step


OPTION_RANGES: Final = OptionRanges()


class RulesError(ValueError):
    """A rules value that no table could play by."""


def round_to_five(pips: int) -> int:
    """Round to the nearest multiple of 5: a remainder of 1 or 2 rounds down,
    3 or 4 rounds up (7 -> 5, 8 -> 10)."""
    return (pips + 2) // 5 * 5


@dataclass(frozen=True, slots=True)
class Rules:
    """How a match is played. ``None`` means "the usual for this many players".

    >>> Rules().deal_size, Rules().points_to_win
    (9, 250)
    >>> Rules(players=4).sides
    2
    """

    players: int = 2
    partnerships: bool | None = None
    hand_size: int | None = None
    target: int | None = None
    hand_end: HandEnd = "subtract-own"
    lead: Lead = "random"
    win: Win = "immediate"

    def __post_init__(self) -> None:
        _check(self)

    @property
    def teams(self) -> bool:
        """Whether seats 0+2 and 1+3 play as partners."""
        if self.partnerships is None:
            return self.players == 4
        return self.partnerships

    @property
    def sides(self) -> int:
        """How many sides keep a score: a side is a player, or a team."""
        return 2 if self.teams else self.players

    def side_of(self, seat: int) -> int:
        return seat % 2 if self.teams else seat

    def seats_of(self, side: int) -> tuple[int, ...]:
        return tuple(s for s in range(self.players) if self.side_of(s) == side)

    @property
    def deal_size(self) -> int:
        """Tiles dealt to each player: 9 with 2 players, 7 with 3, 5 with 4."""
        if self.hand_size is not None:
            return self.hand_size
        return {2: 9, 3: 7, 4: 5}[self.players]

    @property
    def points_to_win(self) -> int:
        """The target: 250 with 2 players, 200 with 3 or 4."""
        if self.target is not None:
            return self.target
        return 250 if self.players == 2 else 200

    def to_json(self) -> dict[str, Any]:
        """The keys that differ from the defaults, as a record writes them."""
        default = Rules(players=self.players)
        out: dict[str, Any] = {"players": self.players}
        for f in fields(self):
            value = getattr(self, f.name)
            if f.name != "players" and value != getattr(default, f.name):
                out[f.name] = value
        return out

    @staticmethod
    def from_json(data: object) -> Rules:
        """Read the ``rules`` object of a record; omitted keys take their defaults."""
        if not isinstance(data, Mapping):
            raise RulesError('the rules must be an object such as {"players": 2}')
        known = {f.name for f in fields(Rules)}
        unknown = sorted(str(k) for k in data if k not in known)
        if unknown:
            raise RulesError(f"unknown rules option {unknown[0]!r}; known: {', '.join(sorted(known))}")
        return Rules(**dict(data))

    def with_options(self, **changes: Any) -> Rules:
        return replace(self, **changes)

    @staticmethod
    def preset(name: str, players: int = 2) -> Rules:
        """A named set of house rules for ``players`` players (see :data:`PRESETS`)."""
        try:
            make = PRESETS[name]
        except KeyError:
            raise RulesError(f"no preset {name!r}; presets: {', '.join(PRESETS)}") from None
        return make(players)


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _check(rules: Rules) -> None:
    """Refuse option values no table could play by, saying which and why."""
    if not _is_int(rules.players) or rules.players not in OPTION_RANGES.players:
        raise RulesError(f"players must be 2, 3 or 4, not {rules.players!r}")
    if rules.partnerships is not None and not isinstance(rules.partnerships, bool):
        raise RulesError(f"partnerships must be true or false, not {rules.partnerships!r}")
    if rules.partnerships and rules.players not in OPTION_RANGES.partnerships:
        raise RulesError("partnerships need 4 players")
    sizes = OPTION_RANGES.hand_sizes(rules.players)
    most = sizes[-1]
    if rules.hand_size is not None and (not _is_int(rules.hand_size) or rules.hand_size not in sizes):
        raise RulesError(
            f"hand_size must be a whole number from 1 to {most} with {rules.players} players, not {rules.hand_size!r}"
        )
    if rules.target is not None and (not _is_int(rules.target) or rules.target < 1):
        raise RulesError(f"target must be a positive whole number, not {rules.target!r}")
    for name in ("hand_end", "lead", "win"):
        allowed = getattr(OPTION_RANGES, name)
        value = getattr(rules, name)
        if value not in allowed:
            raise RulesError(f"{name} must be one of {', '.join(allowed)}, not {value!r}")


def _standard(players: int) -> Rules:
    return Rules(players=players)


def _five_each(players: int) -> Rules:
    # "Some people prefer to play so that each player draws 5 dominoes, no
    # matter how many players there are."
    return Rules(players=players, hand_size=5)


def _seven_five(players: int) -> Rules:
    # "Another alternative: with 2 players each takes 7 tiles, and with 3 or 4
    # players each takes 5."
    return Rules(players=players, hand_size=7 if players == 2 else 5)


def _computer(players: int) -> Rules:
    # The computer game's house rules: 7 tiles, the highest double leads every
    # hand, and whoever chips out scores the opponents' pips.
    return Rules(players=players, hand_size=7, hand_end="winner-takes", lead="highest-double")


PRESETS: Final = {
    "standard": _standard,
    "five-each": _five_each,
    "seven-five": _seven_five,
    "computer": _computer,
}
"""Named rule sets: the usual rules, the two dealing alternatives the rules
mention, and the house rules of the computer game."""
