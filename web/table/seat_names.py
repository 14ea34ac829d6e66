"""A seat's name until a person types one, in each language the game speaks:
"You", "Computer", "Computer 3" in English; "Te", "Gép", "3. gép" in
Hungarian. Wherever a default name was written (a saved game, a shared link,
a record, the history), it is shown in the reader's language; a name a
person typed is shown as typed. Browser-free, for the game, the replay and
the History screen."""

from __future__ import annotations

from functools import cache

from allfives.rules import OPTION_RANGES

from table.i18n import LANGUAGES, Translator

__all__ = ["default_name", "default_names", "in_language"]


def default_name(t: Translator, seat: int, players: int) -> str:
    """A seat's name until the player types one: the first seat is "You";
    the one computer of a two-player match is "Computer", and where there
    are more they are told apart by their seat ("Computer 3"), so the log
    and the sides ("You & Computer 3") always say who."""
    if seat == 0:
        return t("you")
    return t("computer_name") if players == 2 else t("computer_seat", seat=seat + 1)


@cache
def default_names(seat: int) -> frozenset[str]:
    """Every name ``seat`` has by default, in every language, for any number of players."""
    return frozenset(
        default_name(Translator(code), seat, players) for code in LANGUAGES for players in OPTION_RANGES.players
    )


def in_language(t: Translator, name: str, seat: int, players: int) -> str:
    """``name`` as ``t``'s reader sees it: a default name (in any language,
    for any count) is the default of ``t``'s language for ``players``; a
    name a person typed stays as typed."""
    return default_name(t, seat, players) if name.strip() in default_names(seat) else name
