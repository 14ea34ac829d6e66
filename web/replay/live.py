"""A live replay: one allfives-record on a board, move by move, with each
count explained; "Try it" hands the reader the position to play on against
the computer.

It takes over the markup of a poster (:mod:`poster`): embed.html's, where
the replay is the whole page (:mod:`embed`), or one of the tutorial's
figures on rules.html, where one interpreter drives every replay of the page
(:mod:`tutorial_page`). Every element it draws is named by its id with the
replay's ``prefix``. The replay is a value (:class:`screen.ReplayState`),
and what it shows is drawn from it by :mod:`screen` as plain data, which
the page's shell applies (:meth:`Shell.show_parts`); "Try it" is a
:class:`trying.Trying`, drawn from what the reader's seat may see; the
listeners, tasks and tile choice are the shell's (:mod:`page.shell`), and
the browser outside the markup is :mod:`page.browser`'s. Nothing here
touches the DOM.

Standing alone in a frame (embed.html), it tells the host page its height
and each move by ``postMessage``, and accepts ``{"type": "allfives:goto",
"move": N}`` from the host's origin only (docs/embedding.md).
"""

from __future__ import annotations

import asyncio
from typing import Any

from allfives import IllegalMove, Move, Tile
from allfives.record import RecordError
from allfives.refusal import Refused

from page import browser
from page.shell import Shell
from replay import screen
from replay.frames import ReaderTranslator, board_words
from replay.hosting import EmbedOptions, goto_message, height_message, host_origin, load_record, move_message, origin_of
from replay.screen import ReplayState
from replay.trying import Trying
from table import board, refusal
from table.game import think
from table.work import Ticket

AUTOPLAY_MS = 1800
#: Each run of autoplay, from Play to its end (Pause, the last move, "Try it"),
#: as a performance measure: the browser's performance tools show it, and the
#: browser tests read its end to know that stepping on has really stopped.
AUTOPLAY_MEASURE = "allfives:autoplay"
COMPUTER_PAUSE_MS = 600


class Replay(Shell):
    """A replay on screen, and "Try it" when the reader takes over.

    ``standalone`` is embed.html, the replay as a page of its own (it reads
    the page's address, translates the page, talks to a host page and
    listens to the whole page's keys); otherwise it is one replay of a page
    of several, keys heard inside its own ``prefix + "embed"`` element."""

    state: ReplayState

    def __init__(self, options: EmbedOptions, *, prefix: str = "", standalone: bool = True) -> None:
        self.words = ReaderTranslator(options.lang, browser.device().languages)
        super().__init__(ReplayState(prefix=prefix, words=self.words))
        self.options = options
        self.prefix = prefix
        self.board_id = prefix + "board"
        self.standalone = standalone
        self.board_words = board_words(self.words)
        where = browser.address()
        self.here = where.href
        self.embedded = standalone and where.framed
        parent = origin_of(where.ancestors[0]) if self.embedded and where.ancestors else None
        self.host = host_origin(options.host, parent, where.referrer) if standalone else None
        self.height = -1  # the height last told to the host

    # What the shell asks of the page

    def moves_for(self, tile: Tile) -> list[Move]:
        trying = self.state.trying
        if trying is None or not trying.game.dealt:
            return []
        return [m for m in trying.game.view(self.state.seat).legal_moves if m.tile is tile]

    def may_choose(self) -> bool:
        trying = self.state.trying
        return trying is not None and trying.game.to_move == self.state.seat and not trying.undrawn

    def report_fault(self) -> None:
        self.show_problem(self.words("embed_fault"))

    # Start-up

    async def start(self) -> None:
        state = self.state
        if self.standalone:
            self.translate_static(self.words, self.words.language)
            self.set_theme(self.options.theme)
            self.set_title(self.words("embed_title"))
        try:
            record = await load_record(self.options, self.here, browser.fetcher(), self.words)
            state.load(record, self.options.seat)
        except Refused as error:  # a link's, a record's: said from its code
            self.show_problem(self.words("embed_bad_record", reason=refusal.reason(self.words, error)))
            self.ready()
            return
        except ValueError as error:  # raised by load_record, already in the reader's words
            self.show_problem(str(error))
            self.ready()
            return
        self.show_parts(screen.seeds(state, state.record))
        self.bind()
        start = self.options.move if self.options.move is not None else 0
        self.goto(min(start, state.last))
        if self.options.autoplay:
            self.set_playing(True)
        self.ready()
        if self.standalone and self.own_site:
            browser.keep_offline(lambda: None)  # the next load takes the new version

    def ready(self) -> None:
        self.show_parts(screen.ready(self.state))
        if self.standalone:
            if not self.options.fit:  # a frame that fits the replay to the host's height has nothing to ask
                self.watch_size(self.prefix + "embed", self.tell_height)
            self.flag("ready")

    def show_problem(self, message: str) -> None:
        self.show_parts(screen.problem(self.state, message))

    @property
    def own_site(self) -> bool:
        """Whether the replay is shown on the site itself (alone, or in one of
        its pages): only then does it install the site for offline play,
        never inside another site's page."""
        return not self.embedded or self.host == origin_of(self.here)

    # Binding: once, on containers; what is done comes as plain data.

    def bind(self) -> None:
        # Clicks come as plain data from the page's shell (web/js/shell.js): act() routes them.
        for region in ("replay-controls", "play-controls", "hand", "board", "review"):
            self.listen_at(self.prefix + region, self.act)
        self.on_value(self.prefix + "jump", lambda value: self.goto(int(value)), "input")
        self.hear_keys(None if self.standalone else self.prefix + "embed", self.on_key)
        self.on_resize(self.render_board)
        if self.standalone:
            self.on_messages(self.on_message)

    # The replay

    def goto(self, position: int) -> None:
        """Show the table after ``position`` moves, and tell the host."""
        state = self.state
        if state.trying is not None or not state.frames:
            return
        state.show_best = state.show_best and position == state.position
        state.position = max(0, min(position, state.last))
        self.render()
        self.post(move_message(state.frames[state.position], state.last))

    def step(self, delta: int) -> None:
        self.set_playing(False)
        self.goto(self.state.position + delta)

    def set_playing(self, playing: bool) -> None:
        """Start or stop stepping on by itself (it stops at the last move)."""
        state = self.state
        if playing and state.position >= state.last:
            self.goto(0)
        state.playing = playing
        ticket = state.cut_short()
        self.show_parts(screen.controls(state))
        if playing:
            self.spawn(self.autoplay(ticket))

    async def autoplay(self, ticket: Ticket) -> None:
        state, started = self.state, browser.timing.now()
        try:
            while ticket.live and state.playing:
                await asyncio.sleep(AUTOPLAY_MS / 1000)
                if not ticket.live or state.trying is not None:
                    return
                self.goto(state.position + 1)
                if state.position >= state.last:
                    self.set_playing(False)
                    return
        finally:
            browser.timing.measure(AUTOPLAY_MEASURE, started)

    # Drawing

    def render(self) -> None:
        shown = screen.board_shown(self.state)
        # board.render_board escapes everything it draws from data.
        aspect, small = self.table_shape()
        markup = board.render_board(
            shown.layout,
            aspect=aspect,
            small=small,
            targets=shown.targets,
            last=shown.last,
            words=self.board_words,
            size=self.drawn_box,
        )
        self.show_board(markup, shown.last)
        self.show_parts(screen.parts(self.state))

    def render_board(self) -> None:
        if self.state.frames:
            self.render()

    # Telling the host

    def post(self, message: dict[str, Any]) -> None:
        """Send ``message`` to the host page, at its origin: a page framing
        the replay that is not the host it names hears nothing."""
        if self.embedded and self.host is not None:
            browser.tell_host(message, self.host)

    def tell_height(self, height: float) -> None:
        message = height_message(height)
        if message["height"] != self.height:
            self.height = message["height"]
            self.post(message)

    def on_message(self, origin: str, data: object) -> None:
        """A host's ``allfives:goto``, from the host's origin only."""
        if self.host is None or origin != self.host:
            return
        move = goto_message(data, self.state.last)
        if move is not None and self.state.trying is None:
            self.set_playing(False)
            self.goto(move)

    # Input

    def act(self, data: dict[str, str]) -> None:
        """What the reader did, as plain data from the shell: a control of
        the replay or of "Try it", else a tile chosen or its end
        (:meth:`table.choosing.Choosing.act`)."""
        action = data.get("action")
        if action == "back":
            self.step(-1)
        elif action == "next":
            self.step(1)
        elif action == "play":
            self.set_playing(not self.state.playing)
        elif action == "try":
            self.try_it()
        elif action == "replay":
            self.back_to_replay()
        elif action == "next-hand":
            self.next_hand()
        elif action == "draw":
            self.draw_tile()
        elif action == "best":  # the coach's toggle: the best move on the board, or the one played
            self.state.show_best = not self.state.show_best
            self.render()
        elif action == "moment":  # a key moment: jump to its move
            self.set_playing(False)
            self.goto(int(data.get("move", "0")))
        else:
            super().act(data)

    def on_key(self, key: str) -> None:
        """A key pressed (not typed into a field): Escape lets go of the
        tile picked; the arrows step through the replay."""
        replaying = self.state.trying is None
        if key == "Escape" and self.selected is not None:
            self.selected = None
            self.render()
        elif replaying and key == "ArrowLeft":
            self.step(-1)
        elif replaying and key == "ArrowRight":
            self.step(1)

    # "Try it": the reader takes over at this position

    def try_it(self) -> None:
        state = self.state
        self.set_playing(False)
        try:
            state.trying = Trying.begin(state.record, state.frames[state.position], state.seat, self.words)
        except RecordError as error:
            self.show_problem(self.words("embed_bad_record", reason=refusal.reason(self.words, error)))
            return
        self.selected = None
        self.render()
        self.after_move()

    def draw_tile(self) -> None:
        """The reader draws the next tile held back: it joins the hand, and
        once the last, the tile that fits, is in, the reader plays."""
        if self.state.trying is not None and self.state.trying.draw():
            self.render()
            self.after_move()

    def back_to_replay(self) -> None:
        self.state.cut_short()
        self.state.trying = None
        self.selected = None
        self.busy = False
        self.goto(self.state.position)

    def next_hand(self) -> None:
        if self.state.trying is not None and self.state.trying.next_hand():
            self.render()
            self.after_move()

    def after_move(self) -> None:
        """The computer's turns, or the focus where the reader goes on."""
        trying = self.state.trying
        if trying is None:
            return
        if trying.game.computer_to_move:
            self.spawn(self.computer_turns(self.state.ticket()))
            return
        controls = f"#{self.prefix}play-controls"
        if trying.next_hand_ready:
            self.focus(f"{controls} [data-action='next-hand']", over_dialog=True)
        elif trying.undrawn:
            self.focus(f"{controls} [data-action='draw']", over_dialog=True)
        else:
            self.focus(f"#{self.prefix}hand .playable", over_dialog=True)  # a replay's page has no dialog

    async def computer_turns(self, ticket: Ticket) -> None:
        trying = self.state.trying
        assert trying is not None
        while ticket.live and trying.game.computer_to_move:
            self.busy = True
            self.render()
            await asyncio.sleep(COMPUTER_PAUSE_MS / 1000)
            decision = await think(trying.game.computer_thinking(), lambda: ticket.live)
            if decision is None:
                return
            trying.play_computer(decision)
        if ticket.live:
            self.busy = False
            self.render()
            self.after_move()

    def play(self, move: Move) -> None:
        trying = self.state.trying
        assert trying is not None
        try:
            trying.play(move)
        except (IllegalMove, ValueError) as error:
            self.show_parts({self.prefix + "position": {"text": refusal.reason(self.words, error)}})
            return
        self.selected = None
        self.render()
        self.after_move()
