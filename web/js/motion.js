// The page's motion and sound (issue 45): the presentation the page's
// Python decides and this module only does. Python says what moves and when
// ("the tile 5-3 slides in", "+15 floats up here", "play these notes"), in
// plain data (strings, numbers, arrays, objects), through its shell
// (web/page/shell.py, "for motion"); nothing is read back but the promise
// that a slide is over. Whether to animate at all (reduced motion), which
// tile, which sound and which confetti are Python's: web/page/motion.py and
// web/game/feel.py. So the same calls can cross from a worker (issue 46).
// No dependency: the Web Animations API, SVG and WebAudio.

// Where the tile about to be played stands on screen, measured before the
// redraw takes it from the hand (or from the other player's card):
// {tile, rect}, or null.
let departure = null;

// The tile ``tile`` (its data-tile, "5-3") played by seat ``seat`` is about
// to leave: note where from, for slideIn.
function leaves(tile, seat) {
  const node =
    document.querySelector(`#hand [data-tile="${tile}"]`) ??
    document.querySelector(`.opponent[data-seat="${seat}"] .backs`);
  departure = node ? { tile, rect: node.getBoundingClientRect() } : null;
}

// The tile just played slides to its place on the board ``boardId`` from
// where it left (leaves). The promise resolves when the slide is over, or
// was cut short by a redraw, or at once when there is no slide: it never
// rejects, and resolves with nothing.
function slideIn(boardId, tile) {
  const from = departure && departure.tile === tile ? departure.rect : null;
  departure = null;
  const board = document.getElementById(boardId);
  const target = board && board.querySelector(`.tile[data-tile="${tile}"]`);
  const svg = board && board.querySelector("svg");
  if (!from || !target || !svg) return Promise.resolve();
  const end = target.getBoundingClientRect();
  // The move is in the svg's user units: screen pixels over its scale.
  const matrix = svg.getScreenCTM();
  const scale = matrix && matrix.a > 0 ? matrix.a : 1;
  const dx = (from.left + from.width / 2 - end.left - end.width / 2) / scale;
  const dy = (from.top + from.height / 2 - end.top - end.height / 2) / scale;
  const slide = target.animate(
    [{ transform: `translate(${dx.toFixed(1)}px, ${dy.toFixed(1)}px)` }, { transform: "translate(0px, 0px)" }],
    { duration: 420, easing: "cubic-bezier(.2,.8,.3,1)" },
  );
  // A cancelled animation's promise rejects: it is over all the same.
  return slide.finished.then(
    () => undefined,
    () => undefined,
  );
}

// A tile drawn from the boneyard comes in from it: into the hand (the
// button of ``tile``), or, when it is not there (another seat's draw, or
// ``tile`` null), onto the newest back on the card of seat ``seat``.
function drawIn(seat, tile) {
  const origin = document.getElementById("boneyard");
  if (!origin) return;
  const button =
    (tile ? document.querySelector(`#hand [data-tile="${tile}"]`) : null) ??
    document.querySelector(`.opponent[data-seat="${seat}"] .backs svg:last-child`);
  if (!button) return;
  const start = origin.getBoundingClientRect();
  const end = button.getBoundingClientRect();
  const dx = Math.round(start.left - end.left);
  const dy = Math.round(start.top - end.top);
  button.animate(
    [
      { transform: `translate(${dx}px, ${dy}px) scale(0.6)`, opacity: 0.3 },
      { transform: "none", opacity: 1 },
    ],
    { duration: 500, easing: "ease-out" },
  );
}

// ``text`` ("+15") floats up from ``(x, y)`` on the board ``boardId``, in
// the board's own units (its viewBox); the stylesheet's .points-pop moves it.
function popPoints(boardId, x, y, text) {
  const board = document.getElementById(boardId);
  const svg = board && board.querySelector("svg");
  if (!svg) return;
  const pop = document.createElementNS("http://www.w3.org/2000/svg", "text");
  pop.setAttribute("x", String(x));
  pop.setAttribute("y", String(y));
  pop.setAttribute("class", "points-pop");
  pop.setAttribute("text-anchor", "middle");
  pop.textContent = text;
  svg.append(pop);
}

// The table just drawn in the board ``boardId`` zooms and pans as a whole:
// its tiles start where they stood under the old view (drawn at
// ``k * p + (tx, ty)``, table/felt.py's view_change) and move and scale to
// the new one. The groups' transform is in the svg's user units about its
// origin (an SVG element's transform-box is the view box), as view_change's is.
function zoom(boardId, k, tx, ty) {
  const board = document.getElementById(boardId);
  if (!board) return;
  const frames = [
    { transform: `matrix(${k.toFixed(4)},0,0,${k.toFixed(4)},${tx.toFixed(1)},${ty.toFixed(1)})` },
    { transform: "none" },
  ];
  for (const group of board.querySelectorAll("svg > g")) {
    group.animate(frames, { duration: 360, easing: "ease-out" });
  }
}

// The page's WebAudio, made on the first sound (browsers start audio only
// after the player has touched the page).
let audio = null;

// Sound ``name`` as ``notes``, each [frequency in Hz, start in s, length in
// s, peak gain, wave]: an oscillator each, rising fast to its peak and
// dying away. Nothing is downloaded.
function sound(name, notes) {
  const Context = globalThis.AudioContext;
  if (!Context) return;
  audio ??= new Context();
  if (audio.state === "suspended") audio.resume();
  const now = audio.currentTime;
  for (const [frequency, start, length, peak, wave] of notes) {
    const oscillator = audio.createOscillator();
    const gain = audio.createGain();
    oscillator.type = wave;
    oscillator.frequency.setValueAtTime(frequency, now + start);
    gain.gain.setValueAtTime(0.0001, now + start);
    gain.gain.exponentialRampToValueAtTime(peak, now + start + 0.008);
    gain.gain.exponentialRampToValueAtTime(0.0001, now + start + length);
    oscillator.connect(gain);
    gain.connect(audio.destination);
    oscillator.start(now + start);
    oscillator.stop(now + start + length + 0.05);
  }
  // What was played last, for the tests (they cannot hear it).
  document.body.dataset.sound = name;
}

// The win moment: ``pieces`` (web/game/feel.py's confetti: each its kind,
// "pip", "tile" or "star", and its CSS values) over the page, above the
// dialog and never in its way (the stylesheet's .celebration takes no
// clicks; it is hidden from screen readers, as the summary says who won).
// ``still``: they stand still (reduced motion). It stays until the dialog
// ``until`` (its id) closes.
function celebrate(pieces, still, until) {
  document.getElementById("celebration")?.remove();
  const layer = document.createElement("div");
  layer.id = "celebration";
  layer.className = `celebration ${still ? "still" : "moving"}`;
  layer.setAttribute("popover", "manual");
  layer.setAttribute("aria-hidden", "true");
  for (const piece of pieces) {
    const bit = document.createElement("span");
    bit.className = `confetti ${piece.kind}`;
    for (const name of ["x", "delay", "fall", "spin", "drift", "colour"]) {
      bit.style.setProperty(`--${name}`, piece[name]);
    }
    layer.append(bit);
  }
  document.body.append(layer);
  layer.showPopover();
  document.getElementById(until)?.addEventListener("close", () => layer.remove(), { once: true });
}

globalThis.allfivesMotion = Object.freeze({ leaves, slideIn, drawIn, popPoints, zoom, sound, celebrate });
