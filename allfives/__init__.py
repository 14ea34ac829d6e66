"""All Fives: the dominoes game where the open ends score in fives.

The rules engine: pure Python, standard library only, the same on CPython
3.11+ and in the browser on Pyodide.

>>> from allfives import Match, Rules, Move
>>> import random
>>> match = Match(Rules(players=2))
>>> events = match.deal(random.Random(7))
>>> len(match.legal_moves())
9
"""

from .claims import Call, Claim, Step
from .events import Called, Claimed, Drew, Event, HandEnded, HandStarted, LetPass, MatchEnded, Passed, Played
from .hand import ClaimRefused, HandState, IllegalMove, opening_lead
from .layout import Layout, OpenEnd, Placed
from .match import Deal, DealError, HandHistory, Match
from .refusal import Refused
from .rules import PRESETS, Rules, RulesError, round_to_five
from .tiles import TILES, End, Move, Tile, tile

__version__ = "0.1.0"

__all__ = [
    "PRESETS",
    "TILES",
    "Call",
    "Called",
    "Claim",
    "ClaimRefused",
    "Claimed",
    "Deal",
    "DealError",
    "Drew",
    "End",
    "Event",
    "HandEnded",
    "HandHistory",
    "HandStarted",
    "HandState",
    "IllegalMove",
    "Layout",
    "LetPass",
    "Match",
    "MatchEnded",
    "Move",
    "OpenEnd",
    "Passed",
    "Placed",
    "Played",
    "Refused",
    "Rules",
    "RulesError",
    "Step",
    "Tile",
    "opening_lead",
    "round_to_five",
    "tile",
]
