"""The page: turns clicks, taps, drags and keys into calls on the controller,
and draws what it reports. No rule of the game lives here: legal moves,
scores and events come from ``allfives`` through :mod:`controller`; the
board is drawn by :mod:`board`, a pure function of the layout."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Sequence
from typing import Any

import board
import offline
from controller import Game, GameSetup, LinkError, SeatSetup, decode_link
from dom import by_id, closest, el, js_object, q, some
from i18n import LANGUAGES, Translator, pick_language
from js import Object
from pyodide.ffi import create_proxy, to_js
from pyscript import document, window
from store import Store

from allfives import Drew, End, Event, HandEnded, HandStarted, IllegalMove, MatchEnded, Move, Passed, Played, Rules
from allfives.players import LEVELS
from allfives.record import RecordError
from allfives.rules import PRESETS, RulesError
from allfives.tiles import TILES

SPEEDS = {"slow": 1300, "normal": 750, "fast": 250}
THINK_SLICE_MS = 40


class Page:
    """The game on screen."""

    def __init__(self) -> None:
        self.store = Store(window)
        prefs = self.store.prefs()
        languages = [str(x) for x in (window.navigator.languages or [window.navigator.language or "en"])]
        self.t = Translator(prefs.get("language") or pick_language(languages))
        self.speed = prefs.get("speed", "normal") if prefs.get("speed") in SPEEDS else "normal"
        self.learning = bool(prefs.get("learning", True))
        self.reduced = bool(window.matchMedia("(prefers-reduced-motion: reduce)").matches)
        self.game: Game | None = None
        self.selected: Any = None  # the hand tile whose ends are lit
        self.busy = False  # a computer is thinking or a move is animating
        self.revealed: int | None = None  # hot-seat: whose hand is uncovered
        self.hint_move: Move | None = None
        self.generation = 0  # bumps when a new match or an undo cancels a computer turn
        self.proxies: list[Any] = []
        self.tasks: set[Any] = set()
        self.notes: dict[int, str] = {}  # "drew 2", "passed": what each player just did
        self.plays_logged = 0  # the log numbers the hand's plays, not its draws and passes
        self.shown_scores: dict[int, int] = {}
        self.counting: dict[int, int] = {}  # side: the number on its card while it counts up
        self.drag: dict[str, Any] | None = None
        self.board_markup = ""  # the board as last drawn
        self.arrived: Any = None  # the last tile, once its arrival has been drawn
        self.dialog_handler: Any = None  # called with the button pressed when the dialog closes
        self.dialog_return: Any = None  # the element focus goes back to

    def spawn(self, work: Any) -> None:
        """Run a coroutine as a task, keeping hold of it until it is done."""
        task = asyncio.ensure_future(work)
        self.tasks.add(task)
        task.add_done_callback(self.task_done)

    def task_done(self, task: Any) -> None:
        self.tasks.discard(task)
        if not task.cancelled() and task.exception() is not None:
            self.fault(task.exception())

    def fault(self, error: BaseException) -> None:
        """A fault in the page's own code: say so plainly and keep the game
        (it is saved after every move); the details go to the console."""
        window.console.error(f"All Fives: {type(error).__name__}: {error}")
        self.busy = False
        self.set_status(self.t("page_fault"))

    # Start-up

    def start(self) -> None:
        self.translate_static()
        self.bind()
        game, problem = self.initial_game()
        # "Ready" first: begin() saves the game, and says so when it cannot.
        self.set_status(self.t("ready"))
        self.begin(game)
        for button in ("hint", "undo", "new", "menu", "embed-code"):
            by_id(button).disabled = False
        document.body.dataset.ready = "1"
        window.performance.mark("allfives-ready")  # the load benchmark reads this
        if problem:
            self.show_problem(*problem)
        # Offline play: the service worker keeps the site; a new version waits
        # for the next reload, never taking over a game in progress.
        offline.register(window, self.on_update_ready)

    def on_update_ready(self, _update: Any) -> None:
        document.body.setAttribute("data-update-ready", "1")
        self.set_status(self.t("update_ready"))

    def initial_game(self) -> tuple[Game, tuple[str, str, bool] | None]:
        """A shared link first, then the saved game, else a new match.

        A link that cannot be opened never costs the player their saved game:
        the match they had goes on, and the dialog says why the link did not
        open. A save that cannot be read is kept aside (when storage allows)
        and offered as a download."""
        link_problem: str | None = None
        fragment = str(window.location.hash or "")
        if fragment.startswith("#game="):
            window.history.replaceState(None, "", str(window.location.pathname) + str(window.location.search))
            try:
                return Game.from_record_data(decode_link(fragment[len("#game=") :])), None
            except (LinkError, RecordError) as error:
                link_problem = str(error)
        saved = self.store.saved_game()
        if saved is not None:
            try:
                game = Game.load_text(saved)
            except RecordError as error:
                kept = self.store.keep_unreadable(saved)
                return self.fresh_game(), (self.t("save_broken", reason=str(error)), saved, kept)
            if link_problem is not None:
                return game, (self.t("link_broken_resumed", reason=link_problem), "", False)
            return game, None
        if link_problem is not None:
            return self.fresh_game(), (self.t("link_broken", reason=link_problem), "", False)
        return self.fresh_game(), None

    def fresh_game(self) -> Game:
        setup_data = self.store.last_setup()
        try:
            setup = GameSetup.from_json(setup_data) if setup_data else self.default_setup()
        except (ValueError, RulesError):
            setup = self.default_setup()
        return Game(GameSetup(setup.rules, setup.seats, None))

    def default_setup(self) -> GameSetup:
        return GameSetup(
            Rules(),
            (SeatSetup(self.t("you")), SeatSetup(self.t("computer_name", level=self.t("level_medium")), "medium")),
        )

    def begin(self, game: Game) -> None:
        self.generation += 1
        self.game = game
        self.selected = None
        self.hint_move = None
        self.busy = False
        self.revealed = None
        by_id("log").replaceChildren()
        self.log_history()
        self.notes.clear()
        self.shown_scores = dict(enumerate(game.match.scores))
        self.counting.clear()
        if game.match.needs_deal and not game.match.is_over:
            self.apply_events(game.start(), animate=False)
        self.save()
        self.render()
        self.after_move()

    # Binding: once, on containers; targets are found with closest().

    def on(self, node: Any, kind: str, handler: Any) -> None:
        def guarded(event: Any) -> None:
            try:
                handler(event)
            except Exception as error:  # a fault must never put a traceback on screen
                self.fault(error)

        proxy = create_proxy(guarded)
        self.proxies.append(proxy)
        node.addEventListener(kind, proxy)

    def bind(self) -> None:
        self.on(q(".actions"), "click", self.on_action)
        self.on(by_id("embed-code"), "click", self.show_embed_code)
        self.on(by_id("hand"), "click", self.on_hand_click)
        self.on(by_id("hand"), "keydown", self.on_hand_key)
        self.on(by_id("hand"), "pointerdown", self.on_pointer_down)
        self.on(document, "pointermove", self.on_pointer_move)
        self.on(document, "pointerup", self.on_pointer_up)
        self.on(by_id("board"), "click", self.on_board_click)
        self.on(by_id("board"), "keydown", self.on_board_key)
        self.on(document, "keydown", self.on_key)
        self.on(window, "resize", lambda _event: self.render_board())
        self.on(by_id("dialog"), "close", self.on_dialog_close)

    def translate_static(self) -> None:
        document.documentElement.lang = self.t.language
        for node in document.querySelectorAll("[data-i18n]"):
            node.textContent = self.t(str(node.dataset.i18n))
        by_id("hand").setAttribute("aria-label", self.t("your_hand"))

    # Drawing

    def render(self) -> None:
        self.render_scores()
        self.render_opponents()
        self.render_board()
        self.render_hand()
        self.render_prompt()
        by_id("undo").disabled = self.busy or not (self.game and self.game.can_undo())
        by_id("hint").disabled = self.busy or not (self.game and self.game.person_to_move and self.hand_visible())

    def render_scores(self) -> None:
        game = self.game
        assert game is not None
        box = by_id("scores")
        box.replaceChildren()
        rules = game.rules
        moving = game.to_move
        for side in range(rules.sides):
            card = el("div", None, class_="score")
            if moving is not None and rules.side_of(moving) == side:
                card.classList.add("to-move")
            card.append(el("span", game.side_name(side), class_="score-name"))
            value = el("span", self.t.number(self.counting.get(side, game.match.scores[side])), class_="score-value")
            if side in self.counting:
                value.classList.add("counting")
            value.dataset.side = str(side)
            card.append(value)
            card.append(el("span", self.t("of_target", target=rules.points_to_win), class_="score-target"))
            box.append(card)

    def render_opponents(self) -> None:
        game = self.game
        assert game is not None
        box = by_id("opponents")
        box.replaceChildren()
        hand = game.match.hand
        viewer = self.shown_seat()
        for seat, setup in enumerate(game.seats):
            if seat == viewer:
                continue
            count = len(hand.hands[seat]) if hand else 0
            card = el("div", None, class_="opponent")
            card.dataset.seat = str(seat)
            if game.to_move == seat:
                card.classList.add("to-move")
            title = el("div", None, class_="opponent-name")
            title.append(el("span", setup.name))
            if not setup.is_person:
                title.append(el("span", self.t(f"level_{setup.kind}"), class_="badge"))
            card.append(title)
            backs = el("div", None, class_="backs", role="img", aria_label=self.t("tiles_in_hand", count=count))
            backs.innerHTML = "".join(board.tile_svg(None, face_down=True, css_class="back") for _ in range(count))
            card.append(backs)
            state = (
                self.t("thinking")
                if (self.busy and game.to_move == seat and not setup.is_person)
                else self.notes.get(seat, "")
            )
            card.append(el("div", state, class_="opponent-state"))
            box.append(card)

    def table_shape(self) -> tuple[float, bool]:
        """The board's aspect ratio and whether it is a small (phone) table."""
        node = by_id("board")
        return board.table_shape(float(node.clientWidth or 0), float(node.clientHeight or 0))

    def targets(self) -> dict[End, int | None]:
        game = self.game
        if game is None or self.selected is None:
            return {}
        moves = game.moves_for(self.selected)
        return {m.end: (game.match.points_for(m) if self.learning else None) for m in moves if m.end is not None}

    def render_board(self) -> None:
        game = self.game
        if game is None:
            return
        hand = game.match.hand
        layout = hand.layout if hand else None
        node = by_id("board")
        if layout is None:
            node.replaceChildren()
            self.board_markup = ""
            return
        last = hand.moves[-1].tile if hand and hand.moves else None
        aspect, small = self.table_shape()
        # board.render_board escapes everything it draws from data.
        markup = board.render_board(
            layout,
            aspect=aspect,
            small=small,
            targets=self.targets(),
            last=last,
            reduced=self.reduced,
            words=self.words(),
        )
        # Drawing the same board again would cut short what is animating on
        # it (the tile sliding in, the points floating up) before it is seen.
        if markup != self.board_markup:
            node.innerHTML = markup
            self.board_markup = markup
            # The last tile fades in once, when it arrives, not on each redraw.
            node.classList.toggle("settled", last is not None and last is self.arrived)
            self.arrived = last
        ends = layout.open_ends()
        if layout.is_empty:
            by_id("ends").textContent = self.t("table_empty")
        else:
            parts = ", ".join(f"{self.t('end_' + e.name)} {layout.open_pips[e]}" for e in ends)
            by_id("ends").textContent = self.t("ends_line", ends=parts, total=layout.total)
        by_id("boneyard").textContent = self.t("boneyard", count=len(hand.boneyard) if hand else 0)

    def tile_word(self, tile: Any) -> str:
        """A tile's spoken name in the player's language: "five-three"."""
        t = self.t
        if tile.is_double:
            return t("tile_double", pips=t(f"pip_{tile.high}"))
        return t("tile_pair", high=t(f"pip_{tile.high}"), low=t(f"pip_{tile.low}"))

    def words(self) -> board.Words:
        """What the board says to a screen reader, in the player's language."""
        t = self.t

        def target(end: End, points: int | None) -> str:
            where = t("end_" + end.name)
            return t("target_scores", end=where, points=points) if points else t("target_play", end=where)

        def layout(count: int, total: int) -> str:
            return t("layout_summary", count=count, total=total) if count else t("layout_empty")

        return board.Words(tile=self.tile_word, target=target, layout=layout)

    def shown_seat(self) -> int:
        assert self.game is not None
        return self.game.viewer()

    def hand_visible(self) -> bool:
        """Hot-seat hides a hand until its owner says they hold the device."""
        game = self.game
        assert game is not None
        if len(game.people) <= 1:
            return True
        return self.revealed == self.shown_seat()

    def render_hand(self) -> None:
        game = self.game
        assert game is not None
        box = by_id("hand")
        box.replaceChildren()
        hand = game.match.hand
        if hand is None:
            return
        seat = self.shown_seat()
        tiles = sorted(hand.hands[seat], key=lambda t: (t.high, t.low), reverse=True)
        visible = self.hand_visible()
        mine = game.to_move == seat and game.person_to_move and not self.busy and visible
        first_playable = True
        for tile in tiles:
            moves = game.moves_for(tile) if mine else []
            button = el("button", None, type="button", class_="hand-tile")
            if visible:  # a hidden hand does not say its tiles, not even in the markup
                button.dataset.tile = str(tile)
            if not visible:
                button.innerHTML = board.tile_svg(None, face_down=True)
                button.setAttribute("aria-label", self.t("hidden_tile"))
                button.setAttribute("aria-disabled", "true")
            else:
                button.innerHTML = board.tile_svg(tile)
                button.setAttribute("aria-label", self.tile_label(tile, moves))
                if moves:
                    button.classList.add("playable")
                else:
                    button.setAttribute("aria-disabled", "true")
            if self.selected is tile:
                button.classList.add("selected")
                button.setAttribute("aria-pressed", "true")
            if self.hint_move is not None and self.hint_move.tile is tile:
                button.classList.add("hinted")
            # One tab stop for the hand: the first playable tile (arrows move on).
            button.tabIndex = 0 if (moves and first_playable) or (not mine and tile is tiles[0]) else -1
            if moves:
                first_playable = False
            box.append(button)

    def tile_label(self, tile: Any, moves: list[Move]) -> str:
        name = self.tile_word(tile)
        if not moves:
            return self.t("tile_cannot_play", tile=name)
        game = self.game
        assert game is not None
        if moves[0].end is None:
            return self.t("tile_lead", tile=name, points=game.match.points_for(moves[0]))
        fits = self.t.join([self.t("end_" + m.end.name) for m in moves if m.end is not None])
        best = max(game.match.points_for(m) for m in moves)
        if best:
            return self.t("tile_fits_scores", tile=name, ends=fits, points=best)
        return self.t("tile_fits", tile=name, ends=fits)

    def render_prompt(self) -> None:
        game = self.game
        assert game is not None
        seat = game.to_move
        prompt = by_id("prompt")
        if game.match.is_over:
            text = self.t("match_over")
        elif seat is None:
            text = ""
        elif not game.seats[seat].is_person:
            text = self.t("computer_turn", name=game.seats[seat].name)
        elif not self.hand_visible():
            text = self.t("pass_to", name=game.seats[seat].name)
        elif self.selected is not None:
            text = self.t("choose_end", tile=str(self.selected))
        elif game.match.hand is not None and game.match.hand.layout.is_empty:
            text = self.t(self.said_to_you("your_lead", [seat]), name=game.seats[seat].name)
        else:
            text = self.t(self.said_to_you("your_turn", [seat]), name=game.seats[seat].name)
        prompt.textContent = text

    def set_status(self, text: str) -> None:
        by_id("status").textContent = text

    def announce(self, text: str) -> None:
        """Say it through the live region, for screen readers."""
        line = el("p", text)
        region = by_id("announce")
        region.append(line)
        while region.childElementCount > 6:
            region.firstElementChild.remove()

    # The log

    def log_history(self) -> None:
        game = self.game
        assert game is not None
        self.plays_logged = 0
        for event in game.match.log:
            self.log_event(event, quiet=True)

    def seat_name(self, seat: int) -> str:
        assert self.game is not None
        return self.game.seats[seat].name

    def describe(self, event: Event) -> str | None:
        game = self.game
        assert game is not None
        viewer = self.shown_seat() if len(game.people) == 1 else None
        if isinstance(event, HandStarted):
            key = self.said_to_you("log_hand", [event.leader])
            return self.t(key, hand=event.hand, name=self.seat_name(event.leader))
        if isinstance(event, Played):
            where = (
                "" if event.move.end is None else " " + self.t("log_on_end", end=self.t("end_" + event.move.end.name))
            )
            text = self.t(
                "log_play", name=self.seat_name(event.seat), tile=str(event.move.tile), where=where, total=event.total
            )
            if event.points:
                text += " " + self.t("log_scores", points=event.points)
            return text
        if isinstance(event, Drew):
            if event.seat == viewer and event.tile is not None:
                return self.t("log_draw_own", name=self.seat_name(event.seat), tile=str(event.tile))
            return self.t("log_draw", name=self.seat_name(event.seat))
        if isinstance(event, Passed):
            return self.t("log_pass", name=self.seat_name(event.seat))
        if isinstance(event, HandEnded):
            if event.out is not None:
                return self.t("log_domino", name=self.seat_name(event.out))
            return self.t("log_blocked")
        if isinstance(event, MatchEnded):
            winners = game.rules.seats_of(event.winner)
            return self.t(self.said_to_you("log_match", winners), name=game.side_name(event.winner))
        return None

    def log_event(self, event: Event, *, quiet: bool = False) -> None:
        text = self.describe(event)
        if not text:
            return
        item = el("li", text)
        if isinstance(event, Played):
            # Numbered by the move's place in the hand, as records and replays count them.
            self.plays_logged += 1
            item.value = self.plays_logged
            if event.points:
                item.classList.add("scored")
        elif isinstance(event, HandStarted):
            self.plays_logged = 0
            item.classList.add("hand-start")
        else:
            item.classList.add("aside")  # a draw, a pass, the hand's end: no number
        log = by_id("log")
        log.append(item)
        log.scrollTop = log.scrollHeight
        if not quiet:
            self.announce(text)

    # Events from the engine

    def apply_events(self, events: list[Event], *, animate: bool = True) -> None:
        draws: dict[int, int] = {}
        for event in events:
            self.log_event(event, quiet=not animate)
            if isinstance(event, Played):
                self.notes.pop(event.seat, None)
            elif isinstance(event, Drew):
                draws[event.seat] = draws.get(event.seat, 0) + 1
                self.notes[event.seat] = self.t("note_drew", count=draws[event.seat])
            elif isinstance(event, Passed):
                self.notes[event.seat] = self.t("note_passed")
            elif isinstance(event, HandStarted):
                self.notes.clear()
        self.render_opponents()
        if animate and not self.reduced:
            for event in events:
                if isinstance(event, Played) and event.points:
                    self.pop_points(event)
            self.count_up_scores()

    def count_up_scores(self) -> None:
        """Points count up on the score cards rather than jumping."""
        game = self.game
        assert game is not None
        for side, new in enumerate(game.match.scores):
            old = self.shown_scores.get(side, new)
            if old != new:
                self.counting[side] = old  # from the old number, not a flash of the new one first
                self.spawn(self.count_up(side, old, new, self.generation))
        self.shown_scores = dict(enumerate(game.match.scores))
        self.render_scores()

    async def count_up(self, side: int, old: int, new: int, generation: int) -> None:
        steps = 12
        for step in range(1, steps + 1):
            await asyncio.sleep(0.03)
            if generation != self.generation:
                return
            shown = round(old + (new - old) * step / steps)
            if step < steps:
                self.counting[side] = shown
            else:
                self.counting.pop(side, None)
            node = q(f'.score-value[data-side="{side}"]')
            if node is None:
                return
            node.textContent = self.t.number(shown)
            node.classList.toggle("counting", step < steps)

    def slide_from(self, tile: Any, source: Any) -> None:
        """The tile just played slides to its place from ``source`` (a rect)."""
        if self.reduced or source is None:
            return
        target = q(f'#board .tile[data-tile="{tile}"]')
        svg = q("#board svg")
        if target is None or svg is None:
            return
        end = target.getBoundingClientRect()
        matrix = some(svg.getScreenCTM())
        scale = float(matrix.a) if matrix is not None and float(matrix.a) > 0 else 1.0
        dx = (float(source.left) + float(source.width) / 2 - float(end.left) - float(end.width) / 2) / scale
        dy = (float(source.top) + float(source.height) / 2 - float(end.top) - float(end.height) / 2) / scale
        frames = to_js(
            [{"transform": f"translate({dx:.1f}px, {dy:.1f}px)"}, {"transform": "translate(0px, 0px)"}],
            dict_converter=Object.fromEntries,
        )
        target.animate(frames, js_object({"duration": 420, "easing": "cubic-bezier(.2,.8,.3,1)"}))

    def source_rect(self, seat: int, tile: Any) -> Any:
        """Where a tile played by ``seat`` comes from on screen: the hand
        button, or the other player's card."""
        node = q(f'#hand [data-tile="{tile}"]')
        if node is None:
            node = q(f'.opponent[data-seat="{seat}"] .backs')
        return node.getBoundingClientRect() if node is not None else None

    def pop_points(self, event: Played) -> None:
        """ "+15" where it happened, floating up from the tile just played."""
        game = self.game
        assert game is not None
        hand = game.match.hand
        if hand is None:
            return
        aspect, small = self.table_shape()
        geometry = board.board_geometry(hand.layout, aspect, small=small)
        box = geometry.box_of(event.move.tile)
        svg = q("#board svg")
        if box is None or svg is None:
            return
        x, y = box.center
        ns = "http://www.w3.org/2000/svg"
        text = document.createElementNS(ns, "text")
        text.setAttribute("x", str(round(x, 1)))
        text.setAttribute("y", str(round(y, 1)))
        text.setAttribute("class", "points-pop")
        text.setAttribute("text-anchor", "middle")
        text.textContent = f"+{event.points}"
        svg.append(text)

    # Turns

    def after_move(self) -> None:
        """Whatever comes next: the hand's summary, a computer's turn, or a person's."""
        game = self.game
        assert game is not None
        if game.match.is_over:
            self.record_result()
            self.show_match_end()
            return
        if game.match.needs_deal:
            self.show_hand_end()
            return
        if game.computer_to_move:
            self.spawn(self.computer_turns(self.generation))
            return
        if len(game.people) > 1 and not self.hand_visible():
            self.show_pass_screen()
        else:
            self.focus_hand()

    async def computer_turns(self, generation: int) -> None:
        game = self.game
        assert game is not None
        while generation == self.generation and game.computer_to_move:
            self.busy = True
            self.render()
            await asyncio.sleep(SPEEDS[self.speed] / 1000)
            if generation != self.generation:
                return  # a new match began during the pause: think() would see its game
            decision = await self.think(generation)
            if decision is None or generation != self.generation:
                return
            events = game.match.play(decision.move)
            self.after_events(events)
        if generation == self.generation:
            self.busy = False
            self.render()
            self.after_move()

    async def think(self, generation: int) -> Any:
        """A computer's decision, thought in slices that give the page back
        to the browser, so it never freezes."""
        game = self.game
        assert game is not None
        search = game.computer_search()
        while True:
            decision = search.step(THINK_SLICE_MS)
            if decision is not None:
                return decision
            await asyncio.sleep(0)
            if generation != self.generation:
                return None

    def after_events(self, events: list[Event]) -> None:
        played = next((e for e in events if isinstance(e, Played)), None)
        source = self.source_rect(played.seat, played.move.tile) if played is not None else None
        self.selected = None
        self.hint_move = None
        self.render()
        if played is not None:
            self.slide_from(played.move.tile, source)
        self.draw_from_boneyard(events)
        self.apply_events(events)
        self.save()

    def draw_from_boneyard(self, events: list[Event]) -> None:
        """Tiles the player drew come into the hand from the boneyard."""
        if self.reduced:
            return
        origin = by_id("boneyard")
        start = origin.getBoundingClientRect() if origin is not None else None
        if start is None:
            return
        for event in events:
            if not isinstance(event, Drew) or event.tile is None:
                continue
            button = q(f'#hand [data-tile="{event.tile}"]')
            if button is None:
                continue
            end = button.getBoundingClientRect()
            dx = float(start.left) - float(end.left)
            dy = float(start.top) - float(end.top)
            frames = to_js(
                [
                    {"transform": f"translate({dx:.0f}px, {dy:.0f}px) scale(0.6)", "opacity": 0.3},
                    {"transform": "none", "opacity": 1},
                ],
                dict_converter=Object.fromEntries,
            )
            button.animate(frames, js_object({"duration": 500, "easing": "ease-out"}))

    def play(self, move: Move) -> None:
        game = self.game
        assert game is not None
        try:
            events = game.play(move)
        except (IllegalMove, ValueError) as error:
            self.announce(str(error))
            by_id("prompt").textContent = str(error)
            return
        self.after_events(events)
        self.after_move()

    def choose_tile(self, tile: Any) -> None:
        game = self.game
        if game is None or self.busy or not game.person_to_move or not self.hand_visible():
            return
        moves = game.moves_for(tile)
        if not moves:
            self.announce(self.t("tile_cannot_play", tile=self.tile_word(tile)))
            return
        if len(moves) == 1:
            self.play(moves[0])
            return
        self.selected = None if self.selected is tile else tile
        self.render()
        if self.selected is not None:
            first = q("#board .end-target")
            if first is not None:
                first.focus()

    def choose_end(self, end_name: str) -> None:
        game = self.game
        if game is None or self.selected is None:
            return
        end = End[end_name]
        for move in game.moves_for(self.selected):
            if move.end == end:
                self.play(move)
                return

    # Input

    def on_action(self, event: Any) -> None:
        button = closest(event.target, "[data-action]")
        if button is None:
            return
        action = str(button.dataset.action)
        if action == "hint":
            self.spawn(self.show_hint())
        elif action == "undo":
            self.undo()
        elif action == "new-match":
            self.show_new_match()
        elif action == "menu":
            self.show_menu()

    def tile_of(self, node: Any) -> Any:
        button = closest(node, "[data-tile]") if node is not None else None
        if button is None:
            return None
        text = str(button.dataset.tile)
        for tile in TILES:
            if str(tile) == text:
                return tile
        return None

    def on_hand_click(self, event: Any) -> None:
        if self.drag is not None and self.drag.get("moved"):
            return
        tile = self.tile_of(event.target)
        if tile is not None:
            self.choose_tile(tile)

    def on_hand_key(self, event: Any) -> None:
        key = str(event.key)
        if key not in ("ArrowLeft", "ArrowRight", "Home", "End"):
            return
        buttons = list(document.querySelectorAll("#hand .hand-tile"))
        if not buttons:
            return
        current = document.activeElement
        index = next((i for i, b in enumerate(buttons) if b == current), 0)
        index = {"ArrowLeft": index - 1, "ArrowRight": index + 1, "Home": 0, "End": len(buttons) - 1}[key] % len(
            buttons
        )
        for i, button in enumerate(buttons):
            button.tabIndex = 0 if i == index else -1
        buttons[index].focus()
        event.preventDefault()

    def on_board_click(self, event: Any) -> None:
        target = closest(event.target, ".end-target")
        if target is not None:
            self.choose_end(str(target.dataset.end))

    def on_board_key(self, event: Any) -> None:
        if str(event.key) in ("Enter", " "):
            target = closest(event.target, ".end-target")
            if target is not None:
                event.preventDefault()
                self.choose_end(str(target.dataset.end))

    def on_key(self, event: Any) -> None:
        if by_id("dialog").open or str(event.target.tagName) in ("INPUT", "SELECT", "TEXTAREA"):
            return
        key = str(event.key)
        if key == "Escape" and self.selected is not None:
            tile = self.selected
            self.selected = None
            self.render()
            self.focus_hand(tile)
        elif key in ("r", "R"):
            self.read_out()
        elif key in ("h", "H") and not by_id("hint").disabled:
            self.spawn(self.show_hint())
        elif key in ("u", "U") and not by_id("undo").disabled:
            self.undo()

    def on_pointer_down(self, event: Any) -> None:
        tile = self.tile_of(event.target)
        if tile is None or self.game is None or not self.game.moves_for(tile) or self.busy:
            self.drag = None
            return
        self.drag = {"tile": tile, "x": float(event.clientX), "y": float(event.clientY), "moved": False, "ghost": None}

    def on_pointer_move(self, event: Any) -> None:
        drag = self.drag
        if drag is None:
            return
        dx, dy = float(event.clientX) - drag["x"], float(event.clientY) - drag["y"]
        if not drag["moved"] and dx * dx + dy * dy < 100:
            return
        if not drag["moved"]:
            drag["moved"] = True
            if self.selected is not drag["tile"]:
                self.selected = drag["tile"]
                self.render_board()
            ghost = el("div", None, class_="drag-ghost", aria_hidden="true")
            ghost.innerHTML = board.tile_svg(drag["tile"])
            document.body.append(ghost)
            drag["ghost"] = ghost
        ghost = drag["ghost"]
        ghost.style.left = f"{float(event.clientX) - 20}px"
        ghost.style.top = f"{float(event.clientY) - 40}px"
        under = some(document.elementFromPoint(event.clientX, event.clientY))
        for node in document.querySelectorAll("#board .end-target"):
            node.classList.toggle("drop-over", under is not None and node.contains(under))

    def on_pointer_up(self, event: Any) -> None:
        drag = self.drag
        if drag is None:
            return
        if drag["ghost"] is not None:
            drag["ghost"].remove()
        if drag["moved"]:
            under = some(document.elementFromPoint(event.clientX, event.clientY))
            target = closest(under, ".end-target") if under is not None else None
            if target is not None:
                self.choose_end(str(target.dataset.end))
            else:
                moves = self.game.moves_for(drag["tile"]) if self.game else []
                if len(moves) == 1 and under is not None and closest(under, "#board") is not None:
                    self.play(moves[0])
            # A click follows pointerup; let it see the drag, then forget it.
            window.setTimeout(create_proxy(lambda: setattr(self, "drag", None)), 0)
        else:
            self.drag = None

    def focus_hand(self, tile: Any = None) -> None:
        selector = f'#hand [data-tile="{tile}"]' if tile is not None else "#hand .hand-tile[tabindex='0']"
        node = q(selector)
        if node is not None and not by_id("dialog").open:
            node.focus()

    def read_out(self) -> None:
        """The whole position in words, for a screen reader (key R)."""
        game = self.game
        if game is None or game.match.hand is None:
            return
        layout = game.match.hand.layout
        parts = [str(by_id("ends").textContent)]
        if self.hand_visible():
            tiles = game.match.hand.hands[self.shown_seat()]
            parts.append(self.t("read_hand", tiles=", ".join(self.tile_word(t) for t in tiles)))
        scores = "; ".join(f"{game.side_name(s)} {game.match.scores[s]}" for s in range(game.rules.sides))
        parts.append(self.t("read_scores", scores=scores))
        del layout
        self.announce(" ".join(parts))

    # Hint and undo

    async def show_hint(self) -> None:
        game = self.game
        if game is None or not game.person_to_move or self.busy:
            return
        self.busy = True
        self.render()
        by_id("prompt").textContent = self.t("hint_thinking")
        generation = self.generation
        search = game.hint_search()
        decision = None
        while decision is None:
            decision = search.step(THINK_SLICE_MS)
            if decision is None:
                await asyncio.sleep(0)
            if generation != self.generation:
                return
        self.busy = False
        self.hint_move = decision.move
        move = decision.move
        where = "" if move.end is None else " " + self.t("log_on_end", end=self.t("end_" + move.end.name))
        text = self.t("hint_text", tile=str(move.tile), where=where, reason=self.reason_text(decision.reason))
        self.render()
        by_id("prompt").textContent = text
        self.announce(text)
        self.focus_hand(move.tile)

    def reason_text(self, reason: Any) -> str:
        key = "reason_" + str(reason.key)
        if key in self.t.english:
            return self.t(key, **dict(reason.params))
        return str(reason.text)

    def undo(self) -> None:
        game = self.game
        if game is None or not game.undo():
            return
        self.generation += 1
        self.busy = False
        self.selected = None
        self.hint_move = None
        by_id("log").replaceChildren()
        self.log_history()
        self.shown_scores = dict(enumerate(game.match.scores))
        self.counting.clear()
        self.announce(self.t("undone"))
        self.save()
        self.render()
        self.after_move()

    # Saving

    def save(self) -> None:
        if self.game is not None and not self.store.save_game(self.game.save_text()):
            self.set_status(self.t("cannot_save"))

    def record_result(self) -> None:
        game = self.game
        assert game is not None
        if game.counted:
            return
        level = game.opponents_level()
        if level is not None:
            self.store.count_match(level, game.person_won())
        game.counted = True
        self.save()

    # Dialogs

    def open_dialog(self, title: str, body: list[Any], buttons: list[tuple[str, str]], on_close: Any = None) -> None:
        dialog = by_id("dialog")
        if dialog.open:
            dialog.close()
        by_id("dialog-title").textContent = title
        by_id("dialog-body").replaceChildren(*body)
        row = by_id("dialog-buttons")
        row.replaceChildren()
        for value, label in buttons:
            row.append(el("button", label, value=value, type="submit"))
        self.dialog_handler = on_close
        self.dialog_return = some(document.activeElement)
        dialog.returnValue = ""
        dialog.showModal()

    def on_dialog_close(self, _event: Any) -> None:
        handler = self.dialog_handler
        self.dialog_handler = None
        value = str(by_id("dialog").returnValue or "")
        if handler is not None:
            handler(value)
        back = self.dialog_return
        if back is not None and not by_id("dialog").open and back.isConnected:
            back.focus()

    def show_problem(self, message: str, unreadable: str, kept: bool) -> None:
        """Say what went wrong at start-up; offer ``unreadable`` (a save that
        could not be read) as a download, and say whether it was ``kept``."""
        body = [el("p", message)]
        buttons = [("ok", self.t("ok"))]
        if unreadable:
            body.append(el("p", self.t("save_kept" if kept else "save_not_kept")))
            buttons.insert(0, ("download", self.t("download_unreadable")))

        def done(value: str) -> None:
            if value == "download":
                self.download("allfives-unreadable-save.json", unreadable)

        self.open_dialog(self.t("problem_title"), body, buttons, done)

    def show_pass_screen(self) -> None:
        game = self.game
        assert game is not None
        seat = game.to_move
        assert seat is not None
        name = game.seats[seat].name

        def done(_value: str) -> None:
            self.revealed = seat
            self.render()
            self.focus_hand()

        self.open_dialog(
            self.t("pass_to", name=name),
            [el("p", self.t("pass_explain", name=name))],
            [("show", self.t("show_hand", name=name))],
            done,
        )

    def show_hand_end(self) -> None:
        game = self.game
        assert game is not None
        end = next((e for e in reversed(game.match.log) if isinstance(e, HandEnded)), None)
        if end is None:
            return
        table = el("table", None, class_="summary")
        head = el("tr")
        for heading in (self.t("player"), self.t("pips"), self.t("rounded")):
            head.append(el("th", heading, scope="col"))
        table.append(head)
        from allfives.rules import round_to_five

        for seat, pips in enumerate(end.pips):
            row = el("tr")
            row.append(el("th", self.seat_name(seat), scope="row"))
            row.append(el("td", self.t.number(pips)))
            row.append(el("td", self.t.number(round_to_five(pips))))
            table.append(row)
        sides = el("table", None, class_="summary")
        head = el("tr")
        for heading in (self.t("side"), self.t("change"), self.t("score")):
            head.append(el("th", heading, scope="col"))
        sides.append(head)
        for side, change in enumerate(end.change):
            row = el("tr")
            row.append(el("th", game.side_name(side), scope="row"))
            row.append(el("td", ("+" if change > 0 else "") + self.t.number(change)))
            row.append(el("td", self.t.number(end.scores[side])))
            sides.append(row)
        how = self.t("hand_domino", name=self.seat_name(end.out)) if end.out is not None else self.t("hand_blocked")
        body = [el("p", how), table, sides]

        def done(_value: str) -> None:
            if self.game is game and game.match.needs_deal:
                self.revealed = None
                self.apply_events(game.start())
                self.save()
                self.render()
                self.after_move()

        self.open_dialog(self.t("hand_over", hand=end.hand), body, [("next", self.t("next_hand"))], done)

    def said_to_you(self, key: str, seats: Sequence[int]) -> str:
        """``key``, or its ``_you`` form when ``seats`` are the one person at
        the table under the default name: "You win!", never "You wins!"."""
        game = self.game
        assert game is not None
        if len(seats) == 1:
            sitting = game.seats[seats[0]]
            if sitting.is_person and sitting.name == self.t("you") and len(game.people) == 1:
                return key + "_you"
        return key

    def show_match_end(self) -> None:
        game = self.game
        assert game is not None
        result = game.result()
        assert result is not None
        winner, scores = result
        said = self.said_to_you("winner", game.rules.seats_of(winner))
        body = [el("p", self.t(said, name=game.side_name(winner)))]
        totals = el("table", None, class_="summary")
        for side, score in enumerate(scores):
            row = el("tr")
            row.append(el("th", game.side_name(side), scope="row"))
            row.append(el("td", self.t.number(score)))
            totals.append(row)
        body.append(totals)

        def done(value: str) -> None:
            if value == "new":
                self.show_new_match()

        self.open_dialog(self.t("match_over"), body, [("new", self.t("new_match")), ("close", self.t("close"))], done)

    def show_new_match(self) -> None:
        game = self.game
        setup = game.setup if game else self.default_setup()
        form = el("div", None, class_="new-match")

        def field(label: str, control: Any) -> Any:
            wrap = el("label", None, class_="field")
            wrap.append(el("span", label))
            wrap.append(control)
            return wrap

        def select(name: str, options: list[tuple[str, str]], value: str) -> Any:
            node = el("select", None, name=name, id=f"nm-{name}")
            for option_value, text in options:
                option = el("option", text, value=option_value)
                if option_value == value:
                    option.setAttribute("selected", "")
                node.append(option)
            return node

        rules = setup.rules
        form.append(
            field(
                self.t("preset"),
                select(
                    "preset",
                    [("", self.t("preset_custom"))] + [(p, self.t("preset_" + p.replace("-", "_"))) for p in PRESETS],
                    "",
                ),
            )
        )
        form.append(
            field(self.t("players"), select("players", [(str(n), str(n)) for n in (2, 3, 4)], str(rules.players)))
        )
        partners = el("input", None, type="checkbox", name="partnerships", id="nm-partnerships")
        partners.checked = rules.teams
        form.append(field(self.t("partnerships"), partners))
        kinds = [("person", self.t("person"))] + [(level, self.t("level_" + level)) for level in LEVELS]
        for seat in range(4):
            current = (
                setup.seats[seat]
                if seat < len(setup.seats)
                else SeatSetup(self.t("computer_name", level=self.t("level_medium")), "medium")
            )
            row = el("div", None, class_="seat-row")
            row.dataset.seat = str(seat)
            name = el(
                "input", None, type="text", name=f"name{seat}", id=f"nm-name{seat}", maxlength="24", value=current.name
            )
            name.setAttribute("aria-label", self.t("seat_name", seat=seat + 1))
            row.append(field(self.t("seat_n", seat=seat + 1), name))
            kind = select(f"kind{seat}", kinds, current.kind)
            kind.setAttribute("aria-label", self.t("seat_kind", seat=seat + 1))
            row.append(kind)
            form.append(row)
        form.append(
            field(
                self.t("hand_size"),
                el(
                    "input",
                    None,
                    type="number",
                    name="hand_size",
                    id="nm-hand_size",
                    min="1",
                    max="14",
                    placeholder=self.t("usual"),
                    value=str(rules.hand_size or ""),
                ),
            )
        )
        form.append(
            field(
                self.t("target"),
                el(
                    "input",
                    None,
                    type="number",
                    name="target",
                    id="nm-target",
                    min="5",
                    step="5",
                    placeholder=self.t("usual"),
                    value=str(rules.target or ""),
                ),
            )
        )
        form.append(
            field(
                self.t("hand_end"),
                select(
                    "hand_end",
                    [("subtract-own", self.t("hand_end_subtract")), ("winner-takes", self.t("hand_end_winner"))],
                    rules.hand_end,
                ),
            )
        )
        form.append(
            field(
                self.t("lead"),
                select(
                    "lead", [("random", self.t("lead_random")), ("highest-double", self.t("lead_double"))], rules.lead
                ),
            )
        )
        form.append(
            field(
                self.t("win"),
                select(
                    "win", [("immediate", self.t("win_immediate")), ("hand-end", self.t("win_hand_end"))], rules.win
                ),
            )
        )
        form.append(
            field(
                self.t("seed"),
                el("input", None, type="number", name="seed", id="nm-seed", placeholder=self.t("seed_random")),
            )
        )
        error = el("p", "", class_="form-error", role="alert", id="nm-error")
        form.append(error)

        def done(value: str) -> None:
            if value != "start":
                return
            try:
                new_setup = self.read_new_match()
            except (ValueError, RulesError) as problem:
                self.show_new_match()
                by_id("nm-error").textContent = str(problem)
                return
            self.store.remember_setup(new_setup.to_json())
            self.begin(Game(new_setup))

        self.open_dialog(self.t("new_match"), [form], [("start", self.t("start")), ("cancel", self.t("cancel"))], done)
        self.on(by_id("nm-players"), "change", lambda _e: self.sync_seats())
        self.on(by_id("nm-preset"), "change", lambda _e: self.apply_preset())
        self.sync_seats()

    def sync_seats(self) -> None:
        players = int(str(by_id("nm-players").value))
        for row in document.querySelectorAll(".seat-row"):
            row.hidden = int(str(row.dataset.seat)) >= players
        by_id("nm-partnerships").disabled = players != 4
        if players != 4:
            by_id("nm-partnerships").checked = False

    def apply_preset(self) -> None:
        name = str(by_id("nm-preset").value)
        if not name:
            return
        rules = Rules.preset(name, int(str(by_id("nm-players").value)))
        by_id("nm-hand_size").value = str(rules.hand_size or "")
        by_id("nm-target").value = str(rules.target or "")
        by_id("nm-hand_end").value = rules.hand_end
        by_id("nm-lead").value = rules.lead
        by_id("nm-win").value = rules.win

    def read_new_match(self) -> GameSetup:
        def value(name: str) -> str:
            return str(by_id(f"nm-{name}").value).strip()

        players = int(value("players"))

        def number(name: str, what: str) -> int | None:
            text = value(name)
            if not text:
                return None
            try:
                return int(text)
            except ValueError:
                raise ValueError(self.t("not_a_number", what=what)) from None

        rules = Rules(
            players=players,
            partnerships=bool(by_id("nm-partnerships").checked) if players == 4 else None,
            hand_size=number("hand_size", self.t("hand_size")),
            target=number("target", self.t("target")),
            hand_end=value("hand_end"),  # type: ignore[arg-type]
            lead=value("lead"),  # type: ignore[arg-type]
            win=value("win"),  # type: ignore[arg-type]
        )
        seats = tuple(
            SeatSetup.from_json({"name": value(f"name{s}"), "kind": value(f"kind{s}")}, s) for s in range(players)
        )
        return GameSetup(rules, seats, number("seed", self.t("seed")))

    def show_menu(self) -> None:
        body = []
        language = el("select", None, id="menu-language", name="language")
        for code, name in LANGUAGES.items():
            option = el("option", name, value=code, lang=code)
            if code == self.t.language:
                option.setAttribute("selected", "")
            language.append(option)
        speed = el("select", None, id="menu-speed", name="speed")
        for key in SPEEDS:
            option = el("option", self.t("speed_" + key), value=key)
            if key == self.speed:
                option.setAttribute("selected", "")
            speed.append(option)
        learning = el("input", None, type="checkbox", id="menu-learning", name="learning")
        learning.checked = self.learning
        for label, control in (
            (self.t("language"), language),
            (self.t("speed"), speed),
            (self.t("learning_aid"), learning),
        ):
            wrap = el("label", None, class_="field")
            wrap.append(el("span", label))
            wrap.append(control)
            body.append(wrap)
        body.append(el("h3", self.t("score_sheet")))
        body.append(self.score_sheet_table())
        stats = self.store.stats()
        if stats:
            table = el("table", None, class_="summary")
            head = el("tr")
            for heading in (self.t("opponent"), self.t("played"), self.t("won")):
                head.append(el("th", heading, scope="col"))
            table.append(head)
            for level in LEVELS:
                if level in stats:
                    row = el("tr")
                    row.append(el("th", self.t("level_" + level), scope="row"))
                    row.append(el("td", self.t.number(stats[level][0])))
                    row.append(el("td", self.t.number(stats[level][1])))
                    table.append(row)
            body.append(el("h3", self.t("statistics")))
            body.append(table)
        rules_link = el("p")
        # The rules tutorial is written in every language of the game (build.py).
        code = self.t.language
        rules_page = "./rules.html" if code == "en" else f"./rules.{code}.html"
        rules_link.append(el("a", self.t("how_to_play"), href=rules_page, target="_blank"))
        body.append(rules_link)
        file_input = el("input", None, type="file", id="menu-import", accept=".json,application/json")
        file_input.setAttribute("aria-label", self.t("import"))
        wrap = el("label", None, class_="field")
        wrap.append(el("span", self.t("import")))
        wrap.append(file_input)
        body.append(wrap)

        def done(value: str) -> None:
            self.speed = str(language.ownerDocument.getElementById("menu-speed").value)
            self.learning = bool(learning.checked)
            chosen = str(language.value)
            self.store.remember_prefs({"language": chosen, "speed": self.speed, "learning": self.learning})
            if chosen != self.t.language:
                self.t = Translator(chosen)
                self.translate_static()
                by_id("log").replaceChildren()
                self.log_history()
            self.render()
            if value == "export":
                self.export()
            elif value == "link":
                self.spawn(self.copy_link())

        self.open_dialog(
            self.t("menu"),
            body,
            [("export", self.t("export")), ("link", self.t("copy_link")), ("close", self.t("close"))],
            done,
        )
        self.on(file_input, "change", self.on_import)

    def score_sheet_table(self) -> Any:
        """Every hand: what each side scored in play, at the hand's end, and after."""
        game = self.game
        assert game is not None
        table = el("table", None, class_="summary score-sheet")
        head = el("tr")
        head.append(el("th", self.t("hand"), scope="col"))
        for side in range(game.rules.sides):
            head.append(el("th", game.side_name(side), scope="col"))
        table.append(head)
        for row in game.score_sheet():
            line = el("tr")
            line.append(el("th", self.t.number(row.hand), scope="row"))
            for side in range(game.rules.sides):
                change = (
                    ""
                    if row.change is None
                    else f" {'+' if row.change[side] >= 0 else ''}{self.t.number(row.change[side])}"
                )
                text = f"+{self.t.number(row.play[side])}{change} = {self.t.number(row.scores[side])}"
                line.append(el("td", text))
            table.append(line)
        return table

    def on_import(self, event: Any) -> None:
        files = event.target.files
        if not files or files.length == 0:
            return
        self.spawn(self.import_file(files.item(0)))

    async def import_file(self, file: Any) -> None:
        text = str(await file.text())
        try:
            game = Game.load_text(text)
        except RecordError as error:
            by_id("dialog").close()
            self.show_problem(self.t("import_broken", reason=str(error)), "", False)
            return
        by_id("dialog").close()
        self.begin(game)
        self.announce(self.t("imported"))

    def export(self) -> None:
        if self.game is not None:
            self.download("allfives-game.json", json.dumps(self.game.to_record(), indent=1))

    def download(self, filename: str, text: str) -> None:
        blob = window.Blob.new([text], json.loads('{"type": "application/json"}'))
        url = window.URL.createObjectURL(blob)
        link = el("a", None, href=url, download=filename)
        document.body.append(link)
        link.click()
        link.remove()
        window.setTimeout(create_proxy(lambda: window.URL.revokeObjectURL(url)), 1000)

    def show_embed_code(self, _event: Any = None) -> None:
        """The snippet that puts this hand on another page, as a replay:
        from the position on the table now, or the whole hand from its deal."""
        game = self.game
        if game is None or not game.match.hands:
            return
        moves = len(game.match.hands[-1].moves)
        page_url = str(window.location.href).split("#")[0].split("?")[0]

        def code(whole_hand: bool) -> str:
            return game.embed_code(
                page_url,
                whole_hand=whole_hand,
                seat=self.shown_seat(),
                lang=self.t.language,
                title=self.t("embed_frame_title"),
            )

        choice = el("fieldset", None, class_="embed-choice")
        choice.append(el("legend", self.t("embed_show")))
        radios = []
        for value, label in (
            ("position", self.t("embed_this_position", count=moves)),
            ("hand", self.t("embed_whole_hand")),
        ):
            row = el("label")
            radio = el("input", None, type="radio", name="embed-from", value=value)
            radio.checked = value == "position"
            radios.append(radio)
            row.append(radio)
            row.append(document.createTextNode(" " + label))
            choice.append(row)
        field = el("textarea", None, readonly="", rows="6", class_="embed-field", id="embed-field")
        field.setAttribute("aria-label", self.t("embed_code_label"))
        field.value = code(False)
        wrap = el("label", None, class_="field")
        wrap.append(el("span", self.t("embed_code_label")))
        wrap.append(field)

        def chosen(_event: Any) -> None:
            field.value = code(bool(radios[1].checked))

        for radio in radios:
            self.on(radio, "change", chosen)

        def done(value: str) -> None:
            if value == "copy":
                copied, title, prompt = self.t("embed_copied"), self.t("embed_code"), self.t("copy_by_hand_code")
                self.spawn(self.copy_text(str(field.value), copied, title, prompt))

        self.open_dialog(
            self.t("embed_code"),
            [el("p", self.t("embed_explain")), choice, wrap],
            [("copy", self.t("copy")), ("close", self.t("close"))],
            done,
        )

    async def copy_text(self, text: str, copied: str, title: str, prompt: str) -> None:
        """Put ``text`` on the clipboard and say ``copied``; where the browser
        will not allow it, show it selected in a dialog, to copy by hand."""
        try:
            await window.navigator.clipboard.writeText(text)
            self.set_status(copied)
            self.announce(copied)
        except Exception:
            field = el("textarea", None, readonly="", rows="6", class_="embed-field")
            field.value = text
            field.setAttribute("aria-label", title)
            self.open_dialog(title, [el("p", prompt), field], [("ok", self.t("ok"))])
            field.select()

    async def copy_link(self) -> None:
        game = self.game
        if game is None:
            return
        link = str(window.location.href).split("#")[0] + game.share_link()
        await self.copy_text(link, self.t("link_copied"), self.t("copy_link"), self.t("copy_by_hand"))


PAGE = Page()
PAGE.start()
