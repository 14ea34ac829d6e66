"""The Lighthouse benchmark (tools/benchmarks/lighthouse_bench.py) reads the
figures it reports from Lighthouse's JSON report, and adds up a first
visit's bytes by file."""

from __future__ import annotations

from typing import Any

from tools.benchmarks.lighthouse_bench import Report, bytes_by_file, read_report


def lighthouse_json(requests: list[tuple[str, int]]) -> dict[str, Any]:
    """The parts of a Lighthouse 12 report the benchmark reads."""
    number = {"numericValue": 0.0}
    return {
        "categories": {
            "performance": {"score": 0.71},
            "accessibility": {"score": 1},
            "best-practices": {"score": None},
        },
        "audits": {
            "largest-contentful-paint": {"numericValue": 2400.0},
            "total-blocking-time": {"numericValue": 150.0},
            "cumulative-layout-shift": {"numericValue": 0.01},
            "first-contentful-paint": number,
            "total-byte-weight": {"numericValue": float(sum(size for _, size in requests))},
            "network-requests": {"details": {"items": [{"url": url, "transferSize": size} for url, size in requests]}},
        },
    }


def test_a_report_gives_scores_timings_and_bytes_by_file() -> None:
    report = read_report(
        lighthouse_json(
            [
                ("http://127.0.0.1:8123/dist/", 3000),
                ("http://127.0.0.1:8123/dist/vendor/pyodide/python_stdlib.zip", 1_200_000),
                ("http://127.0.0.1:8123/dist/embed.html?src=x.json", 2000),
                ("data:image/png;base64,AAAA", 0),
            ]
        )
    )
    assert report.scores == {"performance": 71.0, "accessibility": 100.0, "best-practices": 0.0}
    assert (report.lcp_ms, report.tbt_ms, report.cls) == (2400.0, 150.0, 0.01)
    # Paths within the build, each build at its own folder of the server.
    assert report.by_file == {"/": 3000, "/vendor/pyodide/python_stdlib.zip": 1_200_000, "/embed.html": 2000}


def test_the_bytes_by_file_compare_builds_and_add_up() -> None:
    def game(stdlib: float) -> Report:
        files = {"/vendor/pyodide/python_stdlib.zip": stdlib, "/index.html": 3000.0, "/loading.js": 2000.0}
        return Report({}, 0, 0, 0, 0, sum(files.values()), files)

    results = {("before", "game", "mobile"): [game(3_383_613)], ("dist", "game", "mobile"): [game(1_173_425)]}
    rows = bytes_by_file(results, ["before", "dist"])
    assert rows[2] == "| `/vendor/pyodide/python_stdlib.zip` | 3,383,613 | 1,173,425 |"
    assert rows[-2] == "| 2 smaller files | 5,000 | 5,000 |"
    assert rows[-1] == "| all | **3,388,613** | **1,178,425** |"


def test_without_the_game_measured_there_is_no_table_of_bytes() -> None:
    assert bytes_by_file({}, ["dist"]) == []
