// The end of a game, announced at the top of the page: the winner(s), the final scores
// of every player and what they are made of, and why the game ended (in the page's
// language).

import { h } from "./dom.js";
import { cellText, currentFace, holds, pick } from "./face.js";
import { companyName, sayParts, t } from "./i18n.js";

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
 *  company says why they do not}):
 *  "$39 cash + red 1 × $40 = $79; green 1: $0 (nationalized)". Null when the parts do
 *  not add up to the score (the face does not describe this title's score). */
export function scoreParts(parts, player, companies, score) {
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
      const why = (parts.idle || []).find((x) => holds(x.when, company));
      idle.push(t("endb.idle_part", { company: companyName(id), n, why: why ? t(why.say) : "" }));
    }
  }
  if (sum !== score) return null;
  return `${items.join(" + ")} = $${score}${idle.length ? `; ${idle.join(", ")}` : ""}`;
}

/** Fill the banner `box` for a finished game (hide it otherwise). */
export function renderEndBanner(box, view, state, nameOf) {
  if (!view.over || !view.result) {
    box.hidden = true;
    box.replaceChildren();
    return;
  }
  const final = currentFace().final || {};
  const extra = final.columns || [];
  const parts = final.parts || null;
  const scores = view.result.scores || [];
  const winners = view.result.winners || [];
  const names = winners.map(nameOf);
  const title = names.length > 1 ? t("endb.winners", { names: listOf(names) })
    : t("endb.winner", { name: names[0] ?? "" });
  const reasons = endReasons(state);
  const order = scores.map((score, seat) => [score, seat]).sort((a, b) => b[0] - a[0]);
  const rows = order.map(([score, seat]) => {
    const rank = scores.filter((s) => s > score).length + 1;
    const won = winners.includes(seat);
    const player = state.players.find((p) => p.seat === seat) || {};
    return h("tr", { class: won ? "winner" : "", dataset: { seat } },
      h("td", { class: "num" }, `${rank}.`),
      h("th", { scope: "row" }, won ? h("span", { class: "crown", title: t("endb.winner_mark") }, "★ ") : null,
        nameOf(seat)),
      h("td", { class: "num score" }, `$${score}`),
      extra.map((col) => h("td", { class: "num extra" }, cellText(col, player))),
      parts ? h("td", { class: "parts" }, scoreParts(parts, player, state.companies || [], score) || "")
        : null);
  });
  const head = [t("endb.rank"), t("game.player"), t(final.score || "endb.score"),
    ...extra.map((col) => t(col.label)), ...(parts ? [t("endb.parts")] : [])];
  const headCells = head.map((x, i) => h("th", {
    scope: "col", class: i >= 3 && i < 3 + extra.length ? "extra" : "" }, x));
  box.replaceChildren(
    h("h2", {}, title),
    reasons.length ? h("p", { class: "why" }, t("endb.why", { reason: listOf(reasons) })) : null,
    h("table", { class: parts ? "final has-parts" : "final" },
      h("thead", {}, h("tr", {}, headCells)),
      h("tbody", {}, rows)));
  box.hidden = false;
}
