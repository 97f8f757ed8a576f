// Line charts (SVG) of a finished game: cash and net worth per player, company incomes
// and share values, from the states at sampled move numbers.

import { h } from "./dom.js";
import { companyLook, currentFace, pick } from "./face.js";
import { t } from "./i18n.js";

const NS = "http://www.w3.org/2000/svg";
export const PLAYER_COLOURS = ["#1b5e20", "#0d47a1", "#b71c1c", "#4a148c", "#e65100", "#006064"];
export const DASHES = ["", "6 3", "2 3", "8 3 2 3", "1 2", "10 4"];

function s(tag, attrs = {}, text) {
  const el = document.createElementNS(NS, tag);
  for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, String(v));
  if (text !== undefined) el.textContent = text;
  return el;
}

/** A round tick step (1, 2 or 5 times a power of ten) at least `raw`. */
function niceStep(raw) {
  const power = 10 ** Math.floor(Math.log10(Math.max(raw, 1e-9)));
  return [1, 2, 5, 10].map((m) => m * power).find((x) => x >= raw) || power * 10;
}

/** One chart: series = [{name, colour, dash, points: [[x, y], ...]}]. */
export function lineChart(title, series, xLabel) {
  const W = 520, H = 240, L = 44, B = 28, T = 12, R = 12;
  const xs = series.flatMap((x) => x.points.map((p) => p[0]));
  const ys = series.flatMap((x) => x.points.map((p) => p[1]));
  const xMax = Math.max(1, ...xs), yMax = Math.max(1, ...ys), yMin = Math.min(0, ...ys);
  const px = (x) => L + (x / xMax) * (W - L - R);
  const py = (y) => H - B - ((y - yMin) / (yMax - yMin || 1)) * (H - B - T);
  const svg = s("svg", { viewBox: `0 0 ${W} ${H}`, role: "img", "aria-label": title, class: "chart" });
  svg.append(s("line", { x1: L, y1: H - B, x2: W - R, y2: H - B, stroke: "#333" }));
  svg.append(s("line", { x1: L, y1: T, x2: L, y2: H - B, stroke: "#333" }));
  const step = niceStep((yMax - yMin) / 4);
  for (let v = Math.ceil(yMin / step) * step; v <= yMax; v += step) {
    svg.append(s("text", { x: L - 4, y: py(v) + 4, "text-anchor": "end", "font-size": 11, fill: "#1a1a1a" }, v));
  }
  for (const x of [0, Math.round(xMax / 2), xMax]) {
    svg.append(s("text", { x: px(x), y: H - B + 13, "text-anchor": "middle", "font-size": 11, fill: "#1a1a1a" }, x));
  }
  svg.append(s("text", { x: (L + W) / 2, y: H - 3, "text-anchor": "middle", "font-size": 11, fill: "#1a1a1a" }, xLabel));
  series.forEach((x) => {
    const d = x.points.map((p) => `${px(p[0]).toFixed(1)},${py(p[1]).toFixed(1)}`).join(" ");
    svg.append(s("polyline", { points: d, fill: "none", stroke: x.colour, "stroke-width": 2.5,
      "stroke-dasharray": x.dash || "" }));
  });
  const legend = h("ul", { class: "legend" }, series.map((x) => h("li", {},
    h("span", { class: "swatch", style: `border-top:3px ${x.dash ? "dashed" : "solid"} ${x.colour}` }), x.name)));
  return h("figure", { class: "chart-box" }, h("figcaption", {}, title), svg, legend);
}

/** A company's line colour: its face's `line` (3:1 against white: pale colours darker). */
function lineColour(id) {
  const look = companyLook(id) || {};
  return look.line || look.colour || "#000";
}

/** The charts of a game from `samples` = [[index, state], ...]: the title's face lists
 *  them ({title, of: "players" | "companies", value}); cash per player without one. */
export function gameCharts(view, samples, nameOf) {
  const players = view.players.map((p, i) => ({ seat: p.seat, name: nameOf(p.seat),
    colour: PLAYER_COLOURS[i % 6], dash: DASHES[i % 6] }));
  const bySeat = (key) => players.map((p) => ({ ...p, points: samples.map(([n, st]) =>
    [n, Number(pick(st.players.find((q) => q.seat === p.seat), key)) || 0]) }));
  const companies = samples.length ? samples[samples.length - 1][1].companies.map((c) => c.id) : [];
  const byCompany = (key) => companies.map((id, i) => ({ name: id, colour: lineColour(id), dash: DASHES[i % 6],
    points: samples.map(([n, st]) => [n, Number(pick(st.companies.find((c) => c.id === id), key)) || 0]) }));
  const x = t("charts.moves");
  const charts = currentFace().charts || [{ title: "charts.cash", of: "players", value: "cash" }];
  return charts.map((c) => lineChart(t(c.title), c.of === "companies" ? byCompany(c.value) : bySeat(c.value), x));
}
