// The side panels drawn from a game view: players, companies, the end-of-game tracker,
// the auction and the list of moves. The page offers only the moves the API lists.

import { chip, h, withChips } from "./dom.js";
import { endReasons } from "./end.js";
import { companyName, moveText, sayParts, t } from "./i18n.js";

// Move kinds made by clicking the board (the SVG's [data-action] elements).
export const BOARD_KINDS = new Set(["place", "develop", "choose", "link", "value"]);

export function playerName(view, seat) {
  const p = view.players.find((x) => x.seat === seat);
  return p?.name || t("game.seat", { n: seat + 1 });
}

/** A header's words, breakable after a slash ("Dividend/share"). */
function breakable(text) {
  return String(text).split("/").flatMap((part, i) => (i ? ["/", h("wbr"), part] : [part]));
}

function table(head, rows, cls) {
  return h("table", { class: cls },
    h("thead", {}, h("tr", {}, head.map((x) => h("th", { scope: "col" }, breakable(x))))),
    h("tbody", {}, rows));
}

export function renderPlayers(box, view, state, mySeat) {
  const ts = view.title === "trans-siberian";
  const rows = state.players.map((p) => {
    const info = view.players.find((x) => x.seat === p.seat) || {};
    const shares = Object.entries(p.shares).map(([c, n]) => chip(c, `${companyName(c)} ${n}`));
    const marks = [info.bot ? h("span", { class: "badge" }, t("game.bot", { level: info.bot })) : null,
      info.connected ? h("span", { class: "online", title: t("game.online") }, "●") : null,
      p.seat === mySeat ? h("span", { class: "badge you" }, t("game.you")) : null];
    return h("tr", { class: p.seat === state.current_player ? "to-move" : "", dataset: { seat: p.seat } },
      h("th", { scope: "row" }, playerName(view, p.seat), " ", marks),
      h("td", { class: "num" }, `$${p.cash}`), h("td", {}, shares),
      h("td", { class: "num" }, ts ? `$${p.score}` : `$${p.cash}`));
  });
  box.replaceChildren(table([t("game.player"), t("game.cash"), t("game.shares"), t("game.worth")],
    rows, "players"));
}

function ceCompany(c) {
  const dividend = c.shares_sold ? Math.ceil(c.income / c.shares_sold) : 0;  // CE-8.1
  return h("tr", { dataset: { company: c.id } }, h("th", { scope: "row" }, chip(c.id)),
    h("td", { class: "num" }, `${c.shares_sold}/${c.shares_sold + c.shares_left}`),
    h("td", { class: "num" }, `$${c.treasury}`), h("td", { class: "num" }, c.income),
    h("td", { class: "num" }, `$${dividend}`), h("td", { class: "num" }, c.locomotives_left));
}

function tsCompany(c) {
  // the status under the name: one column less, so the table fits the side panel
  return h("tr", { dataset: { company: c.id } }, h("th", { scope: "row" }, chip(c.id),
    h("span", { class: "status" }, t(`status.${c.status}`))),
    h("td", { class: "num" }, c.share_value ? `$${c.share_value}` : "–"),
    h("td", { class: "num" }, `${c.shares_owned}/${c.shares_owned + c.shares_unsold}`),
    h("td", { class: "num" }, `$${c.treasury}`), h("td", { class: "num" }, c.income),
    h("td", { class: "num" }, c.links));
}

export function renderCompanies(box, view, state) {
  if (view.title === "trans-siberian") {
    box.replaceChildren(table([t("co.company"), t("co.value"), t("co.shares"),
      t("co.treasury"), t("co.income"), t("co.links")], state.companies.map(tsCompany), "companies"));
  } else {
    box.replaceChildren(table([t("co.company"), t("co.sold"), t("co.treasury"), t("co.income"),
      t("co.dividend"), t("co.locos")], state.companies.map(ceCompany), "companies"));
  }
}

function meter(label, done, size) {
  return h("div", { class: "meter" }, h("span", {}, label),
    h("meter", { min: 0, max: size, value: Math.min(done, size) }), h("span", { class: "num" }, `${done}/${size}`));
}

export function renderEnd(box, view, state) {
  const out = [];
  if (view.title === "trans-siberian") {
    out.push(meter(t("end.dividends"), state.dividends.paid, state.dividends.size));
    out.push(meter(t("end.timing"), state.timing.advanced, state.timing.size));
    out.push(h("p", {}, t("end.phase", { n: state.phase })));
    for (const reason of endReasons(state)) out.push(h("p", { class: "reason" }, reason));
  } else {
    const noLocos = state.companies.filter((c) => c.locomotives_left === 0).length;
    const noShares = state.companies.filter((c) => c.shares_left === 0).length;
    out.push(meter(t("end.locos"), noLocos, 3), meter(t("end.shares"), noShares, 3));
    out.push(h("p", {}, t("end.houses", { n: state.houses })));
    out.push(h("p", {}, t("end.detroit", { n: state.industrial_track.Detroit })));
    out.push(h("p", { class: "dividends-paid" }, t("end.ce_dividends", { n: state.dividends_paid ?? 0 })));
  }
  if (view.over && view.result) out.push(renderResult(view));
  box.replaceChildren(...out);
}

export function renderResult(view) {
  const scores = view.result.scores || [];
  const order = scores.map((s, i) => [s, i]).sort((a, b) => b[0] - a[0]);
  return h("div", { class: "result" }, h("h3", {}, t("end.final")),
    h("ol", {}, order.map(([s, i]) => h("li", {}, `${playerName(view, i)}: $${s}`))));
}

function bidValues(legal) {
  return legal.filter((a) => a.startsWith("bid ")).map((a) => Number(a.split(" ")[1]))
    .sort((a, b) => a - b);
}

/** The auction: company, minimum and high bid, who is still in, and the bid buttons. */
export function renderAuction(box, view, state, mySeat, myTurn) {
  const a = state.auction;
  if (!a || view.over) {
    box.replaceChildren();
    return;
  }
  const bids = bidValues(view.legal);
  const minimum = a.minimum_bid ?? (bids.length ? bids[0] : null);
  const inNow = state.players.filter((p) => !a.passed.includes(p.seat)).map((p) => playerName(view, p.seat));
  const facts = [
    h("p", { class: "auction-company" }, t("auction.of"), " ", chip(a.company)),
    h("dl", { class: "facts" },
      h("dt", {}, t("auction.minimum")), h("dd", { class: "minimum" }, minimum === null ? "–" : `$${minimum}`),
      h("dt", {}, t("auction.high")), h("dd", { class: "high" }, a.high_bid === null ? t("auction.none")
        : `$${a.high_bid} (${playerName(view, a.high_bidder)})`),
      h("dt", {}, t("auction.in")), h("dd", {}, inNow.join(", "))),
  ];
  const controls = [];
  if (myTurn && view.legal.some((x) => x.startsWith("bid ") || x === "pass")) {
    const me = state.players.find((p) => p.seat === mySeat);
    controls.push(h("p", { class: "afford" }, t("auction.afford", { cash: me ? me.cash : 0,
      max: bids.length ? bids[bids.length - 1] : 0 })));
    const quick = [...new Set([0, 1, 2, 5, 10].map((d) => bids[0] + d))].filter((v) => bids.includes(v));
    controls.push(h("div", { class: "bids" }, quick.map((v) => h("button", { type: "button",
      class: "bid", dataset: { action: `bid ${v}` } }, t("auction.bid", { n: v })))));
    if (bids.length) {
      const input = h("input", { type: "number", id: "bid-amount", min: bids[0], max: bids[bids.length - 1],
        value: bids[0], "aria-label": t("auction.amount") });
      const go = h("button", { type: "button", class: "bid free", dataset: { action: `bid ${bids[0]}` } },
        t("auction.bid_free"));
      input.addEventListener("input", () => {
        const v = Number(input.value);
        go.dataset.action = `bid ${v}`;
        go.disabled = !bids.includes(v);
      });
      controls.push(h("div", { class: "free-bid" }, input, go));
    }
    if (view.legal.includes("pass")) {
      controls.push(h("button", { type: "button", class: "pass", dataset: { action: "pass" } }, t("auction.pass")));
    }
  }
  box.replaceChildren(h("div", { class: "auction" }, h("h3", {}, t("auction.title")), ...facts, ...controls));
}

/** A move's words in the page's language, company names as chips (its English label
 *  when the words cannot be rendered). */
function moveWords(m) {
  const parts = sayParts(m.words, (id, text) => chip(id, text));
  if (!parts) return withChips(m.label);
  return parts.flatMap((p) => (typeof p === "string" ? withChips(p) : [p]));
}

/** The label of "stop": Chicago Express ends a build of N placements; Trans-Siberian
 *  builds no second link (TS-7: its build has no count). */
function stopLabel(view, state) {
  if (view.title === "trans-siberian") {
    const company = state.build?.company;
    return t("game.stop_ts", { company: company ? companyName(company) : "" });
  }
  return t("game.stop", { n: state.build?.placed ?? 0 });
}

/** Why "forgo" is the only move (CE-5.1, CE-5.6: a build needs a company the player holds
 *  a share of that can place a locomotive), read from the snapshot. */
function forgoHelp(view, state, move) {
  if (move.words?.key !== "ce.move_forgo_build") return [h("p", { class: "help forgo" }, t("help.forgo_other"))];
  const me = state.players.find((p) => p.seat === state.current_player);
  const held = state.companies.filter((c) => me && me.shares[c.id]);
  const why = held.length ? held.map((c) => (c.locomotives_left === 0
    ? t("help.no_locos", { company: c.id })
    : t("help.stuck", { company: c.id, cash: c.treasury }))) : [t("help.no_shares")];
  return [h("div", { class: "help forgo" }, h("p", {}, t("help.forgo_build")),
    h("ul", {}, why.map((x) => h("li", {}, x))))];
}

/** Buttons for the legal moves that are not bids (bids: the auction panel), in the page's
 *  language. */
export function renderMoves(box, view, state, myTurn, waitingFor) {
  if (view.over) {
    box.replaceChildren(h("p", {}, t("game.over")));
    return;
  }
  if (!myTurn) {
    box.replaceChildren(h("p", { class: "waiting" }, waitingFor));
    return;
  }
  const moves = view.moves.filter((m) => !m.action.startsWith("bid ") && !(state.auction && m.action === "pass"));
  const onBoard = moves.filter((m) => BOARD_KINDS.has(m.action.split(" ")[0]));
  const other = moves.filter((m) => !BOARD_KINDS.has(m.action.split(" ")[0]));
  const out = [];
  if (onBoard.length) out.push(h("p", { class: "hint" }, t("game.click_board")));
  if (moves.length === 1 && moves[0].action === "forgo") out.push(...forgoHelp(view, state, moves[0]));
  for (const m of other) {
    const confirm = m.action === "stop";
    out.push(h("button", { type: "button", class: confirm ? "move confirm" : "move",
      dataset: confirm ? { action: m.action, confirm: "1" } : { action: m.action }, title: moveText(m) },
    confirm ? stopLabel(view, state) : moveWords(m)));
  }
  if (onBoard.length) {
    out.push(h("details", { class: "board-moves" }, h("summary", {}, t("game.board_list", { n: onBoard.length })),
      h("div", {}, onBoard.map((m) => h("button", { type: "button", class: "move listed",
        dataset: { action: m.action } }, moveWords(m))))));
  }
  box.replaceChildren(...out);
}
