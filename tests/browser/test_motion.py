"""The hand's motion, as a person sees it move: the tile played slides to its
place (from your hand, or from the computer's card), the points it scores
float up over it, the table zooms and pans as the layout grows, and tiles
drawn come in from the boneyard, into your hand or onto the computer's card;
under reduced motion nothing moves.

Python decides each of these and the page's JavaScript does it
(web/js/motion.js), so what is watched here is what moves on screen, noted
as it starts: each time the page changes, the animations running on the
board's tiles, the hand's tiles and the cards, and the points that appear.

Seed 24 with three tiles each against Easy (as in test_draws.py): you play
6-0, the computer plays 5-4 and scores 5, you play 4-0; it cannot play and
draws two tiles, then plays 5-0; you cannot play and draw."""

from __future__ import annotations

from typing import TYPE_CHECKING

from playwright.sync_api import Page

from .player import Player
from .test_draws import start_seed_24

if TYPE_CHECKING:
    from .conftest import App

#: Notes what moves, as it starts: a tile sliding onto the board, the table
#: zooming, a tile coming into the hand or onto a card, the points floating up.
WATCH = """() => {
  window.moved = [];
  const note = (what) => { if (!window.moved.includes(what)) window.moved.push(what); };
  new MutationObserver((records) => {
    for (const record of records) {
      for (const node of record.addedNodes) {
        if (node.nodeType === 1 && node.matches(".points-pop")) note("points " + node.textContent);
      }
    }
    for (const animation of document.getAnimations()) {
      if (animation instanceof CSSAnimation || animation instanceof CSSTransition) continue;
      const node = animation.effect && animation.effect.target;
      if (!node || !node.closest) continue;
      if (node.matches("#board .tile")) note("slides in " + node.dataset.tile);
      else if (node.matches("#board svg > g")) note("zooms");
      else if (node.closest("#hand")) note("drawn into the hand");
      else if (node.closest(".opponent .backs")) note("drawn onto a card");
    }
  }).observe(document.body, {subtree: true, childList: true, characterData: true, attributes: true});
}"""


def play_seed_24(app: App, page: Page) -> list[str]:
    """Play seed 24's hand to its end; return what moved, in order."""
    app.open()
    app.wait_until_ready()
    player = Player(page)
    start_seed_24(player)
    page.evaluate(WATCH)
    player.play_out_the_hand()
    moved: list[str] = page.evaluate("window.moved")
    return moved


def test_the_tile_played_slides_in_its_points_float_up_the_table_zooms_and_draws_come_in(app: App, page: Page) -> None:
    moved = play_seed_24(app, page)
    for what in (
        "slides in 6-0",  # from your hand
        "slides in 5-4",  # from the computer's card
        "zooms",  # the table, as the layout grows
        "points +5",
        "drawn onto a card",
        "drawn into the hand",
    ):
        assert what in moved, moved
    # The tile played slides in before the computer's first draw comes in.
    assert moved.index("slides in 4-0") < moved.index("drawn onto a card"), moved


def test_under_reduced_motion_nothing_slides_floats_or_comes_in(app: App, page: Page) -> None:
    page.emulate_media(reduced_motion="reduce")
    assert play_seed_24(app, page) == []
