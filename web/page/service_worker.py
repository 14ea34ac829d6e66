"""Offline play, the page's side: register the service worker (``sw.js``),
and say when a new version of the site is installed and waiting.

The worker keeps every file of the site in a cache, so the game loads with no
network after one visit. A new version installs in the background and waits:
it takes over at the next reload of the only open page, never under a game
in progress, unless the page asks for it at once with :meth:`Update.apply`.

Call once, when the page is ready::

    from page import service_worker
    service_worker.register(window, lambda update: show_note_with_button(update.apply))

Nothing here raises: without service workers (an insecure origin, a blocked
browser), or when registering fails, the page simply plays online.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import Any, Final

from pyodide.ffi import create_proxy

from page.dom import js_object, some

__all__ = ["SCOPE", "SCRIPT", "Update", "register"]

SCRIPT: Final = "./sw.js"
SCOPE: Final = "./"
SKIP_WAITING: Final = "allfives:skip-waiting"

# Listeners and tasks live as long as the page: keep them from being collected.
_KEEP: list[Any] = []


def _listen(target: Any, kind: str, handler: Callable[[Any], None], *, once: bool = False) -> None:
    proxy = create_proxy(handler)
    _KEEP.append(proxy)
    target.addEventListener(kind, proxy, js_object({"once": once}))


class Update:
    """A new version of the site, installed and waiting to take over."""

    def __init__(self, window: Any, registration: Any) -> None:
        self.window = window
        self.registration = registration

    def apply(self) -> None:
        """Switch to the new version now and reload the page. Call it only
        when nothing is lost by a reload (the game is saved after every move,
        but a move being animated would be cut short)."""
        waiting = some(self.registration.waiting)
        if waiting is None:
            return
        _listen(
            self.window.navigator.serviceWorker,
            "controllerchange",
            lambda _event: self.window.location.reload(),
            once=True,
        )
        waiting.postMessage(js_object({"type": SKIP_WAITING}))


def register(window: Any, on_update_ready: Callable[[Update], None]) -> None:
    """Register ``./sw.js`` for this folder (scope ``./``, so the site works
    from any sub-path), and call ``on_update_ready(update)`` once a new
    version is waiting while this page runs the old one. Returns at once;
    the work goes on in the background."""
    try:
        container = some(getattr(window.navigator, "serviceWorker", None))
    except Exception:  # a frame sandboxed without allow-same-origin: asking throws
        return
    if container is None:
        return
    task = asyncio.ensure_future(_register(window, container, on_update_ready))
    _KEEP.append(task)


async def _register(window: Any, container: Any, on_update_ready: Callable[[Update], None]) -> None:
    try:
        registration = some(await container.register(SCRIPT, js_object({"scope": SCOPE})))
    except Exception as error:  # an insecure origin, a broken worker: play online
        window.console.warn(f"All Fives cannot work offline here: {error}")
        return
    if registration is None:  # some test browsers stub registration out
        return
    _Watch(window, container, registration, on_update_ready).start()
    try:
        await registration.update()  # look for a new version now, not only on the next navigation
    except Exception:  # offline, or the server is away: the cached version plays on
        return


class _Watch:
    """Follows a registration and reports each new version that ends up waiting."""

    def __init__(self, window: Any, container: Any, registration: Any, report: Callable[[Update], None]) -> None:
        self.window = window
        self.container = container
        self.registration = registration
        self.report = report
        self.reported: Any = None

    def start(self) -> None:
        self.check()
        installing = some(self.registration.installing)
        if installing is not None:
            self.follow(installing)
        _listen(self.registration, "updatefound", self.on_update_found)

    def on_update_found(self, _event: Any) -> None:
        installing = some(self.registration.installing)
        if installing is not None:
            self.follow(installing)

    def follow(self, worker: Any) -> None:
        _listen(worker, "statechange", lambda _event: self.check())

    def check(self) -> None:
        """Report the waiting worker, once, if this page runs an older one
        (with no controller this is the first install: nothing to update)."""
        waiting = some(self.registration.waiting)
        if waiting is None or some(self.container.controller) is None or waiting == self.reported:
            return
        self.reported = waiting
        self.report(Update(self.window, self.registration))
