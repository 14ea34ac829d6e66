"""The game page's script (index.html). PyScript compiles a page's script
from source at every start, which took about 0.2 s for the page's code, so
the script only starts the page; the code is in :mod:`main`, which comes
precompiled with the other modules."""

from game.main import Page

Page().start()
