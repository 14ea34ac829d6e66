"""One game, one writer: two tabs of one browser share the saved game, and a
tab never saves over a newer game it has not seen (web/game/tabs/model.py)."""

from __future__ import annotations

import pytest
from helpers import FakeStorage, FakeWindow

from game.store import PREFIX, Store
from game.tabs.model import MARK_KEY, Keeper, Mark, Saved

Storage, Window = FakeStorage, FakeWindow


class Blocked:
    """A window whose localStorage throws (a private window, storage off)."""

    @property
    def localStorage(self) -> Storage:
        raise RuntimeError("SecurityError")


def tab(storage: Storage, name: str) -> Keeper:
    """A tab opening the game: it takes the game over before it reads the save."""
    keeper = Keeper(Store(Window(storage)), name)
    keeper.take_over()
    return keeper


def saved(storage: Storage) -> str | None:
    return storage.items.get(PREFIX + "game")


def announced(storage: Storage) -> str:
    """What the storage event carries to the other tabs: the mark's new value."""
    return storage.items[PREFIX + MARK_KEY]


def test_a_tab_alone_saves_every_move() -> None:
    storage = Storage()
    a = tab(storage, "a")
    assert [a.save(f"move {n}") for n in (1, 2, 3)] == [Saved.SAVED] * 3
    assert saved(storage) == "move 3"
    assert not a.covered


def test_the_newest_tab_to_open_has_the_game_and_the_first_is_covered() -> None:
    storage = Storage()
    a = tab(storage, "a")
    a.save("a's move")
    b = tab(storage, "b")
    assert a.heard(announced(storage)), "A hears that B took the game over"
    assert a.covered
    assert not b.covered
    assert b.save("b's move") is Saved.SAVED
    assert saved(storage) == "b's move"


def test_a_tab_that_missed_the_news_never_saves_over_the_newer_game() -> None:
    storage = Storage()
    a = tab(storage, "a")
    a.save("a's first move")
    b = tab(storage, "b")
    b.save("b's move")
    # A never heard B (the event was lost): its save is refused all the same.
    assert a.save("a's second move") is Saved.OVERTAKEN
    assert a.covered
    assert saved(storage) == "b's move"
    assert b.save("b's next move") is Saved.SAVED


def test_play_here_takes_the_game_back_and_covers_the_other_tab() -> None:
    storage = Storage()
    a = tab(storage, "a")
    b = tab(storage, "b")
    a.heard(announced(storage))
    b.save("b's move")
    a.take_over()  # Play here: A takes over, then reads b's move
    assert b.heard(announced(storage))
    assert b.save("b's stale move") is Saved.OVERTAKEN
    assert a.save("a's move after b's") is Saved.SAVED
    assert saved(storage) == "a's move after b's"


def test_a_reload_in_either_order_keeps_the_newest_move() -> None:
    storage = Storage()
    a = tab(storage, "a")
    a.save("a's move")
    b = tab(storage, "b")
    b.save("b's move")
    a_again = tab(storage, "a after a reload")
    assert saved(storage) == "b's move", "the reloaded tab reads b's move"
    assert b.heard(announced(storage))
    a_again.save("a's reply")
    b_again = tab(storage, "b after a reload")
    assert saved(storage) == "a's reply"
    assert b_again.save("b's reply") is Saved.SAVED


def test_news_of_its_own_or_old_news_or_a_cleared_storage_covers_nothing() -> None:
    storage = Storage()
    a = tab(storage, "a")
    a.save("a's move")
    assert not a.heard(Mark(a.seen, "a").to_text()), "its own mark"
    assert not a.heard(Mark(a.seen - 1, "b").to_text()), "a mark older than the one it wrote"
    assert not a.heard(None), "storage cleared: the event's new value is null"
    assert not a.heard("{not json"), "an unreadable mark is nobody's"
    assert not a.covered
    storage.items.clear()
    assert a.save("a's move after the clearing") is Saved.SAVED, "a cleared storage holds no newer game"


@pytest.mark.parametrize(
    "text",
    [None, "", "[]", '{"revision": "3", "tab": "a"}', '{"revision": true, "tab": "a"}', '{"revision": 3}', "null"],
)
def test_a_missing_or_unreadable_mark_is_revision_zero_and_nobodys(text: str | None) -> None:
    assert Mark.from_text(text) == Mark(0, "")


def test_a_mark_reads_back_as_written() -> None:
    mark = Mark(7, "c0ffee")
    assert Mark.from_text(mark.to_text()) == mark


def test_storage_blocked_leaves_the_tab_alone_to_play_without_saving() -> None:
    keeper = Keeper(Store(Blocked()), "a")
    keeper.take_over()
    assert keeper.alone
    assert keeper.save("a move") is Saved.FAILED
    assert not keeper.covered


def test_storage_full_is_a_failed_save_not_a_take_over() -> None:
    storage = Storage()
    a = tab(storage, "a")
    storage.full = True
    assert a.save("a move") is Saved.FAILED
    assert not a.covered
    storage.full = False
    assert a.save("a move") is Saved.SAVED
