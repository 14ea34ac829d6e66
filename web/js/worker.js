// The page's Python in a worker (issue 46): Pyodide, the engine, the
// players, the page's state and its views run here, off the page's thread,
// so the page answers every tap while Python starts and while it thinks.
//
// The page (web/js/boot.js) starts this worker with a message
// ["start", {script, archive, facts, returning}]: the page's script
// (play.py), the archive of its Python (pages-game.zip), what the page is
// (the facts the shell's connect gives) and whether the site's service
// worker controls the page (a return visit: the runtime restores its memory
// snapshot from the cache, web/js/runtime.js). Python speaks to the page's shell through the same
// object it finds on the page's own thread, allfivesShell (run, ask,
// connect: page/dom.py), which here posts each call to the page:
//   to the page: ["run", [json...]] (what one turn of Python told, in order); ["ask", number, json];
//                ["started"]; ["failed", text];
//                ["progress", url, bytes] (the runtime's downloads, for the loading bar)
//   from the page: ["heard", json] (an event for a listener); ["answer", number, json]
// Every message is plain data, as the channel's calls are on the page's thread.
let ear = null;
let facts = null;
const early = []; // events heard before Python listens
const answers = new Map(); // question number: its resolve
let asked = 0;

// What Python tells the page in one turn (a handler, a step of a task) goes
// to it as one message, at the turn's end: the page applies it in one task,
// so a person never sees half of a change (the header saying one thing, the
// prompt another), as on the page's own thread.
let told = [];

function sendTold() {
  if (told.length) postMessage(["run", told]);
  told = [];
}

globalThis.allfivesShell = Object.freeze({
  run(json) {
    if (!told.length) queueMicrotask(sendTold);
    told.push(json);
  },
  ask(json) {
    sendTold(); // what was told before the question, first
    asked += 1;
    const number = asked;
    postMessage(["ask", number, json]);
    return new Promise((resolve) => answers.set(number, resolve));
  },
  connect(hear) {
    ear = hear;
    for (const json of early.splice(0)) ear(json);
    return facts;
  },
});

// The runtime's downloads counted as they stream in, for the page's loading
// bar (web/js/loading.js), at most a message per 100 ms a file.
function countDownloads() {
  const plainFetch = globalThis.fetch;
  globalThis.fetch = function (input, init) {
    const url = new URL(input instanceof Request ? input.url : String(input), location.href).href;
    return plainFetch.call(this, input, init).then((response) => {
      if (!response.ok || !response.body) return response;
      const reader = response.clone().body.getReader();
      let bytes = 0;
      let said = 0;
      const read = () =>
        reader.read().then(({ done, value }) => {
          if (!done) bytes += value.byteLength;
          const now = performance.now();
          if (done || now - said > 100) {
            said = now;
            postMessage(["progress", url, bytes]);
          }
          if (!done) return read();
          return null;
        });
      read().catch(() => {});
      return response;
    });
  };
}

async function start({ script, archive, returning }) {
  globalThis.allfivesReturning = returning;
  if (!returning) countDownloads();
  const { loadPyodide } = await import("./runtime.js");
  const [pyodide, bytes, source] = await Promise.all([
    loadPyodide(),
    fetch(archive).then((response) => {
      if (!response.ok) throw new Error(`${archive}: ${response.status}`);
      return response.arrayBuffer();
    }),
    fetch(script).then((response) => response.text()),
  ]);
  // The page's timeline says a restore, as it does when Python starts on the page (the benchmarks read it).
  if (performance.getEntriesByName("allfives-snapshot-restored").length) {
    postMessage(["run", [JSON.stringify(["timeMark", "allfives-snapshot-restored"])]]);
  }
  pyodide.unpackArchive(bytes, "zip", { extractDir: "/home/pyodide" });
  pyodide.runPython("import os, sys\nos.chdir('/home/pyodide')\nsys.path.insert(0, '/home/pyodide') if '/home/pyodide' not in sys.path else None");
  await pyodide.runPythonAsync(source, { filename: script });
  sendTold();
  postMessage(["started"]);
}

addEventListener("message", ({ data }) => {
  const [kind, ...rest] = data;
  if (kind === "start") {
    facts = JSON.stringify(rest[0].facts);
    start(rest[0]).catch((error) => postMessage(["failed", String(error && error.stack ? error.stack : error)]));
  } else if (kind === "heard") {
    if (ear) ear(rest[0]);
    else early.push(rest[0]);
  } else if (kind === "answer") {
    const resolve = answers.get(rest[0]);
    answers.delete(rest[0]);
    if (resolve) resolve(rest[1]);
  }
});
