"""The rules tutorial's replays as a reader meets them: every replay drawn
(board, words, step controls) before any script runs; one interpreter for the
whole page, fetched once over load, scrolling and reading; each replay stepped
live; and the facade a host page gets from "Copy embed code", which costs
nothing until the reader asks for the replay."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest
from helpers import replay_position
from playwright.sync_api import Browser, Locator, Page, expect

from .conftest import DESKTOP, PHONE, READY_TIMEOUT_MS, SCREENSHOTS, serve_directory
from .test_accessibility import serious_problems
from replay import poster
from replay.frames import frames
from table.game import encode_link

if TYPE_CHECKING:
    from .conftest import PageLog, Screenshot, Site

ROOT = Path(__file__).resolve().parents[2]
SCENARIOS: list[dict[str, Any]] = json.loads((ROOT / "docs" / "tutorial-scenarios.json").read_text(encoding="utf-8"))[
    "scenarios"
]
RUNTIME = "pyodide.asm.wasm"


#: Resolves once the browser is idle: its idle callbacks run in the order
#: asked, so any the page asked for before have run.
IDLE = "() => new Promise((resolve) => requestIdleCallback(() => resolve()))"
#: Resolves once an observer of the replays, made after the page's own
#: (web/js/rules.js), has heard where they are (its first report comes in the
#: same task as the page's, after it), and then the browser has been idle:
#: rejects if a replay is in view.
QUIET_WITH_NOTHING_IN_VIEW = f"""() => new Promise((resolve, reject) => {{
    const seen = new IntersectionObserver((entries) => {{
        seen.disconnect();
        if (entries.some((entry) => entry.isIntersecting)) reject(new Error("a replay is in view"));
        else ({IDLE})().then(resolve);
    }});
    for (const root of document.querySelectorAll(".embed[data-replay]")) seen.observe(root);
}})"""


def moves_per_hand(scenario: dict[str, Any]) -> list[int]:
    return [len(hand["moves"]) for hand in scenario["record"]["hands"]]


def moves_of(scenario: dict[str, Any]) -> int:
    return sum(len(hand["moves"]) for hand in scenario["record"]["hands"])


def start_of(scenario: dict[str, Any]) -> int:
    return int(scenario.get("options", {}).get("move", 0))


def figure(page: Page, scenario: dict[str, Any]) -> Locator:
    return page.locator(f"#try-{scenario['id']}")


def runtime_fetches(requests: list[str]) -> list[str]:
    return [url for url in requests if url.split("?")[0].endswith("/" + RUNTIME)]


# Posters: the page as painted, before (and without) any script


@pytest.mark.parametrize("viewport", [DESKTOP, PHONE], ids=["desktop", "phone"])
def test_every_replay_is_drawn_and_explained_before_any_script_runs(
    browser: Browser, site: Site, viewport: Any, screenshot: Screenshot
) -> None:
    context = browser.new_context(viewport=viewport, java_script_enabled=False, service_workers="block")
    requests: list[str] = []
    context.on("request", lambda request: requests.append(request.url))
    page = context.new_page()
    try:
        page.goto(site.url + "rules.html")
        expect(page.locator("figure.tutorial")).to_have_count(len(SCENARIOS))
        for scenario in SCENARIOS:
            shown = figure(page, scenario)
            shown.scroll_into_view_if_needed()
            expect(shown.get_by_role("status")).to_have_text(
                replay_position(start_of(scenario), moves_per_hand(scenario))
            )
            expect(shown.get_by_role("group", name=re.compile("^The layout"))).to_be_visible()
            expect(shown.get_by_role("button", name="Next")).to_be_visible()
            expect(shown.get_by_role("button", name="Try it")).to_be_visible()
            expect(shown.locator("figcaption")).to_contain_text(scenario["title"])
            expect(shown.get_by_text(re.compile(r"^Scores: "))).to_be_visible()
            # The hand of the seat shown, tile by tile (empty where that seat has just gone out).
            held = frames(scenario["record"])[start_of(scenario)].hands[int(scenario["options"].get("seat", 0))]
            expect(shown.get_by_role("group", name=re.compile("hand$")).get_by_role("img")).to_have_count(len(held))
        assert runtime_fetches(requests) == []
        # As the reader sees it: the top of the page, and the first replay.
        name = f"rules-first-paint-{'phone' if viewport == PHONE else 'desktop'}"
        SCREENSHOTS.mkdir(parents=True, exist_ok=True)
        page.evaluate("window.scrollTo(0, 0)")
        page.screenshot(path=str(SCREENSHOTS / f"{name}-top.png"))
        figure(page, SCENARIOS[0]).evaluate("node => node.scrollIntoView()")
        page.screenshot(path=str(SCREENSHOTS / f"{name}-replay.png"))
        screenshot(page, name)
    finally:
        context.close()


def test_the_served_page_holds_each_poster(site: Site, page: Page) -> None:
    """What the server sends, before any script: each replay's board, its
    position and its step controls are in the HTML itself."""
    text = page.request.get(site.url + "rules.html").text()
    for scenario in SCENARIOS:
        start = text.index(f'id="try-{scenario["id"]}"')
        poster = text[start : text.index("</figure>", start)]
        assert "<svg" in poster
        assert 'data-action="next"' in poster
        assert replay_position(start_of(scenario), moves_per_hand(scenario)) in poster
        assert "<iframe" not in poster


# One interpreter for the page


def test_one_runtime_over_load_scrolling_and_reading_and_every_replay_steps(
    page: Page, site: Site, page_log: PageLog, screenshot: Screenshot
) -> None:
    page.goto(site.url + "rules.html")
    page.wait_for_load_state("load")
    for scenario in SCENARIOS:
        figure(page, scenario).scroll_into_view_if_needed()
        before = page.evaluate("scrollY")
        page.mouse.wheel(0, 300)
        # The wheel has scrolled the page on (or it is at the foot of the page).
        page.wait_for_function(
            "(before) => scrollY !== before || scrollY + innerHeight >= document.documentElement.scrollHeight - 1",
            arg=before,
        )
    # Reading on until the page has done all it does: a replay came into
    # view, the idle browser started the interpreter, and every replay is live.
    expect(page.locator(".embed[data-live='1']")).to_have_count(len(SCENARIOS), timeout=READY_TIMEOUT_MS)
    assert len(runtime_fetches(page_log.requests)) == 1, runtime_fetches(page_log.requests)

    for scenario in SCENARIOS:
        shown = figure(page, scenario)
        shown.scroll_into_view_if_needed()
        shown.locator(".embed[data-live='1']").wait_for(state="attached", timeout=READY_TIMEOUT_MS)
        start, moves = start_of(scenario), moves_of(scenario)
        step = "Next" if start < moves else "Back"
        shown.get_by_role("button", name=step).click()
        after = start + 1 if step == "Next" else start - 1
        expect(shown.get_by_role("status")).to_have_text(replay_position(after, moves_per_hand(scenario)))
        expect(shown.locator(".explain p").first).not_to_be_empty()
    assert len(runtime_fetches(page_log.requests)) == 1
    screenshot(page, "rules-live")


def test_a_press_on_a_poster_starts_the_page_and_steps(page: Page, site: Site, page_log: PageLog) -> None:
    """Pressed before anything is live, "Next" starts the one interpreter
    and steps once the replay is live."""
    page.goto(site.url + "rules.html", wait_until="domcontentloaded")
    scenario = next(s for s in SCENARIOS if start_of(s) < moves_of(s))
    shown = figure(page, scenario)
    shown.get_by_role("button", name="Next").click()
    expect(shown.get_by_role("status")).to_have_text(
        replay_position(start_of(scenario) + 1, moves_per_hand(scenario)), timeout=READY_TIMEOUT_MS
    )
    assert len(runtime_fetches(page_log.requests)) == 1


@pytest.mark.parametrize("viewport", [PHONE], ids=["phone"])
def test_the_interpreter_waits_for_a_replay_in_view_and_each_live_replay_reads_as_its_poster(
    page: Page, site: Site, page_log: PageLog
) -> None:
    """On a phone the page opens on text, with no replay in sight: nothing
    of the runtime is fetched however long the reader reads there. Once a
    replay comes into view the idle browser starts the one interpreter, and
    each replay, live, says what its poster said."""
    requests = page_log.requests
    page.goto(site.url + "rules.html")
    page.wait_for_load_state("load")
    first = figure(page, SCENARIOS[0]).locator(".embed")
    assert first.evaluate("(root) => root.getBoundingClientRect().top") > PHONE["height"], "a replay is in view"
    posters = {s["id"]: figure(page, s).locator(".embed").inner_text() for s in SCENARIOS}
    # Reading the introduction: the page has heard from its observer that no
    # replay is in view, and the browser has been idle since (web/js/rules.js
    # starts the interpreter at the first idle moment after a replay is seen).
    page.evaluate(QUIET_WITH_NOTHING_IN_VIEW)
    assert runtime_fetches(requests) == []
    assert page.locator(".embed[aria-busy='true']").count() == 0, "the interpreter is starting"
    assert page.locator(".embed[data-live='1']").count() == 0

    first.scroll_into_view_if_needed()
    for scenario in SCENARIOS:
        shown = figure(page, scenario).locator(".embed")
        shown.and_(page.locator("[data-live='1']")).wait_for(state="attached", timeout=READY_TIMEOUT_MS)
        assert shown.inner_text() == posters[scenario["id"]], scenario["id"]
    assert len(runtime_fetches(requests)) == 1


def tiles_on(layout: Locator) -> int:
    """How many tiles the board's screen-reader label says are on the layout."""
    label = layout.get_attribute("aria-label") or ""
    found = re.match(r"The layout: (\d+) tiles?", label)
    assert found, label
    return int(found.group(1))


def test_try_it_takes_over_and_plays_a_tile_in_the_page(page: Page, site: Site) -> None:
    page.goto(site.url + "rules.html")
    # Counting, at the lead it teaches is counted like every play: the
    # reader, taking over, leads from the nine tiles the game deals.
    scenario = next(s for s in SCENARIOS if s["id"] == "counting")
    shown = figure(page, scenario)
    shown.scroll_into_view_if_needed()
    shown.get_by_role("button", name="Try it").click()
    status = shown.get_by_role("status")
    expect(status).to_have_text("Your lead: play any tile.", timeout=READY_TIMEOUT_MS)
    layout = shown.locator("svg[aria-label^='The layout']")
    expect(layout).to_have_attribute("aria-label", "The layout: no tiles yet")
    hand = shown.get_by_role("group", name="Your hand")
    expect(hand.get_by_role("button")).to_have_count(9)

    hand.locator(".playable").first.click()
    # The reader's tile is on the table and out of the hand; the computer replies.
    expect(hand.get_by_role("button")).to_have_count(8)
    expect(status).to_have_text(re.compile("Your turn|The hand is over"), timeout=30_000)
    assert tiles_on(layout) >= 2

    shown.get_by_role("button", name="Back to the replay").click()
    expect(status).to_have_text(re.compile(r"^Hand \d+(, move \d+ of \d+|: the deal)$"))


def test_the_drawing_lesson_is_tried_from_before_the_draw(page: Page, site: Site) -> None:
    """Try it in "Drawing from the boneyard" opens as Ben's turn begins:
    the reader holds the nine tiles dealt, none of which fits, and draws
    from the boneyard, a tile a press, until one fits, then plays it."""
    page.goto(site.url + "rules.html")
    shown = figure(page, next(s for s in SCENARIOS if s["id"] == "drawing"))
    shown.scroll_into_view_if_needed()
    shown.get_by_role("button", name="Try it").click()
    status = shown.get_by_role("status")
    expect(status).to_have_text("You cannot play: draw from the boneyard.", timeout=READY_TIMEOUT_MS)
    hand = shown.get_by_role("group", name="Your hand")
    expect(hand.get_by_role("button")).to_have_count(9)
    expect(hand.locator(".playable")).to_have_count(0)
    expect(shown.get_by_text("Ann: 8 tiles · Boneyard: 10 tiles")).to_be_visible()
    draw = shown.get_by_role("button", name="Draw a tile")
    expect(draw).to_be_focused()

    for held, drawn in ((10, "3-3"), (11, "3-3 and 2-1")):
        draw.click()
        expect(shown.get_by_text(f"You cannot play: you draw {drawn}.")).to_be_visible()
        expect(hand.get_by_role("button")).to_have_count(held)
        expect(status).to_have_text("You cannot play: draw from the boneyard.")
    draw.click()
    # 6-2 fits the spinner: the reader's turn, with that tile to play.
    expect(status).to_have_text("Your turn: play a tile.")
    expect(draw).to_be_hidden()
    expect(shown.get_by_text("Ann: 8 tiles · Boneyard: 7 tiles")).to_be_visible()
    expect(hand.locator(".playable")).to_have_count(1)
    hand.get_by_role("button", name="six-two").click()
    expect(status).to_have_text("Choose an end on the table for 6-2.")
    shown.get_by_role("button", name="Play on the West end").click()
    expect(hand.get_by_role("button")).to_have_count(11)


def test_the_tutorial_passes_axe_as_poster_and_live(page: Page, site: Site) -> None:
    page.goto(site.url + "rules.html", wait_until="domcontentloaded")
    assert serious_problems(page) == []
    first = figure(page, SCENARIOS[0])
    first.get_by_role("button", name="Try it").focus()
    first.locator(".embed[data-live='1']").wait_for(state="attached", timeout=READY_TIMEOUT_MS)
    assert serious_problems(page) == []


# The facade for other sites' pages


def facade_code(site: Site) -> str:
    """What "Copy embed code" gives for a hand two moves in (see
    test_embed.py for the game's own dialog)."""
    record = next(s for s in SCENARIOS if moves_of(s) >= 3)["record"]
    src = f"{site.url}embed.html?move=2#record={encode_link(record)}"
    return poster.facade(record, src=src, script=site.url + poster.FACADE_SCRIPT, move=2)


@pytest.fixture
def host_page(tmp_path: Path, site: Site) -> Iterator[str]:
    """A page on another origin holding three replays' facades."""
    code = facade_code(site)
    (tmp_path / "host.html").write_text(
        '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>A blog</title>'
        '<link rel="icon" href="data:,"></head><body><main><h1>Games to study</h1>'
        f"{code}<p>Another:</p>{code}<p>And another:</p>{code}</main></body></html>",
        encoding="utf-8",
    )
    with serve_directory(tmp_path) as url:
        yield url + "host.html"


def test_the_facade_costs_nothing_until_clicked_then_turns_live(
    page: Page, host_page: str, page_log: PageLog, screenshot: Screenshot
) -> None:
    page.goto(host_page)
    page.wait_for_load_state("load")
    facades = page.get_by_role("button", name=re.compile("^All Fives: a replay"))
    expect(facades).to_have_count(3)
    expect(facades.first.locator("svg").first).to_have_attribute("aria-label", re.compile("^The layout: 2 tiles"))
    expect(facades.first).to_contain_text("Hand 1, move 2 of")
    page.evaluate(IDLE)  # the page loaded, the facades drawn, and nothing more to do
    assert runtime_fetches(page_log.requests) == []
    assert not [url for url in page_log.requests if "embed.html" in url]
    assert serious_problems(page) == []
    screenshot(page, "facade-host")

    facades.first.click()
    frame = page.frame_locator("iframe").first
    frame.locator("body[data-ready='1']").wait_for(state="attached", timeout=READY_TIMEOUT_MS)
    expect(frame.get_by_role("status")).to_have_text(re.compile(r"^Hand 1, move 2 of \d+$"))
    expect(page.locator("iframe")).to_have_count(1)


def test_the_facade_turns_live_on_enter(page: Page, host_page: str) -> None:
    page.goto(host_page)
    facades = page.get_by_role("button", name=re.compile("^All Fives: a replay"))
    facades.nth(1).focus()
    page.keyboard.press("Enter")
    frame = page.frame_locator("iframe").first
    frame.locator("body[data-ready='1']").wait_for(state="attached", timeout=READY_TIMEOUT_MS)
    expect(frame.get_by_role("button", name="Back")).to_be_visible()
    expect(page.locator("iframe")).to_have_count(1)
    expect(page.locator("iframe")).to_be_focused()
