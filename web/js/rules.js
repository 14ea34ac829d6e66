// The rules tutorial's loader (rules.html): the page is painted with a
// poster of every replay (drawn by the build, see web/poster.py), and the
// one interpreter that makes them all live is started only when it is
// wanted: at once when the reader presses, focuses or types in a replay, or
// when the browser is idle after a replay has come into view. Until then the
// page costs no more than its text and pictures.
//
// A press made before its replay is live is remembered and made again once
// the replay marks itself live (data-live), so "Next" pressed on a poster
// steps, a moment later.
"use strict";

(() => {
  const ROOTS = ".embed[data-replay]";
  const pending = new Map(); // replay root: what to do again once it is live
  let started = false;

  function start() {
    if (started) return;
    started = true;
    const style = document.createElement("link");
    style.rel = "stylesheet";
    style.href = "./vendor/pyscript/core.css";
    document.head.append(style);
    const script = document.createElement("script");
    script.type = "py";
    script.src = "./tutorial_live.py";
    script.setAttribute("config", "./pyscript-embed.json");
    document.body.append(script);
    // The interpreter module first: it begins the runtime's downloads while
    // PyScript starts (web/runtime.js; PyScript's import of it is the same).
    for (const src of ["./runtime.js", "./shell.js", "./motion.js", "./vendor/pyscript/core.js"]) {
      const module = document.createElement("script");
      module.type = "module";
      module.src = src;
      document.head.append(module);
    }
    for (const root of document.querySelectorAll(ROOTS)) root.setAttribute("aria-busy", "true");
  }

  function replayOf(target) {
    const root = target instanceof Element ? target.closest(ROOTS) : null;
    return root && root.dataset.live !== "1" ? root : null;
  }

  // Presses on a poster: start, and remember the press.
  document.addEventListener(
    "click",
    (event) => {
      const root = replayOf(event.target);
      if (!root) return;
      start();
      const button = event.target.closest("button[data-action]");
      if (button) pending.set(root, () => button.click());
    },
    true,
  );
  document.addEventListener(
    "input",
    (event) => {
      const root = replayOf(event.target);
      if (!root || event.target.type !== "range") return;
      start();
      const slider = event.target;
      const value = slider.value;
      pending.set(root, () => {
        slider.value = value;
        slider.dispatchEvent(new Event("input", { bubbles: true }));
      });
    },
    true,
  );
  for (const kind of ["focusin", "keydown", "pointerdown"]) {
    document.addEventListener(kind, (event) => replayOf(event.target) && start(), true);
  }

  // Once a replay is live, what was pressed on its poster happens.
  new MutationObserver((changes) => {
    for (const change of changes) {
      const root = change.target;
      if (root.dataset.live !== "1" || !pending.has(root)) continue;
      const again = pending.get(root);
      pending.delete(root);
      again();
    }
  }).observe(document.body, { subtree: true, attributes: true, attributeFilter: ["data-live"] });

  // A replay in view, and the browser idle: start then, ahead of the reader.
  const idle = window.requestIdleCallback || ((work) => window.setTimeout(work, 2000));
  function whenIdle() {
    idle(start, { timeout: 4000 });
  }
  function watch() {
    if (!("IntersectionObserver" in window)) return whenIdle();
    const seen = new IntersectionObserver((entries) => {
      if (!entries.some((entry) => entry.isIntersecting)) return;
      seen.disconnect();
      whenIdle();
    });
    for (const root of document.querySelectorAll(ROOTS)) seen.observe(root);
  }
  if (document.readyState === "complete") watch();
  else window.addEventListener("load", watch, { once: true });
})();
