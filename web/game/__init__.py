"""The game page (index.html, started by play.py): :mod:`game.main` owns the
page's state and wires clicks and keys to the controller; the pacing, the
motion, the dialogs, the introduction, the sounds, the language change and
the saved game. :mod:`game.words` and :mod:`game.landing` say what the page
shows, in plain values, so pytest checks them on CPython."""
