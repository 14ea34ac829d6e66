"""A live replay: one allfives-record on a board, move by move, with each
count explained; "Try it" hands the reader the position to play on against
the computer.

It takes over the markup of a poster (:mod:`poster`): embed.html's, where
the replay is the whole page (:mod:`embed`), or one of the tutorial's
figures on rules.html, where one interpreter drives every replay of the page
(:mod:`tutorial_page`). Every element it draws is found by its id with the
replay's ``prefix``. What each position shows, and every sentence, come from
:mod:`replay` and :mod:`poster`; the board from :mod:`board`; "Try it" is a
:class:`controller.Game`, drawn from what the reader's seat may see; the
listeners, tasks and tile choice are the game page's (:mod:`shell`).

Standing alone in a frame (embed.html), it tells the host page its height
and each move by ``postMessage``, and accepts ``{"type": "allfives:goto",
"move": N}`` from the host's origin only (docs/embedding.md).
"""

from __future__ import annotations

import asyncio
from collections.abc import Sequence
from typing import Any

from js import ResizeObserver
from pyodide.ffi import create_proxy
from pyscript import document, window

from allfives import End, IllegalMove, Layout, Move, Rules, Tile
from allfives.record import RecordError
from allfives.refusal import Refused

from page import browser
from page.dom import by_id, draw, js_object, some
from page.shell import Shell
from replay import poster, review_panel
from replay.frames import Frame, Words, board_words, explain, frames, seat_names
from replay.hosting import EmbedOptions, goto_message, height_message, host_origin, load_record, move_message, origin_of
from replay.marks import Mark, Marks
from replay.proof import seed_line
from replay.trying import Trying
from table import board, refusal
from table.controller import think

AUTOPLAY_MS = 1800
#: Each run of autoplay, from Play to its end (Pause, the last move, "Try it"),
#: as a performance measure: the browser's performance tools show it, and the
#: browser tests read its end to know that stepping on has really stopped.
AUTOPLAY_MEASURE = "allfives:autoplay"
COMPUTER_PAUSE_MS = 600
READ_DEPTH = 3  # how deep a host's message is read: {"type": ..., "move": ...}


class Replay(Shell):
    """A replay on screen, and "Try it" when the reader takes over.

    ``standalone`` is embed.html, the replay as a page of its own (it reads
    the page's address, translates the page, talks to a host page and
    listens to the whole page's keys); otherwise it is one replay of a page
    of several, keys heard inside its own ``prefix + "embed"`` element."""

    def __init__(self, options: EmbedOptions, *, prefix: str = "", standalone: bool = True) -> None:
        super().__init__()
        self.options = options
        self.prefix = prefix
        self.board_id = prefix + "board"
        self.standalone = standalone
        navigator = window.navigator
        languages = [str(x) for x in (navigator.languages or [navigator.language or "en"])]
        self.words = Words(self.options.lang, languages)
        self.board_words = board_words(self.words)
        self.embedded = standalone and bool(window.self != window.top)
        referrer = str(document.referrer or "")
        self.host = host_origin(self.options.host, self.parent_origin(), referrer) if standalone else None
        self.record: dict[str, Any] = {}
        self.frames: list[Frame] = []
        self.rules = Rules()
        self.names: list[str] = []
        self.seat = 0
        self.position = 0
        self.playing = False  # autoplay is stepping on
        self.generation = 0  # bumps to stop autoplay or a computer's turn
        self.trying: Trying | None = None  # "Try it" in progress
        self.height = -1
        self.marks: Marks | None = None  # the coach's review, when the record keeps one
        self.show_best = False  # the board shows the best move instead of the one played

    def part(self, name: str) -> Any:
        """This replay's element ``name`` (its id, after the prefix)."""
        return by_id(self.prefix + name)

    # What the shell asks of the page

    def moves_for(self, tile: Tile) -> list[Move]:
        trying = self.trying
        if trying is None or not trying.game.dealt:
            return []
        return [m for m in trying.game.view(self.seat).legal_moves if m.tile is tile]

    def may_choose(self) -> bool:
        trying = self.trying
        return trying is not None and trying.game.to_move == self.seat and not trying.undrawn

    def report_fault(self) -> None:
        self.show_problem(self.words("embed_fault"))

    def parent_origin(self) -> str | None:
        """The framing page's origin, where the browser tells it."""
        ancestors = some(getattr(window.location, "ancestorOrigins", None))
        if not self.embedded or ancestors is None or not ancestors.length:
            return None
        return origin_of(str(ancestors.item(0)))

    # Start-up

    async def start(self) -> None:
        if self.standalone:
            self.translate_static(self.words, self.words.language)
            document.documentElement.dataset.theme = self.options.theme
            document.title = self.words("embed_title")
        try:
            record = await load_record(self.options, str(window.location.href), window.fetch, self.words)
            self.frames = frames(record)
        except Refused as error:  # a link's, a record's: said from its code
            self.show_problem(self.words("embed_bad_record", reason=refusal.reason(self.words, error)))
            self.ready()
            return
        except ValueError as error:  # raised by load_record, already in the reader's words
            self.show_problem(str(error))
            self.ready()
            return
        assert isinstance(record, dict)
        self.record = record
        self.rules = Rules.from_json(record.get("rules", {}))
        self.names = seat_names(record, self.rules.players, self.words)
        self.seat = min(self.options.seat, self.rules.players - 1)
        self.marks = Marks(record, self.frames, self.words, self.names, self.rules)
        self.draw_seeds(record)
        self.bind()
        start = self.options.move if self.options.move is not None else 0
        self.goto(min(start, self.last))
        if self.options.autoplay:
            self.set_playing(True)
        self.ready()
        if self.standalone and self.own_site:
            browser.keep_offline(lambda: None)  # the next load takes the new version

    def ready(self) -> None:
        root = self.part("embed")
        root.setAttribute("aria-busy", "false")
        root.dataset.live = "1"
        if self.standalone:
            if not self.options.fit:  # a frame that fits the replay to the host's height has nothing to ask
                self.watch_height()
            document.body.dataset.ready = "1"

    def show_problem(self, message: str) -> None:
        problem = self.part("problem")
        problem.textContent = message
        problem.hidden = False
        self.part("position").textContent = ""
        if not self.frames:  # no replay to step through: its controls, drawn for the first paint, go
            self.part("replay-controls").hidden = True

    @property
    def own_site(self) -> bool:
        """Whether the replay is shown on the site itself (alone, or in one of
        its pages): only then does it install the site for offline play,
        never inside another site's page."""
        return not self.embedded or self.host == origin_of(str(window.location.href))

    @property
    def last(self) -> int:
        """The number of the last position: the record's move count."""
        return len(self.frames) - 1

    # Binding: once, on containers; targets are found with closest().

    def bind(self) -> None:
        # Clicks come as plain data from the page's shell (web/js/shell.js): act() routes them.
        for region in ("replay-controls", "play-controls", "hand", "board"):
            self.listen(self.part(region), self.act)
        self.on(self.part("jump"), "input", lambda _event: self.goto(int(str(self.part("jump").value))))
        review = some(self.part("review"))
        if review is not None:
            self.listen(review, self.act)
        self.on(document if self.standalone else self.part("embed"), "keydown", self.on_key)
        self.on(window, "resize", lambda _event: self.render_board())
        if self.standalone:
            self.on(window, "message", self.on_message)

    # The replay

    def goto(self, position: int) -> None:
        """Show the table after ``position`` moves, and tell the host."""
        if self.trying is not None or not self.frames:
            return
        self.show_best = self.show_best and position == self.position
        self.position = max(0, min(position, self.last))
        frame = self.frames[self.position]
        self.render()
        self.post(move_message(frame, self.last))

    def step(self, delta: int) -> None:
        self.set_playing(False)
        self.goto(self.position + delta)

    def set_playing(self, playing: bool) -> None:
        """Start or stop stepping on by itself (it stops at the last move)."""
        if playing and self.position >= self.last:
            self.goto(0)
        self.playing = playing
        self.generation += 1
        self.draw_controls()
        if playing:
            self.spawn(self.autoplay(self.generation))

    async def autoplay(self, generation: int) -> None:
        performance = window.performance
        started = performance.now()
        try:
            while generation == self.generation and self.playing:
                await asyncio.sleep(AUTOPLAY_MS / 1000)
                if generation != self.generation or self.trying is not None:
                    return
                self.goto(self.position + 1)
                if self.position >= self.last:
                    self.set_playing(False)
                    return
        finally:
            performance.measure(AUTOPLAY_MEASURE, js_object({"start": started}))

    # Drawing

    def render(self) -> None:
        if self.trying is not None:
            self.render_game()
        else:
            self.render_frame(self.frames[self.position])
        self.draw_controls()

    def draw_controls(self) -> None:
        """The replay's controls, or "Try it"'s while the reader plays on
        (the other row hidden), as the state has them (embed.html's first
        paint greys the replay's until it starts)."""
        trying, words = self.trying, self.words
        replay, playing_on = self.part("replay-controls"), self.part("play-controls")
        replay.hidden, playing_on.hidden = trying is not None, trying is None
        if trying is not None:
            markup = poster.play_buttons(words, must_draw=bool(trying.undrawn), next_hand=trying.next_hand_ready)
            draw(playing_on, markup)
        elif self.frames:
            at = self.frames[self.position]
            position = poster.position_line(at, self.frames, words)
            markup = poster.replay_buttons(
                words, move=at.move, last=self.last, position=position, playing=self.playing, prefix=self.prefix
            )
            draw(replay, markup)

    def render_frame(self, frame: Frame) -> None:
        played = frame.played
        mark = self.marks.at(frame.move) if self.marks is not None else None
        if self.show_best and mark is not None and mark.best_layout is not None and mark.best is not None:
            self.draw_table(mark.best_layout, mark.best.tile)
        else:
            self.draw_table(frame.layout, played.move.tile if played else None)
        self.draw_review(frame, mark)
        self.draw_scores(frame.scores, self.names)
        self.draw_explanation(explain(frame.events, frame.layout, self.words, self.names, self.rules, self.seat))
        self.part("position").textContent = poster.position_line(frame, self.frames, self.words)
        self.draw_hand(frame.hands[self.seat], [len(h) for h in frame.hands], frame.boneyard, self.names, [])

    def render_game(self) -> None:
        trying = self.trying
        assert trying is not None
        game = trying.game
        seen = game.view(self.seat)
        names = [seat.name for seat in game.seats]
        selected = self.selected
        self.draw_table(seen.layout, seen.last_played, None if selected is None else trying.targets(seen, selected))
        self.draw_scores(seen.scores, names)
        self.draw_explanation(explain(trying.said, seen.layout, self.words, names, game.rules, self.seat))
        self.part("position").textContent = trying.prompt(self.words, seen, selected)
        hand, sizes, boneyard = trying.hand(seen)
        playable = seen.legal_moves if not self.busy and not trying.undrawn else ()
        self.draw_hand(hand, sizes, boneyard, names, playable)

    def draw_table(self, layout: Layout, last: Tile | None, targets: dict[End, int | None] | None = None) -> None:
        # board.render_board escapes everything it draws from data.
        aspect, small = self.table_shape()
        markup = board.render_board(
            layout, aspect=aspect, small=small, targets=targets, last=last, words=self.board_words, size=self.drawn_box
        )
        self.show_board(markup, last)

    def render_board(self) -> None:
        if self.frames:
            self.render()

    def draw_scores(self, scores: Sequence[int], names: Sequence[str]) -> None:
        self.part("scores").textContent = poster.scores_line(scores, names, self.rules, self.words)

    def draw_explanation(self, lines: Sequence[str]) -> None:
        draw(self.part("explain"), poster.explanation_markup(lines))

    def draw_review(self, frame: Frame, mark: Mark | None) -> None:
        """The coach's marks at this frame: the decision's grade and the
        best move's toggle, the hand's lines and its margin graph, the key
        moments (:func:`review_panel.review_markup`)."""
        box, marks = some(self.part("review")), self.marks
        if box is None or marks is None or not (marks.shown or marks.problem):
            return
        box.hidden = False
        words, show_best = self.words, self.show_best
        markup = review_panel.review_markup(
            marks, frame, mark, seat=self.seat, names=self.names, words=words, show_best=show_best, prefix=self.prefix
        )
        draw(box, markup)

    def draw_seeds(self, record: dict[str, Any]) -> None:
        """One quiet line under the replay: whether each deal follows from its seed."""
        line = self.part("seeds")
        said = seed_line(self.words, record)
        if line is None or said is None:
            return
        line.textContent = said.text
        line.classList.toggle("seeds-failed", said.failed)
        line.hidden = False

    def draw_hand(
        self,
        hand: Sequence[Tile],
        sizes: Sequence[int],
        boneyard: int,
        names: Sequence[str],
        moves: Sequence[Move],
    ) -> None:
        """The shown seat's hand face up (buttons when the reader plays),
        the others' as counts."""
        playing = self.trying is not None
        self.part("hand-title").textContent = poster.hand_title(names, self.seat, self.words, playing=playing)
        markup = poster.hand_markup(hand, self.words, moves=moves if playing else None, selected=self.selected)
        draw(self.part("hand"), markup)
        self.part("others").textContent = poster.others_line(sizes, boneyard, names, self.seat, self.words)

    # Telling the host

    def post(self, message: dict[str, Any]) -> None:
        """Send ``message`` to the host page, at its origin: a page framing
        the replay that is not the host it names hears nothing."""
        if self.embedded and self.host is not None:
            window.parent.postMessage(js_object(message), self.host)

    def watch_height(self) -> None:
        def measure(*_args: Any) -> None:
            height = float(self.part("embed").getBoundingClientRect().height)
            message = height_message(height)
            if message["height"] != self.height:
                self.height = message["height"]
                self.post(message)

        proxy = create_proxy(measure)
        self.proxies.append(proxy)
        ResizeObserver.new(proxy).observe(self.part("embed"))
        measure()

    def on_message(self, event: Any) -> None:
        """A host's ``allfives:goto``, from the host's origin only."""
        if self.host is None or str(event.origin) != self.host:
            return
        data = event.data
        if hasattr(data, "to_py"):
            data = data.to_py(depth=READ_DEPTH)
        move = goto_message(data, self.last)
        if move is not None and self.trying is None:
            self.set_playing(False)
            self.goto(move)

    # Input

    def act(self, data: dict[str, str]) -> None:
        """What the reader did, as plain data from the shell: a control of
        the replay or of "Try it", else a tile chosen or its end
        (:meth:`Shell.act`)."""
        action = data.get("action")
        if action == "back":
            self.step(-1)
        elif action == "next":
            self.step(1)
        elif action == "play":
            self.set_playing(not self.playing)
        elif action == "try":
            self.try_it()
        elif action == "replay":
            self.back_to_replay()
        elif action == "next-hand":
            self.next_hand()
        elif action == "draw":
            self.draw_tile()
        elif action == "best":  # the coach's toggle: the best move on the board, or the one played
            self.show_best = not self.show_best
            self.render()
        elif action == "moment":  # a key moment: jump to its move
            self.set_playing(False)
            self.goto(int(data.get("move", "0")))
        else:
            super().act(data)

    def on_key(self, event: Any) -> None:
        target = some(event.target)
        if target is not None and str(target.tagName) in ("INPUT", "SELECT", "TEXTAREA"):
            return
        key = str(event.key)
        if key == "Escape" and self.selected is not None:
            self.selected = None
            self.render()
        elif self.trying is None and key == "ArrowLeft":
            self.step(-1)
        elif self.trying is None and key == "ArrowRight":
            self.step(1)

    # "Try it": the reader takes over at this position

    def try_it(self) -> None:
        self.set_playing(False)
        try:
            self.trying = Trying.begin(self.record, self.frames[self.position], self.seat, self.words)
        except RecordError as error:
            self.show_problem(self.words("embed_bad_record", reason=refusal.reason(self.words, error)))
            return
        self.selected = None
        review = some(self.part("review"))
        if review is not None:
            review.hidden = True  # the marks are the record's, not this game's
        self.render()
        self.after_move()

    def draw_tile(self) -> None:
        """The reader draws the next tile held back: it joins the hand, and
        once the last, the tile that fits, is in, the reader plays."""
        if self.trying is not None and self.trying.draw():
            self.render()
            self.after_move()

    def back_to_replay(self) -> None:
        self.generation += 1
        self.trying = None
        self.selected = None
        self.busy = False
        self.goto(self.position)

    def next_hand(self) -> None:
        if self.trying is not None and self.trying.next_hand():
            self.render()
            self.after_move()

    def after_move(self) -> None:
        """The computer's turns, or the focus where the reader goes on."""
        trying = self.trying
        if trying is None:
            return
        if trying.game.computer_to_move:
            self.spawn(self.computer_turns(self.generation))
            return
        if trying.next_hand_ready:
            self.part("play-controls").querySelector("[data-action='next-hand']").focus()
        elif trying.undrawn:
            self.part("play-controls").querySelector("[data-action='draw']").focus()
        elif some(first := self.part("hand").querySelector(".playable")) is not None:
            first.focus()

    async def computer_turns(self, generation: int) -> None:
        trying = self.trying
        assert trying is not None
        while generation == self.generation and trying.game.computer_to_move:
            self.busy = True
            self.render()
            await asyncio.sleep(COMPUTER_PAUSE_MS / 1000)
            decision = await think(trying.game.computer_search(), lambda: generation == self.generation)
            if decision is None:
                return
            trying.play_computer(decision)
        if generation == self.generation:
            self.busy = False
            self.render()
            self.after_move()

    def play(self, move: Move) -> None:
        trying = self.trying
        assert trying is not None
        try:
            trying.play(move)
        except (IllegalMove, ValueError) as error:
            self.part("position").textContent = refusal.reason(self.words, error)
            return
        self.selected = None
        self.render()
        self.after_move()
