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
    mcts:300:quiet      cut rollouts off only outside auctions (play a running one out)
    mcts:0.1s:learned   cut-offs scored by the learned evaluation (shipped weights; a
                        title's kit may set its own cut-off, learned_cutoff); ``hand``: the default

``az`` is the search guided by the title's policy/value network (PUCT priors, shipped
weights, numpy; docs/learned.md), at hard's time per decision; it takes the same
options, e.g. ``az:0.2s`` or ``az:400``, and ``netvalue`` (leaves scored by the network's
value instead of a rollout) or ``rolloutvalue`` (the default), and ``afterN`` (a position
below the root asks the network once it has N visits; 16 by default, ``after0``: at once).

Budgets are capped (names also come from records, which are untrusted): iterations
1..100000, seconds 0.01..60, cutN 1..1000, pN and afterN 0..100000, cX 0..100.

    >>> make_bot("mcts:500:full", 1).config.describe()
    'mcts (500 iterations, fast rollouts full)'
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from cuberail.bots.base import Bot
from cuberail.bots.evaluate import EVALUATOR_KINDS
from cuberail.bots.mcts import ROLLOUTS, MCTSBot, MCTSConfig
from cuberail.bots.random_bot import RandomBot
from cuberail.core.errors import CuberailError

BotFactory = Callable[[int], Bot]  # seed -> bot

HARD_SECONDS = 1.0
MCTS_DEFAULT = MCTSConfig(iterations=1000)
# PUCT's constant, in units of a seat's reward spread as UCT's (docs/learned.md)
AZ_EXPLORATION = 2.0
AZ_GUIDE_AFTER = 16  # az asks the network at positions with this many visits (afterN)
AZ_DEFAULT = MCTSConfig(iterations=None, seconds=HARD_SECONDS, guide="net",
                        exploration=AZ_EXPLORATION, guide_after=AZ_GUIDE_AFTER)


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
    "az": lambda seed: MCTSBot(seed, AZ_DEFAULT),
}

LEVELS = {"easy": "heuristic that blunders a quarter of its moves",
          "medium": "the heuristic", "hard": f"mcts, {HARD_SECONDS:g} s per decision"}


def bot_names() -> list[str]:
    return sorted(BOTS)


MAX_SPEC = 200  # characters in a bot name
ITERATIONS = (1, 100_000)
SECONDS = (0.01, 60.0)
CUTOFF = (1, 1000)
PRIOR_VISITS = (0, 100_000)
EXPLORATION = (0.0, 100.0)


def make_bot(name: str, seed: int) -> Bot:
    """A bot by name (e.g. ``random`` or ``mcts:500``), seeded for reproducibility.

    Names come from the command line and from records (untrusted): every budget is
    checked against its allowed range, so a record cannot ask for a search that never ends.
    """
    if len(name) > MAX_SPEC:
        raise CuberailError(f"bot name too long ({len(name)} characters; at most {MAX_SPEC})")
    key = name.strip().lower()
    if key in BOTS:
        return BOTS[key](seed)
    if key.startswith("mcts:"):
        return MCTSBot(seed, parse_mcts(key))
    if key.startswith("az:"):
        return MCTSBot(seed, parse_mcts(key, AZ_DEFAULT))
    raise CuberailError(
        f"unknown bot {name!r}; choose from: {', '.join(bot_names())}"
        " (or mcts:ITERATIONS, mcts:SECONDSs, with :full, :cutN or a rollout name;"
        " az: takes the same)"
    )


def parse_mcts(spec: str, base: MCTSConfig = MCTS_DEFAULT) -> MCTSConfig:
    """The configuration named by ``mcts:OPT:OPT...`` or ``az:OPT...`` from ``base`` (see
    the module docstring)."""
    cfg = base
    for word in spec.split(":")[1:]:
        cfg = _mcts_option(cfg, word, spec)
    return cfg


def _digits(text: str) -> bool:
    """ASCII digits only (``"²".isdigit()`` is true but ``int("²")`` fails)."""
    return text.isascii() and text.isdigit()


def _decimal(text: str) -> bool:
    return _digits(text.replace(".", "", 1))


def _within(value: float, bounds: tuple[float, float], what: str, spec: str) -> None:
    low, high = bounds
    if not low <= value <= high:
        raise CuberailError(f"bad bot {spec!r}: {what} must be from {low:g} to {high:g}")


def _number(text: str, bounds: tuple[float, float], what: str, spec: str) -> float:
    """A number within bounds; the digit count is checked first (no 5,000-digit int())."""
    if len(text) > 12:
        _within(float("inf"), bounds, what, spec)
    value = float(text)
    _within(value, bounds, what, spec)
    return value


def _mcts_option(cfg: MCTSConfig, word: str, spec: str) -> MCTSConfig:
    if _digits(word):
        n = int(_number(word, ITERATIONS, "iterations", spec))
        return replace(cfg, iterations=n, seconds=None)
    if word.endswith("s") and _decimal(word[:-1]):
        seconds = _number(word[:-1], SECONDS, "seconds", spec)
        return replace(cfg, seconds=seconds, iterations=None)
    if word == "full":
        return replace(cfg, cutoff=None)
    if word in EVALUATOR_KINDS:
        return replace(cfg, evaluator=word)
    if word in ("jump", "nojump"):
        return replace(cfg, jump_bids=word == "jump")
    if word in ("netvalue", "rolloutvalue") and cfg.guide:
        return replace(cfg, leaf="guide" if word == "netvalue" else "rollout")
    if word.startswith("after") and _digits(word[5:]) and cfg.guide:
        visits = int(_number(word[5:], PRIOR_VISITS, "the guide's visits (afterN)", spec))
        return replace(cfg, guide_after=visits)
    if word in ("quiet", "noquiet"):
        return replace(cfg, quiet=word == "quiet")
    if word.startswith("cut") and _digits(word[3:]):
        return replace(cfg, cutoff=int(_number(word[3:], CUTOFF, "the cutoff (cutN)", spec)))
    if word.startswith("p") and _digits(word[1:]):
        visits = int(_number(word[1:], PRIOR_VISITS, "prior visits (pN)", spec))
        return replace(cfg, prior_visits=visits)
    if word.startswith("c") and _decimal(word[1:]):
        c = _number(word[1:], EXPLORATION, "exploration (cX)", spec)
        return replace(cfg, exploration=c)
    if word in ROLLOUTS:
        return replace(cfg, rollout=word)
    raise CuberailError(
        f"bad bot {spec!r}: {word!r} is not an iteration count (500), a time (1.5s),"
        f" full, cutN, cX (exploration), pN (prior visits), jump, nojump, quiet, noquiet,"
        f" learned, hand, netvalue, rolloutvalue, afterN (az)"
        f" or a rollout"
        f" ({', '.join(ROLLOUTS)})"
    )
