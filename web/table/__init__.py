"""The table, shared by every page and free of the browser (pytest runs it on
CPython, the build draws the tutorial's posters with it): the controller,
the only door to the match; the board and its geometry as SVG; the words
and their translator; the arrow keys among the ends; a refused record in
a player's words."""
