"""The replay on another site's page, whatever storage the browser gives its
frame: partitioned (Chromium's default), none at all (third-party storage
blocked: Chromium without partitioning, as Playwright launches it), or a
frame sandboxed without ``allow-same-origin`` (no storage, no service
worker). The host page is on ``localhost``, the game on ``127.0.0.1``: two
sites, as a blog framing a game hosted on GitHub Pages (two ports of one
host would be one site, and share its storage).

Also: the code "Copy embed code" gives fits the replay to its frame, and
the host page does not move when it turns live; and a replay that cannot
start says so, with a link to the replay on its own page.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING

import pytest
from helpers import match_played
from playwright.sync_api import Browser, Frame, Locator, Page, Playwright, ViewportSize, expect

from .conftest import READY_TIMEOUT_MS, launch_chromium, logged_page, serve_directory
from .test_embed import COUNTING, COUNTING_MOVES
from replay import poster
from table.game import encode_link

if TYPE_CHECKING:
    from .conftest import PageLog, Screenshot, Site

#: The host page's site: not 127.0.0.1, so another site than the game's.
HOST_SITE = "localhost"
#: The height of the frame the facade made before it heard the replay's.
DEFAULT_FRAME = "width: 640px; height: 656px; border: 0"
#: Playwright turns Chromium's third-party storage partitioning off (with a
#: --disable-features list). Chromium takes the last --disable-features it is
#: given: this one, without ThirdPartyStoragePartitioning, leaves Chromium's
#: default, partitioned storage, on.
PARTITIONED_ARGS = ("--disable-features=PaintHolding,HttpsUpgrades,MediaRouter,OptimizationHints,LensOverlay",)
#: What the loading screen waits before it says the replay did not start
#: (web/js/loading.js: STUCK_MS), and a little more.
START_LIMIT = "00:46"


@pytest.fixture
def host_folder(tmp_path: Path) -> Path:
    return tmp_path


@pytest.fixture
def host_url(host_folder: Path, page_log: PageLog) -> Iterator[str]:
    """A server for host pages, reached as ``localhost``: another site."""
    page_log.other_hosts.add(HOST_SITE)
    with serve_directory(host_folder) as url:
        yield url.replace("127.0.0.1", HOST_SITE)


@pytest.fixture(scope="module")
def partitioned_browser(playwright_driver: Playwright) -> Iterator[Browser]:
    """A Chromium that partitions third-party storage, as Chromium does by default."""
    chromium = launch_chromium(playwright_driver, *PARTITIONED_ARGS)
    yield chromium
    chromium.close()


@pytest.fixture
def partitioned_page(partitioned_browser: Browser, viewport: ViewportSize, page_log: PageLog) -> Iterator[Page]:
    with logged_page(partitioned_browser, viewport, page_log, service_workers=False) as new_page:
        yield new_page


def embed_url(site: Site, query: str = "?move=0&seat=0&lang=en") -> str:
    return f"{site.url}embed.html{query}#record={encode_link(COUNTING)}"


def write_host(folder: Path, body: str) -> str:
    """A blog's page holding ``body``; return its file name."""
    (folder / "blog.html").write_text(
        '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>A blog</title>'
        f'<link rel="icon" href="data:,"></head><body><h1>A game to study</h1>{body}</body></html>',
        encoding="utf-8",
    )
    return "blog.html"


def frame_html(src: str, *, sandbox: bool = False) -> str:
    sandboxed = ' sandbox="allow-scripts"' if sandbox else ""
    return f'<iframe id="replay" title="A replay"{sandboxed} src="{src}" style="{DEFAULT_FRAME}"></iframe>'


def the_frame(page: Page) -> Frame:
    """The replay's frame (the only one), to ask it what a test cannot see."""
    frames = page.main_frame.child_frames
    assert len(frames) == 1
    return frames[0]


def storage_in_frame(page: Page) -> str:
    """What the frame's storage is: "stored" when it can keep a value."""
    return str(
        the_frame(page).evaluate(
            "() => { try { localStorage.setItem('allfives.probe', '1'); return 'stored' }"
            " catch (error) { return error.name } }"
        )
    )


def the_replay_plays(page: Page) -> None:
    """The replay in the frame is live: it steps through the record."""
    frame = page.frame_locator("iframe")
    frame.locator("body[data-ready='1']").wait_for(state="attached", timeout=READY_TIMEOUT_MS)
    expect(frame.locator("#position")).to_have_text("Hand 1: the deal")
    frame.get_by_role("button", name="Next").click()
    expect(frame.locator("#position")).to_have_text(f"Hand 1, move 1 of {COUNTING_MOVES}")
    expect(frame.locator("#explain")).to_contain_text("W 6 + E 4 = 10: scores 10")


# The replay starts in any frame that may run scripts


def test_the_replay_starts_where_third_party_storage_is_partitioned(
    partitioned_page: Page, site: Site, host_folder: Path, host_url: str
) -> None:
    partitioned_page.goto(host_url + write_host(host_folder, frame_html(embed_url(site))))
    the_replay_plays(partitioned_page)
    assert storage_in_frame(partitioned_page) == "stored"


def test_the_replay_starts_where_its_frame_gets_no_storage(
    page: Page, site: Site, host_folder: Path, host_url: str
) -> None:
    page.goto(host_url + write_host(host_folder, frame_html(embed_url(site))))
    the_replay_plays(page)
    assert storage_in_frame(page) == "SecurityError", "third-party storage is blocked here"


def test_the_replay_starts_in_a_sandboxed_frame(page: Page, site: Site, host_folder: Path, host_url: str) -> None:
    page.goto(host_url + write_host(host_folder, frame_html(embed_url(site), sandbox=True)))
    the_replay_plays(page)
    assert the_frame(page).evaluate("() => self.origin") == "null", "a sandboxed frame has no origin of its own"
    assert storage_in_frame(page) == "SecurityError"


# The copied code


def test_the_copied_code_sizes_its_frame_to_the_replay(
    page: Page, site: Site, host_folder: Path, host_url: str
) -> None:
    code = poster.facade(COUNTING, src=embed_url(site), script=f"{site.url}facade.js")
    page.goto(host_url + write_host(host_folder, f'<div style="width: 640px">{code}</div>'))
    page.get_by_role("button", name="All Fives: a replay: Hand 1: the deal. Step through this game").click()
    the_replay_plays(page)
    frame = the_frame(page)
    # The frame is as tall as the replay: nothing cut off, no empty band.
    fits = (
        "() => Math.abs(innerHeight - Math.ceil(document.getElementById('embed').getBoundingClientRect().height)) <= 1"
    )
    frame.wait_for_function(fits)
    controls = page.frame_locator("iframe").get_by_role("navigation", name="Replay")
    frame_box = page.locator("iframe").bounding_box()
    controls_box = controls.bounding_box()
    assert frame_box is not None
    assert controls_box is not None
    assert controls_box["y"] + controls_box["height"] <= frame_box["y"] + frame_box["height"]

    # In a narrower column the replay is shorter (its board follows the width): the frame follows it.
    page.locator("div").first.evaluate("(column) => { column.style.width = '360px' }")
    frame.wait_for_function(f"() => innerWidth <= 360 && ({fits})()")


#: A phone's width, the narrowest common one; and a desktop's, tall enough
#: for the whole host page (a full-page screenshot of a taller one resizes
#: the window, and Chromium may then show the other site's frame blank).
NARROW_PHONE: ViewportSize = {"width": 360, "height": 740}
TALL_DESKTOP: ViewportSize = {"width": 1280, "height": 960}


def top_in_page(where: Locator) -> float:
    """Where ``where`` begins, from the top of the document (not of the
    window: scrolling moves nothing on the page)."""
    return float(where.evaluate("(node) => node.getBoundingClientRect().top + scrollY"))


@pytest.mark.parametrize("viewport", [NARROW_PHONE, TALL_DESKTOP], ids=["360px", "1280px"])
def test_the_host_page_does_not_move_when_the_copied_code_turns_live(
    page: Page, site: Site, host_folder: Path, host_url: str, viewport: ViewportSize, screenshot: Screenshot
) -> None:
    """The facade is as tall as the live replay's frame: the host's text
    under it stays where it was, before and after the replay starts."""
    code = poster.embed_code(match_played(1, 6), site.url, whole_hand=False, seat=0, lang="en")
    page.goto(host_url + write_host(host_folder, f"{code}<p>The text under the replay.</p>"))
    text = page.get_by_text("The text under the replay.")
    facade = page.get_by_role("button", name="All Fives: a replay: Hand 1, move 6 of 6. Step through this game")
    expect(facade.get_by_role("img", name=re.compile("^The layout: 6 tiles"))).to_be_visible()
    under, tall = top_in_page(text), facade.evaluate("(link) => link.getBoundingClientRect().height")
    screenshot(page, f"embed-code-{viewport['width']}-facade")

    facade.click()
    replay = page.frame_locator("iframe")
    assert top_in_page(text) == under, "the frame took the facade's place, as tall"
    replay.locator("body[data-ready='1']").wait_for(state="attached", timeout=READY_TIMEOUT_MS)
    expect(replay.get_by_role("group", name=re.compile("^The layout: 6 tiles"))).to_be_visible()
    expect(replay.get_by_role("button", name="Try it")).to_be_visible()
    assert top_in_page(text) == under, "the live replay fits the frame: nothing under it moves"
    assert page.locator("iframe").evaluate("(frame) => frame.getBoundingClientRect().height") == tall
    screenshot(page, f"embed-code-{viewport['width']}-live")


# Never an endless "Loading"


def test_a_replay_that_cannot_start_says_so_and_links_to_its_own_page(
    page: Page, site: Site, host_folder: Path, host_url: str
) -> None:
    page.route("**/vendor/pyodide/**", lambda _route: None)  # the runtime never arrives
    page.clock.install()
    src = embed_url(site)
    page.goto(host_url + write_host(host_folder, frame_html(src)), wait_until="commit")  # it never loads
    frame = page.frame_locator("#replay")
    expect(frame.locator("#position")).to_have_text("Loading the game…")
    expect(frame.locator("#position")).to_have_attribute("lang", "en")  # the loading screen is on
    page.clock.fast_forward(START_LIMIT)
    expect(frame.get_by_role("alert")).to_have_text("The replay could not start here. Open the replay on its own page")
    link = frame.get_by_role("link", name="Open the replay on its own page")
    expect(link).to_have_attribute("href", src)
    expect(link).to_have_attribute("target", "_blank")
    expect(frame.locator("#position")).to_have_text("")


@pytest.mark.parametrize(
    ("lang", "said", "link"),
    [
        ("en", "The replay could not start here. Open the replay on its own page", "Open the replay on its own page"),
        (
            "de",
            "Die Wiedergabe konnte hier nicht starten. Die Wiedergabe auf einer eigenen Seite öffnen",
            "Die Wiedergabe auf einer eigenen Seite öffnen",
        ),
    ],
)
def test_a_replay_whose_runtime_fails_says_so_at_once(
    page: Page, site: Site, page_log: PageLog, host_folder: Path, host_url: str, lang: str, said: str, link: str
) -> None:
    page.route("**/vendor/pyodide/pyodide.asm.wasm", lambda route: route.abort())
    page.clock.install(time=0)
    page.clock.pause_at(1000)  # no timer fires: what is said is said on the failure, not after a time
    src = embed_url(site, f"?lang={lang}")
    page.goto(host_url + write_host(host_folder, frame_html(src)))
    frame = page.frame_locator("#replay")
    expect(frame.get_by_role("alert")).to_have_text(said)
    expect(frame.get_by_role("link", name=link)).to_have_attribute("href", src)
    # What failed was logged: the runtime that did not arrive, and PyScript's error.
    assert page_log.page_errors or page_log.console_errors
    page_log.page_errors.clear()
    page_log.console_errors.clear()
