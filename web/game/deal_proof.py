"""The deal's proof on the game page, browser-free. While a hand is played
the Menu shows its deal's fingerprint; when it ends, the hand's summary
holds a closed "Check this deal" part with the seed and how to check it
(``python -m allfives verify``, or the replay; docs/rules.md, "Verifiable
deals"). The log keeps to the moves: a fingerprint there meant nothing to a
newcomer (issue 44)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from allfives import HandHistory
from allfives.match import fingerprint

from table.i18n import Translator

__all__ = ["DealCheck", "check_this_deal", "menu_line"]


@dataclass(frozen=True, slots=True)
class DealCheck:
    """The summary's "Check this deal": a heading to open it by, then what to compare and how."""

    heading: str
    seed: str
    how: str


def menu_line(t: Translator, history: Sequence[HandHistory]) -> str | None:
    """What the Menu says of the hand on the table: its deal's fingerprint,
    fixed before the first tile, to note and compare once the seed is out."""
    if not history or (seed := history[-1].deal.seed) is None:
        return None
    return t("deal_menu", hand=len(history), fingerprint=fingerprint(seed))


def check_this_deal(t: Translator, history: Sequence[HandHistory], hand: int) -> DealCheck | None:
    """Hand ``hand``'s seed, revealed, with its fingerprint to compare and the way to check the deal."""
    seed = history[hand - 1].deal.seed
    if seed is None:
        return None
    return DealCheck(
        t("deal_check"),
        t("deal_seed", seed=seed, fingerprint=fingerprint(seed)),
        t("deal_check_how", save=t("export")),
    )
