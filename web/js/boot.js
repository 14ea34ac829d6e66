// Which thread the page's Python runs on (issue 46).
//
// In a worker (web/js/worker.js), Pyodide and the page's Python start off
// the page's thread, and the shell (web/js/shell.js) is their only door to
// the page: what Python tells and asks, and what the person does, cross as
// messages of plain data. Where no worker can start (a browser without
// module workers; a frame sandboxed without allow-same-origin, whose
// opaque origin may not load one) or it fails before the page is ready,
// the page's Python runs here instead, through PyScript, as it always has:
// the page plays either way.
//
// The page names its script and its archive on this script's element:
//   <script type="module" src="./boot.js" data-script="./play.py" data-archive="./pages-game.zip">
// and keeps PyScript's script inert (type="py-later") until this one says
// where Python runs. For now the worker is asked for by the address
// (?python=worker); by default Python runs on the page's thread.
import "./shell.js";

const SCRIPT = document.querySelector('script[src$="boot.js"]');
const PLAIN = 'script[type="py-later"]';

// Where Python runs, on <html data-python> ("worker" or "page"): for the
// stylesheet, the tests and anyone reading the page.
function runsIn(where) {
  document.documentElement.dataset.python = where;
}

// Python on the page's thread, through PyScript (as before the worker).
// Its runtime module first: it starts the runtime's downloads at once, and
// PyScript's import of it (pyscript.json's interpreter) is the same module.
async function onThisThread() {
  runsIn("page");
  for (const node of document.querySelectorAll(PLAIN)) node.type = "py";
  await import("./runtime.js");
  await import("./vendor/pyscript/core.js");
}

// Whether the site's service worker controls this page (a return visit).
function controlled() {
  try {
    return Boolean(navigator.serviceWorker && navigator.serviceWorker.controller);
  } catch {
    return false;
  }
}

function wanted() {
  return new URLSearchParams(window.location.search).get("python") === "worker";
}

function inWorker() {
  let worker;
  try {
    worker = new Worker(new URL("./worker.js", import.meta.url), { type: "module" });
  } catch (error) {
    console.warn(`All Fives: no worker here (${error}); Python runs on the page.`);
    return false;
  }
  const shell = globalThis.allfivesShell;
  let started = false;
  const fallBack = (why) => {
    if (started) return console.error(`All Fives: the worker failed: ${why}`);
    started = true;
    worker.terminate();
    console.warn(`All Fives: the worker did not start (${why}); Python runs on the page.`);
    onThisThread();
  };
  const facts = JSON.parse(shell.connect((json) => worker.postMessage(["heard", json])));
  worker.addEventListener("message", ({ data }) => {
    const [kind, ...rest] = data;
    if (kind === "run") for (const json of rest[0]) shell.run(json);
    else if (kind === "ask") shell.ask(rest[1]).then((answer) => worker.postMessage(["answer", rest[0], answer]));
    else if (kind === "progress") globalThis.allfivesLoading?.arrived(rest[0], rest[1]);
    else if (kind === "started") started = true;
    else if (kind === "failed") fallBack(rest[0]);
  });
  worker.addEventListener("error", (event) => fallBack(event.message || "an error"));
  runsIn("worker");
  worker.postMessage(["start", { script: SCRIPT.dataset.script, archive: SCRIPT.dataset.archive, facts, returning: controlled() }]);
  return true;
}

if (!(wanted() && inWorker())) onThisThread();
