// A title's rules page (/rules/{title}): its rules in the page's language, read from the
// title's data (GET /api/titles/{title}/rules/{lang}): how to win, then each section with
// the numbers of the rules it summarises.

import { api } from "./api.js";
import { $, h, say } from "./dom.js";
import { language, languageSwitch, pickLanguage, setLanguage, t } from "./i18n.js";

const title = decodeURIComponent((location.pathname.match(/^\/rules\/([\w-]+)/) || [])[1] || "");

function section(s) {
  return h("section", { class: "rules-section" },
    h("h3", {}, s.heading, s.rule ? h("span", { class: "rule-ref" }, ` (${s.rule})`) : null),
    (s.text || []).map((p) => h("p", {}, p)),
    s.items?.length ? h("ul", {}, s.items.map((item) => h("li", {}, item))) : null);
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
  $("#rules-sections").replaceChildren(...(rules.sections || []).map(section));
  $("#rules").setAttribute("aria-busy", "false");
}

async function others() {
  const answer = await api.titles();
  if (!answer.ok) return;
  $("#rules-others").replaceChildren(...answer.data.map((x) => h("li", {},
    x.title === title ? h("strong", { "aria-current": "page" }, x.name) : h("a", { href: `/rules/${x.title}` }, x.name))));
}

async function main() {
  await setLanguage(pickLanguage());
  languageSwitch($("#lang"), render);
  await Promise.all([render(), others()]);
}

main();
