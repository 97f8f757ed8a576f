"""Chicago Express's bot kit (:mod:`cuberail.bots.kit`): its heuristic (:mod:`.heuristic`),
rollout policy (:mod:`.fast`), search knowledge (:mod:`.search`), dividend forecast
(:mod:`.forecast`) and learned features (:mod:`.features`)."""

from __future__ import annotations

import importlib
from collections.abc import Callable
from typing import Any

from cuberail.bots.chicago_express import action_features, features, search
from cuberail.bots.chicago_express.fast import fast_policy
from cuberail.bots.chicago_express.heuristic import CEHeuristic
from cuberail.bots.kit import Features, Kit, Network, Policy, SearchSettings
from cuberail.games.chicago_express.board import COMPANY_IDS, GAUGE_NAMES

# The modules mypyc compiles (cuberail._compiled reads this tuple as text: plain names).
COMPILED = ("fast", "features", "forecast", "heuristic", "search")


def _fast() -> Policy:
    return fast_policy


def _train_dividends(*args: Any) -> dict[str, Any]:
    # Imported by name, not by an import statement: the trainer reaches train_eval, the
    # arena and Ray, and mypyc type-checks whatever the compiled modules of this package
    # import, in a build environment that has only the build requirements.
    trainer = importlib.import_module("cuberail.bots.chicago_express.train_forecast")
    result: dict[str, Any] = trainer.train_dividends(*args)
    return result


# The search's cut-off: at equal time against the search itself (mcts:0.05s:cutK against
# three at cut 30) cuts at 10, 15 and 20 ranked 2.18-2.26 (chance 2.5), but against three
# heuristics (seed 2024) cut 15 collapsed (mcts:200 won 0.18 against 0.94 at cut 30, 60
# games): its rollouts from the setup stopped inside the setup auctions, where the
# evaluator alone priced the shares, and it overbid. Quiet cut-offs (a rollout at its
# cut-off inside an auction plays the auction out first) mend that: mcts:200:cut15:quiet
# won 0.89 of 120 games against three heuristics, the same games' mean rank as cut 30
# (paired difference -0.00, -0.16 to +0.15), and at equal time against three cut-30
# searches ranked 2.28 (2.11-2.45) over 150 games of seed 2025. So 15, quiet
# (docs/history.md, "The search's cut-off in Chicago Express"). UCT's constant: the shared
# default (1.4).
SEARCH = SearchSettings(cutoff=15, quiet=True)

FEATURES = Features(features.FEATURE_VERSION, features.FEATURE_NAMES, features.LinearEvaluator,
                    features.HAND_WEIGHTS, features.seat_features,
                    shipped="chicago-express-v4.json")

# The policy/value network's action encoding (the az bot, docs/learned.md): each kind, and the
# companies and gauges an action names; bids by their offset from the lowest legal bid; and
# since version 2 the board's numbers of each action (:mod:`.action_features`: a build's
# cost and income, a share's worth, the heuristic's values).
NETWORK = Network(version=2, kinds=("bid", "choose", "company", "develop", "forgo", "pass",
                                    "place", "share", "stop"),
                  words=(*COMPANY_IDS, *GAUGE_NAMES), number_scale=10.0,
                  shipped="chicago-express-az3.json",
                  board=action_features.action_features, board_names=action_features.NAMES)

TRAINERS: dict[str, Callable[..., dict[str, Any]]] = {"dividends": _train_dividends}

KIT = Kit(heuristic=CEHeuristic, fast_policy=_fast, evaluator=search.evaluate,
          pruner=search.prune, auction_running=search.auction_running, search=SEARCH,
          features=FEATURES, network=NETWORK, trainers=TRAINERS)
