"""Why a record, a save or a link was refused, in a player's words.

The engine refuses a broken record with one precise line for developers
(``hand 1: 5-0 is in seat 0's hand and again in the boneyard``, see
:class:`allfives.record.RecordError`); the page says it for a player, in
their language: "hand 1: 5-0 is dealt twice: in player 1's hand and in the
boneyard". Pure Python, so pytest runs it on CPython.

:func:`reason` reads the engine's line: where (the hand, the move) and why.
A reason it does not know is told as a damaged record, never in the
engine's English.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from typing import Final

__all__ = ["reason"]

Say = Callable[..., str]
"""``say("why_not_held", seat=2, tile="6-6")``: a :class:`i18n.Translator` or :class:`replay.Words`."""

_AT_MOVE: Final = re.compile(r"^hand (?P<hand>\d+), move (?P<move>\d+) \('?(?P<text>.*?)'?\): (?P<why>.*)$", re.S)
_AT_HAND: Final = re.compile(r"^hand (?P<hand>\d+): (?P<why>.*)$", re.S)
_TILE: Final = r"(?P<tile>\d-\d)"

#: Each refusal the engine gives, as a pattern, and the catalogue key that says it for a player.
_REASONS: Final[tuple[tuple[re.Pattern[str], str], ...]] = tuple(
    (re.compile(pattern, re.S), key)
    for pattern, key in (
        (rf"^{_TILE} is in (?P<first>.+) and again in (?P<second>.+)$", "why_dealt_twice"),
        (r"^seat (?P<seat>\d+) is dealt (?P<count>\d+) tiles; the rules deal (?P<deal>\d+)$", "why_dealt_count"),
        (r"^the deal has (?P<count>\d+) hands for (?P<players>\d+) players$", "why_deal_hands"),
        (r"^the deal and boneyard lack (?P<tiles>.+)$", "why_missing"),
        (r"^seat (?P<seat>\d+) leads this hand by the rules, not seat (?P<other>\d+)$", "why_leader"),
        (r"^the leader ", "why_no_leader"),
        (rf"^seat (?P<seat>\d+) does not hold {_TILE}$", "why_not_held"),
        (rf"^{_TILE} fits no open end", "why_fits_nowhere"),
        (rf"^{_TILE} does not fit the (?P<end>[WENS]) end", "why_not_fit"),
        (r"^the (?P<end>[WENS]) end is not open$", "why_end_closed"),
        (rf"^{_TILE} fits .*: say which end$", "why_which_end"),
        (rf"^the lead must be {_TILE}$", "why_forced_lead"),
        (r"^the lead has no end to play on", "why_lead_end"),
        (r"^the hand is (already )?over$", "why_hand_over"),
        (r"^the match was already won$", "why_match_won"),
        (r"^hand (?P<hand>\d+) is not over$", "why_hand_not_over"),
        (r"^rules: ", "why_rules"),
        (r"a move is written like|is not a move|is not an end", "why_move_text"),
        (r"a tile is written like|is not a tile", "why_tile_text"),
        (r"^this record is from a newer version of All Fives \(version (?P<version>\d+); ", "why_newer"),
        (r"(is not a saved game|is not valid JSON)", "why_not_json"),
        (r"^(a record is a JSON object|this is not an allfives-record)", "why_not_record"),
        (r"^the record's players: the settings must name (?P<players>\d+) players$", "why_players"),
        (r"^the record's players: ", "why_players_damaged"),
        (r"^this link is too long", "why_link_long"),
        (r"^this link is damaged", "why_link_damaged"),
        (r"^this is neither a match record nor", "why_not_history"),
        (r"^the file is empty", "why_file_empty"),
        (r"^the file (is too big|has too many lines)", "why_file_big"),
    )
)

_HAND_OF: Final = re.compile(r"^seat (?P<seat>\d+)'s hand$")


def reason(say: Say, message: str) -> str:
    """The engine's refusal ``message`` in a player's words: where, then why."""
    at_move = _AT_MOVE.match(message)
    if at_move:
        where = say("why_at_move", hand=int(at_move["hand"]), move=int(at_move["move"]), text=at_move["text"])
        return f"{where}: {_why(say, at_move['why'])}"
    at_hand = _AT_HAND.match(message)
    if at_hand:
        return f"{say('why_at_hand', hand=int(at_hand['hand']))}: {_why(say, at_hand['why'])}"
    return _why(say, message)


def _why(say: Say, why: str) -> str:
    for pattern, key in _REASONS:
        found = pattern.search(why)
        if found:
            return say(key, **_params(say, found.groupdict()))
    return say("why_damaged")


def _params(say: Say, found: Mapping[str, str]) -> dict[str, object]:
    """The engine's values as a player counts them: seats from 1, ends by name."""
    params: dict[str, object] = {}
    for name, value in found.items():
        if name in ("seat", "other"):
            params[name] = int(value) + 1
        elif name in ("count", "deal", "players", "hand", "version"):
            params[name] = int(value)
        elif name == "end":
            params[name] = say("end_" + value)
        elif name in ("first", "second"):
            hand_of = _HAND_OF.match(value)
            params[name] = say("why_in_hand", seat=int(hand_of["seat"]) + 1) if hand_of else say("why_in_boneyard")
        else:
            params[name] = value
    return params
