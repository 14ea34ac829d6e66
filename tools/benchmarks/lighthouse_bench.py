"""Lighthouse on the built site, served as GitHub Pages serves it.

    python build.py bench                      # the load benchmark, then this
    python -m tools.benchmarks.lighthouse_bench --built [--runs 3] [--dist before=/tmp/old-dist] [--preset mobile]

Serves dist/ (and each ``--dist NAME=PATH`` beside it, for a side-by-side
comparison in one run) as GitHub Pages does: gzipped on the fly where the
pinned mime-db calls the file's type compressible, with
``Cache-Control: max-age=600`` (sitebuild/serve.py, ``like_pages``), and runs Lighthouse 12.2.3 (pinned in
tools/benchmarks/lighthouse/package-lock.json, installed there with
``npm ci`` the first time) on the game, the replay and the rules page, with
its mobile preset (a slow 4G link and a 4x slower CPU, simulated) and its
desktop preset, ``--runs`` times each, the builds taking turns. Prints the
median of each score and timing, and the bytes of a first visit to the game
by file, as Lighthouse counts them (what crossed the network: gzipped where
the server gzips); writes the tables into docs/benchmarks.md.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Final

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:  # run as a script: sitebuild is beside tools/
    sys.path.insert(0, str(ROOT))

from sitebuild import testing  # noqa: E402
from sitebuild.files import DIST  # noqa: E402
from sitebuild.serve import serving  # noqa: E402

HERE: Final = Path(__file__).resolve().parent / "lighthouse"
LIGHTHOUSE: Final = HERE / "node_modules" / ".bin" / "lighthouse"
MARK_START: Final = "<!-- lighthouse-bench:start -->"
MARK_END: Final = "<!-- lighthouse-bench:end -->"
#: The pages measured, by name: their path in the site.
PAGES: Final = {
    "game": "",
    # The game with its Python in a worker (issue 46; boot.js starts it on this address).
    "game-worker": "index.html?python=worker",
    "embed.html": "embed.html?src=tutorial/counting.json&move=3",
    "rules.html": "rules.html",
}
PRESETS: Final = ("mobile", "desktop")
CATEGORIES: Final = ("performance", "accessibility", "best-practices")


@dataclass(frozen=True)
class Report:
    """What one Lighthouse run found."""

    scores: dict[str, float]  # category -> 0..100
    lcp_ms: float
    tbt_ms: float
    cls: float
    fcp_ms: float
    total_bytes: float
    by_file: dict[str, float]  # URL path -> bytes transferred


def ensure_lighthouse() -> Path:
    """The pinned Lighthouse, installed from its lock file when it is missing."""
    if not LIGHTHOUSE.exists():
        print("installing Lighthouse (tools/benchmarks/lighthouse: npm ci)", flush=True)
        subprocess.run(["npm", "ci", "--no-audit", "--no-fund"], cwd=HERE, check=True)
    return LIGHTHOUSE


def read_report(data: dict[str, Any]) -> Report:
    """The figures this benchmark keeps, from Lighthouse's JSON report."""
    audits = data["audits"]
    by_file: dict[str, float] = {}
    for item in audits["network-requests"]["details"]["items"]:
        url = str(item["url"])
        if url.startswith("http"):
            path = "/" + url.split("/", 3)[-1].split("?", 1)[0].split("/", 1)[-1]
            by_file[path] = by_file.get(path, 0.0) + float(item.get("transferSize") or 0)
    return Report(
        scores={name: 100 * float(data["categories"][name]["score"] or 0) for name in CATEGORIES},
        lcp_ms=float(audits["largest-contentful-paint"]["numericValue"]),
        tbt_ms=float(audits["total-blocking-time"]["numericValue"]),
        cls=float(audits["cumulative-layout-shift"]["numericValue"]),
        fcp_ms=float(audits["first-contentful-paint"]["numericValue"]),
        total_bytes=float(audits["total-byte-weight"]["numericValue"]),
        by_file=by_file,
    )


def run_lighthouse(url: str, preset: str, scratch: Path) -> Report:
    """One Lighthouse run of ``url`` with ``preset`` (mobile: its default)."""
    output = scratch / "report.json"
    command = [
        str(ensure_lighthouse()),
        url,
        f"--only-categories={','.join(CATEGORIES)}",
        "--output=json",
        f"--output-path={output}",
        "--quiet",
        f"--chrome-flags={' '.join(['--headless=new', *testing.CHROMIUM_ARGS])}",
    ]
    if preset == "desktop":
        command.append("--preset=desktop")
    environment = {**os.environ, "CHROME_PATH": os.environ.get(testing.CHROMIUM_ENV, "/usr/bin/chromium")}
    subprocess.run(command, check=True, env=environment, capture_output=True)
    return read_report(json.loads(output.read_text(encoding="utf-8")))


@contextmanager
def served(builds: dict[str, Path]) -> Iterator[str]:
    """Each build at /<name>/ on one loopback origin, served like GitHub Pages."""
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp)
        for name, path in builds.items():
            (root / name).symlink_to(path.resolve(), target_is_directory=True)
        with serving(root, like_pages=True) as url:
            yield url


def median(reports: list[Report], field: str) -> float:
    return statistics.median(float(getattr(report, field)) for report in reports)


def score(reports: list[Report], category: str) -> float:
    return statistics.median(report.scores[category] for report in reports)


def table(results: dict[tuple[str, str, str], list[Report]], builds: list[str]) -> list[str]:
    """The medians, a row per build, page and preset."""
    rows = [
        "| build | page | preset | performance | accessibility | best practices | FCP | LCP | TBT | CLS | bytes |",
        "|---|---|---|---|---|---|---|---|---|---|---|",
    ]
    for page in PAGES:
        for preset in PRESETS:
            for build in builds:
                reports = results.get((build, page, preset))
                if not reports:
                    continue
                rows.append(
                    f"| {build} | {page} | {preset} | {score(reports, 'performance'):.0f}"
                    f" | {score(reports, 'accessibility'):.0f} | {score(reports, 'best-practices'):.0f}"
                    f" | {median(reports, 'fcp_ms') / 1000:.1f} s | {median(reports, 'lcp_ms') / 1000:.1f} s"
                    f" | {median(reports, 'tbt_ms'):,.0f} ms | {median(reports, 'cls'):.3f}"
                    f" | {median(reports, 'total_bytes') / 1e6:.2f} MB |"
                )
    return rows


def bytes_by_file(results: dict[tuple[str, str, str], list[Report]], builds: list[str]) -> list[str]:
    """A first visit to the game (mobile), bytes per file, a column per build."""
    firsts = {build: results[(build, "game", "mobile")][0] for build in builds if (build, "game", "mobile") in results}
    if not firsts:
        return []
    files = sorted({path for report in firsts.values() for path in report.by_file})
    largest = sorted(files, key=lambda path: -max(report.by_file.get(path, 0) for report in firsts.values()))
    rows = ["| file | " + " | ".join(firsts) + " |", "|---|" + "---|" * len(firsts)]
    shown = [path for path in largest if max(report.by_file.get(path, 0) for report in firsts.values()) >= 10_000]
    for path in shown:
        rows.append(f"| `{path}` | " + " | ".join(f"{r.by_file.get(path, 0):,.0f}" for r in firsts.values()) + " |")
    rest = [path for path in files if path not in shown]
    others = " | ".join(f"{sum(r.by_file.get(path, 0) for path in rest):,.0f}" for r in firsts.values())
    rows.append(f"| {len(rest)} smaller files | {others} |")
    totals = " | ".join(f"**{sum(r.by_file.values()):,.0f}**" for r in firsts.values())
    rows.append(f"| all | {totals} |")
    return rows


def run(builds: dict[str, Path], runs: int, pages: list[str], write: bool, presets: tuple[str, ...] = PRESETS) -> int:
    results: dict[tuple[str, str, str], list[Report]] = {}
    with served(builds) as url, tempfile.TemporaryDirectory() as scratch:
        for _ in range(runs):
            for page in pages:
                for preset in presets:
                    for build in builds:  # taking turns, so load on the machine hits each alike
                        report = run_lighthouse(f"{url}{build}/{PAGES[page]}", preset, Path(scratch))
                        results.setdefault((build, page, preset), []).append(report)
                        print(
                            f"{build} {page} {preset}: performance {report.scores['performance']:.0f},"
                            f" LCP {report.lcp_ms / 1000:.1f} s, TBT {report.tbt_ms:.0f} ms,"
                            f" {report.total_bytes / 1e6:.2f} MB",
                            flush=True,
                        )
    names = list(builds)
    lines = table(results, names)
    by_file = bytes_by_file(results, names)
    if by_file:
        heading = "A first visit to the game (mobile preset), bytes by file as Lighthouse counts them (gzipped):"
        lines += ["", heading, "", *by_file]
    text = "\n".join(lines)
    print(text)
    if write:
        write_section(text, runs, names)
    return 0


def write_section(text: str, runs: int, builds: list[str]) -> None:
    path = ROOT / "docs" / "benchmarks.md"
    document = path.read_text(encoding="utf-8")
    compared = f" (`--dist` {', '.join(builds)})" if len(builds) > 1 else ""
    section = (
        f"{MARK_START}\nCommand: `python build.py bench` (Lighthouse 12.2.3, median of {runs} runs per page"
        f" and preset{compared}; dist/ served as GitHub Pages serves it: gzipped where mime-db calls the type"
        f" compressible, `Cache-Control: max-age=600`; FCP and LCP are Lighthouse's simulated times).\n\n{text}\n{MARK_END}"
    )
    if MARK_START in document:
        before, rest = document.split(MARK_START, 1)
        document = before + section + rest.split(MARK_END, 1)[1]
    else:
        document = document.rstrip() + "\n\n" + section + "\n"
    path.write_text(document, encoding="utf-8")


def parse_builds(values: list[str]) -> dict[str, Path]:
    builds = {"dist": DIST}
    for value in values:
        name, _, folder = value.partition("=")
        if not folder or not Path(folder).is_dir() or not name.isidentifier():
            raise SystemExit(f"--dist wants NAME=FOLDER with a built site in FOLDER, not {value!r}")
        builds = {name: Path(folder), **builds}
    return builds


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Lighthouse on the built site, served like GitHub Pages.")
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--page", action="append", choices=list(PAGES), help="only these pages (default: all)")
    parser.add_argument("--preset", action="append", choices=PRESETS, help="only these presets (default: both)")
    parser.add_argument("--dist", action="append", default=[], metavar="NAME=FOLDER", help="another build to compare")
    parser.add_argument("--no-write", action="store_true", help="print only; leave docs/benchmarks.md alone")
    parser.add_argument(
        "--built", action="store_true", help="measure dist/ as it is (build.py bench has just built it)"
    )
    args = parser.parse_args(argv)
    if shutil.which("npm") is None:
        raise SystemExit("npm is not on PATH: install Node.js 20+ (Lighthouse runs in it)")
    if not args.built:
        from sitebuild import steps

        steps.build(DIST)
    presets = tuple(args.preset or PRESETS)
    return run(parse_builds(args.dist), args.runs, args.page or list(PAGES), not args.no_write, presets)


if __name__ == "__main__":
    sys.exit(main())
