"""The game page, the composition root: turns clicks, taps, drags and keys
into calls on the controller, and draws what it reports. No rule of the game
lives here: legal moves, scores and events come from ``allfives`` through
:mod:`table.game`; the page draws what the seat on screen may see (a
:class:`~allfives.view.SeatView`), so a hidden hand is never in reach; the
words come from :mod:`words`, the board from :mod:`board`, the plumbing
(listeners, tasks, the dialog, tile choice and drag) from :mod:`shell`, and
the dialogs from :mod:`game.dialogs`."""

from __future__ import annotations

import asyncio
import secrets
from functools import partial
from typing import Any

from allfives import End, Event, HandStarted, IllegalMove, Move, Tile
from allfives.view import SeatView

from game import (
    cards,
    feel,
    intro,
    landing,
    links,
    move_log,
    opening,
    pacing,
    summary,
    voice,
    words,
)
from game.daily.screen import install as install_daily
from game.dialogs import screen as dialogs_screen
from game.history import model as history_model
from game.history import screen as history_screen
from game.renaming import renamed_seats
from game.state import PageState, Ticket
from game.store import GAME_KEY, PREFIX, Store
from game.tabs import model as tabs_model
from game.tabs import screen as tabs_screen
from page import browser
from page.dom import draw
from page.shell import Shell
from table import board, coach_words, refusal
from table.game import Game, think
from table.i18n import Said, Translator, Words, pick_language
from table.labels import board_labels

SPEEDS = words.SPEEDS
#: The computer's thinking as a performance measure (from the first slice to
#: the decision, without the pause before it): the browser's performance tools
#: show it, and the browser tests read it to know when the computer thinks.
THINKING_MEASURE = "allfives:thinking"
THINKING_STARTS = "allfives:thinking-starts"


class Page(Shell):
    """The game on screen."""

    state: PageState  # all the page shows that the match does not say (game/state.py)

    def __init__(self) -> None:
        super().__init__(PageState())
        self.store = Store(browser.storage)
        # One game, one writer: this tab's part in sharing the saved game with the game's other tabs.
        self.keeper = tabs_model.Keeper(self.store, secrets.token_hex(8))
        self.channel: browser.Channel | None = None
        prefs = self.store.prefs()
        device = browser.device()
        self.t = Translator(prefs.get("language") or pick_language(list(device.languages)))
        self.speed = prefs.get("speed", "normal") if prefs.get("speed") in SPEEDS else "normal"
        self.learning = bool(prefs.get("learning", True))
        self.reduced = device.reduced_motion
        #: Used by touch (a phone, a tablet): no keys to speak of.
        self.touch = device.touch
        self.game: Game | None = None

    # What the shell asks of the page

    def report_fault(self) -> None:
        self.set_status(Words("page_fault"), lasting=True)

    def seen(self) -> SeatView | None:
        """The hand as the seat on screen may see it, once one is dealt."""
        game = self.game
        if game is None or not game.dealt:
            return None
        stage = self.state.landing()
        seen = game.view(self.shown_seat())
        return seen if stage is None else landing.staged(seen, stage.pending, reveal=stage.reveal)

    def moves_for(self, tile: Tile) -> list[Move]:
        return cards.moves_of(self.seen(), tile)

    def may_choose(self) -> bool:
        return self.game is not None and self.game.person_to_move and self.hand_visible()

    def cannot_play(self, tile: Tile) -> None:
        self.announce(self.t("tile_cannot_play", tile=self.t.tile(tile)))

    # Start-up

    def start(self) -> None:
        self.translate_static(self.t, self.t.language)
        self.bind()
        tabs_screen.listen(self)
        links.listen(self)
        tabs_screen.take_over(self)  # before the save is read: whatever another tab writes after it is refused
        browser.on_storage_refused(self.storage_refused)
        address = browser.address()
        link = address.hash.startswith("#game=") or "daily=" in address.search
        self.state.waiting = intro.first_visit(self, saved=self.store.saved_game() is not None, link=link)
        game, problem, linked = opening.initial_game(self, links.take_from_address(), history_screen.leave)
        self.begin(game)  # the header says whose turn it is, or that the game cannot be saved
        # Hint and Undo are on or off as the match allows (render decides).
        for button in ("new", "menu", "how-to", "sound"):
            self.enable(button)
        feel.install(self)
        self.spawn(history_screen.ask_persistence(self))
        summary.install(self)
        self.flag("ready")
        browser.timing.mark("allfives-ready")  # the load benchmark reads this
        if problem:
            dialogs_screen.show_problem(self, *problem)
        elif linked is not None:
            links.offer(self, linked)  # the match in progress is on the table behind the question
        install_daily(self)  # Menu, Daily deal; a ?daily= link, dealt or refused in words
        intro.install(self)  # a first visit's introduction, unless a problem holds the dialog
        # Offline play: the service worker keeps the site; a new version waits
        # for the next reload, never taking over a game in progress.
        browser.keep_offline(self.on_update_ready)

    def storage_refused(self, key: str) -> None:
        """A write the page's storage refused after it was made (Python in a
        worker, page/browser.py's Mirror): said as the page's own thread
        says it, at once: the game saved again (it is refused now, and says
        it cannot save), or the history's match not kept."""
        if key == PREFIX + GAME_KEY:
            self.save()
        elif key.startswith(PREFIX + history_model.KEY):
            history_screen.not_kept(self)

    def on_update_ready(self) -> None:
        self.flag("update-ready")
        self.set_status(Words("update_ready"))

    def begin(self, game: Game) -> None:
        # A saved game, a shared link or a file may come from another language:
        # its default names ("You", "Computer") are said in the page's.
        game.setup = renamed_seats(self.t, game.setup)
        self.game = game
        self.state.restart(game.scores)
        self.state.revealed = None
        self.state.notes.clear()
        self.clear("announce")  # what was said of the last match is not said of this one
        move_log.log_history(self)
        if self.state.waiting:  # a first visit: nothing is dealt, saved or played until the introduction closes
            self.render()
            return
        history_screen.begun(self, game)  # its start; a counted daily's day is taken (game/daily/screen.py)
        if not game.dealt:  # a hand that has ended waits on its summary, even after a reload
            self.apply_events(game.start())
        self.save()
        self.render()
        self.after_move()

    # Binding: once, on containers; targets are found with closest().

    def bind(self) -> None:
        # Clicks come as plain data from the page's shell (web/js/shell.js): act() routes them.
        for region in (".actions", "#hand", "#board"):
            self.listen(region, self.act)
        self.bind_dialog()
        self.on_page_key(self.on_key)
        self.on_resize(self.render_board)
        self.watch_board_size()

    # Drawing

    def render(self, prompt: Said | None = None, *, again: bool = False) -> None:
        """Everything on the table, from the page's state and the seat's view
        (worked out once). The prompt says ``prompt`` instead of what the
        page asks, if given; drawn ``again`` (the same table: the language
        switched, the Menu closed), it says what it said."""
        if not again:
            self.state.prompt = prompt
        seen = self.seen()
        self.render_scores()
        self.render_opponents(seen)
        self.draw_board(seen)
        self.render_hand(seen)
        self.draw_prompt(seen)
        self.enable("undo", self.may_undo(), words.undo_note(self.t, self.game) if self.game else "")
        self.enable("hint", self.may_hint(), words.hint_note(self.t, self.game) if self.game else "")
        summary.render_next(self)
        self.show_turn()

    def draw_prompt(self, seen: SeatView | None) -> None:
        """The prompt under the table, its one writer: what the state holds
        for it (a refused move, the hint), else what the page asks now."""
        said = self.state.prompt
        self.text("prompt", said(self.t) if said is not None else voice.prompt_text(self, seen))

    def show_turn(self) -> None:
        """The header says whose turn it is (or that the hand is over), unless
        a message holds it; a fault said before holds it again."""
        game = self.game
        said = self.state.header(None if game is None else lambda t: landing.turn_status(t, game))
        if said is not None:
            self.text("status", said(self.t))

    def render_scores(self) -> None:
        game = self.game
        assert game is not None
        draw("scores", cards.scores_markup(self.t, game, self.state))
        self.set_title(words.page_title(self.t, game))

    def may_undo(self) -> bool:
        return not self.state.busy and self.game is not None and self.game.can_undo()

    def may_hint(self) -> bool:
        return not self.state.busy and self.game is not None and self.game.person_to_move and self.hand_visible()

    def render_opponents(self, seen: SeatView | None) -> None:
        game = self.game
        assert game is not None
        draw("opponents", cards.opponents_markup(self.t, game, seen, self.shown_seat(), self.state))

    def targets(self, seen: SeatView) -> dict[End, int | None]:
        if self.state.selected is None:
            return {}
        moves = cards.moves_of(seen, self.state.selected)
        return {m.end: (seen.points_for(m) if self.learning else None) for m in moves if m.end is not None}

    def render_board(self) -> None:
        self.draw_board(self.seen())

    def draw_board(self, seen: SeatView | None) -> None:
        if self.game is None:
            return
        if seen is None:
            self.show_board("", None)
            return
        layout, last, (aspect, small) = seen.layout, seen.last_played, self.table_shape()
        labels = board_labels(self.t)
        markup = board.render_board(
            layout,
            aspect=aspect,
            small=small,
            targets=self.targets(seen),
            last=last,
            reduced=self.reduced,
            words=labels,
            size=self.drawn_box,
        )
        self.show_board(markup, last)
        self.text("ends", words.ends_line(self.t, layout))
        self.text("boneyard", self.t("boneyard", count=seen.boneyard_size))

    def shown_seat(self) -> int:
        assert self.game is not None
        return self.game.viewer()

    def hand_visible(self) -> bool:
        """Hot-seat hides a hand until its owner says they hold the device."""
        game = self.game
        assert game is not None
        if len(game.people) <= 1:
            return True
        return self.state.revealed == self.shown_seat()

    def render_hand(self, seen: SeatView | None) -> None:
        game = self.game
        assert game is not None
        state = self.state
        mine = seen is not None and game.to_move == seen.seat and game.person_to_move and not state.busy
        markup = cards.hand_markup(
            self.t,
            seen,
            # At the hand's end every hand is shown.
            visible=seen is not None and (self.hand_visible() or bool(seen.shown)),
            mine=mine,
            selected=state.selected,
            hinted=None if state.hint_move is None else state.hint_move.tile,
        )
        draw("hand", markup)

    def set_status(self, said: Said, *, lasting: bool = False) -> None:
        pacing.notice(self, said, lasting=lasting)

    # Events from the engine (the log is game/move_log.py)

    def apply_events(self, events: list[Event]) -> None:
        """Events shown at once (a deal); a move's are shown in turn by :func:`pacing.land`."""
        for event in events:
            move_log.log_event(self, event, quiet=True)
            if isinstance(event, HandStarted):
                self.state.notes.clear()
        self.render_opponents(self.seen())

    # Turns

    def after_move(self) -> None:
        """Whatever comes next: the hand's summary, a computer's turn, or a person's."""
        game = self.game
        assert game is not None
        if game.is_over:
            self.record_result()
            summary.show_match_end(self)
            return
        if game.needs_deal:
            summary.show_hand_end(self)
            return
        if game.computer_to_move:
            self.spawn(self.computer_turns(self.state.generation))
            return
        if len(game.people) > 1 and not self.hand_visible():
            dialogs_screen.show_pass_screen(self)
        else:
            self.focus_hand()

    async def computer_turns(self, generation: int) -> None:
        game = self.game
        assert game is not None
        while generation == self.state.generation and game.computer_to_move:
            self.state.busy = True
            self.render()
            await asyncio.sleep(SPEEDS[self.speed] / 1000)
            if generation != self.state.generation:
                return  # a new match began during the pause: think() would see its game
            decision = await self.think(generation)
            if decision is None or generation != self.state.generation:
                return
            events = game.play_computer(decision)
            self.save()
            if not await pacing.land(self, events, generation):
                return
        if generation == self.state.generation:
            self.state.busy = False
            self.render()
            self.after_move()
            feel.win_moment(self, events)

    async def think(self, generation: int) -> Any:
        """A computer's decision, thought in slices that give the page back
        to the browser, so it never freezes; stopped as all the page's work
        is, by its ticket (a new match or an undo)."""
        game = self.game
        assert game is not None
        work = Ticket(self.state, generation)
        browser.timing.mark(THINKING_STARTS)
        try:
            return await think(game.computer_thinking(), lambda: work.live)
        finally:
            browser.timing.measure(THINKING_MEASURE, THINKING_STARTS)
            browser.timing.clear(THINKING_STARTS)

    def play(self, move: Move) -> None:
        game = self.game
        assert game is not None
        try:
            events = game.play(move)
        except (IllegalMove, ValueError) as error:
            refused = error  # the name "error" is gone once the handler ends
            # In the player's words, never the engine's English; said again in another language.
            self.state.prompt = lambda t: refusal.reason(t, refused)
            self.draw_prompt(self.seen())
            self.announce(self.state.prompt(self.t))
            return
        self.save()
        self.state.busy = True
        # The tile (or the lit end) that held the focus leaves with the move:
        # the focus waits on the hand, not on the page's body, until the
        # player's next turn puts it on a tile (after_move).
        self.keep_focus("#hand, #board", "#hand")
        self.spawn(self.land(events, self.state.generation))

    async def land(self, events: list[Event], generation: int) -> None:
        """The move's events shown in turn, then whatever comes next."""
        if await pacing.land(self, events, generation):
            self.state.busy = False
            self.render()
            self.after_move()
            feel.win_moment(self, events)

    # Input

    def act(self, data: dict[str, str]) -> None:
        """What the player did, as plain data from the shell: a button of
        the header (``hint``, ``undo``, ``new-match``, ``menu``, ``sound``), else a
        tile chosen or its end (:meth:`table.choosing.Choosing.act`)."""
        action = data.get("action")
        if action == "hint":
            self.spawn(self.show_hint())
        elif action == "undo":
            self.undo()
        elif action == "new-match":
            dialogs_screen.show_new_match(self)
        elif action == "menu":
            dialogs_screen.show_menu(self)
        elif action == "how-to":
            intro.show(self, 0)
        elif action == "sound":
            feel.toggle(self)
        else:
            super().act(data)

    def on_key(self, key: str) -> None:
        """A key pressed on the page, out of the dialog and its fields."""
        if self.keeper.covered:
            return
        if key == "Escape" and self.state.selected is not None:
            tile = self.state.selected
            self.state.selected = None
            self.render()
            self.focus_hand(tile)
        elif key in ("r", "R"):
            self.read_out()
        elif key in ("h", "H") and self.may_hint():
            self.spawn(self.show_hint())
        elif key in ("u", "U") and self.may_undo():
            self.undo()

    def focus_hand(self, tile: Any = None) -> None:
        selector = f'#hand [data-tile="{tile}"]' if tile is not None else "#hand .hand-tile[tabindex='0']"
        self.focus(selector)

    def read_out(self) -> None:
        """The whole position in words, for a screen reader (key R)."""
        game = self.game
        seen = self.seen()
        if game is None or seen is None:
            return
        ends = words.ends_line(self.t, seen.layout)
        self.announce(words.read_out(self.t, game, seen, ends, visible=self.hand_visible()))

    # Hint and undo

    async def show_hint(self) -> None:
        game = self.game
        if game is None or not game.person_to_move or self.state.busy:
            return
        self.state.busy = True
        self.render(Words("hint_thinking"))
        work = self.state.ticket()
        advice = await think(game.hint_thinking(), lambda: work.live)
        if advice is None:
            return
        self.state.busy = False
        move = advice.best.move
        self.state.hint_move = move
        self.render(lambda t: coach_words.hint_words(t, advice))
        self.announce(coach_words.hint_words(self.t, advice))
        self.focus_hand(move.tile)

    def undo(self) -> None:
        game = self.game
        hands = game.hands_dealt if game is not None else 0
        if game is None or not game.undo():
            return
        self.state.restart(game.scores)
        move_log.log_history(self)

        said = partial(words.undone, game=game, hands_before=hands)
        self.announce(said(self.t))
        self.save()
        self.render()
        self.after_move()
        if game.hands_dealt < hands:
            # The table of an earlier hand is back: said in the header, where every player reads it.
            self.set_status(said)

    # Saving

    def save(self) -> None:
        if self.game is None:
            return
        saved = self.keeper.save(self.game.save_text())
        if saved is tabs_model.Saved.OVERTAKEN:
            tabs_screen.cover(self)
        elif saved is tabs_model.Saved.FAILED:
            self.set_status(Words("cannot_save"), lasting=True)

    def record_result(self) -> None:
        game = self.game
        assert game is not None
        if game.counted:
            return
        history_screen.keep(self, game, "finished")  # the history counts it (game/history/model.py)
        game.counted = True
        self.save()
