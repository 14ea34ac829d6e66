"""A deal: each seat's tiles, the boneyard in draw order, who leads, and
the seed it was dealt from, with the seed's fingerprint (shown before the
seed is) and the refusal of a deal that does not fit the rules."""

from __future__ import annotations

import hashlib
import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

from .chance import shuffle
from .refusal import Refused
from .rules import Rules
from .tiles import TILES, Tile

__all__ = ["BONEYARD", "FINGERPRINT_CHARS", "MAX_SEED_CHARS", "Deal", "DealError", "fingerprint"]

#: How much of the seed's SHA-256 a fingerprint shows: 16 hexadecimal
#: digits (64 bits), short enough to compare by eye, too many to find a
#: second seed with the same fingerprint.
FINGERPRINT_CHARS: Final = 16
#: The longest seed a deal may carry (the game's are under 40 characters).
MAX_SEED_CHARS: Final = 200
#: Where a tile dealt twice lies, when it is not in a seat's hand (a refusal's
#: ``first`` or ``second``; a seat's hand is its number).
BONEYARD: Final = "boneyard"


def fingerprint(seed: str) -> str:
    """The seed's fingerprint: the first digits of the SHA-256 of its UTF-8
    text, shown when a hand starts, before the seed itself is revealed.

    >>> fingerprint("7/hand/1")
    '2ab32222a1a7e91c'
    """
    return hashlib.sha256(seed.encode("utf-8")).hexdigest()[:FINGERPRINT_CHARS]


class DealError(Refused):
    """A deal that does not fit the rules; nothing was changed. Its code
    says why (:class:`~allfives.refusal.Refused`)."""


@dataclass(frozen=True, slots=True)
class Deal:
    """Each seat's tiles, the boneyard in draw order, and who leads (needed
    only where the rules leave the lead to chance); and the ``seed`` it was
    dealt from, when it was (:meth:`from_seed`), so anyone can deal it again
    and check it (:mod:`allfives.verify`)."""

    hands: tuple[tuple[Tile, ...], ...]
    boneyard: tuple[Tile, ...]
    leader: int | None = None
    seed: str | None = None

    @staticmethod
    def from_seed(rules: Rules, seed: str, *, choose_leader: bool = True) -> Deal:
        """The deal that ``seed`` (any text) gives: :meth:`shuffle` with
        ``random.Random(seed)``, which seeds from the text's UTF-8 bytes and
        their SHA-512, the same on every Python since 3.2, CPython or
        Pyodide. The deal carries its seed.

        >>> from allfives import Rules
        >>> deal = Deal.from_seed(Rules(hand_size=3), "7/hand/1")
        >>> [[str(t) for t in hand] for hand in deal.hands], deal.leader
        ([['6-2', '2-1', '6-5'], ['6-0', '6-1', '4-2']], 1)
        """
        dealt = Deal.shuffle(rules, random.Random(seed), choose_leader=choose_leader)
        return Deal(dealt.hands, dealt.boneyard, dealt.leader, seed)

    @staticmethod
    def shuffle(rules: Rules, rng: random.Random, *, choose_leader: bool = True) -> Deal:
        """Shuffle the 28 tiles face down and deal them; pick the leader at
        random when ``choose_leader``. The same seed deals the same tiles on
        CPython and Pyodide."""
        tiles = list(TILES)
        shuffle(tiles, rng)
        size = rules.deal_size
        hands = tuple(tuple(tiles[i * size : (i + 1) * size]) for i in range(rules.players))
        boneyard = tuple(tiles[rules.players * size :])
        leader = rng.randrange(rules.players) if choose_leader else None
        return Deal(hands, boneyard, leader)

    @staticmethod
    def from_text(
        hands: Sequence[Sequence[str]], boneyard: Sequence[str] | None = None, leader: int | None = None
    ) -> Deal:
        """A deal written as text. Without ``boneyard``, every other tile goes
        to the boneyard in set order (0-0 first), for tests and tutorials."""
        dealt = tuple(tuple(Tile.parse(t) for t in hand) for hand in hands)
        if boneyard is None:
            taken = {t for hand in dealt for t in hand}
            rest = tuple(t for t in TILES if t not in taken)
        else:
            rest = tuple(Tile.parse(t) for t in boneyard)
        return Deal(dealt, rest, leader)
