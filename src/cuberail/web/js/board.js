// The board: the server draws it (cuberail.draw, the one drawing) in the page's language,
// tooltips and the words of its moves included; this module inserts the SVG, makes its
// [data-action] elements clickable and keyboard-usable, and pans and zooms it (buttons,
// ctrl+wheel, two-finger pinch; one finger scrolls).

import { h } from "./dom.js";
import { currentTitle } from "./face.js";
import { t } from "./i18n.js";
import { PHONE } from "./media.js";
import { markOffscreen, wireOffscreen } from "./offscreen.js";

const PHONE_SCALE = 1.8;  // a phone's board: wide enough to tap a hex
let scale = PHONE.matches ? PHONE_SCALE : 1;
let handler = null;
let boardWords = new Map();  // action -> its words as the drawing wrote them (tooltip lines)

/** The words of each move on the board: an element's tooltip is its own line, then one
 *  line per move, in the order of its data-actions (data-action alone: one move). */
function readWords(box) {
  const words = new Map();
  for (const el of box.querySelectorAll("[data-action]")) {
    const lines = (el.querySelector("title")?.textContent || "").split("\n").slice(1);
    const actions = el.dataset.actions ? el.dataset.actions.split("|") : [el.dataset.action];
    actions.forEach((action, i) => { if (lines[i]) words.set(action, lines[i]); });
  }
  return words;
}

const plain = (s) => s.toLowerCase().replace(/[^\p{L}\p{N}$]+/gu, " ").trim();

/** A target's accessible name: its move's words, after what the target shows (a hex's
 *  id and cost, a link's value) unless the words already say it, so that the name
 *  contains the visible label (WCAG 2.5.3; "P6 $1: place a locomotive on P6 ..."). */
function labelInName(el, words) {
  const shown = [...el.querySelectorAll("text")].map((x) => x.textContent.trim()).filter(Boolean).join(" ");
  return !shown || plain(words).includes(plain(shown)) ? words : `${shown}: ${words}`;
}

/** What the last move acted on, marked for a moment (a glow, three times) so that the
 *  eye finds what just happened: each drawn element whose id ends with one of the
 *  move's words ("place R3": `hex-R3`; a link, a gauge), unless it was `mine`. */
export function markLast(box, last, mine) {
  for (const el of box.querySelectorAll(".just-moved")) el.classList.remove("just-moved");
  if (!last || mine) return;
  const words = last.action.split(/[ +]/).slice(1).filter((w) => w && !w.includes(":"));
  for (const word of words) {
    for (const el of box.querySelectorAll(`svg [id$="-${CSS.escape(word)}"]`)) {
      el.classList.add("just-moved");
    }
  }
}

export function insertBoard(box, svgText, clickable) {
  const doc = new DOMParser().parseFromString(svgText, "image/svg+xml");
  let svg = doc.documentElement;
  if (svg.nodeName !== "svg") return false;
  const [left, top] = [box.scrollLeft, box.scrollTop];  // a redraw keeps the part in view
  const first = !box.querySelector("svg");
  box.replaceChildren(document.importNode(svg, true));
  svg = box.querySelector("svg");
  if (!clickable || !box.querySelector(".target")) whole = false;  // (showTargets') for its decision only
  boardWords = readWords(box);
  box.classList.toggle("clickable", clickable);
  for (const el of box.querySelectorAll("[data-action]")) {
    if (!clickable) {
      el.removeAttribute("tabindex");
      continue;
    }
    el.setAttribute("role", "button");
    const tip = el.querySelector("title");
    if (tip) el.setAttribute("aria-label", labelInName(el, tip.textContent.split("\n").pop()));
  }
  // (shown ones: a phone lists a share track's moves under the board instead of drawing it)
  const targets = clickable && [...box.querySelectorAll("[data-action][tabindex]")].some(shown);
  // With moves on it the drawing is a named group of buttons (an image has no controls
  // inside); otherwise an image, named by the drawing.
  svg.setAttribute("role", targets ? "group" : "img");
  // A zoomed or phone-sized board scrolls: with no target to Tab to, the frame itself
  // takes the focus, so that the arrow keys scroll it.
  box.tabIndex = targets ? -1 : 0;
  if (first && PHONE.matches) scale = Math.max(scale, phoneReadable(box, svg));
  applyScale(box);
  box.scrollLeft = left;
  box.scrollTop = top;
  if (clickable) showTargets(box);
  if (first) showHome(box);
  markOffscreen(box);
  return true;
}

/** A board first shown with no move on it (an auction's turn, a watcher) opens on where
 *  the game starts, which the drawing marks [data-home] (the title's), when the frame does
 *  not show it all: on a phone, a tablet, and a desktop whose readable map is wider than
 *  the frame (1366 px). The desktop opened on the map's top left corner, where a title's
 *  goal may lie (the eleventh newcomer run asked for it in sight); the twelfth,
 *  fourteenth, fifteenth and eighteenth found the start spaces of the first auctions'
 *  companies off-screen and asked for them. "Whole map" shows both. (Reverted once: a
 *  bid typed at once lost its keys; the cause was the live snapshot's redraw of the
 *  auction panel, mended since.) */
function showHome(box) {
  if (box.querySelector(".target")) return;
  const spot = targetsBox(box, "[data-home]");
  if (spot) centre(box, spot, false);
}

/** Mark the board's target of a move that can only be forgone (its panel button, class
 *  "forgoes"): described by the same note, whose first line joins its tooltip. */
export function markForgoes(box, button) {
  const note = button && document.getElementById(button.getAttribute("aria-describedby"));
  const el = note && box.querySelector(`[data-action="${CSS.escape(button.dataset.action)}"]`);
  if (!el || el.classList.contains("forgoes")) return;
  el.classList.add("forgoes");
  el.setAttribute("aria-describedby", note.id);
  const tip = el.querySelector("title");
  if (tip) tip.textContent += `\n${(note.querySelector("p") || note).textContent}`;  // (a note's
  // words: its first paragraph, or the note itself where it is one line)
}

const MOST = 4;  // the closest zoom
const PHONE_READ_PX = 9;  // a phone's least label size on screen when its map first opens

/** A phone's zoom at which the drawing's smallest label is PHONE_READ_PX on screen (at
 *  most MOST): its map opens so (the 31st newcomer run found a phone's labels 5 px at
 *  PHONE_SCALE, "can't be read"); the moves of a decision then zoom to fit them
 *  (fittingScale), and the player's own zoom is kept. */
function phoneReadable(box, svg) {
  return Math.min(MOST, labelWidth(box, svg, PHONE_READ_PX) || PHONE_SCALE);
}

/** The box around the board's targets (or the elements `selector` finds), in fractions
 *  of the drawing ({x, y, w, h}). */
function targetsBox(box, selector = ".target") {
  const svg = box.querySelector("svg").getBoundingClientRect();
  const rects = [...box.querySelectorAll(selector)].map((el) => el.getBoundingClientRect())
    .filter((r) => r.width || r.height);
  if (!rects.length || !svg.width) return null;
  const left = Math.min(...rects.map((r) => r.left));
  const top = Math.min(...rects.map((r) => r.top));
  const right = Math.max(...rects.map((r) => r.right));
  const bottom = Math.max(...rects.map((r) => r.bottom));
  return { x: (left - svg.left) / svg.width, y: (top - svg.top) / svg.height,
    w: (right - left) / svg.width, h: (bottom - top) / svg.height };
}

const TAP = 44;  // px: a target as large as a fingertip

/** The zoom at which the smallest target (a link's value box, a hex) is a fingertip wide. */
function tapScale(box) {
  const sizes = [...box.querySelectorAll(".target")].map((el) => {
    const r = (el.querySelector("rect") || el).getBoundingClientRect();
    return Math.max(r.width, r.height);
  }).filter((n) => n > 0);
  return sizes.length ? (scale * TAP) / Math.min(...sizes) : scale;
}

/** On a phone, the zoom that makes the targets tappable while their box still fits the
 *  frame, never below the phone's own zoom (a hex is tappable at that; a link's box not). */
function fittingScale(box, spot) {
  const svg = box.querySelector("svg").getBoundingClientRect();
  const frameW = box.clientWidth;
  const frameH = window.innerHeight * 0.7;  // the frame's max-height on a phone
  const wide = 0.9 / Math.max(spot.w, 0.01);
  const high = (0.9 * frameH) / ((frameW * svg.height) / svg.width * Math.max(spot.h, 0.01));
  return Math.min(MOST, Math.max(PHONE_SCALE, Math.min(wide, high, tapScale(box))));
}

/** Bring the moves into view: on a phone the board zooms to the targets' box (the Fit
 *  button shows the whole map again) and centres it; on a desktop each new decision opens
 *  the map readable again (unless the player keeps the whole map: readableWidth); the
 *  frame (as high as the window allows) scrolls to them when they are not all in sight.
 *  Below 1500 px a decision off the map (offMap: a title's action gauges, which
 *  the action bar offers as buttons too) keeps the readable map where it was, neither
 *  shrunk to a thumbnail of the whole drawing nor scrolled away to the panel under it;
 *  nor does a desktop's frame move for moves that the action bar makes too (doubled). */
function showTargets(box) {
  const spot = targetsBox(box);
  if (!spot) return;
  const off = offMap(box);
  if (PHONE.matches) {
    // the targets' box, but never below the size at which the map's words are read: a
    // choice of links from one end of the map to the other fitted the whole map into
    // 390 px, its names about 5 px (the 39th newcomer run); then the frame is centred on
    // the targets, the others reached by scrolling or the list of the board's moves
    scale = Math.max(fittingScale(box, spot), phoneReadable(box, box.querySelector("svg")));
  } else {
    whole = off && !NARROW_DESKTOP.matches;
    readable = !keepsWhole() && !whole;
  }
  applyScale(box);
  // a desktop's frame stays where it was for moves that the action bar makes too
  // (doubled): a share value, just after the company's first link, left
  // Moscow's links for the track under the map (a newcomer run at 1366x768)
  const stay = doubled(box) && !PHONE.matches;
  if (!stay && (!off || !NARROW_DESKTOP.matches)) centre(box, spot, PHONE.matches);
  box.dataset.zoomed = PHONE.matches ? "targets" : "";
}

/** Whether every move on the board has a button of its own in the action bar too (the
 *  share values: valueChoices; a title's action gauges: PANEL_KINDS), not only one in
 *  the list of the board's moves (class "listed", folded under the bar). */
function doubled(box) {
  const targets = [...box.querySelectorAll(".target[data-action]")];
  return targets.length > 0 && targets.every((el) => document.querySelector(
    `#actions button[data-action="${CSS.escape(el.dataset.action)}"]:not(.listed)`));
}

/** Scroll the frame so that `spot` (fractions of the drawing) is in its middle: always,
 *  or (`always` false) only when part of it is out of sight. */
function centre(box, spot, always) {
  const svg = box.querySelector("svg").getBoundingClientRect();
  const frame = box.getBoundingClientRect();
  const [left, top] = [svg.left + spot.x * svg.width, svg.top + spot.y * svg.height];
  const [right, bottom] = [left + spot.w * svg.width, top + spot.h * svg.height];
  const inside = left >= frame.left && right <= frame.right && top >= frame.top && bottom <= frame.bottom;
  if (inside && !always) return;
  box.scrollLeft += (left + right) / 2 - (frame.left + frame.width / 2);
  box.scrollTop += (top + bottom) / 2 - (frame.top + frame.height / 2);
}

/** The board's places that `actions` name (a hex, a link, a location: "place R6",
 *  "link a-b"), brought into sight when the frame hides any of them (after the player's
 *  own build, so that the new track is seen). */
export function revealPlaces(box, actions) {
  const svg = box.querySelector("svg");
  if (!svg || boardTargets(box).length) return;  // the moves on it come first
  const names = actions.flatMap((a) => a.split(" ").slice(1));
  const places = names.flatMap((n) => [...box.querySelectorAll(
    `[data-hex="${CSS.escape(n)}"], [data-link="${CSS.escape(n)}"], [data-location="${CSS.escape(n)}"]`)]);
  const rects = places.map((el) => el.getBoundingClientRect()).filter((r) => r.width || r.height);
  if (!rects.length) return;
  const whole = svg.getBoundingClientRect();
  const left = Math.min(...rects.map((r) => r.left));
  const top = Math.min(...rects.map((r) => r.top));
  const w = Math.max(...rects.map((r) => r.right)) - left;
  const h = Math.max(...rects.map((r) => r.bottom)) - top;
  centre(box, { x: (left - whole.left) / whole.width, y: (top - whole.top) / whole.height,
    w: w / whole.width, h: h / whole.height }, false);
}

/** Call `onAction(actions, element, preview)` when a board target is clicked or activated
 *  by key. A tap on a touch screen first previews (cost and income, as the mouse's
 *  tooltip does); a second tap on the same target, or the preview's button, acts. A click
 *  on a place that is no move now calls `onMiss(name, targets)` (targets: how many the
 *  board offers now), so that the page can say why nothing happens. */
export function wireBoard(box, onAction, onMiss = null) {
  handler = onAction;
  wireOffscreen(box);
  let touch = false;
  let staged = null;
  box.addEventListener("pointerdown", (event) => { touch = event.pointerType === "touch"; });
  const pick = (event) => {
    const el = event.target.closest("[data-action]") || (touch && event.type === "click"
      && box.classList.contains("clickable") ? nearTarget(box, event) : null);
    if (!el || !box.classList.contains("clickable") || !handler) {
      const place = event.type === "click" && event.target.closest("[data-hex], [data-link], [data-location]");
      if (place && onMiss) onMiss(placeName(place), boardTargets(box).length);
      return;
    }
    event.preventDefault();
    const many = el.dataset.actions ? el.dataset.actions.split("|") : [el.dataset.action];
    const preview = touch && event.type === "click" && staged !== el;
    staged = preview ? el : null;
    handler(many, el, preview);
  };
  box.addEventListener("click", pick);
  box.addEventListener("keydown", (event) => {
    if (event.key === "Enter" || event.key === " ") {
      touch = false;
      pick(event);
    } else if (STEPS[event.key] && event.target.closest("[data-action]")) {
      event.preventDefault();  // the arrows go from target to target (not scrolling)
      stepFocus(box, event.target.closest("[data-action]"), STEPS[event.key]);
    }
  });
  wireZoom(box);
}

/** The board's target nearest a tap that hit none (its own box, else its shape), when
 *  the tap is within half a fingertip (TAP / 2) of it: a small target (a link's value
 *  box) takes a larger hit area on a touch screen, with no change to the drawing. */
function nearTarget(box, event) {
  let [best, least] = [null, TAP / 2];
  for (const el of boardTargets(box)) {
    const r = (el.querySelector(":scope > rect") || el).getBoundingClientRect();
    const dx = Math.max(r.left - event.clientX, 0, event.clientX - r.right);
    const dy = Math.max(r.top - event.clientY, 0, event.clientY - r.bottom);
    const far = Math.hypot(dx, dy);
    if (far <= least) [best, least] = [el, far];
  }
  return best;
}

/** A place's name as its tooltip starts ("Q7", "A2" and its city, a link). */
function placeName(el) {
  const line = (el.querySelector("title")?.textContent || "").split("\n")[0];
  return line.split(":")[0].trim() || el.dataset.hex || el.dataset.location || el.dataset.link || "";
}

const STEPS = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 };

/** The board's targets a key reaches (the moves on it now), in drawing order. */
export function boardTargets(box) {
  return box.classList.contains("clickable")
    ? [...box.querySelectorAll("[data-action][tabindex]")].filter(shown) : [];
}

const shown = (el) => el.getClientRects().length > 0;  // (not under display: none)

function stepFocus(box, from, step) {
  const all = boardTargets(box);
  const at = all.indexOf(from);
  if (at < 0 || !all.length) return;
  all[(at + step + all.length) % all.length].focus();
}

/** A small menu: what the element is (its tooltip), then one button per move on it, in
 *  the board's words (the page's language) when the board shows that move. */
export function choose(chooser, actions, labels, onPick, about = "", notes = {}) {
  const opener = document.activeElement;
  const close = () => {
    chooser.hidden = true;
    if (opener && opener.isConnected && typeof opener.focus === "function") opener.focus();
  };
  const info = about ? about.split("\n").map((line) => h("p", { class: "about" }, line)) : [];
  const question = h("p", { id: "chooser-question" }, t(actions.length > 1 ? "game.choose_one" : "game.confirm"));
  chooser.replaceChildren(...info, question,
    ...actions.map((a) => h("button", { type: "button", class: "move", dataset: { action: a, confirm: "1" },
      onclick: () => { chooser.hidden = true; onPick(a); } }, boardWords.get(a) || labels[a] || a,
      notes[a] ? ` — ⚠ ${notes[a]}` : "")),
    h("button", { type: "button", class: "cancel", onclick: close }, t("game.cancel")));
  chooser.setAttribute("aria-labelledby", "chooser-question");
  chooser.onkeydown = (event) => {  // Escape: back to where the choice was opened
    if (event.key !== "Escape") return;
    event.preventDefault();
    close();
  };
  chooser.hidden = false;
  chooser.querySelector("button").focus();
}

/** The part of the frame's width at which the whole drawing fits its frame's height
 *  (a desktop's frame ends at the window's foot, fit.js), when the map stays readable at
 *  that (at least READABLE of the frame's width, and READABLE_WIDTH wide or nearly the
 *  frame's width); else 1: as wide as the frame, and it scrolls in it (a short window:
 *  1366x768). 1 on a phone, whose board scrolls. A decision off the map (offMap) from
 *  1500 px, and a player's "Whole map": the whole drawing in the frame, every row in
 *  sight however small (showTargets; "+" zooms in again). */
function fitWidth(box, svg) {
  if (PHONE.matches) return 1;
  if (whole || keepsWhole()) return Math.min(1, heightFit(box, svg) || 1);
  const fit = heightFit(box, svg);
  const width = frameWidth(box);
  const large = fit * width >= Math.min(READABLE_WIDTH, 0.85 * width);
  return fit >= READABLE && fit < 1 && large ? fit : 1;
}

/** The part of the frame's width at which the whole drawing is as high as the frame may
 *  be (0: no such limit, as at the end of a game, whose map is as wide as its frame). */
function heightFit(box, svg) {
  const style = getComputedStyle(box);
  const most = parseFloat(style.maxHeight);
  const view = svg.viewBox && svg.viewBox.baseVal;
  if (!most || !view || !view.width || !view.height || !box.clientWidth) return 0;
  const room = most - parseFloat(style.paddingTop) - parseFloat(style.paddingBottom)
    - parseFloat(style.borderTopWidth) - parseFloat(style.borderBottomWidth) - 1;
  return (room * view.width) / view.height / frameWidth(box);
}

function frameWidth(box) {
  const style = getComputedStyle(box);
  return box.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
}

/** Whether a decision's moves on the board all lie off its map (the drawing's `.map`
 *  group), in a panel under it (action gauges): the desktop then shows the whole drawing,
 *  so that the moves and every row of the map are in sight together. */
function offMap(box) {
  const map = box.querySelector("svg .map");
  const targets = [...box.querySelectorAll(".target")];
  return Boolean(map && targets.length && targets.every((el) => !map.contains(el)));
}

const READABLE = 0.6;  // the least part of the frame's width a fitted map takes
const READABLE_WIDTH = 800;  // px: the least width of a fitted map (ids, costs, names readable)

const NARROW_DESKTOP = window.matchMedia("(min-width: 901px) and (max-width: 1499px)");
const LABELS = "text.place-name, text.value";  // the labels a drawing wants read (names, values)
const READ_PX = 11;  // the least size of a label on screen, in px
// the browser remembers a player's "Whole map", by title: one title's whole map may be
// tiny at 1366 px where another's reads well, and a whole map chosen in a game of the
// one opened the other's so (the eighteenth newcomer run)
const WHOLE = "cuberail.whole-map";
let readable = true;  // a desktop's map opens with its labels readable (a floor to the zoom)
let whole = false;  // a wide desktop's decision off the map: the whole drawing in its frame

const wholeKey = () => `${WHOLE}:${currentTitle()}`;
const keepsWhole = () => localStorage.getItem(wholeKey()) === "1";

/** On a desktop below 1500 px, the part of the frame's width at which the drawing's
 *  smallest label is READ_PX on screen (0: no such labels, another window, or the player
 *  keeps the whole map): a map fitted to such a window (1366x768) is that wide, and
 *  scrolls in its frame. A wider window's layout shows the whole map large. */
function readableWidth(box, svg) {
  if (!readable || !NARROW_DESKTOP.matches || keepsWhole()) return 0;
  return labelWidth(box, svg, READ_PX);
}

/** The part of the frame's width at which the drawing's smallest label (LABELS) is `px`
 *  on screen; 0 without such labels or a frame. */
function labelWidth(box, svg, px) {
  const sizes = [...svg.querySelectorAll(LABELS)]
    .map((el) => parseFloat(el.getAttribute("font-size"))).filter((n) => n > 0);
  const view = svg.viewBox && svg.viewBox.baseVal;
  if (!sizes.length || !view || !view.width || !box.clientWidth) return 0;
  return (px * view.width) / Math.min(...sizes) / box.clientWidth;
}

/** The part of the frame's width the drawing takes now: the zoom's, or readable when
 *  that sets the labels clearly smaller (below SLACK of READ_PX; a hair over it). */
function shownWidth(box, svg) {
  const part = scale * fitWidth(box, svg);
  const need = readableWidth(box, svg);
  return part >= SLACK * need ? part : need + 0.001;
}

const SLACK = 0.95;

/** The drawing at the zoom: 1 is the whole map, as wide as the frame and no higher than
 *  it allows ("Whole map" comes back to it); on a desktop no smaller than readable. */
export function applyScale(box) {
  const svg = box.querySelector("svg");
  if (svg) svg.style.width = `${Math.round(shownWidth(box, svg) * 1000) / 10}%`;
  markOffscreen(box);
}

/** Zoom by `factor` from what is shown (0: the whole map, which the browser remembers
 *  until the player zooms in or out again). The whole drawing of a decision off the map
 *  stays whole when zoomed out. */
export function zoom(box, factor) {
  const svg = box.querySelector("svg");
  const shown = svg && factor !== 0 ? shownWidth(box, svg) : 0;
  readable = false;
  whole = whole && factor < 1;
  if (shown && !whole) scale = shown / fitWidth(box, svg);
  scale = factor === 0 ? 1 : Math.min(MOST, Math.max(1, scale * factor));
  if (factor === 0) localStorage.setItem(wholeKey(), "1");
  else localStorage.removeItem(wholeKey());
  applyScale(box);
}

function wireZoom(box) {
  document.getElementById("zoom-in")?.addEventListener("click", () => zoom(box, 1.25));
  document.getElementById("zoom-out")?.addEventListener("click", () => zoom(box, 0.8));
  document.getElementById("zoom-fit")?.addEventListener("click", () => zoom(box, 0));
  box.addEventListener("wheel", (event) => {
    if (!event.ctrlKey) return;
    event.preventDefault();
    zoom(box, event.deltaY < 0 ? 1.1 : 0.9);
  }, { passive: false });
  const touches = new Map();
  let start = 0;
  box.addEventListener("pointerdown", (e) => { if (e.pointerType === "touch") touches.set(e.pointerId, e); });
  box.addEventListener("pointermove", (e) => {
    if (!touches.has(e.pointerId)) return;
    touches.set(e.pointerId, e);
    if (touches.size !== 2) return;
    const [a, b] = [...touches.values()];
    const dist = Math.hypot(a.clientX - b.clientX, a.clientY - b.clientY);
    if (start) zoom(box, dist / start);
    start = dist;
  });
  const end = (e) => { touches.delete(e.pointerId); start = 0; };
  box.addEventListener("pointerup", end);
  box.addEventListener("pointercancel", end);
}
