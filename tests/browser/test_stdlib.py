"""The trimmed standard library (sitebuild/stdlib_trim.py) holds every module
the pages import: after a person has used every feature of the game, the
replay and the rules page, each standard library module in the page's
``sys.modules`` is one the shipped python_stdlib.zip holds.

The test reaches the page's interpreter by serving runtime.js with one line
more, which keeps what its ``loadPyodide`` returns; the page is otherwise the
one the site ships (a plain start: no service worker, so no snapshot)."""

from __future__ import annotations

import json
import zipfile
from typing import TYPE_CHECKING

from playwright.sync_api import Frame, Page, Route, expect

from sitebuild.vendor import PYODIDE_DIR

from .conftest import READY_TIMEOUT_MS
from .player import Player
from .test_languages import choose_language

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
#: The standard library modules loaded from the zip, by the name of the file
#: each came from inside it (built-in and compiled modules have no file there).
LOADED = """
import sys
sorted(
    (name, module.__spec__.origin)
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


def keep_the_interpreter(route: Route) -> None:
    body = route.fetch().text()
    marker = "export async function loadPyodide("
    assert body.count(marker) == 1
    body = body.replace(marker, "async function allfivesLoad(")
    body += KEEP.replace("realLoadPyodide", "loadPyodide").replace("async function", "export async function", 1)
    route.fulfill(body=body, content_type="text/javascript")


def ready(page: Page) -> None:
    page.locator("body[data-ready='1']").wait_for(state="attached", timeout=READY_TIMEOUT_MS)


def loaded_from_zip(page: Page | Frame) -> list[tuple[str, str]]:
    found = page.evaluate(f"JSON.stringify(globalThis.allfivesTestPyodide.runPython({LOADED!r}).toJs())")
    return [(name, origin.split("python314.zip/", 1)[1]) for name, origin in json.loads(found)]


def assert_all_shipped(page: Page | Frame, shipped: set[str]) -> int:
    loaded = loaded_from_zip(page)
    assert loaded, "the page loaded nothing from the zip: the hook is broken"
    missing = [(name, entry) for name, entry in loaded if entry not in shipped]
    assert missing == []
    return len(loaded)


def test_every_module_the_pages_import_is_in_the_trimmed_zip(page: Page, site: Site, tmp_path: Path) -> None:
    with zipfile.ZipFile(site.dist / "vendor" / "pyodide" / "python_stdlib.zip") as archive:
        shipped = set(archive.namelist())
    with zipfile.ZipFile(PYODIDE_DIR / "python_stdlib.zip") as archive:
        assert len(shipped) < len(archive.namelist()), "the zip is not trimmed"
    page.route("**/runtime.js", keep_the_interpreter)
    player = Player(page)

    # The game: a hint, a move, undo, a new match with every option.
    page.goto(site.url)
    ready(page)
    player.wait_for_turn()
    page.get_by_role("button", name="Hint").click()
    player.play_a_tile()
    page.get_by_role("button", name="Undo").click()
    form = player.fill_in_new_match(
        seed=7, target=150, seats=(("Ann", "Person"), ("Bo", "Easy"), ("Cy", "Expert"), ("Di", "Easy"))
    )
    for box in form.get_by_role("checkbox").all():
        box.check()
    player.start(form)
    player.wait_for_turn()
    expect(page.get_by_role("dialog")).to_be_hidden()

    # Save to a file, load it back, copy the embed code, change the language.
    saved = player.save_to_file(tmp_path / "game.json")
    page.get_by_role("button", name="Menu").click()
    menu = player.dialog("Menu")
    menu.get_by_label("Load a game from a file").set_input_files(saved)
    expect(menu).to_be_hidden()
    dialog = player.open_embed_code()
    dialog.get_by_role("radio", name="The whole hand, from the deal").check()
    dialog.get_by_role("button", name="Close").click()
    choose_language(page, "Deutsch", close="Close")
    expect(page.locator("html")).to_have_attribute("lang", "de")
    count = assert_all_shipped(page, shipped)

    # The replay, stepped through, and the replays in the rules page.
    page.goto(f"{site.url}embed.html?src=tutorial/counting.json&move=3")
    ready(page)
    page.keyboard.press("End")
    page.keyboard.press("Home")
    assert_all_shipped(page, shipped)
    assert str(page.evaluate(COMPILED)).endswith(".pyc"), "the modules are precompiled"
    page.goto(f"{site.url}rules.html")
    replay = page.locator("figure").first
    replay.get_by_role("button", name="Next").click()
    replay.locator(".embed[data-live='1']").wait_for(state="attached", timeout=READY_TIMEOUT_MS)
    assert_all_shipped(page, shipped)
    assert count > 50, f"only {count} modules came from the zip"
