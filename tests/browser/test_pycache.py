"""The pages' own Python comes precompiled (sitebuild/pycache.py): every
module the game and the replay imported, the engine's, the page modules and
PyScript's own package, has its build-time ``.pyc`` where Python's import
looks for it, and that ``.pyc`` is the one the build packed into the page's
archive (sitebuild/bundle.py), so the browser compiles none of them. The
archive holds one form of each module: the engine's and the pages' modules
come from a lone ``.pyc`` (their sources are not in the page), PyScript's
from the ``.pyc`` beside the source PyScript writes.

The test reaches the interpreter the way tests/browser/test_stdlib.py does:
runtime.js is served with one line more that keeps what ``loadPyodide``
returns."""

from __future__ import annotations

import json
from typing import TYPE_CHECKING

from playwright.sync_api import Page

from sitebuild.packing import open_shipped_zip

from .test_stdlib import keep_the_interpreter, ready

if TYPE_CHECKING:
    from .conftest import Site

#: Each module of the page (outside the standard library and Pyodide's own),
#: with the .pyc Python's import would read for it and whether it is there,
#: and whether hash-based .pyc files are used unchecked (the default).
CACHED = """
import _imp, json, os, sys, importlib.util
home = os.getcwd()
rows = []
for name, module in sorted(sys.modules.items()):
    origin = getattr(getattr(module, "__spec__", None), "origin", None)
    if not isinstance(origin, str) or not origin.startswith(home + "/"):
        continue
    cached = origin if origin.endswith(".pyc") else importlib.util.cache_from_source(origin)
    source = origin.removesuffix("c")
    data = open(cached, "rb").read() if os.path.exists(cached) else b""
    rows.append([name, origin[len(home) + 1:], cached[len(home) + 1:], data.hex()[:32], len(data), os.path.exists(source)])
json.dumps({"check": _imp.check_hash_based_pycs, "rows": rows})
"""
#: PEP 552: the flags word of an unchecked hash-based .pyc (bit 0 set, bit 1 clear).
UNCHECKED = 0b01


def page_modules(page: Page) -> tuple[str, list[list[object]]]:
    found = json.loads(page.evaluate(f"globalThis.allfivesTestPyodide.runPython({CACHED!r})"))
    return str(found["check"]), found["rows"]


def assert_precompiled(page: Page, site: Site, archive: str, expected: set[str]) -> None:
    check, rows = page_modules(page)
    with open_shipped_zip(site.dist / archive) as packed:
        built = {name: packed.read(name)[:16] for name in packed.namelist() if name.endswith(".pyc")}
    assert check == "default", f"the interpreter checks .pyc files against their source ({check})"
    names = {str(row[0]) for row in rows}
    assert expected <= names, f"not imported: {sorted(expected - names)}"
    for name, source, cached, head, size, has_source in rows:
        assert has_source == str(name).startswith("pyscript"), f"{name} comes as {source}: one form of each module"
        assert int(str(size)) > 0, f"{name} ({source}) has no .pyc at {cached}: the browser compiled it"
        flags = int.from_bytes(bytes.fromhex(str(head))[4:8], "little")
        assert flags == UNCHECKED, f"{cached} is not an unchecked hash-based .pyc"
        assert bytes.fromhex(str(head)) == built.get(str(cached)), f"{cached} is not the one the build packed"


def test_the_game_imports_only_precompiled_modules(page: Page, site: Site) -> None:
    page.route("**/runtime.js", keep_the_interpreter)
    page.goto(site.url)
    ready(page)
    assert_precompiled(
        page,
        site,
        "pages-game.zip",
        {"game.main", "table.board", "table.game", "pyscript", "pyscript.display", "allfives.hand"},
    )


def test_the_replay_imports_only_precompiled_modules(page: Page, site: Site) -> None:
    page.route("**/runtime.js", keep_the_interpreter)
    page.goto(f"{site.url}embed.html?src=tutorial/counting.json&move=3")
    ready(page)
    assert_precompiled(page, site, "pages-embed.zip", {"replay.frames", "table.board", "pyscript", "allfives.record"})
