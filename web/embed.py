"""The embeddable replay (embed.html): the page is one replay (see
:mod:`live_replay`), its record and options read from the page's address."""

from __future__ import annotations

from pyscript import window

from replay.hosting import EmbedOptions
from replay.live import Replay

EMBED = Replay(EmbedOptions.parse(str(window.location.search or ""), str(window.location.hash or "")))
EMBED.spawn(EMBED.start())
