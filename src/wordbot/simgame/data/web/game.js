"use strict";
// A Word Hunt-style round. The path is built from the pointer events the browser delivers and
// nothing else (no interpolation, no getCoalescedEvents): a drag the browser coalesces skips
// tiles here exactly as in a real browser game. The server judges and logs every submission.
// The page's query picks a variant: input=drag|click|type (click: confirm=last|enter|button),
// feedback=held|list|score|toast|panel|status|bounce|fly|word (what shows a word's fate),
// mark=tile|line|grow|text (what shows a selection), clock=digits|bar|ring, idle=pulse (something
// that moves all the time), look=wordhunt|night|paper|ring|dusk|tide|light|candy|felt.
// feedback=toast: a taken word shows as a toast that fades over a second and a counter "found /
// total" (no score); a refused one turns its path red and shakes it for half a second.
// confirm=button: Submit sends a clicked word, Clear drops it; a tap on the last tile does nothing,
// with retap=undo it takes that tile back.
// mark=line: the selection is a translucent stroke through the tiles' centres (a dot on one tile),
// the tiles themselves unchanged. feedback=panel: a side panel with the score and the words found,
// and a toast under the board for each reply (green "+points WORD", red with the reason) that fades
// out. clock=bar: the time left as a shrinking bar (no digits), at the end "Round over" over the board.
// look=dusk: dark, round tiles with a letter's Scrabble value in a corner (a look only: words score
// by length).
// retap=trim (click): a tap on any tile of the selection trims it back to that tile (Ruzzle,
// Wordament); a tap on its last tile so does nothing.
// mark=grow: a selected tile grows (scaled by 1.12, in a tenth of a second) inside a coloured ring,
// its fill unchanged. feedback=status: the header counts the words found ("Words: N", no score), and
// a line under the board tells each reply ("Nice!", "Not a word", "Already found", "Too short") until
// the next word's first tile is taken.
// feedback=bounce: a replied path's tiles bounce (scale up, then down) for 0.4 s, green for a taken
// word and red for a refused one, then show plain again (whatever is being selected meanwhile); the
// score counts up from the old value to the new over 0.8 s.
// look=tide: cream square tiles on deep teal; look=light: a pale page, tiles with a subtle gradient
// and a drop shadow, letters in Lato (no other look's face).
// feedback=fly: a taken word becomes a chip (the word in capitals on a coloured rounded rectangle)
// that slides from the board's centre to the top of a "Found" list right of the board over 0.6 s and
// stays there (newest on top, at most 8 shown); the score ("Score 12", in the header) changes at
// once. A refused path's tiles flash red for 0.5 s, an already found word's grey-blue (no chip).
// clock=ring: the time left as a ring in the header's right end that empties smoothly (an SVG
// circle's stroke-dashoffset, eased by a CSS transition; one colour throughout), the seconds left
// in digits at its centre; at the end a "Time's up" panel over the board.
// idle=pulse: a "Hint" button under the board whose glow and size breathe (1.6 s a breath) all
// round, whatever happens; clicking it does nothing.
// look=candy: a light lavender page, rounded warm-yellow tiles with a darker 3 px bottom edge (a
// key's look), dark purple capitals in Comfortaa (no other look's face) with a soft shadow; a held
// path turns light pink.
// mark=text: the tiles show no selection at all (no colour, ring or line); the letters taken so far
// show as a word in capitals ("КОТ") on a line above the board, in the header under the score and
// the clock, growing as tiles are added; the line belongs to the word under way (a new word's first
// tile replaces whatever it shows).
// feedback=word (with mark=text): on release the word stays on that line until the game replies,
// then shows its fate there: green with "+N" after it when taken, a muted red when refused,
// grey-blue with "already found" ("уже было") after it when found before; it fades out over 0.8 s
// and the line is then empty (a reply that comes while the next word is under way is not shown).
// Nothing else shows a reply but the score, "Points 12" in the header, which changes at once. Its
// labels follow the board's language, Russian when its letters are Cyrillic ("Очки 12", "уже
// было", "Время вышло"), else English.
// look=felt: a dark green felt page; tiles like wooden pieces (a tan-to-light-brown top-to-bottom
// gradient, 10 px corners, a thin darker border); dark brown letters in C059 (URW's Century
// Schoolbook, fonts-urw-base35: no other look's face, with Cyrillic).
// lag=MS: a busy page: a tap on a tile shows MS milliseconds late (what it did is done at once);
// undolag=MS: a tile taken back (retap=undo) shows so late, other taps at once.
// frame=MS: a page whose frames take MS ms (a browser on a busy machine): a drag's moves reach it
// once a frame, only the last position of each (as Chromium coalesces them), and a release after
// the pending one; a finger that left a tile before the next frame skipped it.
// hitch=N:MS: a page that stalls now and then: from every N-th tap on the board, for MS ms, each
// tap, click and key is handled MS ms after it comes, and any that comes later not before it (in
// order, as a busy browser handles them).

const opts = new URLSearchParams(location.search);
const INPUT = opts.get("input") || "drag";
const CONFIRM = opts.get("confirm") || "last";
const FEEDBACK = opts.get("feedback") || "held";
const MARK = opts.get("mark") || "tile";
const CLOCK = opts.get("clock") || "digits";
const IDLE = opts.get("idle") || "";
const UNDO = opts.get("retap") === "undo";
const TRIM = opts.get("retap") === "trim";
const LAG = Number(opts.get("lag") || 0);
const UNDO_LAG = Number(opts.get("undolag") || 0);
const FRAME_MS = Number(opts.get("frame") || 0);
const [HITCH_EVERY, HITCH_MS] = (opts.get("hitch") || "0:0").split(":").map(Number);
document.body.classList.add(opts.get("look") || "wordhunt", `feedback-${FEEDBACK}`, `mark-${MARK}`);

const CORE = 0.8;  // only a tile's central part selects it on a move (diagonals pass corners)
const board = document.getElementById("board");
const tiles = [];  // DOM elements, row-major
let game = null;  // {tiles, rows, cols, words, found, score}
let words = new Set();
const found = new Set();
let score = 0;
let deadline = 0;
let path = null;  // [[r, c], ...] while the button is held (click: while selecting), else null
let typed = "";  // input=type: the word typed so far
let over = false;
let total = 1;  // the round's length in seconds (clock=bar)
let LABELS = {points: "Points", again: "already found", over: "Time's up"};  // feedback=word's
const RU_LABELS = {points: "Очки", again: "уже было", over: "Время вышло"};  // on a Cyrillic board
const wordLine = document.createElement("div");  // mark=text: the word under way, above the board
wordLine.id = "word";
if (MARK === "text") document.querySelector("header").appendChild(wordLine);
const VALUES = {a: 1, b: 3, c: 3, d: 2, e: 1, f: 4, g: 2, h: 4, i: 1, j: 8, k: 5, l: 1, m: 3, n: 1, o: 1, p: 3,
  q: 10, r: 1, s: 1, t: 1, u: 1, v: 4, w: 4, x: 8, y: 4, z: 10};  // look=dusk: Latin letters only

async function start() {
  game = await (await fetch("state", {cache: "no-store"})).json();
  deadline = performance.now() + game.remaining * 1000;
  total = Math.max(1, game.remaining);
  words = new Set(game.words);
  game.found.forEach(w => found.add(w));
  score = game.score;
  document.body.style.setProperty("--cols", game.cols);  // the panel and buttons line up with the board
  game.tiles.forEach((letter, i) => {
    const el = document.createElement("div");
    el.className = "tile";
    el.textContent = document.body.classList.contains("night") ? letter : letter.toUpperCase();
    el.dataset.cell = i;
    if (document.body.classList.contains("dusk") && letter in VALUES) {
      const value = document.createElement("small");
      value.textContent = VALUES[letter];
      el.appendChild(value);
    }
    board.appendChild(el);
    tiles.push(el);
  });
  document.getElementById("rule").textContent = `WORDS \u00b7 ${game.min_len}+ LETTERS`;
  document.getElementById("line").toggleAttribute("hidden", MARK !== "line");  // an SVG has no .hidden
  document.getElementById("panel").hidden = FEEDBACK !== "panel";
  document.getElementById("bar").hidden = CLOCK !== "bar";
  document.getElementById("ring").hidden = CLOCK !== "ring";
  document.getElementById("clock").hidden = CLOCK === "ring";  // the ring has its own digits
  document.getElementById("found").hidden = FEEDBACK !== "fly";
  document.getElementById("hintrow").hidden = IDLE !== "pulse";
  if (game.tiles.some(t => /\p{Script=Cyrillic}/u.test(t))) LABELS = RU_LABELS;  // the board's language
  showScore();
  tick();
}

function cellOf(el) {
  const i = Number(el.dataset.cell);
  return [Math.floor(i / game.cols), i % game.cols];
}

const ROUND_HIT = document.body.classList.contains("ring");  // look=ring: a round hit zone

function tileAt(x, y, core) {
  const el = document.elementFromPoint(x, y)?.closest(".tile");
  if (!el) return null;
  const box = el.getBoundingClientRect();
  const half = box.width / 2;
  const dx = Math.abs(x - box.left - half), dy = Math.abs(y - box.top - half);
  const off = ROUND_HIT ? Math.hypot(dx, dy) : Math.max(dx, dy);
  return off <= half * core ? cellOf(el) : null;
}

const same = (a, b) => a[0] === b[0] && a[1] === b[1];
const adjacent = (a, b) => Math.max(Math.abs(a[0] - b[0]), Math.abs(a[1] - b[1])) === 1;
const wordOf = cells => cells.map(([r, c]) => game.tiles[r * game.cols + c]).join("");

function verdict(cells) {
  const word = wordOf(cells);
  if (found.has(word)) return "found";
  return words.has(word) ? "new" : "held";
}

let refusedTimer = 0;

function paint() {
  clearTimeout(refusedTimer);
  tiles.forEach(el => { el.className = "tile"; });
  if (MARK === "line") drawLine(path || []);
  if (MARK === "text" && path) spell(path);  // released: the word stays until its reply
  if (!path || MARK === "line" || MARK === "text") return;
  // else a neutral selection colour; mark=grow: "picked", which no look's fill for "held" reaches
  const kind = FEEDBACK === "held" ? verdict(path) : MARK === "grow" ? "picked" : "held";
  path.forEach(([r, c]) => tiles[r * game.cols + c].classList.add(kind));
}

const line = document.getElementById("line");

function drawLine(cells) {  // one stroke with round caps and joins: a lone tile shows a dot
  const at = cells.map(([r, c]) => {
    const el = tiles[r * game.cols + c];
    return `${el.offsetLeft + el.offsetWidth / 2} ${el.offsetTop + el.offsetHeight / 2}`;
  });
  line.innerHTML = at.length ? `<path d="M ${at[0]} ${at.map(p => `L ${p}`).join(" ")}"/>` : "";
}

const WORD_MS = 800;
let wordTimer = 0;

function spell(cells) {  // mark=text: the word under way in capitals on the line above the board
  clearTimeout(wordTimer);
  wordLine.className = "";
  wordLine.textContent = wordOf(cells).toUpperCase();
}

function clearWord() {
  clearTimeout(wordTimer);
  wordLine.className = "";
  wordLine.textContent = "";
}

function fate(reply) {  // feedback=word: the reply on the word's line, fading out over 0.8 s
  const kind = reply.accepted ? "good" : reply.reason === "already found" ? "again" : "bad";
  wordLine.textContent = (reply.word || "").toUpperCase();
  if (kind !== "bad") {  // "+3" after a taken word, "already found" after one found before
    const after = document.createElement("span");
    after.textContent = kind === "good" ? `+${reply.points}` : LABELS.again;
    wordLine.appendChild(after);
  }
  wordLine.className = "";
  void wordLine.offsetWidth;  // restart the fade
  wordLine.className = `fate ${kind}`;
  clearTimeout(wordTimer);
  wordTimer = setTimeout(clearWord, WORD_MS);
}

function visit(cell) {
  const last = path[path.length - 1];
  if (!cell || same(cell, last)) return;
  if (path.length >= 2 && same(cell, path[path.length - 2])) {
    path.pop();  // moving back onto the previous tile undoes the last one
  } else if (adjacent(cell, last) && !path.some(p => same(p, cell))) {
    path.push(cell);
  } else {
    return;
  }
  paint();
}

let boardTaps = 0;
let stalledAt = -Infinity;
let freeAt = -Infinity;  // when the inputs put off so far are all handled
function stalling(handler) {  // hitch: the handler as a page that stalls now and then runs it
  return e => {  // in the order the inputs came, as a browser's one thread handles them: an input
    // after the stall waits for those put off in it
    const now = performance.now();
    if (HITCH_EVERY && e.currentTarget === board && ++boardTaps % HITCH_EVERY === 0) stalledAt = now;
    const at = Math.max(now - stalledAt < HITCH_MS ? now + HITCH_MS : now, freeAt);
    if (at > now) {
      e.preventDefault();
      freeAt = at;
      setTimeout(() => handler(e), at - now);
    } else handler(e);
  };
}

board.addEventListener("pointerdown", stalling(e => {
  if (over || e.button !== 0 || INPUT === "type") return;
  e.preventDefault();
  const cell = tileAt(e.clientX, e.clientY, 1);
  if (!cell) return;
  if (INPUT === "click" && path) {  // a click game: the last tile again sends, a neighbour extends
    if (same(cell, path[path.length - 1]) && CONFIRM === "last") release();
    else if (same(cell, path[path.length - 1]) && CONFIRM === "button") {
      if (UNDO) path.pop();
      path = path.length ? path : null;
      tapped(UNDO ? UNDO_LAG : 0);
    }
    else if (TRIM && path.some(p => same(p, cell))) {  // back to that tile (the last: no change)
      path = path.slice(0, path.findIndex(p => same(p, cell)) + 1);
      tapped();
    }
    else if (adjacent(cell, path[path.length - 1]) && !path.some(p => same(p, cell))) { path.push(cell); tapped(); }
    else { path = [cell]; begun(); tapped(); }  // anything else starts a new selection
    return;
  }
  path = [cell];
  begun();
  tapped();
}));

function begun() {  // a new word's first tile: feedback=status's line is cleared
  if (FEEDBACK === "status") document.getElementById("message").textContent = "";
}

function tapped(late = 0) {  // a tap's selection shown, late on a busy page (LAG)
  const wait = Math.max(LAG, late);
  if (wait) setTimeout(paint, wait);
  else paint();
}

let moved = null;  // frame=MS: the last position a drag moved to, not yet handled
document.addEventListener("pointermove", e => {
  if (!path || INPUT !== "drag") return;
  if (FRAME_MS) moved = [e.clientX, e.clientY];
  else visit(tileAt(e.clientX, e.clientY, CORE));
});

function nextFrame() {
  if (moved && path && INPUT === "drag") visit(tileAt(moved[0], moved[1], CORE));
  moved = null;
}
if (FRAME_MS) setInterval(nextFrame, FRAME_MS);

document.addEventListener("pointerup", () => {
  if (INPUT !== "drag") return;
  nextFrame();
  release();
});

document.addEventListener("keydown", stalling(e => {
  if (over) return;
  if (e.key === "Enter") {
    if (INPUT === "click" && CONFIRM === "enter") release();
    if (INPUT === "type" && typed) { submit({word: typed}); typed = ""; }
  } else if (INPUT === "type" && e.key === "Backspace") {
    typed = typed.slice(0, -1);
  } else if (INPUT === "type" && e.key.length === 1 && /\p{L}/u.test(e.key)) {
    typed += e.key.toLowerCase();
  } else {
    return;
  }
  document.getElementById("typed").textContent = typed.toUpperCase();
}));

function release() {
  if (!path) return;
  const cells = path;
  path = null;
  paint();  // every tile plain again at once
  // a quick repeat shows yellow; panel, status, bounce, fly and word show only what the game replied
  if (!["panel", "status", "bounce", "fly", "word"].includes(FEEDBACK) && verdict(cells) === "new") found.add(wordOf(cells));
  submit({path: cells});
}

document.addEventListener("pointercancel", () => {
  path = null;
  paint();
  if (MARK === "text") clearWord();
});

if (CONFIRM === "button") {
  document.getElementById("buttons").hidden = false;
  document.getElementById("submit").addEventListener("click", stalling(() => { if (!over) release(); }));
  document.getElementById("clear").addEventListener("click", stalling(() => {
    path = null;
    paint();
    if (MARK === "text") clearWord();
  }));
}

async function submit(entry) {
  const reply = await (await fetch("submit", {method: "POST", body: JSON.stringify(entry)})).json();
  (reply.found || []).forEach(w => found.add(w));
  score = Math.max(score, reply.score ?? 0);  // replies may arrive out of order; both only grow
  showScore();
  if (FEEDBACK === "toast" && !reply.over) reply.accepted ? toast(reply.word) : refused(entry.path);
  if (FEEDBACK === "panel" && !reply.over) notice(reply);
  if (FEEDBACK === "status" && !reply.over) status(reply);
  if (FEEDBACK === "bounce" && !reply.over && entry.path) bounce(entry.path, reply.accepted);
  if (FEEDBACK === "word" && !reply.over && !path) fate(reply);  // the line is the next word's once begun
  if (FEEDBACK === "fly" && !reply.over) {
    if (reply.accepted) fly(reply.word);
    else if (entry.path) flash(entry.path, reply.reason === "already found" ? "again" : "bad");
  }
}

const FLY_MS = 600;
const SHOWN = 8;  // the Found list's chips
const CHIP_COLOURS = ["#ff6f91", "#4cb5f5", "#ffa94d", "#5fcf80", "#b07cf5"];
let chipCount = 0;

function chip(word, colour) {
  const el = document.createElement("li");
  el.className = "chip";
  el.textContent = word.toUpperCase();
  el.style.background = colour;
  return el;
}

function fly(word) {  // a chip from the board's centre to the Found list's top, then kept there
  const colour = CHIP_COLOURS[chipCount++ % CHIP_COLOURS.length];
  const list = document.getElementById("chips");
  const slot = chip(word, colour);  // its place in the list, shown when the flying chip lands
  slot.style.visibility = "hidden";
  list.prepend(slot);
  while (list.children.length > SHOWN) list.lastElementChild.remove();
  const flying = chip(word, colour);
  flying.classList.add("flying");
  document.body.appendChild(flying);
  const b = board.getBoundingClientRect();
  const from = [b.left + (b.width - flying.offsetWidth) / 2, b.top + (b.height - flying.offsetHeight) / 2];
  const t0 = performance.now();
  const step = () => {
    if (!slot.isConnected) {  // pushed out of the list by later words in flight
      flying.remove();
      return;
    }
    const t = Math.min(1, (performance.now() - t0) / FLY_MS), e = 1 - (1 - t) ** 3;  // eases out
    const to = slot.getBoundingClientRect();  // followed: a later word's slot moves it down
    flying.style.transform = `translate(${from[0] + (to.left - from[0]) * e}px, ${from[1] + (to.top - from[1]) * e}px)`;
    if (t < 1) requestAnimationFrame(step);
    else {
      flying.remove();
      slot.style.visibility = "";
    }
  };
  step();
}

const FLASH_MS = 500;
const flashing = new Map();  // tile -> the timer that shows it plain again

function flash(cells, kind) {  // red (refused) or grey-blue (found before) for half a second; a data
  cells.forEach(([r, c]) => {  // attribute, as bounce's: a new selection's paint keeps it
    const el = tiles[r * game.cols + c];
    clearTimeout(flashing.get(el));
    el.dataset.flash = kind;
    flashing.set(el, setTimeout(() => { delete el.dataset.flash; flashing.delete(el); }, FLASH_MS));
  });
}

function status(reply) {  // the reply in words under the board, until the next word's first tile
  document.getElementById("message").textContent = reply.accepted ? "Nice!"
    : reply.reason === "already found" ? "Already found"
    : reply.reason === "too short" ? "Too short" : "Not a word";
}

const BOUNCE_MS = 400;
const bouncing = new Map();  // tile -> the timer that shows it plain again

function bounce(cells, accepted) {  // a data attribute, not a class: a new selection's paint keeps it
  cells.forEach(([r, c]) => {
    const el = tiles[r * game.cols + c];
    clearTimeout(bouncing.get(el));
    delete el.dataset.bounce;
    void el.offsetWidth;  // restart the bounce of a tile already bouncing
    el.dataset.bounce = accepted ? "good" : "bad";
    bouncing.set(el, setTimeout(() => { delete el.dataset.bounce; bouncing.delete(el); }, BOUNCE_MS));
  });
}

const COUNT_MS = 800;
let shownScore = null;  // feedback=bounce: the score as drawn, counting up to `score`
let counting = null;  // {from, at}: the count under way
let countFrame = 0;

function countUp() {  // the first score shows at once, a later one counts up from the one drawn
  if (shownScore === null) shownScore = score;
  counting = {from: shownScore, at: performance.now()};
  if (!countFrame) countFrame = requestAnimationFrame(countStep);
}

function countStep() {
  const t = Math.min(1, (performance.now() - counting.at) / COUNT_MS);
  shownScore = Math.round(counting.from + (score - counting.from) * (1 - (1 - t) ** 3));  // eases out
  document.getElementById("score").textContent = `Score ${shownScore}`;
  countFrame = t < 1 ? requestAnimationFrame(countStep) : 0;
}

function notice(reply) {  // a pill under the board that fades out: green "+3  WORD", red "Not a word"
  const el = document.getElementById("message");
  const pill = document.createElement("span");
  pill.className = reply.accepted ? "notice good" : "notice bad";
  pill.textContent = reply.accepted ? `+${reply.points}  ${reply.word.toUpperCase()}`
    : reply.reason[0].toUpperCase() + reply.reason.slice(1);
  el.replaceChildren(pill);
}

function toast(word) {  // the word pops up below the board and fades out over a second
  const el = document.getElementById("message");
  el.classList.remove("toast");
  void el.offsetWidth;  // restart the fade
  el.textContent = `${word.toUpperCase()}!`;
  el.classList.add("toast");
}

function refused(cells) {  // the path comes back red and shakes, unless a new one is under way
  if (!cells || path) return;
  cells.forEach(([r, c]) => tiles[r * game.cols + c].classList.add("refused"));
  refusedTimer = setTimeout(paint, 500);
}

function showScore() {  // feedback=score: the score alone; list: the last words found; toast: a count
  if (FEEDBACK === "bounce") {
    countUp();
    return;
  }
  if (FEEDBACK === "panel") {  // the score, and the words found, newest first
    document.getElementById("points").textContent = score;
    const items = [...found].reverse().slice(0, 12).map(w => {
      const li = document.createElement("li");
      li.textContent = w.toUpperCase();
      return li;
    });
    document.getElementById("words").replaceChildren(...items);
    return;
  }
  const text = FEEDBACK === "list" ? [...found].reverse().slice(0, 3).join("  ").toUpperCase()
    : FEEDBACK === "score" || FEEDBACK === "fly" ? `Score ${score}`
    : FEEDBACK === "word" ? `${LABELS.points} ${score}`
    : FEEDBACK === "toast" ? `${found.size} / ${words.size}`
    : FEEDBACK === "status" ? `Words: ${found.size}` : `Score ${score}   Words ${found.size}`;
  document.getElementById("score").textContent = text;
}

const arc = document.querySelector("#ring .arc");
const RING = 2 * Math.PI * arc.r.baseVal.value;  // the ring's circumference (clock=ring)
arc.style.strokeDasharray = RING.toFixed(2);

function tick() {
  const left = Math.max(0, deadline - performance.now()) / 1000;
  const s = Math.floor(left);
  document.getElementById("clock").textContent = `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}`;
  document.querySelector("#bar > div").style.width = `${(100 * left / total).toFixed(2)}%`;
  if (CLOCK === "ring") {  // the arc left: its dash shifted by the part of the round gone
    arc.style.strokeDashoffset = (RING * (1 - left / total)).toFixed(2);
    document.getElementById("secs").textContent = s;
  }
  if (left > 0) {
    setTimeout(tick, 200);
    return;
  }
  over = true;
  path = null;
  paint();
  board.classList.add("over");
  if (MARK === "text") clearWord();
  const cover = document.getElementById("timesup");
  if (CLOCK === "bar") cover.textContent = "Round over";
  if (CLOCK === "ring") cover.textContent = "Time's up";
  if (FEEDBACK === "toast" || CLOCK === "bar" || CLOCK === "ring") cover.hidden = false;  // a panel over the board
  else document.getElementById("message").textContent = FEEDBACK === "word" ? LABELS.over : "Time's up";
}

start();
