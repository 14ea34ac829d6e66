"""The code "Copy embed code" gives is short (issue 44): a host pastes it
into a page, and its bytes are the page's. Its size in bytes is
deterministic (a seeded match), so these are budgets, not timings.

What it is made of (docs/embedding.md, "The code's size"): the board,
sketched (sketch.render_sketch), the link to the replay with the record of
the match so far (its seeded deals left out: table/record_link.py), and the
facade's looks and words.
"""

from __future__ import annotations

from itertools import pairwise

from helpers import computer_decision, match_played

from replay import poster
from table.game import Game

PAGE = "https://ann.example/fives/"
#: A hand's code, at any position of the hand: about 4 kB at most.
HAND_BUDGET = 4_096
#: What each earlier hand of the match adds to the record in the link: its
#: moves (its deal is its seed's, and is left out).
EARLIER_HAND_BUDGET = 100


def code(game: Game, *, whole_hand: bool = False) -> str:
    return poster.embed_code(game, PAGE, whole_hand=whole_hand, seat=0, lang="en")


def codes_of_each_position(hand: int) -> list[str]:
    """The code of hand ``hand`` from every position of it, from its deal to its end."""
    game = match_played(hand, 0)
    codes = [code(game)]
    while game.to_move is not None:
        game.play_computer(computer_decision(game))
        codes.append(code(game))
    return codes


def test_a_hands_code_is_at_most_about_4_kB_at_every_position() -> None:
    for hand in (1, 2):
        sizes = [len(text.encode()) for text in codes_of_each_position(hand)]
        assert max(sizes) <= HAND_BUDGET, f"hand {hand}: {sizes}"


def test_the_code_of_the_whole_hand_is_as_short() -> None:
    assert len(code(match_played(2), whole_hand=True).encode()) <= HAND_BUDGET


def test_an_earlier_hand_adds_only_its_moves_to_the_code() -> None:
    links = [len(code(match_played(hands, 0)).split("#record=")[1].split('"')[0]) for hands in range(1, 9)]
    growth = [later - earlier for earlier, later in pairwise(links)]
    assert max(growth) <= EARLIER_HAND_BUDGET, f"the link's length at hands 1 to 8: {links}"
