// "On another device": the link to the player's own seat, to go on with the game on a
// phone or another computer (the table takes the token out of the address bar, so the
// link is nowhere else once the game is open), and the same link as a QR code for a
// phone's camera (drawn by the server from the seat's token, asked when the box opens).
// Shown to a seated player only, folded: whoever has the link plays the seat.

import { call } from "./api.js";
import { copyButton, h } from "./dom.js";
import { t } from "./i18n.js";

/** Fill `box` (a <details>) with the seat's link, a Copy button and its QR code; hide
 *  it when the page has no seat (a watcher, the owner's link). */
export function showSeatLink(box, id, seat, token) {
  box.hidden = token === null || seat === null;
  if (box.hidden) return;
  const url = `${location.origin}/g/${id}#seat=${seat}&token=${encodeURIComponent(token)}`;
  const input = h("input", { class: "link", readonly: true, value: url,
    "aria-label": t("game.seat_link") });
  input.addEventListener("focus", () => input.select());
  const code = h("div", { class: "seat-code" });
  box.replaceChildren(h("summary", {}, t("game.seat_link")),
    h("div", { class: "seat-link-body" }, h("p", {}, t("game.seat_link_note")),
      h("div", { class: "seat-link-row" }, input, copyButton(url, input)), code));
  // when opened, until drawn (a property, not a listener: the box is filled again when
  // the seat changes; a draw that failed is asked again at the next opening)
  box.ontoggle = () => {
    if (box.open && !code.dataset.state) drawCode(code, id, seat, token);
  };
  if (box.open) drawCode(code, id, seat, token);
}

async function drawCode(into, id, seat, token) {
  into.dataset.state = "asking";
  into.replaceChildren(h("p", { class: "seat-code-note" }, t("game.seat_code_wait")));
  const answer = await call("GET", `/api/games/${id}/seats/${seat}/link.svg`, undefined, token);
  if (!answer.ok || typeof answer.data !== "string") {
    // the link above still works: the code is a convenience, its absence said plainly
    into.replaceChildren(h("p", { class: "seat-code-note" }, t("game.seat_code_missing")));
    delete into.dataset.state;
    return;
  }
  into.dataset.state = "drawn";
  const img = h("img", { class: "seat-code-img", alt: t("game.seat_code_alt"),
    src: `data:image/svg+xml;charset=utf-8,${encodeURIComponent(answer.data)}` });
  into.replaceChildren(img, h("p", { class: "seat-code-note" }, t("game.seat_code_note")));
}
