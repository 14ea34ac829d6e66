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

globalThis.allfivesShell = Object.freeze({ apply });
