// The introduction answers from the first paint (issue 46, item 2).
//
// On a first visit the build draws the introduction's first step into the
// page (web/game/first_screen.py), and every step of it, in each language,
// into <template id="intro-steps">. Until Python starts, this script turns
// those steps as the person asks: Next and Back, the choice of opponent on
// the last step, Play, Skip and Escape. It decides nothing about the game:
// it shows what the build drew and remembers what was chosen. A tap made
// before this module runs was kept by loading.js, and is acted on first.
//
// When Python starts, it takes the introduction over (intro.py's take_over):
// the shell's ask "introduction" calls handOver(), which says where the
// person is ({step, level, done}) and from then on holds their taps; Python
// draws that step as its own modal dialog (or, if the person closed the
// introduction already, starts the match as they chose) and tells
// "introduced", which calls taken(): the held taps then go, in order, to
// Python's dialog. Nothing a person taps is dropped or has to be tapped again.
const dialog = document.getElementById("dialog");
const steps = document.getElementById("intro-steps");
const PARTS = ["title", "body", "buttons"];
const LEVEL = 'input[name="intro-level"]';

let step = 0;
let level = ""; // the opponent chosen on the last step ("" until one is)
let done = ""; // how the person closed it before Python: "play" or "skip"
let handed = false;
let held = null; // once handed over: the taps Python's introduction is yet to get

// Whether this page's first screen is the introduction (a first visit; loading.js marks any other).
function drawn() {
  return Boolean(dialog && steps && dialog.classList.contains("first-paint") && !document.documentElement.dataset.returning);
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
  const copy = steps.content.querySelector(`[data-step="${next}"][data-lang="${language}"]`)
    || steps.content.querySelector(`[data-step="${next}"][data-lang="en"]`);
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
  else {
    // Play, Skip, Let's play, or Escape: closed; the match starts when the game is ready.
    done = value === "play" ? "play" : "skip";
    if (done === "play") level = chosen();
    dialog.classList.remove("first-paint");
    if (dialog.contains(document.activeElement)) document.activeElement.blur();
  }
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
  if (event.key !== "Escape" || !live() || dialog.open || !dialog.classList.contains("first-paint")) return;
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
    if (handed || (!drawn() && !done)) {
      handed = true;
      return null;
    }
    handed = true;
    held = [];
    return { step, level: done ? level : chosen(), done };
  },
  // Python drew the introduction (the held taps go to it) or did not (they are dropped).
  taken(drawnByPython) {
    const taps = held || [];
    held = null;
    if (drawnByPython && taps.length) replay(taps);
  },
});

if (drawn()) {
  answer();
  for (const value of window.allfivesEarlyTaps || []) tap(value); // taps made before this script ran (loading.js)
  dialog.addEventListener("click", onClick, true);
  dialog.addEventListener("change", onChange);
  document.addEventListener("keydown", onKey, true);
}
