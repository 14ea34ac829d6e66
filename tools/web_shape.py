"""How far the page is from "a view of its state" (issue 45): reads the
Python of ``web/`` and prints the figures the issue is checked by.

    python -m tools.web_shape            # the figures, and where they come from
    python -m tools.web_shape --json     # the same, as JSON

- **bridge modules**: modules that import ``js``, ``pyscript`` or
  ``pyodide`` (the goal: at most 3, the shell's);
- **DOM calls written in Python**: calls and attribute writes of the DOM's
  own API (``getElementById``, ``querySelector``, ``innerHTML``,
  ``textContent``, ``classList``, ``setAttribute``, ``addEventListener``...)
  per module that imports a bridge or takes elements from ``page.dom``'s
  helpers (``by_id``, ``q``, ``el``, ``closest``), outside the bridge
  modules allowed (the goal: 0);
- **long files**: files of ``web/`` or ``allfives/`` over 500 lines, the
  language catalogues and the rollout's hot path aside (the goal: 0);
- **error text parsed back**: modules that read an error's English with
  regular expressions (the goal: 0).

The counts are read from the syntax tree (``ast``), not by searching text,
so a word in a docstring or a comment is not counted.
"""

from __future__ import annotations

import argparse
import ast
import json
import sys
from collections import Counter
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Final

ROOT: Final = Path(__file__).resolve().parent.parent
WEB: Final = ROOT / "web"
ENGINE: Final = ROOT / "allfives"

#: What makes a module a bridge to the browser.
BRIDGES: Final = frozenset({"js", "pyscript", "pyodide"})
#: The DOM's own API, as a Python module of the page would call or set it.
DOM_NAMES: Final = frozenset(
    {
        "getElementById",
        "querySelector",
        "querySelectorAll",
        "innerHTML",
        "outerHTML",
        "textContent",
        "innerText",
        "classList",
        "setAttribute",
        "removeAttribute",
        "toggleAttribute",
        "addEventListener",
        "removeEventListener",
        "appendChild",
        "append",
        "prepend",
        "replaceChildren",
        "replaceWith",
        "insertAdjacentHTML",
        "createElement",
        "createElementNS",
        "createTextNode",
        "dataset",
        "showModal",
        "focus",
        "scrollIntoView",
    }
)
#: Long on purpose: the catalogues are data; the rollout's hot path is kept in one piece for speed.
LONG_ALLOWED: Final = ("web/lang/", "allfives/players/rollout.py")
LONGEST: Final = 500


@dataclass
class Shape:
    bridge_modules: list[str] = field(default_factory=list)
    dom_calls: dict[str, int] = field(default_factory=dict)
    long_files: dict[str, int] = field(default_factory=dict)
    parsing_errors: list[str] = field(default_factory=list)

    @property
    def dom_call_total(self) -> int:
        return sum(self.dom_calls.values())


def _imports_bridge(tree: ast.Module) -> bool:
    for node in ast.walk(tree):
        if isinstance(node, ast.Import) and any(alias.name.split(".")[0] in BRIDGES for alias in node.names):
            return True
        if isinstance(node, ast.ImportFrom) and node.module and node.module.split(".")[0] in BRIDGES:
            return True
    return False


#: The element helpers of page/dom.py: a module that takes an element from
#: them writes the DOM through it, though it imports no bridge itself.
ELEMENT_HELPERS: Final = frozenset({"by_id", "q", "el", "closest"})


def _holds_elements(tree: ast.Module) -> bool:
    return any(
        isinstance(node, ast.ImportFrom)
        and node.module == "page.dom"
        and any(alias.name in ELEMENT_HELPERS for alias in node.names)
        for node in ast.walk(tree)
    )


def _dom_calls(tree: ast.Module) -> int:
    """Uses of the DOM's API: ``x.textContent = ...``, ``x.classList.add(...)``, ``document.getElementById(...)``."""
    return sum(1 for node in ast.walk(tree) if isinstance(node, ast.Attribute) and node.attr in DOM_NAMES)


def _parses_errors(tree: ast.Module, source: str) -> bool:
    """A module that compiles regular expressions and reads an error's message (``str(error)``) with them."""
    compiles = any(
        isinstance(node, ast.Call)
        and isinstance(node.func, ast.Attribute)
        and node.func.attr in {"compile", "match", "fullmatch", "search"}
        and isinstance(node.func.value, ast.Name)
        and node.func.value.id == "re"
        for node in ast.walk(tree)
    )
    return compiles and ("refus" in source or "error" in source.lower()) and "_REASONS" in source


def measure(root: Path = ROOT) -> Shape:
    shape = Shape()
    for path in sorted((root / "web").rglob("*.py")):
        name = path.relative_to(root).as_posix()
        source = path.read_text(encoding="utf-8")
        tree = ast.parse(source)
        if _imports_bridge(tree):
            shape.bridge_modules.append(name)
        calls = _dom_calls(tree)
        if calls and (_imports_bridge(tree) or _holds_elements(tree)):
            shape.dom_calls[name] = calls
        if _parses_errors(tree, source):
            shape.parsing_errors.append(name)
    for folder in ("web", "allfives"):
        for path in sorted((root / folder).rglob("*.py")):
            name = path.relative_to(root).as_posix()
            lines = len(path.read_text(encoding="utf-8").splitlines())
            if lines > LONGEST and not name.startswith(LONG_ALLOWED):
                shape.long_files[name] = lines
    return shape


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    args = parser.parse_args(argv)
    shape = measure()
    if args.json:
        print(json.dumps(asdict(shape) | {"dom_call_total": shape.dom_call_total}, indent=2))
        return 0
    print(f"bridge modules (import js, pyscript or pyodide): {len(shape.bridge_modules)} (goal: at most 3)")
    for name in shape.bridge_modules:
        print(f"  {name}")
    print(
        f"DOM calls written in Python: {shape.dom_call_total} in {len(shape.dom_calls)} modules (goal: 0 outside the shell)"
    )
    for name, count in Counter(shape.dom_calls).most_common():
        print(f"  {count:4d}  {name}")
    print(f"files over {LONGEST} lines (catalogues and the rollout aside): {len(shape.long_files)} (goal: 0)")
    for name, lines in sorted(shape.long_files.items(), key=lambda item: -item[1]):
        print(f"  {lines:5d}  {name}")
    print(f"modules parsing error text: {len(shape.parsing_errors)} (goal: 0)")
    for name in shape.parsing_errors:
        print(f"  {name}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
