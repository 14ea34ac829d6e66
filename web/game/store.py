"""The browser's local storage, for the game in progress, the last choices,
the preferences and the statistics. Storage can be full or blocked (private
windows): every call here says whether it worked and never raises, so the
game plays on and tells the player it cannot save."""

from __future__ import annotations

import json
from typing import Any, Final

from allfives import json_text

__all__ = ["Store"]

PREFIX: Final = "allfives."
#: The key (under :data:`PREFIX`) of the game in progress.
GAME_KEY: Final = "game"


class Store:
    """``window.localStorage``, or any object with getItem/setItem/removeItem."""

    def __init__(self, window: Any) -> None:
        try:
            self.storage: Any = window.localStorage
        except Exception:
            self.storage = None

    def get(self, key: str) -> str | None:
        if self.storage is None:
            return None
        try:
            value = self.storage.getItem(PREFIX + key)
        except Exception:
            return None
        # A missing key is JavaScript's null, which Pyodide may hand over as
        # its own null object rather than None: only a string is a value.
        return value if isinstance(value, str) else None

    def set(self, key: str, value: str) -> bool:
        if self.storage is None:
            return False
        try:
            self.storage.setItem(PREFIX + key, value)
        except Exception:
            return False
        return True

    def remove(self, key: str) -> bool:
        if self.storage is None:
            return False
        try:
            self.storage.removeItem(PREFIX + key)
        except Exception:
            return False
        return True

    def keys(self, start: str) -> list[str]:
        """The keys (without the prefix) that begin with ``start``."""
        if self.storage is None:
            return []
        try:
            every = [self.storage.key(i) for i in range(int(self.storage.length))]
        except Exception:
            return []
        head = PREFIX + start
        return [key[len(PREFIX) :] for key in every if isinstance(key, str) and key.startswith(head)]

    def get_json(self, key: str) -> Any:
        text = self.get(key)
        if text is None:
            return None
        try:
            return json_text.loads(text)
        except ValueError:
            return None

    # What the game keeps

    def saved_game(self) -> str | None:
        return self.get(GAME_KEY)

    def save_game(self, text: str) -> bool:
        return self.set(GAME_KEY, text)

    def keep_unreadable(self, text: str) -> bool:
        """Keep a save that could not be read beside the new one, never dropping it."""
        return self.set("unreadable-game", text)

    def last_setup(self) -> Any:
        return self.get_json("setup")

    def remember_setup(self, setup: dict[str, Any]) -> bool:
        return self.set("setup", json.dumps(setup))

    def prefs(self) -> dict[str, Any]:
        prefs = self.get_json("prefs")
        return prefs if isinstance(prefs, dict) else {}

    def remember_prefs(self, prefs: dict[str, Any]) -> bool:
        return self.set("prefs", json.dumps(prefs))

    def stats(self) -> dict[str, tuple[int, int]]:
        """Matches played and won, per opponent level, that are not in the
        history: those counted before it was kept, and those its capacity
        dropped (:mod:`game.history.model`)."""
        data = self.get_json("stats")
        out: dict[str, tuple[int, int]] = {}
        if isinstance(data, dict):
            for level, pair in data.items():
                if isinstance(pair, list) and len(pair) == 2 and all(isinstance(n, int) for n in pair):
                    out[str(level)] = (pair[0], pair[1])
        return out

    def count_match(self, level: str, won: bool) -> bool:
        stats = self.stats()
        played, wins = stats.get(level, (0, 0))
        stats[level] = (played + 1, wins + (1 if won else 0))
        return self.set("stats", json.dumps({k: list(v) for k, v in stats.items()}))
