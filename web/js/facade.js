// The facade for an All Fives replay on another site's page (docs/embedding.md),
// the way lite-youtube-embed does it: "Copy embed code" gives a link drawn as
// the replay's poster (the board at its position, its words), and this small
// script turns it into the live replay's <iframe> when the reader clicks it or
// presses Enter or Space on it. A page holding many replays starts none of
// them, and fetches no interpreter, until the reader asks for one. Without
// this script the link still opens the replay on the game's own site.
//
// The iframe is embed.html as the link names it, with the link's id, so a
// host page's own code (the height, move and goto messages) finds it by the
// same id once it is live; the page hears "allfives:live" when it is. The
// frame takes the height the replay says it needs ("allfives:height", from
// the frame itself and its site only), so no control is cut off; until it
// hears one, it is as tall as the replay of a two-player hand.
"use strict";

(() => {
  const STYLE = "display: block; width: 100%; max-width: 44rem; height: calc(min(56vw, 24rem) + 22rem); border: 0";
  const frames = new Set();

  function origin(url) {
    try {
      return new URL(url, location.href).origin;
    } catch {
      return null;
    }
  }

  addEventListener("message", (event) => {
    const data = event.data;
    if (!data || typeof data !== "object" || data.type !== "allfives:height") return;
    const height = data.height;
    if (!Number.isInteger(height) || height <= 0 || height > 10000) return;
    for (const frame of frames) {
      if (event.source !== frame.contentWindow || event.origin !== origin(frame.src)) continue;
      frame.style.height = `${height}px`;
    }
  });

  function goLive(link) {
    const frame = document.createElement("iframe");
    frame.src = link.href;
    frame.title = link.dataset.title || "All Fives: a replay";
    frame.setAttribute("style", STYLE);
    frame.setAttribute("allow", "clipboard-write");
    if (link.id) frame.id = link.id;
    frames.add(frame);
    link.replaceWith(frame);
    frame.focus();
    frame.dispatchEvent(new CustomEvent("allfives:live", { bubbles: true }));
  }

  function upgrade(link) {
    if (link.dataset.facade === "1") return;
    link.dataset.facade = "1";
    link.setAttribute("role", "button");
    link.addEventListener("click", (event) => {
      if (event.button !== 0 || event.ctrlKey || event.metaKey || event.shiftKey) return; // a new tab: the link
      event.preventDefault();
      goLive(link);
    });
    link.addEventListener("keydown", (event) => {
      if (event.key !== " ") return; // Enter is the link's own click
      event.preventDefault();
      goLive(link);
    });
  }

  function upgradeAll() {
    for (const link of document.querySelectorAll("a.allfives-replay")) upgrade(link);
  }

  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", upgradeAll);
  else upgradeAll();
})();
