"""Check that the tests can fail: break the code on purpose, one break at a
time, in a scratch clone of HEAD, and expect the tests that guard each
promise to go red.

Usage::

    python -m tools.tests_can_fail            # every break (about 20 minutes: the browser ones rebuild dist/)
    python -m tools.tests_can_fail --fast     # only the breaks whose tests need no browser
    python -m tools.tests_can_fail --only budget-ignored --only slice-runs-to-the-end
    python -m tools.tests_can_fail --list

Each break is one exact replacement in one file (its ``old`` text must stand
there exactly once: ``tests/tooling/test_tests_can_fail.py`` checks that on every
run, so a break cannot silently stop applying). First the chosen tests run
on the unbroken clone and must pass, since a test that fails anyway proves
nothing; then each break is applied, its tests run, and the break is undone.
A break whose tests still pass is a promise no test keeps: the script says
which, and exits 1.

The clone is of the last commit, not of the working tree: commit first.
Browser breaks run ``build.py test --no-install``, so they need a Chromium
(see the README) and rebuild dist/ in the clone each time.
"""

from __future__ import annotations

import argparse
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


@dataclass(frozen=True)
class Break:
    """One deliberate defect, and the tests that must catch it."""

    name: str
    why: str  # the promise it breaks, in a player's or maintainer's words
    path: str
    old: str
    new: str
    tests: tuple[str, ...]
    browser: bool = False


BUDGET_TESTS = ("tests/players/test_players.py", "-k", "budget or deals")
SLICE_TESTS = ("tests/web/test_controller.py", "-k", "slice")

BREAKS: tuple[Break, ...] = (
    Break(
        "pages-server-sends-uncompressed",
        "the benchmark's server gzips every file as GitHub Pages does",
        "sitebuild/serve.py",
        "gzip.compress(file.read(), 6, mtime=0)",
        "file.read()",
        ("tests/tooling/test_serve.py",),
    ),
    Break(
        "archive-ships-both-forms",
        "the page's archive ships one form of each module, its .pyc",
        "sitebuild/bundle.py",
        "            del members[source], members[name]\n",
        "            del members[name]\n",
        ("tests/browser/test_pycache.py",),
        browser=True,
    ),
    Break(
        "pyodide-shares-memory-unisolated",
        "the page raises no deprecation warning (Pyodide's shared memory, off where the page is not isolated)",
        "sitebuild/vendor.py",
        "    for name, old, new in PYODIDE_PATCHES:\n",
        "    for name, old, new in ():\n",
        ("tests/browser/test_game.py", "-k", "opens_on_a_table"),
        browser=True,
    ),
    Break(
        "stdlib-module-left-out",
        "the trimmed standard library holds every module the pages import",
        "sitebuild/stdlib_modules.txt",
        "\nsecrets\n",
        "\n",
        ("tests/browser/test_stdlib.py", "-k", "every_module"),
        browser=True,
    ),
    Break(
        "budget-ignored",
        "the computer answers within its time budget",
        "allfives/players/search.py",
        "        if self.end == math.inf or not steps_done:\n            return True\n",
        "        return True\n",
        BUDGET_TESTS,
    ),
    Break(
        "budget-clamped",
        "given more time, the search does more work",
        "allfives/players/search.py",
        "self.start + (1 - RESERVE) * budget_ms / 1000.0",
        "self.start + (1 - RESERVE) * min(budget_ms, 50.0) / 1000.0",
        BUDGET_TESTS,
    ),
    Break(
        "deals-capped",
        "the search samples deals for as long as its budget allows",
        "allfives/players/pimc.py",
        "        while done < cap and deadline.allows(done):\n",
        "        while done < min(cap, 4) and deadline.allows(done):\n",
        BUDGET_TESTS,
    ),
    Break(
        "hard-ignores-its-budget",
        "Hard thinks within the budget it is given",
        "allfives/players/__init__.py",
        "deals=HARD_DEALS, budget_ms=budget_ms, clock=clock",
        "deals=HARD_DEALS, budget_ms=DEFAULT_BUDGET_MS, clock=clock",
        BUDGET_TESTS,
    ),
    Break(
        "expert-ignores-its-budget",
        "Expert thinks within the budget it is given",
        "allfives/players/expert.py",
        "        deadline = Deadline(self.clock, self.budget_ms)\n",
        "        deadline = Deadline(self.clock, 300.0)\n",
        BUDGET_TESTS,
    ),
    Break(
        "slice-runs-to-the-end",
        "a slice of thinking gives the page back once its time is up",
        "web/table/controller.py",
        "            while time.perf_counter() < stop:\n",
        "            while True:\n",
        SLICE_TESTS,
    ),
    Break(
        "pauses-spend-the-budget",
        "the pauses between slices do not count as thinking",
        "web/table/controller.py",
        "        running = 0.0 if self.since is None else time.perf_counter() - self.since\n"
        "        return self.thought + running\n",
        "        return time.perf_counter()\n",
        SLICE_TESTS,
    ),
    Break(
        "learned-playout-forgets-being-stuck",
        "the learned playout weighs every feature it was trained on",
        "allfives/players/rollout.py",
        "            + w_stuck * (1.0 if size and not fitting else 0.0)\n",
        "            + w_stuck * 0.0\n",
        ("tests/players/test_rollout.py",),
    ),
    Break(
        "calendar-deaf-to-arrow-keys",
        "the calendar's days are reached with the arrow keys, as in a date picker",
        "web/game/daily_calendar.py",
        '    page.on(box, "keydown", on_key)\n',
        "",
        ("tests/browser/test_daily_calendar.py", "-k", "no_day_to_come"),
        browser=True,
    ),
    Break(
        "calendar-walks-into-days-to-come",
        "no day still to come can be chosen from the keyboard",
        "web/game/daily_month.py",
        "    return min(max(target, FIRST_DATE), today)\n",
        "    return max(target, FIRST_DATE)\n",
        ("tests/web/test_daily_month.py",),
    ),
    Break(
        "hot-seat-has-no-review",
        "in hot-seat the coach reviews each person's choices under their name",
        "web/game/coach.py",
        "    return bool(game.people)\n",
        "    return len(game.people) == 1\n",
        ("tests/browser/test_review.py", "-k", "hot_seat"),
        browser=True,
    ),
    Break(
        "history-forgets-a-daily-left-unmoved",
        "a counted daily left before any move is kept in the history, left unfinished",
        "web/table/controller.py",
        "        return (counted_daily and not self.is_over) or self.in_progress\n",
        "        return self.in_progress\n",
        ("tests/browser/test_daily_calendar.py", "-k", "left_by_new_match"),
        browser=True,
    ),
    Break(
        "daily-expert-follows-the-games",
        "a day's duplicate stays what it was when the game's Expert gets stronger",
        "allfives/daily.py",
        "deals=EXPERT_DEALS, playout=LEARNED)",
        "deals=EXPERT_DEALS)",
        ("tests/engine/test_daily.py",),
    ),
    Break(
        "fault-hidden-by-a-passing-message",
        "a fault in the header comes back after a passing message said over it",
        "web/game/main.py",
        "        if self.state.notice is None and self.state.fault is not None:\n",
        "        if False:\n",
        ("tests/browser/test_bad_input.py", "-k", "without_storage"),
        browser=True,
    ),
    Break(
        "refused-copy-replaces-the-question",
        "a copy refused while a pasted link asks leaves the question open",
        "web/game/dialogs.py",
        '        if not by_id("dialog").open:\n',
        "        if True:\n",
        ("tests/browser/test_links.py", "-k", "refused"),
        browser=True,
    ),
    Break(
        "hot-seat-steps-through-the-first-seat",
        "in hot-seat each person steps through the reviewed hand from their own seat",
        "web/game/coach.py",
        "lang=t.language, seat=seat)\n",
        "lang=t.language, seat=None)\n",
        ("tests/browser/test_review.py", "-k", "hot_seat"),
        browser=True,
    ),
    Break(
        "cost-ratio-upside-down",
        "the learned rollout's cost is measured against the greedy one's",
        "tools/experiments/distill.py",
        "    return spent[1] / spent[0]\n",
        "    return spent[0] / spent[1]\n",
        ("tests/experiments/test_distill.py", "-k", "cost"),
    ),
    Break(
        "record-reading-does-needless-work",
        "reading a record costs work in proportion to the record",
        "allfives/record.py",
        "    return _played_out(_parsed(data))\n",
        "    [abs(i) for i in range(100_000)]\n    return _played_out(_parsed(data))\n",
        ("tests/engine/test_bad_input.py", "-k", "unbroken_record"),
    ),
    Break(
        "history-drops-the-last-hand",
        "the match keeps every hand it dealt: undo, the record and the score sheet read them all",
        "allfives/match.py",
        "            for i, hand in enumerate(self.hands)\n",
        "            for i, hand in enumerate(self.hands[:-1])\n",
        ("tests/engine/test_match.py", "-k", "history"),
    ),
    Break(
        "icons-drawn-otherwise",
        "the committed icons are the ones tools/generators/make_icons.py draws",
        "tools/generators/make_icons.py",
        "SUPERSAMPLE = 8\n",
        "SUPERSAMPLE = 4\n",
        ("tests/tooling/test_build.py", "-k", "png_icons"),
    ),
    Break(
        "thinking-in-one-step",
        "the page never freezes while the computer thinks",
        "web/table/controller.py",
        "    while (decision := search.step(slice_ms)) is None:\n",
        "    while (decision := search.step(60_000)) is None:\n",
        ("tests/browser/test_responsive.py",),
        browser=True,
    ),
    Break(
        "try-it-plays-nothing",
        "Try it in the tutorial lets the reader play a tile",
        "web/replay/live.py",
        "            self.last_events = game.play(move)\n",
        "            self.last_events = []\n",
        ("tests/browser/test_tutorial_replays.py", "-k", "try_it"),
        browser=True,
    ),
    Break(
        "tutorial-variant-unsaid",
        "a rules page's example played by other rules than the game's says which, in every language",
        "docs/tutorial-scenarios.json",
        "With the computer game's rules (7 tiles each), the holder",
        "With the computer game's rules, the holder",
        ("tests/web/test_tutorial.py", "-k", "says_which_variant"),
    ),
    Break(
        "poster-miscounts-the-boneyard",
        "a rules page's example shows the boneyard the deal and the moves leave",
        "web/replay/poster.py",
        "{_esc(others_line(sizes, at.boneyard, names, seat, words))}",
        "{_esc(others_line(sizes, at.boneyard + len(sizes), names, seat, words))}",
        ("tests/web/test_tutorial.py", "-k", "follow_from_the_deal"),
    ),
    Break(
        "drawing-tried-after-the-draw",
        "the drawing lesson's Try it starts before the draw it teaches",
        "docs/tutorial-scenarios.json",
        '"options": {"move": 1, "seat": 1}',
        '"options": {"move": 2, "seat": 1}',
        ("tests/web/test_tutorial.py", "-k", "before_the_move_the_lesson_teaches"),
    ),
    Break(
        "next-lead-tried-on-a-fresh-deal",
        "Try it at a hand's end plays on from the record's next deal, before its lead",
        "web/replay/frames.py",
        "    later = frame.to_move is None and",
        "    later = False and",
        ("tests/web/test_tutorial.py", "tests/web/test_replay.py", "-k", "lesson_teaches or next_deal"),
    ),
    Break(
        "turn-draws-of-anyone",
        "Try it leaves to the reader only the reader's own draws that begin their turn",
        "web/replay/frames.py",
        "        if not isinstance(event, Drew) or event.seat != seat:\n",
        "        if not isinstance(event, Drew):\n",
        ("tests/web/test_replay.py", "-k", "draws_that_begin_a_turn"),
    ),
    Break(
        "try-it-draws-for-the-reader",
        "the drawing lesson's Try it opens with the reader to draw, and the reader draws",
        "web/replay/live.py",
        "        return turn_draws(self.last_events, self.seat)\n",
        "        return ()\n",
        ("tests/browser/test_tutorial_replays.py", "-k", "drawing_lesson"),
        browser=True,
    ),
    Break(
        "game-not-offline",
        "after one visit the game plays offline",
        "web/game/main.py",
        "        service_worker.register(window, self.on_update_ready)\n",
        "        pass\n",
        ("tests/browser/test_offline.py", "-k", "game_installs_itself"),
        browser=True,
    ),
    Break(
        "hand-without-focus-ring",
        "every control shows a focus ring",
        "web/style.css",
        ".hand-tile:focus-visible {\n  outline-offset: 4px;\n",
        ".hand-tile:focus-visible {\n  outline: none;\n",
        ("tests/browser/test_look.py", "-k", "focus_ring"),
        browser=True,
    ),
    Break(
        "plays-not-announced",
        "every play is announced to a screen reader",
        "web/game/main.py",
        "        if not quiet:\n            self.announce(text)\n",
        "        if not quiet and not isinstance(event, Played):\n            self.announce(text)\n",
        ("tests/browser/test_accessibility.py", "-k", "keyboard_alone"),
        browser=True,
    ),
    Break(
        "sound-while-off",
        "no sound plays until the player turns it on",
        "web/game/feel.py",
        "    if page.game is None or not sound_on(page):\n",
        "    if page.game is None:\n",
        ("tests/browser/test_look.py", "-k", "sound"),
        browser=True,
    ),
    Break(
        "tab-saves-over-a-newer-game",
        "a tab never saves over a newer game it has not seen",
        "web/game/tabs.py",
        "        if not self.owns():\n            self.covered = True\n",
        "        if not self.alone and self.covered:\n            self.covered = True\n",
        ("tests/web/test_tabs.py",),
    ),
    Break(
        "tab-deaf-to-a-take-over",
        "a tab whose game another tab has taken says so at once",
        "web/game/elsewhere.py",
        "    if page.keeper.heard(text if isinstance(text, str) else None):\n",
        "    if page.keeper.heard(text if isinstance(text, str) else None) and False:\n",
        ("tests/browser/test_tabs.py", "-k", "takes_the_game_over"),
        browser=True,
    ),
    Break(
        "play-here-keeps-the-stale-match",
        "Play here brings the newest game to the tab",
        "web/game/elsewhere.py",
        "    game, problem = page.saved_game()\n",
        "    game, problem = page.game or page.saved_game()[0], None\n",
        ("tests/browser/test_tabs.py", "-k", "takes_the_game_over"),
        browser=True,
    ),
    Break(
        "judge-loses-nothing",
        "the coach's judge counts the points a move lost against the best",
        "allfives/review.py",
        "        return round(max(0.0, self.best.value - self.played_value), 1)\n",
        "        return 0.0\n",
        ("tests/engine/test_review.py",),
    ),
    Break(
        "embed-needs-storage",
        "a replay framed by another site starts where its frame gets no storage",
        "web/js/idbmap.js",
        'const PREFIX = "IDBMap/";\n',
        'const PREFIX = "no database is kept in memory/";\n',
        ("tests/browser/test_embed_anywhere.py", "-k", "no_storage"),
        browser=True,
    ),
    Break(
        "embed-asks-for-the-worker",
        "a replay starts in a frame sandboxed without allow-same-origin",
        "web/js/runtime.js",
        "  const returning = controlled();\n",
        '  const returning = "caches" in globalThis && navigator.serviceWorker && navigator.serviceWorker.controller;\n',
        ("tests/browser/test_embed_anywhere.py", "-k", "sandboxed"),
        browser=True,
    ),
    Break(
        "facade-frame-not-over-the-facade",
        "the host page does not move when the copied embed code turns live: the frame lies over the facade, as tall",
        "web/js/facade.js",
        "    box.append(poster, frame);\n",
        "    box.append(frame);\n",
        ("tests/browser/test_embed_anywhere.py", "-k", "does_not_move and 360px"),
        browser=True,
    ),
    Break(
        "embed-ignores-fit",
        "the copied embed code's replay fills its frame: nothing cut off, no empty band",
        "web/embed.css",
        ":root[data-fit] .embed {\n  height: 100vh;\n}\n",
        "",
        ("tests/browser/test_embed_anywhere.py", "-k", "sizes_its_frame"),
        browser=True,
    ),
    Break(
        "embed-code-draws-the-whole-board",
        "a hand's embed code is about 4 kB at most: its board is sketched",
        "web/replay/poster.py",
        "    svg = board.render_sketch(at.layout,",
        "    svg = board.render_board(at.layout,",
        ("tests/web/test_embed_code.py",),
    ),
    Break(
        "link-launders-a-changed-deal",
        "a link leaves out only a deal its seed gives: a changed deal stays in it, and is still found out",
        "web/table/record_link.py",
        '        if seeded is not None and (hand.get("deal"), hand.get("boneyard")) == seeded:\n',
        "        if seeded is not None:\n",
        ("tests/web/test_record_link.py", "-k", "not_its_seeds"),
    ),
    Break(
        "sketch-drops-pips",
        "the embed code's board shows every tile with its pips, as the board does",
        "web/table/board.py",
        "            for col, row in _PIPS[count]:\n                across, down",
        "            for col, row in _PIPS[count][:2]:\n                across, down",
        ("tests/web/test_board.py", "-k", "sketch"),
    ),
    Break(
        "link-keeps-seeded-deals",
        "each earlier hand adds only its moves to an embed code: a deal its seed gives is left out of the link",
        "web/table/record_link.py",
        "    raw = json.dumps(_seeded_deals_left_out(record),",
        "    raw = json.dumps(record,",
        ("tests/web/test_embed_code.py", "-k", "earlier_hand"),
    ),
    Break(
        "embed-loads-for-ever",
        "a replay that cannot start says so, never an endless Loading",
        "web/js/loading.js",
        "    if (!isReady()) watchdog = setTimeout(stuck, STUCK_MS);\n",
        "",
        ("tests/browser/test_embed_anywhere.py", "-k", "cannot_start"),
        browser=True,
    ),
    Break(
        "runtime-failure-unsaid",
        "a replay whose runtime fails to arrive says so at once",
        "web/js/runtime.js",
        "    return await Promise.race([load(), refused]);\n",
        "    return await load();\n",
        ("tests/browser/test_embed_anywhere.py", "-k", "at_once"),
        browser=True,
    ),
    Break(
        "cancel-checks-the-form",
        "Cancel leaves the New match form even with a field left invalid",
        "web/page/shell.py",
        "            if value in DISMISS:\n                button.formNoValidate = True\n",
        "",
        ("tests/browser/test_bad_input.py", "-k", "cancel_leaves"),
        browser=True,
    ),
    Break(
        "undo-reopens-a-won-match",
        "a match that is over stands: Undo does not reopen it",
        "web/table/controller.py",
        "        if self.match.is_over:\n            return None\n        last = self._last_person_move()\n",
        "        last = self._last_person_move()\n",
        ("tests/web/test_controller.py", "-k", "over_cannot"),
    ),
    Break(
        "embed-cuts-the-hand-out-of-its-match",
        "an honest game's embed code verifies: its hand keeps its number, and its leader is never taken for changed",
        "web/table/controller.py",
        "        move = _first_position(self.match) if whole_hand else sum(len(h.moves) for h in self.match.history)\n"
        "        kept = self.kept_review(only=len(self.match.hands))\n"
        "        return self._replay_link(page_url, self.match, move, kept, seat=seat, lang=lang)\n",
        "        hand = self.match.until(len(self.match.hands), alone=True)\n"
        "        move = _first_position(hand) if whole_hand else sum(len(h.moves) for h in hand.history)\n"
        "        kept = self.kept_review(only=len(self.match.hands))\n"
        "        return self._replay_link(page_url, hand, move, kept, seat=seat, lang=lang)\n",
        ("tests/web/test_honest_records.py",),
    ),
    Break(
        "link-deals-the-hand-alone",
        "a shared link deals the hand again as the same hand, and its record verifies",
        "web/table/controller.py",
        "        match = self.match.until(number, 0) if number else self.match\n",
        "        match = self.match.until(number, 0, alone=True) if number else self.match\n",
        ("tests/web/test_honest_records.py",),
    ),
    Break(
        "hint-on-after-the-match",
        "after the match Hint and Undo are off, after a reload too",
        "web/game/main.py",
        '        for button in ("new", "menu", ',
        '        for button in ("hint", "undo", "new", "menu", ',
        ("tests/browser/test_hand_end.py", "-k", "match_is_over"),
        browser=True,
    ),
    Break(
        "escape-deals-the-next-hand",
        "Look at the table and Escape close the hand's summary and deal nothing",
        "web/game/summary.py",
        '        elif value == "next" and page.game is game:\n            deal_next(page)\n',
        "        elif page.game is game:\n            deal_next(page)\n",
        ("tests/browser/test_hand_end.py", "-k", "look_at_the_table and desktop"),
        browser=True,
    ),
    Break(
        "summary-shows-no-tiles-left",
        "the hand's summary draws each player's tiles left as tiles",
        "web/game/summary.py",
        '    picture.innerHTML = "".join(board.tile_svg(tile) for tile in seat.tiles)\n',
        "",
        ("tests/browser/test_hand_end.py", "-k", "before_its_summary and desktop"),
        browser=True,
    ),
    Break(
        "best-hand-is-the-last",
        "the match's story names the hand its side gained most in",
        "web/game/story.py",
        "        index = max(range(len(gains)), key=lambda i: (gains[i][side], -i))\n",
        "        index = len(gains) - 1\n",
        ("tests/web/test_story.py",),
    ),
    Break(
        "phone-hand-tiles-small",
        "on a phone the hand's tiles are a thumb wide, 44 px at least",
        "web/style.css",
        "    width: 44px;\n    height: 84px;\n",
        "    width: 36px;\n    height: 68px;\n",
        ("tests/browser/test_phone.py", "-k", "thumb"),
        browser=True,
    ),
    Break(
        "phone-board-pips-small",
        "on a phone the board's pips are big enough to count",
        "web/table/board.py",
        "_PIP_R: Final = 0.1 * HALF",
        "_PIP_R: Final = 0.05 * HALF",
        ("tests/browser/test_phone.py", "-k", "thumb"),
        browser=True,
    ),
    Break(
        "phone-header-blank-buttons",
        "on a phone the header's buttons are icons, not blank circles",
        "web/style.css",
        "  .action-icon {\n    display: block;\n  }\n",
        "",
        ("tests/browser/test_phone.py", "-k", "one_row"),
        browser=True,
    ),
    Break(
        "phone-log-cuts-lines",
        "on a phone the move log shows whole lines, none cut in half",
        "web/style.css",
        "    height: calc(3 * 1.45em);\n",
        "    height: 5.5rem;\n",
        ("tests/browser/test_phone.py", "-k", "whole_lines"),
        browser=True,
    ),
    Break(
        "phone-log-under-the-hand",
        "on a phone the move log's lines stay above a hand of two rows",
        "web/style.css",
        "  .play {\n    grid-template-rows: minmax(0, 1fr) auto;\n  }\n",
        "",
        ("tests/browser/test_phone.py", "-k", "whole_lines"),
        browser=True,
    ),
    Break(
        "dialog-buttons-scroll-away",
        "every dialog's buttons stay in view, the New match form's Start among them",
        "web/style.css",
        "  min-height: 0;\n  overflow-y: auto;\n  margin: 0 -0.4rem;\n",
        "  margin: 0 -0.4rem;\n",
        ("tests/browser/test_phone.py", "-k", "dialogs_buttons"),
        browser=True,
    ),
    Break(
        "review-breaks-tile-names",
        "a tile's name in the review stays on one line",
        "web/style.css",
        ".tile-name {\n  white-space: nowrap;\n}\n",
        ".tile-name {\n}\n",
        ("tests/browser/test_review.py", "-k", "grades and phone"),
        browser=True,
    ),
    Break(
        "draw-before-the-tile-lands",
        "the tile played lands before a draw begins",
        "web/game/pacing.py",
        "                await motion.finished(slide)\n",
        "",
        ("tests/browser/test_voice.py", "-k", "desktop_the_header"),
        browser=True,
    ),
    Break(
        "prompt-speaks-during-draws",
        "while a draw lands, the prompt does not say it is the player's turn",
        "web/game/voice.py",
        '    if stage is not None and stage.pending:\n        return ""\n',
        "",
        ("tests/browser/test_voice.py", "-k", "desktop_the_header"),
        browser=True,
    ),
    Break(
        "header-keeps-the-draw",
        "once the draws are shown, the header says whose turn it is, as the prompt does",
        "web/game/pacing.py",
        "    page.state.clear_notice()\n    page.render_opponents(page.seen())\n",
        "    page.render_opponents(page.seen())\n",
        ("tests/browser/test_voice.py", "-k", "desktop_the_header"),
        browser=True,
    ),
    Break(
        "touch-told-of-escape",
        "a touch screen is never told to press a key",
        "web/game/voice.py",
        "touch=touch_screen()",
        "touch=False",
        ("tests/browser/test_voice.py", "-k", "touch_screen"),
        browser=True,
    ),
    Break(
        "r-reads-the-deal-order",
        "R reads the hand in the order the screen shows it",
        "web/game/words.py",
        "t.tile(tile) for tile in hand_order(seen.hand))",
        "t.tile(tile) for tile in seen.hand)",
        ("tests/web/test_words.py", "-k", "r_reads"),
    ),
    Break(
        "hint-off-the-review-stream",
        "the hint is the review's judge on the review's own stream: a hinted move is graded best, same figures",
        "allfives/review.py",
        "_choices(view, moves, decision_stream(seed, hand, move_number), samples)",
        "_choices(view, moves, decision_stream(seed + 1, hand, move_number), samples)",
        ("tests/engine/test_review.py", "tests/web/test_coach_words.py", "-k", "follows or hint_is_the_move"),
    ),
    Break(
        "hint-says-another-move",
        "a player who follows the hint at every turn finds every choice graded Best in the review",
        "web/table/coach_words.py",
        "    move = move_words(t, advice.best.move)\n",
        "    move = move_words(t, advice.choices[-1].move)\n",
        ("tests/browser/test_review.py", "-k", "played_by_the_hint"),
        browser=True,
    ),
    Break(
        "undo-into-the-last-hand-unsaid",
        "Undo that reopens the hand before says so in the header",
        "web/game/main.py",
        "            self.set_status(said)\n",
        "            pass\n",
        ("tests/browser/test_hand_end.py", "-k", "undo_at_the_start"),
        browser=True,
    ),
    Break(
        "end-rings-show-the-count",
        "an end's ring shows the number to match there, 3 beside 3-3 (not the 6 it counts)",
        "web/table/board.py",
        'f"{_attr(end.pips)}</text></g>"',
        'f"{_attr(end.counts)}</text></g>"',
        ("tests/web/test_board.py", "-k", "each_open_end"),
    ),
    Break(
        "arms-turn-with-felt-ahead",
        "the arms run straight while there is room: a chain turns only where its next tile would leave the felt",
        "web/table/geometry.py",
        "            return ahead > run.reach\n",
        "            return ahead > run.reach / 2\n",
        ("tests/web/test_table_fill.py", "-k", "straight_while_there_is_room"),
    ),
    Break(
        "tall-table-felt-laid-wide",
        "a phone's table turns its arms down its height: its felt is taller than the table",
        "web/table/geometry.py",
        "TALL_FELT: Final = 0.7\n",
        "TALL_FELT: Final = 1.6\n",
        ("tests/web/test_table_fill.py", "-k", "down_its_height"),
    ),
    Break(
        "felt-far-larger-than-a-hand",
        "a hand's layout fills its table: the felt is about the size a hand lays",
        "web/table/geometry.py",
        "FELT_AREA: Final = 190 * HALF * HALF\n",
        "FELT_AREA: Final = 600 * HALF * HALF\n",
        ("tests/web/test_table_fill.py", "-k", "fills_its_table"),
    ),
    Break(
        "felt-grows-with-the-west-chain",
        "a tile once placed keeps its place as the table grows",
        "web/table/geometry.py",
        "    felt_half = half_width, half_height = felt(aspect, small)\n",
        "    felt_half = half_width, half_height = felt(aspect * (1 + len(layout.arms[0]) / 20), small)\n",
        ("tests/web/test_table_stability.py", "-k", "never_move"),
    ),
    Break(
        "end-rings-a-third-of-a-tile",
        "at a hand's end the ends' rings are at least 16 px across (the phone's board, the smaller)",
        "web/table/board.py",
        "RING_RADIUS: Final = 0.5 * HALF\n",
        "RING_RADIUS: Final = 0.3 * HALF\n",
        ("tests/browser/test_board_reading.py", "-k", "hands_end and phone"),
        browser=True,
    ),
    Break(
        "board-kept-at-its-first-shape",
        "the board is drawn again when its box changes shape, so its tiles fill it",
        "web/page/shell.py",
        "                if self.drawn_shape is not None and self.box_shape() != self.drawn_shape:\n",
        "                if False:\n",
        ("tests/browser/test_board_reading.py", "-k", "hands_end and phone"),
        browser=True,
    ),
    Break(
        "focus-falls-to-the-body",
        "after a move by keyboard the focus stays in the hand",
        "web/game/main.py",
        '        if closest(document.activeElement, "#hand, #board") is not None:\n            by_id("hand").focus()\n',
        "",
        ("tests/browser/test_accessibility.py", "-k", "focus_stays"),
        browser=True,
    ),
    Break(
        "menu-rings-its-first-box",
        "the Menu opens holding the focus itself, not ringing its Language box",
        "web/game/dialogs.py",
        '    by_id("dialog").focus()\n',
        "",
        ("tests/browser/test_look.py", "-k", "menu_opens"),
        browser=True,
    ),
    Break(
        "review-of-another-game",
        "a review kept with a record is checked against the record's moves",
        "allfives/review.py",
        "        if judgement.hand not in judged or moves.get(place) != judgement.played or seats.get(place) != judgement.seat:\n",
        "        if judgement.hand not in judged:\n",
        ("tests/engine/test_review.py", "tests/web/test_marks.py"),
    ),
    Break(
        "replay-hides-the-best-move",
        "the replay shows the best move on the table when asked",
        "web/replay/live.py",
        "        if self.show_best and mark is not None and mark.best_layout is not None and mark.best is not None:\n",
        "        if False and mark is not None and mark.best_layout is not None and mark.best is not None:\n",
        ("tests/browser/test_review_replay.py",),
        browser=True,
    ),
    Break(
        "review-worked-out-again",
        "the coach's review is kept with the game and shown at once when asked again",
        "web/game/coach.py",
        "    result = game.review_kept_of(hand)\n",
        "    result = None\n",
        ("tests/browser/test_review_replay.py",),
        browser=True,
    ),
    Break(
        "verify-ignores-boneyard",
        "a deal is verified only when the seed gives the boneyard in its order too",
        "allfives/verify.py",
        "    if dealt.boneyard != hand.deal.boneyard:\n",
        "    if sorted(dealt.boneyard) != sorted(hand.deal.boneyard):\n",
        ("tests/engine/test_verify.py",),
    ),
    Break(
        "verify-trusts-the-seed",
        "a record whose seed does not give its deal fails verification",
        "allfives/verify.py",
        "        if sorted(expected) != sorted(recorded):\n",
        "        if len(expected) != len(recorded):\n",
        ("tests/engine/test_verify.py", "tests/cli/test_cli.py", "-k", "verif"),
    ),
    Break(
        "selfplay-deals-unseeded",
        "a record the command line's selfplay writes carries each deal's seed, so verify checks it",
        "allfives/cli/__init__.py",
        'match.deal_seed(f"{seed}/hand/{len(match.hands) + 1}")',
        "match.deal(random.Random(seed))",
        ("tests/cli/test_cli.py", "-k", "carry_their_seeds"),
    ),
    Break(
        "family-threes-not-counted",
        "Fives and Threes scores a total's threes and its fives: 6 scores 2, 15 scores 8",
        "allfives/rules.py",
        "    return (total // 3 if total % 3 == 0 else 0) + (total // 5 if total % 5 == 0 else 0)\n",
        "    return total // 5 if total % 5 == 0 else 0\n",
        ("tests/engine/test_family.py", "-k", "threes_and_fives or second_reading"),
    ),
    Break(
        "family-count-marked-as-pips",
        "on a cribbage board the pips left at a hand's end score one point per five",
        "allfives/rules.py",
        '        return rounded if self.marking == "pips" else rounded // 5\n',
        "        return rounded\n",
        ("tests/engine/test_family.py", "-k", "hand_end_that_would_pass or second_reading"),
    ),
    Break(
        "family-no-spinner-spins",
        "with no spinner the first double lies crosswise on a line of two ends: nothing goes North or South",
        "allfives/layout.py",
        "            if t.is_double and self.spins:\n",
        "            if t.is_double:\n",
        ("tests/engine/test_family.py", "-k", "no_spinner or second_reading"),
    ),
    Break(
        "family-double-lead-counted-once",
        "with no spinner a double lead with one side covered is still an end, counting both halves (5-5, 5-3: 13)",
        "allfives/layout.py",
        "            weight[1 - arm] = 2\n",
        "            weight[1 - arm] = 1\n",
        ("tests/engine/test_family.py", "-k", "two_ends or second_reading"),
    ),
    Break(
        "family-knock-draws",
        "in Fives and Threes nobody draws: a player who cannot play knocks, the tiles left out of play",
        "allfives/hand.py",
        '        boneyard = self.boneyard if self.rules.boneyard == "draw" else []\n',
        "        boneyard = self.boneyard\n",
        ("tests/engine/test_family.py", "-k", "knocks or second_reading"),
    ),
    Break(
        "family-exact-target-passed",
        "61 exactly: a play whose count would pass the target is not counted",
        "allfives/hand.py",
        "if self.scores[self.sides[seat]] + points + chip > self.target:",
        "if self.scores[self.sides[seat]] + points + chip > 2 * self.target:",
        ("tests/engine/test_family.py", "-k", "reached_exactly or second_reading"),
    ),
    Break(
        "family-chip-out-scored-apart",
        "61 exactly: a scoring play that chips out scores with its point for going out, or neither counts",
        "allfives/hand.py",
        'chip = 1 if self.rules.hand_end == "chip-out" and not hand and self._all_out(seat) else 0',
        "chip = 0",
        ("tests/engine/test_family.py", "-k", "chips_out_scores or second_reading"),
    ),
    Break(
        "family-exact-hand-end-passed",
        "61 exactly: what a hand's end would add past the target is not counted",
        "allfives/hand.py",
        "change = tuple(0 if d > 0 and self.scores[s] + d > target else d for s, d in enumerate(change))",
        "change = tuple(0 if d > 0 and self.scores[s] + d > 2 * target else d for s, d in enumerate(change))",
        ("tests/engine/test_family.py", "-k", "hand_end_that_would_pass"),
    ),
    Break(
        "family-partner-chips-out-alone",
        "in partnership Fives and Threes the hand goes on until both partners have chipped out",
        "allfives/hand.py",
        '        if self.rules.hand_end != "chip-out" or not self.rules.teams:\n',
        "        if True:\n",
        ("tests/engine/test_family.py", "-k", "partners or second_reading"),
    ),
    Break(
        "family-no-point-for-chipping-out",
        "chipping out scores one point",
        "allfives/hand.py",
        "            change[chipped] = 1\n",
        "            change[chipped] = 0\n",
        ("tests/engine/test_family.py", "-k", "knocks_and_draws or second_reading"),
    ),
    Break(
        "family-lead-stays",
        "in Fives and Threes the lead passes to the left from hand to hand",
        "allfives/match.py",
        "            return (hand.leader + 1) % self.rules.players\n",
        "            return hand.leader\n",
        ("tests/engine/test_family.py", "-k", "lead_passes"),
    ),
    Break(
        "family-contradiction-allowed",
        "threes and fives counted as pips is refused in words, not played",
        "allfives/rules.py",
        '    if rules.scoring == "threes-and-fives" and rules.marking == "pips":\n',
        '    if rules.scoring == "threes-and-fives" and rules.marking == "nothing":\n',
        ("tests/engine/test_family.py", "-k", "contradictory"),
    ),
    Break(
        "family-playouts-score-fives",
        "the searches' playouts score the family's games by their own rules, not All Fives'",
        "allfives/players/rollout.py",
        "    if not rules.all_fives:\n",
        "    if False:\n",
        ("tests/players/test_family_players.py", "-k", "playouts"),
    ),
    Break(
        "daily-expert-timed",
        "the daily's duplicate is the same on every device: the Expert's caps, not a clock",
        "allfives/daily.py",
        "budget_ms=None, deals=EXPERT_DEALS, playout=LEARNED)",
        "budget_ms=5.0, deals=EXPERT_DEALS, playout=LEARNED)",
        ("tests/engine/test_daily.py",),
    ),
    Break(
        "daily-future-allowed",
        "a daily deal of a date not yet begun anywhere is refused",
        "allfives/daily.py",
        "    if when > latest:\n",
        "    if when > latest + timedelta(days=1):\n",
        ("tests/engine/test_daily.py",),
    ),
    Break(
        "daily-counts-twice",
        "only the first play of today's daily counts; any other is practice",
        "web/game/daily_state.py",
        "        return day == today and day.isoformat() not in self.results and",
        "        return day == today and",
        ("tests/web/test_daily_state.py",),
    ),
    Break(
        "daily-second-hand",
        "a daily deal is one hand: nothing is dealt after it",
        "web/table/controller.py",
        "if not self.match.needs_deal or (self.daily is not None and self.match.hands):",
        "if not self.match.needs_deal:",
        ("tests/web/test_daily_state.py",),
    ),
    Break(
        "no-fingerprint-in-the-menu",
        "the Menu shows the deal's fingerprint while its hand is played",
        "web/game/deal_proof.py",
        'return t("deal_menu", hand=len(history), fingerprint=fingerprint(seed))',
        "return None",
        ("tests/web/test_daily_state.py",),
    ),
    Break(
        "seed-back-in-the-log",
        "the log keeps to the moves: the deal's proof is in the Menu and the hand's summary, not the log",
        "web/game/main.py",
        "        log.append(item)\n",
        '        log.append(item, el("li", "Deal fingerprint 0123456789abcdef", class_="aside"))\n',
        ("tests/browser/test_daily.py", "-k", "played_to_its_end"),
        browser=True,
    ),
    Break(
        "daily-practice-counted",
        "a practice play of the daily leaves the dailies played as they were",
        "web/game/daily.py",
        "    if not game.practice:\n        book.add",
        "    if True:\n        book.add",
        ("tests/browser/test_daily.py", "-k", "practice"),
        browser=True,
    ),
    Break(
        "calendar-hides-the-margin",
        "each day of the calendar of dailies says in words its counted margin against the Expert",
        "web/game/daily_month.py",
        'said = t("calendar_counted", date=words, margin=f"{margin:+d}")',
        'said = t("calendar_unplayed", date=words)',
        ("tests/web/test_daily_month.py",),
    ),
    Break(
        "calendar-plays-a-day-to-come",
        "a day still to come cannot be chosen in the calendar of dailies",
        "web/game/daily_month.py",
        "        return self.played != FUTURE",
        "        return True",
        ("tests/web/test_daily_month.py",),
    ),
    Break(
        "daily-left-forgotten",
        "a counted daily left unfinished keeps the day played (a second play is practice) and ends the streak",
        "web/game/daily_state.py",
        "            self.taken[day.isoformat()] = LEFT",
        "            self.taken.pop(day.isoformat())",
        ("tests/web/test_daily_month.py",),
    ),
    Break(
        "daily-left-not-the-days-daily",
        "a counted daily left by New match is in the history and the calendar as that day's daily, left unfinished",
        "web/game/history_page.py",
        "        daily_book.left(page, game)  # a counted daily left: the day is played, with no result",
        "        pass",
        ("tests/browser/test_daily_calendar.py", "-k", "left_by_new_match"),
        browser=True,
    ),
    Break(
        "history-opens-on-the-calendar",
        "the History screen opens on the matches and their statistics; the dailies' calendar follows in its own section",
        "web/game/history_page.py",
        "    body.append(daily_calendar.section(page, shelf.entries))\n",
        "    body.insert(0, daily_calendar.section(page, shelf.entries))\n",
        ("tests/browser/test_history.py", "-k", "opens_on_the_matches"),
        browser=True,
    ),
    Break(
        "daily-unnamed-on-the-table",
        "the daily says it is the daily on the table: its name and date in the score row",
        "web/game/main.py",
        '            box.append(el("div", words.daily_name(self.t, game.daily), class_="score daily-name"))\n',
        "            pass\n",
        ("tests/browser/test_daily.py", "-k", "says_it_is_the_daily"),
        browser=True,
    ),
    Break(
        "daily-expert-badged-expert",
        'the daily\'s opponent is the Expert, said once: not "Expert / Expert"',
        "web/game/main.py",
        "badges = [] if setup.is_person or game.daily else",
        "badges = [] if setup.is_person else",
        ("tests/browser/test_daily.py", "-k", "says_it_is_the_daily"),
        browser=True,
    ),
    Break(
        "daily-score-cards-say-of-250",
        "a daily's score cards say no target (it is one hand): its name stands beside them instead",
        "web/game/words.py",
        '    return "" if game.daily is not None else target_note(t, score, game.rules.points_to_win)\n',
        "    return target_note(t, score, game.rules.points_to_win)\n",
        ("tests/web/test_dates.py", "-k", "names_itself"),
    ),
    Break(
        "history-daily-expert-twice",
        'a daily in the history says its opponent once: "You against Expert", not "Expert (Expert)"',
        "web/game/history_words.py",
        "    if entry.level is not None and daily_of(entry.record) is None:\n",
        "    if entry.level is not None:\n",
        ("tests/web/test_dates.py", "-k", "names_itself"),
    ),
    Break(
        "dates-written-iso",
        'a date is written one way a language, in words ("6 December 2026"), wherever the page shows one',
        "web/game/dates.py",
        '    return t("date", day=str(day.day), month=t(f"month_{day.month}"), year=str(day.year))\n',
        "    return day.isoformat()\n",
        ("tests/web/test_dates.py",),
    ),
    Break(
        "history-daily-date-kept-iso",
        "a daily's entry in the history is dated as the page writes dates, not as the record keeps them",
        "web/game/history_words.py",
        "date=iso_date_words(t, day), result=said)",
        "date=day, result=said)",
        ("tests/web/test_dates.py", "-k", "one_way"),
    ),
    Break(
        "history-dated-in-utc",
        "a match in the history is dated by the device's clock, not UTC",
        "web/game/dates.py",
        "        return when - timedelta(minutes=offset_minutes if math.isfinite(offset_minutes) else 0)\n",
        "        return when\n",
        ("tests/web/test_dates.py", "-k", "devices_clock"),
    ),
    Break(
        "share-text-without-key",
        "the daily's share text says what each coloured square means",
        "web/game/daily_state.py",
        "(head, marks, share_key(t), link)",
        "(head, marks, link)",
        ("tests/web/test_daily_state.py", "-k", "share_text"),
    ),
    Break(
        "share-key-in-english",
        "the share text's key is in the player's language",
        "web/game/daily_state.py",
        '    return t("daily_share_key", **squares)\n',
        '    return Translator("en")("daily_share_key", **squares)\n',
        ("tests/web/test_daily_state.py", "-k", "key_names_every_square"),
    ),
    Break(
        "refusal-dated-as-the-link-wrote-it",
        "a link's daily refused for its date says the date as the page writes dates",
        "web/game/daily_state.py",
        '    if error.kind in ("future", "too-early"):\n',
        "    if False:\n",
        ("tests/web/test_daily_state.py", "-k", "refused_link"),
    ),
    Break(
        "replay-trusts-changed-deals",
        "the replay names the hands whose deal does not follow from its seed",
        "web/replay/proof.py",
        "    failed = sorted({check.hand for check in checks if check.verified is False})",
        "    failed: list[int] = []",
        ("tests/web/test_replay_proof.py",),
    ),
    Break(
        "replay-says-nothing-of-seeds",
        "the replay says under it whether every deal follows from its seed",
        "web/replay/live.py",
        "        self.draw_seeds(record)\n",
        "",
        ("tests/browser/test_replay_seeds.py",),
        browser=True,
    ),
    Break(
        "daily-needs-the-network",
        "the daily is dealt, played and scored against the Expert offline: its result asks the network for nothing",
        "web/game/daily.py",
        "    result = await think(working, still_wanted)\n",
        '    await window.fetch("./daily-scores.json")\n    result = await think(working, still_wanted)\n',
        ("tests/browser/test_daily_offline.py",),
        browser=True,
    ),
    Break(
        "daily-link-lost-to-the-introduction",
        "a newcomer opening a shared daily plays that daily once the introduction closes",
        "web/game/main.py",
        ' or "daily=" in str(window.location.search)',
        "",
        ("tests/browser/test_daily.py", "-k", "newcomer"),
        browser=True,
    ),
    Break(
        "history-forgets-the-review",
        "a hand reviewed after the match is in the history is marked in the history's replay",
        "web/game/coach.py",
        "        History(page.store).keep_review(game)  # and with the match in the history, once it is there\n",
        "",
        ("tests/browser/test_review_replay.py", "-k", "history"),
        browser=True,
    ),
    # Issue 32: the history of matches (web/game/history.py, web/game/history_page.py)
    Break(
        "history-forgets-a-match-left-for-a-file",
        "a match left by loading a saved game is kept in the history, unfinished",
        "web/game/dialogs.py",
        '    history_page.leave(page, page.game)\n    page.begin(game)\n    page.announce(page.t("imported"))\n',
        '    page.begin(game)\n    page.announce(page.t("imported"))\n',
        ("tests/browser/test_history.py", "-k", "loading_a_saved"),
        browser=True,
    ),
    Break(
        "history-makes-room-before-writing",
        "a write that fails never destroys the last good copy: the new entry is written, then the oldest dropped",
        "web/game/history.py",
        "        if not self.store.set(KEY + entry.id, entry.to_text()):\n            return False\n        self._trim(entry.id)\n",
        "        for old in self.shelf().entries[self.capacity - 1 :]:\n            self.store.remove(KEY + old.id)\n"
        "        if not self.store.set(KEY + entry.id, entry.to_text()):\n            return False\n",
        ("tests/web/test_history.py", "-k", "write_that_fails"),
    ),
    Break(
        "history-drops-an-unreadable-entry",
        "an entry of the history that cannot be read is kept aside, never dropped",
        "web/game/history.py",
        "                unreadable.append((key, text))\n",
        "                self.store.remove(key)\n",
        ("tests/web/test_history.py", "-k", "kept_aside"),
    ),
    Break(
        "history-forgets-the-dropped-results",
        "a match dropped for room goes on counting in the statistics",
        "web/game/history.py",
        "                self.store.count_match(entry.level, entry.won)\n",
        "                pass\n",
        ("tests/web/test_history.py", "-k", "capacity"),
    ),
    Break(
        "history-trusts-a-file",
        "a file brought in is checked in full: its own summary and its record are not taken on trust",
        "web/game/history.py",
        "        return checked(Entry.from_json(data))\n",
        "        return Entry.from_json(data)\n",
        ("tests/web/test_history.py", "-k", "trusted or bad_lines"),
    ),
    Break(
        "history-oldest-first",
        "the History screen lists the newest match first",
        "web/game/history.py",
        "key=lambda e: (e.ended, e.started, e.id), reverse=True)",
        "key=lambda e: (e.ended, e.started, e.id))",
        ("tests/web/test_history.py", "-k", "newest_match_comes_first"),
    ),
    Break(
        "history-statistics-count-unfinished",
        "the statistics count the finished matches only",
        "web/game/history.py",
        "        if not entry.finished or entry.level is None or entry.won is None or entry.points is None:",
        "        if entry.level is None or entry.points is None:",
        ("tests/web/test_history.py", "-k", "statistics_count"),
    ),
    Break(
        "history-forgets-the-match-left",
        "a match left by New match while in progress is kept in the history",
        "web/game/dialogs.py",
        "        history_page.leave(page, page.game)\n        page.begin(Game(new_setup))\n",
        "        page.begin(Game(new_setup))\n",
        ("tests/browser/test_history.py", "-k", "left_by_new_match"),
        browser=True,
    ),
    Break(
        "history-filter-ignored",
        "the History screen's filter shows one opponent's matches, and the statistics agree",
        "web/game/history_page.py",
        "    entries = filtered(shelf.entries, level)\n",
        "    entries = list(shelf.entries)\n",
        ("tests/browser/test_history.py", "-k", "filter"),
        browser=True,
    ),
    Break(
        "start-in-one-task",
        "the page's start gives the page back between its groups of modules",
        "web/page/startup.py",
        "        await asyncio.sleep(0)  # the browser's turn",
        "        pass  # the browser's turn",
        ("tests/web/test_startup.py",),
    ),
    Break(
        "first-paint-without-the-score-cards",
        "the game's first paint is its first screen: nothing moves when Python takes over",
        "web/game/first_screen.py",
        "            scores_markup(t, game, language),\n            opponents_markup(t, game, language=language),\n",
        '            "",\n            "",\n',
        ("tests/browser/test_first_paint.py", "-k", "first_visit"),
        browser=True,
    ),
    Break(
        "first-paint-in-english-only",
        "a first visit sees its first screen in its own language from the first paint",
        "web/game/first_screen.py",
        "    for language in LANGUAGES:\n        t = Translator(language)\n",
        '    for language in LANGUAGES:\n        t = Translator("en")\n',
        ("tests/browser/test_first_paint.py", "-k", "language"),
        browser=True,
    ),
    Break(
        "replay-words-in-english-until-python",
        "a replay framed in another language shows its words from the first paint",
        "sitebuild/first_paint.py",
        'TRANSLATED_PAGES: Final = (GAME_PAGE, "embed.html")',
        "TRANSLATED_PAGES: Final = (GAME_PAGE,)",
        ("tests/browser/test_first_paint.py", "-k", "replay_in_another_language"),
        browser=True,
    ),
    Break(
        "first-paint-language-not-the-pages",
        "the first paint speaks the language the page's Python will speak",
        "web/js/loading.js",
        'const asked = page === "replay" ? option : savedLanguage();',
        "const asked = option || savedLanguage();",
        ("tests/browser/test_first_paint.py", "-k", "speaks"),
        browser=True,
    ),
    Break(
        "first-paint-shows-every-language",
        "the first paint shows one language's copy, the player's",
        "sitebuild/first_paint.py",
        '    return selectors + " {\\n  display: none !important;\\n}"',
        '    return selectors + " {\\n}"',
        ("tests/browser/test_first_paint.py", "-k", "own_language"),
        browser=True,
    ),
    Break(
        "menu-left-in-the-old-language",
        "a language chosen in the open Menu is spoken at once, by the Menu itself too (issue 44)",
        "web/game/dialogs.py",
        "    page.refill_dialog(*menu_parts(page))\n",
        "",
        ("tests/browser/test_languages.py", "-k", "menu_open_after_a_switch or speaks_the_language_chosen"),
        browser=True,
    ),
    Break(
        "table-region-named-in-english",
        "a screen reader names the page's regions in the player's language: the Table among them",
        "web/index.html",
        ' data-i18n-label="region_table">',
        ">",
        ("tests/browser/test_languages.py", "-k", "regions_are_named"),
        browser=True,
    ),
    Break(
        "board-tiles-named-in-english",
        "the board's tiles are named in the player's language",
        "web/table/labels.py",
        "board.Labels(tile=t.tile,",
        "board.Labels(tile=board.tile_name,",
        ("tests/browser/test_languages.py", "-k", "tiles_are_named"),
        browser=True,
    ),
    Break(
        "hidden-tiles-named-in-english",
        "a tile drawn inside a button names itself in no language, so no English is left in the markup",
        "web/table/board.py",
        'css_class=css_class, label="")',
        "css_class=css_class)",
        ("tests/browser/test_languages.py", "-k", "menu_open_after_a_switch and de"),
        browser=True,
    ),
    Break(
        "review-says-move-twice",
        "the review never says a word twice in a row (German once read 'Bester Zug Zug 11')",
        "web/lang/de.py",
        '    "grade_best": "Optimal",\n',
        '    "grade_best": "Bester Zug",\n',
        ("tests/web/test_coach_words.py", "-k", "twice"),
    ),
    Break(
        "default-names-kept-as-written",
        "a default name written in another language ('Computer' in a Hungarian page) is said in the reader's",
        "web/table/seat_names.py",
        "    return default_name(t, seat, players) if name.strip() in default_names(seat) else name\n",
        "    return name\n",
        ("tests/web/test_replay.py", "tests/web/test_history.py", "-k", "default_names or reads_as_who"),
    ),
    Break(
        "page-set-in-the-system-font",
        "the page is set in one named font every system has, so its first paint is laid out once",
        "web/style.css",
        "  font-family:\n    Arial,",
        "  font-family:\n    system-ui,\n    Arial,",
        ("tests/browser/test_first_paint.py", "-k", "one_named_font"),
        browser=True,
    ),
    Break(
        "replay-loading-bar-takes-room",
        "the replay's table is where the live replay draws it from the first paint",
        "web/embed.css",
        ".embed-top .loading {\n  position: absolute;",
        ".embed-top .not-the-loading-bar {\n  position: absolute;",
        ("tests/browser/test_first_paint.py", "-k", "replay"),
        browser=True,
    ),
    Break(
        "first-paint-introduction-for-everyone",
        "a visit that is not a first one never sees the introduction drawn for the first paint",
        "web/js/loading.js",
        'if (!firstVisit()) document.documentElement.dataset.returning = "1";',
        "firstVisit();",
        ("tests/browser/test_first_paint.py", "-k", "returning"),
        browser=True,
    ),
    # Issue 44: a newcomer's first minute (tests/browser/test_first_minute.py)
    Break(
        "intro-focus-on-the-rules-link",
        "the introduction opens with its main button holding the focus, so Enter goes on",
        "web/game/intro.py",
        '    q("#dialog-buttons button").focus()\n',
        "",
        ("tests/browser/test_first_minute.py", "-k", "enter_goes"),
        browser=True,
    ),
    Break(
        "intro-opponent-crammed-into-step-3",
        "whom to play is a step of the introduction of its own, after how a hand and the match end",
        "web/game/intro.py",
        "    last = number == STEPS\n",
        "    last = number >= STEPS - 1\n",
        ("tests/browser/test_first_minute.py", "-k", "whom_to_play"),
        browser=True,
    ),
    Break(
        "intro-step-label-cut-off",
        "on a phone nothing in the introduction is cut off: its step label is whole",
        "web/style.css",
        ".intro-step {\n  margin: 0 0 0.6rem;",
        ".intro-step {\n  margin: -0.3rem 0 0.6rem;",
        ("tests/browser/test_first_minute.py", "-k", "cut_off"),
        browser=True,
    ),
    Break(
        "intro-expert-choice-squeezed",
        "on a phone the longest level's radio button is as wide as the others",
        "web/style.css",
        ".intro-opponents input {\n  flex: none;\n",
        ".intro-opponents input {\n",
        ("tests/browser/test_first_minute.py", "-k", "cut_off"),
        browser=True,
    ),
    Break(
        "header-buttons-38-px",
        "on a phone the header's buttons are a thumb's target, 44 px square",
        "web/style.css",
        "    width: 2.75rem;\n    min-height: 2.75rem;\n    padding: 0;\n    border: 3px solid transparent;\n",
        "    width: 2.35rem;\n    min-height: 2.35rem;\n    padding: 0;\n    border: 3px solid transparent;\n",
        ("tests/browser/test_first_minute.py", "-k", "takes_a_thumb"),
        browser=True,
    ),
    Break(
        "intro-buttons-40-px",
        "on a phone the introduction's buttons are 44 px tall",
        "web/style.css",
        "  .dialog-buttons button {\n    min-height: 2.75rem;\n  }\n",
        "",
        ("tests/browser/test_first_minute.py", "-k", "takes_a_thumb"),
        browser=True,
    ),
    Break(
        "intro-rules-link-a-line-high",
        "on a phone the introduction's link to the rules is 44 px tall",
        "web/style.css",
        "    align-items: center;\n    min-height: 2.75rem;\n  }\n",
        "    align-items: center;\n  }\n",
        ("tests/browser/test_first_minute.py", "-k", "takes_a_thumb"),
        browser=True,
    ),
    Break(
        "new-match-warns-with-nothing-to-lose",
        "New match says Start ends the match in progress only when one is",
        "web/game/dialogs.py",
        "    if game is not None and game.in_progress:\n",
        "    if game is not None:\n",
        ("tests/browser/test_draws.py", "-k", "says_it_ends"),
        browser=True,
    ),
    Break(
        "new-match-silent-on-a-match-in-progress",
        "New match says, above Start, that Start ends the match in progress",
        "web/game/dialogs.py",
        "    if game is not None and game.in_progress:\n",
        "    if game is not None and game.in_progress and False:\n",
        ("tests/browser/test_draws.py", "-k", "says_it_ends"),
        browser=True,
    ),
    Break(
        "page-part-knows-the-page-object",
        "the game page's parts depend on the protocols of game/roles.py, never on main.Page, even for types",
        "web/game/pacing.py",
        "    from game.roles import Pacing, Table\n",
        "    from game.main import Page\n    from game.roles import Pacing, Table\n",
        ("tests/tooling/test_imports.py",),
    ),
    Break(
        "page-reaches-past-the-controller",
        "the controller is the only way to the match from web/",
        "web/game/landing.py",
        '    if game.is_over:\n        return t("match_over")',
        '    if game.match.is_over:\n        return t("match_over")',
        ("tests/tooling/test_one_door.py",),
    ),
    Break(
        "undo-keeps-the-hint",
        "a new match or an undo stops what was under way: nothing stays picked or hinted",
        "web/game/state.py",
        "        self.hint_move = None\n",
        "",
        ("tests/web/test_page_state.py",),
    ),
    Break(
        "draws-land-all-at-once",
        "a move's draws land one at a time",
        "web/game/state.py",
        "pending=self.pending[1:]",
        "pending=()",
        ("tests/web/test_page_state.py",),
    ),
    Break(
        "r-reads-no-ends",
        "R reads the ends and what they count, worked out from the layout (not read back from the screen)",
        "web/game/main.py",
        "        ends = words.ends_line(self.t, seen.layout)\n",
        '        ends = ""\n',
        ("tests/browser/test_game.py", "-k", "nobody_can_undo"),
        browser=True,
    ),
    Break(
        "opponent-read-without-its-level",
        "an opponent's card reads as one line with its level, from the badges the page drew",
        "web/game/main.py",
        "words.opponent_card(self.t, setup.name, badges, count, state)",
        "words.opponent_card(self.t, setup.name, [], count, state)",
        ("tests/browser/test_board_reading.py", "-k", "opponent_as_one_line"),
        browser=True,
    ),
)


def apply(root: Path, brk: Break) -> None:
    """Make ``brk`` in the tree at ``root``; its old text must stand there once."""
    path = root / brk.path
    text = path.read_text(encoding="utf-8")
    found = text.count(brk.old)
    if found != 1:
        raise ValueError(f"{brk.name}: the text to break stands {found} times in {brk.path}, not once")
    path.write_text(text.replace(brk.old, brk.new), encoding="utf-8")


def _command(tests: Sequence[str], *, browser: bool) -> list[str]:
    quiet = ["-q", "-x", "-p", "no:cacheprovider", "--reruns=0"]
    if browser:
        # One process (-n 0): under pytest-xdist, -x stops the run as
        # "interrupted" (exit 2) when a test fails, not as a failure (exit 1).
        return [sys.executable, "build.py", "test", "--no-install", *tests, *quiet, "-n", "0"]
    return [sys.executable, "-m", "pytest", *tests, *quiet]


def _run(scratch: Path, tests: Sequence[str], *, browser: bool) -> int:
    done = subprocess.run(_command(tests, browser=browser), cwd=scratch, capture_output=True, text=True, check=False)
    return done.returncode


def _clone(scratch: Path) -> None:
    subprocess.run(["git", "clone", "--quiet", str(ROOT), str(scratch)], check=True)
    modules = ROOT / "node_modules"
    if modules.is_dir():
        (scratch / "node_modules").symlink_to(modules, target_is_directory=True)


def check(breaks: Sequence[Break]) -> list[str]:
    """Run each break in a scratch clone; return the names of those no test caught."""
    missed: list[str] = []
    scratch = Path(tempfile.mkdtemp(prefix="allfives-breaks-")) / "clone"
    try:
        _clone(scratch)
        for brk in breaks:
            if _run(scratch, brk.tests, browser=brk.browser) != 0:
                print(f"? {brk.name}: its tests fail on the unbroken code, so they prove nothing", flush=True)
                missed.append(brk.name)
                continue
            apply(scratch, brk)
            code = _run(scratch, brk.tests, browser=brk.browser)
            subprocess.run(["git", "checkout", "--quiet", "--", "."], cwd=scratch, check=True)
            # pytest exits 1 when a test failed; 2-5 mean it could not run them (no test, bad usage).
            if code == 1:
                print(f"ok {brk.name}: caught ({brk.why})", flush=True)
            else:
                print(f"MISSED {brk.name}: pytest exited {code} ({brk.why})", flush=True)
                missed.append(brk.name)
    finally:
        shutil.rmtree(scratch.parent, ignore_errors=True)
    return missed


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    parser.add_argument("--only", action="append", default=[], metavar="NAME", help="run this break (repeatable)")
    parser.add_argument("--fast", action="store_true", help="only the breaks whose tests need no browser")
    parser.add_argument("--list", action="store_true", help="list the breaks and the promise each breaks")
    args = parser.parse_args(argv)
    names = {brk.name for brk in BREAKS}
    unknown = [name for name in args.only if name not in names]
    if unknown:
        parser.error(f"no break named {', '.join(unknown)}; --list names them")
    chosen = [b for b in BREAKS if (not args.only or b.name in args.only) and not (args.fast and b.browser)]
    if args.list:
        for brk in chosen:
            print(f"{brk.name:36} {brk.path:32} {brk.why}")
        return 0
    missed = check(chosen)
    print(f"{len(chosen) - len(missed)} of {len(chosen)} breaks caught")
    return 1 if missed else 0


if __name__ == "__main__":
    sys.exit(main())
