"""A title's bot knowledge, in one place: its kit, found by the title.

A kit is the module ``cuberail.bots.<package>`` (the last part of GameInfo.package), or, for a
plug-in title, ``<its package>.bots``, exporting ``KIT``: a :class:`Kit` of the
title's heuristic, fast rollout policy, evaluator, bid pruning, auction test,
search settings and learned features. The generic bots (search, rollouts,
evaluation, learned evaluation, training) read it and name no title. A title
without a kit still plays: the heuristic falls back to the random bot (with a
note), the search to cheap random rollouts played to the end (no evaluator), and
the learned evaluation says no model exists for it. Never another title's kit.

The kits are imported with :mod:`importlib`: the generic modules do not import any
title (import-linter checks it, ``[tool.importlinter]`` in pyproject.toml).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from cuberail.bots.base import Bot
from cuberail.core.actions import Action
from cuberail.core.errors import CuberailError
from cuberail.core.state import GameState

Policy = Callable[[GameState, random.Random], Action]  # as cuberail.bots.rollout.Policy
Evaluator = Callable[[GameState], list[float]]  # as cuberail.bots.evaluate.Evaluator
# The search's bid pruning: the actions searched among the legal ones; its third argument
# is the searching MCTSBot (its config, seed and helpers).
Pruner = Callable[[GameState, list[Action], Any], list[Action]]
Busy = Callable[[GameState], bool]  # whether an auction is running (quiet cut-offs)
# A search's guide (PUCT): for a position and the actions searched there, a prior per action
# (summing to 1) and each seat's value of the position (win shares in [0, 1]).
Guide = Callable[[GameState, list[Action]], tuple[list[float], list[float]]]

DEFAULT_CUTOFF = 30  # rollout moves before the evaluator scores, for a title without its own
DEFAULT_EXPLORATION = 1.4  # UCT's constant, for a title without its own


@dataclass(frozen=True)
class SearchSettings:
    """The search's defaults for a title (each measured: see the title's kit)."""

    cutoff: int | None = DEFAULT_CUTOFF  # rollout moves before evaluating; None: to the end
    quiet: bool = False  # cut off only outside auctions (MCTSConfig.quiet)
    exploration: float = DEFAULT_EXPLORATION  # UCT's constant
    # (cut-off, UCT constant) at large budgets (mcts.large_budget), where measured better
    large_budget: tuple[int | None, float] | None = None
    # the learned evaluation's own cut-off, at every budget; None: the one above
    learned_cutoff: int | None = None


@dataclass(frozen=True)
class Features:
    """What a title's learned model reads: its feature names and version, how to build the
    evaluator from weights, the hand-tuned evaluator as weights of these features, each
    seat's feature row of a state (training), and the shipped weights file, if any."""

    version: int
    names: tuple[str, ...]
    build: Callable[[list[float]], Evaluator]
    hand: tuple[float, ...]
    seat_features: Callable[[GameState], list[list[float]]]
    shipped: str | None = None  # the file in cuberail/bots/weights/ (None: none shipped)


# A title's reading of its actions in a position: for each action, one number per name of
# ``Network.board_names`` (what a build costs and earns, what a share is worth, ...).
ActionFeatures = Callable[[GameState, list[Action]], list[list[float]]]


@dataclass(frozen=True)
class Network:
    """How a title's legal actions are encoded for its policy/value network
    (:mod:`cuberail.bots.network`): each action is a small feature vector (its kind one-hot,
    its word arguments one-hot, its number's offset from the lowest legal one of its kind,
    then the title's own reading of the action in the position, ``board``), scored against
    the state's embedding, so no global action table is needed. The state is the kit's
    :class:`Features` rows, or the title's own reader of the state when ``state`` is set
    (one row per seat, one number per name of ``state_names``). ``version`` changes with this
    encoding and with the state reader; weights are tied to it, to the feature version and
    to the rules version."""

    version: int
    kinds: tuple[str, ...]  # action kinds, in the one-hot's order
    words: tuple[str, ...]  # word arguments worth a one-hot (companies, gauges)
    number_scale: float = 10.0  # a number's offset from the lowest legal one is divided by it
    shipped: str | None = None  # the file in cuberail/bots/weights/ (None: none shipped)
    board: ActionFeatures | None = None  # the title's numbers per action (None: none)
    board_names: tuple[str, ...] = ()  # their names, one per number ``board`` gives
    # the state as the network reads it, one row per seat (None: the Features' rows)
    state: Callable[[GameState], list[list[float]]] | None = None
    state_names: tuple[str, ...] = ()  # their names, one per number of a ``state`` row


@dataclass(frozen=True)
class Kit:
    """A title's bot knowledge; every part but the heuristic is optional."""

    heuristic: Callable[[int | None], Bot]  # the rule-based player, from a seed
    fast_policy: Callable[[], Policy] | None = None  # the cheap rollout policy (imported late)
    evaluator: Evaluator | None = None  # the hand-tuned cut-off evaluator (else full rollouts)
    pruner: Pruner | None = None  # the search's bid pruning (else the generic thinning)
    auction_running: Busy | None = None  # for quiet cut-offs
    search: SearchSettings = SearchSettings()
    features: Features | None = None  # the learned evaluation's (else no learned model)
    network: Network | None = None  # the policy/value network's action encoding (else no az)
    # Training labels of the title's own (``train_eval.DataSpec.label``): label -> trainer,
    # called as ``trainer(spec, jobs, l2, free, nonneg)`` and returning a weights file's content.
    trainers: Mapping[str, Callable[..., dict[str, Any]]] = field(default_factory=dict)


_KITS: dict[str, Kit | None] = {}
LAYER = "bots"  # this room's name: a title's kit is cuberail.bots.<name> or <package>.bots


def kit_module(title: str) -> str:
    """Where ``title``'s kit lives: ``cuberail.bots.<package>``, or ``<package>.bots`` for a
    plug-in title (a CuberailError for an unknown title)."""
    from cuberail.games import layer_module_name

    return layer_module_name(title, LAYER)


def kit_for(title: str) -> Kit | None:
    """The kit of ``title`` (a name, an alias or the canonical title), or None when it has
    none (an unknown title has none either). Looked up once per title."""
    from cuberail.games import layer_module

    if title in _KITS:
        return _KITS[title]
    if not title:
        return None
    try:
        module = layer_module(title, LAYER)
    except CuberailError:
        return None
    kit = getattr(module, "KIT", None)
    found = kit if isinstance(kit, Kit) else None
    _KITS[title] = found
    return found


def clear() -> None:
    """Forget the kits looked up (after titles are refreshed, as tests do)."""
    _KITS.clear()
