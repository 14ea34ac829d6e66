"""The browser outside the page's markup, as plain data: where the page is,
the device's clock and preferences, the performance timeline, the
clipboard, a file to save, other tabs, the page that frames this one, and
the storage the browser keeps.

One of the three modules of ``web/`` that import ``js``, ``pyscript`` or
``pyodide`` (with :mod:`page.shell`, which draws the page and hears it, and
:mod:`page.dom`, their common helpers). Everything else of ``web/`` asks
here, and gets strings, numbers, booleans and dataclasses back: nothing of
JavaScript crosses, so the page's other modules read as plain Python and
could run where the DOM is not (issue 46: Python in a worker).
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass
from datetime import date
from typing import Any

from js import Object
from pyodide.ffi import create_proxy, to_js
from pyscript import document, window

from page.dom import some

__all__ = [
    "Address",
    "Channel",
    "Device",
    "Timing",
    "address",
    "after",
    "channel",
    "copy_text",
    "device",
    "download",
    "fetcher",
    "keep_offline",
    "minutes_from_utc",
    "now_ms",
    "on_address_change",
    "on_storage",
    "persist_storage",
    "replace_address",
    "storage",
    "tell_host",
    "timing",
    "today",
]


def js_object(data: dict[str, Any]) -> Any:
    """A plain JavaScript object (what postMessage and the like expect)."""
    return to_js(data, dict_converter=Object.fromEntries)


# Proxies live as long as the page: keep them from being collected.
_KEEP: list[Any] = []


@dataclass(frozen=True)
class Address:
    """Where the page is: its address and the page that framed it."""

    href: str
    path: str  # "/allfives/index.html"
    search: str  # "?daily=2026-12-07", or ""
    hash: str  # "#game=...", or ""
    referrer: str  # the page that framed or linked this one, or ""
    ancestors: tuple[str, ...]  # the origins of the frames round this one, nearest first (Chromium's)
    framed: bool  # shown in another page's frame

    @property
    def page_url(self) -> str:
        """The address without its query and fragment: what links are made from."""
        return self.href.split("#")[0].split("?")[0]

    @property
    def origin(self) -> str:
        scheme, _, rest = self.href.partition("://")
        return f"{scheme}://{rest.split('/')[0]}" if rest else ""


def address() -> Address:
    """Where the page is now (read afresh: the fragment changes)."""
    location = window.location
    try:
        ancestors = tuple(str(x) for x in (some(getattr(location, "ancestorOrigins", None)) or []))
    except Exception:  # a browser without ancestorOrigins
        ancestors = ()
    try:
        framed = bool(window.self != window.top)
    except Exception:  # another origin's frame may refuse the question
        framed = True
    return Address(
        href=str(location.href),
        path=str(location.pathname),
        search=str(location.search or ""),
        hash=str(location.hash or ""),
        referrer=str(document.referrer or ""),
        ancestors=ancestors,
        framed=framed,
    )


def replace_address(path: str) -> None:
    """The address bar shows ``path`` (a path, query and fragment of this
    site), with no new entry in the history: a link taken off the address."""
    window.history.replaceState(None, "", path)


@dataclass(frozen=True)
class Device:
    """What the device and its person prefer."""

    languages: tuple[str, ...]  # the browser's languages, the first preferred
    reduced_motion: bool  # prefers-reduced-motion: reduce
    touch: bool  # a coarse pointer: a finger, not a mouse


def device() -> Device:
    navigator = window.navigator
    languages = tuple(str(x) for x in (navigator.languages or [navigator.language or "en"]))
    return Device(
        languages=languages,
        reduced_motion=bool(window.matchMedia("(prefers-reduced-motion: reduce)").matches),
        touch=bool(window.matchMedia("(pointer: coarse)").matches),
    )


def now_ms() -> float:
    """The device's clock: milliseconds since 1970 (UTC)."""
    return float(window.Date.now())


def today() -> date:
    """The date on the device's clock, where the player is."""
    now = window.Date.new()
    return date(int(now.getFullYear()), int(now.getMonth()) + 1, int(now.getDate()))


def minutes_from_utc(iso: str) -> float:
    """How far the device's clock was behind UTC at the moment ``iso``, in
    minutes (JavaScript's ``getTimezoneOffset``: -60 in Berlin in winter)."""
    return float(window.Date.new(iso).getTimezoneOffset())


class Timing:
    """The performance timeline, which the benchmarks read (marks and measures)."""

    def now(self) -> float:
        return float(window.performance.now())

    def mark(self, name: str) -> None:
        window.performance.mark(name)

    def measure(self, name: str, start: str | float) -> None:
        """A measure ``name`` from the mark named ``start``, or from a moment of :meth:`now`."""
        if isinstance(start, str):
            window.performance.measure(name, start)
        else:
            window.performance.measure(name, js_object({"start": start}))

    def clear(self, mark: str) -> None:
        window.performance.clearMarks(mark)


timing = Timing()


def after(ms: float, then: Callable[[], None]) -> None:
    """Call ``then`` in ``ms`` milliseconds (a fault in it goes to the console)."""

    def once() -> None:
        proxy.destroy()
        then()

    proxy = create_proxy(once)
    window.setTimeout(proxy, ms)


async def copy_text(text: str) -> None:
    """Put ``text`` on the clipboard; raises when the browser refuses."""
    await window.navigator.clipboard.writeText(text)


def download(name: str, text: str, kind: str = "application/json") -> None:
    """Offer ``text`` as a file called ``name`` to save."""
    blob = window.Blob.new([text], js_object({"type": kind}))
    url = window.URL.createObjectURL(blob)
    link = document.createElement("a")
    link.href = url
    link.download = name
    document.body.append(link)
    link.click()
    link.remove()
    after(1000, lambda: window.URL.revokeObjectURL(url))


class _Holder:
    """What holds the site's ``localStorage``: :class:`game.store.Store`
    reads it from here, and where storage is blocked (a sandboxed frame,
    storage turned off) reading it raises, which the store hears."""

    @property
    def localStorage(self) -> Any:
        return window.localStorage


#: The site's ``localStorage``, as :class:`game.store.Store` takes it.
storage = _Holder()


async def persist_storage() -> bool | None:
    """Ask the browser to keep the site's storage when space runs short
    (``navigator.storage.persist()``): whether it will, or None where it
    cannot be asked."""
    storage = some(getattr(window.navigator, "storage", None))
    if storage is None or not hasattr(storage, "persist"):
        return None
    try:
        return bool(await storage.persisted()) or bool(await storage.persist())
    except Exception:
        return None


class Channel:
    """Messages (strings) to and from this site's other tabs."""

    def __init__(self, name: str, hear: Callable[[str], None]) -> None:
        self.channel = window.BroadcastChannel.new(name)

        def heard(event: Any) -> None:
            hear(str(event.data))

        proxy = create_proxy(heard)
        _KEEP.append(proxy)
        self.channel.addEventListener("message", proxy)

    def post(self, message: str) -> None:
        self.channel.postMessage(message)


def channel(name: str, hear: Callable[[str], None]) -> Channel | None:
    """A channel to this site's other tabs, or None in a browser without one."""
    try:
        return Channel(name, hear)
    except Exception:
        return None


def tell_host(message: dict[str, Any], host: str) -> None:
    """Post ``message`` (plain data) to the page framing this one, if it is ``host``."""
    window.parent.postMessage(js_object(json.loads(json.dumps(message))), host)


def fetcher() -> Callable[..., Any]:
    """The browser's ``fetch`` (what :func:`replay.hosting.load_record` takes)."""
    return window.fetch  # type: ignore[no-any-return]


def on_storage(hear: Callable[[str, str | None], None]) -> None:
    """Call ``hear(key, new_value)`` when another tab of this site changes
    its storage (the ``storage`` event; None: the key was removed)."""

    def heard(event: Any) -> None:
        value = some(event.newValue)
        hear(str(event.key or ""), None if value is None else str(value))

    proxy = create_proxy(heard)
    _KEEP.append(proxy)
    window.addEventListener("storage", proxy)


def on_address_change(then: Callable[[], None]) -> None:
    """Call ``then`` when the address's fragment changes (a link pasted into the open tab)."""
    proxy = create_proxy(lambda _event: then())
    _KEEP.append(proxy)
    window.addEventListener("hashchange", proxy)


def keep_offline(on_update_ready: Callable[[], None]) -> None:
    """Offline play: the service worker (``sw.js``) keeps every file of the
    site, so the page loads with no network after one visit; call
    ``on_update_ready()`` once a new version is installed and waiting (it
    takes over at the next load). Call once, when the page is ready. The
    work is the shell's (web/js/shell.js); nothing here raises: where there
    is no service worker the page plays online."""
    proxy = create_proxy(on_update_ready)
    _KEEP.append(proxy)
    window.allfivesShell.keepOffline(proxy)
