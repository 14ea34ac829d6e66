"""The New match form as a value: what each of its fields holds, and what a
change of one does to the others. :func:`game.dialogs.words.new_match_markup`
draws it; a field's change comes from the page as plain data (its name and
value) and gives the next form (:meth:`MatchForm.changed`); Start reads the
form, never the screen (:meth:`MatchForm.setup`). Pure Python, so pytest
runs it on CPython.

A preset fills in the rules: one of All Fives' own, or a game of its family
(Fives and Threes, Muggins, Sniff), whose options the form does not show
(what scores, how it is written, the spinner, the boneyard) are kept with
the form as the preset set them, until another preset is chosen."""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Final

from allfives.rules import GAMES, OPTION_RANGES, PRESETS, Rules, RulesError

from game import words
from table.game import GameSetup, SeatSetup
from table.i18n import Translator

__all__ = ["FAMILY_OPTIONS", "REDRAWN_BY", "MatchForm"]

#: The rules options of the family's games that the form does not show: a
#: preset sets them, and they stay as it set them.
FAMILY_OPTIONS: Final = ("scoring", "marking", "finish", "spinner", "boneyard", "claims")
#: The rules options the form shows as drop-downs.
CHOSEN: Final = ("hand_end", "lead", "win")
#: The fields whose change changes others: the form is drawn again after them.
REDRAWN_BY: Final = frozenset({"players", "preset"})


def _family(rules: Rules) -> tuple[tuple[str, str], ...]:
    """The family's options of ``rules`` that differ from All Fives' own.
    A count is scored at once: the page does not yet ask a person to claim
    one, so Muggins is played here with its counts scored (claims "scored")."""
    usual = Rules(players=rules.players)
    return tuple(
        (name, getattr(rules, name))
        for name in FAMILY_OPTIONS
        if name != "claims" and getattr(rules, name) != getattr(usual, name)
    )


def _rules_fields(rules: Rules) -> dict[str, Any]:
    """The form's fields that ``rules`` fill in: the numbers as their text,
    the choices, and the family's options the form does not show."""
    return {
        "hand_size": str(rules.hand_size or ""),
        "target": str(rules.target or ""),
        "hand_end": rules.hand_end,
        "lead": rules.lead,
        "win": rules.win,
        "family": _family(rules),
    }


@dataclass(frozen=True, slots=True)
class MatchForm:
    """The New match form as it stands: each field as typed or chosen (a
    number as its text: what is typed is checked at Start), the family's
    options a preset set, and the refusal said under the form."""

    preset: str  # "" for the player's own choice
    players: int
    partnerships: bool
    names: tuple[str, ...]  # every seat's, those beyond the count kept for when it is raised
    kinds: tuple[str, ...]  # "person" or a computer level, one per seat
    hand_size: str
    target: str
    hand_end: str
    lead: str
    win: str
    seed: str = ""
    family: tuple[tuple[str, str], ...] = ()
    refusal: str = ""

    @staticmethod
    def of(t: Translator, setup: GameSetup) -> MatchForm:
        """The form filled in with the match ``setup`` would start."""
        rules, most = setup.rules, max(OPTION_RANGES.players)
        seats = [
            setup.seats[seat] if seat < len(setup.seats) else SeatSetup(words.default_name(t, seat, most), "medium")
            for seat in range(most)
        ]
        return MatchForm(
            preset="",
            players=rules.players,
            partnerships=rules.teams,
            names=tuple(seat.name for seat in seats),
            kinds=tuple(seat.kind for seat in seats),
            **_rules_fields(rules),
        )

    @property
    def usual(self) -> Rules:
        """The rules of the game chosen, for this many players, with every
        number left as usual: what a field left empty means."""
        try:
            return Rules(players=self.players, **dict(self.family))  # type: ignore[arg-type]
        except RulesError:
            return Rules(players=self.players)

    @property
    def may_partner(self) -> bool:
        """Whether this many players may sit as two partnerships."""
        return self.players in OPTION_RANGES.partnerships

    @property
    def target_step(self) -> int:
        """How the target moves: in fives where every score is a multiple of
        5, in ones where points are counted one a five (61 in Fives and Threes)."""
        return OPTION_RANGES.target_step_for(self.usual)

    def changed(self, t: Translator, name: str, value: str) -> MatchForm:
        """The form once the field ``name`` says ``value`` (a box: "checked"
        or ""). A count of players renames the default names for it and sits
        partners where they may (the usual game); a preset fills in the
        rules, for this many players. A value no field holds changes nothing."""
        form = dataclasses.replace(self, refusal="")
        if name == "players":
            if value not in {str(n) for n in OPTION_RANGES.players}:
                return self
            players = int(value)
            names = tuple(words.renamed_default(t, n, seat, players) for seat, n in enumerate(self.names))
            form = dataclasses.replace(
                form, players=players, names=names, partnerships=players in OPTION_RANGES.partnerships
            )
            return form.with_preset(self.preset) if self.preset else form
        if name == "preset":
            return form.with_preset(value) if value in PRESETS or value in GAMES or not value else self
        if name == "partnerships":
            return dataclasses.replace(form, partnerships=value == "checked" and self.may_partner)
        seat = _seat_of(name)
        if seat is not None and seat < len(self.names):
            if name.startswith("name"):
                return dataclasses.replace(form, names=_with(self.names, seat, value))
            return dataclasses.replace(form, kinds=_with(self.kinds, seat, value))
        if name in ("hand_size", "target", "seed", *CHOSEN):
            return dataclasses.replace(form, **{name: value})  # type: ignore[arg-type]
        return self

    def with_preset(self, preset: str) -> MatchForm:
        """The form with ``preset``'s rules for this many players filled in
        ("": the player's own choice, the rules left as they are)."""
        if not preset:
            return dataclasses.replace(self, preset="")
        rules = Rules.preset(preset, self.players)
        return dataclasses.replace(self, preset=preset, **_rules_fields(rules))

    def refused(self, refusal: str) -> MatchForm:
        """The form as it was, saying ``refusal`` under it."""
        return dataclasses.replace(self, refusal=refusal)

    def values(self) -> dict[str, str]:
        """The fields by name, as :func:`words.read_setup` reads them."""
        values = {
            "players": str(self.players),
            "hand_size": self.hand_size,
            "target": self.target,
            "hand_end": self.hand_end,
            "lead": self.lead,
            "win": self.win,
            "seed": self.seed,
        }
        for seat, (name, kind) in enumerate(zip(self.names, self.kinds, strict=True)):
            values[f"name{seat}"], values[f"kind{seat}"] = name, kind
        return values

    def setup(self, t: Translator) -> GameSetup:
        """The match Start begins; a value the rules refuse raises
        ``RulesError`` (its code says why), one that is not a number
        ``ValueError`` (in words)."""
        family: Mapping[str, str] = dict(self.family)
        return words.read_setup(t, self.values(), partnerships=self.partnerships, family=family)


def _seat_of(name: str) -> int | None:
    """The seat of a seat's field, "name2" or "kind2": 2; else None."""
    for what in ("name", "kind"):
        if name.startswith(what) and name[len(what) :].isdigit():
            return int(name[len(what) :])
    return None


def _with(values: tuple[str, ...], index: int, value: str) -> tuple[str, ...]:
    return (*values[:index], value, *values[index + 1 :])
