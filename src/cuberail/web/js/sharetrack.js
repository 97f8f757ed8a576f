// A share track drawn on the board, as a wrapping strip of cells under it (shown on
// narrow screens, where the drawn track runs past the board's frame): every space of the
// drawn track, the companies on it and the title's marker (its face's `share_track`); a
// space that is a move now (choosing a share value) is a button with that move.

import { chip, h } from "./dom.js";
import { currentFace, holds, pick } from "./face.js";
import { t } from "./i18n.js";
import { valueNote } from "./panels.js";

/** The words of a cell's move, as the drawing wrote them (its tooltip's second line). */
function moveWords(cell) {
  return (cell.querySelector("title")?.textContent || "").split("\n")[1] || "";
}

/** A choice's name: what its cell shows, then its move and why it is marked ("$8 red ⚠ —
 *  set red's share value to $8 (at or below ...)"): the name holds the visible label
 *  (WCAG 2.5.3) and says what a click does. */
function nameOf(label, words, note) {
  const shown = label.filter(Boolean).map((x) => x.textContent).join(" ");
  return [shown, words && ` — ${words}`, note && ` (${note})`].filter(Boolean).join("");
}

/** Fill `box` (its <ol>) from the share cells of the SVG drawn in `board`. */
export function renderShareStrip(box, board, state) {
  const cells = [...board.querySelectorAll("g.share-cell[data-value]")];
  const track = currentFace().share_track;
  if (!cells.length || !state?.companies || !track) {
    box.hidden = true;
    return;
  }
  const marker = track.marker;
  const markedAt = marker ? pick(state, marker.value) : undefined;
  const items = cells.map((cell) => {
    const value = Number(cell.dataset.value);
    const here = state.companies.filter((c) => holds(track.on, c) && pick(c, track.value) === value);
    const marks = [...here.map((c) => chip(c.id)), marker && value === markedAt
      ? h("span", { class: "national", title: t(marker.label) }, marker.letter) : null];
    const action = cell.dataset.action;
    const note = action ? valueNote(state, action) : "";
    // an at-risk value: a mark (its words in its name, below); the decision card says why, once
    const label = [h("span", { class: "value" }, `$${value}`), ...marks,
      note ? h("span", { class: "nat-flag", title: note }, "⚠") : null];
    return h("li", { dataset: { value } }, action
      ? h("button", { type: "button", class: note ? "cell target nat-risk" : "cell target", dataset: { action },
        "aria-label": nameOf(label, moveWords(cell), note) }, label)
      : h("span", { class: "cell" }, label));
  });
  box.querySelector("ol").replaceChildren(...items);
  box.querySelector("ul.counters")?.replaceChildren(...counters(board));
  box.hidden = false;
  foldDrawnTrack(board);
}

/** The drawing's counters under the track (its groups with data-used and data-size: a
 *  label, "N/M", and a row of boxes), as items: a narrow screen lists them with the
 *  track, whole, where the drawing cut them at the frame's right edge (the 31st newcomer
 *  run, 390x844: "Timing 0/5", "Dividends 4/" cut off); app.css hides the drawn ones. */
function counters(board) {
  return [...board.querySelectorAll("svg > g[data-used][data-size]:not([data-action])")].map((g) => {
    const [used, size] = [Number(g.dataset.used), Number(g.dataset.size)];
    const boxes = Array.from({ length: size }, (_, i) => h("span", { class: i < used ? "used" : "" }));
    return h("li", {}, h("span", { class: "label" }, g.querySelector("text")?.textContent || `${used}/${size}`),
      h("span", { class: "boxes", "aria-hidden": "true" }, ...boxes));
  });
}

/** On a narrow screen the list replaces the drawn track (app.css hides it): what the
 *  drawing has under the track moves up into its room and the drawing is that much
 *  shorter, so that no empty band is left where it was (the 25th newcomer run saw "a
 *  large empty area" under the map on a phone). Once per drawing. */
function foldDrawnTrack(board) {
  const svg = board.querySelector("svg");
  const track = svg?.querySelector(":scope > .share-track");
  if (!track || svg.dataset.folded || getComputedStyle(track).display !== "none") return;
  track.style.display = "inline";  // (measured shown: a hidden element has no box)
  const room = track.getBBox();
  track.style.display = "";
  const below = [];
  for (let el = track.nextElementSibling; el; el = el.nextElementSibling) below.push(el);
  const tops = below.map((el) => el.getBBox()).filter((b) => b.height && b.y >= room.y + room.height - 1)
    .map((b) => b.y);
  const view = svg.viewBox?.baseVal;
  if (!tops.length || !view) return;
  const shift = Math.min(...tops) - room.y;
  for (const el of below) {
    el.setAttribute("transform", `translate(0 ${-shift}) ${el.getAttribute("transform") || ""}`.trim());
  }
  svg.setAttribute("viewBox", `${view.x} ${view.y} ${view.width} ${view.height - shift}`);
  svg.dataset.folded = "1";
}
