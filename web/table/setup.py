"""Who plays and by what rules: the choices of the New match form
(:class:`GameSetup`, a :class:`SeatSetup` per seat), as the saved game and
the records keep them, and read back with a clear refusal when they are
damaged. Browser-free; :mod:`table.game` deals and plays a match from
them."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Final

from allfives import Rules
from allfives.players import LEVELS
from allfives.refusal import Refused

__all__ = ["MAX_NAME", "PERSON", "GameSetup", "SeatSetup", "clean_name", "default_setup"]

PERSON: Final = "person"
MAX_NAME: Final = 24


@dataclass(frozen=True, slots=True)
class SeatSetup:
    """Who sits at a seat: a person, or a computer ``level``."""

    name: str
    kind: str = PERSON

    @property
    def is_person(self) -> bool:
        return self.kind == PERSON

    def to_json(self) -> dict[str, str]:
        return {"name": self.name, "kind": self.kind}

    @staticmethod
    def from_json(data: object, seat: int) -> SeatSetup:
        if not isinstance(data, Mapping):
            raise ValueError(f"seat {seat + 1} is not described properly")
        kind = data.get("kind", PERSON)
        if kind != PERSON and kind not in LEVELS:
            raise ValueError(f"seat {seat + 1} has an unknown player type {str(kind)[:20]!r}")
        return SeatSetup(clean_name(data.get("name"), seat), str(kind))


def clean_name(name: object, seat: int) -> str:
    """A player's name as typed, trimmed to something that fits on screen."""
    text = " ".join(str(name).split()) if isinstance(name, str) else ""
    # A name read from JSON may hold UTF-16 halves ("\\ud800\\udc00"): a pair
    # becomes the one character it stands for, a lone half a replacement
    # mark, so the name saves and reads back as the same text.
    text = text.encode("utf-16", "surrogatepass").decode("utf-16", "replace")
    return text[:MAX_NAME] or f"Player {seat + 1}"


@dataclass(frozen=True, slots=True)
class GameSetup:
    """Everything the new-match dialog chooses."""

    rules: Rules = field(default_factory=Rules)
    seats: tuple[SeatSetup, ...] = (SeatSetup("You"), SeatSetup("Computer", "medium"))
    seed: int | None = None

    def to_json(self) -> dict[str, Any]:
        return {"rules": self.rules.to_json(), "seats": [s.to_json() for s in self.seats], "seed": self.seed}

    @staticmethod
    def from_json(data: object) -> GameSetup:
        if not isinstance(data, Mapping):
            raise ValueError("the game settings are not readable")
        rules = Rules.from_json(data.get("rules", {}))
        seats_data = data.get("seats")
        if not isinstance(seats_data, list) or len(seats_data) != rules.players:
            raise Refused(f"the settings must name {rules.players} players", "players", {"players": rules.players})
        seats = tuple(SeatSetup.from_json(s, i) for i, s in enumerate(seats_data))
        seed = data.get("seed")
        if seed is not None and (not isinstance(seed, int) or isinstance(seed, bool)):
            raise ValueError("the seed must be a whole number")
        return GameSetup(rules, seats, seed)


def default_setup(rules: Rules) -> GameSetup:
    """Seats for a record that does not say who played: all people."""
    return GameSetup(rules, tuple(SeatSetup(f"Player {i + 1}") for i in range(rules.players)))
