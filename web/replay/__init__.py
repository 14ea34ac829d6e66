"""The replays: a record move by move (:mod:`replay.frames`, browser-free),
its poster drawn at build time (:mod:`replay.poster`), the live replay of
embed.html and "Try it" (:mod:`replay.live`), and the tutorial page that
makes every poster live (:mod:`replay.tutorial_page`)."""
