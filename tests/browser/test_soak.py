"""A soak: twenty computer-only matches in one page session, never reloaded.

With nobody at the table the page plays on by itself, stopping only at the
dialogs a person would answer: "Next hand" at the end of each hand, "New
match" and Start at the end of each match. The test answers them and watches
that nothing goes wrong (the ``page`` fixture fails it on any console error,
page error or request off 127.0.0.1) and that memory settles: the JavaScript
heap after garbage collection, the DOM's nodes and listeners, and the Python
heap in Pyodide's WebAssembly memory after Python's own collection, after the
fifth match, are within a generous margin of the same after the twentieth.
(The WebAssembly memory's size is printed too, but only ever grows: it is the
high-water mark, not what is held.)
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import TYPE_CHECKING

import pytest
from playwright.sync_api import CDPSession, Page, expect

from .player import HAND_OVER, MATCH_OVER, Player

if TYPE_CHECKING:
    from .conftest import App

pytestmark = pytest.mark.slow

MATCHES = 20
#: The matches compared: once the page is warm, and the last. Every fifth is measured and printed.
WARM, LAST = 5, MATCHES
#: Growth allowed between them: generous, as garbage collection is not exact.
MARGIN = 1.5
#: Beginner against Easy to 50 points: two or three hands a match, so the
#: end-of-hand dialog comes up often too.
SEATS = (("Beginner", "Beginner"), ("Easy", "Easy"))
TARGET = 50
#: No match of two quick computers takes anything like this.
MATCH_TIMEOUT_MS = 120_000

#: Pyodide's WebAssembly instance, kept hold of as it is made: Python's heap
#: lives in its memory, and its exports include Python's garbage collector and
#: the C library's malloc statistics.
WATCH_WASM = """(() => {
    const keep = (result) => {
        const instance = result && (result.instance || result);
        const exports = (instance && instance.exports) || {};
        if (exports.PyGC_Collect && exports.mallinfo) window.__allfivesWasm = exports;
        return result;
    };
    for (const name of ["instantiate", "instantiateStreaming"]) {
        const original = WebAssembly[name];
        WebAssembly[name] = function (...args) { return original.apply(this, args).then(keep); };
    }
})();"""
#: Python's garbage collector, then what malloc has handed out and not had back
#: (struct mallinfo's uordblks; ten ints, written where the first argument points).
PYTHON_HEAP = """() => {
    const wasm = window.__allfivesWasm;
    wasm.PyGC_Collect();
    const at = wasm.malloc(64);
    wasm.mallinfo(at);
    const memory = Object.values(wasm).find((value) => value instanceof WebAssembly.Memory);
    const inUse = new Int32Array(memory.buffer, at, 10)[7];
    wasm.free(at);
    return {inUse, size: memory.buffer.byteLength};
}"""


@dataclass(frozen=True)
class Memory:
    """What the page holds, after garbage collection."""

    js_heap: int  # performance.memory.usedJSHeapSize
    v8_used: int  # the same heap, exactly, from the DevTools protocol
    nodes: int
    listeners: int
    python: int  # bytes malloc'd in Pyodide's memory: Python's objects
    wasm: int  # the size of that memory, which only ever grows: the high-water mark

    def line(self, label: str) -> str:
        return (
            f"{label}: JS heap {self.js_heap / 1e6:.1f} MB (V8 {self.v8_used / 1e6:.1f} MB), "
            f"{self.nodes} DOM nodes, {self.listeners} listeners, "
            f"Python heap {self.python / 1e6:.1f} MB (WebAssembly memory {self.wasm / 1e6:.1f} MB)"
        )


def measure(page: Page, cdp: CDPSession) -> Memory:
    for _ in range(2):  # a second pass collects what the first one's finalizers let go
        cdp.send("HeapProfiler.collectGarbage")
    counters = cdp.send("Memory.getDOMCounters")
    python = page.evaluate(PYTHON_HEAP)
    return Memory(
        js_heap=int(page.evaluate("performance.memory.usedJSHeapSize")),
        v8_used=int(cdp.send("Runtime.getHeapUsage")["usedSize"]),
        nodes=int(counters["nodes"]),
        listeners=int(counters["jsEventListeners"]),
        python=int(python["inUse"]),
        wasm=int(python["size"]),
    )


def start_a_match(player: Player, seed: int) -> None:
    """Fill in the New match dialog (it keeps the last seats and target) and start."""
    form = player.dialog("New match")
    expect(form).to_be_visible()
    for number, (name, level) in enumerate(SEATS, start=1):
        form.get_by_role("textbox", name=f"Name of seat {number}").fill(name)
        form.get_by_role("combobox", name=f"Who plays seat {number}").select_option(label=level)
    form.get_by_role("spinbutton", name="Points to win").fill(str(TARGET))
    player.fill_in_deal_number(form, seed)
    player.start(form)


def play_to_the_end(player: Player) -> int:
    """Let the computers play, answering "Next hand" until the match is over; return the hands played."""
    hands = 1
    while True:
        expect(player.page.get_by_role("dialog")).to_be_visible(timeout=MATCH_TIMEOUT_MS)
        if player.match_is_over():
            return hands
        expect(player.dialog(HAND_OVER)).to_be_visible()
        player.next_hand()
        hands += 1


def test_twenty_computer_matches_in_one_session_leave_memory_where_it_was(app: App, page: Page) -> None:
    page.context.add_init_script(script=WATCH_WASM)
    app.open()
    app.wait_until_ready()
    player = Player(page)
    cdp = page.context.new_cdp_session(page)
    player.set_computer_speed("Fast")
    page.get_by_role("button", name="New match").click()

    began = time.monotonic()
    memory: dict[int, Memory] = {}
    for number in range(1, MATCHES + 1):
        start_a_match(player, seed=number)
        hands = play_to_the_end(player)
        result = player.dialog(MATCH_OVER)
        expect(result).to_contain_text(" wins!")
        if number % 5 == 0:
            memory[number] = measure(page, cdp)
            print(memory[number].line(f"after match {number}"))
        print(f"match {number}: {hands} hand(s), {time.monotonic() - began:.0f} s in")
        result.get_by_role("button", name="New match").click()

    warm, last = memory[WARM], memory[LAST]
    growth = {
        "JS heap": last.v8_used / warm.v8_used,
        "DOM nodes": last.nodes / warm.nodes,
        "listeners": last.listeners / max(warm.listeners, 1),
        "Python heap": last.python / warm.python,
    }
    print(f"growth from match {WARM} to {LAST}: " + ", ".join(f"{name} x{ratio:.2f}" for name, ratio in growth.items()))
    for name, ratio in growth.items():
        assert ratio <= MARGIN, f"{name} grew x{ratio:.2f} from match {WARM} to match {LAST}"
    assert last.js_heap <= warm.js_heap * MARGIN
