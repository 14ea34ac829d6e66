"""Every record the page writes, copies or embeds verifies, whatever path led
to it (issue 44): random sequences of the page's own actions, through the
controller it drives (table.game.Game), on CPython.

The actions are the page's: a person's move and the computer's replies after
it (the page plays them as its search decides, through ``play_computer``),
going on to the next hand (the summary's Next hand and the Next hand button
under the table after Look at the table both call ``summary.deal_next``,
which deals with ``Game.start``; a reload between reopens the summary),
Undo, also across the end of a hand, a reload, and a shared link opened in
place of the match. The tables: one person against the computer (three
tiles each, and the standard rules), hot-seat with the computer at a third
seat, partners, and the daily deal.

After every action, each record is checked as ``python -m allfives verify``
and the replay (``replay.proof``) check it: the save (which the history keeps
too), the link, the embed code from the position on the table and from the
hand's start, and the review's replay of the last finished hand. Every deal
follows from its seed, and every hand keeps its number: the replay opens on
the hand the page is on, and a link deals that hand again as the same hand.
"""

from __future__ import annotations

import json
from dataclasses import replace
from datetime import date
from typing import Any
from urllib.parse import parse_qsl

from helpers import computer_decision
from hypothesis import settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, precondition, rule

from allfives import Rules
from allfives.verify import all_verified, verify

from game.daily.model import daily_game
from game.history.model import Entry
from replay.frames import ReaderTranslator, frames
from replay.proof import SeedLine, seed_line
from table.game import Game, GameSetup, SeatSetup, decode_link

PAGE = "https://ann.example/fives/"
EN = ReaderTranslator("en")


def _against_the_computer(seed: int) -> Game:
    return Game(GameSetup(Rules(hand_size=3, target=60), (SeatSetup("Ann"), SeatSetup("Bo", "beginner")), seed))


def _hot_seat(seed: int) -> Game:
    seats = (SeatSetup("Ann"), SeatSetup("Bo"), SeatSetup("Cy", "beginner"))
    return Game(GameSetup(Rules(players=3, hand_size=3, target=60), seats, seed))


def _partners(seed: int) -> Game:
    seats = (SeatSetup("Ann"), SeatSetup("Bo", "beginner"), SeatSetup("Cy", "beginner"), SeatSetup("Di", "beginner"))
    return Game(GameSetup(Rules(players=4, target=60), seats, seed))


def _standard(seed: int) -> Game:
    return Game(GameSetup(Rules(), (SeatSetup("Ann"), SeatSetup("Bo", "beginner")), seed))


def _daily(seed: int) -> Game:
    game = daily_game(date.fromordinal(date(2026, 1, 1).toordinal() + seed % 365), "You", "Expert", practice=False)
    # The Expert's moves cost seconds: Beginner answers for it (any legal move serves a test of the records).
    game.setup = replace(game.setup, seats=(game.seats[0], SeatSetup("Expert", "beginner")))
    return game


TABLES = (_against_the_computer, _hot_seat, _partners, _standard, _daily)
#: The ways to go on to the next hand.
GO_ON = ("the summary's Next hand", "Look at the table, then Next hand under it", "a reload, then Next hand")


def _replies(game: Game) -> None:
    """The computer's turns, as the page plays them after a move or a deal."""
    while game.computer_to_move:
        game.play_computer(computer_decision(game))


def _begun(game: Game) -> Game:
    """A match as the page begins it (a new one, a reload, a link): a hand
    dealt unless one has been, and the computer's turns played."""
    if not game.dealt:
        game.start()
    _replies(game)
    return game


def _replay_link(src: str) -> tuple[int, dict[str, Any]]:
    """The position a replay's address opens at, and its record."""
    address, link = src.split("#record=")
    record = decode_link(link)
    assert isinstance(record, dict)
    return int(dict(parse_qsl(address.split("?")[1]))["move"]), record


#: The records found honest, by their rules and hands (all that is checked): the page writes the same
#: one several times over (the save, the history's entry, the embed code), and keeps it from step to step.
_HONEST: set[str] = set()


def _honest(record: dict[str, Any], hands: int, what: str) -> None:
    """``record`` holds ``hands`` hands, numbered 1 on, and every deal follows from its seed."""
    assert len(record["hands"]) == hands, what
    key = json.dumps([record["rules"], record["hands"]])
    if key in _HONEST:
        return
    checks = verify(record)
    assert all_verified(checks), f"{what}: " + "; ".join(c.line for c in checks if not c.verified)
    assert sorted({c.hand for c in checks}) == list(range(1, hands + 1)), what
    assert seed_line(EN, record) == SeedLine(EN("embed_seeds_verified"), False), what
    _HONEST.add(key)


def _may_go_on(game: Game) -> bool:
    """Whether the page offers Next hand: a hand has ended, the match goes
    on, and it is no daily (whose summary offers the Expert's play instead)."""
    return game.needs_deal and game.dealt and not game.is_over and game.daily is None


class ThePage(RuleBasedStateMachine):
    """A player at the page, doing what the page lets them do, in any order."""

    @initialize(table=st.sampled_from(TABLES), seed=st.integers(0, 2**16))
    def open_the_page(self, table: Any, seed: int) -> None:
        self.game = _begun(table(seed))

    @precondition(lambda self: self.game.person_to_move or _may_go_on(self.game))
    @rule(picks=st.lists(st.integers(0, 20), min_size=1, max_size=12), way=st.sampled_from(GO_ON))
    def play(self, picks: list[int], way: str) -> None:
        """A person's moves (each a legal one, by its place in the list), the
        computer's replies after each, going on by ``way`` when a hand ends."""
        for pick in picks:
            if _may_go_on(self.game):
                self.go_on(way)
            elif not self.game.person_to_move:
                return
            else:
                moves = self.game.match.legal_moves()
                self.game.play(moves[pick % len(moves)])
                _replies(self.game)

    @precondition(lambda self: _may_go_on(self.game))
    @rule(way=st.sampled_from(GO_ON))
    def go_on(self, way: str) -> None:
        if way.startswith("a reload"):
            self.come_back("a reload")
        number = self.game.hands_dealt
        self.game.start()
        assert self.game.hands_dealt == number + 1
        _replies(self.game)

    @precondition(lambda self: self.game.can_undo())
    @rule()
    def undo(self) -> None:
        assert self.game.undo()
        _replies(self.game)

    @rule(how=st.sampled_from(("a reload", "a link to this hand")))
    def come_back(self, how: str) -> None:
        """The page opened again: reloaded, or on a link to the hand on the table."""
        before = self.game
        if how == "a reload":
            self.game = _begun(Game.load_text(before.save_text()))
            return
        game = Game.from_record_data(decode_link(before.share_link().removeprefix("#game=")))
        if before.dealt:
            assert game.hands_dealt == before.hands_dealt, "the link deals this hand as the same hand"
            assert game.history[-1].deal == before.history[-1].deal
            assert game.moves_in_hand == 0
        self.game = _begun(game)

    @invariant()
    def the_save_and_the_history_verify(self) -> None:
        game = self.game
        _honest(game.to_record(), game.hands_dealt, "the save")
        _honest(Entry.of_game(game, "left").record, game.hands_dealt, "the history's entry")

    @invariant()
    def the_link_verifies(self) -> None:
        game = self.game
        record = decode_link(self.game.share_link().removeprefix("#game="))
        assert isinstance(record, dict)
        _honest(record, game.hands_dealt, "the link")

    @invariant()
    def the_embed_code_verifies_and_opens_on_this_hand(self) -> None:
        game = self.game
        if not game.dealt:
            return
        for whole_hand in (False, True):
            src, record, move = game.embed_link(PAGE, whole_hand=whole_hand, seat=0, lang="en")
            assert _replay_link(src) == (move, record)
            _honest(record, game.hands_dealt, f"the embed code (whole hand: {whole_hand})")
            if game.moves_in_hand or game.hands_dealt == 1:
                # A later hand's deal is shown with its first move (replay.frames).
                assert frames(record)[move].hand == game.hands_dealt, "the embed opens on this hand, by its number"

    @invariant()
    def the_review_s_replay_of_the_last_finished_hand_verifies(self) -> None:
        """The replay the summary's Review opens (Step through it)."""
        game = self.game
        ended = [hand.number for hand in game.history if hand.ended is not None]
        if ended:
            move, record = _replay_link(game.reviewed_link(PAGE, ended[-1], lang="en"))
            _honest(record, ended[-1], f"the review's replay of hand {ended[-1]}")
            assert frames(record)[move].hand == ended[-1]


ThePage.TestCase.settings = settings(max_examples=30, stateful_step_count=25, deadline=None)
test_every_record_the_page_writes_copies_or_embeds_verifies = ThePage.TestCase
