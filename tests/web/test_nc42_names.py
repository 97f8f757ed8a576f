"""The 42nd newcomer run, in Chromium at 1366x768: a bot's name in the players' panel
broke as "Bot 3 (medium" with ")" alone on the next line, the column squeezed by an
at-risk note. A name's bracketed end is now kept whole on its line."""

from __future__ import annotations

from typing import Any

from webplay import post_json, wait_loaded

LINES = """() => {
  const row = [...document.querySelectorAll('#players tbody tr')]
    .find((r) => r.textContent.includes('(medium)'));
  const name = row.querySelector('th .name');
  const range = document.createRange();
  range.selectNodeContents(name.querySelector('.nowrap'));
  const tops = new Set([...range.getClientRects()].map((r) => Math.round(r.top)));
  const whole = document.createRange();
  whole.selectNodeContents(name);
  return {bracket: tops.size, name: name.textContent,
          rows: new Set([...whole.getClientRects()].map((r) => Math.round(r.top))).size};
}"""


def test_a_bot_s_level_stays_whole_when_its_name_wraps(base_url: str, open_page: Any) -> None:
    made = post_json(f"{base_url}/api/games", {
        "title": "trans-siberian", "players": 3,
        "seats": [{"name": "Ann"}, {"name": "Bob"}, {"bot": "medium"}]})
    page = open_page(1366, 768).page
    page.goto(made["seats"][0]["invite_url"])
    wait_loaded(page)
    assert page.evaluate(LINES) == {"bracket": 1, "name": "Bot 3 (medium)", "rows": 1}
    # a column squeezed as an at-risk note squeezes it: the name wraps before "(medium)"
    page.evaluate("() => { const th = [...document.querySelectorAll('#players tbody th')]"
                  ".find((t) => t.textContent.includes('(medium)'));"
                  " th.style.width = th.style.maxWidth = '4.5em'; }")
    squeezed = page.evaluate(LINES)
    assert squeezed["rows"] == 2 and squeezed["bracket"] == 1, squeezed
