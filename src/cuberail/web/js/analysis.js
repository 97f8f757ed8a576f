// The engine's analysis of a finished game (GET /api/games/{id}/analysis): started on
// request, its progress shown, then each player's winning chance over the game (with the
// replay position marked), a summary per player, and every flagged move marked in the
// move log. Clicking a flag, a costly move or the chart moves the replay there.

import { api } from "./api.js";
import { PLAYER_COLOURS, DASHES } from "./charts.js";
import { $, h, withChips } from "./dom.js";
import { refusalText, t } from "./i18n.js";
import { told, words } from "./log.js";

const NS = "http://www.w3.org/2000/svg";
const POLL_MS = 1000;
const W = 560, H = 220, L = 40, R = 12, T = 10, B = 30;

function s(tag, attrs = {}, text) {
  const el = document.createElementNS(NS, tag);
  for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, String(v));
  if (text !== undefined) el.textContent = text;
  return el;
}

/** Percentage points, rounded: 0.093 -> "9". */
const points = (x) => String(Math.round(100 * x));
const STRETCH = 0.2;  // a seat's largest fall over a run of moves that the summary names
const FELL = 0.1;  // a fall in a seat's chance on another's move that the summary names
const SMALL = 0.05;  // a seat's small losses (each under an inaccuracy) the summary adds up
const NOISE = 2;  // a loss counts beyond this many standard errors (the flags' own rule)

export class AnalysisView {
  /** `box`: the #analysis section; `logList`: the move log's <ol>; `nameOf(seat)`;
   *  `onPick(at)`: show replay position `at`. */
  constructor(box, logList, nameOf, onPick) {
    this.box = box;
    this.logList = logList;
    this.nameOf = nameOf;
    this.onPick = onPick;
    this.id = "";
    this.data = null;
    this.polling = null;
    this.cursorLine = null;
    this.last = 0;
    $("#an-start", box).addEventListener("click", () => this.load(true));
  }

  /** Ask the server: `start` false only looks (a stored analysis is shown at once). */
  async load(start) {
    if (!this.id || this.data) return;
    clearTimeout(this.polling);
    this.polling = null;
    const answer = await api.analysis(this.id, start);
    const body = answer.data || {};
    if (answer.ok && body.status === "done") this.show(body);
    else if (answer.status === 202) this.progress(body.done, body.of);
    else if (answer.ok) this.offer();
    else this.fail(answer.status, refusalText(answer));
  }

  /** The game is over: show the panel, and a stored or running analysis if any. */
  open(id, last) {
    this.last = last;
    if (this.id === id) return;
    this.id = id;
    this.box.hidden = false;
    this.load(false);
  }

  offer() {
    this.state("offer");
    $("#an-start", this.box).disabled = false;
  }

  progress(done, of) {
    this.state("running");
    const bar = $("#an-bar", this.box);
    bar.max = Math.max(1, of);
    bar.value = done;
    $("#an-status", this.box).textContent = t("analysis.progress", { done, of });
    this.polling = setTimeout(() => this.load(true), POLL_MS);
  }

  fail(status, reason) {
    this.state("offer");
    $("#an-start", this.box).disabled = false;
    const key = status === 503 ? "analysis.busy" : "analysis.failed";
    $("#an-status", this.box).textContent = t(key, { reason });
  }

  state(name) {
    this.box.dataset.state = name;
    $("#an-start", this.box).hidden = name !== "offer";
    $("#an-bar", this.box).hidden = name !== "running";
    if (name !== "running") $("#an-status", this.box).textContent = name === "offer" ? t("analysis.hint") : "";
  }

  /** A done analysis; each entry gets its sentences ({words, best_words}: the server's,
   *  as the log says the moves) from `sentences`, which runs beside the entries. */
  show(data) {
    (data.entries || []).forEach((e, i) => Object.assign(e, (data.sentences || [])[i] || {}));
    this.data = data;
    this.state("done");
    this.redraw();
  }

  /** Draw again (after a language switch or a new replay position). */
  redraw() {
    if (!this.data) {
      if (this.box.dataset.state === "offer") this.state("offer");  // the hint, in the new language
      return;
    }
    const entries = this.data.entries;
    $("#an-chart", this.box).replaceChildren(this.chart(entries));
    $("#an-summary", this.box).replaceChildren(...this.summary());
    $("#an-costly", this.box).replaceChildren(...this.costly(entries));
    this.markLog();
  }

  chart(entries) {
    const seats = this.data.seats.length;
    const n = entries.length;
    const px = (x) => L + (x / Math.max(1, n)) * (W - L - R);
    const py = (y) => T + (1 - y) * (H - T - B);
    const svg = s("svg", { viewBox: `0 0 ${W} ${H}`, role: "img", class: "chart chance-chart",
      "aria-label": t("analysis.chart_label") });
    for (const y of [0, 0.25, 0.5, 0.75, 1]) {
      svg.append(s("line", { x1: L, x2: W - R, y1: py(y), y2: py(y), stroke: y % 1 ? "#e3e6ea" : "#333" }));
      svg.append(s("text", { x: L - 4, y: py(y) + 4, "text-anchor": "end", "font-size": 11, fill: "#1a1a1a" },
        `${100 * y}%`));
    }
    for (const x of [0, Math.round(n / 2), n]) {
      svg.append(s("text", { x: px(x), y: H - B + 14, "text-anchor": "middle", "font-size": 11, fill: "#1a1a1a" }, x));
    }
    svg.append(s("text", { x: (L + W) / 2, y: H - 3, "text-anchor": "middle", "font-size": 11, fill: "#1a1a1a" },
      t("charts.moves")));
    for (let seat = 0; seat < seats; seat += 1) {
      const pts = [[0, entries.length ? entries[0].before[seat] : 1 / seats],
        ...entries.map((e) => [e.index + 1, e.after[seat]])];
      svg.append(s("polyline", { points: pts.map(([x, y]) => `${px(x).toFixed(1)},${py(y).toFixed(1)}`).join(" "),
        fill: "none", stroke: PLAYER_COLOURS[seat % 6], "stroke-width": 2, "stroke-dasharray": DASHES[seat % 6],
        "stroke-linejoin": "round" }));
    }
    for (const e of entries.filter((x) => x.flag)) {
      const mark = s("circle", { cx: px(e.index + 1), cy: py(e.after[e.seat]), r: e.flag === "blunder" ? 5 : 4,
        class: `mark ${e.flag}`, tabindex: 0, "data-at": e.index });
      mark.append(s("title", {}, this.note(e)));
      mark.addEventListener("click", (ev) => {
        ev.stopPropagation();
        this.onPick(e.index);
      });
      mark.addEventListener("keydown", (ev) => {
        if (ev.key === "Enter" || ev.key === " ") {
          ev.preventDefault();
          this.onPick(e.index);
        }
      });
      svg.append(mark);
    }
    this.cursorLine = s("line", { y1: T, y2: H - B, class: "cursor" });
    svg.append(this.cursorLine);
    this.px = px;
    this.moveCursor(this.at ?? this.last);
    svg.addEventListener("click", (ev) => {
      const box = svg.getBoundingClientRect();
      const x = ((ev.clientX - box.left) / box.width) * W;
      this.onPick(Math.max(0, Math.min(n, Math.round(((x - L) / (W - L - R)) * n))));
    });
    const legend = h("ul", { class: "legend" }, this.data.seats.map((_, seat) => h("li", {},
      h("span", { class: "swatch", style: `border-top:3px ${DASHES[seat % 6] ? "dashed" : "solid"} ${PLAYER_COLOURS[seat % 6]}` }),
      this.nameOf(seat))));
    return h("figure", { class: "chart-box" }, h("figcaption", {}, t("analysis.chart")), svg, legend);
  }

  /** The replay shows position `at` (0..last): move the chart's cursor there. */
  moveCursor(at) {
    this.at = at;
    if (!this.cursorLine || !this.px) return;
    const x = this.px(at).toFixed(1);
    this.cursorLine.setAttribute("x1", x);
    this.cursorLine.setAttribute("x2", x);
  }

  summary() {
    return this.data.summary.seats.map((row) => h("li", {},
      h("strong", {}, this.nameOf(row.seat)), ": ",
      t("analysis.counts", { blunders: row.blunders, mistakes: row.mistakes, inaccuracies: row.inaccuracies }),
      this.fellParts(row.seat), this.stretchParts(row.seat), this.smallParts(row.seat)));
  }

  /** A seat's own moves that fell short of the search's choice by more than its noise but
   *  less than an inaccuracy, when they add up to SMALL (the 32nd newcomer run played most
   *  moves at random and read "blunders 0 · mistakes 1" while its chance fell from 41% to
   *  0%): how many, and their points in all. [] when fewer add up to less. */
  smallParts(seat) {
    const small = this.data.entries.filter((e) => e.seat === seat && !e.forced && !e.flag
      && e.loss > NOISE * (e.noise || 0) && e.loss > 0);
    const total = small.reduce((sum, e) => sum + e.loss, 0);
    if (small.length < 3 || total < SMALL) return [];
    const moves = this.data.entries.filter((e) => e.seat === seat && !e.forced).length;
    return [h("div", { class: "small-losses" }, t("analysis.small", {
      n: small.length, moves, points: points(total) }))];
  }

  /** The run of moves over which a seat's chance fell most, from a high to a later low
   *  (at least STRETCH): the 26th newcomer run lost to `hard` with no costly move of its
   *  own and no single move of another's costing 10 points, the chart falling from 35% to
   *  0% a little at a time. Its button shows the position at the high. [] when none. */
  stretchParts(seat) {
    const entries = this.data.entries;
    let peak = 0;
    let best = null;
    for (let k = 0; k < entries.length; k++) {
      if (entries[k].before[seat] > entries[peak].before[seat]) peak = k;
      const fall = entries[peak].before[seat] - entries[k].after[seat];
      if (fall >= STRETCH && (!best || fall > best.fall)) best = { from: entries[peak], to: entries[k], fall };
    }
    if (!best) return [];
    const { from, to } = best;
    const go = h("button", { type: "button", class: "fell-at", dataset: { at: from.index },
      onclick: (ev) => { ev.preventDefault(); this.onPick(from.index); } },
      t("analysis.move", { n: from.index + 1 }));
    return [h("div", { class: "stretch" }, go, " ", t("analysis.stretch", {
      high: points(from.before[seat]), low: points(to.after[seat]),
      first: from.index + 1, last: to.index + 1 }))];
  }

  /** Where a seat's chance fell most on another's move (at least FELL): a chance that
   *  fell with no costly move of the seat's own (the 24th newcomer run, who played the
   *  hints: "blunders 0 · mistakes 0" while the chart fell from 50% to 10%) is explained
   *  by the move it fell on. [] when none fell that far. */
  fellParts(seat) {
    let worst = null;
    for (const e of this.data.entries) {
      const drop = e.seat === seat ? 0 : e.before[seat] - e.after[seat];
      if (drop >= FELL && (!worst || drop > worst.drop)) worst = { e, drop };
    }
    if (!worst) return [];
    const { e, drop } = worst;
    // (the seat named, not "them": the 38th run read "Move 93, by Alice, cost them most"
    // under Bot 2's mistakes as one of Bot 2's)
    const [before, after] = t("analysis.fell", { name: this.nameOf(e.seat), seat: this.nameOf(seat),
      move: "\u0000", points: points(drop) }).split("\u0000");
    const go = h("button", { type: "button", class: "fell-at", dataset: { at: e.index },
      onclick: (ev) => { ev.preventDefault(); this.onPick(e.index); } },
      t("analysis.move", { n: e.index + 1 }));
    // ("Move 314, by Ann, cost them most: …": the 28th newcomer run, seated as "Me", read
    // "Move 314 their chance fell most after this move of Me")
    return [h("div", { class: "fell" }, go, before.startsWith(",") ? "" : " ", before,
      ...this.said(e.words, e.action), after)];
  }

  costly(entries) {
    const picks = this.data.summary.costliest.slice(0, 5).map((i) => entries[i]).filter(Boolean);
    if (!picks.length) return [h("p", { class: "muted" }, t("analysis.clean"))];
    return [h("h3", {}, t("analysis.costliest")), h("ol", {}, picks.map((e) => h("li", {},
      this.flagButton(e), " ", h("strong", {}, this.nameOf(e.seat)), ": ", this.said(e.words, e.action),
      h("div", { class: "better" }, this.betterParts(e)))))];
  }

  /** A flag (blunder, mistake, inaccuracy) that shows the position before the move. */
  flagButton(e) {
    return h("button", { type: "button", class: `flag ${e.flag}`, title: this.note(e),
      dataset: { at: e.index, flag: e.flag }, onclick: (ev) => {
        ev.preventDefault();
        this.onPick(e.index);
      } }, t(`analysis.${e.flag}`));
  }

  /** A move in words as the game's log says it (the server's sentence: places by name),
   *  else from its action text (an analysis stored before the sentences). */
  said(sentence, action) {
    return told(sentence, this.nameOf) || withChips(words(action));
  }

  /** "better: <the best move> (−n points)", the move as elements (chips) or as text. */
  betterParts(e) {
    const best = e.best ? this.said(e.best_words, e.best) : ["–"];
    const [before, after] = t("analysis.better", { best: "\u0000", points: points(e.loss) }).split("\u0000");
    return [before, ...best, after];
  }

  better(e) {
    return this.betterParts(e).map((x) => (typeof x === "string" ? x : x.textContent)).join("");
  }

  note(e) {
    return `${t("analysis.move", { n: e.index + 1 })} · ${this.nameOf(e.seat)} · ${t(`analysis.${e.flag}`)}: ${this.better(e)}`;
  }

  /** Mark the flagged moves in the move log (its items carry data-index: the move number). */
  markLog() {
    const list = this.logList;
    if (!this.data) return;
    for (const old of list.querySelectorAll(".an-note")) old.remove();
    for (const e of this.data.entries.filter((x) => x.flag)) {
      const item = list.querySelector(`li.move:not(.undone)[data-index="${e.index + 1}"]`);
      if (!item) continue;
      item.classList.add("flagged");
      item.insertBefore(h("span", { class: "an-note" }, " ", this.flagButton(e),
        h("span", { class: "better" }, ` ${this.better(e)}`)), item.querySelector(":scope > ul.events"));
    }
  }
}
