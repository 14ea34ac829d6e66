"""The runtime build steps that need no Node: the loading script's table of
sizes (sitebuild/runtime.py). The precompiled library and the snapshot are
made by every build and tested in the browser (tests/browser/test_loading.py,
tests/browser/test_runtime.py)."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from sitebuild import runtime

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
