"""Reading the other players' plays as the searches they would have made
(tools/experiments/reading.py)."""

from __future__ import annotations

import random
from dataclasses import replace

from helpers import match_with

from allfives import TILES, Match, Move, Rules, Tile
from allfives.players.base import default_clock
from allfives.players.expert import Expert
from allfives.players.knowledge import Knowledge
from allfives.players.search import Deadline
from allfives.view import SeatView, view_of
from tools.experiments.reading import SearchReading, Weighed, chance_of, past_plays


def tiles(text: str) -> tuple[Tile, ...]:
    return tuple(Move.parse(t).tile for t in text.split())


def my_view(match: Match) -> SeatView:
    assert match.to_move is not None
    return view_of(match, match.to_move)


def passed_up_ten() -> Match:
    # On the lead 4-1 only 6-1 would score for seat 1 (4 + 6 = 10); it plays 1-0.
    match = match_with(Rules(players=2, hand_size=3), "4-1 4-4 6-6", "1-0 2-2 3-3", leader=0)
    match.play(Move.parse("4-1"))
    match.play(Move.parse("1-0 E"))
    return match


def test_a_play_that_passed_up_ten_says_the_player_likely_lacked_the_tile() -> None:
    (play,) = past_plays(my_view(passed_up_ten()), last=2)
    assert play.seat == 1
    assert play.move == Move.parse("1-0 E")
    assert play.later == tiles("1-0")
    rng = random.Random(1)
    # Holding 1-0 with nothing else that fits, it had no choice.
    assert chance_of(play, tiles("1-0 2-2 3-3"), rng, 8) == 1.0
    # Holding 6-1 too, its own search would most likely have taken the 10.
    assert chance_of(play, tiles("1-0 6-1 3-3"), rng, 16) < 0.25


def test_only_the_plays_since_the_last_draw_are_read() -> None:
    # Seat 1 plays 1-0, then cannot match 4 or 0 and draws 6-4, which fits
    # and is played at once. What it held before the draw is no longer
    # known, so of its plays only the one after the draw is read.
    rules = Rules(players=2, hand_size=3)
    dealt = ["4-1", "4-4", "6-6", "1-0", "5-5", "3-3", "6-4"]
    rest = " ".join(str(t) for t in TILES if str(t) not in dealt)
    match = match_with(rules, "4-1 4-4 6-6", "1-0 5-5 3-3", boneyard=f"6-4 {rest}", leader=0)
    for move in ("4-1", "1-0 E", "4-4 W"):
        match.play(Move.parse(move))
    match.play(Move.parse("6-4 W"))  # seat 1 draws 6-4 and plays it
    (play,) = past_plays(view_of(match, 0), last=5)
    assert play.seat == 1
    assert play.move.tile == Move.parse("6-4").tile
    assert play.later == tiles("6-4")


def test_the_last_few_plays_are_read() -> None:
    view = my_view(passed_up_ten())
    assert past_plays(view, last=0) == ()
    assert len(past_plays(view, last=1)) == 1


def test_a_hand_holding_the_ten_passed_up_is_less_likely_than_the_same_hand_without_it() -> None:
    (play,) = past_plays(my_view(passed_up_ten()), last=2)
    rng = random.Random(2)
    others = [t for t in TILES if t not in tiles("4-1 4-4 6-6 1-0 6-1 2-2")]
    held = lacked = 0.0
    for other in rng.sample(others, 10):
        held += chance_of(play, (other, *tiles("6-1 1-0")), rng, 16)
        lacked += chance_of(play, (other, *tiles("2-2 1-0")), rng, 16)
    assert held < lacked / 2


def test_weighed_deals_count_by_how_well_they_explain_the_plays() -> None:
    view = my_view(passed_up_ten())
    weighed = Weighed(replace(Knowledge.from_view(view), plays=()), past_plays(view, last=2))
    for _ in weighed.weigh(random.Random(3), 40, 8, Deadline(default_clock, None)):
        pass
    assert len(weighed.deals) == 40
    for deal, weight in zip(weighed.deals, weighed.weights, strict=True):
        assert 0.0 < weight <= 1.0
        if not any(t.has(4) or t.has(1) for t in deal.hands[1]):
            assert weight == 1.0  # 1-0 was its only move


def test_weighed_deals_come_round_with_the_boneyard_shuffled_afresh() -> None:
    view = my_view(passed_up_ten())
    weighed = Weighed(replace(Knowledge.from_view(view), plays=()), past_plays(view, last=2))
    for _ in weighed.weigh(random.Random(3), 4, 8, Deadline(default_clock, None)):
        pass
    rng = random.Random(5)
    given = [weighed.sample(rng) for _ in range(8)]
    for i, deal in enumerate(given):
        assert deal.hands == weighed.deals[i % 4].hands
        assert sorted(deal.boneyard) == sorted(weighed.deals[i % 4].boneyard)
    last = given[-1]
    assert weighed.likelihood(last) == weighed.weights[3]
    assert weighed.likelihood(given[0]) == 1.0  # not the deal given last


def test_expert_reading_the_plays_chooses_a_legal_move_the_same_for_a_seed() -> None:
    view = my_view(passed_up_ten())
    choices = {
        Expert(random.Random(7), budget_ms=None, deals=40, inference=SearchReading(hands=12)).choose(view).move
        for _ in range(2)
    }
    assert len(choices) == 1
    assert choices <= set(view.legal_moves)
