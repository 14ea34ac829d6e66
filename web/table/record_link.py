"""A record as a link: the ``#game=`` links the game shares and the
``#record=`` links of the replay and the embed code (docs/embedding.md).

The record's JSON, compressed and URL-safe. A hand whose deal is the one
its seed gives leaves the deal and the boneyard out, and the reader deals
them again: they are about half of a hand's bytes, and a link carries every
hand of the match so far. A deal that is not its seed's stays in the link,
so a record that would not verify still does not. Browser-free.
"""

from __future__ import annotations

import base64
import json
import zlib
from collections.abc import Mapping
from typing import Any, Final

from allfives import Deal, Rules, json_text
from allfives.record import RecordError
from allfives.refusal import Refused

__all__ = ["MAX_LINK_CHARS", "LinkError", "decode_link", "encode_link"]

MAX_LINK_CHARS: Final = 20_000


class LinkError(Refused):
    """A shared link that cannot be read; the message says why, and so does
    its code (``link_long``, ``link_damaged``)."""


def encode_link(record: Mapping[str, Any]) -> str:
    """``record``, compressed and URL-safe, its seeded deals left out."""
    raw = json.dumps(_seeded_deals_left_out(record), separators=(",", ":")).encode()
    return base64.urlsafe_b64encode(zlib.compress(raw, 9)).decode().rstrip("=")


def decode_link(text: str) -> object:
    """The record in a link made by :func:`encode_link`, its deals dealt
    again from their seeds (or the object in it, for the record's reader to
    refuse); :class:`LinkError` when it holds no JSON, ``RecordError`` when
    its JSON nests deeper than any record (as the record's reader says it)."""
    if len(text) > MAX_LINK_CHARS:
        raise LinkError("this link is too long to be a game link", "link_long")
    try:
        packed = base64.b64decode(text + "=" * (-len(text) % 4), altchars=b"-_", validate=True)
        unpack = zlib.decompressobj()
        raw = unpack.decompress(packed, 1_000_000)
        if not unpack.eof:
            raise ValueError("truncated, or too big")
        data = json_text.loads(raw)
    except json_text.TooDeep as error:  # JSON, but no record: refused as the record's reader refuses it
        raise RecordError(f"the record is not valid JSON ({error.msg})", "not_json") from None
    except (ValueError, zlib.error):
        raise LinkError("this link is damaged: it does not hold a game", "link_damaged") from None
    return _seeded_deals_dealt(data)


def _seeded_deal(rules: Rules, hand: object) -> tuple[list[list[str]], list[str]] | None:
    """The deal and the boneyard that ``hand``'s seed gives, written as a
    record writes them; None for a hand with no seed."""
    seed = hand.get("seed") if isinstance(hand, Mapping) else None
    if not isinstance(seed, str):
        return None
    # Who leads is drawn after the tiles, and the record says it: the tiles are the same either way.
    dealt = Deal.from_seed(rules, seed, choose_leader=False)
    return [[str(t) for t in tiles] for tiles in dealt.hands], [str(t) for t in dealt.boneyard]


def _link_rules(record: object) -> Rules | None:
    """The rules of ``record``, when they can be read (the record's reader
    says what is wrong with them otherwise)."""
    if not isinstance(record, Mapping) or not isinstance(record.get("hands"), list):
        return None
    try:
        return Rules.from_json(record.get("rules", {}))
    except (ValueError, TypeError, RecursionError):
        return None


def _seeded_deals_left_out(record: Mapping[str, Any]) -> Mapping[str, Any]:
    """``record`` without the deals its hands' seeds give (a deal that is
    not its seed's stays, so a record that would not verify still does not)."""
    rules = _link_rules(record)
    if rules is None:
        return record
    hands = []
    for hand in record["hands"]:
        seeded = _seeded_deal(rules, hand)
        if seeded is not None and (hand.get("deal"), hand.get("boneyard")) == seeded:
            hand = {key: value for key, value in hand.items() if key not in ("deal", "boneyard")}
        hands.append(hand)
    return {**record, "hands": hands}


def _seeded_deals_dealt(data: object) -> object:
    """The record of a link with each deal left out dealt again from its seed."""
    rules = _link_rules(data)
    if rules is None or not isinstance(data, dict):
        return data
    for hand in data["hands"]:
        if isinstance(hand, dict) and "deal" not in hand and "boneyard" not in hand:
            seeded = _seeded_deal(rules, hand)
            if seeded is not None:
                hand["deal"], hand["boneyard"] = seeded
    return data
