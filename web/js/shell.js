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

globalThis.allfivesShell = Object.freeze({ apply, listen });
