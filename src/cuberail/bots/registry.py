"""Bots by name, so that the CLI, tournaments and (later) the server can seat them.

Names: ``random``, ``heuristic``, ``mcts``, difficulty levels ``easy``, ``medium``,
``hard``, and MCTS with options after colons, in any order::

    mcts:500            500 iterations per decision (reproducible for a seed)
    mcts:1.5s           1.5 seconds per decision
    mcts:2000:full      full rollouts instead of cut-off ones
    mcts:300:heuristic  rollouts by the full heuristic; also fast, biased, random
    mcts:300:cut20      cut rollouts off after 20 moves and evaluate
    mcts:300:p40        start the heuristic's move with 40 visits (a prior)
    mcts:300:c1.0       UCT exploration constant 1.0
    mcts:300:jump       bids searched: also up to the heuristic's limit (default: lowest two)

    >>> make_bot("mcts:500:full", 1).config.describe()
    'mcts (500 iterations, fast rollouts full)'
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from cuberail.bots.base import Bot
from cuberail.bots.mcts import ROLLOUTS, MCTSBot, MCTSConfig
from cuberail.bots.random_bot import RandomBot
from cuberail.core.errors import CuberailError

BotFactory = Callable[[int], Bot]  # seed -> bot

HARD_SECONDS = 1.0
MCTS_DEFAULT = MCTSConfig(iterations=1000)


def _easy(seed: int) -> Bot:
    from cuberail.bots.noisy import NoisyBot

    return NoisyBot(seed)


def _heuristic(seed: int) -> Bot:
    from cuberail.bots.heuristic import HeuristicBot

    return HeuristicBot(seed)


BOTS: dict[str, BotFactory] = {
    "random": lambda seed: RandomBot(seed),
    "heuristic": _heuristic,
    "mcts": lambda seed: MCTSBot(seed, MCTS_DEFAULT),
    "easy": _easy,
    "medium": _heuristic,
    "hard": lambda seed: MCTSBot(seed, MCTSConfig(iterations=None, seconds=HARD_SECONDS)),
}

LEVELS = {"easy": "heuristic that blunders a quarter of its moves",
          "medium": "the heuristic", "hard": f"mcts, {HARD_SECONDS:g} s per decision"}


def bot_names() -> list[str]:
    return sorted(BOTS)


def make_bot(name: str, seed: int) -> Bot:
    """A bot by name (e.g. ``random`` or ``mcts:500``), seeded for reproducibility."""
    key = name.strip().lower()
    if key in BOTS:
        return BOTS[key](seed)
    if key.startswith("mcts:"):
        return MCTSBot(seed, parse_mcts(key))
    raise CuberailError(
        f"unknown bot {name!r}; choose from: {', '.join(bot_names())}"
        " (or mcts:ITERATIONS, mcts:SECONDSs, with :full, :cutN or a rollout name)"
    )


def parse_mcts(spec: str) -> MCTSConfig:
    """The configuration named by ``mcts:OPT:OPT...`` (see the module docstring)."""
    cfg = MCTS_DEFAULT
    for word in spec.split(":")[1:]:
        cfg = _mcts_option(cfg, word, spec)
    return cfg


def _mcts_option(cfg: MCTSConfig, word: str, spec: str) -> MCTSConfig:
    try:
        if word.isdigit():
            return replace(cfg, iterations=int(word), seconds=None)
        if word.endswith("s") and word[:-1].replace(".", "", 1).isdigit():
            return replace(cfg, seconds=float(word[:-1]), iterations=None)
        if word == "full":
            return replace(cfg, cutoff=None)
        if word in ("jump", "nojump"):
            return replace(cfg, jump_bids=word == "jump")
        if word.startswith("cut") and word[3:].isdigit():
            return replace(cfg, cutoff=int(word[3:]))
        if word.startswith("p") and word[1:].isdigit():
            return replace(cfg, prior_visits=int(word[1:]))
        if word.startswith("c") and word[1:].replace(".", "", 1).isdigit():
            return replace(cfg, exploration=float(word[1:]))
        if word in ROLLOUTS:
            return replace(cfg, rollout=word)
    except ValueError:
        pass
    raise CuberailError(
        f"bad bot {spec!r}: {word!r} is not an iteration count (500), a time (1.5s),"
        f" full, cutN, cX (exploration), pN (prior visits), jump, nojump or a rollout"
        f" ({', '.join(ROLLOUTS)})"
    )
