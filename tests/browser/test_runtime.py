"""The runtime's start (web/js/runtime.js, sitebuild/snapshot.mjs): every visit
asks for the runtime before PyScript has read its config, and gets each of
its files once; a first visit starts plainly while the service worker keeps
the snapshot; a return visit restores it, reseeded, so two players' new
matches differ; a snapshot that does not restore, or early downloads that
fail, fall back to a plain start.

These start Pyodide for real, with service workers allowed."""

from __future__ import annotations

from typing import TYPE_CHECKING

from playwright.sync_api import Page, Route, expect

from .conftest import READY_TIMEOUT_MS
from .player import TURN_STATUS

if TYPE_CHECKING:
    from .conftest import PageLog, Site

RESTORED = "allfives-snapshot-restored"
SNAPSHOT = "runtime-snapshot.gz"


def ready(page: Page) -> None:
    page.locator("body[data-ready='1']").wait_for(state="attached", timeout=READY_TIMEOUT_MS)


def restored(page: Page) -> bool:
    return bool(page.evaluate(f"performance.getEntriesByName({RESTORED!r}).length > 0"))


def first_visit(page: Page, url: str) -> None:
    """Load the page, and wait until the worker controls it and holds the snapshot."""
    page.goto(url)
    ready(page)
    assert not restored(page), "a first visit has no snapshot to restore"
    # The worker takes the page in hand once it is active, and it is active
    # only once its install has kept every file of the site, the snapshot too.
    page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=READY_TIMEOUT_MS)
    kept = f"async () => (await caches.match(new URL({SNAPSHOT!r}, location.href).href)) !== undefined"
    assert page.evaluate(kept), "the service worker holds the snapshot"


def hand(page: Page) -> list[str]:
    return [str(tile.get_attribute("aria-label")) for tile in page.locator("#hand button").all()]


#: Every text the status line shows while the page starts.
RECORD_STATUS = """
window.__said = [];
document.addEventListener("DOMContentLoaded", () => {
  const status = document.querySelector("[role=status]");
  const note = () => window.__said.push(status.textContent);
  note();
  new MutationObserver(note).observe(status, { childList: true, characterData: true, subtree: true });
});
"""


def test_a_return_visit_restores_the_snapshot_and_plays(sw_page: Page, site: Site) -> None:
    first_visit(sw_page, site.url)
    sw_page.add_init_script(RECORD_STATUS)
    sw_page.reload()
    ready(sw_page)
    assert restored(sw_page)
    # The runtime is already here: the page says it is starting, and never
    # counts bytes it does not fetch.
    said = sw_page.evaluate("window.__said")
    assert "Starting the game…" in said
    assert "Loading the game…" not in said
    expect(sw_page.get_by_role("status")).to_have_text(TURN_STATUS)
    expect(sw_page.locator("#hand button").first).to_be_visible()


def test_the_replay_restores_it_too(sw_page: Page, site: Site) -> None:
    first_visit(sw_page, site.url)
    sw_page.goto(site.url + "embed.html")
    ready(sw_page)
    assert restored(sw_page)


def test_restored_pages_deal_different_matches(sw_page: Page, site: Site) -> None:
    hands = []
    first_visit(sw_page, site.url)
    for _ in range(2):
        sw_page.evaluate("localStorage.clear()")  # no saved game: a new match, from a random seed
        sw_page.reload()
        ready(sw_page)
        assert restored(sw_page)
        hands.append(hand(sw_page))
    assert hands[0], "the hand shows"
    assert hands[0] != hands[1], "the restored random generator was reseeded"


def test_a_snapshot_that_does_not_restore_falls_back_to_a_plain_start(sw_page: Page, site: Site) -> None:
    first_visit(sw_page, site.url)
    # Put a snapshot of garbage in its place: it unzips, but is no memory of Python.
    sw_page.evaluate(
        f"""async () => {{
            const url = new URL({SNAPSHOT!r}, location.href).href;
            const noise = new Uint8Array(1 << 20);
            for (let i = 0; i < noise.length; i += 65536) crypto.getRandomValues(noise.subarray(i, i + 65536));
            const gzipped = new Response(new Blob([noise]).stream().pipeThrough(new CompressionStream("gzip")));
            for (const name of await caches.keys()) {{
                const cache = await caches.open(name);
                if (await cache.match(url)) await cache.put(url, new Response(await gzipped.arrayBuffer()));
            }}
        }}"""
    )
    sw_page.reload()
    ready(sw_page)
    assert not restored(sw_page)
    expect(sw_page.get_by_role("status")).to_have_text(TURN_STATUS)
    expect(sw_page.locator("#hand button").first).to_be_visible()


def named(requests: list[str], name: str) -> list[int]:
    """Where in ``requests`` the URLs ending in ``/name`` come."""
    return [i for i, url in enumerate(requests) if url.split("?")[0].endswith("/" + name)]


def test_a_first_visit_asks_for_the_runtime_at_once_and_for_each_of_its_files_once(
    page: Page, site: Site, page_log: PageLog
) -> None:
    page.goto(site.url)
    ready(page)
    expect(page.locator("#hand button").first).to_be_visible()
    wasm = named(page_log.requests, "pyodide.asm.wasm")
    stdlib = named(page_log.requests, "python_stdlib.zip.gz")
    config = named(page_log.requests, "pyscript.json")
    assert len(wasm) == 1, page_log.requests
    assert len(stdlib) == 1, page_log.requests
    assert config, "PyScript read its config"
    # Fetched while PyScript starts, not after it has read its config.
    assert wasm[0] < config[0]
    assert stdlib[0] < config[0]


def test_early_downloads_that_fail_fall_back_to_a_plain_start(page: Page, site: Site, page_log: PageLog) -> None:
    # A host that serves the WebAssembly under another type, once: the early
    # compile refuses it, and Pyodide's own fetch gets it as it should be.
    refused: list[str] = []

    def wrong_type_once(route: Route) -> None:
        if refused:
            route.fallback()
            return
        refused.append(route.request.url)
        route.fulfill(status=200, content_type="text/plain", body=b"not WebAssembly")

    page.route("**/pyodide.asm.wasm", wrong_type_once)
    page.goto(site.url)
    ready(page)
    assert refused, "the early download was made"
    assert len(named(page_log.requests, "pyodide.asm.wasm")) == 2
    expect(page.get_by_role("status")).to_have_text(TURN_STATUS)
    expect(page.locator("#hand button").first).to_be_visible()
