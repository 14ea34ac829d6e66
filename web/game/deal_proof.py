"""The deal's proof on the game page, browser-free: the fingerprint of a
hand's seed in the log when the hand starts, and the seed itself when it
ends, in the log and in the hand's summary; small, out of the way, and
enough to check the deal with ``python -m allfives verify`` (docs/rules.md,
"Verifiable deals")."""

from __future__ import annotations

from collections.abc import Sequence

from allfives import Event, HandEnded, HandHistory, HandStarted, MatchEnded
from allfives.match import fingerprint

from table.i18n import Translator

__all__ = ["log_line", "summary_line"]


def log_line(t: Translator, history: Sequence[HandHistory], event: Event) -> str | None:
    """The log's line after ``event``, if it starts or ends a dealt hand
    (``history``: the match's hands so far, the controller's ``Game.history``)."""
    if isinstance(event, HandStarted) and 0 < event.hand <= len(history):
        seed = history[event.hand - 1].deal.seed
        return None if seed is None else t("deal_fingerprint", fingerprint=fingerprint(seed))
    ended = isinstance(event, HandEnded) or (isinstance(event, MatchEnded) and history and history[-1].ended is None)
    if ended and history:
        return summary_line(t, history, len(history))
    return None


def summary_line(t: Translator, history: Sequence[HandHistory], hand: int) -> str | None:
    """Hand ``hand``'s seed, revealed, with its fingerprint to compare."""
    seed = history[hand - 1].deal.seed
    return None if seed is None else t("deal_seed", seed=seed, fingerprint=fingerprint(seed))
