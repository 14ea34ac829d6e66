"""The build's own steps, without a browser: the page configs, the icons and
their PNG encoder, the Markdown converter, the rules tutorial page, and the
offline manifest and service worker."""

from __future__ import annotations

import importlib.util
import json
import re
import struct
import sys
import zlib
from pathlib import Path
from types import ModuleType

import pytest
from i18n import LANGUAGES

ROOT = Path(__file__).resolve().parent.parent


def _load_build() -> ModuleType:
    """build.py is a script, not a package: load it as the browser tests do."""
    spec = importlib.util.spec_from_file_location("allfives_build", ROOT / "build.py")
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses in build.py look their module up
    spec.loader.exec_module(module)
    return module


build = _load_build()


def decode_png(data: bytes) -> tuple[int, int, bytes]:
    """Width, height and RGBA pixels of a PNG that :func:`build.png_bytes` wrote."""
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    position, chunks = 8, {}
    while position < len(data):
        (length,) = struct.unpack(">I", data[position : position + 4])
        kind = data[position + 4 : position + 8]
        body = data[position + 8 : position + 8 + length]
        (crc,) = struct.unpack(">I", data[position + 8 + length : position + 12 + length])
        assert crc == zlib.crc32(kind + body), f"bad CRC in {kind!r}"
        chunks[kind] = chunks.get(kind, b"") + body
        position += 12 + length
    width, height, depth, colour, _, _, _ = struct.unpack(">IIBBBBB", chunks[b"IHDR"])
    assert (depth, colour) == (8, 6), "8-bit RGBA"
    raw = zlib.decompress(chunks[b"IDAT"])
    stride = width * 4
    rows = [raw[y * (stride + 1) : (y + 1) * (stride + 1)] for y in range(height)]
    assert all(row[0] == 0 for row in rows), "no filters"
    assert b"IEND" in chunks
    return width, height, b"".join(row[1:] for row in rows)


def pixel(rgba: bytes, width: int, x: int, y: int) -> tuple[int, int, int, int]:
    i = (y * width + x) * 4
    r, g, b, a = rgba[i : i + 4]
    return r, g, b, a


# Page configs and the files copied from web/


def test_web_files_include_the_worker_script_and_icons_but_not_the_templates(tmp_path: Path) -> None:
    for name in ("index.html", "sw.js", "pyscript.json", "shot.png", "notes.txt", "main.py"):
        (tmp_path / name).write_text("x")
    assert [p.name for p in build.web_files(tmp_path)] == ["index.html", "main.py", "shot.png"]


def test_each_page_config_lists_the_modules_its_page_imports() -> None:
    package = [Path("allfives/__init__.py"), Path("allfives/players/medium.py")]
    pages = [Path(name) for name in ("board.py", "controller.py", "i18n.py", "lang_de.py", "lang_en.py")]
    pages += [Path(name) for name in ("main.py", "embed.py", "offline.py", "replay.py", "store.py")]
    modules = build.importable_modules(package, pages)
    assert Path("main.py") not in modules
    assert Path("embed.py") not in modules, "page scripts are loaded by their page, not imported"
    game, embed = build.PAGE_CONFIGS
    assert build.page_modules(game, modules) == modules
    assert [m.as_posix() for m in build.page_modules(embed, modules)] == [
        "allfives/__init__.py",
        "allfives/players/medium.py",
        "board.py",
        "controller.py",
        "i18n.py",
        "lang_de.py",
        "lang_en.py",
        "offline.py",
        "replay.py",
    ]


def test_the_embed_page_names_its_own_config() -> None:
    html = (ROOT / "web" / "embed.html").read_text(encoding="utf-8")
    assert 'src="./embed.py" config="./pyscript-embed.json"' in html
    assert "pyscript-embed.json" in {page.name for page in build.PAGE_CONFIGS}


def test_the_game_page_links_the_web_app_manifest() -> None:
    html = (ROOT / "web" / "index.html").read_text(encoding="utf-8")
    assert '<link rel="manifest" href="./manifest.webmanifest">' in html


def test_the_manifest_names_the_app_and_icons_the_build_draws() -> None:
    manifest = json.loads((ROOT / "web" / "manifest.webmanifest").read_text(encoding="utf-8"))
    assert manifest["name"] == manifest["short_name"] == "All Fives"
    assert (manifest["start_url"], manifest["display"]) == (".", "standalone")
    assert (manifest["theme_color"], manifest["background_color"]) == ("#1f6b45", "#f6f3ea")
    drawn = {name: size for name, size, _ in build.ICONS}
    for icon in manifest["icons"]:
        assert icon["src"] in drawn, f"{icon['src']} is not drawn by the build"
        size = drawn[icon["src"]]
        assert icon["sizes"] == ("any" if size is None else f"{size}x{size}")
    sizes = {icon["sizes"] for icon in manifest["icons"] if icon["type"] == "image/png"}
    assert {"192x192", "512x512"} <= sizes


# Icons


def test_png_bytes_round_trips_pixels() -> None:
    rgba = bytes(range(2 * 3 * 4))
    assert decode_png(build.png_bytes(2, 3, rgba)) == (2, 3, rgba)


def test_png_bytes_refuses_the_wrong_number_of_pixels() -> None:
    with pytest.raises(ValueError, match="12 bytes"):
        build.png_bytes(2, 2, bytes(12))


@pytest.mark.parametrize("size", [192, 512])
def test_the_icon_is_a_domino_on_felt(size: int) -> None:
    width, height, rgba = decode_png(build.icon_png(size))
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
    width, _, rgba = decode_png(build.icon_png(512, maskable=True))
    assert pixel(rgba, width, 0, 0) == (0x1F, 0x6B, 0x45, 255)
    for shape in build.domino_shapes(maskable=True)[1:]:
        corners = (
            [(shape.x, shape.y), (shape.x + shape.width, shape.y + shape.height)]
            if isinstance(shape, build.RoundRect)
            else [(shape.cx, shape.cy)]
        )
        for x, y in corners:
            assert (x - 256) ** 2 + (y - 256) ** 2 <= (0.4 * 512) ** 2 + 1, "inside the safe circle"


def test_the_svg_icon_draws_the_same_shapes() -> None:
    svg = build.icon_svg(build.domino_shapes())
    assert svg.startswith('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 512 512">')
    assert svg.count("<circle") == 10, "five pips a half"
    assert svg.count("<rect") == 4


# Markdown


@pytest.mark.parametrize(
    ("markdown", "html"),
    [
        ("# Title", '<h1 id="title">Title</h1>'),
        ("### Worked examples", '<h3 id="worked-examples">Worked examples</h3>'),
        ("one\nparagraph", "<p>one paragraph</p>"),
        ("**bold** and *italic*", "<p><strong>bold</strong> and <em>italic</em></p>"),
        ("`5 < 6` & `a*b*`", "<p><code>5 &lt; 6</code> &amp; <code>a*b*</code></p>"),
        ("**Default, `x`:** y", "<p><strong>Default, <code>x</code>:</strong> y</p>"),
        ("<script>alert(1)</script>", "<p>&lt;script&gt;alert(1)&lt;/script&gt;</p>"),
        ("[the game](./index.html)", '<p><a href="./index.html">the game</a></p>'),
        ('[x](https://a.example/?a=1&b="2")', '<p><a href="https://a.example/?a=1&amp;b=&quot;2&quot;">x</a></p>'),
        ("[bad](javascript:alert)", "<p>bad</p>"),
        ("- one\n- two\n  continued", "<ul><li>one</li><li>two continued</li></ul>"),
        ("1. first\n2. second", "<ol><li>first</li><li>second</li></ol>"),
        (
            '```json\n{"a": "<b>"}\n```',
            '<pre><code class="language-json">{&quot;a&quot;: &quot;&lt;b&gt;&quot;}</code></pre>',
        ),
        ("    indented <code>", "<pre><code>indented &lt;code&gt;</code></pre>"),
        (
            "| a | b |\n|---|---|\n| `1` | **2** |",
            '<table><thead><tr><th scope="col">a</th><th scope="col">b</th></tr></thead>'
            "<tbody><tr><td><code>1</code></td><td><strong>2</strong></td></tr></tbody></table>",
        ),
    ],
)
def test_markdown_to_html(markdown: str, html: str) -> None:
    assert build.markdown_to_html(markdown) == html


def test_repeated_headings_get_distinct_anchors() -> None:
    html = build.markdown_to_html("## Examples\n\ntext\n\n## Examples")
    assert re.findall(r'id="([^"]+)"', html) == ["examples", "examples-2"]


def test_every_part_of_the_rules_converts() -> None:
    html = build.markdown_to_html(build.RULES_MARKDOWN.read_text(encoding="utf-8"))
    assert "**" not in html, "no Markdown left over"
    assert "`" not in html
    assert html.count("<table>") == html.count("</table>") >= 5
    assert '<h2 id="counting-the-ends">Counting the ends</h2>' in html
    assert "<li>An end showing a double counts both halves: 3-3 at an end counts 6.</li>" in html


# The rules tutorial


def scenario(**changes: object) -> dict[str, object]:
    data: dict[str, object] = {
        "id": "spinner",
        "after": "Doubles",
        "title": "The spinner",
        "caption": "It *spins*.",
        "options": {"move": 2, "autoplay": True},
        "record": {"format": "allfives-record", "version": 1, "hands": []},
    }
    data.update(changes)
    return data


def test_a_scenario_becomes_a_framed_replay() -> None:
    item = build.Scenario.from_json(scenario(), "test")
    assert item.record_path == "tutorial/spinner.json"
    assert item.embed_url() == "./embed.html?src=tutorial/spinner.json&move=2&autoplay=1"
    figure = build.scenario_figure(item)
    assert '<iframe src="./embed.html?src=tutorial/spinner.json&amp;move=2&amp;autoplay=1"' in figure
    assert 'title="The spinner: a replay" loading="lazy"' in figure
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
    with pytest.raises(build.BuildError, match=problem):
        build.Scenario.from_json(scenario(**changes), "test")


def test_each_replay_goes_at_the_end_of_its_section() -> None:
    blocks = build.markdown_blocks("# Rules\n\nintro\n\n## Doubles\n\nspin\n\n### Detail\n\nmore\n\n## Next\n\nend")
    body = build.tutorial_body(blocks, [build.Scenario.from_json(scenario(), "test")])
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
    blocks = build.markdown_blocks("## Other\n\ntext")
    with pytest.raises(build.BuildError, match="Doubles"):
        build.tutorial_body(blocks, [build.Scenario.from_json(scenario(), "test")])


def test_the_rules_page_has_a_replay_for_every_scenario() -> None:
    scenarios = build.read_scenarios()
    page = build.rules_page(build.RULES_MARKDOWN.read_text(encoding="utf-8"), scenarios)
    assert page.count("<iframe ") == len(scenarios) >= 7
    assert '<link rel="manifest" href="./manifest.webmanifest">' in page
    assert "script-src 'none'" in page, "the rules page runs no script of its own"
    for item in scenarios:
        assert f'id="try-{item.id}"' in page


def test_the_rules_are_a_page_in_every_language_of_the_game_each_with_its_replays() -> None:
    tutorials = build.read_tutorials()
    assert [t.language for t in tutorials] == ["en", "de", "hu", "gl", "lb"]
    assert sorted(t.language for t in tutorials) == sorted(LANGUAGES), "the game's languages, no fewer"
    ids = [s.id for s in tutorials[0].scenarios]
    for tutorial in tutorials:
        page = build.rules_page(tutorial.markdown, tutorial.scenarios, tutorial.language, tutorial.words)
        assert f'<html lang="{tutorial.language}">' in page
        assert [s.id for s in tutorial.scenarios] == ids, "the same replays, in the same order"
        assert page.count("<iframe ") == len(ids)
        if tutorial.language != "en":
            assert page.count(f"lang={tutorial.language}") == len(ids), "each replay speaks the page's language"
        # Each page links to every language's page, and marks its own.
        for other in tutorials:
            assert f'href="./{other.page_name}" hreflang="{other.language}"' in page
        assert (
            f'href="./{tutorial.page_name}" hreflang="{tutorial.language}" lang="{tutorial.language}" aria-current="page"'
            in page
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
    for name in ("rules.md", "tutorial-scenarios.json", *(f"rules.{code}.md" for code in translations)):
        (tmp_path / name).write_text((build.DOCS / name).read_text(encoding="utf-8"), encoding="utf-8")
    for code in translations:
        words = json.loads((build.DOCS / f"tutorial.{code}.json").read_text(encoding="utf-8"))
        if code == "hu":
            del words["scenarios"]["spinner"]
        (tmp_path / f"tutorial.{code}.json").write_text(json.dumps(words), encoding="utf-8")
    with pytest.raises(build.BuildError, match=r"tutorial\.hu\.json: the scenarios must be exactly"):
        build.read_tutorials(tmp_path)


def test_a_heading_keeps_its_letters_in_its_anchor() -> None:
    assert build.slug("A végek számolása") == "a-végek-számolása"
    assert build.slug("Counting the ends") == "counting-the-ends"
    assert build.slug("Wer gewinnt?") == "wer-gewinnt"


def test_scenario_ids_are_unique(tmp_path: Path) -> None:
    path = tmp_path / "scenarios.json"
    path.write_text(json.dumps({"scenarios": [scenario(), scenario()]}))
    with pytest.raises(build.BuildError, match="used twice"):
        build.read_scenarios(path)


# Offline


def site(tmp_path: Path) -> Path:
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
    dist = site(tmp_path)
    build.write_offline_files(dist, template(tmp_path))
    manifest = json.loads((dist / "precache.json").read_text())
    assert sorted(manifest["files"]) == ["index.html", "vendor/core.js"], "not the worker, nor the manifest"
    assert manifest["files"]["index.html"] == "sha256-/ibFnpGsjeaUslMdw73Bt/r0cdPX5OAIcK9g9fIol8s="
    assert re.fullmatch("[0-9a-f]{16}", manifest["version"])
    assert (dist / "sw.js").read_text() == f'const VERSION = "{manifest["version"]}";\n'


def test_any_changed_file_changes_the_version(tmp_path: Path) -> None:
    dist = site(tmp_path)
    build.write_offline_files(dist, template(tmp_path))
    before = json.loads((dist / "precache.json").read_text())["version"]
    build.write_offline_files(dist, template(tmp_path))
    assert json.loads((dist / "precache.json").read_text())["version"] == before, "the same files, the same version"
    (dist / "vendor" / "core.js").write_text("export {};")
    build.write_offline_files(dist, template(tmp_path))
    assert json.loads((dist / "precache.json").read_text())["version"] != before


def test_the_worker_template_must_hold_the_version_mark_once() -> None:
    with pytest.raises(build.BuildError, match="exactly once"):
        build.stamp_service_worker("const VERSION = 1;", "abc")
    assert build.SW_VERSION_MARK in (ROOT / "web" / "sw.js").read_text(encoding="utf-8")


def test_the_worker_is_registered_for_its_own_folder() -> None:
    # Relative URLs only, so the site works from any sub-path.
    source = (ROOT / "web" / "offline.py").read_text(encoding="utf-8")
    assert 'SCRIPT: Final = "./sw.js"' in source
    assert 'SCOPE: Final = "./"' in source
