"""The build's own steps, without a browser: the page configs, the committed
icons, the Markdown of the rules, the rules tutorial page, the offline
manifest and service worker, the list of steps, and the test run's choices
(the extras it installs, the Chromium it drives)."""

from __future__ import annotations

import ast
import json
import re
import struct
import zlib
from pathlib import Path

import pytest

from sitebuild import first_paint, offline, requirements, site, steps, testing, tutorial, vendor
from sitebuild.files import DOCS, BuildError
from tools.generators import make_icons
from tools.png import decode_png

from table.i18n import LANGUAGES, Translator

ROOT = Path(__file__).resolve().parents[2]
WEB = ROOT / "web"


def pixel(rgba: bytes, width: int, x: int, y: int) -> tuple[int, int, int, int]:
    i = (y * width + x) * 4
    r, g, b, a = rgba[i : i + 4]
    return r, g, b, a


def icon(name: str) -> tuple[int, int, bytes]:
    """A committed icon of web/, decoded."""
    return decode_png((WEB / name).read_bytes())


# Page configs and the files copied from web/


def test_web_files_include_the_worker_script_and_icons_but_not_the_templates(tmp_path: Path) -> None:
    for name in ("index.html", "sw.js", "pyscript.json", "shot.png", "notes.txt", "main.py"):
        (tmp_path / name).write_text("x")
    assert [p.name for p in site.web_files(tmp_path)] == ["index.html", "main.py", "shot.png"]


def test_web_files_take_the_rooms_python_and_put_the_javascript_at_the_root(tmp_path: Path) -> None:
    for name in (
        "play.py",
        "table/__init__.py",
        "table/board.py",
        "js/sw.js",
        "js/facade.js",
        "stubs/js.pyi",
        "notes/a.py",
    ):
        (tmp_path / name).parent.mkdir(exist_ok=True)
        (tmp_path / name).write_text("x")
    files = [p.as_posix() for p in site.web_files(tmp_path)]
    assert files == ["play.py", "js/facade.js", "table/__init__.py", "table/board.py"]
    assert [site.site_path(Path(name)).as_posix() for name in files] == [
        "play.py",
        "facade.js",
        "table/__init__.py",
        "table/board.py",
    ]


def test_the_javascript_the_pages_and_embedders_load_is_at_the_site_root() -> None:
    shipped = {site.site_path(path).as_posix() for path in site.web_files()}
    assert {"facade.js", "runtime.js", "loading.js", "rules.js", "sparse.js", "idbmap.js"} <= shipped
    assert (ROOT / "web" / site.WEB_SCRIPTS / site.SERVICE_WORKER).is_file(), (
        "the worker's template, stamped into dist/sw.js"
    )


def test_each_page_config_lists_the_modules_its_page_imports() -> None:
    package = [Path("allfives/__init__.py"), Path("allfives/players/medium.py")]
    pages = [Path(name) for name in ("table/board.py", "table/game.py", "table/i18n.py", "lang/de.py")]
    pages += [Path(name) for name in ("lang/en.py", "game/main.py", "play.py", "embed.py", "page/browser.py")]
    pages += [Path(name) for name in ("replay/frames.py", "game/store.py")]
    modules = site.importable_modules(package, pages)
    assert Path("play.py") not in modules
    assert Path("embed.py") not in modules, "page scripts are loaded by their page, not imported"
    assert Path("game/main.py") in modules, "the game's code is a module, precompiled; play.py starts it"
    game, embed = site.PAGE_CONFIGS
    assert site.page_modules(game, modules) == modules
    assert [m.as_posix() for m in site.page_modules(embed, modules)] == [
        "allfives/__init__.py",
        "allfives/players/medium.py",
        "table/board.py",
        "table/game.py",
        "table/i18n.py",
        "lang/de.py",
        "lang/en.py",
        "page/browser.py",
        "replay/frames.py",
    ]
    assert Path("game/main.py") in site.page_modules(game, modules)


def test_the_embed_config_lists_what_the_replays_scripts_import() -> None:
    game, embed = site.PAGE_CONFIGS
    assert game.scripts is None, "the game gets every module"
    assert embed.scripts == ("embed.py", "tutorial_live.py")
    listed = site.web_imports(embed.scripts)
    # Every room but the game's: the replays share the table, the page's
    # browser code and the catalogues.
    assert listed == [
        "lang/__init__.py",
        *(f"lang/{code}.py" for code in sorted(LANGUAGES)),
        "page/__init__.py",
        "page/browser.py",
        "page/dom.py",
        "page/motion.py",
        "page/shell.py",
        "replay/__init__.py",
        "replay/frames.py",
        "replay/hosting.py",
        "replay/live.py",
        "replay/marks.py",
        "replay/poster.py",
        "replay/proof.py",
        "replay/review_panel.py",
        "replay/screen.py",
        "replay/trying.py",
        "replay/tutorial_page.py",
        "table/__init__.py",
        "table/board.py",
        "table/choosing.py",
        "table/coach_words.py",
        "table/coaching.py",
        "table/felt.py",
        "table/game.py",
        "table/geometry.py",
        "table/i18n.py",
        "table/keys.py",
        "table/labels.py",
        "table/record_link.py",
        "table/refusal.py",
        "table/score_sheet.py",
        "table/seat_names.py",
        "table/setup.py",
        "table/sketch.py",
        "table/work.py",
    ]
    # The tutorial imports the replays' modules one at a time, by name.
    source = ast.parse((WEB / "replay" / "tutorial_page.py").read_text(encoding="utf-8"))
    (by_name,) = [
        ast.literal_eval(node.value)
        for node in source.body
        if isinstance(node, ast.Assign) and [getattr(t, "id", None) for t in node.targets] == ["MODULES"]
    ]
    assert {name.replace(".", "/") + ".py" for name in by_name if not name.startswith("allfives")} <= set(listed)


def test_a_pages_modules_are_what_its_scripts_import_in_turn_and_load_by_name(tmp_path: Path) -> None:
    (tmp_path / "page.py").write_text("from room.shell import Shell\n", encoding="utf-8")
    for room in ("room", "lang"):
        (tmp_path / room).mkdir()
        (tmp_path / room / "__init__.py").write_text("", encoding="utf-8")
    (tmp_path / "room" / "shell.py").write_text("from room import words\nShell = 1\n", encoding="utf-8")
    (tmp_path / "room" / "words.py").write_text(
        "import importlib\ndef catalogue(code):\n    return importlib.import_module(f'lang.{code}')\n",
        encoding="utf-8",
    )
    (tmp_path / "room" / "unused.py").write_text("", encoding="utf-8")
    (tmp_path / "other_page.py").write_text("from room import unused\n", encoding="utf-8")
    for name in ("en.py", "de.py"):
        (tmp_path / "lang" / name).write_text("", encoding="utf-8")
    assert site.web_imports(["page.py"], tmp_path) == [
        "lang/__init__.py",
        "lang/de.py",
        "lang/en.py",
        "room/__init__.py",
        "room/shell.py",
        "room/words.py",
    ]


def test_the_embed_page_names_its_own_config() -> None:
    html = (ROOT / "web" / "embed.html").read_text(encoding="utf-8")
    assert 'src="./embed.py" config="./pyscript-embed.json"' in html
    assert "pyscript-embed.json" in {page.name for page in site.PAGE_CONFIGS}


def test_the_game_page_links_the_web_app_manifest() -> None:
    html = (ROOT / "web" / "index.html").read_text(encoding="utf-8")
    assert '<link rel="manifest" href="./manifest.webmanifest">' in html


def test_the_manifest_names_the_app_and_the_committed_icons_at_their_sizes() -> None:
    manifest = json.loads((WEB / "manifest.webmanifest").read_text(encoding="utf-8"))
    assert manifest["name"] == manifest["short_name"] == "All Fives"
    assert (manifest["start_url"], manifest["display"]) == (".", "standalone")
    assert (manifest["theme_color"], manifest["background_color"]) == ("#1f6b45", "#f6f3ea")
    drawn = {name: size for name, size, _ in make_icons.ICONS}
    shipped = {path.as_posix() for path in site.web_files()}
    for entry in manifest["icons"]:
        assert entry["src"] in drawn, f"{entry['src']} is not drawn by tools/generators/make_icons.py"
        assert entry["src"] in shipped, f"{entry['src']} is not a web/ file the build copies"
        size = drawn[entry["src"]]
        assert entry["sizes"] == ("any" if size is None else f"{size}x{size}")
        if size is not None:
            assert icon(entry["src"])[:2] == (size, size), f"{entry['src']} is drawn at its size"
    sizes = {entry["sizes"] for entry in manifest["icons"] if entry["type"] == "image/png"}
    assert {"192x192", "512x512"} <= sizes


# Icons (committed in web/, drawn by tools/generators/make_icons.py)


def test_decode_png_undoes_every_row_filter() -> None:
    # Two 1 x 1 pixel rows per filter: 0x10.. first, then each filter's
    # encoding of 0x20.. relative to the row above (left is 0: one pixel).
    first, second = bytes([0x10, 0x11, 0x12, 0x13]), bytes([0x20, 0x21, 0x22, 0x23])
    encoded = {
        0: second,
        1: second,  # left of the only pixel is 0
        2: bytes(b - a for a, b in zip(first, second, strict=True)),
        3: bytes(b - a // 2 for a, b in zip(first, second, strict=True)),
        4: bytes(b - a for a, b in zip(first, second, strict=True)),  # Paeth picks "up"
    }
    for kind, row in encoded.items():
        raw = b"\0" + first + bytes([kind]) + row
        header = struct.pack(">IIBBBBB", 1, 2, 8, 6, 0, 0, 0)

        def chunk(name: bytes, body: bytes) -> bytes:
            return struct.pack(">I", len(body)) + name + body + struct.pack(">I", zlib.crc32(name + body))

        png = b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(raw)) + chunk(b"IEND", b"")
        assert decode_png(png) == (1, 2, first + second), f"filter {kind}"


@pytest.mark.parametrize("size", [192, 512])
def test_the_icon_is_a_domino_on_felt(size: int) -> None:
    width, height, rgba = icon(f"icon-{size}.png")
    assert (width, height) == (size, size)
    scale = size / 512

    def at(x: float, y: float) -> tuple[int, int, int, int]:
        return pixel(rgba, width, int(x * scale), int(y * scale))

    assert at(256, 30)[:3] == (0x1F, 0x6B, 0x45), "felt around the domino"
    assert at(2, 2)[3] == 0, "the corners are rounded off"
    assert at(200, 240) == (0xFB, 0xF7, 0xEC, 255), "an ivory face"
    assert at(256, 256)[:3] == (0x5A, 0x4E, 0x3C), "the divider"
    centre_pip = at(164 + 184 * 0.5, 72 + 184 * 0.5)
    assert centre_pip == (0x1D, 0x1A, 0x16, 255), "the middle pip of the five"


def test_the_maskable_icon_has_felt_to_its_edges_and_the_domino_in_the_safe_zone() -> None:
    width, _, rgba = icon("icon-maskable-512.png")
    for corner in [(0, 0), (511, 0), (0, 511), (511, 511)]:
        assert pixel(rgba, width, *corner) == (0x1F, 0x6B, 0x45, 255)
    for shape in make_icons.domino_shapes(maskable=True)[1:]:
        corners = (
            [(shape.x, shape.y), (shape.x + shape.width, shape.y + shape.height)]
            if isinstance(shape, make_icons.RoundRect)
            else [(shape.cx, shape.cy)]
        )
        for x, y in corners:
            assert (x - 256) ** 2 + (y - 256) ** 2 <= (0.4 * 512) ** 2 + 1, "inside the safe circle"


def test_the_svg_icon_is_the_one_make_icons_draws() -> None:
    svg = (WEB / "icon.svg").read_text(encoding="utf-8")
    assert svg == make_icons.icon_svg(make_icons.domino_shapes()), "run tools/generators/make_icons.py and commit"
    assert svg.startswith('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 512 512">')
    assert svg.count("<circle") == 10, "five pips a half"
    assert svg.count("<rect") == 4


def test_the_png_icons_are_the_ones_make_icons_draws() -> None:
    for name, size, maskable in make_icons.ICONS:
        if size is not None:
            drawn = decode_png(make_icons.icon_png(size, maskable=maskable))
            assert drawn == icon(name), f"web/{name}: run tools/generators/make_icons.py and commit"


# Markdown (markdown-it-py, with tables and heading anchors)


@pytest.mark.parametrize(
    ("markdown", "html"),
    [
        ("# Title", '<h1 id="title">Title</h1>'),
        ("### Worked examples", '<h3 id="worked-examples">Worked examples</h3>'),
        ("one\nparagraph", "<p>one\nparagraph</p>"),
        ("**bold** and *italic*", "<p><strong>bold</strong> and <em>italic</em></p>"),
        ("`5 < 6` & `a*b*`", "<p><code>5 &lt; 6</code> &amp; <code>a*b*</code></p>"),
        ("**Default, `x`:** y", "<p><strong>Default, <code>x</code>:</strong> y</p>"),
        ("<script>alert(1)</script>", "<p>&lt;script&gt;alert(1)&lt;/script&gt;</p>"),
        ("[the game](./index.html)", '<p><a href="./index.html">the game</a></p>'),
        ('[x](https://a.example/?a=1&b="2")', '<p><a href="https://a.example/?a=1&amp;b=%222%22">x</a></p>'),
        ("[bad](javascript:alert)", "<p>[bad](javascript:alert)</p>"),
        ("[bad](data:text/html,x)", "<p>[bad](data:text/html,x)</p>"),
        ("- one\n- two\n  continued", "<ul>\n<li>one</li>\n<li>two\ncontinued</li>\n</ul>"),
        ("1. first\n2. second", "<ol>\n<li>first</li>\n<li>second</li>\n</ol>"),
        (
            '```json\n{"a": "<b>"}\n```',
            '<pre><code class="language-json">{&quot;a&quot;: &quot;&lt;b&gt;&quot;}\n</code></pre>',
        ),
        ("    indented <code>", "<pre><code>indented &lt;code&gt;\n</code></pre>"),
        (
            "| a | b |\n|---|---|\n| `1` | **2** |",
            '<table>\n<thead>\n<tr>\n<th scope="col">a</th>\n<th scope="col">b</th>\n</tr>\n</thead>\n'
            "<tbody>\n<tr>\n<td><code>1</code></td>\n<td><strong>2</strong></td>\n</tr>\n</tbody>\n</table>",
        ),
    ],
)
def test_markdown_to_html(markdown: str, html: str) -> None:
    assert tutorial.markdown_to_html(markdown) == html


def test_repeated_headings_get_distinct_anchors() -> None:
    html = tutorial.markdown_to_html("## Examples\n\ntext\n\n## Examples")
    assert re.findall(r'id="([^"]+)"', html) == ["examples", "examples-1"], "as GitHub numbers them"


def test_every_part_of_the_rules_converts() -> None:
    html = tutorial.markdown_to_html(tutorial.RULES_MARKDOWN.read_text(encoding="utf-8"))
    assert "**" not in html, "no Markdown left over"
    assert "`" not in html
    assert html.count("<table>") == html.count("</table>") >= 5
    assert '<h2 id="counting-the-ends">Counting the ends</h2>' in html
    assert "<li>An end showing a double counts both halves: 3-3 at an end counts 6.</li>" in html


def test_every_heading_of_every_language_has_its_own_anchor() -> None:
    for each in tutorial.read_tutorials():
        blocks = tutorial.markdown_blocks(each.markdown)
        headings = [block for block in blocks if block.heading]
        ids = [re.search(r'id="([^"]+)"', block.html) for block in headings]
        assert all(ids), each.language
        found = [match.group(1) for match in ids if match]
        assert found == [tutorial.slug(block.heading) for block in headings], (
            f"{each.language}: the slugs of the headings"
        )
        assert len(set(found)) == len(found) >= 10


# The rules tutorial


#: A record a poster can draw: the tutorial's spinner hand.
SPINNER_RECORD = next(s.record for s in tutorial.read_scenarios() if s.id == "spinner")


def scenario(**changes: object) -> dict[str, object]:
    data: dict[str, object] = {
        "id": "spinner",
        "after": "Doubles",
        "title": "The spinner",
        "caption": "It *spins*.",
        "options": {"move": 2, "autoplay": True},
        "record": SPINNER_RECORD,
    }
    data.update(changes)
    return data


def test_a_scenario_becomes_a_framed_replay() -> None:
    item = tutorial.Scenario.from_json(scenario(), "test")
    assert item.record_path == "tutorial/spinner.json"
    assert item.embed_url() == "./embed.html?src=tutorial/spinner.json&move=2&autoplay=1"
    figure = tutorial.scenario_figure(item)
    # The replay's poster, drawn by the build, which tutorial_page.py takes over.
    assert '<div class="embed" id="spinner-embed" data-replay="spinner" data-src="tutorial/spinner.json"' in figure
    assert 'data-move="2" data-seat="0" data-lang="en"' in figure
    assert '<nav id="spinner-replay-controls" class="controls" aria-label="The spinner: a replay">' in figure
    assert '<p id="spinner-position" class="position" role="status">Hand 1, move 2 of 5</p>' in figure
    assert '<div id="spinner-board" class="table"><svg' in figure
    assert "<iframe" not in figure
    assert "<figcaption><strong>The spinner.</strong> It <em>spins</em>.</figcaption>" in figure


@pytest.mark.parametrize(
    ("changes", "problem"),
    [
        ({"id": "Two Words"}, "lower-case words"),
        ({"title": ""}, "'title' must be a non-empty string"),
        ({"options": {"colour": "red"}}, "options may only be"),
        ({"record": {"format": "chess"}}, "allfives-record"),
    ],
)
def test_a_scenario_the_page_cannot_show_is_refused(changes: dict[str, object], problem: str) -> None:
    with pytest.raises(BuildError, match=problem):
        tutorial.Scenario.from_json(scenario(**changes), "test")


def test_each_replay_goes_at_the_end_of_its_section() -> None:
    blocks = tutorial.markdown_blocks("# Rules\n\nintro\n\n## Doubles\n\nspin\n\n### Detail\n\nmore\n\n## Next\n\nend")
    body = tutorial.tutorial_body(blocks, [tutorial.Scenario.from_json(scenario(), "test")])
    order = [line.split(">")[0] for line in body.splitlines()]
    assert order == [
        '<h1 id="rules"',
        "<p",
        '<h2 id="doubles"',
        "<p",
        '<figure class="tutorial" id="try-spinner"',
        '<h3 id="detail"',
        "<p",
        '<h2 id="next"',
        "<p",
    ]


def test_a_scenario_after_a_section_the_rules_lack_is_refused() -> None:
    blocks = tutorial.markdown_blocks("## Other\n\ntext")
    with pytest.raises(BuildError, match="Doubles"):
        tutorial.tutorial_body(blocks, [tutorial.Scenario.from_json(scenario(), "test")])


def test_the_rules_page_has_a_replay_for_every_scenario() -> None:
    scenarios = tutorial.read_scenarios()
    page = tutorial.rules_page(tutorial.tutorial_text(DOCS, "en"), scenarios)
    assert page.count("data-replay=") == len(scenarios) >= 9
    assert "<iframe " not in page, "one interpreter for the page, not one per replay"
    assert '<link rel="manifest" href="./manifest.webmanifest">' in page
    assert page.count("<script") == 1, "rules.js alone, which starts the replays when wanted"
    assert '<script defer src="./rules.js"></script>' in page
    for item in scenarios:
        assert f'id="try-{item.id}"' in page


def test_the_rules_are_a_page_in_every_language_of_the_game_each_with_its_replays() -> None:
    tutorials = tutorial.read_tutorials()
    assert [t.language for t in tutorials] == ["en", "de", "hu", "gl", "lb"]
    assert sorted(t.language for t in tutorials) == sorted(LANGUAGES), "the game's languages, no fewer"
    ids = [s.id for s in tutorials[0].scenarios]
    for each in tutorials:
        page = tutorial.rules_page(each.markdown, each.scenarios, each.language, each.words)
        assert f'<html lang="{each.language}">' in page
        assert [s.id for s in each.scenarios] == ids, "the same replays, in the same order"
        assert page.count("data-replay=") == len(ids)
        assert page.count(f'data-lang="{each.language}"') == len(ids), "each replay speaks the page's language"
        # Each page links to every language's page, and marks its own.
        for other in tutorials:
            assert f'href="./{other.page_name}" hreflang="{other.language}"' in page
        assert (
            f'href="./{each.page_name}" hreflang="{each.language}" lang="{each.language}" aria-current="page"' in page
        )
    assert [t.page_name for t in tutorials] == [
        "rules.html",
        "rules.de.html",
        "rules.hu.html",
        "rules.gl.html",
        "rules.lb.html",
    ]


def test_a_translation_that_lacks_a_replay_is_refused(tmp_path: Path) -> None:
    translations = ["de", "hu", "gl", "lb"]
    (tmp_path / "tutorial").mkdir()
    for name in ("tutorial-scenarios.json", *(f"tutorial/{code}.md" for code in ["en", *translations])):
        (tmp_path / name).write_text((DOCS / name).read_text(encoding="utf-8"), encoding="utf-8")
    for code in translations:
        words = json.loads((DOCS / f"tutorial.{code}.json").read_text(encoding="utf-8"))
        if code == "hu":
            del words["scenarios"]["spinner"]
        (tmp_path / f"tutorial.{code}.json").write_text(json.dumps(words), encoding="utf-8")
    with pytest.raises(BuildError, match=r"tutorial\.hu\.json: the scenarios must be exactly"):
        tutorial.read_tutorials(tmp_path)


def test_a_heading_keeps_its_letters_in_its_anchor() -> None:
    assert tutorial.slug("A végek számolása") == "a-végek-számolása"
    assert tutorial.slug("Counting the ends") == "counting-the-ends"
    assert tutorial.slug("Wer gewinnt?") == "wer-gewinnt"


def test_scenario_ids_are_unique(tmp_path: Path) -> None:
    path = tmp_path / "scenarios.json"
    path.write_text(json.dumps({"scenarios": [scenario(), scenario()]}))
    with pytest.raises(BuildError, match="used twice"):
        tutorial.read_scenarios(path)


# Offline


def tiny_site(tmp_path: Path) -> Path:
    dist = tmp_path / "dist"
    (dist / "vendor").mkdir(parents=True)
    (dist / "index.html").write_text("<!doctype html>")
    (dist / "vendor" / "core.js").write_text("export {}")
    return dist


def template(tmp_path: Path) -> Path:
    path = tmp_path / "sw.js"
    path.write_text('const VERSION = "__PRECACHE_VERSION__";\n')
    return path


def test_the_manifest_lists_every_file_with_its_hash_and_a_version(tmp_path: Path) -> None:
    dist = tiny_site(tmp_path)
    offline.write_offline_files(dist, template(tmp_path))
    manifest = json.loads((dist / "precache.json").read_text())
    assert sorted(manifest["files"]) == ["index.html", "vendor/core.js"], "not the worker, nor the manifest"
    assert manifest["files"]["index.html"] == "sha256-/ibFnpGsjeaUslMdw73Bt/r0cdPX5OAIcK9g9fIol8s="
    assert re.fullmatch("[0-9a-f]{16}", manifest["version"])
    assert (dist / "sw.js").read_text() == f'const VERSION = "{manifest["version"]}";\n'


def test_any_changed_file_changes_the_version(tmp_path: Path) -> None:
    dist = tiny_site(tmp_path)
    offline.write_offline_files(dist, template(tmp_path))
    before = json.loads((dist / "precache.json").read_text())["version"]
    offline.write_offline_files(dist, template(tmp_path))
    assert json.loads((dist / "precache.json").read_text())["version"] == before, "the same files, the same version"
    (dist / "vendor" / "core.js").write_text("export {};")
    offline.write_offline_files(dist, template(tmp_path))
    assert json.loads((dist / "precache.json").read_text())["version"] != before


def test_the_worker_template_must_hold_the_version_mark_once() -> None:
    with pytest.raises(BuildError, match="exactly once"):
        offline.stamp_service_worker("const VERSION = 1;", "abc")
    assert offline.SW_VERSION_MARK in (ROOT / "web" / "js" / "sw.js").read_text(encoding="utf-8")


def test_the_worker_is_registered_for_its_own_folder() -> None:
    # Relative URLs only, so the site works from any sub-path.
    source = (ROOT / "web" / "js" / "shell.js").read_text(encoding="utf-8")
    assert 'container.register("./sw.js", { scope: "./" })' in source


# The steps


def test_the_steps_run_in_order_into_an_emptied_folder(tmp_path: Path) -> None:
    dist = tmp_path / "dist"
    dist.mkdir()
    (dist / "stale.txt").write_text("from the last build")
    ran: list[str] = []

    def first(target: Path) -> list[Path]:
        ran.append("first")
        assert not (target / "stale.txt").exists(), "dist/ is emptied before the steps"
        (target / "a.txt").write_text("a")
        return [target / "a.txt"]

    def second(target: Path) -> list[Path]:
        ran.append("second")
        assert (target / "a.txt").is_file(), "each step sees what the ones before wrote"
        return []

    assert steps.build(dist, install=False, steps=[first, second]) == [dist / "a.txt"]
    assert ran == ["first", "second"]


def test_the_offline_files_are_written_last() -> None:
    assert steps.STEPS[-1] is offline.write_offline_files, "the manifest hashes every file written before it"


# What build.py installs, and the test run


def test_the_test_extra_brings_the_build_and_icons_extras_pinned() -> None:
    build_pins = requirements.requirements("build")
    assert build_pins == ["markdown-it-py==4.3.0", "mdit-py-plugins==0.7.0", "mdurl==0.1.2"]
    test_pins = requirements.requirements("test")
    assert set(build_pins) <= set(test_pins)
    assert "pillow==13.0.0" in test_pins, "the icon test draws the icons"
    assert not [r for r in test_pins if r.startswith("allfives")], "the project's own extras are spelled out"
    assert all("==" in r for r in test_pins), "every tool pinned exactly"
    assert requirements.included_extras("test") == ["test", "build", "icons"]
    assert requirements.missing_modules("test") == [], "this run has every module of the test extra"


def test_the_chromium_is_the_named_one_else_the_system_one(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    chrome = tmp_path / "chrome"
    chrome.write_text("#!/bin/sh\n")
    chrome.chmod(0o755)
    monkeypatch.setenv(testing.CHROMIUM_ENV, str(chrome))
    assert testing.system_chromium() == str(chrome)
    monkeypatch.setenv(testing.CHROMIUM_ENV, str(tmp_path / "missing"))
    assert testing.system_chromium() is None


def test_without_a_chromium_the_test_run_says_how_to_get_one_and_fails(capsys: pytest.CaptureFixture[str]) -> None:
    quick = "tests/tooling/test_build.py::test_the_offline_files_are_written_last"
    code = testing.run_pytest(["-q", "-p", "no:cacheprovider", quick], browser=False)
    assert code != 0, "a run without the browser tests is never a pass"
    lines = capsys.readouterr().err.splitlines()
    assert lines[-1].startswith(testing.NO_CHROMIUM)
    assert "apt-get install chromium" in testing.NO_CHROMIUM
    assert testing.CHROMIUM_ENV in testing.NO_CHROMIUM
    assert "playwright install chromium" in testing.NO_CHROMIUM


def test_the_site_ships_the_engine_the_pages_import_and_not_the_command_line() -> None:
    shipped = {path.as_posix() for path in site.package_files()}
    assert {"allfives/__init__.py", "allfives/players/__init__.py", "allfives/players/expert.py"} <= shipped
    # The searches' own modules come in through what the players import.
    assert {"allfives/players/rollout.py", "allfives/players/endgame.py"} <= shipped
    assert not {path for path in shipped if path.startswith("allfives/cli/")}
    assert "allfives/__main__.py" not in shipped


def test_a_module_is_shipped_with_the_modules_it_imports(tmp_path: Path) -> None:
    package = tmp_path / "pkg"
    (package / "sub").mkdir(parents=True)
    (package / "__init__.py").write_text("from .a import x\n", encoding="utf-8")
    (package / "a.py").write_text("x = 1\n", encoding="utf-8")
    (package / "sub" / "__init__.py").write_text("", encoding="utf-8")
    (package / "sub" / "b.py").write_text("def f():\n    from ..c import y\n", encoding="utf-8")
    (package / "c.py").write_text("y = 2\n", encoding="utf-8")
    (package / "unused.py").write_text("", encoding="utf-8")
    web = tmp_path / "web"
    web.mkdir()
    (web / "page.py").write_text("from pkg.sub import b\n", encoding="utf-8")
    shipped = {path.relative_to(tmp_path).as_posix() for path in site.page_imports(package, web)}
    assert shipped == {"pkg/__init__.py", "pkg/a.py", "pkg/sub/__init__.py", "pkg/sub/b.py", "pkg/c.py"}


def test_the_pages_get_the_tiles_gradients_once_from_one_file() -> None:
    defs = (ROOT / "web" / site.TILE_DEFS).read_text(encoding="utf-8")
    page = site.with_tile_defs(f"<body>\n{site.TILE_DEFS_MARK}\n<main></main>", defs)
    assert site.TILE_DEFS_MARK not in page
    assert page.count('id="af-ivory"') == 1
    assert "<!--" not in page, "the file's own comment stays out of the page"
    for name in ("index.html", "embed.html"):
        assert (ROOT / "web" / name).read_text(encoding="utf-8").count(site.TILE_DEFS_MARK) == 1
    with pytest.raises(BuildError, match="more than once"):
        site.with_tile_defs(site.TILE_DEFS_MARK * 2, defs)


# The vendored runtime


def test_each_patch_of_the_pinned_pyodide_finds_its_text_once() -> None:
    """The build patches Pyodide's JavaScript where it must (vendor.PYODIDE_PATCHES);
    an upgrade whose text differs fails the build, so the patch is looked at again."""
    for name, old, new in vendor.PYODIDE_PATCHES:
        text = (vendor.PYODIDE_DIR / name).read_text(encoding="utf-8")
        assert text.count(old) == 1, name
        assert new not in text, name


def test_the_shipped_lock_file_keeps_the_runtimes_versions_and_no_packages(tmp_path: Path) -> None:
    lock = tmp_path / "pyodide-lock.json"
    pinned = json.loads((vendor.PYODIDE_DIR / "pyodide-lock.json").read_text(encoding="utf-8"))
    lock.write_text(json.dumps(pinned), encoding="utf-8")
    vendor.write_lock_without_packages(lock)
    assert json.loads(lock.read_text(encoding="utf-8")) == {"info": pinned["info"], "packages": {}}


def test_a_patch_whose_text_is_missing_or_repeated_fails_the_build(tmp_path: Path) -> None:
    script = tmp_path / "runtime.mjs"
    script.write_text("a(); b(); a();", encoding="utf-8")
    with pytest.raises(BuildError, match="found it 2 times"):
        vendor.patch_once(script, "a();", "c();")
    with pytest.raises(BuildError, match="found it 0 times"):
        vendor.patch_once(script, "d();", "c();")
    vendor.patch_once(script, "b();", "c();")
    assert script.read_text(encoding="utf-8") == "a(); c(); a();"


# The first paint


def test_the_fixed_words_are_drawn_in_every_language() -> None:
    """The game's and the replay's fixed words (``data-i18n``), a copy in each
    language for the first paint; loading.js picks the one that shows."""
    page = first_paint.translate_fixed_words(
        '<h2 data-i18n="moves">Moves</h2><a class="skip" href="#hand" data-i18n="skip_to_hand">Skip</a>'
    )
    assert page.startswith(
        '<h2 data-i18n="moves"><span data-first-lang="en">Moves</span><span data-first-lang="de">'
        + Translator("de")("moves")
        + "</span>"
    )
    assert page.count("data-first-lang=") == 2 * len(LANGUAGES)
    assert page.endswith("</span></a>")


def test_the_game_and_the_replay_name_the_script_that_picks_the_language_of_their_first_paint() -> None:
    for name, page in zip(first_paint.TRANSLATED_PAGES, ("game", "replay"), strict=True):
        assert f'<script src="./loading.js" data-first-screen="{page}">' in (WEB / name).read_text(encoding="utf-8")


def test_the_stylesheets_show_one_languages_copy_for_each_language_the_game_speaks() -> None:
    rule = first_paint.language_rule()
    for language in LANGUAGES:
        assert f'html:not([lang="{language}"]) [data-first-lang="{language}"]' in rule
    for name in first_paint.STYLESHEETS:
        assert (WEB / name).read_text(encoding="utf-8").count(first_paint.STYLE_MARK) == 1, name
