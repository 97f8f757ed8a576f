// Translations: one JSON catalog per language under /static/i18n/, chosen from the
// browser's languages (or the reader's choice, remembered), with English as fallback.

export const LANGUAGES = { en: "English", it: "Italiano", es: "Español", de: "Deutsch",
  ca: "Català" };
const CHOICE = "cuberail.lang";
let catalog = {};
let fallback = {};
let current = "en";

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

export async function setLanguage(lang, remember = false) {
  if (!LANGUAGES[lang]) lang = "en";
  if (remember) localStorage.setItem(CHOICE, lang);
  if (!Object.keys(fallback).length) fallback = await load("en");
  catalog = lang === "en" ? fallback : await load(lang);
  current = lang;
  document.documentElement.lang = lang;
  translatePage();
}

export function language() {
  return current;
}

/** The message `key` with {name} placeholders filled from `vars`. */
export function t(key, vars = {}) {
  const text = catalog[key] ?? fallback[key] ?? key;
  return text.replace(/\{(\w+)\}/g, (all, name) => (name in vars ? String(vars[name]) : all));
}

/** Fill every [data-i18n] element's text (and [data-i18n-title], [data-i18n-label]). */
export function translatePage(root = document) {
  for (const el of root.querySelectorAll("[data-i18n]")) el.textContent = t(el.dataset.i18n);
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
