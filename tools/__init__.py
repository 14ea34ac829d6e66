"""Scripts around the engine, by kind: :mod:`tools.generators` (the golden
records, the icons, the seeded games), :mod:`tools.benchmarks` (speed and
load time) and :mod:`tools.experiments` (the studies of stronger players).
``pyodide_run.mjs`` runs any of them in Pyodide under Node; the tests'
own checks (:mod:`tools.tests_can_fail`) sit at the top for now. None of
them ships in the game, and the build imports none of them."""
