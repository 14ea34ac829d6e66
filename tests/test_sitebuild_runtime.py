"""The runtime build steps that need no Node: the loading script's table of
sizes (sitebuild/runtime.py). The precompiled library and the snapshot are
made by every build and tested in the browser (tests/browser/test_loading.py,
tests/browser/test_runtime.py)."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from sitebuild import pycache, runtime

ROOT = Path(__file__).resolve().parents[1]


def test_the_loading_script_gets_the_size_of_each_runtime_file(tmp_path: Path) -> None:
    vendor = tmp_path / "vendor" / "pyodide"
    vendor.mkdir(parents=True)
    for size, name in enumerate(runtime.RUNTIME_FILES, start=1):
        (vendor / name).write_bytes(b"x" * size)
    sizes = runtime.loading_sizes(tmp_path)
    assert sizes == {f"vendor/pyodide/{name}": size for size, name in enumerate(runtime.RUNTIME_FILES, start=1)}

    stamped = runtime.stamp_loading_script((ROOT / "web" / runtime.LOADING_SCRIPT).read_text(encoding="utf-8"), sizes)
    match = re.search(r"const SIZES = (\{.*?\});", stamped)
    assert match
    assert json.loads(match.group(1)) == sizes


def test_a_missing_runtime_file_is_an_error(tmp_path: Path) -> None:
    with pytest.raises(runtime.RuntimeBuildError, match="missing"):
        runtime.loading_sizes(tmp_path)


def test_the_loading_script_must_hold_the_mark_once() -> None:
    with pytest.raises(runtime.RuntimeBuildError, match="exactly once"):
        runtime.stamp_loading_script("no mark here", {})
    with pytest.raises(runtime.RuntimeBuildError, match="exactly once"):
        runtime.stamp_loading_script(runtime.SIZES_MARK * 2, {})


def test_the_pages_start_through_the_runtime_module() -> None:
    config = json.loads((ROOT / "web" / "pyscript.json").read_text(encoding="utf-8"))
    assert config["interpreter"] == "./runtime.js"
    assert (ROOT / "web" / "runtime.js").is_file()


# The pages' precompiled Python (sitebuild/pycache.py); the .pyc files
# themselves are checked in the browser (tests/browser/test_pycache.py).


def test_a_config_lists_the_pyc_of_each_of_its_modules_and_pyscripts() -> None:
    config = {
        "interpreter": "./runtime.js",
        "files": {"./allfives/tiles.py": "./allfives/tiles.py", "./main.css": "./x"},
    }
    modules = {
        "allfives/tiles.py": "allfives/__pycache__/tiles.cpython-314.pyc",
        "replay.py": "__pycache__/replay.cpython-314.pyc",
    }
    pyscript = {"vendor/pyscript/pycache/__pycache__/util.cpython-314.pyc": "pyscript/__pycache__/util.cpython-314.pyc"}
    added = pycache.add_to_config(config, modules, pyscript)
    assert added["interpreter"] == "./runtime.js"
    assert added["files"] == {
        "./allfives/tiles.py": "./allfives/tiles.py",
        "./main.css": "./x",
        "./allfives/__pycache__/tiles.cpython-314.pyc": "./allfives/__pycache__/tiles.cpython-314.pyc",
        "./vendor/pyscript/pycache/__pycache__/util.cpython-314.pyc": "./pyscript/__pycache__/util.cpython-314.pyc",
    }, "a module the config does not list gets no .pyc in it"
    assert config["files"] == {"./allfives/tiles.py": "./allfives/tiles.py", "./main.css": "./x"}, "unchanged"


@pytest.mark.parametrize(
    ("pyc", "source"),
    [
        ("allfives/players/__pycache__/expert.cpython-314.pyc", "allfives/players/expert.py"),
        ("__pycache__/board.cpython-314.pyc", "board.py"),
    ],
)
def test_a_pyc_names_its_source(pyc: str, source: str) -> None:
    assert pycache.source_of(pyc) == source
