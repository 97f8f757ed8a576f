"""What the lobby and the game page need of each title: its name, player range, rule
options and bot levels, how the browser shows it (its face), its rules page and the
texts of a guided first game.

A title's face, rules and guide are data files of its package (``data/face.json``,
``data/rules-LANG.json``, ``data/guide-LANG.json``): found through the title, never
named here.
"""

from __future__ import annotations

import json
from functools import lru_cache
from importlib import resources
from typing import Any

from cuberail.bots.registry import HARD_SECONDS, LEVELS
from cuberail.core.game import GameInfo
from cuberail.core.options import OptionSpec
from cuberail.core.words import LANGUAGES
from cuberail.games import get_game, titles
from cuberail.games.face import face

BOT_HELP = {"random": "plays a random legal move", **LEVELS,
            "heuristic": "the heuristic (same as medium)",
            "mcts:N": "Monte Carlo tree search, N iterations per decision (N up to 5000)"}


def option_json(spec: OptionSpec) -> dict[str, Any]:
    out: dict[str, Any] = {"name": spec.name, "default": spec.default, "help": spec.help,
                           "type": type(spec.default).__name__}
    if spec.choices:
        out["choices"] = list(spec.choices)
    if spec.minimum is not None:
        out["min"] = spec.minimum
    if spec.maximum is not None:
        out["max"] = spec.maximum
    return out


def _data(info: GameInfo, name: str) -> dict[str, Any] | None:
    """The JSON file ``data/<name>`` of a title's package, or None when it has none."""
    path = resources.files(info.package).joinpath("data", name)
    if not path.is_file():
        return None
    data = json.loads(path.read_text(encoding="utf-8"))
    return data if isinstance(data, dict) else None


@lru_cache(maxsize=32)
def face_json(title: str) -> dict[str, Any]:
    """How the browser shows a title (colours, letters, columns, end tracker, words);
    an empty face for a title that ships none (the page then shows its plain facts)."""
    return {key: value for key, value in face(title).items() if key != "about"}


def _in_language(title: str, stem: str, lang: str) -> dict[str, Any] | None:
    """A title's ``data/<stem>-LANG.json`` in ``lang`` (English when that language has
    none), with the title, its name and the language served; None if it has neither."""
    info = get_game(title)
    base = lang.lower().split("-")[0]
    for code in (base, "en") if base in LANGUAGES else ("en",):
        found = _data(info, f"{stem}-{code}.json")
        if found is not None:
            return {"title": info.title, "name": info.name, "lang": code, **found}
    return None


@lru_cache(maxsize=64)
def rules_json(title: str, lang: str) -> dict[str, Any] | None:
    """A title's rules page in ``lang`` (English when that language has none), or None."""
    return _in_language(title, "rules", lang)


@lru_cache(maxsize=64)
def guide_json(title: str, lang: str) -> dict[str, Any] | None:
    """A title's guided-game texts in ``lang`` (English when that language has none):
    what each decision is, what to click and why it matters, and what an event did."""
    return _in_language(title, "guide", lang)


def bot_json(name: str, help_text: str) -> dict[str, Any]:
    """A bot seat's choice: its name and help, and a thinking level's seconds a move."""
    out: dict[str, Any] = {"name": name, "help": help_text}
    if name == "hard":
        out["seconds"] = HARD_SECONDS
    return out


def titles_json() -> list[dict[str, Any]]:
    """Each title with its name, player range, options, the bot levels and its face."""
    out = []
    for title in titles():
        info = get_game(title)
        out.append({"title": info.title, "name": info.name, "min_players": info.min_players,
                    "max_players": info.max_players, "rules_version": info.rules_version,
                    "options": [option_json(s) for s in info.options],
                    "bots": [bot_json(k, v) for k, v in BOT_HELP.items()],
                    "face": face_json(info.title)})
    return out
