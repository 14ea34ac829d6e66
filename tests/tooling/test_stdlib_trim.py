"""The import closure the build trims the standard library to
(sitebuild/stdlib_trim.py), on a small zip made here."""

from __future__ import annotations

import io
import zipfile
from pathlib import Path

import pytest

from sitebuild.stdlib_trim import closure, imports_in_source, imports_in_text, kept_entries, site_roots

LIBRARY = {
    "a.py": "import b\ndef later():\n    from c import thing\n",
    "b.py": "from .d import x\n",  # a relative import at the top level names nothing
    "c/__init__.py": "from . import inner\n",
    "c/inner.py": "import importlib\nimportlib.import_module('e')\n",
    "c/other.py": "import f\n",
    "c/data.txt": "",
    "e.py": "__import__('g.h')\n",
    "g/__init__.py": "",
    "g/h.py": "",
    "f.py": "",
    "main_only.py": "if __name__ == '__main__':\n    import never\n",
    "never.py": "",
    "windows.py": "import sys\nif sys.platform == 'win32':\n    import nt_only\nelse:\n    import posix_only\n",
    "nt_only.py": "",
    "posix_only.py": "",
    "unused.py": "import f\n",
}


@pytest.fixture
def archive() -> zipfile.ZipFile:
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as target:
        for name, text in LIBRARY.items():
            target.writestr(name, text)
    return zipfile.ZipFile(buffer)


@pytest.mark.parametrize(
    ("source", "package", "expected"),
    [
        ("import a.b, c", "", {"a.b", "c"}),
        ("from x import y, z", "", {"x", "x.y", "x.z"}),
        ("from . import y", "p.q", {"p.q", "p.q.y"}),
        ("from ..r import s", "p.q", {"p.r", "p.r.s"}),
        ("def f():\n    import deep", "", {"deep"}),
        ("import importlib\nimportlib.import_module('m.n')", "", {"importlib", "m.n"}),
        ("__import__('m')", "", {"m"}),
        ("import importlib\nimportlib.import_module('.n', 'p')", "p", {"importlib", "p.n"}),
        ("if __name__ == '__main__':\n    import doctest", "", set()),
        ("import os\nif os.name == 'nt':\n    import nt\nelse:\n    import posix", "", {"os", "posix"}),
    ],
)
def test_imports_in_source(source: str, package: str, expected: set[str]) -> None:
    assert imports_in_source(source, package) == expected


def test_imports_in_text_reads_python_inside_javascript() -> None:
    text = 'const py = "import js\\nfrom pyscript.ffi import to_js\\nimport os, json"; pyimport("_pyodide._base");'
    # The imported names of a from-import count too: a margin, as a name the zip lacks is dropped.
    assert imports_in_text(text) == {"js", "pyscript.ffi", "to_js", "os", "json", "_pyodide._base"}


def test_the_closure_follows_every_import_and_keeps_a_roots_package_whole(archive: zipfile.ZipFile) -> None:
    kept = closure(archive, ["a", "main_only", "windows"])
    # c is reached through a function-level import, e and g.h through import_module and __import__.
    assert kept == {"a", "b", "c", "c.inner", "e", "g", "g.h", "main_only", "windows", "posix_only"}
    # A root's package is kept whole, and what its other modules import too.
    assert closure(archive, ["c"]) == {"c", "c.inner", "c.other", "e", "f", "g", "g.h"}


def test_kept_entries_keep_a_kept_packages_data(archive: zipfile.ZipFile) -> None:
    entries = kept_entries(archive, closure(archive, ["c"]))
    assert "c/data.txt" in entries
    assert "unused.py" not in entries
    assert "never.py" not in entries


def test_site_roots_read_the_sites_python_and_javascript(tmp_path: Path) -> None:
    (tmp_path / "pkg").mkdir()
    (tmp_path / "main.py").write_text("import json\nfrom pkg import rules\n")
    (tmp_path / "pkg" / "__init__.py").write_text("from . import rules\nfrom .rules import x\n")
    (tmp_path / "core.js").write_text('"from collections import Counter\\n"')
    roots = site_roots(tmp_path)
    assert {"json", "pkg", "pkg.rules", "collections", "site", "encodings", "pyodide", "_pyodide"} <= roots
