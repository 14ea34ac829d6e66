"""The rules tutorial's replays, live: one interpreter for the whole page.

rules.html is painted with a poster of each replay (:mod:`poster`, drawn by
the build), and ``rules.js`` starts the page's script (``tutorial_live.py``,
which calls :func:`start`; this module comes precompiled) only when the reader reaches
for a replay or the page has been idle with one in view. It then takes over
every poster in place: each ``<div class="embed" data-replay=ID>`` becomes a
:class:`live_replay.Replay` whose ids start with ``ID-``, reading its record
and options from the element's ``data-`` attributes (what the build wrote
from docs/tutorial-scenarios.json). A press made before the replay was live
is replayed by ``rules.js`` once the replay marks itself ``data-live``.
"""

from __future__ import annotations

import asyncio
import importlib
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from replay.hosting import EmbedOptions
    from replay.live import Replay

#: What the replays import, one module at a time, each in a task of its own:
#: imported at once they would hold the page for the sum of them.
MODULES = (
    "allfives",
    "allfives.record",
    "allfives.players",
    "table.i18n",
    "lang.en",
    "table.felt",
    "table.geometry",
    "table.labels",
    "table.board",
    "table.sketch",
    "table.work",
    "table.setup",
    "table.score_sheet",
    "table.game",
    "replay.frames",
    "replay.hosting",
    "replay.poster",
    "table.refusal",
    "page.browser",
    "page.shell",
    "allfives.review",
    "table.coach_words",
    "replay.marks",
    "replay.review_panel",
    "replay.trying",
    "replay.screen",
    "replay.live",
)
#: The posters a page holds, which :func:`take_over` makes live.
POSTERS = ".embed[data-replay]"


def options_of(data: Mapping[str, str]) -> EmbedOptions:
    """A poster's replay options, from its ``data-`` attributes (``src``,
    ``move``, ``seat``, ``lang``): what cannot be read is left at its default."""
    from replay.hosting import EmbedOptions

    move, seat = data.get("move", "0"), data.get("seat", "0")
    return EmbedOptions(
        src=data.get("src") or None,
        move=int(move) if move.isdigit() else 0,
        seat=int(seat) if seat.isdigit() else 0,
        lang=data.get("lang") or "en",
    )


def nearest_first(posters: Sequence[Mapping[str, Any]]) -> list[Mapping[str, Any]]:
    """The posters the reader is nearest, first: the one pressed or
    focused, then those in view (from the top), then the rest by how far
    they lie from the screen. Each poster as the shell reads it
    (:meth:`page.shell.Shell.regions`): its ``top`` on screen, whether it
    is ``in_view``, whether it holds the ``focus``."""

    def distance(poster: Mapping[str, Any]) -> float:
        if poster["focus"]:
            return -1.0
        return 0.0 if poster["in_view"] else abs(float(poster["top"])) + 1

    return sorted(posters, key=distance)


async def take_over() -> None:
    """A live replay for each poster of the page, started one at a time
    (each in a task of its own, so the page never freezes for all of them
    together), nearest the reader first."""
    for name in MODULES:
        importlib.import_module(name)
        await asyncio.sleep(YIELD_S)
    from page import browser
    from page.shell import Shell
    from replay.live import Replay

    page = Shell()
    posters = nearest_first(await page.regions(POSTERS))
    page.flag("ready")
    for poster in posters:
        data = poster["data"]
        replay = Replay(options_of(data), prefix=f"{data['replay']}-", standalone=False)
        REPLAYS.append(replay)
        await replay.start()
        await asyncio.sleep(YIELD_S)  # let the page breathe between replays
    browser.keep_offline(lambda: None)  # the next load takes the new version


def start() -> None:
    """Take over every poster of the page, in a task of its own."""
    STARTING.append(asyncio.ensure_future(take_over()))


#: The pause between starting two replays: a task boundary for the browser.
YIELD_S = 0.01
REPLAYS: list[Replay] = []
STARTING: list[asyncio.Future[None]] = []  # held: a task is kept only while referenced
