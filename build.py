#!/usr/bin/env python3
"""Build the static All Fives site into dist/ and serve it locally.

Usage::

    python build.py                  # build dist/
    python build.py serve [--port N] [--host H] [--isolated]
    python build.py test [--no-install] [PYTEST_ARGS...]
    python build.py test --fast [PYTEST_ARGS...]   # the inner loop: no build, no browser
    python build.py lint             # ruff check, ruff format --check, mypy --strict
    python build.py bench [--only load|lighthouse] [--runs N]

The site is plain static files: the web/ pages and icons, the allfives/
package, and the parts of PyScript and Pyodide (from node_modules, pinned by
package-lock.json) that a page running pure-Python code actually loads.
Nothing is fetched from a CDN at run time, and every URL is relative, so
dist/ works from any sub-path.

Besides copying, the build writes: a PyScript config per page (the game's and
the embed's), the rules tutorial (rules.html from docs/tutorial/en.md, with a
replay of each scenario in docs/tutorial-scenarios.json), and, last, the
offline manifest (precache.json: every file with its hash) and the service
worker stamped with that manifest's version. The steps are in
sitebuild/steps.py; this file reads the command line and runs them.

The build needs the ``build`` extra of pyproject.toml (markdown-it-py), the
tests and the lint checks the ``test`` extra: each is installed here when it
is missing. ``test`` also fetches a Chromium for the browser tests when there
is none (sitebuild/testing.py says from where), unless ``--no-install``.
"""

from __future__ import annotations

import argparse
import subprocess
import sys
from collections.abc import Sequence
from pathlib import Path

from sitebuild import requirements
from sitebuild.files import DIST, ROOT, BuildError


def parse_args(argv: Sequence[str]) -> tuple[argparse.Namespace, list[str]]:
    """Parse the command line; the second item is what ``test`` passes to pytest."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    commands = parser.add_subparsers(dest="command")
    commands.add_parser("build", help="build dist/ (the default)")
    serve_parser = commands.add_parser("serve", help="build, then serve dist/ over HTTP")
    serve_parser.add_argument("--host", default="127.0.0.1", help="address to bind (default 127.0.0.1)")
    serve_parser.add_argument("--port", type=int, default=8000, help="port (default 8000; 0 picks one)")
    serve_parser.add_argument(
        "--isolated", action="store_true", help="send COOP/COEP headers (needed by PyScript workers that use the DOM)"
    )
    test_parser = commands.add_parser("test", help="build, then run pytest with the remaining arguments")
    test_parser.add_argument(
        "--no-install", action="store_true", help="never fetch a Chromium: without one, run the tests that need none"
    )
    test_parser.add_argument(
        "--fast",
        action="store_true",
        help="the quick tests alone (not browser, not slow), with nothing built or fetched: the inner loop",
    )
    commands.add_parser("lint", help="ruff check, ruff format --check and mypy --strict (no build)")
    bench_parser = commands.add_parser(
        "bench",
        help="build, then time the game's load against bare Pyodide, and run Lighthouse (tools/benchmarks/)",
    )
    bench_parser.add_argument("--only", choices=["load", "lighthouse"], help="run only this benchmark")
    args, rest = parser.parse_known_args(argv)
    if rest and args.command not in ("test", "bench"):
        parser.error(f"unrecognized arguments: {' '.join(rest)}")
    return args, rest


def build_site() -> list[Path]:
    """Install what the build needs if it is missing, then build dist/."""
    requirements.ensure("build")
    from sitebuild import steps  # imports markdown-it, which the line above installs

    files = steps.build(DIST)
    print(f"Built {DIST.relative_to(ROOT)}/: {len(files)} files")
    vendor = [path for path in files if path.is_relative_to(DIST / "vendor")]
    print("\n".join(steps.describe(vendor, DIST)))
    return files


def run_tests(pytest_args: Sequence[str], *, install: bool = True) -> int:
    """Run pytest on the dist/ just built, on every core (see
    ``testing.worker_count``): every test where there is a Chromium (fetched
    now if there is none, unless ``install`` is off), else the others, and
    exit non-zero."""
    requirements.ensure("test")
    from sitebuild import testing

    try:
        workers = testing.worker_count()
        chromium = testing.get_chromium(testing.Machine.local(), install=install)
    except ValueError as error:  # a ChromiumError, or ALLFIVES_TEST_WORKERS not a number
        print(error, file=sys.stderr)
        return 1
    return testing.run_pytest(pytest_args, browser=chromium is not None, workers=workers)


def run_fast_tests(pytest_args: Sequence[str]) -> int:
    """Run the quick tests (neither browser nor slow) on every core, building
    nothing: what a change is checked with between whole runs."""
    requirements.ensure("test")
    from sitebuild import testing

    try:
        workers = testing.worker_count()
    except ValueError as error:
        print(error, file=sys.stderr)
        return 1
    command = testing.pytest_command(["-m", "not browser and not slow", *pytest_args], workers=workers)
    return subprocess.run(command, cwd=ROOT, check=False).returncode


def run_lint() -> int:
    """Install the test extra if it is missing (it pins ruff and mypy), then run the lint checks."""
    requirements.ensure("test")
    from sitebuild import testing

    return testing.run_checks()


BENCHMARKS = {"load": "tools.benchmarks.load_bench", "lighthouse": "tools.benchmarks.lighthouse_bench"}


def run_benchmarks(bench_args: Sequence[str], only: str | None = None) -> int:
    """Run the load benchmark (tools/benchmarks/load_bench.py), then
    Lighthouse (tools/benchmarks/lighthouse_bench.py), on the dist/ just
    built, each in a process of its own: the build imports nothing of tools/
    (tools/ imports sitebuild, never the other way)."""
    for name, module in BENCHMARKS.items():
        if only in (None, name):
            command = [sys.executable, "-m", module, "--built", *bench_args]
            code = subprocess.run(command, cwd=ROOT, check=False).returncode
            if code != 0:
                return code
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; return the exit code."""
    args, rest = parse_args(sys.argv[1:] if argv is None else argv)
    if args.command == "lint":
        return run_lint()
    if args.command == "test" and args.fast:
        return run_fast_tests(rest)
    try:
        build_site()
    except (BuildError, OSError, subprocess.CalledProcessError) as error:
        print(f"build failed: {error}", file=sys.stderr)
        return 1
    if args.command == "serve":
        from sitebuild import serve

        serve.serve(args.host, args.port, isolated=args.isolated)
    elif args.command == "test":
        return run_tests(rest, install=not args.no_install)
    elif args.command == "bench":
        return run_benchmarks(rest, args.only)
    return 0


if __name__ == "__main__":
    sys.exit(main())
