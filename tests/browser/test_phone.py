"""The game on a phone (issue 31, item 7), held as a phone is: 390 x 844 CSS
pixels, a touch screen. Tiles a thumb can take (44 px wide at least), pips on
the board big enough to count, a header of one row whose buttons are icons
with their names, a move log of whole lines, and every dialog's buttons in
view however long the dialog (the New match form's Start among them). On a
desktop the header's buttons keep their words."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import TYPE_CHECKING

import pytest
from playwright.sync_api import Browser, Locator, Page, expect

from .conftest import DESKTOP, INTRO_SEEN, PHONE, WAIT_TIMEOUT_MS, App, PageLog
from .player import HAND_OVER, MATCH_OVER, Player
from .test_look import win_the_match

if TYPE_CHECKING:
    from .conftest import Screenshot, Site

HEADER_BUTTONS = ("How to play", "Hint", "Undo", "New match", "Menu", "Sound")
#: The narrowest tile a thumb takes without taking its neighbour.
THUMB_PX = 44
#: A pip this wide (CSS px) on the board can be counted at a glance.
PIP_PX = 3.0


@pytest.fixture
def phone(browser: Browser, page_log: PageLog, site: Site) -> Iterator[Page]:
    """The game's page on a phone: its size, touch, a mobile browser's viewport."""
    context = browser.new_context(viewport=PHONE, has_touch=True, is_mobile=True, service_workers="block")
    context.add_init_script(INTRO_SEEN)
    context.set_default_timeout(WAIT_TIMEOUT_MS)
    context.on("request", page_log.on_request)
    tab = context.new_page()
    tab.on("console", page_log.on_console)
    tab.on("pageerror", page_log.on_page_error)
    App(page=tab, site=site).open()
    App(page=tab, site=site).wait_until_ready()
    yield tab
    context.close()
    page_log.assert_clean()


def header(page: Page) -> Locator:
    return page.get_by_role("banner")


def test_on_a_phone_the_header_is_one_row_of_named_icons(phone: Page, screenshot: Screenshot) -> None:
    player = Player(phone)
    player.wait_for_turn()
    tops = []
    for name in HEADER_BUTTONS:
        button = header(phone).get_by_role("button", name=name)
        expect(button).to_be_visible()
        expect(button).to_be_in_viewport(ratio=1)
        expect(button.locator("svg")).to_be_visible()  # an icon, not a blank button
        box = button.bounding_box()
        assert box is not None
        assert box["width"] >= 36, f"{name} is a button a thumb can press: {box}"
        tops.append(round(box["y"]))
    assert max(tops) - min(tops) <= 1, f"the header's buttons stand in one row: {tops}"
    banner = header(phone).bounding_box()
    assert banner is not None
    assert banner["height"] <= 72, f"the header is one row, not two: {banner['height']} px"
    # Whose turn it is stays in the header, beside the buttons.
    expect(phone.get_by_role("status")).to_be_visible()
    screenshot(phone, "phone-header")


@pytest.mark.parametrize("viewport", [DESKTOP], ids=["desktop"])
def test_on_a_desktop_the_header_buttons_keep_their_words(app: App, page: Page) -> None:
    app.open()
    app.wait_until_ready()
    for name in HEADER_BUTTONS[:-1]:
        expect(header(page).get_by_role("button", name=name)).to_have_text(name)
    expect(header(page).get_by_role("heading", name="All Fives")).to_have_text("All Fives")


def test_on_a_phone_the_tiles_are_a_thumb_wide_and_the_board_pips_can_be_counted(
    phone: Page, screenshot: Screenshot
) -> None:
    player = Player(phone)
    player.start_match(seed=12)
    player.play_my_turns(5)
    widths = [box["width"] for box in (tile.bounding_box() for tile in player.hand_tiles.all()) if box]
    assert widths
    assert min(widths) >= THUMB_PX, f"hand tiles {widths} px wide"
    pips = phone.locator("#board .tile .pip")
    sizes = [box["width"] for box in (pip.bounding_box() for pip in pips.all()) if box]
    assert sizes
    assert min(sizes) >= PIP_PX, f"the board's pips are {min(sizes):.1f} px wide"
    player.wait_until_still()
    screenshot(phone, "phone-thumb-tiles")


#: Each line of the log that the log's box cuts, top or bottom: a line box
#: whose top and bottom are on either side of the box's edge.
CUT_LINES = """(log) => {
  const box = log.getBoundingClientRect();
  const cut = [];
  for (const item of log.querySelectorAll("li")) {
    const range = document.createRange();
    range.selectNodeContents(item);
    for (const line of range.getClientRects()) {
      for (const edge of [box.top, box.bottom]) {
        if (line.top < edge - 1 && line.bottom > edge + 1) cut.push(item.textContent);
      }
    }
  }
  return cut;
}"""


def test_on_a_phone_the_log_shows_whole_lines(phone: Page) -> None:
    player = Player(phone)
    player.start_match(seed=12)
    log = phone.get_by_role("list", name="Moves")
    hand = phone.get_by_role("region", name="Your hand")
    for turn in range(4):
        player.wait_for_turn()
        player.wait_until_still()
        assert log.evaluate(CUT_LINES) == [], "a line of the log is cut in half"
        # Three whole lines of it are in sight, none of them under the hand
        # (the first turn's hand is the fullest: two rows of tiles).
        shown = log.evaluate("(log) => log.clientHeight / parseFloat(getComputedStyle(log).lineHeight)")
        assert shown >= 2.9, f"{shown:.1f} lines of the log in sight"
        box, rack = log.bounding_box(), hand.bounding_box()
        assert box is not None
        assert rack is not None
        assert box["y"] + box["height"] <= rack["y"] + 1, f"turn {turn + 1}: the log's last line is under the hand"
        player.play_a_tile()


def buttons_in_view(dialog: Locator) -> None:
    """Every button of the dialog's own row is in view, whole, without scrolling."""
    buttons = dialog.locator(".dialog-buttons button")
    expect(buttons.first).to_be_visible()  # the dialog drawn, as the page answers
    for button in buttons.all():
        expect(button).to_be_in_viewport(ratio=1)


def test_on_a_phone_every_dialogs_buttons_are_in_view(phone: Page, screenshot: Screenshot) -> None:
    player = Player(phone)
    player.wait_for_turn()
    form = player.fill_in_new_match(seed=7)
    form.get_by_role("spinbutton", name="Tiles each").fill("3")
    expect(form.get_by_role("spinbutton", name="Deal number")).to_be_visible()  # Advanced is open: the longest form
    buttons_in_view(form)
    expect(form.get_by_role("button", name="Start")).to_be_in_viewport(ratio=1)
    screenshot(phone, "phone-new-match-form")
    player.start(form)

    phone.get_by_role("button", name="Menu").click()
    menu = player.dialog("Menu")
    buttons_in_view(menu)
    menu.get_by_role("button", name="Close").click()
    expect(menu).to_be_hidden()

    player.play_out_the_hand()
    summary = player.dialog(HAND_OVER)
    buttons_in_view(summary)
    screenshot(phone, "phone-hand-end-summary")


def test_on_a_phone_the_match_end_tells_the_match_with_its_buttons_in_view(
    phone: Page, site: Site, screenshot: Screenshot
) -> None:
    win_the_match(phone, App(page=phone, site=site))
    end = Player(phone).dialog(MATCH_OVER)
    expect(end).to_contain_text("You win!")
    expect(end.get_by_text(re.compile(r"^Final scores: You \d+ and Computer \d+\.$"))).to_be_visible()
    expect(end.get_by_text(re.compile(r"^Your best hand: hand \d+, [+-]?\d+\.$"))).to_be_visible()
    hands = end.get_by_role("table", name="Hand by hand").get_by_role("row")
    assert hands.first.get_by_role("columnheader").all_inner_texts() == ["Hand", "You", "Computer"]
    assert hands.count() >= 2
    for cells in (row.get_by_role("cell").all_inner_texts() for row in hands.all()[1:]):
        assert all(re.fullmatch(r"[+-]?\d+ → -?\d+", cell) for cell in cells), cells
    buttons_in_view(end)
    screenshot(phone, "phone-match-end")
