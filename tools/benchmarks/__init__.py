"""What the shipped game costs, measured: the computer players' time a move
on CPython and on Pyodide (:mod:`.move_times`, ``pyodide_bench.mjs``), the
game's load against bare Pyodide (:mod:`.load_bench`, run by
``python build.py bench``) and a visit to the rules tutorial
(:mod:`.rules_bench`). The figures are in docs/benchmarks.md."""
