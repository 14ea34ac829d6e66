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
//
// What must be decided during the event itself is declared in the markup
// and done here, so Python only ever hears plain data:
// - keys: on something marked data-action that is not a button (the
//   board's lit ends), Enter and Space do what a click does, and an arrow
//   key goes to the element its data-arrow-left/-right/-up/-down names
//   (by its data-end), as Python worked out from where each lies
//   (table/keys.py, table/board.py);
// - data-roving="SELECTOR" on the region: one tab stop among its
//   SELECTOR items, the Left and Right arrows, Home and End moving it
//   (the hand's tiles);
// - data-drag="SELECTOR" and data-drop="SELECTOR" on the region: an item
//   pressed and moved is dragged (a picture of it follows the pointer) onto
//   the drop region's ends; Python hears {"action": "drag", "tile"} when the
//   drag starts and {"action": "drop", "tile", "end"} when it lands on an end
//   ("end": "" on the drop region away from an end), and the click that
//   follows a drag is not a click.
//
// A form's fields as plain data too: a field marked data-change="NAME" is
// handed over as {"action": NAME, ...its data attributes, "name": its name,
// "value": its value} when it changes: a text or number field at each
// keystroke (input), so that what is typed is known before any button is
// pressed; a choice, a box or a file once made (change). A box's value is
// "checked" or ""; a file's, its name, with its contents as "text".
const TYPED = new Set(["text", "number", "search", "email", "url", "tel", "textarea"]);

function listen(root, dispatch) {
  const drag = root.dataset.drag ? dragging(root, dispatch) : null;
  root.addEventListener("click", (event) => {
    if (drag && drag.justDropped) return; // a drag's click is the drop, not a choice
    const target = event.target.closest("[data-action]");
    if (!target || !root.contains(target)) return;
    if (target.disabled) return;
    dispatch(JSON.stringify({ ...target.dataset }));
  });
  root.addEventListener("keydown", (event) => {
    if (root.dataset.roving && rove(root, event)) return;
    const target = event.target.closest("[data-action]");
    if (!target || !root.contains(target) || target.tagName === "BUTTON") return;
    if (event.key === "Enter" || event.key === " ") {
      event.preventDefault();
      dispatch(JSON.stringify({ ...target.dataset }));
      return;
    }
    const way = ARROWS[event.key];
    const to = way && target.dataset[way];
    const next = to && root.querySelector(`[data-action][data-end="${CSS.escape(to)}"]`);
    if (next) {
      event.preventDefault();
      next.focus();
    }
  });
  const changed = (event) => {
    const target = event.target.closest ? event.target.closest("[data-change]") : null;
    if (!target || !root.contains(target)) return;
    if ((event.type === "input") !== TYPED.has(target.type)) return;
    const data = { action: target.dataset.change, ...target.dataset, name: target.name };
    if (target.type === "checkbox") {
      dispatch(JSON.stringify({ ...data, value: target.checked ? "checked" : "" }));
    } else if (target.type === "file") {
      const file = target.files && target.files[0];
      if (file) file.text().then((text) => dispatch(JSON.stringify({ ...data, value: file.name, text })));
    } else {
      dispatch(JSON.stringify({ ...data, value: target.value }));
    }
  };
  root.addEventListener("input", changed);
  root.addEventListener("change", changed);
}

const ARROWS = { ArrowLeft: "arrowLeft", ArrowRight: "arrowRight", ArrowUp: "arrowUp", ArrowDown: "arrowDown" };

// The region's one tab stop among its items (data-roving), moved by the keys.
function rove(root, event) {
  const key = event.key;
  if (!["ArrowLeft", "ArrowRight", "Home", "End"].includes(key)) return false;
  const items = [...root.querySelectorAll(root.dataset.roving)];
  if (!items.length) return false;
  const at = Math.max(0, items.indexOf(document.activeElement));
  const moved = { ArrowLeft: at - 1, ArrowRight: at + 1, Home: 0, End: items.length - 1 }[key];
  const index = ((moved % items.length) + items.length) % items.length;
  items.forEach((item, i) => {
    item.tabIndex = i === index ? 0 : -1;
  });
  items[index].focus();
  event.preventDefault();
  return true;
}

// How far (squared, in CSS pixels) a press must move to become a drag.
const DRAG_START = 100;

// Dragging an item of ``root`` (data-drag) onto an end of data-drop.
function dragging(root, dispatch) {
  const state = { justDropped: false };
  let drag = null;
  const board = () => root.dataset.drop;
  root.addEventListener("pointerdown", (event) => {
    const item = event.target.closest(root.dataset.drag);
    drag = item && root.contains(item) ? { tile: item.dataset.tile, picture: item.innerHTML, x: event.clientX, y: event.clientY } : null;
  });
  document.addEventListener("pointermove", (event) => {
    if (!drag) return;
    const dx = event.clientX - drag.x;
    const dy = event.clientY - drag.y;
    if (!drag.ghost && dx * dx + dy * dy < DRAG_START) return;
    if (!drag.ghost) {
      dispatch(JSON.stringify({ action: "drag", tile: drag.tile }));
      drag.ghost = document.createElement("div");
      drag.ghost.className = "drag-ghost";
      drag.ghost.setAttribute("aria-hidden", "true");
      drag.ghost.innerHTML = drag.picture;
      document.body.append(drag.ghost);
    }
    drag.ghost.style.left = `${event.clientX - 20}px`;
    drag.ghost.style.top = `${event.clientY - 40}px`;
    const under = document.elementFromPoint(event.clientX, event.clientY);
    for (const node of document.querySelectorAll(`${board()} .end-target`)) {
      node.classList.toggle("drop-over", Boolean(under && node.contains(under)));
    }
  });
  document.addEventListener("pointerup", (event) => {
    const done = drag;
    drag = null;
    if (!done || !done.ghost) return;
    done.ghost.remove();
    const under = document.elementFromPoint(event.clientX, event.clientY);
    const end = under && under.closest(".end-target");
    if (end) {
      dispatch(JSON.stringify({ action: "drop", tile: done.tile, end: end.dataset.end }));
    } else if (under && under.closest(board())) {
      dispatch(JSON.stringify({ action: "drop", tile: done.tile, end: "" }));
    }
    // A click follows pointerup: let it see the drag, then forget it.
    state.justDropped = true;
    setTimeout(() => {
      state.justDropped = false;
    }, 0);
  });
  return state;
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
