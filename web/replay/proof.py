"""What the replay says of a record's seeds, browser-free: each hand dealt
from a seed is dealt again from it by the engine (:func:`allfives.verify.verify`;
no rule lives here), and one quiet line under the replay says whether every
deal and every draw follows from its seed, or which hands' do not. A record
whose hands carry no seed says nothing. The replay plays a record that fails
all the same: it is shown, and marked."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from allfives.record import RecordError
from allfives.verify import verify

from replay.frames import ReaderTranslator

__all__ = ["SeedLine", "seed_line"]


@dataclass(frozen=True, slots=True)
class SeedLine:
    """The line under the replay, and whether a deal failed its seed."""

    text: str
    failed: bool


def seed_line(words: ReaderTranslator, record: Mapping[str, Any]) -> SeedLine | None:
    """What the replay says of ``record``'s seeds; None when no hand carries one."""
    try:
        checks = verify(record)
    except RecordError:
        return None  # the replay has said why it cannot read the record
    failed = sorted({check.hand for check in checks if check.verified is False})
    if failed:
        hands = words.join([words.number(hand) for hand in failed])
        key = "embed_seeds_failed_one" if len(failed) == 1 else "embed_seeds_failed_many"
        return SeedLine(words(key, hands=hands), True)
    verified = [check for check in checks if check.verified]
    if not verified:
        return None
    key = "embed_seeds_verified" if len(verified) == len(checks) else "embed_seeds_verified_some"
    return SeedLine(words(key), False)
