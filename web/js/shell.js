// The page's shell (issue 45): the one place that writes a region of the
// page from markup its Python drew. Python hands it a region and the
// region's new markup; Idiomorph (pinned in package.json, vendored by the
// build) morphs the region's children into it in place, so a node that is
// still there keeps its identity, its focus and its scroll, and a class
// that changes (a card's "to-move") can be animated by the stylesheet.
// Plain data in, nothing read back: the same call can cross from a worker.
import { Idiomorph } from "./vendor/idiomorph/idiomorph.esm.js";

function apply(region, markup) {
  Idiomorph.morph(region, markup, { morphStyle: "innerHTML" });
}

// Events as plain data: a click (or Enter and Space on a button) on
// something marked data-action within ``root`` is handed to ``dispatch`` as
// the JSON of its data attributes, {"action": "choose", "tile": "5-3"}; a
// disabled control says nothing (a tile that does not fit is only
// aria-disabled: Python says why it cannot be played). Python decides what
// each means.
function listen(root, dispatch) {
  root.addEventListener("click", (event) => {
    const target = event.target.closest("[data-action]");
    if (!target || !root.contains(target)) return;
    if (target.disabled) return;
    dispatch(JSON.stringify({ ...target.dataset }));
  });
}

// Offline play: register the service worker (./sw.js, scope ./, so the
// site works from any sub-path) and call ``onUpdateReady()`` once a new
// version is installed and waiting while this page runs the old one (with
// no controller this is the first install: nothing to update). The page
// calls it once it is ready, so a first visit's downloads come first. The
// new version takes over at the next load of the only open page, never under
// a game in progress. Nothing here throws: without service workers (an
// insecure origin, a frame sandboxed without allow-same-origin, where even
// asking throws) or when registering fails, the page plays online.
async function keepOffline(onUpdateReady) {
  let container;
  try {
    container = navigator.serviceWorker;
  } catch {
    return;
  }
  if (!container) return;
  let registration;
  try {
    registration = await container.register("./sw.js", { scope: "./" });
  } catch (error) {
    console.warn(`All Fives cannot work offline here: ${error}`);
    return;
  }
  if (!registration) return; // some test browsers stub registration out
  let reported = null;
  const check = () => {
    const waiting = registration.waiting;
    if (!waiting || !container.controller || waiting === reported) return;
    reported = waiting;
    onUpdateReady();
  };
  const follow = (worker) => worker && worker.addEventListener("statechange", check);
  check();
  follow(registration.installing);
  registration.addEventListener("updatefound", () => follow(registration.installing));
  try {
    await registration.update(); // look for a new version now, not only on the next navigation
  } catch {
    // offline, or the server is away: the cached version plays on
  }
}

globalThis.allfivesShell = Object.freeze({ apply, listen, keepOffline });
