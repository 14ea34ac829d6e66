// The introduction answers from the first paint (issue 46, item 2).
//
// On a first visit the build draws the introduction's first step into the
// page (web/game/first_screen.py), and every step of it, in each language,
// into <template id="intro-steps">. Until Python starts, this script turns
// those steps as the person asks: Next and Back, the choice of opponent on
// the last step, Play, Skip and Escape. It decides nothing about the game:
// it shows what the build drew and remembers what was chosen. "How to play"
// opens it too, on any visit, its last step listing the levels. A tap made
// before this module runs was kept by loading.js, and is acted on first.
//
// When Python starts, it takes the introduction over (intro.py's take_over):
// the shell's ask "introduction" calls handOver(), which says where the
// person is ({step, level, done, showing}) and from then on holds their taps; Python
// draws that step as its own modal dialog (or, if the person closed the
// introduction already, starts the match as they chose) and tells
// "introduced", which calls taken(): the held taps then go, in order, to
// Python's dialog. Nothing a person taps is dropped or has to be tapped again.
const dialog = document.getElementById("dialog");
const steps = document.getElementById("intro-steps");
const PARTS = ["title", "body", "buttons"];
const LEVEL = 'input[name="intro-level"]';

// The last step, which chooses the opponent (or, asked for, lists the levels): the build's, as drawn.
const LAST = steps ? Math.max(0, ...[...steps.content.querySelectorAll("[data-step]")].map((node) => Number(node.dataset.step))) : 0;
const howTo = document.getElementById("how-to");

let step = 0;
let level = ""; // the opponent chosen on the last step ("" until one is)
let done = ""; // how the person closed a first visit's introduction before Python: "play" or "skip"
let asked = false; // the introduction opened by "How to play" before Python (its last step lists the levels)
let handed = false;
let held = null; // once handed over: the taps Python's introduction is yet to get

// Whether this page's first screen is the introduction (a first visit; loading.js marks any other).
function drawn() {
  return Boolean(dialog && steps && dialog.classList.contains("first-paint") && !document.documentElement.dataset.returning);
}

// Whether the introduction is on screen here (a first visit's, or asked for).
function showing() {
  return asked || drawn();
}

// The buttons of the step on screen, in the page's language (the first paint holds every language's copy).
function buttons() {
  return [...dialog.querySelectorAll("#dialog-buttons button")].filter((button) => button.getClientRects().length);
}

function chosen() {
  const radio = [...dialog.querySelectorAll(LEVEL)].find((node) => node.checked && node.getClientRects().length);
  return radio ? radio.value : level;
}

// Step ``next`` (from 0) as the build drew it, in the page's language.
function show(next) {
  const language = document.documentElement.lang;
  const variant = asked && next === LAST ? '[data-variant="levels"]' : ":not([data-variant])";
  const copy = steps.content.querySelector(`[data-step="${next}"][data-lang="${language}"]${variant}`)
    || steps.content.querySelector(`[data-step="${next}"][data-lang="en"]${variant}`);
  if (!copy) return;
  step = next;
  for (const part of PARTS) {
    document.getElementById(`dialog-${part}`).innerHTML = copy.querySelector(`[data-part="${part}"]`).innerHTML;
  }
  answer();
}

// The step on screen: the opponent chosen is kept, the main button holds the focus.
function answer() {
  if (level) {
    for (const radio of dialog.querySelectorAll(LEVEL)) radio.checked = radio.value === level;
  }
  const main = buttons()[0];
  if (main) main.focus();
}

function act(value) {
  if (value === "next") show(step + 1);
  else if (value === "back") show(Math.max(step - 1, 0));
  else if (asked) {
    // Let's play, Skip or Escape on the introduction asked for: closed, the focus back on "How to play".
    asked = false;
    dialog.classList.remove("asked");
    if (howTo) howTo.focus();
  } else {
    // Play, Skip, Let's play, or Escape: closed; the match starts when the game is ready.
    done = value === "play" ? "play" : "skip";
    if (done === "play") level = chosen();
    dialog.classList.remove("first-paint");
    if (dialog.contains(document.activeElement)) document.activeElement.blur();
  }
}

// "How to play" before Python: the introduction from its first step (a first
// visit's, if it is still open; else the one a match in progress shows).
function onHowTo(event) {
  if (handed) return; // Python's now (the page's own "how-to")
  event.preventDefault();
  event.stopPropagation();
  if (!drawn()) {
    asked = true;
    dialog.classList.add("asked");
  }
  show(0);
}

// A tap before Python: acted on here, or held for Python's introduction once handed over.
function tap(value) {
  if (held) held.push({ press: value });
  else act(value);
}

function live() {
  return !handed || held !== null;
}

function onClick(event) {
  const button = event.target.closest && event.target.closest("#dialog-buttons button");
  if (!button || !live() || dialog.open) return;
  event.preventDefault();
  tap(button.value);
}

function onChange(event) {
  if (!event.target.matches || !event.target.matches(LEVEL) || dialog.open) return;
  if (held) held.push({ level: event.target.value });
  else if (!handed) level = event.target.value;
}

function onKey(event) {
  if (event.key !== "Escape" || !live() || dialog.open || !showing()) return;
  event.preventDefault();
  tap("escape");
}

function until(ready, within = 10000) {
  return new Promise((resolve) => {
    const start = performance.now();
    const look = () => {
      if (ready()) resolve(true);
      else if (performance.now() - start > within) resolve(false);
      else setTimeout(look, 10);
    };
    setTimeout(look, 0);
  });
}

// The taps held since the hand-over, given to Python's introduction one by
// one (a press closes the dialog; Python opens the next step before the next one).
async function replay(taps) {
  for (const tap of taps) {
    if (!(await until(() => dialog.open))) return;
    if (tap.level) {
      const radio = dialog.querySelector(`${LEVEL}[value="${CSS.escape(tap.level)}"]`);
      if (radio) radio.click();
    } else if (tap.press === "escape") {
      dialog.close();
    } else {
      const button = dialog.querySelector(`#dialog-buttons button[value="${CSS.escape(tap.press)}"]`);
      if (button) button.click();
    }
  }
}

globalThis.allfivesFirst = Object.freeze({
  // Where the person is, for Python to go on from; their taps are held from now on.
  handOver() {
    if (handed) return null;
    handed = true;
    if (!showing() && !done) return null;
    held = [];
    return { step, level: done ? level : chosen(), done, showing: showing() };
  },
  // Python drew the introduction (the held taps go to it) or did not (they are dropped).
  taken(drawnByPython) {
    const taps = held || [];
    held = null;
    if (drawnByPython && taps.length) replay(taps);
  },
});

if (dialog && steps && howTo) {
  howTo.disabled = false;
  howTo.addEventListener("click", onHowTo);
  dialog.addEventListener("click", onClick, true);
  dialog.addEventListener("change", onChange);
  document.addEventListener("keydown", onKey, true);
}
if (drawn()) {
  answer();
  for (const value of window.allfivesEarlyTaps || []) tap(value); // taps made before this script ran (loading.js)
}
