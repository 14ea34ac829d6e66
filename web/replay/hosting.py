"""The embed and the page around it: what the embed's address asks for
(:class:`EmbedOptions`), where its record may come from
(:func:`record_url`), whose messages it takes (:func:`host_origin`,
:func:`goto_message`) and what it tells its host (:func:`move_message`,
:func:`height_message`). Pure Python: pytest runs it on CPython, and
``embed.py`` hands it the page's address and messages.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Mapping
from dataclasses import dataclass
from typing import Any, Final, Literal
from urllib.parse import parse_qs, urljoin, urlsplit

from allfives import json_text
from allfives.record import RecordError

from replay.frames import Frame
from table.game import decode_link

__all__ = [
    "GOTO",
    "EmbedOptions",
    "Theme",
    "goto_message",
    "height_message",
    "host_origin",
    "load_record",
    "move_message",
    "origin_of",
    "record_url",
]

GOTO: Final = "allfives:goto"
"""The one message the embed accepts from its host page."""


Theme = Literal["light", "dark"]


@dataclass(frozen=True, slots=True)
class EmbedOptions:
    """What the embed page's address asks for.

    ``#record=<link>`` or ``?src=URL`` names the record; ``move=N`` the
    position to open at, ``autoplay=1`` to step on by itself, ``seat=N``
    whose hand is shown (and who the reader plays in "Try it"),
    ``theme=light|dark``, ``lang=xx``, ``host=ORIGIN`` the page allowed
    to send it messages, and ``fit=1`` to fill the frame's height (the
    facade's frame: the host sets it, so the replay says none).
    """

    link: str | None = None
    src: str | None = None
    move: int | None = None
    autoplay: bool = False
    seat: int = 0
    theme: Theme = "light"
    lang: str | None = None
    host: str | None = None
    fit: bool = False

    @staticmethod
    def parse(search: str, fragment: str = "") -> EmbedOptions:
        """Read ``location.search`` and ``location.hash``; what cannot be read is left at its default."""
        query = {key: values[-1] for key, values in parse_qs(search.lstrip("?")).items()}
        link = fragment[len("#record=") :] if fragment.startswith("#record=") else None
        return EmbedOptions(
            link=link or None,
            src=query.get("src") or None,
            move=_whole(query.get("move")),
            autoplay=query.get("autoplay") in ("1", "true", "yes"),
            seat=_whole(query.get("seat")) or 0,
            theme="dark" if query.get("theme") == "dark" else "light",
            lang=query.get("lang", "").lower() or None,
            host=origin_of(query.get("host", "")),
            fit=query.get("fit") == "1",
        )


def _whole(text: str | None) -> int | None:
    """A non-negative whole number written in ``text``, or None."""
    if text is None or not text.isdigit() or len(text) > 6:
        return None
    return int(text)


def origin_of(url: str) -> str | None:
    """The origin (``scheme://host[:port]``) of an http(s) URL, or None."""
    try:
        parts = urlsplit(url.strip())
        port = parts.port
    except ValueError:
        return None
    if parts.scheme not in ("http", "https") or not parts.hostname:
        return None
    host = parts.hostname if ":" not in parts.hostname else f"[{parts.hostname}]"
    return f"{parts.scheme}://{host}" + (f":{port}" if port is not None else "")


def host_origin(declared: str | None, parent: str | None, referrer: str) -> str | None:
    """The origin of the page the embed talks to, or None to talk to none.

    ``declared`` is ``?host=``; ``parent`` the framing page's origin where
    the browser tells it (``location.ancestorOrigins``); ``referrer`` is
    ``document.referrer``. A declared host that is not the framing page
    means someone else framed the embed: it then says and accepts nothing.
    """
    if declared is not None:
        return declared if parent in (None, declared) else None
    return parent or origin_of(referrer)


def record_url(src: str, page_url: str) -> str:
    """The absolute URL of ``?src=``, which must be on the page's own origin
    (the embed never fetches from elsewhere); raises ``ValueError`` if not."""
    url = urljoin(page_url, src)
    if origin_of(url) is None or origin_of(url) != origin_of(page_url):
        raise ValueError("the record must come from this site")
    return url


def goto_message(data: object, moves: int) -> int | None:
    """The move a host asks for with ``{"type": "allfives:goto", "move": N}``,
    or None for anything else (wrong shape, extra keys, out of range)."""
    if not isinstance(data, Mapping) or set(data) != {"type", "move"} or data.get("type") != GOTO:
        return None
    move = data.get("move")
    if not isinstance(move, int) or isinstance(move, bool) or not 0 <= move <= moves:
        return None
    return move


def move_message(frame: Frame, moves: int) -> dict[str, Any]:
    """What the embed tells its host about the position shown."""
    return {
        "type": "allfives:move",
        "move": frame.move,
        "moves": moves,
        "total": frame.layout.total,
        "points": frame.points,
    }


def height_message(height: float) -> dict[str, Any]:
    """What the embed tells its host about its height, in CSS pixels."""
    return {"type": "allfives:height", "height": int(-(-height // 1))}


async def load_record(
    options: EmbedOptions, page_url: str, fetch: Callable[[str], Awaitable[Any]], words: Callable[..., str]
) -> object:
    """The record the address names: a link in the fragment, or a file on
    this site, read with ``fetch`` (the browser's, given by the page: a
    response with ``ok``, ``status`` and ``text()``). A record that cannot
    be had raises ValueError in the reader's ``words``; a file that is no
    JSON, :class:`RecordError`."""
    if options.link:
        return decode_link(options.link)
    if not options.src:
        raise ValueError(words("embed_no_record"))
    try:
        url = record_url(options.src, page_url)
    except ValueError:
        raise ValueError(words("embed_bad_record", reason=words("embed_bad_src"))) from None
    response = await fetch(url)
    if not response.ok:
        raise ValueError(words("embed_bad_record", reason=words("embed_fetch_failed", status=str(response.status))))
    try:
        return json_text.loads(str(await response.text()))
    except ValueError:
        raise RecordError("the record is not valid JSON", "not_json") from None
