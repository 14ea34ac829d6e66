"""The rules tutorial's script (rules.html, started by rules.js). PyScript
compiles a page's script from source at every start, so the script only
starts the replays; the code is in :mod:`tutorial_page`, which comes
precompiled with the other modules."""

from replay.tutorial_page import start

start()
