"""The browser outside the page's markup, as plain data: where the page is,
the device's clock and preferences, the performance timeline, the
clipboard, a file to save, other tabs, the page that frames this one, and
the storage the browser keeps.

What only the page's own thread can do (its address, the clipboard, a
download, the frame's host, the storage event, the performance timeline the
benchmarks read) is a message to the shell (:mod:`page.dom`); what a worker
has as well (the clock, timers, ``fetch``, other tabs' BroadcastChannel)
is asked of JavaScript's global scope here. Everything else of ``web/``
asks here, and gets strings, numbers, booleans and dataclasses back:
nothing of JavaScript crosses.
"""

from __future__ import annotations

import json
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from datetime import date
from typing import Any

import js
from pyodide.ffi import create_proxy

from page.dom import FACTS, ask, connect, hear, some, tell

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
    """Where the page is now (as the shell last said it: the fragment changes)."""
    where = connect().address
    return Address(
        href=str(where["href"]),
        path=str(where["path"]),
        search=str(where["search"]),
        hash=str(where["hash"]),
        referrer=str(where["referrer"]),
        ancestors=tuple(str(x) for x in where["ancestors"]),
        framed=bool(where["framed"]),
    )


def replace_address(path: str) -> None:
    """The address bar shows ``path`` (a path, query and fragment of this
    site), with no new entry in the history: a link taken off the address."""
    tell("replaceAddress", path)
    where = connect().address
    rest, _, fragment = path.partition("#")
    at, _, query = rest.partition("?")
    origin = Address(**{**where, "ancestors": ()}).origin
    where.update(
        href=origin + path, path=at, search=f"?{query}" if query else "", hash=f"#{fragment}" if fragment else ""
    )


@dataclass(frozen=True)
class Device:
    """What the device and its person prefer."""

    languages: tuple[str, ...]  # the browser's languages, the first preferred
    reduced_motion: bool  # prefers-reduced-motion: reduce
    touch: bool  # a coarse pointer: a finger, not a mouse


def device() -> Device:
    facts = connect()
    return Device(languages=facts.languages, reduced_motion=facts.reduced_motion, touch=facts.touch)


def now_ms() -> float:
    """The device's clock: milliseconds since 1970 (UTC)."""
    return float(js.Date.now())


def today() -> date:
    """The date on the device's clock, where the player is."""
    now = js.Date.new()
    return date(int(now.getFullYear()), int(now.getMonth()) + 1, int(now.getDate()))


def minutes_from_utc(iso: str) -> float:
    """How far the device's clock was behind UTC at the moment ``iso``, in
    minutes (JavaScript's ``getTimezoneOffset``: -60 in Berlin in winter)."""
    return float(js.Date.new(iso).getTimezoneOffset())


class Timing:
    """The page's performance timeline, which the benchmarks read (marks and
    measures): kept by the shell, whichever thread the Python runs on."""

    def now(self) -> float:
        """A moment, in milliseconds, for :meth:`measure` (this thread's clock)."""
        return float(js.performance.now())

    def mark(self, name: str) -> None:
        tell("timeMark", name)

    def measure(self, name: str, start: str | float) -> None:
        """A measure ``name`` from the mark named ``start``, or from a moment of :meth:`now`."""
        if isinstance(start, str):
            tell("timeMeasure", name, start)
        else:
            tell("timeMeasureFor", name, self.now() - start)

    def clear(self, mark: str) -> None:
        tell("clearTimeMark", mark)


timing = Timing()


def after(ms: float, then: Callable[[], None]) -> None:
    """Call ``then`` in ``ms`` milliseconds (a fault in it goes to the console)."""

    def once() -> None:
        proxy.destroy()
        then()

    proxy = create_proxy(once)
    js.setTimeout(proxy, ms)


async def copy_text(text: str) -> None:
    """Put ``text`` on the clipboard; raises when the browser refuses."""
    if not await ask("copy", text):
        raise PermissionError("the browser refused the clipboard")


def download(name: str, text: str, kind: str = "application/json") -> None:
    """Offer ``text`` as a file called ``name`` to save."""
    tell("download", name, text, kind)


class Mirror:
    """The site's ``localStorage`` as a worker holds it: the page's items
    (the site's own, ``allfives.``), read from the facts the shell gave as
    Python started and kept up to date by the other tabs' changes (the
    ``storage`` event); each write is made here at once and told to the
    page's thread, which writes it into ``localStorage``. A write the page
    could not make (storage full, or blocked since) is said back: the
    mirror holds again what the storage holds under that key, every later
    write of that key is refused, as ``localStorage`` would refuse it (the
    store says it cannot save; what this tab holds is not dropped), and the
    page is told (:func:`on_storage_refused`), so that it says so as it
    would have on its own thread, at once.

    Two tabs' compare-and-set (game.tabs.Keeper) reads the mark from here:
    another tab's newer mark reaches the mirror as it reaches the page's
    own ``localStorage``, by the browser's ``storage`` event."""

    def __init__(self, items: dict[str, str]) -> None:
        self.items = dict(items)
        self.refused: set[str] = set()

        def changed(data: dict[str, Any]) -> None:
            key, value = str(data["key"]), some(data["value"])
            if not key:  # the site's storage cleared
                self.items.clear()
            elif value is None:
                self.items.pop(key, None)
            else:
                self.items[key] = str(value)

        def refused(data: dict[str, Any]) -> None:
            key, held = str(data["key"]), some(data.get("held"))
            self.refused.add(key)
            if held is None:
                self.items.pop(key, None)
            else:
                self.items[key] = str(held)
            for listener in list(_refused_listeners):
                listener(key)

        hear(changed, "storage")
        hear(refused, "storageFailed")

    @property
    def length(self) -> int:
        return len(self.items)

    def key(self, index: int) -> str | None:
        keys = list(self.items)
        return keys[index] if 0 <= index < len(keys) else None

    def getItem(self, key: str) -> str | None:
        return self.items.get(key)

    def setItem(self, key: str, value: str) -> None:
        if key in self.refused:
            raise OSError("the browser would not keep the last write of this")
        self.items[key] = value
        tell("store", key, value)

    def removeItem(self, key: str) -> None:
        self.items.pop(key, None)
        tell("unstore", key)


class _Holder:
    """What holds the site's ``localStorage``: :class:`game.store.Store`
    reads it from here, and where storage is blocked (a sandboxed frame,
    storage turned off) reading it raises, which the store hears. On the
    page's thread it is the browser's own; in a worker, a :class:`Mirror`."""

    mirror: Mirror | None = None

    @property
    def localStorage(self) -> Any:
        if hasattr(js, "localStorage"):
            return js.localStorage
        if self.mirror is None:
            items = connect().storage
            if items is None:
                raise PermissionError("the page's storage is blocked")
            self.mirror = Mirror(items)
        return self.mirror


#: The site's ``localStorage``, as :class:`game.store.Store` takes it.
storage = _Holder()

_refused_listeners: list[Callable[[str], None]] = []


def on_storage_refused(listener: Callable[[str], None]) -> None:
    """Call ``listener`` with the key (``allfives.game``...) of each write the
    page's storage refused after Python made it: in a worker, whose writes
    reach the page later (:class:`Mirror`). On the page's own thread a
    refused write fails at once, and this is never called."""
    _refused_listeners.append(listener)


@dataclass(frozen=True)
class FirstScreen:
    """Where the person is in the introduction the page's first screen
    answered before Python started (web/js/first.js): the step on screen
    (from 0), the opponent chosen on its last, how a first visit's was
    closed ("play", "skip", or "" while it is open), and whether it is on
    screen now (a first visit's, or opened by "How to play"). A page with no
    such screen hands over step 0, nothing chosen, nothing closed, nothing
    on screen."""

    step: int = 0
    level: str = ""
    done: str = ""
    showing: bool = False


async def take_first_screen() -> FirstScreen:
    """The first screen's introduction, handed over to Python: from now on
    the page's shell holds the person's taps on it until Python draws the
    introduction (``tell("introduced")``), then gives them to Python's."""
    answer = await ask("introduction")
    if not isinstance(answer, dict):
        return FirstScreen()
    step = answer.get("step")
    return FirstScreen(
        step if isinstance(step, int) else 0,
        str(answer.get("level") or ""),
        str(answer.get("done") or ""),
        answer.get("showing") is True,
    )


def first_screen_taken(drawn: bool) -> None:
    """Say whether Python drew the introduction it took over (then the taps
    held since go to it), or not (then they are dropped: it is not there)."""
    tell("introduced", drawn)


def persist_storage() -> Awaitable[bool | None]:
    """Ask the browser to keep the site's storage when space runs short
    (``navigator.storage.persist()``): whether it will, or None where it
    cannot be asked."""
    return ask("persist")


class Channel:
    """Messages (strings) to and from this site's other tabs."""

    def __init__(self, name: str, hear: Callable[[str], None]) -> None:
        self.channel = js.BroadcastChannel.new(name)

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
    tell("tellHost", json.loads(json.dumps(message)), host)


def fetcher() -> Callable[..., Any]:
    """The browser's ``fetch`` (what :func:`replay.hosting.load_record` takes)."""
    return js.fetch  # type: ignore[no-any-return]


def on_storage(hear_change: Callable[[str, str | None], None]) -> None:
    """Call ``hear_change(key, new_value)`` when another tab of this site changes
    its storage (the ``storage`` event; None: the key was removed)."""
    hear(lambda data: hear_change(str(data["key"]), some(data["value"])), "storage")


def on_address_change(then: Callable[[], None]) -> None:
    """Call ``then`` when the address's fragment changes (a link pasted into
    the open tab); :func:`address` says the new one by then."""

    def changed(data: dict[str, Any]) -> None:
        FACTS.address = data["address"]
        then()

    hear(changed, "hashchange")


def keep_offline(on_update_ready: Callable[[], None]) -> None:
    """Offline play: the service worker (``sw.js``) keeps every file of the
    site, so the page loads with no network after one visit; call
    ``on_update_ready()`` once a new version is installed and waiting (it
    takes over at the next load). Call once, when the page is ready. The
    work is the shell's (web/js/shell.js); nothing here raises: where there
    is no service worker the page plays online."""
    hear(lambda _data: on_update_ready(), "update")
