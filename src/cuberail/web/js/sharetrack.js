// Trans-Siberian's share track as a wrapping strip of cells under the board (shown on
// narrow screens, where the drawn track runs past the board's frame): every space of the
// drawn track, the companies on it and the nationalization marker; a space that is a
// move now (choosing a share value) is a button with that move.

import { chip, h } from "./dom.js";
import { t } from "./i18n.js";

/** Fill `box` (its <ol>) from the share cells of the SVG drawn in `board`. */
export function renderShareStrip(box, board, state) {
  const cells = [...board.querySelectorAll("g.share-cell[data-value]")];
  if (!cells.length || !state?.companies) {
    box.hidden = true;
    return;
  }
  const national = state.nationalization?.value ?? state.nationalization_value;
  const items = cells.map((cell) => {
    const value = Number(cell.dataset.value);
    const here = state.companies.filter((c) => c.status === "in play" && c.share_value === value);
    const marks = [...here.map((c) => chip(c.id)),
      value === national ? h("span", { class: "national", title: t("game.nationalization") }, "N") : null];
    const action = cell.dataset.action;
    const label = [h("span", { class: "value" }, `$${value}`), ...marks];
    return h("li", { dataset: { value } }, action
      ? h("button", { type: "button", class: "cell target", dataset: { action } }, label)
      : h("span", { class: "cell" }, label));
  });
  box.querySelector("ol").replaceChildren(...items);
  box.hidden = false;
}
