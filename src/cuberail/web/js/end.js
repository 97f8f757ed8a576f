// The end of a game, announced at the top of the page: the winner(s), the final scores
// of every player and what they are made of, and why the game ended (in the page's
// language).

import { h } from "./dom.js";
import { cellText, currentFace, holds, pick } from "./face.js";
import { companyName, sayParts, t } from "./i18n.js";
import { paymentsOf } from "./payout.js";

/** Why the game ended, in the page's language: the snapshot's `end`, the engine's
 *  reasons as words data (the English `end_reasons` where the words are not loaded). */
export function endReasons(state) {
  return (state.end || []).map((words, i) =>
    (sayParts(words) || [state.end_reasons?.[i] ?? words.key]).join(""));
}

function listOf(names) {
  if (names.length < 2) return names.join("");
  return `${names.slice(0, -1).join(", ")}${t("endb.and")}${names[names.length - 1]}`;
}

/** What a player's score is made of, by the face's `final.parts` ({base: the cash's
 *  path, holdings: the path of {company: shares}, value: a company's share value,
 *  counts: whether its shares count, idle: [{when, say}], the first that holds for the
 *  company says why they do not; lost: see lostShares}):
 *  "$39 cash + red 1 × $40 = $79; green 1: $0 (nationalized)". `lost`: the player's
 *  shares taken away during the game ({company: n}), each a $0 part too. Null when the
 *  parts do not add up to the score (the face does not describe this title's score). */
export function scoreParts(parts, player, companies, score, lost = null) {
  const base = Number(pick(player, parts.base)) || 0;
  const items = [t("endb.cash_part", { cash: base })];
  const idle = [];
  let sum = base;
  for (const [id, n] of Object.entries(pick(player, parts.holdings) || {})) {
    const company = companies.find((c) => c.id === id) || {};
    const value = Number(pick(company, parts.value)) || 0;
    if (!n) continue;
    if (pick(company, parts.counts)) {
      items.push(t("endb.held_part", { company: companyName(id), n, value }));
      sum += n * value;
    } else {
      idle.push(idlePart(parts, id, n, company));
    }
  }
  const held = pick(player, parts.holdings) || {};
  for (const [id, n] of Object.entries(lost || {})) {
    if (!held[id]) idle.push(idlePart(parts, id, n, {}, parts.lost.say));
  }
  if (sum !== score) return null;
  return `${items.join(" + ")} = $${score}${idle.length ? `; ${idle.join(", ")}` : ""}`;
}

/** A player's `n` shares of company `id` that count nothing, with why: the words key
 *  `say` where given, else the first of the face's `parts.idle` that holds for `company`
 *  ("green 1: $0 (not public)"). The end banner's parts and the players' panel both say
 *  them so. */
export function idlePart(parts, id, n, company, say = null) {
  const why = say || (parts.idle || []).find((x) => holds(x.when, company))?.say;
  return t("endb.idle_part", { company: companyName(id), n, why: why ? t(why) : "" });
}

/** The shares the players lost during the game, by the face's `final.parts.lost`
 *  ({event: the key of an event that takes a company's shares away, company: its value
 *  naming the company, say: why they count nothing}): for each move in force (`entries`,
 *  the log's) with such an event, each player's shares of that company in the snapshot
 *  before the move (`stateAt(n)`: after n moves). A Map seat -> {company: n}; null when a
 *  snapshot cannot be read now. (The engine removes such shares from the holdings: the
 *  final snapshot no longer has them; the 35th newcomer run saw them vanish unsaid.) */
export async function lostShares(spec, entries, stateAt) {
  const asked = [];
  (entries || []).forEach((e, n) => {
    const ids = (e.events || []).filter((ev) => ev?.key === spec.event)
      .map((ev) => ev.values?.[spec.company]?.key || "")
      .filter((key) => key.startsWith("company.")).map((key) => key.slice(8));
    if (ids.length) asked.push(stateAt(n).then((before) => [ids, before]));
  });
  const lost = new Map();
  for (const [ids, before] of await Promise.all(asked)) {
    if (!before) return null;
    for (const p of before.players || []) {
      for (const id of ids) {
        if (!p.shares?.[id]) continue;
        lost.set(p.seat, { ...lost.get(p.seat), [id]: p.shares[id] });
      }
    }
  }
  return lost;
}

/** A game's money story for the banner, from the log's moves in force (`entries`: their
 *  events' payments) and the snapshot at the start: {start, paid} by seat. */
export function moneyStory(start, entries) {
  const startCash = new Map((start?.players || []).map((p) => [p.seat, Number(p.cash) || 0]));
  const paid = new Map([...startCash.keys()].map((seat) => [seat, 0]));
  for (const e of entries || []) {
    for (const ev of e.events || []) {
      for (const [seat, amount] of paymentsOf(ev) || []) paid.set(seat, (paid.get(seat) || 0) + amount);
    }
  }
  return { start: startCash, paid };
}

/** "$40 at the start + $92 from dividends − $91 spent = $41", by the face's
 *  `final.story` ({cash: the path of a player's cash, which is the score}); null when the
 *  story does not reach the score or is not known for this seat. */
export function storyParts(spec, player, story, score) {
  const cash = Number(pick(player, spec.cash));
  const start = story?.start.get(player.seat);
  const paid = story?.paid.get(player.seat);
  if (start === undefined || paid === undefined || cash !== score) return null;
  const spent = start + paid - cash;
  if (spent < 0) return null;
  return t("endb.story", { start, paid, spent, score });
}

/** Fill the banner `box` for a finished game (hide it otherwise); `hinted`: the reader's
 *  hints ({played, moves, asked}: hintcount.js), said under the scores; `lost`: the
 *  shares lost during the game, by seat (lostShares). */
export function renderEndBanner(box, view, state, nameOf, story = null, hinted = null, lost = null,
  me = null) {
  if (!view.over || !view.result) {
    box.hidden = true;
    box.replaceChildren();
    return;
  }
  const final = currentFace().final || {};
  const extra = final.columns || [];
  const parts = final.parts || (final.story && story ? final.story : null);
  const made = (player, score) => (final.parts ? scoreParts(final.parts, player, state.companies || [], score,
    lost?.get(player.seat))
    : storyParts(final.story, player, story, score));
  const scores = view.result.scores || [];
  const winners = view.result.winners || [];
  const names = winners.map(nameOf);
  // the page's own seat alone on top: "you win" (the 43rd newcomer run, seated as "Me",
  // read "Game over — Me wins!")
  const title = names.length > 1 ? t("endb.winners", { names: listOf(names) })
    : t(me !== null && winners[0] === me ? "endb.you_win" : "endb.winner", { name: names[0] ?? "" });
  const reasons = endReasons(state);
  const order = scores.map((score, seat) => [score, seat]).sort((a, b) => b[0] - a[0]);
  const rows = order.flatMap(([score, seat]) => {
    const rank = scores.filter((s) => s > score).length + 1;
    const won = winners.includes(seat);
    const player = state.players.find((p) => p.seat === seat) || {};
    const said = parts ? made(player, score) || "" : "";
    return [h("tr", { class: won ? "winner" : "", dataset: { seat } },
      h("td", { class: "num" }, `${rank}.`),
      h("th", { scope: "row" }, won ? h("span", { class: "crown", title: t("endb.winner_mark") }, "★ ") : null,
        nameOf(seat)),
      h("td", { class: "num score" }, `$${score}`),
      extra.map((col) => h("td", { class: "num extra" }, cellText(col, player))),
      parts ? h("td", { class: "parts" }, said) : null),
    // a phone: what the score is made of on a row of its own under the player's, the
    // table's width (the 41st newcomer run read it wrapped to five lines a player in
    // its narrow column); CSS shows the one form or the other
    parts && said ? h("tr", { class: "parts-row", dataset: { seat } },
      h("td", { colspan: 3 + extra.length + 1 }, `${t("endb.parts")}: ${said}`)) : null]
      .filter(Boolean);
  });
  const head = [t("endb.rank"), t("game.player"), t(final.score || "endb.score"),
    ...extra.map((col) => t(col.label)), ...(parts ? [t("endb.parts")] : [])];
  const headCells = head.map((x, i) => h("th", {
    scope: "col", class: i >= 3 && i < 3 + extra.length ? "extra"
      : parts && i === head.length - 1 ? "parts" : "" }, x));
  // (nulls left out: replaceChildren writes a null as the text "null", which a game with
  // no hint asked showed under the scores)
  box.replaceChildren(...[
    h("h2", {}, title),
    reasons.length ? h("p", { class: "why" }, t("endb.why", { reason: listOf(reasons) })) : null,
    h("table", { class: parts ? "final has-parts" : "final" },
      h("thead", {}, h("tr", {}, headCells)),
      h("tbody", {}, rows)),
    hinted ? h("p", { class: "hinted" }, t("endb.hinted", hinted)) : null].filter(Boolean));
  box.hidden = false;
}
