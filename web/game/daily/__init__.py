"""The daily deal, a room of the game page: the day's hand against the
Expert and its duplicate (:mod:`game.daily.model`, browser-free), what it
says (:mod:`game.daily.words`: the result, the share text, a refused
date), the book of dailies played in the store (:mod:`game.daily.book`),
the dialogs and the ``?daily=`` link (:mod:`game.daily.screen`), and the
calendar of dailies on the History screen (:mod:`game.daily.calendar`, its
month browser-free in :mod:`game.daily.month`)."""
