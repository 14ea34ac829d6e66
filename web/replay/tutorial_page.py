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
from typing import TYPE_CHECKING, Any

from pyscript import document, window

from page.dom import some

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
    "table.controller",
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
    "replay.live",
)


def options_of(root: Any) -> EmbedOptions:
    """A poster's replay options, from its ``data-`` attributes."""
    from replay.hosting import EmbedOptions

    data = root.dataset
    move = str(data.move or "0")
    seat = str(data.seat or "0")
    return EmbedOptions(
        src=str(data.src),
        move=int(move) if move.isdigit() else 0,
        seat=int(seat) if seat.isdigit() else 0,
        lang=str(data.lang or "en"),
    )


def in_view_first(roots: list[Any]) -> list[Any]:
    """The replays the reader is nearest, first: the one pressed or focused,
    then those on screen, then the rest from the top of the page down."""
    height = float(window.innerHeight or 0)
    active = some(document.activeElement)

    def distance(root: Any) -> float:
        if active is not None and root.contains(active):
            return -1.0
        box = root.getBoundingClientRect()
        top, bottom = float(box.top), float(box.bottom)
        return 0.0 if bottom > 0 and top < height else abs(top) + 1

    return sorted(roots, key=distance)


async def take_over() -> None:
    """A live replay for each poster of the page, started one at a time
    (each in a task of its own, so the page never freezes for all of them
    together), nearest the reader first."""
    for name in MODULES:
        importlib.import_module(name)
        await asyncio.sleep(YIELD_S)
    from page import browser
    from replay.live import Replay

    roots = in_view_first(list(document.querySelectorAll(".embed[data-replay]")))
    document.body.dataset.ready = "1"
    for root in roots:
        replay = Replay(options_of(root), prefix=f"{root.dataset.replay}-", standalone=False)
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
