// "On another device": the link to the player's own seat, to go on with the game on a
// phone or another computer (the table takes the token out of the address bar, so the
// link is nowhere else once the game is open). Shown to a seated player only, folded:
// whoever has the link plays the seat.

import { copyButton, h } from "./dom.js";
import { t } from "./i18n.js";

/** Fill `box` (a <details>) with the seat's link and a Copy button; hide it when the page
 *  has no seat (a watcher, the owner's link). */
export function showSeatLink(box, id, seat, token) {
  box.hidden = token === null || seat === null;
  if (box.hidden) return;
  const url = `${location.origin}/g/${id}#seat=${seat}&token=${encodeURIComponent(token)}`;
  const input = h("input", { class: "link", readonly: true, value: url,
    "aria-label": t("game.seat_link") });
  input.addEventListener("focus", () => input.select());
  box.replaceChildren(h("summary", {}, t("game.seat_link")),
    h("div", { class: "seat-link-body" }, h("p", {}, t("game.seat_link_note")),
      h("div", { class: "seat-link-row" }, input, copyButton(url, input))));
}
