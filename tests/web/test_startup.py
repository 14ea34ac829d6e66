"""A page's start in steps (web/page/startup.py, issue 35, item 4): its
modules are imported a group at a time, and between two groups the page is
given back (here another task runs, as the browser's own work would), so no
one task of the start holds the page for the whole import."""

from __future__ import annotations

import asyncio
import importlib

import pytest
from helpers import run_apart

from page import startup


def test_the_page_gets_its_turn_between_each_group_of_modules(monkeypatch: pytest.MonkeyPatch) -> None:
    happened: list[str] = []
    monkeypatch.setattr(importlib, "import_module", lambda name: happened.append(f"import {name}"))

    async def the_browser() -> None:  # painting, answering a tap: anything else the page has to do
        for _ in range(4):
            happened.append("page")
            await asyncio.sleep(0)

    async def open_the_page() -> None:
        browser = asyncio.ensure_future(the_browser())
        await startup.in_steps(("allfives", "table.board", "game.main"), lambda: happened.append("start"))
        await browser

    run_apart(open_the_page())  # a loop of its own: the browser tests keep one running here
    imports = [index for index, what in enumerate(happened) if what.startswith("import")]
    assert [happened[i] for i in imports] == ["import allfives", "import table.board", "import game.main"]
    assert all(happened[before + 1] == "page" for before in imports), happened
    assert happened.index("start") > imports[-1]


def test_a_start_that_fails_is_not_silent(monkeypatch: pytest.MonkeyPatch) -> None:
    def broken(name: str) -> None:
        raise ImportError(f"no module named {name}")

    monkeypatch.setattr(importlib, "import_module", broken)

    async def open_the_page() -> None:
        await startup.in_steps(("allfives",), lambda: None)

    with pytest.raises(ImportError, match="allfives"):
        run_apart(open_the_page())  # a loop of its own: the browser tests keep one running here
