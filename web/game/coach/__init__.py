"""The coach on the game page, a room of its own: Review in a hand's
summary, run in slices (:mod:`game.coach.screen`), and the review's dialog
as markup (:mod:`game.coach.words`, browser-free). What the coach says, the
same in the game and the replay, is :mod:`table.coach_words`."""
