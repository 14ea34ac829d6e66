"""What is still in English on each screen, in each of the game's other
languages (issue 44): every visible text and every name a screen reader
reads (aria-label, aria-description, title, alt, placeholder, an SVG's
title, the document's title) that is an English message of the catalogue,
or holds an English word that the language's own catalogue never uses.

    python build.py                                    # the site to check
    python -m tools.english_left                       # every screen, de hu gl lb
    python -m tools.english_left --language de --screen menu --screen game

It builds nothing: it serves the dist/ already built on a free loopback port
and opens each screen in Chromium (the browser tests' Chromium, see
tools/pin_screens.py), in a fresh context each walk:

- the game mid-hand, loaded in English, then the Menu opened and the
  language changed in it (``menu``: the Menu as it stands after the change),
  the Menu closed and a tile chosen (``game``), New match (``new-match``,
  its form with Advanced open), the History screen (``history``, with two
  matches kept), and the daily deal (``daily-offer``, the question it asks
  mid-match, then ``daily``: the day's hand on the table);
- the hand's end, opened in the language (``summary``), its Review
  (``review``) and that review in the replay (``review-replay``);
- the replay of a hand (``replay``, embed.html with ``?lang=``);
- the rules, with their live replays (``rules``: rules.LANG.html);
- a first visit with the browser set to the language (``intro``: the
  introduction's first step, then ``intro-opponent``: its last).

It prints what is left, screen by screen, and exits 1 if anything is (0 if
nothing, 2 if there is no built site). English itself may be asked for
(``--language en``): the check must then find English everywhere, which
shows it is not blind.

What counts as English (:func:`english_in`): a whole message of the English
catalogue that the language says otherwise, or a word of the English
catalogue's (or of the English page's own fixed words, web/index.html and
web/embed.html) that is not a word of the language's catalogue too: so
"Computer" passes in German, which says it the same way, and tile notation
("6-4"), numbers and the game's name (:data:`PROPER_NAMES`) are never words.
:data:`ALLOWED` lists the few words let through besides, each with its reason.
"""

from __future__ import annotations

import argparse
import json
import re
import string
import sys
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from datetime import UTC, date, datetime
from functools import cache
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:  # run as a script: sitebuild is beside tools/
    sys.path.insert(0, str(ROOT))
WEB = ROOT / "web"
if str(WEB) not in sys.path:  # the catalogues and the translator
    sys.path.insert(0, str(WEB))

from sitebuild.files import DIST  # noqa: E402
from sitebuild.offline import PRECACHE_NAME  # noqa: E402
from tools import pin_screens  # noqa: E402

from table.i18n import LANGUAGES, catalogue  # noqa: E402

#: The languages checked unless others are asked for: all but English.
TRANSLATED = tuple(code for code in LANGUAGES if code != "en")
#: Names that are the same in every language: taken out before words are counted.
PROPER_NAMES = ("All Fives",)
#: English words let through although a language's catalogue never uses
#: them, each with its reason: language ("*": every one) -> word (lower case) -> reason.
ALLOWED: Mapping[str, Mapping[str, str]] = {
    "*": {"s": "the English possessive ending ('s), which is no word on its own"},
    "de": {
        "also": "German too: 'also' is 'so, that is' (the rules: 'Wer ausspielt, also ...')",
        "start": "German too: 'der Start' (the rules: 'vor dem Start')",
    },
}
#: A word: letters only (so "6-4", "+15" and "2026-12-06" hold none).
WORD = re.compile(r"[^\W\d_]+")
#: What stands among words without being one: an identifier (a deal's seed,
#: "2/hand/1"; an address), letters and digits run together (a deal's
#: fingerprint, "83a9724eccb8124e") and an ending written after a number, as
#: Hungarian writes its cases ("8-at", "az 5-0-s").
NOT_WORDS = re.compile(r"\S*[/#=]\S*|\b(?=\w*\d)(?=\w*[^\W\d_])\w+\b|(?<=\d)-[^\W\d_]+")
#: The English page's fixed words: its text and its names for a screen reader.
ENGLISH_PAGES = (WEB / "index.html", WEB / "embed.html")
#: How many matches the History screen shows (tests/golden/history_v1.jsonl).
HISTORY = ROOT / "tests" / "golden" / "history_v1.jsonl"
#: The daily deal is dealt on a fixed day, so every run sees the same hand.
DAILY_DAY = date(2026, 12, 6)
#: The daily's clock: noon of that day (UTC, the browser's timezone here).
DAILY_NOON = datetime(2026, 12, 6, 12, 0, tzinfo=UTC)
#: The coach's review of a hand takes a few seconds in the page.
REVIEW_TIMEOUT_MS = 120_000


# --------------------------------------------------------------------------
# What is English (browser-free)


def literals(message: object) -> list[str]:
    """The fixed words of a catalogue message (each plural form), without its placeholders."""
    forms = list(message.values()) if isinstance(message, Mapping) else [message]
    return [literal for form in forms for literal, *_ in string.Formatter().parse(str(form)) if literal]


def words_of(text: str) -> list[str]:
    """The words of ``text``, the game's name taken out."""
    for name in PROPER_NAMES:
        text = text.replace(name, " ")
    return WORD.findall(NOT_WORDS.sub(" ", text))


class _PageWords(HTMLParser):
    """The words of an HTML page a person or a screen reader meets: its text
    (not its scripts or styles) and its names (aria-label, title, alt...)."""

    NAMES = frozenset({"aria-label", "aria-description", "title", "alt", "placeholder"})

    def __init__(self) -> None:
        super().__init__()
        self.words: set[str] = set()
        self.skipping = 0

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in ("script", "style"):
            self.skipping += 1
        for name, value in attrs:
            if name in self.NAMES and value:
                self.words.update(words_of(value))

    def handle_endtag(self, tag: str) -> None:
        if tag in ("script", "style"):
            self.skipping -= 1

    def handle_data(self, data: str) -> None:
        if not self.skipping:
            self.words.update(words_of(data))


@cache
def english_page_words() -> frozenset[str]:
    """The words the English pages hold of their own, outside the catalogue."""
    parser = _PageWords()
    for path in ENGLISH_PAGES:
        parser.feed(path.read_text(encoding="utf-8"))
    return frozenset(parser.words)


@cache
def language_words(language: str) -> frozenset[str]:
    """Every word ``language``'s catalogue uses, in lower case."""
    return frozenset(
        word.lower()
        for message in catalogue(language).values()
        for text in literals(message)
        for word in words_of(text)
    )


@cache
def english_words(language: str) -> frozenset[str]:
    """The English words that are not ``language``'s, in lower case: the
    English catalogue's and the English pages' words that ``language``'s
    catalogue never uses, less :data:`ALLOWED`."""
    english = {
        word.lower() for message in catalogue("en").values() for text in literals(message) for word in words_of(text)
    }
    english |= {word.lower() for word in english_page_words()}
    if language == "en":
        return frozenset(english)
    return frozenset(english - language_words(language) - set(ALLOWED["*"]) - set(ALLOWED.get(language, {})))


@cache
def english_messages(language: str) -> frozenset[str]:
    """The English catalogue's whole messages (those without parameters)
    that ``language`` says otherwise, and that are none of its own."""
    own = {text for message in catalogue(language).values() for text in literals(message)}
    theirs = catalogue(language)
    return frozenset(
        message
        for key, message in catalogue("en").items()
        if isinstance(message, str)
        and "{" not in message
        and words_of(message)
        and (language == "en" or (theirs.get(key) != message and message not in own))
    )


def english_in(text: str, language: str) -> list[str]:
    """What is English in ``text`` for a reader of ``language``: the whole
    text when it is an English message, else its English words (in order, once each)."""
    text = " ".join(text.split())
    if not text:
        return []
    if text in english_messages(language):
        return [text]
    english = english_words(language)
    found: list[str] = []
    for word in words_of(text):
        if word.lower() in english and word not in found:
            found.append(word)
    return found


@dataclass(frozen=True)
class Left:
    """Something still in English: where on the page (the kind of text and
    the element), the text, and what in it is English."""

    kind: str
    where: str
    text: str
    english: tuple[str, ...]

    def line(self) -> str:
        shown = self.text if len(self.text) <= 120 else self.text[:117] + "…"
        return f"{self.kind} on {self.where}: {shown!r}  [{', '.join(self.english)}]"


def english_left(shown: Sequence[Mapping[str, str]], language: str) -> list[Left]:
    """Of the texts a screen shows (:data:`SHOWN`'s answer), those with English in them, each once."""
    left: list[Left] = []
    seen: set[tuple[str, str, str]] = set()
    for item in shown:
        key = (item["kind"], item["where"], item["text"])
        if key in seen:
            continue
        seen.add(key)
        english = english_in(item["text"], language)
        if english:
            left.append(Left(item["kind"], item["where"], " ".join(item["text"].split()), tuple(english)))
    return left


# --------------------------------------------------------------------------
# What a screen shows (in the page)

#: Every text on the page that a person sees or a screen reader reads: the
#: text of each element that is drawn (visually hidden text included: it is
#: read), the names and descriptions of each such element, an SVG's titles,
#: a text box's value, and the document's title. Code (a textarea, <code>,
#: <pre>) is left out: it is not words. Each item: kind, where, text.
SHOWN = """() => {
  const out = [];
  const where = (node) => {
    let text = node.tagName.toLowerCase();
    if (node.id) text += "#" + node.id;
    const classes = [...node.classList].slice(0, 2);
    if (classes.length) text += "." + classes.join(".");
    const holder = node.closest("[id]");
    if (holder && holder !== node) text += " in #" + holder.id;
    return text;
  };
  const drawn = (node) => node.checkVisibility({visibilityProperty: true});
  const code = (node) => node.closest("textarea, code, pre, script, style, template");
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  while (walker.nextNode()) {
    const text = walker.currentNode;
    let parent = text.parentElement;
    if (!parent || !text.textContent.trim() || code(parent)) continue;
    if (parent.closest("svg title, svg desc")) continue;  // below, as names
    const holder = parent.closest("option, optgroup") ? parent.closest("select") : parent;
    if (holder && drawn(holder)) out.push({kind: "text", where: where(parent), text: text.textContent});
  }
  const names = ["aria-label", "aria-description", "aria-roledescription", "aria-valuetext",
                 "aria-placeholder", "title", "alt", "placeholder"];
  for (const node of document.body.querySelectorAll("*")) {
    if (code(node)) continue;
    const inside = node.closest("svg title, svg desc");
    if (inside === node) {
      const owner = node.parentElement;
      if (owner && drawn(owner) && node.textContent.trim())
        out.push({kind: "svg " + node.tagName.toLowerCase(), where: where(owner), text: node.textContent});
      continue;
    }
    const shown = node.tagName === "OPTION" ? node.closest("select") : node;
    if (!shown || !drawn(shown)) continue;
    for (const name of names) {
      const value = node.getAttribute(name);
      if (value && value.trim()) out.push({kind: name, where: where(node), text: value});
    }
    if (node.matches("input[type=text], input:not([type])") && node.value.trim())
      out.push({kind: "value", where: where(node), text: node.value});
  }
  if (document.title.trim()) out.push({kind: "document title", where: "head", text: document.title});
  return out;
}"""


def left_on(page: Any, language: str) -> list[Left]:
    """What is still in English on ``page`` as it stands, for a reader of ``language``."""
    return english_left(page.evaluate(SHOWN), language)


# --------------------------------------------------------------------------
# The screens: walks through the site, each yielding the screens it stands on


#: Two frames drawn: what an event handler changed is on screen.
FRAMES = "() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))"


def wait_ready(page: Any) -> None:
    pin_screens.wait_ready(page)


def dialog_open(page: Any) -> Any:
    """The game page's dialog, once it is open."""
    dialog = page.locator("#dialog[open]")
    dialog.wait_for(state="visible")
    return dialog


def press(page: Any, value: str) -> None:
    """Press the open dialog's button ``value`` (the page's own mark of each
    button: the walk must work in every language, so it cannot go by words)."""
    page.locator(f"#dialog[open] #dialog-buttons [value='{value}']:visible").click()


def close_dialog(page: Any, value: str = "close") -> None:
    press(page, value)
    page.locator("#dialog").wait_for(state="hidden")


def open_menu(page: Any) -> Any:
    page.locator("#menu").click()
    dialog_open(page).locator("#menu-language").wait_for(state="visible")
    return page.locator("#dialog")


def history_storage() -> dict[str, str]:
    """Local storage holding the two kept matches of the history fixture."""
    items = {}
    for line in HISTORY.read_text(encoding="utf-8").splitlines():
        entry = json.loads(line)
        items[f"allfives.match.{entry['id']}"] = line
    return items


def walk_game(page: Any, url: str, language: str, saves: pin_screens.Saves) -> Iterator[str]:
    """The game opened in English mid-hand; the language changed in the Menu;
    then a chosen tile, New match, History and the daily deal."""
    english = {**pin_screens.game_storage(saves.mid_hand), **history_storage()}
    page.context.add_init_script(pin_screens.local_storage_script(english))
    page.clock.set_fixed_time(DAILY_NOON)
    page.goto(url + "index.html")
    wait_ready(page)
    menu = open_menu(page)
    menu.locator("#menu-language").select_option(language)  # the page answers the change as it happens
    page.evaluate(FRAMES)
    yield "menu"
    close_dialog(page)
    page.wait_for_function("(code) => document.documentElement.lang === code", arg=language)
    tile = page.locator(f"#hand .hand-tile.playable[data-tile='{saves.selected}']")
    tile.focus()
    page.keyboard.press("Enter")
    page.locator("#board .end-target").first.wait_for(state="visible")
    yield "game"
    page.keyboard.press("Escape")
    page.locator("#new").click()
    form = page.locator("#dialog[open] .new-match")
    form.wait_for(state="visible")
    advanced = form.locator("details")
    if advanced.count() and advanced.first.get_attribute("open") is None:
        advanced.first.locator("summary").click()
    yield "new-match"
    close_dialog(page, "cancel")
    open_menu(page)
    press(page, "history")
    page.locator("#dialog[open] .history-list, #dialog[open] .calendar").first.wait_for(state="visible")
    yield "history"
    page.keyboard.press("Escape")
    page.locator("#dialog").wait_for(state="hidden")
    open_menu(page)
    press(page, "daily-deal")
    dialog_open(page).locator("[value='open']").wait_for(state="visible")
    yield "daily-offer"
    close_dialog(page, "open")
    page.locator("#hand .hand-tile").first.wait_for(state="visible")
    page.locator("#log li", has_text=DAILY_DAY.isoformat()).or_(page.locator("#log li").first).first.wait_for()
    yield "daily"


def walk_hand_end(page: Any, url: str, language: str, saves: pin_screens.Saves) -> Iterator[str]:
    """The hand's end opened in the language; its review; the review in the replay."""
    prefs = {**pin_screens.PREFS, "language": language}
    storage = {**pin_screens.game_storage(saves.hand_end), "allfives.prefs": json.dumps(prefs)}
    page.context.add_init_script(pin_screens.local_storage_script(storage))
    page.goto(url + "index.html")
    wait_ready(page)
    dialog_open(page).locator("#dialog-buttons [value='review']").wait_for(state="visible")
    yield "summary"
    press(page, "review")
    page.locator("#dialog[open] #dialog-buttons [value='back']").wait_for(state="visible", timeout=REVIEW_TIMEOUT_MS)
    yield "review"
    link = page.locator("#dialog[open] #dialog-buttons a").first.get_attribute("href")
    if link:
        page.goto(link)
        wait_ready(page)
        page.locator("#review:not([hidden])").wait_for(state="visible")
        yield "review-replay"


def walk_replay(page: Any, url: str, language: str, saves: pin_screens.Saves) -> Iterator[str]:
    """The replay of the pinned hand at a fixed move, in the language its address names."""
    page.goto(f"{url}embed.html?move={saves.replay_move}&lang={language}#record={saves.replay_link}")
    wait_ready(page)
    page.locator("#position").wait_for(state="visible")
    yield "replay"


def walk_rules(page: Any, url: str, language: str, _saves: pin_screens.Saves) -> Iterator[str]:
    """The rules page in the language, every replay on it live."""
    page.goto(url + ("rules.html" if language == "en" else f"rules.{language}.html"))
    page.locator(f"#try-{pin_screens.POSTER}").evaluate("node => node.scrollIntoView({block: 'start'})")
    wait_ready(page)
    page.wait_for_function(
        "() => Array.from(document.querySelectorAll('.embed[data-replay]')).every((root) => root.dataset.live === '1')",
        timeout=pin_screens.READY_TIMEOUT_MS,
    )
    yield "rules"


def walk_intro(page: Any, url: str, _language: str, _saves: pin_screens.Saves) -> Iterator[str]:
    """A first visit, the browser set to the language (the context's locale):
    the introduction's first step, then its last (whom to play)."""
    page.goto(url + "index.html")
    wait_ready(page)
    dialog_open(page)
    yield "intro"
    title = page.locator("#dialog-title")
    # The first step's buttons are drawn by the build in every language, one copy shown.
    step = page.locator("#dialog[open] [value='next']:visible")
    last = page.locator("#dialog[open] [value='done']:visible, #dialog[open] [value='play']:visible")
    while True:
        step.or_(last).first.wait_for(state="visible")
        if last.count():
            break
        before = title.text_content()
        press(page, "next")
        page.wait_for_function(
            "(before) => document.querySelector('#dialog[open] #dialog-title')?.textContent !== before", arg=before
        )
    yield "intro-opponent"


@dataclass(frozen=True)
class Walk:
    """A way through the site: a fresh page each time, its context's
    options, and the screens it stands on, in order."""

    name: str
    screens: tuple[str, ...]
    go: Callable[[Any, str, str, pin_screens.Saves], Iterator[str]]
    first_visit: bool = False


WALKS: tuple[Walk, ...] = (
    Walk("game", ("menu", "game", "new-match", "history", "daily-offer", "daily"), walk_game),
    Walk("hand-end", ("summary", "review", "review-replay"), walk_hand_end),
    Walk("replay", ("replay",), walk_replay),
    Walk("rules", ("rules",), walk_rules),
    Walk("intro", ("intro", "intro-opponent"), walk_intro, first_visit=True),
)
SCREEN_NAMES = tuple(screen for walk in WALKS for screen in walk.screens)


def new_context(browser: Any, language: str, *, first_visit: bool) -> Any:
    """A fresh context: a desktop window, the browser set to ``language``,
    no service worker; unless ``first_visit``, the introduction seen."""
    context = browser.new_context(
        viewport={"width": 1280, "height": 800},
        locale=language,
        timezone_id="UTC",
        reduced_motion="reduce",
        service_workers="block",
    )
    context.set_default_timeout(pin_screens.WAIT_TIMEOUT_MS)
    if not first_visit:
        context.add_init_script("try { localStorage.setItem('allfives.intro-seen', '1') } catch (e) {}")
    return context


def check(
    browser: Any, url: str, languages: Sequence[str], screens: Sequence[str], out: Any = None
) -> dict[tuple[str, str], list[Left]]:
    """Walk the site in each language, print what is left on each screen
    asked for, and return it: (language, screen) -> what is left."""
    out = out if out is not None else sys.stdout
    saves = pin_screens.Saves.load()
    found: dict[tuple[str, str], list[Left]] = {}
    for language in languages:
        for walk in WALKS:
            if not set(walk.screens) & set(screens):
                continue
            context = new_context(browser, language, first_visit=walk.first_visit)
            problems = pin_screens.PageProblems()
            try:
                page = context.new_page()
                problems.watch(page)
                for screen in walk.go(page, url, language, saves):
                    if screen not in screens:
                        continue
                    left = left_on(page, language)
                    found[(language, screen)] = left
                    report(out, language, screen, left)
                    if not set(walk.screens[walk.screens.index(screen) + 1 :]) & set(screens):
                        break  # nothing further on this walk is asked for
            except Exception as error:  # a walk that cannot go on is said, and the next one runs
                print(f"{language} {walk.name}: the walk stopped: {type(error).__name__}: {error}", file=out)
                found[(language, walk.name + " (stopped)")] = [Left("walk", walk.name, str(error), ("stopped",))]
            finally:
                context.close()
            for line in problems.lines:
                print(f"{language} {walk.name}: the page logged {line}", file=out)
    return found


def report(out: Any, language: str, screen: str, left: list[Left]) -> None:
    if not left:
        print(f"{language} {screen}: nothing in English", file=out, flush=True)
        return
    print(f"{language} {screen}: {len(left)} in English", file=out, flush=True)
    for item in left:
        print(f"    {item.line()}", file=out, flush=True)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tools.english_left", description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "--language", action="append", choices=tuple(LANGUAGES), help="only these (default: all but en)"
    )
    parser.add_argument("--screen", action="append", choices=SCREEN_NAMES, help="only these screens (default: all)")
    parser.add_argument("--dist", type=Path, default=DIST, help="the built site (default dist/)")
    args = parser.parse_args(argv)
    if not (args.dist / PRECACHE_NAME).is_file():
        print(f"{args.dist} is not a built site (no {PRECACHE_NAME}): run `python build.py` first.", file=sys.stderr)
        return 2
    languages = args.language or TRANSLATED
    screens = args.screen or SCREEN_NAMES
    with pin_screens.serve(args.dist) as url, pin_screens.chromium() as browser:
        found = check(browser, url, languages, screens)
    left = sum(len(items) for items in found.values())
    where = sum(1 for items in found.values() if items)
    print(
        f"{left} in English on {where} of {len(found)} screens"
        if left
        else f"nothing in English on {len(found)} screens"
    )
    return 1 if left else 0


if __name__ == "__main__":
    sys.exit(main())
