"""A title's face: how its companies look (colours, letters, the terminal's styles), the
columns of its tables, its end tracker. Data of the title (``data/face.json`` in its
package), read here once for every face: the browser (through the server), the board
drawings and the terminal, so a colour lives in one place.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass
from functools import lru_cache
from importlib import resources
from typing import Any

from cuberail.games import get_game

FILE = "face.json"


@dataclass(frozen=True)
class CompanyLook:
    """How one company looks on every face."""

    colour: str  # its fill, #rrggbb
    ink: str  # text on the fill (the company's letter), #rrggbb
    letter: str  # one letter naming it where its name does not fit
    line: str  # a line in its colour on white (a pale colour drawn darker), #rrggbb
    terminal: str  # its Rich style at the terminal table ('' when the face has none)
    terminal_plain: str  # its Rich style in the plain line mode (else ``terminal``)


@lru_cache(maxsize=32)
def face(title: str) -> Mapping[str, Any]:
    """A title's ``data/face.json`` (shared: read, never change it); empty when the title
    ships none."""
    path = resources.files(get_game(title).package).joinpath("data", FILE)
    if not path.is_file():
        return {}
    data = json.loads(path.read_text(encoding="utf-8"))
    return data if isinstance(data, dict) else {}


def company_looks(title: str) -> dict[str, CompanyLook]:
    """Each company's look by company id, in the face's order."""
    return {cid: _look(said) for cid, said in face(title).get("companies", {}).items()}


def _look(said: Mapping[str, str]) -> CompanyLook:
    terminal = said.get("terminal", "")
    return CompanyLook(colour=said["colour"], ink=said["ink"], letter=said["letter"],
                       line=said.get("line", said["colour"]), terminal=terminal,
                       terminal_plain=said.get("terminal_plain", terminal))


__all__ = ["CompanyLook", "company_looks", "face"]
