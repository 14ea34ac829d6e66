"""The rules tutorial's replays, live: one interpreter for the whole page.

rules.html is painted with a poster of each replay (:mod:`poster`, drawn by
the build), and ``rules.js`` starts this script only when the reader reaches
for a replay or the page has been idle with one in view. It then takes over
every poster in place: each ``<div class="embed" data-replay=ID>`` becomes a
:class:`live_replay.Replay` whose ids start with ``ID-``, reading its record
and options from the element's ``data-`` attributes (what the build wrote
from docs/tutorial-scenarios.json). A press made before the replay was live
is replayed by ``rules.js`` once the replay marks itself ``data-live``.
"""

from __future__ import annotations

from typing import Any

import offline
from live_replay import Replay
from pyscript import document, window
from replay import EmbedOptions


def options_of(root: Any) -> EmbedOptions:
    """A poster's replay options, from its ``data-`` attributes."""
    data = root.dataset
    move = str(data.move or "0")
    seat = str(data.seat or "0")
    return EmbedOptions(
        src=str(data.src),
        move=int(move) if move.isdigit() else 0,
        seat=int(seat) if seat.isdigit() else 0,
        lang=str(data.lang or "en"),
    )


def take_over() -> list[Replay]:
    """A live replay for each poster of the page, each started."""
    replays = []
    for root in document.querySelectorAll(".embed[data-replay]"):
        replay = Replay(options_of(root), prefix=f"{root.dataset.replay}-", standalone=False)
        replay.spawn(replay.start())
        replays.append(replay)
    document.body.dataset.ready = "1"
    offline.register(window, lambda _update: None)  # the next load takes the new version
    return replays


REPLAYS = take_over()
