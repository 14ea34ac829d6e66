"""Properties of every seeded random game, under every variant."""

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from allfives import TILES, HandEnded, IllegalMove, Match, Move, Played, Rules, Tile
from allfives.record import replay, to_record

RULES = st.builds(
    Rules,
    players=st.sampled_from([2, 3, 4]),
    hand_end=st.sampled_from(["subtract-own", "winner-takes"]),
    lead=st.sampled_from(["random", "highest-double"]),
    win=st.sampled_from(["immediate", "hand-end"]),
    target=st.sampled_from([None, 50, 100]),
).flatmap(
    lambda r: st.builds(
        Rules,
        players=st.just(r.players),
        partnerships=st.sampled_from([None, False] if r.players != 4 else [None, False, True]),
        hand_size=st.one_of(st.none(), st.integers(1, 28 // r.players)),
        hand_end=st.just(r.hand_end),
        lead=st.just(r.lead),
        win=st.just(r.win),
        target=st.just(r.target),
    )
)

EVERY_MOVE = [Move(t) for t in TILES] + [Move.parse(f"{t} {e}") for t in TILES for e in "WENS"]


def _all_accounted_for(match: Match) -> bool:
    hand = match.hand
    assert hand is not None
    everywhere: list[Tile] = [t for h in hand.hands for t in h] + hand.boneyard + hand.layout.tiles()
    return sorted(everywhere) == list(TILES)


@settings(max_examples=60, deadline=None)
@given(rules=RULES, seed=st.integers(0, 2**32))
def test_random_matches_keep_every_rule(rules: Rules, seed: int) -> None:
    rng = random.Random(seed)
    match = Match(rules)
    events = []
    hands = 0
    while not match.is_over and hands < 60:
        if match.needs_deal:
            events += match.deal(rng)
            hands += 1
            continue
        legal = match.legal_moves()
        assert legal, "the player to move always has a move"
        # No legal move is refused and no illegal one accepted.
        hand = match.hand
        assert hand is not None
        for move in rng.sample(EVERY_MOVE, 12):
            resolved = hand.resolve(move) if move.end is None else move
            try:
                hand.check(move)
            except IllegalMove:
                assert resolved not in legal
            else:
                assert resolved in legal or (move.end is None and hand.layout.is_empty)
        events += match.play(rng.choice(legal))
        assert _all_accounted_for(match)
    for event in events:
        if isinstance(event, Played):
            assert event.points % 5 == 0
            assert event.points in (0, event.total)
        if isinstance(event, HandEnded):
            assert event.reason in ("domino", "blocked")
    # A record round-trips and replays to the same events, at every step.
    record = to_record(match)
    assert [e.to_json() for e in replay(record)] == [e.to_json() for e in events]


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 2**32), cut=st.integers(0, 40))
def test_a_record_cut_anywhere_resumes_the_same_game(seed: int, cut: int) -> None:
    rng = random.Random(seed)
    match = Match(Rules(players=2))
    match.deal(rng)
    for _ in range(cut):
        if match.to_move is None:
            break
        match.play(rng.choice(match.legal_moves()))
    from allfives.record import from_record

    resumed = from_record(to_record(match))
    assert resumed.to_move == match.to_move
    assert resumed.scores == match.scores
    assert resumed.legal_moves() == match.legal_moves()


def test_the_same_seed_deals_the_same_game() -> None:
    def game(seed: int) -> list[dict[str, object]]:
        rng = random.Random(seed)
        match = Match(Rules())
        out = [e.to_json() for e in match.deal(rng)]
        while match.to_move is not None:
            out += [e.to_json() for e in match.play(rng.choice(match.legal_moves()))]
        return out

    assert game(11) == game(11)
    assert game(11) != game(12)
    # Pinned: CPython and Pyodide share Mersenne Twister and shuffle, so this
    # deal is the same in the browser.
    rng = random.Random(2026)
    match = Match(Rules())
    match.deal(rng)
    assert match.hand is not None
    assert [str(t) for t in match.hand.hands[0]][:3] == _FIRST_TILES_OF_SEED_2026


_FIRST_TILES_OF_SEED_2026 = ["4-2", "3-2", "3-0"]
