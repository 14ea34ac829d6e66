"""The computer players: legal, seeded, honest, explained, on budget."""

from __future__ import annotations

import argparse
import inspect
import itertools
import json
import random

import pytest
from helpers import WorkClock, a_choice_of_moves, match_with, my_view, positions, work_clock

from allfives import TILES, Deal, HandState, Match, Move, Rules
from allfives.cli.arena import add_arguments, play_deals, play_matches, run
from allfives.players import LEVELS, MESSAGES, REFERENCE, Decision, Player, Reason, make_player
from allfives.players.base import BasePlayer
from allfives.players.endgame import solve
from allfives.players.expert import Expert
from allfives.players.knowledge import PASSED_UP, Knowledge
from allfives.players.medium import medium_move
from allfives.players.pimc import Pimc, survivors
from allfives.players.playouts import wary_move
from allfives.players.search import Result, margin, play_out
from allfives.players.simple import greedy_move
from allfives.view import SeatView, view_of

ALL = (*LEVELS, REFERENCE)


def quick(level: str, seed: int) -> Player:
    """A player of ``level`` with its search cut short, for fast tests."""
    rng = random.Random(seed)
    if level == "hard":
        return Pimc("hard", rng, medium_move, deals=6, budget_ms=None)
    if level == REFERENCE:
        return Pimc(REFERENCE, rng, greedy_move, deals=6, budget_ms=None)
    if level == "expert":
        return Expert(rng, deals=12, budget_ms=None)
    return make_player(level, rng)


@pytest.mark.parametrize("players", [2, 4])
@pytest.mark.parametrize("level", ALL)
def test_every_level_plays_only_legal_moves(level: str, players: int) -> None:
    for number, match in enumerate(positions(Rules(players=players), 12, seed=players)):
        decision = quick(level, number).choose(my_view(match))
        assert decision.move in match.legal_moves()


@pytest.mark.parametrize("level", ALL)
def test_every_level_makes_the_only_legal_move_at_once_and_thinks_in_steps_otherwise(level: str) -> None:
    player = make_player(level, 1, budget_ms=None)
    assert isinstance(player, BasePlayer)
    # Seat 1 holds one tile that fits the lead: nothing to think about.
    forced = match_with(Rules(players=2, hand_size=3), "6-1 4-4 2-2", "6-3 0-0 5-5", leader=0)
    forced.play(Move.parse("6-1"))
    (only,) = forced.legal_moves()
    thinking = player.think(my_view(forced))
    with pytest.raises(StopIteration) as done:
        next(thinking)
    assert done.value.value == Decision(only, Reason("only_move"))
    # A choice to make: think() and choose() agree, and the searches yield between steps.
    view = my_view(positions(Rules(), 1, seed=3)[0])
    assert len(view.legal_moves) > 1
    steps = 0
    thinking = make_player(level, 1, budget_ms=None).think(view)
    while True:
        try:
            next(thinking)
            steps += 1
        except StopIteration as end:
            decision = end.value
            break
    assert decision == make_player(level, 1, budget_ms=None).choose(view)
    assert (steps > 0) == (level in ("hard", "expert", REFERENCE))


@pytest.mark.parametrize("level", ALL)
def test_every_level_plays_whole_hands(level: str) -> None:
    rng = random.Random(5)
    match = Match(Rules(players=2, hand_size=5))
    match.deal(rng)
    player = quick(level, 1)
    while match.to_move is not None:
        match.play(player.choose(my_view(match)).move)
    assert match.hand is not None
    assert match.hand.is_over


@pytest.mark.parametrize("level", ALL)
def test_the_same_seed_gives_the_same_choice(level: str) -> None:
    for match in positions(Rules(), 6, seed=11):
        view = my_view(match)
        assert quick(level, 3).choose(view) == quick(level, 3).choose(view)


def reshuffled(match: Match, seat: int, rng: random.Random) -> Match | None:
    """The same hand with the tiles ``seat`` cannot see dealt differently,
    replayed move for move: None unless everything ``seat`` saw is the same."""
    hand = match.hand
    assert hand is not None
    deal = match.deals[-1]
    hidden = set(view_of(match, seat).unseen())
    places = [list(h) for h in deal.hands] + [list(deal.boneyard)]
    spots = [(i, j) for i, tiles in enumerate(places) for j, t in enumerate(tiles) if t in hidden]
    tiles = [places[i][j] for i, j in spots]
    rng.shuffle(tiles)
    for (i, j), t in zip(spots, tiles, strict=True):
        places[i][j] = t
    other = Match(match.rules)
    # Where the rules choose the leader (the highest double), the deal names none.
    leader = deal.leader if other.leader_by_chance else None
    other.start_hand(Deal(tuple(tuple(h) for h in places[:-1]), tuple(places[-1]), leader))
    try:
        for step in hand.steps:  # the moves, and any claims between them
            other.take(step)
    except ValueError:
        return None
    a, b = view_of(match, seat), view_of(other, seat)
    same = (a.hand, a.history, a.hand_sizes, a.boneyard_size, a.legal_moves, a.layout.tiles()) == (
        b.hand,
        b.history,
        b.hand_sizes,
        b.boneyard_size,
        b.legal_moves,
        b.layout.tiles(),
    )
    return other if same else None


HONEST_GAMES = {
    "2 players": Rules(),
    "4 players": Rules(players=4),
    # The family's games: what knocks show is all a seat learns of the tiles out of play.
    "fives and threes": Rules.preset("fives-and-threes"),
    "fives and threes, partners": Rules.preset("fives-and-threes", 4),
    "muggins": Rules.preset("muggins"),
    "sniff": Rules.preset("sniff"),
}


@pytest.mark.parametrize("game", list(HONEST_GAMES))
@pytest.mark.parametrize("level", ALL)
def test_honesty_hidden_tiles_never_change_the_choice(level: str, game: str) -> None:
    """Deal the tiles a seat cannot see differently, consistently with what
    it saw: for the same seed, its choice is the same."""
    rng = random.Random(99)
    compared = 0
    rules = HONEST_GAMES[game]
    for match in positions(rules, 10, seed=20 + rules.players):
        seat = match.to_move
        assert seat is not None
        for _ in range(30):
            other = reshuffled(match, seat, rng)
            if other is None:
                continue
            assert other.hand is not None
            assert match.hand is not None
            assert other.hand.hands != match.hand.hands or other.hand.boneyard != match.hand.boneyard
            mine = quick(level, 7).choose(view_of(match, seat))
            theirs = quick(level, 7).choose(view_of(other, seat))
            assert mine == theirs
            compared += 1
            break
    assert compared >= 5


# Reasons


def test_every_reason_is_a_message_with_its_numbers() -> None:
    for level in ALL:
        for match in positions(Rules(), 8, seed=31):
            decision = quick(level, 1).choose(my_view(match))
            assert decision.reason.key in MESSAGES
            assert decision.reason.text == MESSAGES[decision.reason.key].format(**decision.reason.params)
            assert decision.to_json()["reason"]["text"] == decision.reason.text  # type: ignore[index]


def fifteen_on_the_table() -> Match:
    """6-6 leads (12, the spinner), 6-1 goes West: the ends show 1 and the
    spinner's open side, 13. Seat 0 holds 3-1 (West makes 3 + 12 = 15) and
    6-0 (East covers the spinner: 1 + 0 = 1)."""
    match = match_with(Rules(players=2, hand_size=3), "3-1 6-6 6-0", "6-1 3-3 5-0", leader=0)
    match.play(Move.parse("6-6"))
    match.play(Move.parse("6-1 W"))
    return match


@pytest.mark.parametrize("level", ["easy", "medium"])
def test_scoring_move_says_what_it_scores(level: str) -> None:
    decision = make_player(level, 1).choose(my_view(fifteen_on_the_table()))
    assert decision.move == Move.parse("3-1 W")
    assert decision.reason.key in {"scores", "scores_safe"}
    assert decision.reason.params["points"] == 15
    assert decision.reason.text.startswith("scores 15")


def test_easy_breaks_ties_toward_doubles_then_heavy_tiles() -> None:
    # 6-3 leads: ends 6 and 3 (9). Nothing seat 1 holds scores: 3-3 E makes
    # 12, 6-5 W makes 8, 3-1 E makes 7. Between the scoreless moves the
    # double goes first.
    match = match_with(Rules(players=2, hand_size=3), "6-3 0-0 1-0", "3-3 6-5 3-1", leader=0)
    match.play(Move.parse("6-3"))
    assert make_player("easy", 1).choose(my_view(match)).move == Move.parse("3-3 E")
    # Without the double, the heavier tile: 6-5 (11 pips) before 3-1.
    match = match_with(Rules(players=2, hand_size=3), "6-3 0-0 1-0", "4-4 6-5 3-1", leader=0)
    match.play(Move.parse("6-3"))
    assert make_player("easy", 1).choose(my_view(match)).move == Move.parse("6-5 W")


def test_search_reasons_count_simulations() -> None:
    view = my_view(positions(Rules(), 1, seed=3)[0])
    for player in (Pimc("hard", random.Random(1), medium_move, deals=5), Expert(random.Random(1), deals=20)):
        decision = player.choose(view)
        if decision.reason.key == "wins_sims":
            assert 1 <= int(decision.reason.params["simulations"]) <= 20
            assert 0 <= int(decision.reason.params["percent"]) <= 100
            assert "simulated hands" in decision.reason.text


# The time budget: Hard and Expert search sampled deals for as long as their
# budget allows, on a clock that the tests fake (see helpers.WorkClock).

SEARCHES = pytest.mark.parametrize("level", ["hard", "expert"])
SEATINGS = pytest.mark.parametrize("players", [2, 4], ids=["2-players", "partners"])
PER_DEAL = 0.010  # each sampled deal takes 10 ms on the fake clock


def deals_searched(player: Player, view: SeatView, clock: WorkClock) -> int:
    """How many deals ``player`` samples to choose its move in ``view``."""
    before = clock.deals
    assert player.choose(view).move in view.legal_moves
    return clock.deals - before


@SEATINGS
@SEARCHES
def test_a_search_stops_within_its_budget(monkeypatch: pytest.MonkeyPatch, level: str, players: int) -> None:
    view = a_choice_of_moves(players)
    clock = work_clock(monkeypatch, PER_DEAL)
    deals = deals_searched(make_player(level, 1, budget_ms=100, clock=clock), view, clock)
    # With deals of even length the search sees that one more would run past
    # the 100 ms, and stops before it.
    assert deals > 0
    assert clock.now <= 0.100


@SEATINGS
@SEARCHES
def test_a_search_given_more_time_samples_more_deals(monkeypatch: pytest.MonkeyPatch, level: str, players: int) -> None:
    view = a_choice_of_moves(players)
    clock = work_clock(monkeypatch, PER_DEAL)
    hurried = deals_searched(make_player(level, 1, budget_ms=50, clock=clock), view, clock)
    patient = deals_searched(make_player(level, 1, budget_ms=100, clock=clock), view, clock)
    assert hurried < patient


@SEARCHES
def test_the_only_legal_move_is_made_without_reading_the_clock(level: str) -> None:
    forced = match_with(Rules(players=2, hand_size=3), "6-1 4-4 2-2", "6-3 0-0 5-5", leader=0)
    forced.play(Move.parse("6-1"))
    reads = 0

    def clock() -> float:
        nonlocal reads
        reads += 1
        return 0.0

    decision = make_player(level, 1, budget_ms=100, clock=clock).choose(my_view(forced))
    assert decision.reason.key == "only_move"
    assert reads == 0


def test_the_reference_level_samples_its_300_deals_whatever_the_clock(monkeypatch: pytest.MonkeyPatch) -> None:
    view = a_choice_of_moves(4)
    clock = work_clock(monkeypatch, per_deal=1.0)
    assert deals_searched(make_player(REFERENCE, 1, budget_ms=100, clock=clock), view, clock) == 300


# Inference


def test_samples_fit_what_the_seat_has_seen() -> None:
    for match in positions(Rules(), 30, seed=40):
        view = my_view(match)
        know = Knowledge.from_view(view)
        truth = match.hand
        assert truth is not None
        for seat in range(2):
            if seat != view.seat:
                # The sure voids hold for the real hand.
                assert all(not t.mask & know.void_mask(seat) for t in truth.hands[seat])
        rng = random.Random(1)
        for _ in range(5):
            deal = know.sample(rng)
            assert [len(h) for h in deal.hands] == [len(h) for h in truth.hands]
            assert len(deal.boneyard) == len(truth.boneyard)
            assert deal.hands[view.seat] == list(view.hand)
            assert sorted(deal.boneyard + [t for h in deal.hands for t in h]) == sorted(
                truth.boneyard + [t for h in truth.hands for t in h]
            )
            for seat in range(2):
                if seat != view.seat:
                    assert all(not t.mask & know.void_mask(seat) for t in deal.hands[seat])
            assert set(deal.legal_moves()) == set(view.legal_moves)


def test_a_player_who_drew_holds_none_of_the_numbers_it_drew_on() -> None:
    # Seat 1 cannot follow the 6-6 lead and draws.
    dealt = {"6-6", "6-5", "1-0", "2-0", "3-3", "6-1"}
    rest = " ".join(str(t) for t in TILES if str(t) not in dealt)
    match = match_with(Rules(players=2, hand_size=2), "6-6 6-5", "1-0 2-0", boneyard="3-3 6-1 " + rest, leader=0)
    match.play(Move.parse("6-6"))
    match.play(Move.parse("6-1 W"))  # seat 1 drew 3-3 then 6-1, and played it
    view = my_view(match)
    know = Knowledge.from_view(view)
    assert know.void_mask(1) & 1 << 6
    for _ in range(10):
        deal = know.sample(random.Random(_))
        assert all(not t.has(6) for t in deal.hands[1])


def test_an_opponent_who_passed_up_a_score_likely_lacked_the_tile() -> None:
    # On the lead 4-1 only 6-1 would score for seat 1 (4 + 6 = 10); it plays 1-0.
    match = match_with(Rules(players=2, hand_size=3), "4-1 4-4 6-6", "1-0 2-2 3-3", leader=0)
    match.play(Move.parse("4-1"))
    match.play(Move.parse("1-0 E"))
    know = Knowledge.from_view(my_view(match))
    six_one = Move.parse("6-1").tile
    seen = set()
    for seed in range(40):
        deal = know.sample(random.Random(seed))
        held = six_one in deal.hands[1]
        seen.add(held)
        assert know.likelihood(deal) == (PASSED_UP if held else 1.0)
    assert seen == {True, False}


# Playouts and pruning


def test_wary_playouts_play_legal_moves() -> None:
    for match in positions(Rules(), 20, seed=70):
        state = Knowledge.from_view(my_view(match)).sample(random.Random(1))
        while not state.is_over:
            move = wary_move(state)
            assert move in state.legal_moves()
            state.apply(move)


def test_a_partner_who_passed_up_a_score_likely_lacked_the_tile_too() -> None:
    # 4-1 leads (West 4, East 1). Seat 1 plays 1-0 where 6-1 would have
    # scored 10; seat 2, the leader's partner, plays 0-0 where 5-4 would have
    # scored 5; seat 3 scores the most on offer with 6-0.
    rules = Rules(players=4, hand_size=2)
    match = match_with(rules, "4-1 6-6", "1-0 2-2", "0-0 3-3", "6-0 2-1", leader=0)
    for move in ("4-1", "1-0 E", "0-0 E", "6-0 E"):
        match.play(Move.parse(move))
    know = Knowledge.from_view(my_view(match))
    six_one, five_four = Move.parse("6-1").tile, Move.parse("5-4").tile
    seen = set()
    for seed in range(60):
        deal = know.sample(random.Random(seed))
        partner_held = five_four in deal.hands[2]
        seen.add(partner_held)
        expected = (PASSED_UP if partner_held else 1.0) * (PASSED_UP if six_one in deal.hands[1] else 1.0)
        assert know.likelihood(deal) == expected
    assert seen == {True, False}


def test_a_search_plays_out_a_sampled_hand_without_changing_it() -> None:
    for match in positions(Rules(), 10, seed=71):
        deal = Knowledge.from_view(my_view(match)).sample(random.Random(3))
        before = (list(deal.scores), [list(h) for h in deal.hands], list(deal.boneyard), list(deal.moves))
        for policy in (greedy_move, wary_move, medium_move):
            result = play_out(deal, policy, deal.legal_moves()[0])
            assert len(result.scores) == len(before[0])
            assert (list(deal.scores), [list(h) for h in deal.hands], list(deal.boneyard), list(deal.moves)) == before


def test_pruning_drops_only_moves_clearly_behind() -> None:
    steady = [5.0, -5.0] * 20
    behind = [v - 10.0 for v in steady]
    close = [v + (1.0 if k % 2 else -1.5) for k, v in enumerate(steady)]
    results = [steady, behind, close]
    totals = [sum(r) for r in results]
    assert survivors([0, 1, 2], totals, results) == [0, 2]


def test_a_pruned_search_chooses_among_the_legal_moves() -> None:
    for match in positions(Rules(), 4, seed=80):
        view = my_view(match)
        if len(view.legal_moves) < 2:
            continue
        search = Pimc("expert", random.Random(1), greedy_move, deals=70, prune=True, infer=True)
        decision = search.choose(view)
        assert decision.move in view.legal_moves
        assert decision.reason.params["simulations"] == 70


def test_expert_samples_more_deals_with_partners() -> None:
    # Three hidden hands rather than one: the same move is noisier to judge.
    for players, cap in ((2, 12), (4, 20)):
        for match in positions(Rules(players=players), 6, seed=90):
            view = my_view(match)
            if len(view.legal_moves) < 2 or view.boneyard_size == 0:
                continue
            decision = Expert(random.Random(1), deals=12, partner_deals=20, budget_ms=None).choose(view)
            assert decision.reason.params["simulations"] == cap


def test_expert_plays_out_two_player_hands_with_the_distilled_policy_and_partnerships_with_easys(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # The learned playouts measured stronger in two-player games only, for
    # both seats (on deals no choice was made on: docs/ai.md).
    from allfives.players import expert

    assert expert.DUEL.policy == "learned"
    shipped = expert.DUEL
    learned_calls: list[int] = []

    def recorded(state: HandState, move: Move) -> Result:
        learned_calls.append(state.rules.players)
        return shipped(state, move)

    monkeypatch.setattr(expert, "DUEL", recorded)
    for rules in (Rules(players=2), Rules(players=3), Rules(players=4), Rules(players=4, partnerships=True)):
        for match in positions(rules, 6, seed=91):
            view = my_view(match)
            if len(view.legal_moves) > 1 and view.boneyard_size > 0:
                Expert(random.Random(1), deals=8, partner_deals=8, budget_ms=None).choose(view)
                Expert(random.Random(1), deals=8, budget_ms=None, learned=False).choose(view)
    assert learned_calls
    assert set(learned_calls) == {2}
    assert len(learned_calls) % 8 == 0  # each candidate, on each of the 8 deals, of the learned Expert only


# The exact endgame


def brute_force(state: HandState, side: int) -> float:
    """Plain minimax over the margin, no pruning and no table."""
    if state.is_over:
        return 0.0
    mover = state.sides[state.to_move]
    values = []
    for move in state.legal_moves():
        child = state.copy()
        before = tuple(child.scores)
        child.apply(move)
        values.append(margin(before, child, side) + brute_force(child, side))
    return max(values) if mover == side else min(values)


def test_the_exact_search_agrees_with_brute_force() -> None:
    rng = random.Random(4)
    checked = 0
    for _ in itertools.repeat(None, 5000):
        match = Match(Rules(players=2, hand_size=5))
        match.deal(rng)
        state = match.hand
        assert state is not None
        while state.boneyard and not state.is_over:
            state.apply(greedy_move(state))
        if state.is_over or len(state.legal_moves()) < 2:
            continue
        side = state.sides[state.to_move]
        moves = state.legal_moves()
        values = solve(state, moves, 100_000)
        for move, value in zip(moves, values, strict=True):
            child = state.copy()
            before = tuple(child.scores)
            child.apply(move)
            assert value == pytest.approx(margin(before, child, side) + brute_force(child, side))
        checked += 1
        if checked == 12:
            break
    assert checked == 12


# The arena


def test_arena_smoke_duplicate_deals() -> None:
    result = play_deals(Rules(players=2, hand_size=5), ("medium", "easy"), deals=3, seed=1)
    assert len(result.margins) == 3
    assert sum(result.hands) == 6


def test_arena_jobs_play_the_same_deals_as_one_process() -> None:
    rules = Rules(players=2, hand_size=5)
    alone = play_deals(rules, ("medium", "easy"), deals=4, seed=3)
    shared = play_deals(rules, ("medium", "easy"), deals=4, seed=3, jobs=2)
    assert shared.margins == alone.margins
    assert shared.hands == alone.hands


def test_arena_jobs_play_the_same_matches_as_one_process() -> None:
    rules = Rules(players=2, hand_size=5, target=60)
    alone = play_matches(rules, ("medium", "easy"), matches=3, seed=4)
    shared = play_matches(rules, ("medium", "easy"), matches=3, seed=4, jobs=2)
    assert shared.margins == alone.margins
    assert shared.matches == alone.matches
    assert sum(alone.matches) == 6


def test_arena_same_player_both_sides_is_even() -> None:
    result = play_deals(Rules(), ("easy", "easy"), deals=5, seed=2)
    assert result.margins == [0.0] * 5


def test_arena_four_players_and_matches() -> None:
    result = play_deals(Rules(players=4), ("medium", "easy"), deals=2, seed=1)
    assert sum(result.hands) == 4
    matches = play_matches(Rules(players=2, target=50), ("easy", "beginner"), matches=2, seed=1)
    assert sum(matches.matches) == 4


def test_arena_command_line(capsys: pytest.CaptureFixture[str]) -> None:
    parser = argparse.ArgumentParser()
    add_arguments(parser)
    assert run(parser.parse_args(["medium", "easy", "--deals", "2", "--seed", "3", "--hand-size", "5"])) == 0
    out = capsys.readouterr().out
    assert "margin per hand (medium - easy)" in out
    assert "95% CI" in out
    assert "move time medium" in out


def test_arena_over_several_seeds_pools_their_pairs_and_shows_each(capsys: pytest.CaptureFixture[str]) -> None:
    """Held-out measurement as a habit: ``--seeds 101,102`` plays the pairs
    of each seed, reports each seed's figure, and pools them all."""
    parser = argparse.ArgumentParser()
    add_arguments(parser)
    args = ["medium", "easy", "--deals", "3", "--hand-size", "5", "--json"]
    assert run(parser.parse_args([*args, "--seeds", "101,102"])) == 0
    pooled = json.loads(capsys.readouterr().out)
    each = []
    for seed in (101, 102):
        assert run(parser.parse_args([*args, "--seed", str(seed)])) == 0
        each.append(json.loads(capsys.readouterr().out))
    assert [s["margin_per_hand"] for s in pooled["seeds"]] == [e["margin_per_hand"] for e in each]
    assert [s["hands_won"] for s in pooled["seeds"]] == [e["hands_won"] for e in each]
    assert pooled["pairs"] == 6
    assert pooled["margin_per_hand"] == pytest.approx(sum(e["margin_per_hand"] for e in each) / 2, abs=0.01)
    assert pooled["seed"] is None
    assert run(parser.parse_args([*args[:-1], "--seeds", "101,102"])) == 0
    assert "  seed 102: " in capsys.readouterr().out


def test_arena_seeds_are_whole_numbers_each_once() -> None:
    parser = argparse.ArgumentParser()
    add_arguments(parser)
    for bad in ("101,x", "101,101"):
        with pytest.raises(SystemExit):
            parser.parse_args(["medium", "easy", "--seeds", bad])


def test_expert_takes_only_what_a_person_or_the_game_sets_and_its_two_injections() -> None:
    # The experiments come in through inference= and playout=, not options of
    # their own; halving, infer and learned switch off one of Expert's own
    # features, to measure what it buys.
    assert list(inspect.signature(Expert).parameters) == [
        "rng",
        "budget_ms",
        "clock",
        "deals",
        "partner_deals",
        "halving",
        "infer",
        "learned",
        "playout",
        "inference",
    ]
