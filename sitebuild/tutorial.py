"""The rules tutorial: a page for each language (rules.html, rules.de.html,
...) from docs/tutorial/<language>.md, with a replay of each scenario of
docs/tutorial-scenarios.json after the section it names, and each
scenario's record under dist/tutorial/.

Each replay is drawn here, on CPython, as its poster (web/replay/poster.py: the
board, the words and the step controls of the position it opens at, with the
page's own board and replay code), so the page is whole at first paint with
no script; web/js/rules.js starts the page's one interpreter when the reader
wants a replay, and web/replay/tutorial_page.py makes every poster live in place.

The Markdown is read by markdown-it-py (CommonMark, with tables), raw HTML
off; each heading gets an anchor (mdit-py-plugins' anchors) from
:func:`slug`, the ids the tutorial's links and the tests rely on.
"""

from __future__ import annotations

import html
import importlib
import json
import re
import sys
import urllib.parse
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Final

from markdown_it import MarkdownIt
from markdown_it.rules_core import StateCore
from markdown_it.token import Token
from mdit_py_plugins.anchors import anchors_plugin

from .files import DOCS, WEB, BuildError, read_json

#: The specification of the rules (for readers of the code, not a page).
RULES_MARKDOWN = DOCS / "rules.md"
#: The tutorial, written for players: ``en.md``, ``de.md``, ... one a language.
TUTORIAL_TEXT = DOCS / "tutorial"
TUTORIAL_SCENARIOS = DOCS / "tutorial-scenarios.json"

# --------------------------------------------------------------------------
# Markdown

#: The links a page may hold: web, mail, in-page and relative ones.
_SAFE_URL = re.compile(r"(https?:|mailto:|#|\./|\.\./|[\w.-]+(/|$|#))", re.I)


def slug(text: str) -> str:
    """A heading's anchor: ``Counting the ends`` -> ``counting-the-ends``,
    ``A végek számolása`` -> ``a-végek-számolása`` (letters of any language
    are kept, as GitHub keeps them)."""
    return re.sub(r"[\W_]+", "-", text.lower()).strip("-") or "section"


class RulesMarkdown(MarkdownIt):
    """CommonMark with tables and heading anchors, raw HTML shown as text,
    and links only to web, mail or relative addresses (anything else, a
    ``javascript:`` URL say, stays text)."""

    def __init__(self) -> None:
        super().__init__("commonmark", {"html": False})
        self.enable("table")
        anchors_plugin(self, min_level=1, max_level=6, slug_func=slug)
        self.core.ruler.push("column_headers", _column_headers)

    def validateLink(self, url: str) -> bool:
        """Whether ``url`` may be a link's target."""
        return bool(_SAFE_URL.match(url))


def _column_headers(state: StateCore) -> None:
    """Mark a table's header cells as column headers, for screen readers."""
    for token in state.tokens:
        if token.type == "th_open":
            token.attrSet("scope", "col")


@dataclass(frozen=True)
class Block:
    """A run of a Markdown document as HTML: a heading keeps its text
    (``heading``) and level, so a page can place things after its section;
    the blocks between two headings come as one."""

    html: str
    heading: str = ""
    level: int = 0


def markdown_blocks(text: str) -> list[Block]:
    """``text`` (Markdown) as HTML: each heading (outside lists and quotes)
    a block of its own, and what lies between headings a block."""
    markdown = RulesMarkdown()
    env: dict[str, Any] = {}
    tokens = markdown.parse(text, env)

    def rendered(part: Sequence[Token]) -> str:
        return str(markdown.renderer.render(part, markdown.options, env)).rstrip("\n")

    blocks: list[Block] = []
    start = 0
    for index, token in enumerate(tokens):
        if token.type != "heading_open" or token.level != 0:
            continue
        if index > start:
            blocks.append(Block(rendered(tokens[start:index])))
        end = index + 3  # heading_open, inline, heading_close
        blocks.append(Block(rendered(tokens[index:end]), tokens[index + 1].content, int(token.tag[1])))
        start = end
    if start < len(tokens):
        blocks.append(Block(rendered(tokens[start:])))
    return blocks


def markdown_to_html(text: str) -> str:
    """A Markdown document as an HTML fragment."""
    return "\n".join(block.html for block in markdown_blocks(text))


def inline(text: str) -> str:
    """One line of Markdown (a caption) as inline HTML."""
    return str(RulesMarkdown().renderInline(text))


# --------------------------------------------------------------------------
# the rules tutorial: rules.html, with a replay after each scenario's section

RULES_PAGE = "rules.html"
TUTORIAL_DIR = "tutorial"
EMBED_PAGE = "embed.html"
#: The embed options a scenario may set (see docs/embedding.md).
SCENARIO_OPTIONS = frozenset({"move", "seat", "autoplay", "theme", "lang"})
_SCENARIO_ID = re.compile(r"[a-z0-9]+(-[a-z0-9]+)*")


@dataclass(frozen=True)
class Scenario:
    """A tutorial scenario: a record shown after the rules' section ``after``."""

    id: str
    after: str
    title: str
    caption: str
    options: Mapping[str, str]
    record: Mapping[str, Any]

    @staticmethod
    def from_json(data: object, where: str) -> Scenario:
        """Read one scenario, refusing anything the page could not show."""
        if not isinstance(data, Mapping):
            raise BuildError(f"{where}: a scenario is an object")
        texts = {key: data.get(key) for key in ("id", "after", "title", "caption")}
        for key, value in texts.items():
            if not isinstance(value, str) or not value.strip():
                raise BuildError(f"{where}: {key!r} must be a non-empty string")
        ident = str(texts["id"])
        if not _SCENARIO_ID.fullmatch(ident):
            raise BuildError(f"{where}: the id {ident!r} must be lower-case words joined by '-'")
        options = data.get("options", {})
        if not isinstance(options, Mapping) or not set(options) <= SCENARIO_OPTIONS:
            raise BuildError(f"{where}: options may only be {', '.join(sorted(SCENARIO_OPTIONS))}")
        record = data.get("record")
        if not isinstance(record, Mapping) or record.get("format") != "allfives-record":
            raise BuildError(f"{where}: the record must be an allfives-record object")
        return Scenario(
            ident,
            str(texts["after"]),
            str(texts["title"]),
            str(texts["caption"]),
            {str(k): str(int(v)) if isinstance(v, bool) else str(v) for k, v in options.items()},
            record,
        )

    @property
    def record_path(self) -> str:
        """Where the record is written, relative to dist/."""
        return f"{TUTORIAL_DIR}/{self.id}.json"

    def embed_url(self) -> str:
        """The embed page showing this scenario, relative to rules.html."""
        query = urllib.parse.urlencode({"src": self.record_path, **self.options}, safe="/")
        return f"./{EMBED_PAGE}?{query}"

    def in_language(self, language: str, words: Mapping[str, Any], where: str) -> Scenario:
        """This scenario as a page in ``language`` shows it: its heading,
        title and caption from ``words`` (the language's entry for this id),
        and the replay speaking the same language."""
        if not isinstance(words, Mapping):
            raise BuildError(f"{where}: no words for the scenario {self.id!r}")
        texts = {key: words.get(key) for key in ("after", "title", "caption")}
        for key, value in texts.items():
            if not isinstance(value, str) or not value.strip():
                raise BuildError(f"{where}: scenario {self.id!r}: {key!r} must be a non-empty string")
        return Scenario(
            self.id,
            str(texts["after"]),
            str(texts["title"]),
            str(texts["caption"]),
            {**self.options, "lang": language},
            self.record,
        )


def read_scenarios(path: Path = TUTORIAL_SCENARIOS) -> list[Scenario]:
    """The tutorial scenarios, each checked for shape (the records' rules are
    checked by the tests, which can import the engine)."""
    data = read_json(path)
    items = data.get("scenarios") if isinstance(data, Mapping) else None
    if not isinstance(items, list):
        raise BuildError(f'{path.name}: expected {{"scenarios": [...]}}')
    scenarios = [Scenario.from_json(item, f"{path.name}, scenario {n}") for n, item in enumerate(items, start=1)]
    seen: set[str] = set()
    for scenario in scenarios:
        if scenario.id in seen:
            raise BuildError(f"{path.name}: the id {scenario.id!r} is used twice")
        seen.add(scenario.id)
    return scenarios


def _web_import(name: str) -> Any:
    """A module of web/ by its dotted name (the page's own pure Python:
    ``replay.poster``, the board, the replay's frames), imported on CPython: the posters are drawn with the
    very code the page runs."""
    web = str(WEB)
    if web not in sys.path:
        sys.path.insert(0, web)
    return importlib.import_module(name)


def scenario_poster(scenario: Scenario, label: str) -> str:
    """The replay of one scenario as its poster: the position it opens at,
    drawn statically (board, words, hand and step controls), inside the
    element that ``tutorial_page.py`` later makes live in place. ``label``
    names the replay's controls, in the page's language."""
    poster, replay = _web_import("replay.poster"), _web_import("replay.frames")
    options = scenario.options
    move, seat = int(options.get("move", "0")), int(options.get("seat", "0"))
    language = options.get("lang", "en")
    try:
        drawn = poster.poster(
            scenario.record,
            move=move,
            seat=seat,
            words=replay.ReaderTranslator(language),
            frame=poster.Poster(prefix=f"{scenario.id}-", label=label, heading="p"),
        )
    except ValueError as error:  # allfives.record.RecordError
        raise BuildError(f"tutorial scenario {scenario.id!r}: {error}") from None
    data = {"replay": scenario.id, "src": scenario.record_path, "move": str(move), "seat": str(seat), "lang": language}
    attributes = " ".join(f'data-{key}="{html.escape(value)}"' for key, value in data.items())
    return f'<div class="embed" id="{scenario.id}-embed" {attributes}>{drawn}</div>'


def scenario_figure(scenario: Scenario, replay: str = "{title}: a replay") -> str:
    """The replay of one scenario, as its poster, with its caption; ``replay``
    names the replay, in the page's language."""
    title = html.escape(scenario.title)
    return (
        f'<figure class="tutorial" id="try-{scenario.id}">'
        f"{scenario_poster(scenario, replay.format(title=scenario.title))}"
        f"<figcaption><strong>{title}.</strong> {inline(scenario.caption)}</figcaption></figure>"
    )


def tutorial_body(blocks: Sequence[Block], scenarios: Sequence[Scenario], replay: str = "{title}: a replay") -> str:
    """The rules as HTML, each scenario's figure at the end of the section it
    names (before the next heading of any level)."""
    headings = {block.heading for block in blocks if block.heading}
    missing = [s.after for s in scenarios if s.after not in headings]
    if missing:
        raise BuildError(f"tutorial scenarios name sections the rules do not have: {', '.join(missing)}")
    parts: list[str] = []
    section = ""
    for block in [*blocks, Block("", "\0end")]:
        if block.heading:
            parts.extend(scenario_figure(s, replay) for s in scenarios if s.after == section)
            section = block.heading
        if block.html:
            parts.append(block.html)
    return "\n".join(parts)


RULES_TEMPLATE = """<!doctype html>
<html lang="{lang}">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <meta http-equiv="Content-Security-Policy" content="default-src 'self'; script-src 'self' 'unsafe-eval' 'wasm-unsafe-eval'; worker-src 'self' blob:; connect-src 'self'; img-src 'self' data: blob:; style-src 'self' 'unsafe-inline'; object-src 'none'; base-uri 'self'; form-action 'none'">
  <title>{title}</title>
  <meta name="description" content="{description}">
  <meta name="theme-color" content="#1f6b45">
  <link rel="icon" href="./favicon.svg" type="image/svg+xml">
  <link rel="manifest" href="./manifest.webmanifest">
  <link rel="stylesheet" href="./embed.css">
  <link rel="stylesheet" href="./rules.css">
  <script defer src="./rules.js"></script>
{alternates}
</head>
<body>
  <header class="masthead">
    <a class="home" href="./">{home}</a>
    <nav class="languages" aria-label="{languages}">{switcher}</nav>
  </header>
  <main class="rules">
{body}
  </main>
</body>
</html>
"""


#: The tutorial's languages, each named in itself, English first: English
#: is docs/tutorial/en.md with the words of tutorial-scenarios.json; every
#: other language is docs/tutorial/<code>.md with docs/tutorial.<code>.json.
TUTORIAL_LANGUAGES: Final = {"en": "English", "de": "Deutsch", "hu": "Magyar", "gl": "Galego", "lb": "Lëtzebuergesch"}
#: What the English page says around the rules (the other languages' come
#: from the "page" of their docs/tutorial.<code>.json).
ENGLISH_PAGE_WORDS: Final = {
    "home": "Play All Fives",
    "description": "How to play All Fives dominoes, rule by rule, with replays to step through and try.",
    "replay": "{title}: a replay",
    "languages": "Languages",
}


@dataclass(frozen=True)
class Tutorial:
    """The rules tutorial in one language: its Markdown, scenarios and words."""

    language: str
    markdown: str
    scenarios: Sequence[Scenario]
    words: Mapping[str, str]

    @property
    def page_name(self) -> str:
        """``rules.html`` for English, ``rules.de.html`` and so on."""
        return rules_page_name(self.language)


def rules_page_name(language: str) -> str:
    """The tutorial page of ``language``, relative to the site."""
    return RULES_PAGE if language == "en" else f"rules.{language}.html"


def read_tutorials(docs: Path = DOCS) -> list[Tutorial]:
    """The tutorial in every language of :data:`TUTORIAL_LANGUAGES`, checked:
    each translation has words for every scenario, each after a heading of
    its own rules (see :func:`tutorial_body`), and all of the page's words."""
    scenarios = read_scenarios(docs / TUTORIAL_SCENARIOS.name)
    english = tutorial_text(docs, "en")
    tutorials = [Tutorial("en", english, scenarios, ENGLISH_PAGE_WORDS)]
    for language in TUTORIAL_LANGUAGES:
        if language == "en":
            continue
        where = f"tutorial.{language}.json"
        data = read_json(docs / where)
        if not isinstance(data, Mapping) or data.get("language") != language:
            raise BuildError(f'{where}: expected {{"language": "{language}", "page": ..., "scenarios": ...}}')
        page = data.get("page")
        if not isinstance(page, Mapping) or set(page) != set(ENGLISH_PAGE_WORDS):
            raise BuildError(f"{where}: the page's words must be {', '.join(ENGLISH_PAGE_WORDS)}")
        if not all(isinstance(value, str) and value.strip() for value in page.values()):
            raise BuildError(f"{where}: each of the page's words must be a non-empty string")
        if "{title}" not in page["replay"]:
            raise BuildError(f"{where}: the replay's title must hold {{title}}")
        words = data.get("scenarios")
        if not isinstance(words, Mapping) or set(words) != {s.id for s in scenarios}:
            raise BuildError(f"{where}: the scenarios must be exactly {', '.join(s.id for s in scenarios)}")
        translated = [s.in_language(language, words[s.id], where) for s in scenarios]
        markdown = tutorial_text(docs, language)
        tutorials.append(Tutorial(language, markdown, translated, {k: str(v) for k, v in page.items()}))
    return tutorials


def tutorial_text(docs: Path, language: str) -> str:
    """The tutorial's Markdown in ``language``."""
    return (docs / TUTORIAL_TEXT.name / f"{language}.md").read_text(encoding="utf-8")


def language_switcher(current: str) -> tuple[str, str]:
    """The links between the languages' pages (the current one marked), and
    the ``<link rel="alternate">`` lines that tell search engines of them."""
    links = []
    alternates = []
    for language, name in TUTORIAL_LANGUAGES.items():
        page = rules_page_name(language)
        here = ' aria-current="page"' if language == current else ""
        links.append(f'<a href="./{page}" hreflang="{language}" lang="{language}"{here}>{html.escape(name)}</a>')
        alternates.append(f'  <link rel="alternate" hreflang="{language}" href="./{page}">')
    return " ".join(links), "\n".join(alternates)


def rules_page(
    markdown: str, scenarios: Sequence[Scenario], language: str = "en", words: Mapping[str, str] = ENGLISH_PAGE_WORDS
) -> str:
    """A rules page: the rules from ``markdown`` with the scenarios' replays,
    in ``language``, with links to the other languages' pages."""
    blocks = markdown_blocks(markdown)
    title = next((b.heading for b in blocks if b.level == 1), "The rules of All Fives")
    switcher, alternates = language_switcher(language)
    return RULES_TEMPLATE.format(
        lang=language,
        title=html.escape(title),
        description=html.escape(words["description"]),
        home=html.escape(words["home"]),
        languages=html.escape(words["languages"]),
        switcher=switcher,
        alternates=alternates,
        body=tutorial_body(blocks, scenarios, words["replay"]),
    )


def write_tutorial(dist: Path) -> list[Path]:
    """Write the rules page of every language and each scenario's record under dist/tutorial/."""
    tutorials = read_tutorials()
    (dist / TUTORIAL_DIR).mkdir(exist_ok=True)
    written = []
    for scenario in tutorials[0].scenarios:
        path = dist / scenario.record_path
        path.write_text(json.dumps(scenario.record, indent=1) + "\n", encoding="utf-8")
        written.append(path)
    for tutorial in tutorials:
        page = dist / tutorial.page_name
        page.write_text(
            rules_page(tutorial.markdown, tutorial.scenarios, tutorial.language, tutorial.words), encoding="utf-8"
        )
        written.append(page)
    return written
