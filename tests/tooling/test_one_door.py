"""The controller is the only way to the match from web/ (issue 30, item 3):
the pages ask ``table.game.Game`` where the match stands (``scores``,
``is_over``, ``needs_deal``, ``hand_log``, ``history``...) and play through
it, the computer's moves included; no other module of web/ reads
``something.match``."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
WEB = ROOT / "web"
#: The door itself.
CONTROLLER = WEB / "table" / "game.py"
#: Modules still reaching past the door, each with its reason: the list only shrinks.
KNOWN: set[Path] = set()


def reaches_for_the_match(source: str) -> list[int]:
    """The lines of ``source`` that read an attribute ``match`` (``game.match``,
    ``game.match.scores``), not counting a call of a method named ``match``
    (``re.match(...)``)."""
    tree = ast.parse(source)
    called = {id(node.func) for node in ast.walk(tree) if isinstance(node, ast.Call)}
    return sorted(
        node.lineno
        for node in ast.walk(tree)
        if isinstance(node, ast.Attribute) and node.attr == "match" and id(node) not in called
    )


def test_a_reach_for_the_match_is_found_and_a_pattern_match_is_not() -> None:
    assert reaches_for_the_match("x = game.match.scores\ny = game.scores\n") == [1]
    assert reaches_for_the_match("f(page.game.match)\n") == [1]
    assert reaches_for_the_match("import re\nre.match('a', 'b')\n_DATE.match(text)\n") == []


def test_no_page_module_but_the_controller_reaches_for_the_match() -> None:
    modules = sorted(WEB.rglob("*.py"))
    assert CONTROLLER in modules
    assert reaches_for_the_match(CONTROLLER.read_text(encoding="utf-8"))
    reaching = {
        str(path.relative_to(ROOT)): lines
        for path in modules
        if path != CONTROLLER and path not in KNOWN
        if (lines := reaches_for_the_match(path.read_text(encoding="utf-8")))
    }
    assert reaching == {}


def test_the_known_exceptions_still_reach_for_it() -> None:
    """An exception that no longer reaches for the match comes off the list."""
    for path in KNOWN:
        assert reaches_for_the_match(path.read_text(encoding="utf-8")), path
