"""The rules at the table (`help rules`): the title's rules page, read from the data its
package ships (``data/rules-en.json``, the browser's rules page), as plain text.

Read only, found through the title: a pip-installed player has the page without the
repository's docs.
"""

from __future__ import annotations

import json
import re
from functools import cache
from importlib import resources
from typing import Any

from cuberail.games import get_game

PAGE = "rules-en.json"
BROWSER = re.compile(r"\b(click|clicking|clicked|tap|tapping|drag|dragging)\b", re.IGNORECASE)
AT_THE_TERMINAL = ("[at the terminal: type the choice's number and Enter, or click the choice"
                   " in the list of your choices]")


def _page(title: str) -> dict[str, Any] | None:
    """The title's rules page as data, or None when its package ships none."""
    info = get_game(title)
    path = resources.files(info.package or info.title).joinpath("data", PAGE)
    if not path.is_file():
        return None
    data = json.loads(path.read_text(encoding="utf-8"))
    return data if isinstance(data, dict) else None


def _for_the_terminal(text: str) -> str:
    """A line of the browser's page as the terminal shows it: where it says to click, how
    to do it at the terminal follows it."""
    return f"{text}\n{AT_THE_TERMINAL}" if BROWSER.search(text) else text


def _section(section: dict[str, Any]) -> str:
    """One section: its heading (and rule numbers), its paragraphs and its points."""
    rule = f" ({section['rule']})" if section.get("rule") else ""
    lines = [f"{str(section.get('heading', '')).upper()}{rule}"]
    lines += [_for_the_terminal(str(p)) for p in section.get("text", [])]
    lines += [_for_the_terminal(f"- {item}") for item in section.get("items", [])]
    return "\n".join(lines)


@cache
def rules_page(title: str) -> str:
    """The title's rules page as text ('' when its package ships none)."""
    page = _page(title)
    if page is None:
        return ""
    parts = [_for_the_terminal(str(page.get("intro", ""))),
             _for_the_terminal(f"To win: {page.get('win', '')}")]
    parts += [_section(s) for s in page.get("sections", []) if isinstance(s, dict)]
    return "\n\n".join(p for p in parts if p.strip())
