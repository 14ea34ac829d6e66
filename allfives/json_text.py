"""JSON text from outside (a file, a link, a saved game, another tab, a
host page), read with a limit on how deeply it nests.

Python's own ``json.loads`` recurses once per level of nesting. Where the
page's Python runs in a web worker, the browser gives that thread a smaller
stack than the page's, and text nested a few thousand deep (``"[" * 5000``)
overflows it before Python's recursion limit is reached: Pyodide then fails
for good and the page stops. Nothing the game writes nests more than a
dozen levels, so text nested deeper than :data:`MAX_DEPTH` is refused before
it is parsed, the same way on every thread and on CPython.

>>> loads('{"hands": [[1, 2], [3]]}')
{'hands': [[1, 2], [3]]}
>>> loads("[" * 5000)
Traceback (most recent call last):
...
allfives.json_text.TooDeep: it is nested more than 100 levels deep
>>> loads('["[[[[ brackets in a string do not count"]')
['[[[[ brackets in a string do not count']
"""

from __future__ import annotations

import json
import re
from itertools import accumulate
from typing import Any, Final

#: The deepest nesting read. The game's own records, saves and history
#: entries nest at most a dozen levels.
MAX_DEPTH: Final = 100

# A JSON string, quotes and escapes included (possessive: linear on any text).
_STRING: Final = re.compile(r'"(?:[^"\\]++|\\.)*+"', re.DOTALL)
_NOT_BRACKET: Final = re.compile(r"[^\[\]{}]++")
_STEP: Final = {"[": 1, "{": 1, "]": -1, "}": -1}


class TooDeep(ValueError):
    """JSON text nested more deeply than :data:`MAX_DEPTH`. A ``ValueError``,
    as ``json.JSONDecodeError`` is, with the reason in ``msg`` as it has."""

    def __init__(self, limit: int) -> None:
        self.msg = f"it is nested more than {limit} levels deep"
        super().__init__(self.msg)


def depth(text: str) -> int:
    """How deeply ``text`` nests its arrays and objects, at most (brackets
    inside strings not counted). Text that is not JSON gets a depth too:
    its opening brackets less its closing ones, at the deepest point."""
    brackets = _NOT_BRACKET.sub("", _STRING.sub("", text))
    return max(accumulate(map(_STEP.__getitem__, brackets)), default=0)


def loads(text: str | bytes | bytearray, *, limit: int = MAX_DEPTH) -> Any:
    """``json.loads(text)``, but text nested deeper than ``limit`` raises
    :class:`TooDeep` (a ``ValueError``) before it is parsed."""
    if isinstance(text, (bytes, bytearray)):
        text = text.decode(json.detect_encoding(text), "surrogatepass")
    if text.count("[") + text.count("{") > limit and depth(text) > limit:
        raise TooDeep(limit)
    return json.loads(text)
