"""The rules pages are complete (a newcomer found them too short to learn from): in
Chromium, each title's page in each of the five languages shows every section, cites
every top-level section of the title's rules (CE-1 ... CE-10, TS-1 ... TS-10) in small
text, has a contents list linking to each section, has the same sections and the same
citations in every language, and has no serious or critical axe-core violation at phone
and desktop sizes."""

from __future__ import annotations

import re
from typing import Any

import pytest
from test_web_a11y import FAILING, axe_violations, report
from webplay import get_json

# The top-level sections of the rules specifications (chicago-express.md,
# trans-siberian.md): the page restates every one of them.
SPEC = {
    "chicago-express": ["CE-1", "CE-2", "CE-3", "CE-4", "CE-5", "CE-6", "CE-7", "CE-8",
                        "CE-9", "CE-10"],
    "trans-siberian": ["TS-1", "TS-2", "TS-3", "TS-4", "TS-5", "TS-6", "TS-7", "TS-8",
                       "TS-9", "TS-10"],
}
LOCALES = {"en": "en-US", "de": "de-DE", "it": "it-IT", "es": "es-ES", "ca": "ca-ES"}
# A rules summary to learn the game from, not a reminder card (the old pages: about 3000).
AT_LEAST = 6000

READ = """() => [...document.querySelectorAll('#rules-sections section')].map(s => {
  const h = s.querySelector('h3');
  const ref = h.querySelector('.rule-ref');
  const own = e => [...e.querySelectorAll('.rule-ref')].map(r => r.textContent);
  const box = h.getBoundingClientRect();
  return {
    id: s.id,
    heading: h.firstChild.textContent.trim(),
    ref: ref ? ref.textContent : null,
    shown: box.width > 0 && box.height > 0 && getComputedStyle(s).visibility === 'visible',
    paragraphs: [...s.querySelectorAll('p')].map(own),
    items: [...s.querySelectorAll('li')].map(own),
    words: s.innerText.length,
  };
})"""

SIZES = """() => {
  const px = e => parseFloat(getComputedStyle(e).fontSize);
  const body = px(document.querySelector('#rules-sections li'));
  return [...document.querySelectorAll('#rules-sections .rule-ref')].map(r => px(r) / body);
}"""


def numbers(refs: list[str]) -> set[str]:
    """The top-level sections cited ("(CE-5.4, CE-7)" cites CE-5 and CE-7)."""
    return {m.group(1) for ref in refs for m in re.finditer(r"\b([A-Z]{2}-\d+)\b", ref)}


def load(open_page: Any, base_url: str, title: str, locale: str, size: tuple[int, int]) -> Any:
    """The title's rules page in a browser speaking ``locale`` (axe may be injected)."""
    page = open_page(*size, locale=locale, touch=size[0] < 500, bypass_csp=True).page
    page.goto(f"{base_url}/rules/{title}")
    page.wait_for_selector("#rules[aria-busy='false'] #rules-sections h3")
    assert page.locator("html").get_attribute("lang") == locale.split("-")[0]
    return page


def no_serious_violation(page: Any, where: str) -> None:
    violations = axe_violations(page)
    bad = [v for v in violations if v["impact"] in FAILING]
    assert not bad, f"axe-core: serious or critical violations on {where}:\n" + report(bad)


@pytest.mark.parametrize("title", SPEC)
def test_every_language_shows_every_section_citing_every_rule(base_url: str, open_page: Any,
                                                              title: str) -> None:
    seen: dict[str, list[dict[str, Any]]] = {}
    for lang, locale in LOCALES.items():
        page = load(open_page, base_url, title, locale, (390, 844))  # a phone
        data = get_json(f"{base_url}/api/titles/{title}/rules/{lang}")
        sections = page.evaluate(READ)
        seen[lang] = sections

        # every section of the page's data is shown, each with its heading and its points
        assert [s["heading"] for s in sections] == [s["heading"] for s in data["sections"]]
        for s in sections:
            assert s["shown"] and (s["paragraphs"] or s["items"]), (lang, s["heading"])
        assert sum(s["words"] for s in sections) >= AT_LEAST, (lang, "too short to learn from")

        # each section heading cites its rule section; together they cite every one
        heads = [s["ref"] for s in sections]
        assert all(heads), (lang, heads)
        assert numbers(heads) == set(SPEC[title]), (lang, heads)
        prefix = SPEC[title][0].split("-")[0]
        assert all(r.startswith(f"({prefix}-") for r in heads), (lang, heads)
        # ... in small text, as are the rule numbers after each point
        sizes = page.evaluate(SIZES)
        assert len(sizes) > len(sections) and max(sizes) < 0.95, (lang, sizes)

        # the contents list links to every section, by its heading
        links = page.locator("#rules-contents a")
        assert links.all_inner_texts() == [s["heading"] for s in sections]
        assert [links.nth(i).get_attribute("href") for i in range(links.count())] == [
            f"#{s['id']}" for s in sections]

        no_serious_violation(page, f"{title} rules, {lang}, phone")

    # the five languages have the same sections, points and rule numbers, in other words
    english = seen["en"]
    shape = [(s["ref"], s["paragraphs"], s["items"]) for s in english]
    for lang, sections in seen.items():
        assert [(s["ref"], s["paragraphs"], s["items"]) for s in sections] == shape, lang
        if lang != "en":
            same = [s["heading"] for s, e in zip(sections, english, strict=True)
                    if s["heading"] == e["heading"]]
            assert len(same) <= 1, (lang, "not translated", same)


@pytest.mark.parametrize("title", SPEC)
def test_contents_link_leads_to_its_section_on_a_desktop(base_url: str, open_page: Any,
                                                         title: str) -> None:
    page = load(open_page, base_url, title, "en-US", (1366, 768))
    no_serious_violation(page, f"{title} rules, desktop")
    last = page.locator("#rules-contents a").last  # the last section, out of sight
    href = last.get_attribute("href") or "#none"
    heading = page.locator(f"{href} h3")
    in_view = ("e => { const r = e.getBoundingClientRect();"
               " return r.top >= 0 && r.bottom <= innerHeight; }")
    assert not heading.evaluate(in_view)
    last.click()
    page.wait_for_function(f"() => location.hash === '{href}'")
    page.wait_for_function(f"() => ({in_view})(document.querySelector('{href} h3'))")
    assert SPEC[title][-1] in heading.locator(".rule-ref").inner_text()
