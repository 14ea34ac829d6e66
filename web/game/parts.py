"""What the game page's dialogs are built of, shared by :mod:`dialogs` and
:mod:`history_page`: a summary table, and a file to download."""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

from pyodide.ffi import create_proxy
from pyscript import document, window

from page.dom import el

__all__ = ["download", "table"]


def table(head: Sequence[str] | None, rows: Sequence[Sequence[str]]) -> Any:
    """A summary table: a heading row (when given), then rows whose first
    cell heads the row."""
    node = el("table", None, class_="summary")
    if head is not None:
        line = el("tr")
        for heading in head:
            line.append(el("th", heading, scope="col"))
        node.append(line)
    for row in rows:
        line = el("tr")
        line.append(el("th", row[0], scope="row"))
        for cell in row[1:]:
            line.append(el("td", cell))
        node.append(line)
    return node


def download(filename: str, text: str) -> None:
    """Offer ``text`` to the player as a file named ``filename``."""
    blob = window.Blob.new([text], json.loads('{"type": "application/json"}'))
    url = window.URL.createObjectURL(blob)
    link = el("a", None, href=url, download=filename)
    document.body.append(link)
    link.click()
    link.remove()
    window.setTimeout(create_proxy(lambda: window.URL.revokeObjectURL(url)), 1000)
