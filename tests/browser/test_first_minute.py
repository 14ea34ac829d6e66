"""A newcomer's first minute (issue 44): the introduction opens with its
main button holding the focus, so Enter goes through it step by step into a
match; whom to play is a step of its own, the fourth; and on a phone (390 x
844, a touch screen) nothing in it is cut off, in any of the game's
languages, and every button and link of the header and the introduction is
a thumb's target, 44 x 44 CSS pixels at least."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import TYPE_CHECKING

import pytest
from playwright.sync_api import Browser, Locator, Page, expect

from .conftest import WAIT_TIMEOUT_MS, App, PageLog
from .player import Player
from .test_languages import choose_language
from table.i18n import LANGUAGES, Translator

if TYPE_CHECKING:
    from .conftest import Screenshot, Site

PHONE_390 = {"width": 390, "height": 844}
#: The least size of a touch target, each way, in CSS pixels.
THUMB_PX = 44
#: The introduction's steps, by title, in English.
STEPS = ("Match an end", "Score in fives", "Win the match", "Choose your opponent")

#: What the open dialog cuts off: any part of an element outside the box of
#: an ancestor that clips it (the dialog, or its body that scrolls), sideways
#: or above the top (a part below the fold of a body that scrolls is reached
#: by scrolling; below the dialog's own edge, it is not); and any box that
#: clips whose content is wider than it.
CUT_OFF = """(dialog) => {
  const clips = (node) => getComputedStyle(node).overflowX !== "visible" || getComputedStyle(node).overflowY !== "visible";
  const name = (node) => node.tagName.toLowerCase() + (node.className && typeof node.className === "string"
    ? "." + node.className.split(" ").join(".") : "") + ` "${(node.textContent || "").trim().slice(0, 30)}"`;
  const cut = [];
  for (const node of [dialog, ...dialog.querySelectorAll("*")]) {
    if (node.getClientRects().length === 0) continue;  // not shown
    if (clips(node) && node.scrollWidth > node.clientWidth) {
      cut.push(`${name(node)} holds ${node.scrollWidth} px in ${node.clientWidth}`);
    }
    const box = node.getBoundingClientRect();
    for (let up = node.parentElement; up !== null && dialog.contains(up); up = up.parentElement) {
      if (!clips(up)) continue;
      const edge = up.getBoundingClientRect();
      const left = edge.left + up.clientLeft, top = edge.top + up.clientTop;
      const right = left + up.clientWidth, bottom = top + up.clientHeight;
      const below = up === dialog && box.bottom > bottom + 0.5;
      if (box.left < left - 0.5 || box.right > right + 0.5 || box.top < top - 0.5 || below) {
        cut.push(`${name(node)} [${Math.round(box.left)}, ${Math.round(box.top)}, ${Math.round(box.right)}, ` +
          `${Math.round(box.bottom)}] is cut by ${name(up)}`);
      }
    }
  }
  return cut;
}"""


@pytest.fixture
def phone(browser: Browser, page_log: PageLog, site: Site) -> Iterator[Page]:
    """A newcomer's first visit on a phone: its size, touch, a mobile browser's viewport."""
    context = browser.new_context(viewport=PHONE_390, has_touch=True, is_mobile=True, service_workers="block")
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


@pytest.fixture
def ready(app: App, page: Page) -> Page:
    app.open()
    app.wait_until_ready()
    return page


def step(page: Page, number: int, steps: int = len(STEPS), t: Translator | None = None) -> Locator:
    """The introduction at step ``number``, once it shows (its words in ``t``'s language)."""
    words = t or Translator("en")
    label = words("intro_step", step=number, steps=steps)
    dialog = page.get_by_role("dialog", name=words(f"intro_title_{number}"))
    expect(dialog.get_by_text(label, exact=True)).to_be_visible()
    return dialog


def too_small(boxes: Locator) -> list[str]:
    """Each of ``boxes`` narrower or shorter than a thumb, with its size."""
    small = []
    for box in boxes.all():
        size = box.bounding_box()
        assert size is not None, f"{box} is not on screen"
        if size["width"] < THUMB_PX or size["height"] < THUMB_PX:
            name = box.get_attribute("aria-label") or box.inner_text()
            small.append(f"{name!r} {size['width']:.0f} x {size['height']:.0f}")
    return small


@pytest.mark.first_visit
def test_enter_goes_through_the_introduction_into_a_match(ready: Page) -> None:
    page = ready
    player = Player(page)
    for number, main in ((1, "Next"), (2, "Next"), (3, "Next"), (4, "Play")):
        expect(step(page, number).get_by_role("button", name=main, exact=True)).to_be_focused()
        page.keyboard.press("Enter")
    expect(page.get_by_role("dialog")).to_be_hidden()
    expect(player.opponents).to_contain_text("Medium")
    player.wait_for_turn()
    # Back from the header, it opens on Next again.
    page.get_by_role("button", name="How to play").click()
    expect(step(page, 1).get_by_role("button", name="Next")).to_be_focused()


@pytest.mark.first_visit
def test_whom_to_play_is_a_step_of_its_own(ready: Page) -> None:
    page = ready
    player = Player(page)
    for number in (1, 2, 3):
        shown = step(page, number)
        expect(shown.get_by_role("radio")).to_have_count(0)
        expect(shown.get_by_role("button", name="Skip")).to_be_visible()
        shown.get_by_role("button", name="Next").click()
    last = step(page, 4)
    choice = last.get_by_role("group", name="Whom do you play?")
    expect(choice.get_by_role("radio")).to_have_count(5)
    # What helps at any level is said where the levels are, not among the rules.
    expect(last).to_contain_text("Hint shows a good move and Undo takes your last one back")
    last.get_by_role("button", name="Back").click()
    expect(step(page, 3)).not_to_contain_text("Hint")
    step(page, 3).get_by_role("button", name="Next").click()
    choice.get_by_role("radio", name=re.compile("^Easy")).check()
    last.get_by_role("button", name="Play", exact=True).click()
    expect(player.opponents).to_contain_text("Easy")
    player.wait_for_turn()

    # From the header, with a match on: the levels, and where to choose one.
    page.get_by_role("button", name="How to play").click()
    for number in (1, 2, 3):
        step(page, number).get_by_role("button", name="Next").click()
    last = step(page, 4)
    expect(last.get_by_role("radio")).to_have_count(0)
    expect(last).to_contain_text("New match chooses whom you play:")
    expect(last.get_by_role("listitem")).to_have_count(5)
    last.get_by_role("button", name="Let's play").click()
    expect(last).to_be_hidden()
    expect(player.opponents).to_contain_text("Easy")


def test_on_a_phone_nothing_in_the_introduction_is_cut_off_in_any_language(phone: Page, screenshot: Screenshot) -> None:
    page = phone
    english = Translator("en")
    for number in range(1, len(STEPS) + 1):
        shown = step(page, number)
        assert shown.evaluate(CUT_OFF) == [], f"step {number} in English"
        # Each choice's button is as wide as the others, the longest line's too.
        boxes = [radio.bounding_box() for radio in shown.get_by_role("radio").all()]
        widths = {round(box["width"]) for box in boxes if box is not None}
        assert len(widths) <= 1, f"a level's radio button is squeezed: {widths}"
        screenshot(page, f"first-minute-phone-step-{number}")
        shown.get_by_role("button", name=english("intro_play" if number == len(STEPS) else "intro_next")).click()
    Player(page).wait_for_turn()
    # The other languages, from the header's How to play, with the match on.
    spoken = english
    for language, name in LANGUAGES.items():
        if language == "en":
            continue
        choose_language(page, name, menu=spoken("menu"))
        spoken = Translator(language)
        page.get_by_role("button", name=spoken("how_to_play_short")).click()
        for number in range(1, len(STEPS) + 1):
            shown = step(page, number, t=spoken)
            assert shown.evaluate(CUT_OFF) == [], f"step {number} in {name}"
            last = number == len(STEPS)
            shown.get_by_role("button", name=spoken("intro_done" if last else "intro_next")).click()
        expect(page.get_by_role("dialog")).to_be_hidden()


def test_on_a_phone_every_button_and_link_of_the_header_and_the_introduction_takes_a_thumb(phone: Page) -> None:
    page = phone
    header = page.get_by_role("banner")
    assert too_small(header.get_by_role("button")) == [], "the header's buttons"
    for number in range(1, len(STEPS) + 1):
        shown = step(page, number)
        assert too_small(shown.get_by_role("button")) == [], f"step {number}'s buttons"
        assert too_small(shown.get_by_role("link")) == [], f"step {number}'s link to the rules"
        # A level is chosen by its whole line, a thumb's height at least.
        assert too_small(shown.locator("label:has(input[type=radio])")) == [], f"step {number}'s levels"
        last = number == len(STEPS)
        shown.get_by_role("button", name="Play" if last else "Next", exact=True).click()
    Player(page).wait_for_turn()
    assert too_small(header.get_by_role("button")) == [], "the header's buttons, in play"
