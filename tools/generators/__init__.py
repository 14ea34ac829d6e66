"""Scripts that write what the tests compare against: the golden self-play
records (:mod:`.make_golden`), the app icons (:mod:`.make_icons`), and the
seeded games printed on CPython and on Pyodide (:mod:`.seeded_games`)."""
