"""One game, one writer, a room of the game page: which of the game's tabs
may save it (:mod:`game.tabs.model`, browser-free), and the notice and Play
here of a tab that has lost it (:mod:`game.tabs.screen`)."""
