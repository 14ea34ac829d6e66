"""One game, one writer: the tabs of the game in one browser share one saved
game, and only one of them may write it.

The saved game carries a *mark* beside it: a revision that goes up with
every save and every take-over, and the tab that wrote it. A tab keeps the
revision it last read or wrote, and saves only while the stored mark is its
own, unchanged (a compare-and-set): once another tab has taken the game over
or saved over it, this tab has been overtaken and never writes again until
the player presses "Play here", which reads the newest game and takes it over.

The newest tab to open takes the game over at once, before it reads the
save, so whatever the other tab writes after that moment is refused, and
what it wrote before is what the new tab reads. The other tabs hear of it
(the page's ``storage`` event, or a message on the :data:`CHANNEL`) and
cover their table. Both work with the network gone: they never leave the
browser.

Browser-free: the page passes the :class:`~game.store.Store` in, and the
words the storage event or the channel carried."""

from __future__ import annotations

import enum
import json
from dataclasses import dataclass
from typing import Final

from allfives import json_text

from game.store import Store

__all__ = ["CHANNEL", "MARK_KEY", "Keeper", "Mark", "Saved"]

#: The storage key, under the store's prefix, of the mark beside the saved game.
MARK_KEY: Final = "game-mark"
#: The BroadcastChannel the tabs announce a take-over on.
CHANNEL: Final = "allfives-game"


@dataclass(frozen=True)
class Mark:
    """Who wrote the saved game last, and at which revision."""

    revision: int
    tab: str

    def to_text(self) -> str:
        return json.dumps({"revision": self.revision, "tab": self.tab})

    @classmethod
    def from_text(cls, text: object) -> Mark:
        """The mark ``text`` holds; none yet (a save from before marks, or
        storage cleared) or an unreadable one is revision 0, nobody's."""
        if isinstance(text, str):
            try:
                data = json_text.loads(text)
            except ValueError:
                data = None
            if isinstance(data, dict):
                revision, tab = data.get("revision"), data.get("tab")
                if isinstance(revision, int) and not isinstance(revision, bool) and isinstance(tab, str):
                    return cls(revision, tab)
        return cls(0, "")


class Saved(enum.Enum):
    """What became of a save."""

    SAVED = "saved"
    #: Another tab has the game now: nothing was written.
    OVERTAKEN = "overtaken"
    #: Storage refused it (full, or blocked).
    FAILED = "failed"


class Keeper:
    """One tab's part in keeping the game: it takes the game over, saves it
    only while it still owns it, and hears when another tab takes it."""

    def __init__(self, store: Store, tab: str) -> None:
        self.store = store
        self.tab = tab
        #: The revision this tab last read or wrote.
        self.seen = 0
        #: Another tab has the game: this tab's table is covered and it writes nothing.
        self.covered = False
        #: Storage cannot hold the mark (blocked, or full): there is nothing
        #: to share, so this tab plays on alone, as it always did.
        self.alone = False

    def stored(self) -> Mark:
        return Mark.from_text(self.store.get(MARK_KEY))

    def take_over(self) -> Mark:
        """This tab owns the game from now on. Called before the saved game is
        read, on opening and on "Play here"; returns the mark to announce."""
        mark = Mark(self.stored().revision + 1, self.tab)
        self.alone = not self.store.set(MARK_KEY, mark.to_text())
        self.seen = mark.revision
        self.covered = False
        return mark

    def owns(self) -> bool:
        """Whether the stored game is still the one this tab last read or wrote."""
        if self.alone:
            return True
        # Nobody's mark: the site's storage was cleared, and no newer game is there.
        return not self.covered and self.stored() in (Mark(self.seen, self.tab), Mark(0, ""))

    def save(self, text: str) -> Saved:
        """Write the game, unless another tab has taken it over or saved
        since this tab last did: then write nothing, and be covered."""
        if not self.owns():
            self.covered = True
            return Saved.OVERTAKEN
        if not self.store.save_game(text):
            return Saved.FAILED
        # The game first, then its mark: a tab that opens in between reads
        # the newest game and takes it over; this tab's next save is refused.
        mark = Mark(self.seen + 1, self.tab)
        if not self.alone and self.store.set(MARK_KEY, mark.to_text()):
            self.seen = mark.revision
        return Saved.SAVED

    def heard(self, text: object) -> bool:
        """Another tab announced a mark (a storage event's new value, or a
        message on the channel). True when this tab has just been covered."""
        if self.alone or self.covered:
            return False
        mark = Mark.from_text(text)
        if mark.tab in ("", self.tab) or mark.revision < self.seen:
            return False  # storage cleared, this tab's own news, or old news
        self.covered = True
        return True
