"""tools/web_shape.py reads the page's Python for issue 45's figures: the
bridge modules, the DOM written from Python, the long files, the error
text parsed back, from the syntax tree (a word in a docstring is no call)."""

from __future__ import annotations

from pathlib import Path

from tools.web_shape import measure


def write(root: Path, name: str, text: str) -> None:
    path = root / name
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")


def test_a_module_that_imports_the_browser_and_writes_the_dom_is_counted_and_a_pure_one_is_not(tmp_path: Path) -> None:
    write(
        tmp_path,
        "web/game/screen.py",
        'from pyscript import document\n\ndocument.getElementById("a").textContent = "b"\n',
    )
    write(
        tmp_path,
        "web/game/words.py",
        '"""Sets textContent? No: a docstring."""\n\ndef said() -> str:\n    return "hi"\n',
    )
    write(tmp_path, "allfives/rules.py", "x = 1\n" * 501)
    shape = measure(tmp_path)
    assert shape.bridge_modules == ["web/game/screen.py"]
    assert shape.dom_calls == {"web/game/screen.py": 2}
    assert shape.long_files == {"allfives/rules.py": 501}
    assert shape.parsing_errors == []


def test_the_catalogues_may_be_long(tmp_path: Path) -> None:
    write(tmp_path, "web/lang/en.py", "x = 1\n" * 900)
    write(tmp_path, "allfives/__init__.py", "")
    assert measure(tmp_path).long_files == {}


def test_a_module_that_takes_its_elements_from_the_shells_helpers_writes_the_dom_too(tmp_path: Path) -> None:
    # No bridge import of its own: it writes the DOM through the elements page.dom finds for it.
    write(
        tmp_path,
        "web/game/log.py",
        'from page.dom import by_id, el\n\nby_id("log").append(el("li", "5-0"))\n',
    )
    write(tmp_path, "web/game/cards.py", "rows: list[str] = []\nrows.append('a')\n")
    shape = measure(tmp_path)
    assert shape.bridge_modules == []
    assert shape.dom_calls == {"web/game/log.py": 1}
