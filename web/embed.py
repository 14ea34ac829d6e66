"""The embeddable replay (embed.html): the page is one replay (see
:mod:`replay.live`), its record and options read from the page's address."""

from __future__ import annotations

from page import browser
from replay.hosting import EmbedOptions
from replay.live import Replay

HERE = browser.address()
EMBED = Replay(EmbedOptions.parse(HERE.search, HERE.hash))
EMBED.spawn(EMBED.start())
