// The side panels drawn from a game view: players, companies, the end-of-game tracker,
// the auction and the list of moves. The page offers only the moves the API lists.

import { chip, h, withChips } from "./dom.js";
import { endReasons, idlePart } from "./end.js";
import { cellText, currentFace, fill, holds, measure, pick, sentence } from "./face.js";
import { briefParts, companyName, language, moveText, sayParts, t } from "./i18n.js";
import { UPTO_EVENT, bidsOf } from "./proxy.js";

// Move kinds made by clicking the board (the SVG's [data-action] elements).
export const BOARD_KINDS = new Set(["place", "develop", "choose", "link", "value"]);
/** Board moves that also get a button in the panel: few, and their board targets (a
 *  title's action gauges, drawn under the map) may be out of view when the decision comes. */
const PANEL_KINDS = new Set(["choose"]);

export function playerName(view, seat) {
  const p = view.players.find((x) => x.seat === seat);
  if (!p?.name) return t("game.seat", { n: seat + 1 });
  // a bot seat's name as the lobby makes it ("Bot 2 (medium)"), in the page's language
  // (the twenty-second newcomer run found "Bot 3 (medium)" on the Italian page)
  const level = BOT_LEVELS.includes(p.bot) ? p.bot : null;
  if (level && p.name === `Bot ${seat + 1} (${level})`) {
    return t("game.bot_name", { n: seat + 1, level: t(`bot.level.${level}`) });
  }
  return p.name;
}

const BOT_LEVELS = ["random", "easy", "medium", "hard"];  // the levels with words in the catalogs
// (their words, named whole so that the catalog test checks each is there: t("bot.level.random"),
// t("bot.level.easy"), t("bot.level.medium"), t("bot.level.hard"))

/** A header's words, breakable after a slash ("Dividend/share"). */
function breakable(text) {
  return String(text).split("/").flatMap((part, i) => (i ? ["/", h("wbr"), part] : [part]));
}

/** A column header from its key: its short form (`key_short`) as an abbreviation with the
 *  whole words as its title when the catalogs have a shorter one, else the words. */
function header(key) {
  const full = t(key);
  const short = t(`${key}_short`);
  if (short === `${key}_short` || short === full) return breakable(full);
  return [h("abbr", { title: full }, breakable(short))];
}

function table(head, rows, cls) {
  return h("table", { class: cls },
    h("thead", {}, h("tr", {}, head.map((x) => h("th", { scope: "col" }, header(x))))),
    h("tbody", {}, rows));
}

export function renderPlayers(box, view, state, mySeat) {
  // the title's end score ("score"); none where the score is the cash (its own column)
  const worth = currentFace().players?.worth || "cash";
  const scored = worth !== "cash";
  const rows = state.players.map((p) => {
    const info = view.players.find((x) => x.seat === p.seat) || {};
    const shares = Object.entries(p.shares).map(([c, n]) => chip(c, `${companyName(c)} ${n}`));
    // a bot's badge, unless its name already says its level ("Bot 2 (medium)")
    const named = info.bot && playerName(view, p.seat).includes(`(${info.bot})`);
    const marks = [info.bot && !named ? h("span", { class: "badge" }, t("game.bot", { level: info.bot })) : null,
      info.connected ? h("span", { class: "online", title: t("game.online") }, "●") : null,
      p.seat === mySeat ? h("span", { class: "badge you" }, t("game.you")) : null];
    const name = playerName(view, p.seat);
    return h("tr", { class: p.seat === state.current_player ? "to-move" : "", dataset: { seat: p.seat } },
      h("th", { scope: "row" }, h("span", { class: "name", title: name }, ...nameParts(name)), " ",
        marks),
      h("td", { class: "num" }, `$${p.cash}`), h("td", {}, shares),
      scored ? h("td", { class: "num" }, `$${pick(p, worth) ?? ""}`, riskNote(p),
        idleNote(p, state.companies || [])) : null);
  });
  box.replaceChildren(table(["game.player", "game.cash", "game.shares",
    ...(scored ? ["game.worth"] : [])], rows, "players"));
}

/** A player's name for a narrow column: a bracketed end ("Bot 3 (medium)") kept whole on
 *  its line (the 42nd newcomer run read "Bot 3 (medium" with ")" alone under it). */
function nameParts(name) {
  const at = name.endsWith(")") ? name.lastIndexOf(" (") : -1;
  return at > 0 ? [name.slice(0, at), " ", h("span", { class: "nowrap" }, name.slice(at + 1))]
    : [name];
}

/** Under a player's net worth, the part of it in shares that nationalization would take
 *  (the face's `players.at_risk` path; the 25th newcomer run saw a net worth that the
 *  next dividend then took away): "⚠ $16 at risk", said whole in its title. */
function riskNote(p) {
  const path = currentFace().players?.at_risk;
  const amount = path ? pick(p, path) : 0;
  if (typeof amount !== "number" || amount <= 0) return null;
  return h("span", { class: "at-risk", title: t("game.worth_at_risk_title", { amount }) },
    t("game.worth_at_risk", { amount }));
}

/** Under a player's net worth, the shares it counts at $0 and why (the face's
 *  `final.parts`, as the end banner says them: "<company> 1: $0 (<why>)"): the 33rd
 *  newcomer run read a share held and "Net worth $0" with nothing beside it saying why. */
function idleNote(p, companies) {
  const parts = currentFace().final?.parts;
  if (!parts) return null;
  const idle = Object.entries(pick(p, parts.holdings) || {}).filter(([, n]) => n).flatMap(([id, n]) => {
    const company = companies.find((c) => c.id === id);
    return !company || pick(company, parts.counts) ? [] : [idlePart(parts, id, n, company)];
  });
  return idle.length ? h("span", { class: "idle-shares" }, idle.join(", ")) : null;
}

/** Nationalization: the snapshot's `nationalization` {value, comparison, phase2_value};
 *  null for a title without it. */
function nationalization(state) {
  const n = state?.nationalization;
  return n && typeof n.value === "number" ? n : null;
}

/** Would share value `v` be nationalized now ("at or below" the value, or only "below"
 *  as the game's option says)? */
export function atRiskValue(state, v) {
  const n = nationalization(state);
  if (!n || typeof v !== "number") return false;
  return n.comparison === "below" ? v < n.value : v <= n.value;
}

/** The comparison in words ("at or below", "below"). */
function cmpWords(n) {
  return t(n.comparison === "below" ? "nat.cmp_below" : "nat.cmp_at_or_below");
}

/** Why company `c` is at risk of nationalization (the engine's `at_risk`), or ""
 *  when it is not: in phase 1, "would be nationalized in phase 2 if still ...";
 *  in phase 2, "at the next dividend". */
export function nationalRisk(state, c) {
  const n = nationalization(state);
  if (!n || !c.at_risk) return "";
  const values = { value: n.value, cmp: cmpWords(n) };
  return t(state.phase >= 2 ? "nat.risk_2" : "nat.risk_1", values);
}

/** The value a move of the face's share track sets (its `share_track.move`, e.g.
 *  "value 16" sets $16), or null for any other move. */
export function trackValue(action) {
  const kind = currentFace().share_track?.move;
  const [head, arg] = String(action || "").split(" ");
  return kind && head === kind && /^\d+$/.test(arg || "") ? Number(arg) : null;
}

/** A share-value choice's note: "at or below the nationalization value $36", or "". */
export function valueNote(state, action) {
  const n = nationalization(state);
  const v = trackValue(action);
  if (!n || v === null || !atRiskValue(state, v)) return "";
  return t("nat.value_note", { value: n.value, cmp: cmpWords(n) });
}

/** The one line about nationalization for a share-value decision, shown only when one
 *  of the values offered is at risk (those buttons carry a ⚠ mark); else null. */
export function valuesRisk(state, actions) {
  const n = nationalization(state);
  if (!n || !actions.some((a) => atRiskValue(state, trackValue(a)))) return null;
  return h("p", { class: "nat-note values-risk", id: "values-risk" }, "⚠ ",
    t(state.phase >= 2 ? "nat.values_2" : "nat.values_1", { value: n.value, cmp: cmpWords(n) }));
}

/** The share-track moves as compact buttons in the decision card ("$16", "$20 ⚠"): the
 *  drawn track lies under the map, often out of view when the decision comes. Each
 *  button's name starts with what it shows, then says the move's whole sentence (and why
 *  it is marked): "$20 ⚠ — set red's share value to $20 (at or below ...)", so that the
 *  name holds the visible label (WCAG 2.5.3). */
function valueChoices(state, moves) {
  const buttons = moves.map((m) => {
    const risky = atRiskValue(state, trackValue(m.action));
    const shown = `$${trackValue(m.action)}${risky ? " ⚠" : ""}`;
    const note = risky ? valueNote(state, m.action) : "";
    return h("button", { type: "button", class: risky ? "move value nat-risk" : "move value",
      dataset: { action: m.action }, title: moveText(m),
      "aria-label": `${shown} — ${moveText(m)}${note ? ` (${note})` : ""}`,
      "aria-describedby": risky ? "values-risk" : null },
    `$${trackValue(m.action)}`, risky ? h("span", { class: "nat-mark", "aria-hidden": "true" }, " ⚠") : null);
  });
  return h("div", { class: "value-choices", role: "group", "aria-label": t("game.share_track") }, buttons);
}

/** A company's row: its chip (a status under it, when the face names one: one column
 *  less, so the table fits the side panel), then the face's columns. A company at risk
 *  is flagged: in phase 2 "⚠ at risk" on an orange row; in phase 1, where no dividend
 *  nationalizes, a grey "at risk in phase 2" (the 28th newcomer run found every row's
 *  red alarm from the first auction too much). */
function companyRow(c, face, state) {
  const status = face.company_status;
  const risk = nationalRisk(state, c);
  const now = state.phase >= 2;
  const label = status && !risk && pick(c, status.value);  // (at risk: in play, said once)
  return h("tr", { class: risk && now ? "nat-risk" : "", dataset: { company: c.id } }, h("th", { scope: "row" }, chip(c.id),
    label || risk ? h("span", { class: "status" }, label ? t(`${status.label}${label}`) : null,
      risk ? [" ", h("span", { class: now ? "nat-flag" : "nat-flag calm", title: risk },
        now ? h("span", { "aria-hidden": "true" }, "⚠ ") : null,
        t(now ? "nat.flag" : "nat.flag_1"), h("span", { class: "sr-only" }, `: ${risk}`))] : null) : null),
  (face.company_columns || []).map((col) => h("td", { class: "num" }, cellText(col, c))));
}

export function renderCompanies(box, view, state) {
  const face = currentFace();
  const head = ["co.company", ...(face.company_columns || []).map((col) => col.label)];
  box.replaceChildren(table(head, state.companies.map((c) => companyRow(c, face, state)), "companies"));
}

function meter(label, done, size) {
  return h("div", { class: "meter" }, h("span", {}, label),
    h("meter", { min: 0, max: size, value: Math.min(done, size) }), h("span", { class: "num" }, `${done}/${size}`));
}

/** One item of the face's end tracker: a meter {meter, count | value, size}, a line
 *  {line, values} or the reasons the game ended {reasons}. */
function trackerItem(item, state) {
  if (item.meter) return [meter(t(item.meter), measure(item.count ?? item.value, state), measure(item.size, state))];
  if (item.line) return [h("p", { class: item.class }, sentence({ label: item.line, values: item.values }, state))];
  if (item.reasons) return endReasons(state).map((reason) => h("p", { class: "reason" }, reason));
  return [];
}

export function renderEnd(box, view, state) {
  const out = (currentFace().end_tracker || []).flatMap((item) => trackerItem(item, state));
  const n = nationalization(state);
  if (n) {
    out.push(h("p", { class: "nat-end" }, t("nat.end_value", { value: n.value, cmp: cmpWords(n) })));
    // the value that starts phase 2: the snapshot's (`phase2_value`), as the rules set it
    if (state.phase >= 2) out.push(h("p", { class: "nat-phase" }, t("nat.phase2_now")));
    else if (typeof n.phase2_value === "number") {
      out.push(h("p", { class: "nat-phase" }, t("nat.phase2_when", { value: n.phase2_value })));
    }
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

/** Why a typed amount is not a bid allowed now (and what is), or "" when it is one. */
export function bidProblem(raw, bids) {
  const range = { min: bids[0], max: bids[bids.length - 1] };
  const v = Number(raw);
  if (raw === "" || !Number.isInteger(v)) return t("auction.bid_whole", range);
  if (v < range.min) return t("auction.bid_low", { amount: v, ...range });
  if (v > range.max) return t("auction.bid_high", { amount: v, ...range });
  return bids.includes(v) ? "" : t("auction.bid_gap", { amount: v, ...range });
}

/** "Bid this amount": a number field and its button (in the row of bid controls), the
 *  reason an amount is refused (under that row), and "Bid up to this amount" (the page bids
 *  for the player up to it: proxy.js; bidControls puts it in the line of what the player
 *  can afford, so that the row fits): [field, why, upto]; `typed`: what the reader typed
 *  before a redraw in this auction (`company`'s; a live update keeps it); else the lowest
 *  bid allowed now. */
function freeBid(bids, typed, company, index, notes = new Map()) {
  const input = h("input", { type: "number", id: "bid-amount", min: bids[0], max: bids[bids.length - 1],
    dataset: { company, index },
    value: typed ?? bids[0], "aria-label": t("auction.amount"), "aria-describedby": "bid-why" });
  const go = h("button", { type: "button", class: "bid free", dataset: { action: `bid ${bids[0]}` } },
    t("auction.bid_free"));
  const upto = h("button", { type: "button", class: "upto", title: t("auction.upto_help") }, t("auction.upto"));
  const why = h("p", { id: "bid-why", class: "bid-why", role: "status", "aria-live": "polite" });
  upto.addEventListener("click", () => {
    // the field starts at the lowest bid: a limit there bids once and passes at the next
    // raise, which a newcomer who clicked without typing took for a lost auction
    if (Number(input.value) <= bids[0]) {
      why.textContent = t("auction.upto_ask", { min: bids[0] });
      why.classList.remove("noted");
      input.focus();
      input.select();
      return;
    }
    upto.dispatchEvent(new CustomEvent(UPTO_EVENT, { bubbles: true, detail: { limit: Number(input.value) } }));
  });
  input.addEventListener("input", () => {
    input.dataset.typed = "1";  // kept over a redraw; else the lowest bid allowed then
    const problem = bidProblem(input.value.trim(), bids);
    go.dataset.action = `bid ${Number(input.value)}`;
    go.disabled = Boolean(problem);
    upto.disabled = Boolean(problem);
    // a refusal, else the title's note on this amount (e.g. a win that leaves no cash for
    // a share), calmer: the same line, as a bid or an "up to" limit would be
    const note = problem ? "" : notes.get(Number(input.value)) || "";
    why.textContent = problem || note;
    why.classList.toggle("noted", Boolean(note));
    input.setAttribute("aria-invalid", problem ? "true" : "false");
  });
  if (typed !== undefined) queueMicrotask(() => input.dispatchEvent(new Event("input")));
  return [h("div", { class: "free-bid" }, input, go), why, upto];
}

/** The title's notes on the bids on offer, by amount, as text in the page's language. */
function bidNotes(view) {
  const out = new Map();
  for (const m of view.moves) {
    const amount = m.action.startsWith("bid ") ? Number(m.action.slice(4)) : NaN;
    const parts = m.note && Number.isInteger(amount) ? sayParts(m.note) : null;
    if (parts) out.set(amount, parts.join(""));
  }
  return out;
}

/** The auction's controls in one row, first in the box (at a desktop's 1366x768 the
 *  decision card is short: the bids and "pass" must be in sight without scrolling it),
 *  then why a typed amount is refused and what the player can afford. */
function bidControls(box, view, state, a, bids, minimum, mySeat) {
  const me = state.players.find((p) => p.seat === mySeat);
  const cash = me ? me.cash : 0;
  const quick = [...new Set([0, 1, 2, 5, 10].map((d) => bids[0] + d))].filter((v) => bids.includes(v));
  const row = quick.map((v) => h("button", { type: "button", class: "bid", dataset: { action: `bid ${v}` } },
    t("auction.bid", { n: v })));
  const after = [];
  // what the reader typed is kept over a redraw of the same position only: after a new
  // move (others outbid) the field starts again at the lowest bid, with no stale error
  const typed = box.querySelector(`#bid-amount[data-typed][data-company="${a.company}"][data-index="${view.index}"]`)?.value;
  let upto = null;
  if (bids.length) {
    const [field, why, button] = freeBid(bids, typed, a.company, view.index, bidNotes(view));
    row.push(field);
    after.push(why);
    upto = button;
  }
  // "Pass" first in the row: in the same place in every auction (at its end it moved
  // with the quick bids, fewer with less cash, and wrapped to a row of its own)
  if (view.legal.includes("pass")) {
    row.unshift(h("button", { type: "button", class: "pass", dataset: { action: "pass" } }, t("auction.pass")));
  }
  // "Bid up to this amount" in the line of what the player can afford: no row of its own
  // (a row more shrank a 1366x900 desktop's frame below the whole map's height)
  after.push(h("p", { class: "afford" }, upto, upto ? " " : null, bids.length
    ? t("auction.afford", { cash, max: bids[bids.length - 1] })
    : t("auction.cannot", { cash, minimum: minimum ?? 0 })));
  return [h("div", { class: "bids" }, row), ...after];
}

/** What each auction panel shows, by box: the inputs of its last drawing. */
const drawn = new WeakMap();

/** The auction: company, minimum and high bid, who is still in, and the bid buttons. */
export function renderAuction(box, view, state, mySeat, myTurn) {
  // a redraw of what is shown already leaves the panel as it is: a bid being typed keeps
  // its focus and caret (the live connection's first snapshot redraws the page just after
  // it loads, when a player may be typing: the keys after it were lost)
  const sig = JSON.stringify([language(), mySeat, myTurn, view.index, view.over, view.legal,
    (view.moves || []).map((m) => m.note ?? null), state.players.map((p) => playerName(view, p.seat)), state]);
  if (drawn.get(box) === sig) return;
  drawn.set(box, sig);
  const a = state.auction;
  // no auction runs while its winner places (a live view offers neither bid nor pass)
  const bidding = view.legal.some((x) => x.startsWith("bid ") || x === "pass");
  if (!a || view.over || (view.legal.length && !bidding)) {
    box.replaceChildren();
    return;
  }
  const bids = bidsOf(view.legal);
  // the lowest bid allowed now (above the high bid); the snapshot's minimum_bid may be the
  // auction's opening bid, which a newcomer reads as still in force after bids rise
  // (with no bid left to this reader, the lowest a bid could be: above the high bid)
  const minimum = bids.length ? bids[0]
    : a.high_bid != null ? Math.max(a.high_bid + 1, a.minimum_bid ?? 0) : (a.minimum_bid ?? null);
  const inNow = state.players.filter((p) => !a.passed.includes(p.seat)).map((p) => playerName(view, p.seat));
  const facts = [
    h("div", { class: "auction-head" }, h("h3", {}, t("auction.title")),
      h("p", { class: "auction-company" }, t("auction.of"), " ", chip(a.company))),
    h("dl", { class: "facts" },
      // after a bid, the least the next may be ("Minimum bid $7, High bid $6" read wrong)
      h("dt", {}, t(a.high_bid == null ? "auction.minimum" : "auction.next")),
      h("dd", { class: "minimum" }, minimum === null ? "–" : `$${minimum}`),
      h("dt", {}, t("auction.high")), h("dd", { class: "high" }, a.high_bid === null ? t("auction.none")
        : `$${a.high_bid} (${playerName(view, a.high_bidder)})`),
      h("dt", {}, t("auction.in")), h("dd", {}, inNow.join(", "))),
  ];
  const controls = myTurn && bidding ? bidControls(box, view, state, a, bids, minimum, mySeat) : [];
  // the nationalization note matters to a player who can bid (the winner sets a share
  // value, which may be at risk): once, after the controls; never to one who can only pass
  const n = nationalization(state);
  if (n && myTurn && bids.length) {  // a warning in phase 2; before, a calm note of what it will do
    const now = state.phase >= 2;
    controls.push(h("p", { class: now ? "nat-note" : "nat-note calm" }, now ? "⚠ " : infoIcon(),
      t("nat.auction", { value: n.value, cmp: cmpWords(n) })));
  }
  box.replaceChildren(h("div", { class: "auction" }, ...facts, ...controls));
}

/** An "i" in a circle (CSS, class "info-icon"; not the "ⓘ" character, which many fonts
 *  lack: a missing-glyph box), before a calm note; no part of its words for a reader,
 *  nor of its text: the "i" is drawn by CSS (the 42nd newcomer run read a noted buy
 *  button's text as "buy green, $8i"). */
const infoIcon = () => h("span", { class: "info-icon", "aria-hidden": "true" });

/** A move's words in the page's language, company names as chips (its English label
 *  when the words cannot be rendered). */
function moveWords(m, short = false) {
  // a button's words: the sentence's short form where the catalog has one (its title
  // keeps the whole sentence)
  const parts = (short ? briefParts : sayParts)(m.words, (id, text) => chip(id, text));
  if (!parts) return withChips(m.label);
  return parts.flatMap((p) => (typeof p === "string" ? withChips(p) : [p]));
}

/** The label of "stop" (ending a build), as the title's face words it from the snapshot. */
function stopLabel(state) {
  const stop = currentFace().stop;
  return stop ? sentence(stop, state) : t("game.stop_build");
}

/** Why nothing can be built, per the face's `forgo`: its `none` when the player holds no
 *  share, else one reason per company held (its first rule that holds); `sure`: only when
 *  every reason is known from the snapshot alone (a rule with a `when`), else null. */
function forgoReasons(state, spec, sure = false) {
  const me = state.players.find((p) => p.seat === state.current_player);
  const held = state.companies.filter((c) => me && me.shares[c.id]);
  if (!held.length) return [t(spec.none)];
  const rules = held.map((c) => [c, spec.held.find((r) => holds(r.when, c))]);
  if (sure && rules.some(([, rule]) => !rule.when)) return null;
  return rules.map(([c, rule]) => t(rule.say, { company: companyName(c.id), ...fill(rule.values, c) }));
}

/** Why "forgo" is the only move: when the face explains that move (its `forgo`), the
 *  reason for each company the player holds a share of, read from the snapshot. */
function forgoHelp(state, move) {
  const spec = currentFace().forgo;
  if (!spec || move.words?.key !== spec.move) return [h("p", { class: "help forgo" }, t("help.forgo_other"))];
  return [h("div", { class: "help forgo" }, h("p", {}, t(spec.title)),
    h("ul", {}, forgoReasons(state, spec).map((x) => h("li", {}, x))))];
}

/** Before a move after which the player may only forgo (the face's `forgo`): the note
 *  that choosing it only forgoes it, and why; null when more may follow. The move that
 *  leads to a build (`forgo.offer`, e.g. a gauge) says why nothing can be built when the
 *  snapshot shows it; any move the snapshot lists (`forgo.only`: the engine's list of
 *  such choices) says so in the words of `forgo.offers` for its sentence (the 35th
 *  newcomer run chose a development that could only be forgone, again and again). */
function forgoAhead(state, move) {
  const spec = currentFace().forgo;
  if (!spec) return null;
  const why = spec.offer && move.words?.key === spec.offer ? forgoReasons(state, spec, true) : null;
  if (why) {
    return h("div", { class: "help forgo ahead", id: "forgo-ahead" }, h("p", {}, t(spec.ahead)),
      h("ul", {}, why.map((x) => h("li", {}, x))));
  }
  if (!spec.only || !(pick(state, spec.only) || []).includes(move.action)) return null;
  const say = spec.offers?.[move.words?.key] || "help.forgo_ahead_other";
  // one line on a desktop, cut as the decision's help is ("… more ▸": fit.js): a block of
  // its own at each action choice early in a game pushed the map below the fold at 1366x768
  return h("p", { class: "help forgo-note", id: `forgo-ahead-${move.action.replace(/\W+/g, "-")}` },
    t(say));
}

/** A button for a move in the panel; a move that can only be forgone is marked and points
 *  at its note (`ahead`); `onBoard`: whether the decision's moves wait on the board. */
function moveButton(state, m, ahead = null, onBoard = false) {
  const confirm = m.action === "stop";
  // with moves on the board, a move that gives the decision up (forgo, or finishing a
  // build with nothing placed: the face's stop.none) is a plain outlined button: the 37th
  // newcomer run took the card's only button, "forgo the development", for the move
  const none = confirm && onBoard ? stopNone(state) : null;
  const quiet = onBoard && (m.action === "forgo" || none !== null);
  const attrs = { type: "button", class: quiet ? "move quiet" : confirm ? "move confirm" : "move",
    dataset: confirm ? { action: m.action, confirm: "1" } : { action: m.action }, title: moveText(m) };
  if (ahead) Object.assign(attrs, { class: "move forgoes", "aria-describedby": ahead.id });
  // the title's note on the move (e.g. a buy that leaves no cash for a share): marked in
  // the button, the whole note its title and description; its words once under the
  // buttons (noteLine: a line in each noted button took the board's room at 1366x768)
  const whole = m.note ? sayParts(m.note) : null;
  if (whole) Object.assign(attrs, { class: `${attrs.class} noted`, title: `${moveText(m)} — ${whole.join("")}`,
    "aria-description": whole.join("") });
  return h("button", attrs, none ? sentence(none, state) : confirm ? stopLabel(state) : moveWords(m, true),
    whole ? infoIcon() : null);
}

/** The face's `stop.none` (finishing a build now builds nothing) when it holds. */
function stopNone(state) {
  const none = currentFace().stop?.none;
  return none && holds(none.when, state) ? none : null;
}


/** The notes of the noted moves, once each, on one line under the buttons: each note's
 *  short form (the catalog's `<key>_short`, where it has one), the whole in its title. */
function noteLine(moves) {
  const short = new Map();
  for (const m of moves) {
    const whole = m.note ? sayParts(m.note) : null;
    if (whole) short.set(briefParts(m.note).join(""), whole.join(""));
  }
  if (!short.size) return null;
  // "on the marked buttons:": the 28th newcomer run read the line, after the last button
  // (pass), as what passing does
  return h("p", { class: "help noted-line", role: "note", title: [...short.values()].join("\n") },
    infoIcon(), t("game.noted_marked"), " ", [...short.keys()].join(" · "));
}

/** Does `seat` hold the most shares of company `id` (ties too)? {mine, top}. */
function holding(state, seat, id) {
  const count = (p) => p.shares[id] || 0;
  const me = state.players.find((p) => p.seat === seat);
  return { mine: me ? count(me) : 0, top: Math.max(0, ...state.players.map(count)) };
}

/** Why a company the player holds has no move of the face's `missing.move` now (its
 *  first rule whose `when` holds: a snapshot field, or {leader}: whether the player holds
 *  the most shares); a box of its own after the moves, headed, so that no reason reads
 *  as part of the last button. None when the face has no `missing` for the decision. */
function missingHelp(state, moves) {
  const spec = currentFace().missing;
  const where = currentFace().decision;
  if (!spec || !where || pick(state, where) !== spec.decision) return [];
  const seat = state.current_player;
  const why = state.companies.filter((c) => holds(spec.on, c) && holding(state, seat, c.id).mine
    && !moves.some((m) => m.action === `${spec.move} ${c.id}`)).map((c) => {
    const held = holding(state, seat, c.id);
    const rule = spec.held.find((r) => (r.when?.leader === undefined ? holds(r.when, c)
      : (held.mine >= held.top) === r.when.leader));
    return t(rule.say, { company: companyName(c.id), ...held, ...fill(rule.values, c) });
  });
  if (!why.length) return [];
  return [h("section", { class: "help missing", "aria-labelledby": "missing-title" },
    h("h3", { id: "missing-title" }, t(spec.title)), h("ul", {}, why.map((x) => h("li", {}, x))))];
}

/** What the current decision asks and where to click, as the title's words say it for
 *  the snapshot's decision (its face's `decision`: a path such as "step"); none if the
 *  title has no words for it. */
export function decisionHelp(state) {
  const where = currentFace().decision;
  const decision = where ? pick(state, where) : undefined;
  if (decision === undefined || decision === null) return "";
  const key = `decide.${decision}`;
  const text = t(key);
  return text === key ? "" : text;
}

/** A neutral tip for the decision, when the title's face has one (its `tip`: for the
 *  decision, the player's last move of a kind, e.g. the company built for last time),
 *  shown only while another such move is offered; `lastOf(kind)` reads the log. */
function tipLine(state, moves, lastOf) {
  const spec = currentFace().tip;
  const where = currentFace().decision;
  if (!spec || !lastOf || !where || pick(state, where) !== spec.decision) return null;
  const last = lastOf(spec.move);
  if (!last || !moves.some((m) => m.action.startsWith(`${spec.move} `) && m.action !== last)) return null;
  const company = last.split(" ")[1];
  return h("p", { class: "help tip", role: "note" }, t(spec.say, { company: companyName(company) }));
}

/** Buttons for the legal moves that are not bids (bids: the auction panel), in the page's
 *  language; `lastOf(kind)`: the player's last move of a kind (for the title's tip). */
export function renderMoves(box, view, state, myTurn, waitingFor, lastOf = null) {
  if (view.over) {
    box.replaceChildren(h("p", {}, t("game.over")));
    return;
  }
  if (!myTurn) {
    box.replaceChildren(...(waitingFor ? [h("p", { class: "waiting" }, waitingFor)] : []));
    return;
  }
  const moves = view.moves.filter((m) => !m.action.startsWith("bid ") && !(state.auction && m.action === "pass"));
  const values = moves.filter((m) => trackValue(m.action) !== null);
  const onBoard = moves.filter((m) => BOARD_KINDS.has(m.action.split(" ")[0])
    && !PANEL_KINDS.has(m.action.split(" ")[0]) && !values.includes(m));
  const other = moves.filter((m) => !onBoard.includes(m) && !values.includes(m));
  const out = [];
  if (values.length) out.push(valueChoices(state, values));  // the controls first
  const building = currentFace().building;  // the company built for, and its money
  if (building && pick(state, building.on)) out.push(h("p", { class: "building" }, sentence(building, state)));
  const help = decisionHelp(state);
  if (help) out.push(h("p", { class: "help decide" }, help));
  const risk = valuesRisk(state, values.map((m) => m.action));
  if (risk) out.push(risk);
  const tip = tipLine(state, moves, lastOf);
  if (tip) out.push(tip);
  // the board's moves first: a cue that points at the map (the decision's help above
  // already says what to click; then only how to read a place)
  if (onBoard.length) out.push(h("p", { class: "hint board-cue" }, t(help ? "game.click_board_more" : "game.click_board")));
  if (moves.length === 1 && moves[0].action === "forgo") out.push(...forgoHelp(state, moves[0]));
  const notes = [];
  for (const m of other) {
    const ahead = forgoAhead(state, m);
    if (ahead) notes.push(ahead);
    out.push(moveButton(state, m, ahead, onBoard.length > 0));
  }
  out.push(...notes);
  const noted = noteLine(other);
  if (noted) out.push(noted);
  out.push(...missingHelp(state, moves));
  if (onBoard.length) {
    out.push(h("details", { class: "board-moves" }, h("summary", {}, t("game.board_list", { n: onBoard.length })),
      h("div", {}, onBoard.map((m) => {
        const note = valueNote(state, m.action);
        return h("button", { type: "button", class: note ? "move listed nat-risk" : "move listed",
          dataset: { action: m.action } }, moveWords(m), note ? ` — ⚠ ${note}` : "");
      }))));
  }
  box.replaceChildren(...out);
}
