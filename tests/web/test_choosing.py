"""Choosing a tile of the hand, then its end (web/table/choosing.py), as the
page's shell hands a click, a key or a drag over in plain data: a tile that
fits one way is played at once, one that fits several lights its ends, one
that fits nowhere says why; a dragged tile is played where it is let go."""

from __future__ import annotations

from allfives import End, Move, Tile
from allfives.tiles import tile

from table.choosing import Choosing, ChoosingState, tile_named

FITS_ONE_WAY = tile("5-0")
FITS_TWO_WAYS = tile("5-5")
FITS_NOWHERE = tile("2-1")


class Hand(Choosing):
    """A player's turn: 5-0 goes West only, 5-5 West or East, 2-1 nowhere."""

    def __init__(self, *, my_turn: bool = True) -> None:
        self.state = ChoosingState()
        self.my_turn = my_turn
        self.played: list[Move] = []
        self.said: list[Tile] = []
        self.drawn = 0
        self.focused: list[str] = []

    def moves_for(self, tile: Tile) -> list[Move]:
        ways = {FITS_ONE_WAY: [End.W], FITS_TWO_WAYS: [End.W, End.E]}.get(tile, [])
        return [Move(tile, end) for end in ways]

    def may_choose(self) -> bool:
        return self.my_turn

    def play(self, move: Move) -> None:
        self.played.append(move)

    def render(self) -> None:
        self.drawn += 1

    def cannot_play(self, tile: Tile) -> None:
        self.said.append(tile)

    def focus(self, selector: str, *, over_dialog: bool = False) -> bool:
        self.focused.append(selector)
        return True


def test_a_tile_written_as_the_markup_writes_it_is_that_tile_and_anything_else_is_none() -> None:
    assert tile_named("5-3") is tile("5-3")
    assert tile_named("3-5") is None
    assert tile_named("") is None


def test_a_tile_that_fits_one_way_is_played_at_once() -> None:
    hand = Hand()
    hand.act({"action": "choose", "tile": "5-0"})
    assert hand.played == [Move(FITS_ONE_WAY, End.W)]


def test_a_tile_that_fits_two_ways_lights_its_ends_and_an_end_then_plays_it_there() -> None:
    hand = Hand()
    hand.act({"action": "choose", "tile": "5-5"})
    assert hand.played == []
    assert hand.selected is FITS_TWO_WAYS
    assert hand.focused == ["#board .end-target"], "the focus goes to the first lit end"
    hand.act({"action": "end", "end": "E"})
    assert hand.played == [Move(FITS_TWO_WAYS, End.E)]


def test_choosing_the_picked_tile_again_puts_it_back() -> None:
    hand = Hand()
    hand.act({"action": "choose", "tile": "5-5"})
    hand.act({"action": "choose", "tile": "5-5"})
    assert hand.selected is None


def test_a_tile_that_fits_nowhere_says_why_and_nothing_is_played() -> None:
    hand = Hand()
    hand.act({"action": "choose", "tile": "2-1"})
    assert hand.said == [FITS_NOWHERE]
    assert hand.played == []


def test_nothing_is_chosen_out_of_turn_or_while_the_page_is_busy() -> None:
    waiting = Hand(my_turn=False)
    waiting.act({"action": "choose", "tile": "5-0"})
    busy = Hand()
    busy.busy = True
    busy.act({"action": "choose", "tile": "5-0"})
    busy.act({"action": "drag", "tile": "5-5"})
    assert waiting.played == []
    assert busy.played == []
    assert busy.selected is None


def test_a_dragged_tile_lights_its_ends_and_is_played_on_the_end_it_is_let_go_on() -> None:
    hand = Hand()
    hand.act({"action": "drag", "tile": "5-5"})
    assert hand.selected is FITS_TWO_WAYS
    assert hand.drawn == 1
    hand.act({"action": "drop", "tile": "5-5", "end": "E"})
    assert hand.played == [Move(FITS_TWO_WAYS, End.E)]


def test_a_dragged_tile_let_go_on_the_board_away_from_an_end_is_played_only_where_it_fits_one_way() -> None:
    one_way = Hand()
    one_way.act({"action": "drag", "tile": "5-0"})
    one_way.act({"action": "drop", "tile": "5-0", "end": ""})
    two_ways = Hand()
    two_ways.act({"action": "drag", "tile": "5-5"})
    two_ways.act({"action": "drop", "tile": "5-5", "end": ""})
    assert one_way.played == [Move(FITS_ONE_WAY, End.W)]
    assert two_ways.played == [], "which end? the player says, on a lit end"


def test_a_tile_that_fits_nowhere_cannot_be_dragged() -> None:
    hand = Hand()
    hand.act({"action": "drag", "tile": "2-1"})
    hand.act({"action": "drop", "tile": "2-1", "end": "W"})
    assert hand.selected is None
    assert hand.played == []
