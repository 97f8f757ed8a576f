"""Bots by name, so that the CLI, tournaments and (later) the server can seat them."""

from __future__ import annotations

from collections.abc import Callable

from cuberail.bots.base import Bot
from cuberail.bots.random_bot import RandomBot
from cuberail.core.errors import CuberailError

BotFactory = Callable[[int], Bot]  # seed -> bot

BOTS: dict[str, BotFactory] = {
    "random": lambda seed: RandomBot(seed),
}


def bot_names() -> list[str]:
    return sorted(BOTS)


def make_bot(name: str, seed: int) -> Bot:
    """A bot by name (e.g. ``random``), seeded for reproducibility."""
    key = name.strip().lower()
    if key not in BOTS:
        raise CuberailError(f"unknown bot {name!r}; choose from: {', '.join(bot_names())}")
    return BOTS[key](seed)
