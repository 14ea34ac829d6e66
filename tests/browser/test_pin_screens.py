"""The screenshot pins hold still (tools/pin_screens.py): one screen,
captured in two fresh browser contexts, is the same picture to the byte.
Each capture already takes its screen twice in a row and fails if the two
differ; this checks a second visit too. One screen keeps it cheap: the game
mid-hand at 200% zoom, a tile chosen and the ends it fits lit, the page
taken whole by scrolling: the one that once came out two ways."""

from __future__ import annotations

from typing import TYPE_CHECKING

from playwright.sync_api import Playwright

from tools import pin_screens

if TYPE_CHECKING:
    from .conftest import Site


def test_a_pinned_screen_is_the_same_picture_twice(playwright_driver: Playwright, site: Site) -> None:
    screen = next(s for s in pin_screens.SCREENS if s.name == "game-mid-hand-zoom200")
    saves = pin_screens.Saves.load()
    browser = pin_screens.launch(playwright_driver)  # with the tool's own flags
    try:
        first = pin_screens.capture_screen(browser, site.url, screen, saves)
        second = pin_screens.capture_screen(browser, site.url, screen, saves)
    finally:
        browser.close()
    width, height = pin_screens.png_size(first)
    assert width == 2 * pin_screens.ZOOMED.width
    assert height > 2 * pin_screens.ZOOMED.height, "the whole page, below the window's edge too"
    assert first == second, "two captures of the same screen differ: the pins would not hold"
