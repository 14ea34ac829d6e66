"""Scripts around the engine: benchmarks, the golden records, and the experiments
(:mod:`tools.experiments`). None of them ships in the game."""
