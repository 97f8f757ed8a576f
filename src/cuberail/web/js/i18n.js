// Messages in the reader's language: one JSON catalog per language under /static/i18n/, from the
// browser's languages (or the reader's choice, remembered), with English as fallback.
// The moves' sentences come from the server (GET /api/words/LANG: the same catalogs the
// terminal and the board read), with the server's refusals; a move's or a refusal's
// `words` ({key, values}) is rendered with them.

export const LANGUAGES = { en: "English", it: "Italiano", es: "Español", de: "Deutsch",
  ca: "Català" };
const CHOICE = "cuberail.lang";
let catalog = {};
let fallback = {};
let current = "en";
let moveWords = {};
let titleWords = {};  // the shown title's own words, by language (its face's `words`)
let wantMoves = false;  // only the pages that render the server's words load them

/** Load the server's sentences (moves, refusals) with each language from now on. */
export function useMoveWords() {
  wantMoves = true;
}

export function pickLanguage() {
  const chosen = localStorage.getItem(CHOICE);
  if (chosen && LANGUAGES[chosen]) return chosen;
  for (const tag of navigator.languages || [navigator.language || "en"]) {
    const base = tag.toLowerCase().split("-")[0];
    if (LANGUAGES[base]) return base;
  }
  return "en";
}

async function load(lang) {
  const response = await fetch(`/static/i18n/${lang}.json`);
  return response.ok ? response.json() : {};
}

async function loadMoveWords(lang) {
  try {
    const response = await fetch(`/api/words/${lang}`);
    return response.ok ? (await response.json()).words : {};
  } catch {
    return {};  // no server words: the moves keep their English labels
  }
}

export async function setLanguage(lang, remember = false) {
  if (!LANGUAGES[lang]) lang = "en";
  if (remember) localStorage.setItem(CHOICE, lang);
  if (!Object.keys(fallback).length) fallback = await load("en");
  [catalog, moveWords] = await Promise.all([lang === "en" ? fallback : load(lang),
    wantMoves ? loadMoveWords(lang) : {}]);
  current = lang;
  document.documentElement.lang = lang;
  localizePage();
}

export function language() {
  return current;
}

/** Words of the shown title ({lang: {key: text}}), read by t() after the page's own. */
export function addTitleWords(words) {
  titleWords = words && typeof words === "object" ? words : {};
}

function lookUp(key) {
  return catalog[key] ?? titleWords[current]?.[key] ?? fallback[key] ?? titleWords.en?.[key];
}

/** The message `key` with {name} placeholders filled from `vars`; for a count {n} of 1,
 *  the key's singular (`key_one`) when the catalogs have one ("the board move", not
 *  "all 1 board moves"). */
export function t(key, vars = {}) {
  const one = vars.n === 1 ? lookUp(`${key}_one`) : undefined;
  const text = one ?? lookUp(key) ?? key;
  return text.replace(/\{(\w+)\}/g, (all, name) => (name in vars ? String(vars[name]) : all));
}

/** A move's words ({key, values}: a sentence as data, values nested for words that
 *  have words of their own, arrays for lists) in the page's language, as a list of strings and what
 *  `company(id, text)` makes of a company's word (a chip) and `seat(n)` of a seat value
 *  ({key: "seat", values: {n}}: the player at seat n, from 0), e.g. the player's name;
 *  null if a key is unknown. */
export function sayParts(words, company = (id, text) => text, seat = null) {
  if (seat && words?.key === "seat" && Number.isInteger(words.values?.n)) return [seat(words.values.n)];
  const pattern = words && moveWords[words.key];
  if (typeof pattern !== "string") return null;
  const out = [];
  const parts = pattern.split(/\{(\w+)\}/);
  for (let i = 0; i < parts.length; i += 1) {
    if (i % 2 === 0) {
      if (parts[i]) out.push(parts[i]);
      continue;
    }
    const value = part(words.values?.[parts[i]], company, seat);
    if (value === null) return null;
    out.push(...value);
  }
  if (words.key.startsWith("company.")) return [company(words.key.slice(8), out.join(""))];
  return out;
}

/** The sentence's short form (the catalog's `<key>_short`) where it has one, else the
 *  whole sentence: sayParts' parts, or null when neither can be rendered. */
export function briefParts(words, company = (id, text) => text) {
  const brief = words?.key ? sayParts({ ...words, key: `${words.key}_short` }, company) : null;
  return brief || sayParts(words, company);
}

function part(value, company, seat) {
  if (value === undefined || value === null) return null;
  if (Array.isArray(value)) {
    const out = [];
    for (const [i, item] of value.entries()) {
      const one = part(item, company, seat);
      if (one === null) return null;
      if (i) out.push(moveWords["list.separator"] ?? ", ");
      out.push(...one);
    }
    return out;
  }
  if (typeof value === "object") return sayParts(value, company, seat);
  return [String(value)];
}

// Refusals whose `seat` and `current` are seat numbers (0-based in the API): the page
// counts seats from 1, as its "Seat {n}" labels do.
const SEAT_REFUSALS = new Set(["refusal.not_your_turn", "refusal.undo_not_yours",
  "refusal.seat_taken", "refusal.bot_seat", "refusal.undo_answered"]);

function seatsFromOne(words) {
  if (!words || !SEAT_REFUSALS.has(words.key)) return words;
  const values = { ...words.values };
  for (const name of ["seat", "current"]) {
    if (Number.isInteger(values[name])) values[name] += 1;
  }
  return { ...words, values };
}

/** Why the server refused a request ({ok, status, data} from api.js), in the page's
 *  language: no answer at all is "can't reach the server"; the answer's `words` rendered
 *  as a move's are; else its English `detail` (an engine's reason for an illegal action,
 *  its "player N" named by `nameOf(N)` when given), else its status. */
export function refusalText(answer, nameOf = null) {
  if (answer.network || answer.status === 0) return t("net.offline");
  const parts = sayParts(seatsFromOne(answer.data?.words));
  if (parts) return parts.join("");
  const detail = answer.data?.detail;
  if (typeof detail !== "string") return String(answer.status);
  return nameOf ? detail.replace(/\bplayer (\d+)\b/g, (all, n) => nameOf(Number(n))) : detail;
}

/** A company's name in the page's language: a company named by a word (a colour) is a
 *  word of the language (from the move catalogs, as on the board); an id (initials)
 *  stays. */
export function companyName(id) {
  const word = moveWords[`company.${id}`];
  return typeof word === "string" ? word : id;
}

/** A move ({action, label, words}) as text in the page's language; its English label
 *  (or its action) when its words cannot be rendered. */
export function moveText(move) {
  const parts = sayParts(move.words);
  return parts ? parts.join("") : move.label || move.action;
}

/** Fill every [data-i18n] element's text, its placeholders from its other data-*
 *  attributes (the board's texts: data-n, data-of, data-name); and the titles, labels
 *  and placeholders named by data-i18n-title, -label and -placeholder. */
export function localizePage(root = document) {
  for (const el of root.querySelectorAll("[data-i18n]")) el.textContent = t(el.dataset.i18n, el.dataset);
  for (const el of root.querySelectorAll("[data-i18n-title]")) el.title = t(el.dataset.i18nTitle);
  for (const el of root.querySelectorAll("[data-i18n-label]")) {
    el.setAttribute("aria-label", t(el.dataset.i18nLabel));
  }
  for (const el of root.querySelectorAll("[data-i18n-placeholder]")) {
    el.placeholder = t(el.dataset.i18nPlaceholder);
  }
}

/** A language <select> that switches the page and calls `after` to redraw. */
export function languageSwitch(select, after) {
  select.replaceChildren();
  for (const [code, name] of Object.entries(LANGUAGES)) {
    const option = new Option(name, code, false, code === current);
    select.append(option);
  }
  select.value = current;
  select.addEventListener("change", async () => {
    await setLanguage(select.value, true);
    if (after) after();
  });
}
