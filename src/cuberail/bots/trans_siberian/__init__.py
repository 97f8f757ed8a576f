"""Trans-Siberian Railroad's bot kit (:mod:`cuberail.bots.kit`): its heuristic
(:mod:`.heuristic`), rollout policy and cut-off evaluator (:mod:`.fast`), search knowledge
(:mod:`.search`) and learned features (:mod:`.features`)."""

from __future__ import annotations

from cuberail.bots.kit import Features, Kit, Network, Policy, SearchSettings
from cuberail.bots.trans_siberian import action_features, features, net_features, search
from cuberail.bots.trans_siberian.fast import evaluate, fast_policy
from cuberail.bots.trans_siberian.heuristic import TSHeuristic
from cuberail.games.trans_siberian.board import COMPANY_IDS

# The modules mypyc compiles (cuberail._compiled reads this tuple as text: plain names).
COMPILED = ("fast", "features", "heuristic", "search")


def _fast() -> Policy:
    return fast_policy


# The search's settings, measured by tournaments of mcts:200 against three heuristics
# (docs/history.md#ts-rollouts), with this kit's policy and evaluator.
# Cut-off, 60 games of seed 7 each: cut at 30 won 0.62, at 60 0.67, at 80 0.79, at 100
# 0.85, at 150 0.79, full rollouts 0.80; so 100 (a rollout from the middle of the game
# mostly reaches its end: the evaluator scores the positions of the opening, where it is
# surest, less often the rest).
# Not quiet: the learned search at cut 40 won 0.73 of 120 games against three heuristics
# quiet and 0.83 without (seed 2024); the hand-tuned one 0.75 and 0.73.
# UCT's constant (in units of a seat's reward spread), cut at 100, 60 games each of seeds 7
# and 11: 0.3 won 0.90 (seed 7 only), 0.5 0.94 and 0.88, 0.7 0.92 and 0.88, 1.4 (the shared
# constant) 0.85 and 0.83.
# Large budgets: the cut at 100 and UCT 0.5 are the gain of small budgets (mcts:200 against
# three heuristics: 0.95 against 0.75 for cut 60 and UCT 1.4); at mcts:2000 both won alike
# (0.93, 0.95); at hard's budget (its iteration twins mcts:7600 and, with these settings,
# mcts:10600, in ladder games on seven paired seeds) cut 60 and UCT 1.4 won 0.795 of the
# meetings with medium against 0.701, better on six seeds of seven (docs/bots.md, "How
# strong are the bots"): a lean, so hard keeps these.
# The learned evaluation's cut-off, at every budget (the UCT constant stays the budget's):
# its model (weights v1) forecasts the search's games far better than the hand-tuned
# evaluator, so a search that trusts it can stop rollouts sooner and use the time for more
# iterations (2.2 times as many at cut 40 as at 100). One learned search at cut 40 against
# three of today's at equal time, 150 games of seed 2025: mean rank 2.28 (2.12-2.45) at
# 0.05 s a decision (they cut at 100, UCT 0.5) and 2.25 (2.08-2.41) at 0.25 s (they cut at
# 60, UCT 1.4); the hand-tuned evaluator at cut 40 ranked 2.73 (60 games) and the learned
# one at cut 100 2.57 (150). Against the heuristic it is weaker at 0.05 s, so it stays
# opt-in (docs/learned.md, docs/history.md#ts-learned).
SEARCH = SearchSettings(cutoff=100, quiet=False, exploration=0.5, large_budget=(60, 1.4),
                        learned_cutoff=40)

FEATURES = Features(features.FEATURE_VERSION, features.FEATURE_NAMES, features.LinearEvaluator,
                    features.HAND_WEIGHTS, features.seat_features,
                    shipped="trans-siberian-v1.json")

# The policy/value network's action encoding (the az bot, docs/learned.md): each kind and the
# companies an action names (a jump's ``pay:`` word counts as an other word); bids and share
# values by their offset from the lowest legal one; and since version 2 the board's numbers
# of each action (:mod:`.action_features`: a link's cost and income, the heuristic's values);
# since version 3 the state as the network's own rows (:mod:`.net_features`: each company's
# numbers, what it can build next, the game's clock) instead of the learned
# evaluation's money sums.
NETWORK = Network(version=3, kinds=("bid", "build", "buy", "link", "pass", "stop", "surcharge",
                                    "value"),
                  words=COMPANY_IDS, number_scale=10.0, shipped="trans-siberian-az5.json",
                  board=action_features.action_features, board_names=action_features.NAMES,
                  state=net_features.state_rows, state_names=net_features.NAMES)

KIT = Kit(heuristic=TSHeuristic, fast_policy=_fast, evaluator=evaluate, pruner=search.prune,
          auction_running=search.auction_running, search=SEARCH, features=FEATURES,
          network=NETWORK)
