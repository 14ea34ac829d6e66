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
// A form's fields as plain data too: a field marked data-change="NAME" is
// handed over as {"action": NAME, ...its data attributes, "name": its name,
// "value": its value} when it changes: a text or number field at each
// keystroke (input), so that what is typed is known before any button is
// pressed; a choice, a box or a file once made (change). A box's value is
// "checked" or ""; a file's, its name, with its contents as "text".
const TYPED = new Set(["text", "number", "search", "email", "url", "tel", "textarea"]);

function listen(root, dispatch) {
  root.addEventListener("click", (event) => {
    const target = event.target.closest("[data-action]");
    if (!target || !root.contains(target)) return;
    if (target.disabled) return;
    dispatch(JSON.stringify({ ...target.dataset }));
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

globalThis.allfivesShell = Object.freeze({ apply, listen });
