"""What the lobby needs to offer a game: titles, player ranges, rule options, bot levels."""

from __future__ import annotations

from typing import Any

from cuberail.bots.registry import LEVELS
from cuberail.core.options import OptionSpec
from cuberail.games import get_game, titles

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


def titles_json() -> list[dict[str, Any]]:
    """Each title with its name, player range, options and the bot levels."""
    out = []
    for title in titles():
        info = get_game(title)
        out.append({"title": info.title, "name": info.name, "min_players": info.min_players,
                    "max_players": info.max_players, "rules_version": info.rules_version,
                    "options": [option_json(s) for s in info.options],
                    "bots": [{"name": k, "help": v} for k, v in BOT_HELP.items()]})
    return out
