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
  box.hidden = false;
}
