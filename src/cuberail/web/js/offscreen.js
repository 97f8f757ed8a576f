// Where the board's places of note lie when the frame does not show them: the drawing
// marks a title's goal [data-goal="its name"]; while one is scrolled out of the frame a
// small button at the frame's edge points to it ("◀ name"), and a click (or Enter) scrolls
// the frame to it. The terminal's board says the same in its border ("off-screen: ◀").
//
// A map that opens where the first auctions' companies start (the newcomer runs asked
// for that) hid the goal at the other end of a wide map; the 24th run "expected to see"
// it. The frame keeps its opening; the way to the goal is in sight, one click away.

import { h } from "./dom.js";
import { t } from "./i18n.js";

const ARROW = { left: "◀", right: "▶", up: "▲", down: "▼" };
const EDGE = 6;  // px between a mark and the frame's edge

/** Show a mark for each of `box`'s places of note that lies out of its frame, at the
 *  edge toward it (none when every one is in sight, or the frame is hidden). A mark
 *  already shown is moved, not drawn again (it may have the focus). */
export function markOffscreen(box) {
  const area = box.parentElement;
  if (!area) return;
  const old = new Map([...area.querySelectorAll(":scope > .offscreen")].map((m) => [m.dataset.goal, m]));
  const frame = inner(box);
  for (const place of frame.width && frame.height ? box.querySelectorAll("svg [data-goal]") : []) {
    const r = place.getBoundingClientRect();
    const [x, y] = [(r.left + r.right) / 2, (r.top + r.bottom) / 2];
    const side = x < frame.left ? "left" : x > frame.right ? "right"
      : y < frame.top ? "up" : y > frame.bottom ? "down" : "";
    if (!side) continue;
    const name = place.dataset.goal;
    const words = t("game.offscreen", { place: name });  // (its name holds what it shows)
    const mark = old.get(name) || area.appendChild(h("button", {
      type: "button", class: "offscreen", dataset: { goal: name }, onclick: () => bring(box, name),
    }, h("span", { class: "arrow" }), ` ${name}`, h("span", { class: "sr-only" })));
    old.delete(name);
    mark.className = `offscreen ${side}`;
    mark.title = words;  // (set each time: the page's language may have changed)
    mark.querySelector(".sr-only").textContent = ` — ${words}`;
    mark.querySelector(".arrow").textContent = ARROW[side];
    place_(mark, area, frame, side, x, y);
  }
  for (const mark of old.values()) mark.remove();
}

/** Put `mark` at the frame's edge on `side`, level with (x, y), within the frame. */
function place_(mark, area, frame, side, x, y) {
  const outer = area.getBoundingClientRect();
  const clamp = (v, low, high) => Math.max(low, Math.min(v, high));
  const [w, hgt] = [mark.offsetWidth, mark.offsetHeight];
  const left = side === "left" ? frame.left + EDGE : side === "right" ? frame.right - EDGE - w
    : clamp(x - w / 2, frame.left + EDGE, frame.right - EDGE - w);
  const top = side === "up" ? frame.top + EDGE : side === "down" ? frame.bottom - EDGE - hgt
    : clamp(y - hgt / 2, frame.top + EDGE, frame.bottom - EDGE - hgt);
  mark.style.left = `${Math.round(left - outer.left - area.clientLeft)}px`;
  mark.style.top = `${Math.round(top - outer.top - area.clientTop)}px`;
}

/** The frame's part in sight: inside its borders and the window. */
function inner(box) {
  const f = box.getBoundingClientRect();
  const [left, top] = [f.left + box.clientLeft, f.top + box.clientTop];
  return { left, top, right: left + box.clientWidth, width: box.clientWidth,
    bottom: Math.min(top + box.clientHeight, window.innerHeight),
    height: Math.min(top + box.clientHeight, window.innerHeight) - top };
}

/** Scroll the frame so that the place of note `name` is in its middle. */
function bring(box, name) {
  const place = [...box.querySelectorAll("svg [data-goal]")].find((el) => el.dataset.goal === name);
  if (!place) return;
  const r = place.getBoundingClientRect();
  const frame = inner(box);
  box.scrollLeft += (r.left + r.right) / 2 - (frame.left + frame.width / 2);
  box.scrollTop += (r.top + r.bottom) / 2 - (frame.top + frame.height / 2);
  markOffscreen(box);
}

/** Keep the marks up to date as the frame scrolls or the window changes size. */
export function wireOffscreen(box) {
  let queued = false;
  const later = () => {
    if (queued) return;
    queued = true;
    requestAnimationFrame(() => { queued = false; markOffscreen(box); });
  };
  box.addEventListener("scroll", later, { passive: true });
  window.addEventListener("resize", later);
  window.addEventListener("scroll", later, { passive: true });
}
