// The page's Python in a worker (issue 46): Pyodide, the engine, the
// players, the page's state and its views run here, off the page's thread,
// so the page answers every tap while Python starts and while it thinks.
//
// The page (web/js/boot.js) starts this worker with a message
// ["start", {script, archive, facts}]: the page's script (play.py), the
// archive of its Python (pages-game.zip) and what the page is (the facts the
// shell's connect gives). Python speaks to the page's shell through the same
// object it finds on the page's own thread, allfivesShell (run, ask,
// connect: page/dom.py), which here posts each call to the page:
//   to the page: ["run", json]; ["ask", number, json]; ["ready"]; ["failed", text]
//   from the page: ["heard", json] (an event for a listener); ["answer", number, json]
// Every message is plain data, as the channel's calls are on the page's thread.
import { loadPyodide } from "./runtime.js";

let ear = null;
let facts = null;
const early = []; // events heard before Python listens
const answers = new Map(); // question number: its resolve
let asked = 0;

globalThis.allfivesShell = Object.freeze({
  run(json) {
    postMessage(["run", json]);
  },
  ask(json) {
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

async function start({ script, archive }) {
  const [pyodide, bytes, source] = await Promise.all([
    loadPyodide(),
    fetch(archive).then((response) => {
      if (!response.ok) throw new Error(`${archive}: ${response.status}`);
      return response.arrayBuffer();
    }),
    fetch(script).then((response) => response.text()),
  ]);
  pyodide.unpackArchive(bytes, "zip", { extractDir: "/home/pyodide" });
  pyodide.runPython("import os, sys\nos.chdir('/home/pyodide')\nsys.path.insert(0, '/home/pyodide') if '/home/pyodide' not in sys.path else None");
  await pyodide.runPythonAsync(source, { filename: script });
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
