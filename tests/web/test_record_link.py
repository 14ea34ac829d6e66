"""A record as a link (table/record_link.py): the ``#game=`` links and the
replay's ``#record=`` links, the embed code's among them. A hand whose deal
is its seed's leaves the deal out of the link, and reading the link deals it
again: the record read is the record written, and a deal that is not its
seed's is still found out."""

from __future__ import annotations

import base64
import json
import zlib
from typing import Any

import pytest
from helpers import EXAMPLE_RECORD, changed, seeded_record

from allfives.verify import all_verified, verify

from table.record_link import LinkError, decode_link, encode_link


def written(link: str) -> dict[str, Any]:
    """What a link holds, as it was written (its deals not dealt again)."""
    raw = zlib.decompress(base64.urlsafe_b64decode(link + "=" * (-len(link) % 4)))
    data = json.loads(raw)
    assert isinstance(data, dict)
    return data


def old_link(record: dict[str, Any]) -> str:
    """A link as the game wrote it before deals were left out: every deal in it."""
    raw = json.dumps(record, separators=(",", ":")).encode()
    return base64.urlsafe_b64encode(zlib.compress(raw, 9)).decode().rstrip("=")


@pytest.mark.parametrize(
    "record", [seeded_record(3), changed(seeded_record(3), 2), EXAMPLE_RECORD], ids=["seeded", "changed", "unseeded"]
)
def test_a_link_gives_back_the_record_it_was_made_of(record: dict[str, Any]) -> None:
    assert decode_link(encode_link(record)) == record


def test_a_deal_its_seed_gives_is_left_out_of_the_link() -> None:
    record = seeded_record(3)
    hands = written(encode_link(record))["hands"]
    assert [sorted(hand) for hand in hands] == [["leader", "moves", "seed"]] * 3
    assert len(encode_link(record)) < len(old_link(record))


def test_a_deal_that_is_not_its_seeds_stays_in_the_link_and_is_still_found_out() -> None:
    record = changed(seeded_record(3), 2)
    hands = written(encode_link(record))["hands"]
    assert ["deal" in hand for hand in hands] == [False, True, False]
    checks = verify(decode_link(encode_link(record)))
    assert not all_verified(checks)
    assert {c.hand for c in checks if not c.verified} == {2}


def test_a_link_written_with_every_deal_still_opens() -> None:
    record = seeded_record(3)
    assert decode_link(old_link(record)) == record


@pytest.mark.parametrize(
    "data",
    [
        {"hands": [{"seed": "x", "moves": []}], "rules": {"players": 99}},
        {"hands": "none", "rules": {}},
        [1, 2, 3],
        {"hands": [{"seed": 7}, "a hand"]},
    ],
    ids=["bad rules", "no list of hands", "not an object", "bad hands"],
)
def test_what_is_not_a_record_is_given_back_as_it_is_for_the_reader_to_refuse(data: object) -> None:
    assert decode_link(old_link(data)) == data  # type: ignore[arg-type]


def test_a_damaged_link_is_refused_in_words() -> None:
    with pytest.raises(LinkError, match="damaged"):
        decode_link(encode_link(seeded_record(1))[:-9] + "!")
