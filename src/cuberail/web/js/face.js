// A title's face: how the page shows a game of it, read from the title's data (the
// `face` of GET /api/titles): company colours and letters, the columns of its tables,
// its end tracker, its charts and its help lines. Nothing here names a title: every
// title-dependent value is a path into the game's snapshot that the face gives.

import { addTitleWords, companyName, t } from "./i18n.js";

let face = {};
let faceTitle = "";

/** Show games with `next` (a title's face) from now on: its companies and its words. */
export function setFace(next, title = "") {
  face = next || {};
  faceTitle = title;
  addTitleWords(face.words || {});
}

export function currentFace() {
  return face;
}

/** The title whose face is shown ("" when unknown): what a player's display choices
 *  are remembered by (a whole map fits one title's drawing, not another's). */
export function currentTitle() {
  return faceTitle;
}

/** The face of `title` in the list of GET /api/titles (an empty face if none). */
export function faceOf(titles, title) {
  return (titles || []).find((x) => x.title === title)?.face || {};
}

/** A company's look: {colour, ink, letter, line}, or undefined for an unknown id. */
export function companyLook(id) {
  return Object.hasOwn(face.companies || {}, id) ? face.companies[id] : undefined;
}

export function isCompany(id) {
  return companyLook(id) !== undefined;
}

/** The value at a dotted `path` of `data` ("build.placed"); undefined if absent. */
export function pick(data, path) {
  let value = data;
  for (const key of String(path).split(".")) {
    if (value === null || value === undefined || typeof value !== "object") return undefined;
    value = value[key];
  }
  return value;
}

/** One cell of a table column spec {value, money, of: [paths summed], empty} for `row`. */
export function cellText(spec, row) {
  const value = pick(row, spec.value);
  if (value === null || value === undefined) return spec.empty ?? "";
  if (spec.of) return `${value}/${spec.of.reduce((sum, path) => sum + (Number(pick(row, path)) || 0), 0)}`;
  return spec.money ? `$${value}` : String(value);
}

/** Does `item` satisfy a condition {field, equals}? (No condition: yes.) */
export function holds(condition, item) {
  return !condition || pick(item, condition.field) === condition.equals;
}

/** A face's placeholders {name: path | {company: path} | {company: path, field}} filled
 *  from `data`: a value, a company's name, or a field of that company in
 *  `data.companies`. */
export function fill(values, data) {
  const out = {};
  for (const [name, where] of Object.entries(values || {})) {
    if (where && typeof where === "object" && where.company !== undefined) {
      const id = pick(data, where.company);
      if (where.field !== undefined) {
        out[name] = pick((data.companies || []).find((c) => c.id === id), where.field) ?? 0;
      } else {
        out[name] = id ? companyName(id) : "";
      }
    } else {
      out[name] = pick(data, where) ?? 0;
    }
  }
  return out;
}

/** A face's sentence {label, values} for `data` in the page's language. */
export function sentence(spec, data) {
  return t(spec.label, fill(spec.values, data));
}

/** What counts for the end tracker: a number, a path, or {list, field, equals} counted. */
export function measure(spec, data) {
  if (typeof spec === "number") return spec;
  if (typeof spec === "string") return Number(pick(data, spec)) || 0;
  return (pick(data, spec.list) || []).filter((item) => holds(spec, item)).length;
}
