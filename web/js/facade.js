// The facade for an All Fives replay on another site's page (docs/embedding.md),
// the way lite-youtube-embed does it: "Copy embed code" gives a link drawn as
// the replay's poster (the board at its position, its words), and this small
// script puts the live replay's <iframe> in its place when the reader clicks
// it or presses Enter or Space on it. A page holding many replays starts none
// of them, and fetches no interpreter, until the reader asks for one. Without
// this script the link still opens the replay on the game's own site.
//
// Nothing on the host page moves: the link becomes a box of its own look and
// size (its poster kept inside, unseen, holds that size at every width) and
// the frame lies over the whole box. The replay is asked to fit the frame
// (?fit=1): its board takes the height its words and controls leave.
//
// The frame takes the link's id, so a host page's own code (the move and
// goto messages) finds it by the same id once it is live; the page hears
// "allfives:live" when it is.
"use strict";

(() => {
  const FRAME_STYLE = "position: absolute; inset: 0; width: 100%; height: 100%; border: 0";

  function fitting(href) {
    const url = new URL(href, location.href);
    url.searchParams.set("fit", "1");
    return url.href;
  }

  function goLive(link) {
    const box = document.createElement("div");
    box.setAttribute("style", link.getAttribute("style") || "");
    box.style.position = "relative";
    box.style.overflow = "hidden"; // the frame's corners follow the box's
    const poster = document.createElement("div");
    poster.setAttribute("aria-hidden", "true");
    poster.style.visibility = "hidden";
    poster.append(...link.childNodes);
    const frame = document.createElement("iframe");
    frame.src = fitting(link.href);
    frame.title = link.dataset.title || "All Fives: a replay";
    frame.setAttribute("style", FRAME_STYLE);
    frame.setAttribute("allow", "clipboard-write");
    if (link.id) frame.id = link.id;
    box.append(poster, frame);
    link.replaceWith(box);
    frame.focus({ preventScroll: true }); // the reader is looking at it: the page does not scroll
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
