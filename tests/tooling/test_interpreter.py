"""The runtime build steps that need no Node: the loading script's table of
sizes and the snapshot's modules (sitebuild/interpreter.py), the pages' .pyc in
their configs (sitebuild/pycache.py), and their archives (sitebuild/bundle.py). The precompiled library and the snapshot are
made by every build and tested in the browser (tests/browser/test_loading.py,
tests/browser/test_runtime.py)."""

from __future__ import annotations

import gzip
import json
import re
import shutil
import subprocess
import zipfile
from pathlib import Path

import pytest

from sitebuild import bundle, interpreter, packing, pycache, site
from sitebuild.files import BuildError

ROOT = Path(__file__).resolve().parents[2]


def test_the_loading_script_gets_the_size_of_each_runtime_file(tmp_path: Path) -> None:
    vendor = tmp_path / "vendor" / "pyodide"
    vendor.mkdir(parents=True)
    for size, name in enumerate(interpreter.RUNTIME_FILES, start=1):
        (vendor / name).write_bytes(b"x" * size)
    sizes = interpreter.loading_sizes(tmp_path)
    assert sizes == {f"vendor/pyodide/{name}": size for size, name in enumerate(interpreter.RUNTIME_FILES, start=1)}

    stamped = interpreter.stamp_loading_script(
        (ROOT / "web" / "js" / interpreter.LOADING_SCRIPT).read_text(encoding="utf-8"), sizes
    )
    match = re.search(r"const SIZES = (\{.*?\});", stamped)
    assert match
    assert json.loads(match.group(1)) == sizes


def test_a_missing_runtime_file_is_an_error(tmp_path: Path) -> None:
    with pytest.raises(interpreter.RuntimeBuildError, match="missing"):
        interpreter.loading_sizes(tmp_path)


def test_the_loading_script_must_hold_the_mark_once() -> None:
    with pytest.raises(interpreter.RuntimeBuildError, match="exactly once"):
        interpreter.stamp_loading_script("no mark here", {})
    with pytest.raises(interpreter.RuntimeBuildError, match="exactly once"):
        interpreter.stamp_loading_script(interpreter.SIZES_MARK * 2, {})


def test_the_pages_start_through_the_runtime_module() -> None:
    config = json.loads((ROOT / "web" / "pyscript.json").read_text(encoding="utf-8"))
    assert config["interpreter"] == "./runtime.js"
    assert (ROOT / "web" / "js" / "runtime.js").is_file()


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


# Each page's Python in one archive (sitebuild/bundle.py); the browser
# tests start every page from its archive.


def test_a_pages_files_go_into_one_archive_at_the_paths_the_page_writes(tmp_path: Path) -> None:
    (tmp_path / "allfives").mkdir()
    (tmp_path / "allfives" / "tiles.py").write_text("TILES = 28\n")
    (tmp_path / "vendor" / "pyscript").mkdir(parents=True)
    (tmp_path / "vendor" / "pyscript" / "util.pyc").write_bytes(b"\x00compiled")
    files = {"./allfives/tiles.py": "./allfives/tiles.py", "./vendor/pyscript/util.pyc": "./pyscript/util.pyc"}
    archive = tmp_path / "pages.zip"
    bundle.write_archive(tmp_path, files, archive)
    with zipfile.ZipFile(archive) as packed:
        assert packed.namelist() == ["allfives/tiles.py", "pyscript/util.pyc"]
        assert packed.read("pyscript/util.pyc") == b"\x00compiled"
    first = archive.read_bytes()
    bundle.write_archive(tmp_path, files, archive)
    assert archive.read_bytes() == first, "the same files make the same archive"


def test_a_config_then_names_only_its_archive_unpacked_where_the_files_went() -> None:
    config = {"interpreter": "./runtime.js", "files": {"./board.py": "./board.py"}}
    assert bundle.bundle_config(config, "pages-game.zip") == {
        "interpreter": "./runtime.js",
        "files": {"./pages-game.zip": "./*"},
    }
    assert bundle.archive_name("pyscript.json") == "pages-game.zip"
    assert bundle.archive_name("pyscript-embed.json") == "pages-embed.zip"


def test_every_zip_is_shipped_gzipped_and_reads_back_as_the_same_zip(tmp_path: Path) -> None:
    (tmp_path / "vendor").mkdir()
    for path in (tmp_path / "pages-game.zip", tmp_path / "vendor" / "python_stdlib.zip"):
        with zipfile.ZipFile(path, "w") as archive:
            archive.writestr("json/decoder.pyc", b"\x00compiled" * 100)
    zips = {path: path.read_bytes() for path in tmp_path.rglob("*.zip")}
    written = packing.gzip_archives(tmp_path)
    assert sorted(written) == sorted(path.with_name(path.name + ".gz") for path in zips)
    assert list(tmp_path.rglob("*.zip")) == [], "no zip is left to travel as it is"
    for path, data in zips.items():
        assert gzip.decompress(path.with_name(path.name + ".gz").read_bytes()) == data
        with packing.open_shipped_zip(path) as archive:
            assert archive.read("json/decoder.pyc") == b"\x00compiled" * 100
    first = {path: path.read_bytes() for path in written}
    for path, data in zips.items():
        path.write_bytes(data)
    packing.gzip_archives(tmp_path)
    assert {path: path.read_bytes() for path in written} == first, "the same zip gives the same bytes"


def test_an_archive_refuses_a_file_that_was_not_built_or_lands_outside_the_page(tmp_path: Path) -> None:
    with pytest.raises(BuildError, match="was not built"):
        bundle.write_archive(tmp_path, {"./board.py": "./board.py"}, tmp_path / "pages.zip")
    (tmp_path / "board.py").write_text("")
    with pytest.raises(BuildError, match="outside the page"):
        bundle.write_archive(tmp_path, {"./board.py": "../board.py"}, tmp_path / "pages.zip")


# What the snapshot imports (sitebuild/interpreter.py): the page modules that
# need no browser; a module that reaches the browser, even through another,
# is left for the page.


def test_the_snapshot_imports_the_page_modules_that_need_no_browser(tmp_path: Path) -> None:
    (tmp_path / "board.py").write_text("import geometry\nfrom allfives import Tile\n")
    (tmp_path / "geometry.py").write_text("import math\n")
    (tmp_path / "dom.py").write_text("from pyscript import document\n")
    (tmp_path / "shell.py").write_text("import board\nimport dom\n")
    (tmp_path / "feel.py").write_text("import js\n")
    (tmp_path / "typed.py").write_text(
        "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    import dom\n\ndef later():\n    import js\n"
    )
    (tmp_path / "play.py").write_text("import board\n")
    assert interpreter.browser_free_modules(tmp_path, skip={"play.py"}) == ["board", "geometry", "typed"]


def test_the_real_pages_snapshot_list_holds_the_board_and_not_the_shell() -> None:
    free = interpreter.browser_free_modules(ROOT / "web", site.WEB_ENTRY_SCRIPTS, site.web_packages())
    assert {"table.board", "table.game", "table.geometry", "table.i18n", "lang.en", "game.words"} <= set(free)
    assert not {"page.dom", "page.shell", "game.main", "game.dialogs.screen", "play", "embed"} & set(free)


def test_a_module_of_a_room_that_imports_a_browser_module_through_a_package_is_not_in_the_snapshot(
    tmp_path: Path,
) -> None:
    for room in ("table", "page"):
        (tmp_path / room).mkdir()
        (tmp_path / room / "__init__.py").write_text("")
    (tmp_path / "table" / "board.py").write_text("import math\n")
    (tmp_path / "page" / "dom.py").write_text("from pyodide.ffi import to_js\n")
    (tmp_path / "page" / "shell.py").write_text("from page import dom\nfrom table import board\n")
    free = interpreter.browser_free_modules(tmp_path, packages=["table", "page"])
    assert free == ["page", "table", "table.board"]


# The snapshot's stored form (web/js/sparse.js), run in Node as the build runs it.

SPARSE_CHECK = """
import { pack, unpack } from "./web/js/sparse.js";
const heap = new Uint8Array(4096 * 9 + 100);
heap[5] = 1; heap[4096 * 3 + 7] = 2; heap[4096 * 4] = 3; heap[heap.length - 1] = 4;
const stored = pack(heap);
const back = unpack(stored);
const same = back.length === heap.length && back.every((byte, i) => byte === heap[i]);
let refused = "";
try { unpack(stored.subarray(0, stored.length - 1)); } catch (error) { refused = error.message; }
const plain = new Uint8Array([9, 8, 7]);
console.log(JSON.stringify({ stored: stored.length, same, refused, plain: unpack(plain) === plain }));
"""


def test_the_snapshot_is_stored_without_its_pages_of_zeros_and_unpacks_to_itself() -> None:
    node = shutil.which("node")
    if node is None:
        pytest.skip("needs Node.js, as the build does")
    result = subprocess.run(
        [node, "--input-type=module", "-e", SPARSE_CHECK], cwd=ROOT, capture_output=True, text=True, check=True
    )
    found = json.loads(result.stdout.strip().splitlines()[-1])
    assert found["same"], "unpacked, the heap is the heap again"
    # Pages 0, 3-4 and the last (partial) one hold bytes: three runs, four pages' bytes.
    assert found["stored"] == 16 + 3 * 8 + 4096 * 3 + 100
    assert found["refused"] == "the saved start is cut short"
    assert found["plain"], "a heap stored as it is (an older build) passes through"
