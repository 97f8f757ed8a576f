// A dividend, made plain (issue 29). The engine's event says what each player received
// in all ("dividends paid: Ann $20, Bob $6"); under it the log splits that by company
// (its payout per share, what each holder got), read from the snapshot, and shown only
// when the split adds up to exactly what the event says each player received. A short
// notice says that a dividend was paid, with a way to the move that paid it.

import { chip, h } from "./dom.js";
import { currentFace, pick } from "./face.js";
import { t } from "./i18n.js";
import { fitLog } from "./fit.js";
import { DESKTOP, PHONE } from "./media.js";

// A phone's notice is over the header: it goes sooner (the split stays in the log); a
// desktop's is in the log's card, under its heading (see placeNotice).

/** The payments of an event's words (a `payments` list of {seat, amount}) as a Map seat ->
 *  amount, or null when the event pays nobody. */
export function paymentsOf(ev) {
  const list = ev?.values?.payments;
  if (!Array.isArray(list) || !list.length) return null;
  const out = new Map();
  for (const p of list) {
    const seat = p?.values?.seat?.values?.n;
    const amount = p?.values?.amount;
    if (!Number.isInteger(seat) || typeof amount !== "number") return null;
    out.set(seat, amount);
  }
  return out;
}

/** Where a company's income is in the snapshot: the face's `dividend.income`, else the
 *  path of its companies table's income column. */
function incomePath() {
  const face = currentFace();
  return face.dividend?.income || (face.company_columns || []).find((c) => c.label === "co.income")?.value;
}

/** Company `id`'s dividend in `state`: its income over the shares the players hold,
 *  rounded up per share, and each holder's part {id, per, holders: [{seat, shares, got}]}. */
function companyPayout(state, id, path) {
  const company = state.companies.find((c) => c.id === id);
  const holders = state.players.map((p) => ({ seat: p.seat, shares: p.shares?.[id] || 0 }))
    .filter((x) => x.shares > 0);
  const held = holders.reduce((sum, x) => sum + x.shares, 0);
  const per = held ? Math.ceil((Number(pick(company, path)) || 0) / held) : 0;
  return { id, per, holders: holders.map((x) => ({ ...x, got: x.shares * per })) };
}

/** Do the companies' parts add up to each player's payment? */
function addsUp(rows, payments) {
  const sum = new Map();
  for (const row of rows) for (const x of row.holders) sum.set(x.seat, (sum.get(x.seat) || 0) + x.got);
  return rows.length > 0 && [...payments].every(([seat, amount]) => (sum.get(seat) || 0) === amount)
    && [...sum.keys()].every((seat) => payments.has(seat));
}

/** The payments split by company, from the first of `states` (the position after the
 *  move, then before it) where it adds up: every company paying, or a single one (a
 *  dividend of one company); null when no split matches. */
export function payoutSplit(states, payments) {
  const path = incomePath();
  if (!path) return null;
  for (const state of states) {
    if (!state?.companies || !state.players) continue;
    const ids = state.companies.map((c) => c.id);
    for (const some of [ids, ...ids.map((id) => [id])]) {
      const rows = some.map((id) => companyPayout(state, id, path)).filter((r) => r.per > 0);
      if (addsUp(rows, payments)) return rows;
    }
  }
  return null;
}

/** The split as a list under the payments: "[PRR] $7 a share: Ann $14 (2 shares), Bob $7
 *  (1 share)". */
export function payoutList(rows, nameOf) {
  return h("ul", { class: "payouts", "aria-label": t("log.payout_title") }, rows.map((row) =>
    h("li", { class: "payout", dataset: { company: row.id } }, chip(row.id), " ",
      t("log.payout_per", { per: row.per }), ": ",
      row.holders.map((x) => t("log.payout_got", { name: nameOf(x.seat), got: x.got, n: x.shares }))
        .join(", "))));
}

/** The notice that a dividend was paid (`box`: the page's toast), saying what the reader
 *  (at `seat`, or null when watching) received, with a button to the move in the log
 *  (`line`) and one to close it; it goes by itself after a while (sooner on a phone). */
export function dividendNotice(box, payments, seat, line) {
  clearTimeout(box.timer);
  const mine = seat !== null && payments.has(seat);
  const close = () => closeNotice(box);
  const got = mine ? payments.get(seat) : 0;  // $0: a company the reader holds none of
  box.replaceChildren(h("p", {}, !mine ? t("toast.dividend")
    : got > 0 ? t("toast.dividend_you", { amount: got }) : t("toast.dividend_nothing")),
  h("button", { type: "button", class: "toast-show", onclick: () => {
    line.scrollIntoView({ block: "nearest" });
    line.classList.add("spotlit");
    close();
  } }, t("toast.show")),
  h("button", { type: "button", class: "toast-close", "aria-label": t("toast.close"), onclick: close }, "×"));
  box.hidden = false;
  box.line = line;
  placeNotice(box);
  requestAnimationFrame(() => placeNotice(box));  // again once the panels are drawn
  box.timer = setTimeout(close, PHONE.matches ? 6000 : 15000);
}

/** On a desktop, the notice in the log's card, under its list (the latest moves, the
 *  dividend's among them, just over it), in the page's flow: it covers nothing (over the
 *  card's top it hid the heading and the oldest moves; under the heading, over the list,
 *  it seemed to hide the half-scrolled line under it: newcomer runs at 1366x768; fixed at
 *  the window's foot, the companies table), the move log makes room for it (fitLog) and
 *  takes the room back when it goes. Elsewhere (a phone, one column, the side column
 *  folded away) where app.css puts it: on a phone in the page's flow under the header. */
export function placeNotice(box) {
  if (box.hidden || !box.line) return;
  const card = box.line.closest(".card");
  const inline = Boolean(DESKTOP.matches && card && card.offsetWidth > 0);
  home ??= { parent: box.parentNode, next: box.nextSibling };
  const focused = box.contains(document.activeElement) ? document.activeElement : null;
  if (inline && box.parentNode !== card) card.append(box);
  else if (!inline && box.parentNode !== home.parent) home.parent.insertBefore(box, home.next);
  box.classList.toggle("in-log", inline);
  if (focused && !box.contains(document.activeElement)) focused.focus({ preventScroll: true });
  fitLog();
}

let home = null;  // where the page has the notice: it goes back there out of the log's card

/** The notice gone, its words too (closed, timed out, or the game over: the end banner
 *  tells the last dividend's outcome, and no stale "Dividend paid" stays for a reader). */
export function closeNotice(box) {
  clearTimeout(box.timer);
  box.hidden = true;
  box.line = null;
  box.replaceChildren();
  box.classList.remove("in-log");
  fitLog();  // the log takes its room back
}

window.addEventListener("resize", () => {
  const box = document.getElementById("toast");
  if (box) placeNotice(box);
});
