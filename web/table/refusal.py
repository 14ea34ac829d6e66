"""Why a move, a record, a save or a link was refused, in a player's words.

The engine refuses with one precise line of English for developers
(``hand 1: 5-0 is in seat 0's hand and again in the boneyard``) and says the
same as data: a code and its params (:class:`allfives.refusal.Refused`:
``"dealt_twice"``, ``{"tile": "5-0", "first": 0, "second": "boneyard"}``),
and for a record where it was met (:class:`allfives.record.RecordError`'s
``hand``, ``move`` and ``text``). The page says it for a player, in their
language, from the data alone: "hand 1: 5-0 is dealt twice: in player 1's
hand and in the boneyard". Pure Python, so pytest runs it on CPython.

A refusal without a code, or with a code this page does not know, is told
as a damaged record, never in the engine's English.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Final

from allfives.deal import BONEYARD
from allfives.record import RecordError
from allfives.refusal import Refused

__all__ = ["CODES", "reason"]

Say = Callable[..., str]
"""``say("why_not_held", seat=2, tile="6-6")``: a :class:`i18n.Translator` or :class:`replay.Words`."""

#: Every code the page says, each by its catalogue key ``why_<code>``.
CODES: Final = frozenset(
    {
        # The deal
        "dealt_twice",
        "dealt_count",
        "deal_hands",
        "missing",
        "leader",
        "no_leader",
        # A move
        "not_held",
        "fits_nowhere",
        "not_fit",
        "end_closed",
        "which_end",
        "forced_lead",
        "lead_end",
        "hand_over",
        "match_won",
        "hand_not_over",
        # A claim or a Muggins call (claims="called")
        "claim_waiting",
        "call_waiting",
        "not_your_claim",
        "not_your_call",
        "claim_count",
        "claim_step",
        "nothing_to_claim",
        # The rules, as a form sets them (the New match form)
        "rules_players",
        "rules_partnerships",
        "rules_hand_size",
        "rules_target",
        "rules_value",
        "rules_threes_pips",
        "rules_chip_out_pips",
        "rules_exact_hand_end",
        # The record, the save, the link, the history file
        "rules",
        "move_text",
        "tile_text",
        "newer",
        "not_json",
        "not_record",
        "players",
        "players_damaged",
        "link_long",
        "link_damaged",
        "not_history",
        "file_empty",
        "file_big",
    }
)

#: A number no honest record holds: said as damage rather than as a line of digits.
_LARGEST: Final = 10**9


def reason(say: Say, error: BaseException) -> str:
    """The refusal ``error`` in a player's words: where (for a record), then why."""
    why = _why(say, error)
    if isinstance(error, RecordError) and error.hand is not None:
        if error.move is not None:
            where = say("why_at_move", hand=error.hand, move=error.move, text=error.text or "")
        else:
            where = say("why_at_hand", hand=error.hand)
        return f"{where}: {why}"
    return why


def _why(say: Say, error: BaseException) -> str:
    if not isinstance(error, Refused) or error.code not in CODES:
        return say("why_damaged")
    try:
        return say("why_" + error.code, **_params(say, error.params))
    except (KeyError, IndexError, ValueError):  # a param missing or out of reach: the refusal itself is damaged
        return say("why_damaged")


def _params(say: Say, params: Mapping[str, object]) -> dict[str, object]:
    """The engine's values as a player counts them: seats from 1, ends by name."""
    shown: dict[str, object] = {}
    for name, value in params.items():
        if isinstance(value, int) and not -_LARGEST < value < _LARGEST:
            raise ValueError(f"{name} is too large to say")
        if name in ("seat", "other") and isinstance(value, int):
            shown[name] = value + 1
        elif name == "end":
            shown[name] = say(f"end_{value}")
        elif name in ("first", "second"):
            shown[name] = say("why_in_boneyard") if value == BONEYARD else say("why_in_hand", seat=_seat(value))
        else:
            shown[name] = value
    return shown


def _seat(value: object) -> int:
    if not isinstance(value, int):
        raise ValueError(f"{value!r} is not a seat")
    return value + 1
