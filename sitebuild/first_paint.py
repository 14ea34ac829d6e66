"""The game page's first screen, drawn into dist/index.html (issue 35, item
3): the score cards, the opponent's card and, for a first visit, the
introduction's first step, as the live page draws them once Python has
started, so the first paint is the page's first screen (its largest paint
needs no Python, and nothing moves when Python takes over). The markup is
drawn on CPython by the page's own browser-free module
(web/game/first_screen.py), as the tutorial's posters are."""

from __future__ import annotations

import importlib
import sys
from pathlib import Path

from .files import WEB, BuildError

#: The page whose first screen is drawn.
GAME_PAGE = "index.html"


def write_first_paint(dist: Path) -> list[Path]:
    """Draw the first screen into dist/index.html where its marks say."""
    web = str(WEB)
    if web not in sys.path:
        sys.path.insert(0, web)
    first_screen = importlib.import_module("game.first_screen")
    page = dist / GAME_PAGE
    try:
        page.write_text(first_screen.fill(page.read_text(encoding="utf-8")), encoding="utf-8")
    except ValueError as error:
        raise BuildError(f"{GAME_PAGE}: {error}") from error
    return [page]
