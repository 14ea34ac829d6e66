"""No import circle: the engine, the build, the tools and the page's modules
each import one way.

Every import that runs counts, at the top of a module or inside a function:
a function's import only puts the circle off until it is called (the one
between tools/experiments/bound.py and variants.py was such a one). Imports
under ``if TYPE_CHECKING:`` never run, so they make no circle when the code
runs; but a circle of types is a circle of knowledge all the same (the game
page's modules once each named ``main.Page`` that way, and ``main`` imported
them), so the page's modules are checked with them too.
"""

from __future__ import annotations

import ast
from collections.abc import Iterable, Iterator, Mapping
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
#: The repository's Python outside web/, by dotted module name.
PACKAGES = ("allfives", "sitebuild", "tools")
SCRIPTS = ("build.py",)

Graph = Mapping[str, set[str]]


def _is_type_checking(test: ast.expr) -> bool:
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"
    )


def _imports(body: Iterable[ast.stmt], *, types: bool = False) -> Iterator[ast.Import | ast.ImportFrom]:
    """The import statements that run, in ``body`` and the blocks within it
    (functions and classes too), leaving out ``if TYPE_CHECKING:`` unless
    ``types``."""
    for node in body:
        if isinstance(node, ast.Import | ast.ImportFrom):
            yield node
        elif isinstance(node, ast.If) and _is_type_checking(node.test) and not types:
            yield from _imports(node.orelse)
        else:
            for child in ast.iter_child_nodes(node):
                if isinstance(child, ast.stmt):
                    yield from _imports([child], types=types)
                elif isinstance(child, ast.excepthandler | ast.match_case):
                    yield from _imports(child.body, types=types)


def imported_names(
    source: Path, module: str, is_package: bool, modules: Iterable[str], *, types: bool = False
) -> set[str]:
    """The modules among ``modules`` (dotted names) that the module ``module``
    (the file ``source``) imports, relative imports resolved: ``from a import
    b`` imports the module ``a.b`` if there is one, else ``a``."""
    known = set(modules)
    names: set[str] = set()
    for node in _imports(ast.parse(source.read_text(encoding="utf-8"), str(source)).body, types=types):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
            continue
        base = node.module or ""
        if node.level:
            package = module.split(".") if is_package else module.split(".")[:-1]
            parts = package[: len(package) - node.level + 1]
            base = ".".join([*parts, base] if base else parts)
        names.update(f"{base}.{alias.name}" if f"{base}.{alias.name}" in known else base for alias in node.names)
    return names & known


def modules_under(root: Path, packages: Iterable[str] = PACKAGES, scripts: Iterable[str] = SCRIPTS) -> dict[str, Path]:
    """The Python modules of ``packages`` and ``scripts`` under ``root``, by dotted name."""
    found = {}
    for package in packages:
        for path in sorted((root / package).rglob("*.py")):
            parts = path.relative_to(root).with_suffix("").parts
            found[".".join(parts[:-1] if parts[-1] == "__init__" else parts)] = path
    for script in scripts:
        found[Path(script).stem] = root / script
    return found


def import_graph(modules: Mapping[str, Path], *, types: bool = False) -> dict[str, set[str]]:
    """Each module, and the modules of ``modules`` it imports (with those
    under ``if TYPE_CHECKING:`` when ``types``)."""
    return {
        name: imported_names(path, name, path.name == "__init__.py", modules, types=types) - {name}
        for name, path in modules.items()
    }


def circles(graph: Graph) -> set[tuple[str, ...]]:
    """The import circles of ``graph``: each set of modules that reach each
    other (a strongly connected component of more than one), sorted."""
    order: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    found: set[tuple[str, ...]] = set()

    def visit(name: str) -> None:  # Tarjan's algorithm
        order[name] = low[name] = len(order)
        stack.append(name)
        for other in sorted(graph[name]):
            if other not in order:
                visit(other)
                low[name] = min(low[name], low[other])
            elif other in stack:
                low[name] = min(low[name], order[other])
        if low[name] == order[name]:
            component = []
            while (other := stack.pop()) != name:
                component.append(other)
            if component:
                found.add(tuple(sorted([name, *component])))

    for name in sorted(graph):
        if name not in order:
            visit(name)
    return found


def web_graph(web: Path = ROOT / "web", *, types: bool = False) -> dict[str, set[str]]:
    """web/'s modules: its rooms' (``from table import board``) and its entry scripts."""
    rooms = sorted(path.parent.name for path in web.glob("*/__init__.py"))
    scripts = sorted(path.name for path in web.glob("*.py"))
    return import_graph(modules_under(web, rooms, scripts), types=types)


def test_the_engine_the_build_and_the_tools_import_one_way() -> None:
    assert circles(import_graph(modules_under(ROOT))) == set()


def test_the_build_imports_nothing_of_the_tools() -> None:
    graph = import_graph(modules_under(ROOT))
    build = [name for name in graph if name == "build" or name.split(".")[0] == "sitebuild"]
    assert build
    for name in build:
        assert not {other for other in graph[name] if other.split(".")[0] == "tools"}, name


def test_the_page_modules_import_one_way() -> None:
    graph = web_graph()
    assert "game.dialogs.screen" in graph, "the rooms' modules are read"
    assert circles(graph) == set()


def test_the_page_modules_import_one_way_for_their_types_too() -> None:
    graph = web_graph(types=True)
    assert "game.roles" in graph["game.pacing"], "the imports under TYPE_CHECKING are read"
    assert circles(graph) == set()


def test_the_game_page_object_is_imported_by_its_entry_script_alone() -> None:
    """The parts of the game page know it by the protocols of game/roles.py."""
    graph = web_graph(types=True)
    assert {name for name, imported in graph.items() if "game.main" in imported} == {"play"}


def test_a_circle_through_a_function_import_is_found_and_a_type_only_import_is_not(tmp_path: Path) -> None:
    package = tmp_path / "pkg"
    package.mkdir()
    (package / "__init__.py").write_text("from .a import x\n", encoding="utf-8")
    (package / "a.py").write_text("x = 1\ndef later():\n    from . import b\n", encoding="utf-8")
    (package / "b.py").write_text("try:\n    from pkg.a import x\nexcept ImportError:\n    pass\n", encoding="utf-8")
    (package / "c.py").write_text(
        "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from .d import y\nz = 1\n", encoding="utf-8"
    )
    (package / "d.py").write_text("from .c import z\ny = 2\n", encoding="utf-8")
    graph = import_graph(modules_under(tmp_path, packages=("pkg",), scripts=()))
    assert graph["pkg"] == {"pkg.a"}
    assert circles(graph) == {("pkg.a", "pkg.b")}
    with_types = import_graph(modules_under(tmp_path, packages=("pkg",), scripts=()), types=True)
    assert circles(with_types) == {("pkg.a", "pkg.b"), ("pkg.c", "pkg.d")}
