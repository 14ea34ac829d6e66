"""The modules the build keeps of the standard library
(sitebuild/stdlib_trim.py), on a small zip made here: those the pages were
seen to import, and what importing them imports."""

from __future__ import annotations

import io
import zipfile

import pytest

from sitebuild.stdlib_trim import imports_in_source, kept_entries, read_module_list, used_closure

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


@pytest.mark.parametrize(
    ("source", "expected"),
    [
        ("import a\ndef f():\n    import deep", {"a"}),
        ("class C:\n    import inside_a_class", {"inside_a_class"}),
        ("try:\n    import fast\nexcept ImportError:\n    import slow", {"fast", "slow"}),
        ("def f(x=__import__('default')):\n    pass", {"default"}),
        ("lambda: __import__('later')", set()),
    ],
)
def test_imports_at_import_leave_out_what_functions_import_when_called(source: str, expected: set[str]) -> None:
    assert imports_in_source(source, at_import=True) == expected


def test_the_used_modules_are_kept_with_what_importing_them_imports(archive: zipfile.ZipFile) -> None:
    # a imports b when imported; c only inside a function that may never run.
    assert used_closure(archive, ["a", "main_only", "windows"]) == {"a", "b", "main_only", "windows", "posix_only"}
    # A module of a package keeps the package, not the package's other modules.
    assert used_closure(archive, ["c.inner"]) == {"c", "c.inner", "e", "g", "g.h"}
    assert used_closure(archive, ["missing"]) == set()


def test_kept_entries_keep_a_kept_packages_data(archive: zipfile.ZipFile) -> None:
    entries = kept_entries(archive, used_closure(archive, ["c.inner"]))
    assert "c/data.txt" in entries
    assert "c/other.py" not in entries
    assert "unused.py" not in entries
    assert "never.py" not in entries


def test_the_module_list_reads_one_name_a_line_and_skips_comments() -> None:
    assert read_module_list("# seen\njson\n\nasyncio.tasks  # why\n") == ["json", "asyncio.tasks"]
