"""Experiments on the computer players that the game does not ship: each
measured weaker than Expert, or within the noise, and is kept so the figures
in docs/benchmarks.md can be made again.

* :mod:`.variants`: the arena with Expert variants
  (``python -m tools.experiments.variants expert-wary reference``);
* :mod:`.choices`: a model of how strong players choose, read as odds on
  the other players' plays; :mod:`.fit_choices` fits it;
* :mod:`.reading`: the other player's plays read by redoing its search;
  :mod:`.reading_loss` scores each reading by how well it guesses the hand;
* :mod:`.ismcts`: the information-set Monte Carlo tree search;
* :mod:`.peeking`: Expert shown the other hands, and :mod:`.reply`, the
  playout that looks one reply ahead; :mod:`.bound` measures, with both,
  what a deeper evaluator could win;
* :mod:`.search_noise` and :mod:`.endgame_regret`: what more sampled deals,
  and a longer exact endgame, could win for Expert as shipped.

They reach into Expert only through its constructor: an
:class:`~allfives.players.expert.Inference` (what it knows of the hidden
tiles), a :data:`~allfives.players.search.Playout` (how a candidate move is
played out); the arena takes their players through
:class:`~allfives.cli.arena.Seats`. Nothing in ``allfives`` imports them.
"""
