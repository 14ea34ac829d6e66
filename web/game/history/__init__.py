"""The history of matches, a room of the game page: the entries and their
store, files brought in, the statistics (:mod:`game.history.model`,
browser-free); what the History screen says (:mod:`game.history.words`,
browser-free); the screen, keeping each match as it ends
(:mod:`game.history.screen`)."""
