"""A page's start in steps (issue 35, item 4): its modules imported a group
at a time, the page given back to the browser between them, so that no one
task of the start holds the page for long (a first visit imports the whole
game from its archive: 0.9-1.7 s in one task on this machine's Chromium,
which a phone takes four times as long over). Browser-free: only asyncio,
which the runtime runs on the browser's event loop, so each ``sleep(0)``
ends a task and the next group runs in a new one."""

from __future__ import annotations

import asyncio
import importlib
from collections.abc import Callable, Sequence

__all__ = ["in_steps"]

#: The tasks under way: held, so that none is collected before it is done.
_RUNNING: set[asyncio.Task[None]] = set()


async def _steps(modules: Sequence[str], then: Callable[[], None]) -> None:
    for name in modules:
        importlib.import_module(name)
        await asyncio.sleep(0)  # the browser's turn: it paints, and answers the person
    then()


def _finished(task: asyncio.Task[None]) -> None:
    _RUNNING.discard(task)
    if not task.cancelled() and task.exception() is not None:
        task.result()  # raised here, a start that failed is said as a plain start's failure is


def in_steps(modules: Sequence[str], then: Callable[[], None]) -> asyncio.Task[None]:
    """Import ``modules`` in their order, one a task, then call ``then``
    (which starts the page, its imports now done)."""
    task = asyncio.ensure_future(_steps(modules, then))
    _RUNNING.add(task)
    task.add_done_callback(_finished)
    return task
