"""The game page (index.html, started by play.py): :mod:`game.main` owns the
page's state and wires clicks and keys to the controller; the pacing, the
motion, the introduction, the sounds, the language change and the saved
game. :mod:`game.words` and :mod:`game.landing` say what the page shows, in
plain values, so pytest checks them on CPython. A feature with parts of
its own is a room inside: :mod:`game.daily`, :mod:`game.history`,
:mod:`game.coach`, :mod:`game.tabs`, :mod:`game.dialogs`, each split under
the same names (``model``, ``words``, ``screen``)."""
