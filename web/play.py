"""The game page's script (index.html). PyScript compiles a page's script
from source at every start, which took about 0.2 s for the page's code, so
the script only starts the page; the code is in :mod:`main`, which comes
precompiled with the other modules. It is imported a group of modules at a
time, the page given back to the browser between them (page/startup.py)."""

from page.startup import in_steps

#: The game's modules in the order they are imported, each group in a task of its own.
GROUPS = (
    "allfives",
    "allfives.players",
    "allfives.review",
    "table.game",
    "table.board",
    "page.shell",
    "game.history.screen",
    "game.dialogs.screen",
    "game.main",
)


def start() -> None:
    from game.main import Page  # imported by now, in steps

    Page().start()


in_steps(GROUPS, start)
