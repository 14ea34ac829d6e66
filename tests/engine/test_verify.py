"""Verifiable deals: a hand dealt from a seed carries it, and dealing the seed
again must give every seat's tiles, the leader chance chose, the boneyard in
its order and every draw. A record whose seed does not give its deal fails,
one line per difference; a record without seeds stays readable."""

from __future__ import annotations

import copy
import random
from typing import Any

import pytest
from helpers import EXAMPLE_RECORD

from allfives import Deal, Match, Rules, record
from allfives.match import DealError, fingerprint
from allfives.players.simple import greedy_move
from allfives.verify import all_verified, verify


def seeded_match(rules: Rules, seed: str, hands: int = 3) -> Match:
    """A match of greedy play, every hand dealt from ``seed/hand/n``."""
    match = Match(rules)
    while not match.is_over and len(match.hands) <= hands:
        if match.needs_deal:
            if len(match.hands) == hands:
                break
            match.deal_seed(f"{seed}/hand/{len(match.hands) + 1}")
            continue
        hand = match.hand
        assert hand is not None
        match.play(greedy_move(hand))
    return match


def a_record(rules: Rules | None = None) -> dict[str, Any]:
    return record.to_record(seeded_match(rules or Rules(), "verify"))


def test_a_seed_deals_the_same_tiles_as_the_generator_it_names() -> None:
    rules = Rules()
    assert Deal.from_seed(rules, "x/hand/1").hands == Deal.shuffle(rules, random.Random("x/hand/1")).hands
    assert Deal.from_seed(rules, "x/hand/1").seed == "x/hand/1"


def test_the_fingerprint_is_the_start_of_the_seeds_sha256() -> None:
    # printf '7/hand/1' | sha256sum
    assert fingerprint("7/hand/1") == "2ab32222a1a7e91c"


@pytest.mark.parametrize(
    "rules", [Rules(), Rules(players=4), Rules.preset("computer"), Rules(players=3, hand_end="winner-takes")]
)
def test_every_hand_of_a_seeded_match_is_verified(rules: Rules) -> None:
    data = a_record(rules)
    assert all(hand["seed"].startswith("verify/hand/") for hand in data["hands"])
    checks = verify(data)
    assert [c.hand for c in checks] == list(range(1, len(data["hands"]) + 1))
    assert all_verified(checks)


def test_the_record_carries_the_seed_and_reads_it_back() -> None:
    data = a_record()
    assert record.from_record(data).history[0].deal.seed == data["hands"][0]["seed"]
    assert record.to_record(record.from_record(data)) == data


def test_a_seat_dealt_other_tiles_than_the_seed_gives_fails() -> None:
    data = a_record()
    data["hands"][0]["seed"] = "verify/hand/9"
    checks = verify(data)
    assert not all_verified(checks)
    lines = [c.line for c in checks if c.hand == 1]
    assert any(line.startswith('hand 1: the seed "verify/hand/9" deals seat 1 ') for line in lines)
    assert any("but the record gives it" in line for line in lines)
    assert [c.verified for c in checks if c.hand == 2] == [True]


def test_a_boneyard_in_another_order_fails() -> None:
    data = a_record()
    hand = data["hands"][0]
    hand["boneyard"] = hand["boneyard"][::-1]
    hand["moves"] = []  # the draws would now be other tiles: the deal alone
    data["hands"] = [hand]
    (check,) = verify(data)
    assert check.verified is False
    assert "leaves the boneyard" in check.line
    assert "in this order, but the record's is" in check.line


def test_a_leader_chance_did_not_choose_fails() -> None:
    data = a_record()
    hand = data["hands"][0]
    hand["leader"] = 1 - hand["leader"]
    hand["moves"] = []
    data["hands"] = [hand]
    (check,) = verify(data)
    assert check.verified is False
    assert f"chooses seat {2 - hand['leader']} to lead, but the record has seat {hand['leader'] + 1}" in check.line


def test_a_record_without_seeds_stays_readable_but_is_not_verified() -> None:
    old = copy.deepcopy(EXAMPLE_RECORD)
    assert record.from_record(old).history[0].deal.seed is None
    (check,) = verify(old)
    assert check.verified is None
    assert check.line == "hand 1: no seed (dealt before deals carried one), so it cannot be checked"
    assert not all_verified([check])


@pytest.mark.parametrize("seed", [7, "", "x" * 201, ["a"]])
def test_a_seed_that_is_not_a_short_text_is_refused(seed: object) -> None:
    data = a_record()
    data["hands"][0]["seed"] = seed
    with pytest.raises(record.RecordError, match="hand 1: the seed must be a text of 1 to 200 characters"):
        record.from_record(data)
    dealt = Deal.from_seed(Rules(), "a")
    with pytest.raises(DealError, match="a seed is a text of 1 to 200 characters"):
        Match(Rules()).start_hand(Deal(dealt.hands, dealt.boneyard, dealt.leader, seed))  # type: ignore[arg-type]
