"""Offline play and installing: one visit keeps the whole site in the service
worker's cache; with the network gone the game still loads and plays; a new
version waits until the next reload, then replaces the old cache; the web
app manifest and its icons load.

Each test serves its own copy of dist/, under a sub-path, from a server it
can change and stop (stopping it is what proves the cache is used)."""

from __future__ import annotations

import json
import re
import shutil
import threading
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest
from playwright.sync_api import Page, expect

from sitebuild import offline, serve

from .conftest import LOOPBACK, READY_TIMEOUT_MS, evaluate_settled
from .player import SEVERAL_ENDS, Player
from .test_history import GOLDEN, bring_in, matches, open_history

if TYPE_CHECKING:
    from .conftest import Site

ROOT = Path(__file__).resolve().parents[2]
SUB_PATH = "games/all-fives/"
#: Installing copies 14 MB into the cache; give it time on a busy machine.
INSTALL_TIMEOUT_S = 90.0


@dataclass
class OwnSite:
    """A copy of dist/ served under :data:`SUB_PATH` by a server of its own."""

    dist: Path
    url: str
    server: Any
    thread: threading.Thread

    def stop(self) -> None:
        """Take the server away: from now on only the cache can answer."""
        self.server.shutdown()
        self.server.server_close()
        self.thread.join(timeout=10)

    def version(self) -> str:
        version: str = json.loads((self.dist / offline.PRECACHE_NAME).read_text())["version"]
        return version


@pytest.fixture
def own_site(site: Site, tmp_path: Path) -> Iterator[OwnSite]:
    root = tmp_path / "www"
    dist = root / SUB_PATH
    shutil.copytree(site.dist, dist)
    server = serve.make_server(root, LOOPBACK, 0, verbose=False)
    thread = threading.Thread(target=server.serve_forever, name="own site", daemon=True)
    thread.start()
    copy = OwnSite(dist, serve.server_url(server) + SUB_PATH, server, thread)
    yield copy
    if thread.is_alive():
        copy.stop()


def wait_until(page: Page, check: str) -> None:
    """Wait until ``check``, a JavaScript expression that may ``await``
    (the registration, the caches), is true in the page. It is asked again at
    each frame, one question at a time; ``wait_for_function`` asks again in
    the new page after a navigation (a reload that switches versions loads
    twice)."""
    page.wait_for_function(
        f"""() => {{
            const asked = (window.__asked ??= {{}});
            const key = {json.dumps(check)};
            if (!asked[key]) {{
                asked[key] = {{ answer: false, pending: false }};
            }}
            const question = asked[key];
            if (!question.pending) {{
                question.pending = true;
                (async () => {check})().then(
                    (answer) => {{ question.answer = Boolean(answer); question.pending = false; }},
                    () => {{ question.pending = false; }},
                );
            }}
            return question.answer;
        }}""",
        timeout=INSTALL_TIMEOUT_S * 1000,
    )


#: The registration has a new version installed and waiting.
WAITING = "!!(await navigator.serviceWorker.getRegistration())?.waiting"


def only_cache(name: str) -> str:
    """The check that ``name`` is the site's only cache."""
    return f"JSON.stringify(await caches.keys()) === {json.dumps(json.dumps([name], separators=(',', ':')))}"


def open_ready(page: Page, url: str) -> None:
    page.goto(url)
    page.locator("body[data-ready='1']").wait_for(state="attached", timeout=READY_TIMEOUT_MS)


def reopened_offline(page: Page, site: OwnSite) -> None:
    """The game opened once and taken in hand by its worker, then the server
    gone and the network off: the page reloaded, from the cache alone."""
    open_ready(page, site.url)
    wait_until_controlled(page)
    site.stop()
    page.context.set_offline(True)
    page.reload()
    page.locator("body[data-ready='1']").wait_for(state="attached", timeout=READY_TIMEOUT_MS)


def worker_state(page: Page) -> dict[str, Any]:
    """The registration as the page sees it."""
    state: dict[str, Any] = evaluate_settled(
        page,
        """async () => {
            const registration = await navigator.serviceWorker.getRegistration();
            return {
                controlled: navigator.serviceWorker.controller !== null,
                scope: registration ? registration.scope : null,
                waiting: !!(registration && registration.waiting),
                caches: await caches.keys(),
            };
        }""",
    )
    return state


def wait_until_controlled(page: Page) -> dict[str, Any]:
    """Wait until the worker takes the page in hand (once it is active); return the registration's state."""
    page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=INSTALL_TIMEOUT_S * 1000)
    return worker_state(page)


def cached_count(page: Page, name: str) -> int:
    count: int = evaluate_settled(page, "async (name) => (await (await caches.open(name)).keys()).length", name)
    return count


def play_a_tile(page: Page) -> None:
    """Play the first playable tile of the hand and see the move logged."""
    hand = page.get_by_role("group", name="Your hand")
    playable = hand.locator(".playable").first
    playable.wait_for(timeout=60_000)
    logged = page.locator("#log li").count()
    tile = str(playable.get_attribute("data-tile"))
    several = SEVERAL_ENDS.search(str(playable.get_attribute("aria-label")))
    playable.click()
    if several:  # its ends lit, as the page answers: the first
        page.locator("#board .end-target").first.click()
    expect(page.locator("#log li")).not_to_have_count(logged)
    expect(page.locator("#log")).to_contain_text(tile)


#: How the worker keeps each of ``paths``: its inflated mark and its first two bytes.
KEPT_FORMS = """async ({cache, paths}) => {
    const kept = await caches.open(cache);
    const forms = {};
    for (const path of paths) {
        const response = await kept.match(new URL(path, location.href).href);
        const head = new Uint8Array(await response.arrayBuffer()).slice(0, 2);
        forms[path] = [response.headers.get("X-Allfives-Inflated"), String.fromCharCode(...head)];
    }
    return forms;
}"""


def test_one_visit_to_any_page_keeps_the_whole_site_for_offline_play(sw_page: Page, own_site: OwnSite) -> None:
    open_ready(sw_page, own_site.url + "embed.html?src=tutorial/counting.json")
    state = wait_until_controlled(sw_page)
    assert state["scope"] == own_site.url, "the worker's scope is the site's own folder"
    cache = f"allfives-{own_site.version()}"
    assert state["caches"] == [cache]
    files = json.loads((own_site.dist / offline.PRECACHE_NAME).read_text())["files"]
    assert cached_count(sw_page, cache) == len(files)
    # What ships gzipped (sitebuild/packing.py) is kept inflated: a return
    # visit reads the zips as zips ("PK"), with nothing to inflate.
    zips = [path for path in files if path.endswith(".zip.gz")]
    assert len(zips) == 3, zips
    kept = evaluate_settled(sw_page, KEPT_FORMS, {"cache": cache, "paths": zips})
    assert kept == {path: ["1", "PK"] for path in zips}

    own_site.stop()
    sw_page.context.set_offline(True)
    open_ready(sw_page, own_site.url)
    expect(sw_page.get_by_role("heading", name="All Fives")).to_be_visible()
    play_a_tile(sw_page)

    sw_page.goto(own_site.url + "rules.html")
    figure = sw_page.locator("#try-counting")
    figure.get_by_role("button", name="Next").click()  # the page's one interpreter starts, from the cache
    figure.locator(".embed[data-live='1']").wait_for(state="attached", timeout=READY_TIMEOUT_MS)
    # Its poster shows the deal (the lesson is the lead); Next steps to the lead.
    expect(figure.get_by_role("status")).to_have_text(re.compile(r"^Hand 1, move 1 of \d+$"))


def test_the_game_installs_itself_and_plays_offline_after_one_visit(sw_page: Page, own_site: OwnSite) -> None:
    reopened_offline(sw_page, own_site)
    assert worker_state(sw_page)["controlled"], "the worker controls the page after a reload"
    play_a_tile(sw_page)


def test_the_history_works_offline_and_opens_a_match_in_the_replay(sw_page: Page, own_site: OwnSite) -> None:
    """Issue 32: the history is on the device, and so is the replay it opens."""
    reopened_offline(sw_page, own_site)
    history = open_history(Player(sw_page))
    bring_in(history, "history.jsonl", (GOLDEN / "history_v1.jsonl").read_text(encoding="utf-8"))
    expect(matches(history)).to_have_count(2)
    with sw_page.context.expect_page() as opened:
        matches(history).first.get_by_role("link", name=re.compile(r"^Replay the match of ")).click()
    replay = opened.value
    replay.locator("body[data-ready='1']").wait_for(state="attached", timeout=READY_TIMEOUT_MS)
    expect(replay.locator("#position")).to_have_text("Hand 1: the deal")
    replay.close()


def change_a_file(site: OwnSite) -> str:
    """Deploy a new version: one changed file, the manifest and worker rewritten."""
    before = site.version()
    style = site.dist / "embed.css"
    style.write_text(style.read_text(encoding="utf-8") + "\n/* version two */\n", encoding="utf-8")
    offline.write_offline_files(site.dist)
    assert site.version() != before
    return site.version()


def served_style(page: Page) -> str:
    text: str = evaluate_settled(page, "() => fetch('embed.css').then((r) => r.text())")
    return text


def test_an_update_waits_for_the_next_reload_then_replaces_the_old_cache(sw_page: Page, own_site: OwnSite) -> None:
    replay = own_site.url + "embed.html?src=tutorial/spinner.json"
    open_ready(sw_page, replay)
    wait_until_controlled(sw_page)
    old = f"allfives-{own_site.version()}"
    new = f"allfives-{change_a_file(own_site)}"

    # The page open now finds the new version; it installs and waits.
    sw_page.reload()
    sw_page.locator("body[data-ready='1']").wait_for(state="attached", timeout=READY_TIMEOUT_MS)
    wait_until(sw_page, WAITING)
    state = worker_state(sw_page)
    assert state["waiting"]
    assert sorted(state["caches"]) == sorted([old, new])
    assert "version two" not in served_style(sw_page), "the open page keeps the version it started with"

    # The next reload switches, and the old cache goes.
    sw_page.reload()
    wait_until(sw_page, only_cache(new))
    sw_page.locator("body[data-ready='1']").wait_for(state="attached", timeout=READY_TIMEOUT_MS)
    state = worker_state(sw_page)
    assert state["controlled"]
    assert not state["waiting"]
    assert "version two" in served_style(sw_page)


def test_an_update_never_takes_over_while_another_page_is_open(sw_page: Page, own_site: OwnSite) -> None:
    replay = own_site.url + "embed.html?src=tutorial/spinner.json"
    open_ready(sw_page, replay)
    wait_until_controlled(sw_page)
    other = sw_page.context.new_page()  # say, a game in progress in another tab
    open_ready(other, replay)
    new = f"allfives-{change_a_file(own_site)}"

    sw_page.reload()
    wait_until(sw_page, WAITING)
    sw_page.reload()
    sw_page.locator("body[data-ready='1']").wait_for(state="attached", timeout=READY_TIMEOUT_MS)
    state = worker_state(sw_page)
    assert state["waiting"], "still waiting: the other page is open"
    assert "version two" not in served_style(other)

    other.close()
    sw_page.reload()
    wait_until(sw_page, only_cache(new))


def test_the_site_can_be_installed_as_an_app(page: Page, site: Site) -> None:
    open_ready(page, site.url)
    href = page.locator("head link[rel='manifest']").get_attribute("href")
    assert href == "./manifest.webmanifest"
    response = page.request.get(site.url + "manifest.webmanifest")
    assert response.headers["content-type"] == "application/manifest+json"
    manifest = json.loads(response.text())
    assert manifest["name"] == "All Fives"
    assert (manifest["start_url"], manifest["display"]) == (".", "standalone")
    assert (manifest["theme_color"], manifest["background_color"]) == ("#1f6b45", "#f6f3ea")
    for icon in manifest["icons"]:
        width = evaluate_settled(
            page,
            """(src) => new Promise((resolve, reject) => {
                const image = new Image();
                image.onload = () => resolve(image.naturalWidth);
                image.onerror = () => reject(new Error("cannot load " + src));
                image.src = src;
            })""",
            icon["src"],
        )
        if icon["sizes"] != "any":
            assert f"{width}x{width}" == icon["sizes"]
        else:
            assert width > 0
    precached = json.loads(page.request.get(site.url + "precache.json").text())["files"]
    assert {"manifest.webmanifest", "index.html", "embed.html", "rules.html"} <= set(precached)
    assert {icon["src"] for icon in manifest["icons"]} <= set(precached)
