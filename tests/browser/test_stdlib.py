"""The trimmed standard library holds every module the pages import.

The build keeps, module by module, the standard library the pages were seen
to import (sitebuild/stdlib_modules.txt, with what those modules import when
they are imported: sitebuild/stdlib_trim.py). This test is how that list is
seen: a person uses every feature of the game, the replay and the rules page
while the page runs Pyodide's whole standard library (python_stdlib.zip as
npm ships it, served in place of the trimmed one); every standard library
module then in the page's ``sys.modules`` must be one the shipped zip holds.
A module the pages start to import, and the list lacks, fails here, named.
The modules seen are written to test-artifacts/stdlib-imported.txt.

The test reaches the page's interpreter by serving runtime.js with one line
more, which keeps what its ``loadPyodide`` returns; the page is otherwise the
one the site ships (a plain start: no service worker, so no snapshot)."""

from __future__ import annotations

import gzip
import json
import re
import zipfile
from datetime import date, timedelta
from typing import TYPE_CHECKING

from playwright.sync_api import Frame, Page, Route, expect

from sitebuild.packing import open_shipped_zip
from sitebuild.stdlib_trim import module_name
from sitebuild.vendor import PYODIDE_DIR

from .conftest import READY_TIMEOUT_MS, ROOT
from .player import HAND_OVER, Player
from .test_history import bring_in, matches, open_history
from .test_languages import choose_language
from .test_links import LINK, LINKED, QUESTION

if TYPE_CHECKING:
    from pathlib import Path

    from .conftest import Site

KEEP = """
async function realLoadPyodide(options = {}) {
  const pyodide = await allfivesLoad(options);
  globalThis.allfivesTestPyodide = pyodide;
  return pyodide;
}
"""
#: The standard library modules loaded from the zip (built-in and compiled
#: modules have no file there).
LOADED = """
import sys
sorted(
    name
    for name, module in list(sys.modules.items())
    if getattr(module, "__spec__", None) is not None
    and isinstance(module.__spec__.origin, str)
    and "python314.zip/" in module.__spec__.origin
)
"""
COMPILED = (
    "globalThis.allfivesTestPyodide.runPython("
    "'import importlib.util; importlib.util.find_spec(\"json.decoder\").origin')"
)
#: Where the modules seen are written, for sitebuild/stdlib_modules.txt.
SEEN = ROOT / "test-artifacts" / "stdlib-imported.txt"
REVIEW_TITLE = re.compile(r"^Review of hand \d+$")


def keep_the_interpreter(route: Route) -> None:
    body = route.fetch().text()
    marker = "export async function loadPyodide("
    assert body.count(marker) == 1
    body = body.replace(marker, "async function allfivesLoad(")
    body += KEEP.replace("realLoadPyodide", "loadPyodide").replace("async function", "export async function", 1)
    route.fulfill(body=body, content_type="text/javascript")


def whole_standard_library(route: Route) -> None:
    """Pyodide's python_stdlib.zip as npm ships it: every module, as source
    (gzipped, as the site ships its zips: sitebuild/packing.py)."""
    body = gzip.compress((PYODIDE_DIR / "python_stdlib.zip").read_bytes(), 1)
    route.fulfill(body=body, content_type="application/gzip")


def ready(page: Page) -> None:
    page.locator("body[data-ready='1']").wait_for(state="attached", timeout=READY_TIMEOUT_MS)


def imported(page: Page | Frame) -> set[str]:
    found = page.evaluate(f"JSON.stringify(globalThis.allfivesTestPyodide.runPython({LOADED!r}).toJs())")
    names = set(json.loads(found))
    assert names, "the page loaded nothing from the zip: the hook is broken"
    return names


def shipped_modules(site: Site) -> set[str]:
    with open_shipped_zip(site.dist / "vendor" / "pyodide" / "python_stdlib.zip") as archive:
        entries = archive.namelist()
    return {name for entry in entries if (name := module_name(entry.removesuffix("c"))) is not None}


def tour_the_game(page: Page, site: Site, tmp_path: Path) -> set[str]:
    """Every level, hint, undo, every dialog, save and load (and a damaged
    file), a link, the review, the embed code, the history and its file, the
    calendar of dailies and a daily, a language: what it imported."""
    player = Player(page)
    page.goto(site.url)
    ready(page)
    player.set_computer_speed("Fast")
    player.wait_for_turn()
    page.get_by_role("button", name="Hint").click()
    player.play_a_tile()
    page.get_by_role("button", name="Undo").click()

    # Every level at the table, with every rules option.
    form = player.fill_in_new_match(
        seed=7, target=150, seats=(("Ann", "Person"), ("Bo", "Beginner"), ("Cy", "Medium"), ("Di", "Hard"))
    )
    for box in form.get_by_role("checkbox").all():
        box.check()
    player.start(form)
    player.play_my_turns(1)
    player.start_match(seed=8, seats=(("You", "Person"), ("Computer", "Expert")))
    player.play_my_turns(1)

    # A hand against Easy played to its end, and the coach's review of it.
    player.start_match(seed=5, seats=(("You", "Person"), ("Computer", "Easy")))
    while True:
        player.wait_for_turn()
        if player.hand_is_over():
            break
        player.play_a_tile()
    player.dialog(HAND_OVER).get_by_role("button", name="Review").click()
    back = player.dialog(REVIEW_TITLE).get_by_role("button", name="Back to the summary")
    expect(back).to_be_visible(timeout=60_000)
    back.click()
    player.next_hand()

    # Save to a file and load it back; a damaged file is refused in words.
    saved = player.save_to_file(tmp_path / "game.json")
    page.get_by_role("button", name="Menu").click()
    menu = player.dialog("Menu")
    menu.get_by_label("Load a game from a file").set_input_files(saved)
    expect(menu).to_be_hidden()
    damaged = tmp_path / "damaged.json"
    damaged.write_text(saved.read_text(encoding="utf-8")[:-40], encoding="utf-8")
    page.get_by_role("button", name="Menu").click()
    player.dialog("Menu").get_by_label("Load a game from a file").set_input_files(damaged)
    problem = player.dialog("Something needs your attention")
    expect(problem).to_contain_text("That file could not be loaded")
    problem.get_by_role("button", name="OK").click()

    # The embed code, a link to the deal, a link pasted into the tab.
    dialog = player.open_embed_code()
    dialog.get_by_role("radio", name="The whole hand, from the deal").check()
    dialog.get_by_role("button", name="Close").click()
    # The copy ends in its message or, where this browser keeps its clipboard
    # to itself even when allowed (as one CI run's did), in the dialog to copy
    # by hand: the tour waits for whichever comes, before a link is pasted.
    page.context.grant_permissions(["clipboard-read", "clipboard-write"], origin=site.url.rstrip("/"))
    page.get_by_role("button", name="Menu").click()
    player.dialog("Menu").get_by_role("button", name="Copy a link to this deal").click()
    copied = page.get_by_role("status").filter(has_text="The link is copied.")
    by_hand = player.dialog("Copy a link to this deal")
    expect(copied.or_(by_hand)).to_be_visible()
    if by_hand.is_visible():
        by_hand.get_by_role("button", name="OK").click()
    expect(page.get_by_role("dialog")).to_be_hidden()
    page.evaluate("(fragment) => { location.hash = fragment; }", LINK)
    question = player.dialog(QUESTION)
    question.get_by_role("button", name="Open the link").click()
    expect(question).to_be_hidden()
    player.wait_for_turn()

    # The history: its list and statistics, saved to a file and brought back
    # in, a damaged line refused; the calendar of dailies, and a past day's daily played.
    expect(player.scores).to_contain_text(LINKED)  # the link's match, not the one it replaced
    player.wait_for_turn()
    player.play_a_tile()  # the link's match in progress: a daily asks before it leaves it
    history = open_history(player)
    expect(matches(history).first).to_be_visible()
    with page.expect_download() as download:
        history.get_by_role("button", name="Save the whole history").click()
    kept = tmp_path / "history.jsonl"
    download.value.save_as(kept)
    history = open_history(player)  # saving closed it, as any download does
    bring_in(history, "history.jsonl", kept.read_text(encoding="utf-8") + "this line is not a match\n")
    expect(history.get_by_role("status")).to_contain_text("was refused")
    history.get_by_role("button", name="Previous month").click()
    history.get_by_role("button", name=re.compile(r"^1 [A-Z][a-z]+ \d{4}: not played$")).click()
    history.get_by_role("button", name="Play this daily").click()
    player.dialog("Leave this match?").get_by_role("button", name="Open the link").click()
    first = (date.today().replace(day=1) - timedelta(days=1)).replace(day=1)
    # The past day's deal on the table before a tile is played (never the match it replaced).
    expect(player.scores).to_contain_text(f"Daily deal of {first.day} {first:%B %Y}")
    player.wait_for_turn()

    # The introduction, and another language.
    page.get_by_role("button", name="How to play").click()
    player.dialog(re.compile(".")).get_by_role("button", name="Skip").click()
    choose_language(page, "Deutsch")
    expect(page.locator("html")).to_have_attribute("lang", "de")
    return imported(page)


def tour_the_replays(page: Page, site: Site) -> set[str]:
    """The replay stepped through and taken over, then a rules page's replay."""
    page.goto(f"{site.url}embed.html?src=tutorial/counting.json&move=3&lang=hu")
    ready(page)
    page.keyboard.press("End")
    page.keyboard.press("Home")
    page.goto(f"{site.url}embed.html?src=tutorial/counting.json&move=2")
    ready(page)
    page.get_by_role("button", name="Try it").click()
    page.get_by_role("group", name="Your hand").locator(".playable").first.click()
    expect(page.locator("#board svg")).to_have_attribute("aria-label", re.compile(r"The layout: 4 tiles"))
    seen = imported(page)
    page.goto(f"{site.url}rules.html")
    replay = page.locator("figure").first
    replay.get_by_role("button", name="Next").click()
    replay.locator(".embed[data-live='1']").wait_for(state="attached", timeout=READY_TIMEOUT_MS)
    return seen | imported(page)


def test_every_module_the_pages_import_is_in_the_trimmed_zip(page: Page, site: Site, tmp_path: Path) -> None:
    shipped = shipped_modules(site)
    with zipfile.ZipFile(PYODIDE_DIR / "python_stdlib.zip") as archive:
        whole = {name for entry in archive.namelist() if (name := module_name(entry)) is not None}
    page.route("**/runtime.js", keep_the_interpreter)
    page.route("**/python_stdlib.zip.gz", whole_standard_library)

    seen = tour_the_game(page, site, tmp_path) | tour_the_replays(page, site)
    SEEN.parent.mkdir(parents=True, exist_ok=True)
    SEEN.write_text("".join(f"{name}\n" for name in sorted(seen)), encoding="utf-8")
    assert len(seen) > 50, f"only {len(seen)} modules came from the zip"
    missing = sorted(seen - shipped)
    assert missing == [], "the pages import these, which the zip lacks: add them to sitebuild/stdlib_modules.txt"
    assert len(shipped) < len(whole) / 2, "the zip is trimmed to the modules the pages use"


def test_the_shipped_zip_serves_precompiled_modules(page: Page, site: Site) -> None:
    page.route("**/runtime.js", keep_the_interpreter)
    page.goto(f"{site.url}embed.html?src=tutorial/counting.json&move=3")
    ready(page)
    page.keyboard.press("End")
    assert imported(page) <= shipped_modules(site)
    assert str(page.evaluate(COMPILED)).endswith(".pyc"), "the modules are precompiled"
