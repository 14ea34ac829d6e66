"""The rules options of a match, their defaults, and the named presets.

Variants are data, not subclasses: every rule that differs between tables is a
field of :class:`Rules`, with the names the ``allfives-record`` format uses.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, fields, replace
from typing import Any, Final, Literal

from .refusal import Refused

__all__ = [
    "GAMES",
    "OPTION_RANGES",
    "PRESETS",
    "ContradictoryRules",
    "OptionRanges",
    "Rules",
    "RulesError",
    "count_for",
    "round_to_five",
]

HandEnd = Literal["subtract-own", "winner-takes", "chip-out"]
Lead = Literal["random", "highest-double", "rotate"]
Win = Literal["immediate", "hand-end"]
Scoring = Literal["fives", "threes-and-fives"]
Marking = Literal["pips", "count"]
Finish = Literal["reach", "exact"]
Spinner = Literal["first-double", "none", "sniff"]
Boneyard = Literal["draw", "closed"]
Claims = Literal["scored", "called"]

HAND_ENDS: Final[tuple[HandEnd, ...]] = ("subtract-own", "winner-takes", "chip-out")
LEADS: Final[tuple[Lead, ...]] = ("random", "highest-double", "rotate")
WINS: Final[tuple[Win, ...]] = ("immediate", "hand-end")
SCORINGS: Final[tuple[Scoring, ...]] = ("fives", "threes-and-fives")
MARKINGS: Final[tuple[Marking, ...]] = ("pips", "count")
FINISHES: Final[tuple[Finish, ...]] = ("reach", "exact")
SPINNERS: Final[tuple[Spinner, ...]] = ("first-double", "none", "sniff")
BONEYARDS: Final[tuple[Boneyard, ...]] = ("draw", "closed")
CLAIMS: Final[tuple[Claims, ...]] = ("scored", "called")
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
    #: All Fives' own hand ends and leads; the family's games add "chip-out"
    #: and "rotate" (HAND_ENDS, LEADS), which their presets set.
    hand_end: tuple[HandEnd, ...] = ("subtract-own", "winner-takes")
    lead: tuple[Lead, ...] = ("random", "highest-double")
    win: tuple[Win, ...] = WINS
    scoring: tuple[Scoring, ...] = SCORINGS
    marking: tuple[Marking, ...] = MARKINGS
    finish: tuple[Finish, ...] = FINISHES
    spinner: tuple[Spinner, ...] = SPINNERS
    boneyard: tuple[Boneyard, ...] = BONEYARDS
    claims: tuple[Claims, ...] = CLAIMS
    #: Every score is a multiple of 5, so a target moves in fives; the
    #: smallest worth setting is the first score a side can make.
    target_step: int = 5

    def hand_sizes(self, players: int) -> range:
        """The tiles each of ``players`` may be dealt: from 1 to an equal share of the set."""
        return range(1, SET_SIZE // players + 1)

    @property
    def target_min(self) -> int:
        return self.target_step

    def target_step_for(self, rules: Rules) -> int:
        """How a target moves under ``rules``: in fives where every score is a
        multiple of 5 (the pips written), in ones where points are counted."""
        return self.target_step if rules.marking == "pips" else 1


OPTION_RANGES: Final = OptionRanges()


class RulesError(Refused):
    """A rules value that no table could play by. Its code says why, for a
    form that sets the rules (``"rules_hand_size"``, ``{"most": 9,
    "players": 2}``); a record read with such rules is refused with the
    code ``"rules"``."""


class ContradictoryRules(RulesError):
    """Two rules options, each playable alone, that no table could play by
    together; the message names both and says why."""


def round_to_five(pips: int) -> int:
    """Round to the nearest multiple of 5: a remainder of 1 or 2 rounds down,
    3 or 4 rounds up (7 -> 5, 8 -> 10)."""
    return (pips + 2) // 5 * 5


def count_for(scoring: Scoring, marking: Marking, total: int) -> int:
    """What an ends total of ``total`` scores.

    "fives": a positive multiple of 5 scores, written as its pips (10 scores
    10) or one point per five (10 scores 2, as pegged on a cribbage board).
    "threes-and-fives": the number of threes in the total plus the number of
    fives, each counted only when the total is a multiple of it (6 scores 2,
    10 scores 2, 15 scores 5 + 3 = 8, 18 scores 6, 7 scores nothing).

    >>> [count_for("threes-and-fives", "count", t) for t in (3, 5, 6, 10, 15, 18, 7)]
    [1, 1, 2, 2, 8, 6, 0]
    """
    if total <= 0:
        return 0
    if scoring == "fives":
        if total % 5:
            return 0
        return total if marking == "pips" else total // 5
    return (total // 3 if total % 3 == 0 else 0) + (total // 5 if total % 5 == 0 else 0)


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
    #: What an ends total scores: multiples of five, or of three and five.
    scoring: Scoring = "fives"
    #: How points are written: the pips themselves, or one point per five
    #: (or three) as on a cribbage board.
    marking: Marking = "pips"
    #: "exact": the target must be reached exactly; a score that would pass
    #: it is not counted.
    finish: Finish = "reach"
    #: The first double is the spinner (four ways), or there is none: doubles
    #: lie crosswise on a line with two ends; or the first double is Sniff's
    #: "sniff", a spinner whose two uncovered faces count on (docs/rules.md).
    spinner: Spinner = "first-double"
    #: "draw": a player who cannot play draws until a tile fits; "closed": no
    #: drawing, a player who cannot play knocks, the tiles left out of play.
    boneyard: Boneyard = "draw"
    #: "scored": a play's count is scored for its player at once; "called"
    #: (Muggins): the player claims it, and a count missed or overstated may
    #: be taken by an opponent who calls "Muggins" (docs/rules.md).
    claims: Claims = "scored"

    def __post_init__(self) -> None:
        _check(self)

    def score(self, total: int) -> int:
        """What a play leaving the ends at ``total`` scores (:func:`count_for`)."""
        return count_for(self.scoring, self.marking, total)

    def hand_points(self, pips: int) -> int:
        """Pips counted at a hand's end, rounded to the nearest five, as
        these rules write them (15 pips: 15, or 3 on a cribbage board)."""
        rounded = round_to_five(pips)
        return rounded if self.marking == "pips" else rounded // 5

    @property
    def all_fives(self) -> bool:
        """Whether the play follows All Fives' own rules (every family option
        at its default): the computer players' fast playouts assume it."""
        return (
            self.scoring == "fives"
            and self.marking == "pips"
            and self.finish == "reach"
            and self.spinner == "first-double"
            and self.boneyard == "draw"
            and self.hand_end != "chip-out"
        )

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
        """The target: 250 with 2 players, 200 with 3 or 4; 61 where points
        are counted one a five (once round a cribbage board)."""
        if self.target is not None:
            return self.target
        if self.marking == "count":
            return 61
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
            raise RulesError('the rules must be an object such as {"players": 2}', "rules_value")
        known = {f.name for f in fields(Rules)}
        unknown = sorted(str(k) for k in data if k not in known)
        if unknown:
            raise RulesError(f"unknown rules option {unknown[0]!r}; known: {', '.join(sorted(known))}", "rules_value")
        return Rules(**dict(data))

    def with_options(self, **changes: Any) -> Rules:
        return replace(self, **changes)

    @staticmethod
    def preset(name: str, players: int = 2) -> Rules:
        """A named set of house rules for ``players`` players (see :data:`PRESETS`)."""
        make = PRESETS.get(name) or GAMES.get(name)
        if make is None:
            raise RulesError(f"no preset {name!r}; presets: {', '.join([*PRESETS, *GAMES])}", "rules_value")
        return make(players)


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _check(rules: Rules) -> None:
    """Refuse option values no table could play by, saying which and why."""
    if not _is_int(rules.players) or rules.players not in OPTION_RANGES.players:
        raise RulesError(f"players must be 2, 3 or 4, not {rules.players!r}", "rules_players")
    if rules.partnerships is not None and not isinstance(rules.partnerships, bool):
        raise RulesError(f"partnerships must be true or false, not {rules.partnerships!r}", "rules_value")
    if rules.partnerships and rules.players not in OPTION_RANGES.partnerships:
        raise RulesError("partnerships need 4 players", "rules_partnerships")
    sizes = OPTION_RANGES.hand_sizes(rules.players)
    most = sizes[-1]
    if rules.hand_size is not None and (not _is_int(rules.hand_size) or rules.hand_size not in sizes):
        raise RulesError(
            f"hand_size must be a whole number from 1 to {most} with {rules.players} players, not {rules.hand_size!r}",
            "rules_hand_size",
            {"most": most, "players": rules.players},
        )
    if rules.target is not None and (not _is_int(rules.target) or rules.target < 1):
        raise RulesError(f"target must be a positive whole number, not {rules.target!r}", "rules_target")
    for name, allowed in _CHOICES.items():
        value = getattr(rules, name)
        if value not in allowed:
            raise RulesError(f"{name} must be one of {', '.join(allowed)}, not {value!r}", "rules_value")
    _check_together(rules)


_CHOICES: Final[dict[str, tuple[str, ...]]] = {
    "hand_end": HAND_ENDS,
    "lead": LEADS,
    "win": WINS,
    "scoring": SCORINGS,
    "marking": MARKINGS,
    "finish": FINISHES,
    "spinner": SPINNERS,
    "boneyard": BONEYARDS,
    "claims": CLAIMS,
}


def _check_together(rules: Rules) -> None:
    """Refuse options that contradict each other, naming both."""
    if rules.scoring == "threes-and-fives" and rules.marking == "pips":
        raise ContradictoryRules(
            'scoring "threes-and-fives" counts one point per three and per five (15 scores 8): '
            'it cannot be written as pips; use marking "count"',
            "rules_threes_pips",
        )
    if rules.hand_end == "chip-out" and rules.marking == "pips":
        raise ContradictoryRules(
            'hand_end "chip-out" scores one point for going out, which marking "pips" '
            '(every score a multiple of 5) cannot write; use marking "count"',
            "rules_chip_out_pips",
        )
    if rules.finish == "exact" and rules.win == "hand-end":
        raise ContradictoryRules(
            'finish "exact" ends the match the moment a side reaches the target exactly, '
            'so it cannot wait for the hand\'s end (win "hand-end"); use win "immediate"',
            "rules_exact_hand_end",
        )


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


def _fives_and_threes(players: int) -> Rules:
    # The English pub game (docs/rules.md, "Fives and Threes"): 7 tiles with
    # 2 players, 5 with 3 or 4, the rest out of play; no spinner; threes and
    # fives counted on a cribbage board to 61 exactly; one point for chipping
    # out (both partners, in partnerships); the lead passes to the left.
    return Rules(
        players=players,
        hand_size=7 if players == 2 else 5,
        target=61,
        hand_end="chip-out",
        lead="rotate",
        scoring="threes-and-fives",
        marking="count",
        finish="exact",
        spinner="none",
        boneyard="closed",
    )


def _muggins(players: int) -> Rules:
    # Muggins (docs/rules.md, "Muggins"): 7 tiles with 2 players, 5 with 3
    # or 4; the highest double leads; a line with two ends (no spinner);
    # multiples of five scored as pips; drawing until a tile fits; whoever
    # goes out takes the others' pips rounded to five; 100 up; a count is
    # scored only when claimed, and an opponent may call "Muggins" on one
    # missed or overstated.
    return Rules(
        players=players,
        hand_size=7 if players == 2 else 5,
        target=100,
        hand_end="winner-takes",
        lead="highest-double",
        spinner="none",
        claims="called",
    )


def _sniff(players: int) -> Rules:
    # Sniff (docs/rules.md, "Sniff"): 7 tiles with 2 players, 6 with 3, 5
    # with 4; the first hand's lead by lot, then whoever went out; the first
    # double is the sniff, a spinner whose faces North and South count on
    # while nothing covers them; drawing until a tile fits; fives as pips;
    # whoever goes out takes the others' pips rounded to five; 200 up.
    return Rules(
        players=players,
        hand_size={2: 7, 3: 6, 4: 5}.get(players),
        target=200,
        hand_end="winner-takes",
        spinner="sniff",
    )


PRESETS: Final = {
    "standard": _standard,
    "five-each": _five_each,
    "seven-five": _seven_five,
    "computer": _computer,
}
"""Named rule sets of All Fives: the usual rules, the two dealing
alternatives the rules mention, and the house rules of the computer game."""

GAMES: Final = {
    "fives-and-threes": _fives_and_threes,
    "muggins": _muggins,
    "sniff": _sniff,
}
"""All Fives' family: other games as presets of the same options
(docs/rules.md names their sources). :meth:`Rules.preset` knows them too."""
