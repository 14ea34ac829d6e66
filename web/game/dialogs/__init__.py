"""The game page's dialogs, a room of their own: the New match form as a
value (:mod:`game.dialogs.match_form`), the dialogs as markup
(:mod:`game.dialogs.words`: the hand's summary, the match's end, the Menu,
New match, the embed code; browser-free), the dialogs opened and heard
(:mod:`game.dialogs.screen`), and what they share with the page's other
parts: the clipboard, a link to the deal (:mod:`game.dialogs.parts`)."""
