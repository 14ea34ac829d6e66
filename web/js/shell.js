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

// -- The channel (issue 46): every call between the page's Python and this
// shell is a message of plain data, a JSON string, so that the Python can
// run in a worker as well as here. Python tells (run: [op, ...args], nothing
// comes back), asks (ask: [op, ...args], a promise of the answer's JSON) and
// hears (connect: one function that takes each event as the JSON of
// {"to": the listener's number, "data": {...}}). What the page is when
// Python connects comes back from connect as facts: the keys of its fixed
// words, the dialogs open, the motion the person asked for.

const byId = (id) => document.getElementById(id);
let ear = null;

function send(to, data) {
  if (ear) ear(JSON.stringify({ to, data }));
}

// The dialog whose opening saved where the focus was, and where it goes back.
const returns = new Map();
// Dialogs that only Python closes: Escape is refused, a close forced by the
// browser (a second Escape) opens them again.
const held = new Set();
const closing = new Set();

function focusOn(selector, overDialog) {
  const node = document.querySelector(selector);
  const dialog = byId("dialog");
  if (!node || (!overDialog && dialog && dialog.open)) return false;
  node.focus();
  return true;
}

function fieldsOf(form) {
  const fields = {};
  if (form) for (const [name, value] of new FormData(form).entries()) fields[name] = String(value);
  return fields;
}

function dataOf(node) {
  return { ...node.dataset };
}

const TELLS = {
  draw(region, markup) {
    const node = byId(region);
    if (node) apply(node, markup);
  },
  text(region, text) {
    byId(region).textContent = text;
  },
  clear(region) {
    byId(region).replaceChildren();
  },
  enable(control, on, title) {
    const node = byId(control);
    node.disabled = !on;
    if (title !== null) node.title = title;
  },
  title(text) {
    document.title = text;
  },
  flag(name, value) {
    document.body.setAttribute(`data-${name}`, value);
  },
  theme(theme) {
    document.documentElement.setAttribute("data-theme", theme);
  },
  focus(selector, overDialog) {
    focusOn(selector, overDialog);
  },
  // The focus on ``to`` if it is now within ``within`` (the tile that held it leaves with the move).
  keepFocus(within, to) {
    const active = document.activeElement;
    if (active && active.closest && active.closest(within)) focusOn(to, true);
  },
  progress(bar, percent) {
    const node = byId(bar);
    if (node) node.value = String(percent);
  },
  showNotice(dialog, focus) {
    const node = byId(dialog);
    if (node.open) return;
    node.showModal();
    if (focus !== null) focusOn(focus, true);
  },
  closeNotice(dialog) {
    const node = byId(dialog);
    if (!node.open) return;
    if (held.has(dialog)) closing.add(dialog);
    node.close();
  },
  hold(dialog) {
    const node = byId(dialog);
    held.add(dialog);
    node.addEventListener("cancel", (event) => event.preventDefault());
  },
  scrollToEnd(region) {
    const node = byId(region);
    node.scrollTop = node.scrollHeight;
  },
  reveal(region, shown) {
    byId(region).hidden = !shown;
  },
  mark(region, name, on) {
    byId(region).classList.toggle(name, on);
  },
  parts(parts) {
    for (const [name, part] of Object.entries(parts)) {
      const node = byId(name);
      if (!node) continue;
      if ("text" in part) node.textContent = String(part.text);
      if ("markup" in part) apply(node, String(part.markup));
      if ("hidden" in part) node.hidden = Boolean(part.hidden);
      for (const [kind, on] of Object.entries(part.classes || {})) node.classList.toggle(kind, Boolean(on));
      for (const [attr, value] of Object.entries(part.attrs || {})) node.setAttribute(attr, String(value));
    }
  },
  announce(text) {
    const region = byId("announce");
    const line = document.createElement("p");
    line.textContent = text;
    region.append(line);
    while (region.childElementCount > 6) region.firstElementChild.remove();
  },
  translate(language, words) {
    document.documentElement.lang = language;
    for (const node of document.querySelectorAll("[data-i18n]")) {
      if (node.dataset.i18n in words) node.textContent = words[node.dataset.i18n];
    }
    for (const node of document.querySelectorAll("[data-i18n-label]")) {
      if (node.dataset.i18nLabel in words) node.setAttribute("aria-label", words[node.dataset.i18nLabel]);
    }
    for (const node of document.querySelectorAll("[data-i18n-title]")) {
      if (node.dataset.i18nTitle in words) node.title = words[node.dataset.i18nTitle];
    }
  },
  // The board drawn as ``markup``, zooming by ``zoom`` ([k, tx, ty], or null), its last tile settled or not.
  board(region, markup, zoom, settled) {
    const node = byId(region);
    node.innerHTML = markup;
    if (zoom) globalThis.allfivesMotion.zoom(region, ...zoom);
    node.classList.toggle("settled", settled);
  },
  // The dialog opened (closed first if open) with a title, a body (markup) and buttons [[value, label, dismiss]].
  dialog(title, body, buttons) {
    const dialog = byId("dialog");
    if (dialog.open) dialog.close();
    TELLS.refill(title, body, buttons);
    returns.set("dialog", document.activeElement);
    returns.set("opened-from", document.activeElement);
    dialog.returnValue = "";
    dialog.showModal();
  },
  refill(title, body, buttons) {
    byId("dialog-title").textContent = title;
    byId("dialog-body").innerHTML = body;
    const row = byId("dialog-buttons");
    row.replaceChildren();
    for (const [value, label, dismiss] of buttons) {
      const button = document.createElement("button");
      button.textContent = label;
      button.value = value;
      button.type = "submit";
      if (dismiss) button.formNoValidate = true;
      row.append(button);
    }
  },
  // Where the focus goes when the dialog closes, instead of where it was when it opened.
  returnTo(selector) {
    returns.set("dialog", selector);
  },
  // Python drew the introduction it took over (the taps held since go to it) or not (they are dropped).
  introduced(drawn) {
    if (globalThis.allfivesFirst) globalThis.allfivesFirst.taken(drawn);
  },
  // The focus back where it was before the dialog opened, unless a dialog
  // is open again or the person has put it somewhere else since the dialog
  // closed (the focus is then neither on the page's body, nor in the
  // dialog, nor where the browser put it back itself).
  focusBack() {
    const dialog = byId("dialog");
    const active = document.activeElement;
    if (active && active !== document.body && active !== returns.get("opened-from") && !dialog.contains(active)) return;
    let back = returns.get("dialog");
    if (typeof back === "string") back = document.querySelector(back);
    if (back && !dialog.open && back.isConnected) back.focus();
  },
  dialogNote(noteId, text, describes) {
    const row = byId("dialog-buttons");
    const note = document.createElement("p");
    note.textContent = text;
    note.className = "form-note";
    note.id = noteId;
    row.prepend(note);
    row.querySelector(`[value="${describes}"]`).setAttribute("aria-describedby", noteId);
  },
  selectText(field) {
    const node = byId(field);
    if (node) node.select();
  },
  leaves: (tile, seat) => globalThis.allfivesMotion.leaves(tile, seat),
  drawIn: (seat, tile) => globalThis.allfivesMotion.drawIn(seat, tile),
  popPoints: (board, x, y, text) => globalThis.allfivesMotion.popPoints(board, x, y, text),
  sound: (name, notes) => globalThis.allfivesMotion.sound(name, notes),
  celebrate: (pieces, still, until) => globalThis.allfivesMotion.celebrate(pieces, still, until),
  warn(text) {
    console.error(text);
  },
  replaceAddress(path) {
    window.history.replaceState(null, "", path);
  },
  timeMark(name) {
    performance.mark(name);
  },
  timeMeasure(name, start) {
    performance.measure(name, start);
  },
  // A measure ``name`` of ``duration`` milliseconds, ending now.
  timeMeasureFor(name, duration) {
    performance.measure(name, { start: performance.now() - duration, duration });
  },
  clearTimeMark(name) {
    performance.clearMarks(name);
  },
  download(name, text, kind) {
    const url = URL.createObjectURL(new Blob([text], { type: kind }));
    const link = document.createElement("a");
    link.href = url;
    link.download = name;
    document.body.append(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  },
  // A worker's write into the site's storage (page/browser.py's Mirror); one the browser refuses is said back.
  store(key, value) {
    try {
      localStorage.setItem(key, value);
    } catch {
      let held = null; // what the storage still holds under that key
      try {
        held = localStorage.getItem(key);
      } catch {
        // blocked since: it holds nothing this page can read
      }
      for (const to of storageFailed) send(to, { key, held });
    }
  },
  unstore(key) {
    try {
      localStorage.removeItem(key);
    } catch {
      // blocked since: there is nothing to remove
    }
  },
  tellHost(message, host) {
    window.parent.postMessage(message, host);
  },
  // Listener number ``to`` hears ``kind`` (see HEARS) with these options.
  listen(to, kind, ...options) {
    HEARS[kind](to, ...options);
  },
};

const ASKS = {
  // Whether ``text`` went onto the clipboard.
  copy: (text) => navigator.clipboard.writeText(text).then(() => true, () => false),
  // Whether the browser will keep the site's storage when space runs short (null: it cannot be asked).
  async persist() {
    const storage = navigator.storage;
    if (!storage || !storage.persist) return null;
    try {
      return (await storage.persisted()) || (await storage.persist());
    } catch {
      return null;
    }
  },
  slideIn: (board, tile) => Promise.resolve(globalThis.allfivesMotion.slideIn(board, tile)).then(() => null),
  // The introduction the first screen answered before Python started (web/js/first.js), handed over:
  // {step, level, done, showing}; from now on the person's taps on it wait for Python's (TELLS.introduced).
  introduction: () => (globalThis.allfivesFirst ? globalThis.allfivesFirst.handOver() : null),
  // The elements matching ``selector``: each one's data, its top on screen, whether it is in view and holds the focus.
  regions(selector) {
    const height = window.innerHeight || 0;
    const active = document.activeElement;
    return [...document.querySelectorAll(selector)].map((node) => {
      const box = node.getBoundingClientRect();
      return {
        data: dataOf(node),
        top: box.top,
        in_view: box.bottom > 0 && box.top < height,
        focus: Boolean(active && node.contains(active)),
      };
    });
  },
};

// What Python can hear: each sends {"to": its number, "data": plain data}.
const TYPED_TAGS = new Set(["INPUT", "SELECT", "TEXTAREA"]);
const HEARS = {
  // A click (or its keys) on something marked data-action within ``selector``: its data attributes.
  act(to, selector) {
    const root = document.querySelector(selector);
    if (root) listen(root, (json) => send(to, JSON.parse(json)));
  },
  // The value of the field ``field`` as it changes (``kind``: "change" or "input").
  value(to, field, kind) {
    const node = byId(field);
    node.addEventListener(kind, () => send(to, { value: String(node.value) }));
  },
  // The text of the file chosen in the file field ``field``.
  file(to, field) {
    byId(field).addEventListener("change", (event) => {
      const files = event.target.files;
      if (files && files.length) files[0].text().then((text) => send(to, { text }));
    });
  },
  // One of ``keys`` pressed on an element matching ``targets`` within ``selector``: the key and the element's data; the browser's own use of it prevented.
  keys(to, selector, keys, targets) {
    document.querySelector(selector).addEventListener("keydown", (event) => {
      const target = event.target.closest ? event.target.closest(targets) : null;
      if (!keys.includes(event.key) || !target) return;
      event.preventDefault();
      send(to, { key: event.key, data: dataOf(target) });
    });
  },
  // Each key pressed in ``region`` (an id; null: the page) that is not typed into a field.
  key(to, region) {
    const node = region === null ? document : byId(region);
    node.addEventListener("keydown", (event) => {
      if (!TYPED_TAGS.has(event.target && event.target.tagName)) {
        send(to, { key: event.key, dialog: Boolean(byId("dialog") && byId("dialog").open) });
      }
    });
  },
  resize(to) {
    window.addEventListener("resize", () => send(to, {}));
  },
  // The box of ``region`` (an id): its inner width and height and its height on screen, now and whenever it changes.
  size(to, region) {
    const node = byId(region);
    const measure = () =>
      send(to, { width: node.clientWidth || 0, height: node.clientHeight || 0, outer: node.getBoundingClientRect().height });
    new ResizeObserver(measure).observe(node);
    measure();
  },
  // Messages other pages post here: their origin and data.
  message(to) {
    window.addEventListener("message", (event) => send(to, { origin: event.origin, data: event.data }));
  },
  // Another tab's change of the site's storage: the key and its new value (null: removed).
  storage(to) {
    window.addEventListener("storage", (event) => send(to, { key: event.key || "", value: event.newValue }));
  },
  // A worker's write the browser refused (TELLS.store).
  storageFailed(to) {
    storageFailed.push(to);
  },
  // The address's fragment changed (a link pasted into the open tab): where the page is now.
  hashchange(to) {
    window.addEventListener("hashchange", () => send(to, { address: whereNow() }));
  },
  // A new version of the site installed and waiting (offline play: keepOffline).
  update(to) {
    keepOffline(() => send(to, {}));
  },
  // The dialog ``dialog`` closing: the button that closed it, what its form's fields held, and whether it is open again.
  close(to, dialog) {
    const node = byId(dialog);
    node.addEventListener("close", () => {
      if (held.has(dialog) && !closing.delete(dialog)) {
        node.showModal();
        return;
      }
      send(to, { value: String(node.returnValue || ""), fields: fieldsOf(node.querySelector("form")), open: node.open });
    });
  },
};

function run(json) {
  const [op, ...args] = JSON.parse(json);
  TELLS[op](...args);
}

async function ask(json) {
  const [op, ...args] = JSON.parse(json);
  return JSON.stringify(await ASKS[op](...args));
}

// Where the page is: its address and the page that framed it.
function whereNow() {
  const location = window.location;
  let framed = true;
  try {
    framed = window.self !== window.top;
  } catch {
    // another origin's frame may refuse the question
  }
  return {
    href: location.href,
    path: location.pathname,
    search: location.search || "",
    hash: location.hash || "",
    referrer: document.referrer || "",
    ancestors: location.ancestorOrigins ? [...location.ancestorOrigins] : [],
    framed,
  };
}

const storageFailed = [];

// The site's own items of localStorage ("allfives."), for Python in a worker, which has none (null: blocked).
function storedItems() {
  try {
    const items = {};
    for (let i = 0; i < localStorage.length; i += 1) {
      const key = localStorage.key(i);
      if (key && key.startsWith("allfives.")) items[key] = localStorage.getItem(key);
    }
    return items;
  } catch {
    return null;
  }
}

// Python's one ear; what the page is as it connects.
// Facts (listener 0): the motion asked for as it changes, and each dialog
// as it closes (whether it is open again by then: a dialog closed to be opened afresh).
function connect(hear) {
  ear = hear;
  const motion = window.matchMedia("(prefers-reduced-motion: reduce)");
  motion.addEventListener("change", () => send(0, { reduced_motion: motion.matches }));
  document.addEventListener("close", (event) => {
    if (event.target instanceof HTMLDialogElement) send(0, { dialog: event.target.id, open: event.target.open });
  }, true);
  const keys = new Set();
  for (const node of document.querySelectorAll("[data-i18n]")) keys.add(node.dataset.i18n);
  for (const node of document.querySelectorAll("[data-i18n-label]")) keys.add(node.dataset.i18nLabel);
  for (const node of document.querySelectorAll("[data-i18n-title]")) keys.add(node.dataset.i18nTitle);
  return JSON.stringify({
    keys: [...keys],
    open: [...document.querySelectorAll("dialog[open]")].map((node) => node.id),
    reduced_motion: motion.matches,
    address: whereNow(),
    languages: navigator.languages && navigator.languages.length ? [...navigator.languages] : [navigator.language || "en"],
    touch: window.matchMedia("(pointer: coarse)").matches,
    storage: storedItems(),
  });
}

globalThis.allfivesShell = Object.freeze({ apply, listen, keepOffline, run, ask, connect });
