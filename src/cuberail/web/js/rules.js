// A title's rules page (/rules/{title}): its rules in the page's language, read from the
// title's data (GET /api/titles/{title}/rules/{lang}): how to win, then each section with
// the numbers of the rules it summarises, after a list of contents linking to each section.

import { api } from "./api.js";
import { $, h, say } from "./dom.js";
import { language, languageSwitch, pickLanguage, setLanguage, t } from "./i18n.js";

const title = decodeURIComponent((location.pathname.match(/^\/rules\/([\w-]+)/) || [])[1] || "");

// A point or paragraph may end with the numbers of the rules it restates, "(XY-4.2)" or
// "(XY-8.1, XY-8.2)" (XY: the title's prefix): shown apart, in small text.
const CITED = /^(.*\S)\s+\(([A-Z]{2}-\d+(?:\.\d+)?(?:, [A-Z]{2}-\d+(?:\.\d+)?)*)\)$/s;

function cited(text) {
  const found = String(text).match(CITED);
  return found ? [found[1], " ", h("small", { class: "rule-ref" }, `(${found[2]})`)] : [text];
}

const anchor = (i) => `rules-part-${i + 1}`;

function section(s, i) {
  return h("section", { class: "rules-section", id: anchor(i), "aria-labelledby": `${anchor(i)}-h` },
    h("h3", { id: `${anchor(i)}-h` }, s.heading, s.rule ? [" ", h("small", { class: "rule-ref" }, `(${s.rule})`)] : null),
    (s.text || []).map((p) => h("p", {}, cited(p))),
    s.items?.length ? points(s.items) : null);
}

// Points numbered "1. ", "2. ", ... are steps in order: a numbered list.
function points(items) {
  const steps = items.every((item, i) => String(item).startsWith(`${i + 1}. `));
  return h(steps ? "ol" : "ul", {}, items.map((item) =>
    h("li", {}, cited(steps ? String(item).replace(/^\d+\. /, "") : item))));
}

/** The page's contents: a link to each section, for a long page read on a phone. */
function contents(sections) {
  return sections.map((s, i) => h("li", {}, h("a", { href: `#${anchor(i)}` }, s.heading)));
}

async function render() {
  $("#rules").setAttribute("aria-busy", "true");
  const answer = await api.rules(title, language());
  if (!answer.ok) {
    say(answer.network ? t("net.offline") : t("rules.none"), "error");
    $("#rules").setAttribute("aria-busy", "false");
    return;
  }
  const rules = answer.data;
  document.title = `${t("rules.title", { name: rules.name })} – cuberail`;
  $("#rules-name").textContent = t("rules.title", { name: rules.name });
  $("#rules-intro").textContent = rules.intro || "";
  $("#rules-win").textContent = rules.win || "";
  $("#rules-contents").replaceChildren(...contents(rules.sections || []));
  $("#rules-sections").replaceChildren(...(rules.sections || []).map(section));
  $("#rules").setAttribute("aria-busy", "false");
}

async function others() {
  const answer = await api.titles();
  if (!answer.ok) return;
  $("#rules-others").replaceChildren(...answer.data.map((x) => h("li", {},
    x.title === title ? h("strong", { "aria-current": "page" }, x.name) : h("a", { href: `/rules/${x.title}` }, x.name))));
}

/** Opened from a game (its Rules link adds `?game=ID`): a link back to it, which closes
 *  this tab where the game's link opened one, else goes to the game's page (the 26th
 *  newcomer run found no way back from the rules on a phone). */
function backToGame() {
  const game = new URLSearchParams(location.search).get("game") || "";
  if (!/^[\w-]{1,64}$/.test(game)) return;
  const link = $("#back-link");
  link.href = `/g/${encodeURIComponent(game)}`;
  link.addEventListener("click", (event) => {
    if (history.length > 1) return;  // (not a tab of its own: follow the link)
    event.preventDefault();
    window.close();  // a tab the game's link opened; where the browser refuses, go there
    setTimeout(() => { location.href = link.href; }, 150);
  });
  $("#back-to-game").hidden = false;
}

async function main() {
  backToGame();
  await setLanguage(pickLanguage());
  languageSwitch($("#lang"), render);
  await Promise.all([render(), others()]);
}

main();
