// The end of a game, announced at the top of the page: the winner(s), the final scores
// of every player, and why the game ended (in the page's language).

import { h } from "./dom.js";
import { cellText, currentFace } from "./face.js";
import { sayParts, t } from "./i18n.js";

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

/** Fill the banner `box` for a finished game (hide it otherwise). */
export function renderEndBanner(box, view, state, nameOf) {
  if (!view.over || !view.result) {
    box.hidden = true;
    box.replaceChildren();
    return;
  }
  const final = currentFace().final || {};
  const extra = final.columns || [];
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
      extra.map((col) => h("td", { class: "num" }, cellText(col, player))));
  });
  const head = [t("endb.rank"), t("game.player"), t(final.score || "endb.score"),
    ...extra.map((col) => t(col.label))];
  box.replaceChildren(
    h("h2", {}, title),
    reasons.length ? h("p", { class: "why" }, t("endb.why", { reason: listOf(reasons) })) : null,
    h("table", { class: "final" },
      h("thead", {}, h("tr", {}, head.map((x) => h("th", { scope: "col" }, x)))),
      h("tbody", {}, rows)));
  box.hidden = false;
}
