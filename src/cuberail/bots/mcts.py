"""Monte Carlo tree search for any title, over the core state interface only.

Each seat maximises its own utility: a node keeps, for the seat that moved into
it, the sum of that seat's rewards (a vector of rewards in [0, 1], one per seat,
is backed up through the tree). UCT chooses among the actions of the seat to
move. Search clones the root state once per iteration and applies the tree's
actions to the clone; it never replays a game log.

Two budgets: ``iterations`` (reproducible: the same seed and state give the same
move) and ``seconds`` (the bot answers within it). With both, search stops at
whichever comes first. Rollouts run a policy for at most ``cutoff`` moves, then
the title's evaluator scores the position (``cutoff=None``: play to the end); with
``quiet`` (a title's kit may make it the default) a rollout at its cut-off inside an auction
first plays the auction out.

Knowledge used, all optional per title and found in its kit (:mod:`cuberail.bots.kit`,
looked up once per search, not per rollout): bids in the tree are thinned to a few
amounts (the lowest two by default: in an ascending auction the decision that
matters is to go on or to stop); rollouts by a cheap policy that bids as the
heuristic would; an evaluator for cut-offs; and, with ``prior_visits``, the
heuristic's move at the root starts with that many visits. UCT's exploration for
a seat is scaled by the spread of that seat's rewards seen (at least half the
spread of all rewards), since evaluated cut-offs give rewards much closer
together than won-or-lost games.

A guide (PUCT, :data:`cuberail.bots.kit.Guide`: a prior per action and a value per seat,
e.g. the policy/value network of :mod:`cuberail.bots.network`, named by ``guide="net"``)
changes how the tree grows: a position is expanded with every searched action at once,
each with its prior, and selection maximises ``Q + c * P * sqrt(N) / (1 + n)`` (unvisited
moves count at the position's guided value). The leaf is then scored by a rollout as
above (``leaf="rollout"``) or by the guide's value alone (``leaf="guide"``). Without a
guide the search is exactly the UCT one (one test per iteration picks the loop).
"""

from __future__ import annotations

import importlib
import math
import random
import time
from collections.abc import Callable
from dataclasses import dataclass

from mypy_extensions import mypyc_attr

from cuberail.bots import kit
from cuberail.bots.base import Bot
from cuberail.bots.evaluate import EVALUATOR_KINDS, Evaluator, evaluator_for, terminal_utility
from cuberail.bots.heuristic import has_heuristic, heuristic_for
from cuberail.bots.rollout import (
    Policy,
    biased_policy,
    fast_policy_for,
    heuristic_policy_for,
    random_policy,
)
from cuberail.core.actions import Action
from cuberail.core.state import GameState

ROLLOUTS = ("fast", "heuristic", "biased", "random")
AUTO = -1  # cutoff, or an exploration below 0: the title's own (title_settings)
# A title's search settings (cut-off, quiet cut-offs, UCT constant, large-budget and learned
# settings) are in its kit (cuberail.bots.kit.SearchSettings), each next to its measurements;
# a title without a kit searches with these defaults.
DEFAULT_CUTOFF = kit.DEFAULT_CUTOFF
DEFAULT_EXPLORATION = kit.DEFAULT_EXPLORATION
LARGE_ITERATIONS = 2000  # a budget is large from this many iterations per decision
LARGE_SECONDS = 0.25  # or from this many seconds (about 2000 iterations, compiled)
Pruner = Callable[[GameState, list[Action], "MCTSBot"], list[Action]]
Busy = Callable[[GameState], bool]
Guide = kit.Guide
GUIDES = ("", "net")  # MCTSConfig.guide: none, or the title's shipped policy/value network
LEAVES = ("rollout", "guide")  # MCTSConfig.leaf: how a guided search scores its leaves
NO_KIT = kit.SearchSettings()  # the search settings of a title without a kit


@dataclass(frozen=True)
class MCTSConfig:
    """The search's budgets and knobs."""

    iterations: int | None = 1000  # per decision; None: only the time budget counts
    seconds: float | None = None  # per decision; None: only the iteration budget counts
    exploration: float = -1.0  # UCT constant, in units of the rewards' standard deviation;
    # below 0: the title's own for the budget (see title_settings)
    rollout: str = "fast"  # one of ROLLOUTS
    cutoff: int | None = AUTO  # rollout moves before evaluating; None: to the end
    score_weight: float = 0.1  # see terminal_utility
    margin: bool = False  # the score part is the lead over the best other (terminal_utility)
    bid_options: int = 6  # most bid amounts searched per auction decision
    prior_visits: int = 0  # visits granted up front to the heuristic's move at the root
    jump_bids: bool = False  # search bids up to the heuristic's limit, not only the lowest two
    reuse: bool = True  # keep the subtree of the move played when the same seat moves next
    evaluator: str = "hand"  # cut-off scoring: "hand" (tuned) or "learned" (shipped weights)
    quiet: bool | None = None  # cut off only outside auctions: a rollout at its cut-off
    # inside one plays on until it is over; None: the title's own (its kit's)
    guide: str = ""  # one of GUIDES: "" (UCT) or "net" (PUCT with the title's network)
    leaf: str = "rollout"  # one of LEAVES: a guided search's leaf value
    noise: float = 0.0  # a guided root's priors mixed with this much Dirichlet noise (self-play)
    guide_after: int = 0  # guided search: a position below the root asks the guide once it
    # has this many visits (its moves alike before); 0: as soon as it is expanded

    def describe(self) -> str:
        budget = []
        if self.iterations is not None:
            budget.append(f"{self.iterations} iterations")
        if self.seconds is not None:
            budget.append(f"{self.seconds:g} s")
        cut = ("full" if self.cutoff is None else "cut at the title's default"
               if self.cutoff == AUTO else f"cut at {self.cutoff}")
        if self.quiet is True and self.cutoff is not None:
            cut += " outside auctions"
        learned = ", learned evaluation" if self.evaluator == "learned" else ""
        if self.guide:
            leaf = (f"{self.rollout} rollouts {cut}{learned}" if self.leaf == "rollout"
                    else "network values")
            return f"mcts+{self.guide} ({' / '.join(budget)}, PUCT priors, {leaf})"
        return f"mcts ({' / '.join(budget)}, {self.rollout} rollouts {cut}{learned})"


class Node:
    """A position in the tree, reached by ``action``; statistics are for the seat that moved."""

    __slots__ = ("action", "children", "guided", "mover", "player", "prior", "untried", "value",
                 "visits", "wins")

    def __init__(self, action: Action | None, mover: int) -> None:
        self.action = action
        self.mover = mover  # the seat that chose ``action``
        self.player = -1  # the seat to move here (-1: terminal or not yet seen)
        self.children: list[Node] = []
        self.untried: list[Action] | None = None
        self.visits = 0
        self.wins = 0.0
        self.prior = 0.0  # guided search: the guide's prior of ``action``
        self.value = 0.0  # guided search: the guide's value here for ``player`` (children's
        # value before their first visit)
        self.guided = False  # guided search: the priors and value are the guide's

    def select(self, exploration: float) -> Node:
        """The child with the highest UCT value."""
        scale = exploration * math.sqrt(math.log(self.visits))
        best, chosen = -1.0, self.children[0]
        for child in self.children:
            n = child.visits
            value = child.wins / n + scale / math.sqrt(n)  # a C call when compiled
            if value > best:
                best, chosen = value, child
        return chosen

    def select_puct(self, exploration: float) -> Node:
        """The child with the highest PUCT value: mean reward plus prior-weighted exploration."""
        scale = exploration * math.sqrt(max(1, self.visits))
        unvisited = self.value
        best, chosen = -math.inf, self.children[0]
        for child in self.children:
            n = child.visits
            mean = child.wins / n if n else unvisited
            value = mean + scale * child.prior / (1 + n)
            if value > best:
                best, chosen = value, child
        return chosen


@mypyc_attr(allow_interpreted_subclasses=True)  # env.selfplay subclasses it
class MCTSBot(Bot):
    """The ``mcts`` bot; see the module docstring."""

    name = "mcts"

    def __init__(self, seed: int | None = None, config: MCTSConfig | None = None,
                 guide: Guide | None = None) -> None:
        self.config = config or MCTSConfig()
        if self.config.guide not in GUIDES or self.config.leaf not in LEAVES:
            raise ValueError(f"unknown guide {self.config.guide!r} or leaf {self.config.leaf!r};"
                             f" guides {GUIDES}, leaves {LEAVES}")
        if self.config.rollout not in ROLLOUTS:
            raise ValueError(f"unknown rollout {self.config.rollout!r}; one of {ROLLOUTS}")
        if self.config.evaluator not in EVALUATOR_KINDS:
            raise ValueError(f"unknown evaluator {self.config.evaluator!r}; one of"
                             f" {EVALUATOR_KINDS}")
        self.rng = random.Random(seed)
        self.seed = seed or 0
        self.last_iterations = 0
        self.last_seconds = 0.0
        self.last_reused = 0  # visits the last search inherited from the previous one
        # The subtree of the move last played and the state it leads to (tree reuse).
        self._kept: tuple[Node, GameState] | None = None
        self._title = ""
        self._policy: Policy = biased_policy
        self._evaluate: Evaluator | None = None
        self._prune: Pruner = _generic_prune
        self._busy: Busy | None = None  # with ``quiet``: whether an auction is running
        self._cutoff: int | None = None
        self._exploration = title_settings("", self.config)[1]  # set per title by _prepare
        self.helpers: dict[str, object] = {}  # per-title helpers (e.g. a judge of bids)
        self._given_guide = guide  # a guide given directly (wins over config.guide)
        self._guide: Guide | None = guide
        self.last_root: Node | None = None  # the last search's tree (self-play reads its visits)
        # Rewards seen in this search, per seat, for their spread: count, sums, sums of squares.
        self._count, self._sum, self._squares = 0, [0.0], [0.0]

    # ----- the bot interface ---------------------------------------------------

    def choose(self, state: GameState) -> Action:
        legal = state.legal_actions()
        if len(legal) == 1:
            self.last_iterations, self.last_seconds = 0, 0.0
            return legal[0]
        root = self.search(state, self._reusable(state))
        self.last_root = root
        best = max(root.children, key=lambda c: (c.visits, c.wins))
        assert best.action is not None
        self._keep(best, state)
        return best.action

    def _keep(self, child: Node, state: GameState) -> None:
        """Remember the played move's subtree while the same seat moves again after it.

        A chain of one seat's decisions (choose -> company -> place x3) is one plan:
        the next search starts from what this one learnt about it.
        """
        self._kept = None
        if not self.config.reuse or child.player != state.current_player():
            return
        after = state.clone()
        assert child.action is not None
        after.apply_unchecked(child.action)
        self._kept = (child, after)

    def _reusable(self, state: GameState) -> Node | None:
        """The kept subtree if ``state`` is exactly the position it was grown from."""
        kept, self._kept = self._kept, None
        if kept is None:
            return None
        node, after = kept
        if node.untried is None or state.to_json() != after.to_json():
            return None
        node.action, node.mover = None, -1
        return node

    def search(self, state: GameState, root: Node | None = None) -> Node:
        """Grow a tree from ``state`` within the budgets and return its root.

        ``root``: a tree already grown from ``state`` (the kept subtree) to go on with.
        """
        self._prepare(state.title)  # the title's rollout policy, evaluator, pruning, cut-off
        cfg = self.config
        start = time.perf_counter()
        deadline = math.inf if cfg.seconds is None else start + cfg.seconds * 0.95
        limit = cfg.iterations if cfg.iterations is not None else 1 << 62
        n = state.num_players
        self._count, self._sum, self._squares = 0, [0.0] * n, [0.0] * n
        self.last_reused = root.visits if root is not None else 0
        guided = self._guide is not None
        if root is None:
            root = Node(None, -1)
            if guided:
                self._expand_guided(root, state.clone())
            else:
                self._expand(root, state)
        if guided:  # the guide's priors replace the heuristic's visits (prior_visits)
            if root.children and not root.guided:  # a kept subtree's root, asked lazily
                self._ask_guide(root, state)
            if cfg.noise > 0:
                self._add_noise(root)
        elif cfg.prior_visits > 0 and not self.last_reused:
            self._seed_prior(root, state)
        done = 0
        while done < limit:
            if guided:
                self._iterate_guided(root, state)
            else:
                self._iterate(root, state)
            done += 1
            if time.perf_counter() >= deadline:
                break
        self.last_iterations, self.last_seconds = done, time.perf_counter() - start
        return root

    def root_values(self) -> list[float]:
        """Each seat's mean reward over the last search's iterations: its chance at the root."""
        if not self._count:
            return [1.0 / len(self._sum)] * len(self._sum)
        return [total / self._count for total in self._sum]

    # ----- one iteration -----------------------------------------------------------

    def _iterate(self, root: Node, root_state: GameState) -> None:
        state = root_state.clone()
        node = root
        path = [root]
        c = self._explorations()
        while True:  # selection
            if node.untried is None:  # a child seeded by the prior, not yet expanded
                self._expand(node, state)
            if node.untried or not node.children:
                break
            node = node.select(c[node.player])
            assert node.action is not None
            state.apply_unchecked(node.action)
            path.append(node)
        untried = node.untried
        if untried:  # expansion: an untried action at random
            i = int(self.rng.random() * len(untried))
            action = untried[i]
            untried[i] = untried[-1]
            untried.pop()
            child = Node(action, node.player)
            state.apply_unchecked(action)
            self._expand(child, state)
            node.children.append(child)
            path.append(child)
        rewards = self._rollout(state)
        self._count += 1
        sums, squares = self._sum, self._squares
        for p, r in enumerate(rewards):
            sums[p] += r
            squares[p] += r * r
        for n in path:  # backpropagation: each node scores its mover's reward
            n.visits += 1
            if n.mover >= 0:
                n.wins += rewards[n.mover]

    def _iterate_guided(self, root: Node, root_state: GameState) -> None:
        """One PUCT iteration: select down to a position not yet expanded, expand it with
        the guide's priors, score it (rollout or the guide's value) and back the score up."""
        state = root_state.clone()
        node = root
        path = [root]
        c = self._explorations()
        after = self.config.guide_after
        while node.children:
            if not node.guided and node.visits >= after:
                self._ask_guide(node, state)
            node = node.select_puct(c[node.player])
            assert node.action is not None
            state.apply_unchecked(node.action)
            path.append(node)
            if node.untried is None:
                break
        if node.untried is None:
            rewards = self._expand_guided(node, state, len(path) > 1 and after > 0)
        elif state.is_terminal():
            rewards = terminal_utility(state, self.config.score_weight, self.config.margin)
        else:  # the root of a kept subtree grown without a guide: score it as a leaf
            rewards = self._rollout(state)
        self._count += 1
        sums, squares = self._sum, self._squares
        for p, r in enumerate(rewards):
            sums[p] += r
            squares[p] += r * r
        for n in path:
            n.visits += 1
            if n.mover >= 0:
                n.wins += rewards[n.mover]

    def _expand_guided(self, node: Node, state: GameState, lazy: bool = False) -> list[float]:
        """Give ``node`` a child per searched action with the guide's prior (``lazy``: alike
        priors, the guide asked later, see ``guide_after``); return the leaf's rewards (a
        rollout from ``state``, which it consumes, or the guide's values)."""
        node.untried = []
        if state.is_terminal():
            return terminal_utility(state, self.config.score_weight, self.config.margin)
        player = state.current_player()
        node.player = player
        actions = self._prune(state, state.legal_actions(), self)
        if lazy and self.config.leaf == "rollout":
            share = 1.0 / len(actions)
            node.value = 1.0 / state.num_players
            node.children = [_child(a, player, share) for a in actions]
            return self._rollout(state)
        guide = self._guide
        assert guide is not None
        priors, values = guide(state, actions)
        node.value = values[player]
        node.guided = True
        node.children = [_child(a, player, p) for a, p in zip(actions, priors, strict=True)]
        if self.config.leaf == "guide":
            return values
        return self._rollout(state)

    def _ask_guide(self, node: Node, state: GameState) -> None:
        """Give ``node``'s children (expanded with alike priors) the guide's priors, and the
        node the guide's value (what its unvisited children count at)."""
        guide = self._guide
        assert guide is not None
        node.guided = True
        if not node.children:
            return
        actions = [child.action for child in node.children if child.action is not None]
        priors, values = guide(state, actions)
        node.value = values[node.player]
        for child, p in zip(node.children, priors, strict=True):
            child.prior = p

    def _add_noise(self, root: Node) -> None:
        """Mix Dirichlet(0.3) noise into the root's priors (self-play explores with it)."""
        if not root.children:
            return
        draws = [self.rng.gammavariate(0.3, 1.0) for _ in root.children]
        total = sum(draws) or 1.0
        w = self.config.noise
        for child, d in zip(root.children, draws, strict=True):
            child.prior = (1 - w) * child.prior + w * d / total

    def _explorations(self) -> list[float]:
        """The UCT constant for each seat's choices, in units of that seat's reward spread.

        The spread is the standard deviation of the seat's own rewards in this
        search (0.5 before 8 iterations): it is what separates one move from another
        for that seat. Evaluated cut-offs give rewards far closer together than
        won-or-lost games, and a fixed constant would explore blindly. The spread
        over all seats pooled is dominated by the gap between the leader and the
        rest and drowns those differences; but half of it is the floor, so that a
        seat whose result is settled (a tiny spread) still explores and the tree
        does not model it as greedy on a few noisy samples. (Against three
        heuristics in the title with the longest auctions, 60 games on one seed: per
        seat 0.54, pooled 0.60, per seat with this floor 0.68.)
        """
        c, count, seats = self._exploration, self._count, len(self._sum)
        if count < 8:
            return [c * 0.5] * seats
        mean = sum(self._sum) / (count * seats)
        floor = 0.5 * _deviation(sum(self._squares) / (count * seats), mean)
        return [c * max(1e-3, floor, _deviation(squares / count, total / count))
                for total, squares in zip(self._sum, self._squares, strict=True)]

    def _seed_prior(self, root: Node, state: GameState) -> None:
        """Start the heuristic's move with ``prior_visits`` visits at the position's value.

        Other moves must then prove better than the heuristic's to be played: with a
        small budget the bot plays about as well as the heuristic, with a large one
        the search decides.
        """
        guide = self.helpers.get("guide")
        if guide is None:
            if not has_heuristic(state.title):
                return
            guide = self.helpers["guide"] = heuristic_for(state.title, self.seed)
        assert isinstance(guide, Bot) and root.untried is not None
        action = guide.choose(state)
        if action in root.untried:
            root.untried.remove(action)
        value = (self._evaluate(state) if self._evaluate else
                 [1.0 / state.num_players] * state.num_players)[root.player]
        child = Node(action, root.player)
        n0 = self.config.prior_visits
        child.visits, child.wins = n0, n0 * value
        root.children.append(child)
        root.visits += n0

    def _expand(self, node: Node, state: GameState) -> None:
        if state.is_terminal():
            node.untried = []
            return
        node.player = state.current_player()
        node.untried = self._prune(state, state.legal_actions(), self)  # a copy

    def _rollout(self, state: GameState) -> list[float]:
        evaluate = self._evaluate
        left = -1 if evaluate is None or self._cutoff is None else self._cutoff  # -1: no cut-off
        policy, rng, busy = self._policy, self.rng, self._busy
        while not state.is_terminal():  # direct calls: native ones in the compiled build
            if left == 0:
                assert evaluate is not None
                if busy is None or not busy(state):
                    return evaluate(state)
                left = 1  # a running auction: one more move, then look again
            state.apply_unchecked(policy(state, rng))
            left -= 1
        return terminal_utility(state, self.config.score_weight, self.config.margin)

    # ----- title knowledge ------------------------------------------------------------

    def _prepare(self, title: str) -> None:
        """Look up the title's kit once per title: its callables are kept on the bot, so
        the search's loops call them directly."""
        if title == self._title:
            return
        self._title = title
        found = kit.kit_for(title)
        kind = self.config.rollout
        if kind == "fast":
            self._policy = fast_policy_for(title)
        elif kind == "heuristic":
            self._policy = heuristic_policy_for(title, self.seed)
        elif kind == "biased":
            self._policy = biased_policy
        else:
            self._policy = random_policy
        self._evaluate = evaluator_for(title, self.config.evaluator)
        pruner = found.pruner if found is not None else None
        self._prune = pruner if pruner is not None else _generic_prune
        settings = found.search if found is not None else NO_KIT
        quiet = settings.quiet if self.config.quiet is None else self.config.quiet
        self._busy = found.auction_running if quiet and found is not None else None
        self._cutoff, self._exploration = title_settings(title, self.config)
        self._guide = self._given_guide
        if self._guide is None and self.config.guide == "net":
            # Imported by name: the network needs numpy, which the compiled build's type
            # check does not have (and plain searches never load it).
            network = importlib.import_module("cuberail.bots.network")
            self._guide = network.guide_for(title)


def _child(action: Action, mover: int, prior: float) -> Node:
    child = Node(action, mover)
    child.prior = prior
    return child


def large_budget(config: MCTSConfig) -> bool:
    """Whether ``config``'s budget is large: neither budget below its threshold."""
    return ((config.iterations is None or config.iterations >= LARGE_ITERATIONS)
            and (config.seconds is None or config.seconds >= LARGE_SECONDS))


def search_settings(title: str) -> kit.SearchSettings:
    """The search settings of ``title``'s kit, or the defaults for a title without one."""
    found = kit.kit_for(title)
    return found.search if found is not None else NO_KIT


def title_settings(title: str, config: MCTSConfig) -> tuple[int | None, float]:
    """The cut-off and UCT constant ``config`` searches ``title`` with: its own knobs where
    set, else the title's defaults for its budget."""
    settings = search_settings(title)
    if settings.large_budget is not None and large_budget(config):
        cutoff, exploration = settings.large_budget
    else:
        cutoff, exploration = settings.cutoff, settings.exploration
    if config.evaluator == "learned" and settings.learned_cutoff is not None:
        cutoff = settings.learned_cutoff
    if config.cutoff != AUTO:
        cutoff = config.cutoff
    if config.exploration >= 0:
        exploration = config.exploration
    return cutoff, exploration


def _deviation(mean_square: float, mean: float) -> float:
    """A standard deviation from the mean of squares and the mean."""
    return math.sqrt(max(0.0, mean_square - mean * mean))


def _generic_prune(state: GameState, legal: list[Action], bot: MCTSBot) -> list[Action]:
    """Every legal action, except that bids are thinned to a few amounts (lowest ones first)."""
    bids = [a for a in legal if a.kind == "bid"]
    if len(bids) <= bot.config.bid_options:
        return list(legal)
    keep = set(_spread(sorted(bids, key=lambda a: int(a.args[0])), bot.config.bid_options))
    return [a for a in legal if a.kind != "bid" or a in keep]


def _spread(bids: list[Action], count: int) -> list[Action]:
    """The lowest three bids, then amounts spread up to the highest."""
    out = bids[:3]
    rest = bids[3:]
    more = count - len(out)
    if rest and more > 0:
        step = len(rest) / more
        out += [rest[min(len(rest) - 1, int(i * step))] for i in range(more)]
    return list(dict.fromkeys(out))


def thin_bids(legal: list[Action], bot: MCTSBot, limit: Callable[[], int]) -> list[Action]:
    """Bids: pass, the lowest amounts and (with ``jump_bids``) the heuristic's limit and 2 less.

    Nothing above the heuristic's limit: overpaying is never searched. Bids must be listed
    in ascending order (the titles' kits prune with this, their heuristic judging ``limit``).
    """
    bids = [a for a in legal if a.kind == "bid"]
    if len(bids) <= bot.config.bid_options:
        return list(legal)
    low = int(bids[0].args[0])
    if bot.config.jump_bids:
        top = limit()
        wanted = {low, low + 1, low + 2, top - 2, top}
    else:
        wanted = {low, low + 1}
    return [a for a in legal if a.kind != "bid" or int(a.args[0]) in wanted]
