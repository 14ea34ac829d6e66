// The loading screen: what the page says while the game's runtime arrives
// and starts, before any Python runs (so this is JavaScript).
//
// The page is painted at once (the table, the buttons greyed); this script
// fills #status with a line in the player's language and drives the progress
// bar #loading: the bytes of the runtime fetched out of their total (the
// build stamps each file's size below), then "starting" while the game's
// code starts. When the page's Python marks the body ready (data-ready) the
// bar goes and the page's own status takes over.
//
// On the replay's page (embed.html), a start that stalls is said: when no
// byte of the runtime has arrived for STUCK_MS and the page is not ready, or
// at once when a script fails before it is, the alert (#problem) says the
// replay could not start here, with a link that opens it on a page of its
// own (a frame on another site may be refused what the replay needs). Should
// it start after all, the alert goes.
//
// The language is chosen as the page's Python will choose it: on the game's
// page the saved preference (game/main.py), on the replay's the ?lang=
// option (replay/frames.py), else the first of navigator.languages that the
// game speaks (table/i18n.py pick_language), else English.
"use strict";

(() => {
  const SIZES = {/*RUNTIME_SIZES*/};
  const STUCK_MS = 45_000;
  const WORDS = {
    en: {
      loading: "Loading the game…",
      starting: "Starting the game…",
      bar: "Loading progress",
      stuck: "The replay could not start here.",
      open: "Open the replay on its own page",
    },
    de: {
      loading: "Das Spiel wird geladen…",
      starting: "Das Spiel startet…",
      bar: "Ladefortschritt",
      stuck: "Die Wiedergabe konnte hier nicht starten.",
      open: "Die Wiedergabe auf einer eigenen Seite öffnen",
    },
    hu: {
      loading: "A játék betöltése…",
      starting: "A játék indul…",
      bar: "Betöltés állapota",
      stuck: "A visszajátszás itt nem tudott elindulni.",
      open: "A visszajátszás megnyitása külön oldalon",
    },
    gl: {
      loading: "Cargando o xogo…",
      starting: "Iniciando o xogo…",
      bar: "Progreso da carga",
      stuck: "A repetición non puido comezar aquí.",
      open: "Abrir a repetición nunha páxina propia",
    },
    lb: {
      loading: "D'Spill gëtt gelueden…",
      starting: "D'Spill fänkt un…",
      bar: "Fortschrëtt vum Lueden",
      stuck: "D'Widderhuelung konnt hei net starten.",
      open: "D'Widderhuelung op enger eegener Säit opmaachen",
    },
  };

  function savedLanguage() {
    try {
      const prefs = JSON.parse(window.localStorage.getItem("allfives.prefs") || "{}");
      return prefs && typeof prefs.language === "string" ? prefs.language : null;
    } catch {
      return null; // storage blocked, or a save it cannot read: the page says so later
    }
  }

  // Which page this is: the game's or the replay's, the two that load this
  // script (their script tags say).
  const script = document.currentScript;
  const page = script ? script.dataset.firstScreen : undefined;

  function pickLanguage() {
    const option = new URLSearchParams(window.location.search).get("lang");
    const asked = page === "replay" ? option : savedLanguage();
    if (asked && asked in WORDS) return asked;
    for (const tag of navigator.languages || [navigator.language || "en"]) {
      const code = String(tag).split("-")[0].toLowerCase();
      if (code in WORDS) return code;
    }
    return "en";
  }

  // The game page's first paint shows the introduction's first step, drawn
  // by the build (game/first_screen.py), where Python is sure to open that
  // step first: the introduction never seen, nothing saved, no link to open
  // (with a save or a link, a question about it may come first, and the
  // introduction after it). Any other visit is marked here, before the page
  // is painted (this script is not deferred there), and shows the table.
  function firstVisit() {
    const link = window.location.hash.startsWith("#game=") || window.location.search.includes("daily=");
    try {
      const storage = window.localStorage;
      return !link && storage.getItem("allfives.game") === null && storage.getItem("allfives.intro-seen") === null;
    } catch {
      return !link; // storage blocked: nothing is saved, nothing was seen
    }
  }
  if (!firstVisit()) document.documentElement.dataset.returning = "1";
  else if (page === "game") keepEarlyTaps();

  // A tap on the introduction's buttons (or Escape) between the first paint
  // and the moment its script (first.js, a module) runs: kept, in order, for
  // that script to act on, so that no tap is lost (issue 46, item 2).
  function keepEarlyTaps() {
    const early = (window.allfivesEarlyTaps = []);
    const mine = () => !window.allfivesFirst;
    document.addEventListener("click", (event) => {
      const button = event.target.closest && event.target.closest("#dialog.first-paint #dialog-buttons button");
      if (!button || !mine()) return;
      event.preventDefault();
      early.push(button.value);
    }, true);
    document.addEventListener("keydown", (event) => {
      if (event.key === "Escape" && mine()) early.push("escape");
    }, true);
  }

  const language = pickLanguage();
  const words = WORDS[language];
  // The game's first screen and the game's and the replay's fixed words are
  // drawn in every language (sitebuild/first_paint.py), and the stylesheet
  // shows the copy in <html lang>: the player's, from the first paint on.
  document.documentElement.lang = language;
  // The facade's frame (facade.js asks for ?fit=1) is as tall as the facade
  // it lies over, so the host page never moves: the replay fills that height,
  // its board taking what the words and controls leave (embed.css), from the
  // first paint on.
  if (page === "replay" && new URLSearchParams(window.location.search).get("fit") === "1") {
    document.documentElement.dataset.fit = "1";
  }
  const total = Object.values(SIZES).reduce((sum, size) => sum + size, 0);
  const fetched = new Map(); // path: bytes so far
  let phase = "";
  let status = null;
  let bar = null;
  let shownBytes = -1;
  let watchdog = 0;
  let stuckAlert = null; // the alert this script put up, if it did

  function isReady() {
    return document.body && document.body.dataset.ready === "1";
  }

  function show() {
    if (!status || isReady()) return;
    const loaded = [...fetched.values()].reduce((sum, bytes) => sum + bytes, 0);
    if (loaded !== shownBytes) {
      shownBytes = loaded;
      watch(); // bytes are arriving: the start is not stuck
    }
    const next = total && loaded >= total ? "starting" : "loading";
    if (next !== phase) {
      phase = next; // the status line changes once a phase, not at every byte
      status.textContent = words[phase];
    }
    if (!bar) return;
    if (total) {
      bar.max = total;
      bar.value = Math.min(loaded, total);
    } else {
      bar.removeAttribute("value"); // no sizes: an indeterminate bar
    }
  }

  function runtimePath(url) {
    const path = new URL(url, window.location.href).pathname;
    return Object.keys(SIZES).find((name) => path.endsWith("/" + name)) || null;
  }

  async function count(path, body) {
    const reader = body.getReader();
    fetched.set(path, 0);
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      fetched.set(path, fetched.get(path) + value.byteLength);
      show();
    }
    fetched.set(path, SIZES[path]);
    show();
  }

  // The replay's page could not start: say so, with a link to the replay on
  // a page of its own (a new tab, out of a frame that lacks what it needs).
  function stuck() {
    const problem = document.getElementById("problem");
    if (isReady() || !problem || !document.getElementById("embed") || stuckAlert) return;
    const link = document.createElement("a");
    link.href = window.location.href;
    link.target = "_blank";
    link.rel = "noopener";
    link.textContent = words.open;
    stuckAlert = document.createElement("span");
    stuckAlert.lang = language;
    stuckAlert.append(words.stuck + " ", link);
    problem.replaceChildren(stuckAlert);
    problem.hidden = false;
    const controls = document.getElementById("replay-controls");
    if (controls) controls.hidden = true; // drawn greyed for the first paint: they will not work here
    if (status) status.textContent = "";
    if (bar) bar.hidden = true;
  }

  function unstuck() {
    if (!stuckAlert) return;
    const problem = stuckAlert.parentNode;
    if (problem && problem.firstChild === stuckAlert) {
      stuckAlert.remove();
      if (!problem.textContent) problem.hidden = true;
    }
    stuckAlert = null;
  }

  function watch() {
    clearTimeout(watchdog);
    if (!isReady()) watchdog = setTimeout(stuck, STUCK_MS);
  }

  // A script that fails before the page is ready (PyScript, the runtime):
  // the start will not end, so the page says so now (or once it can).
  let failedEarly = false;
  const failed = () => {
    if (status) stuck();
    else failedEarly = true;
  };
  window.addEventListener("error", failed);
  window.addEventListener("unhandledrejection", failed);

  // A return visit reads the runtime from the service worker's cache in a
  // moment: the game is starting, and counting its bytes (reading a copy of
  // 40 MB, chunk by chunk, on the main thread) would only slow it down. In a
  // frame sandboxed without allow-same-origin even asking throws: no worker.
  let returning = false;
  try {
    returning = Boolean(navigator.serviceWorker && navigator.serviceWorker.controller);
  } catch {
    returning = false;
  }
  if (returning) {
    for (const path of Object.keys(SIZES)) fetched.set(path, SIZES[path]);
  } else {
    // Count the runtime's fetches as their bodies stream in: a copy of each
    // response is read alongside the one the runtime reads.
    const plainFetch = window.fetch;
    window.fetch = function (input, init) {
      const response = plainFetch.call(this, input, init);
      const path = runtimePath(input instanceof Request ? input.url : String(input));
      if (!path) return response;
      return response.then((answer) => {
        if (answer.ok && answer.body) count(path, answer.clone().body).catch(() => fetched.set(path, SIZES[path]));
        return answer;
      });
    };

    // What arrives by import (the runtime's JavaScript) counts once it is in.
    if ("PerformanceObserver" in window) {
      const seen = (entries) => {
        for (const entry of entries) {
          const path = runtimePath(entry.name);
          if (path && !fetched.has(path)) fetched.set(path, SIZES[path]);
        }
        show();
      };
      new PerformanceObserver((list) => seen(list.getEntries())).observe({ type: "resource", buffered: true });
    }
  }

  // Bytes fetched off the page's thread: web/js/boot.js passes on what the
  // game's worker (web/js/worker.js) counts of its runtime's downloads.
  window.allfivesLoading = Object.freeze({
    arrived(url, bytes) {
      const path = runtimePath(url);
      if (!path || returning) return;
      fetched.set(path, Math.min(bytes, SIZES[path]));
      show();
    },
  });

  function start() {
    status = document.getElementById("status") || document.getElementById("position");
    bar = document.getElementById("loading");
    for (const element of [status, bar]) if (element) element.lang = language;
    if (bar) bar.setAttribute("aria-label", words.bar);
    show();
    watch();
    if (failedEarly) stuck();
    new MutationObserver(() => {
      if (!isReady()) return;
      if (bar) bar.hidden = true;
      clearTimeout(watchdog);
      unstuck();
    }).observe(document.body, { attributes: true, attributeFilter: ["data-ready"] });
  }

  // Deferred (the replay's page), the page is parsed already; not deferred
  // (the game's), start as soon as it is, before the deferred and module
  // scripts run, as a deferred script would.
  if (document.readyState === "loading") document.addEventListener("readystatechange", start, { once: true });
  else start();
})();
