"""OpenSpiel's own MCTS against cuberail's, on both titles: a peer we did not write.

    nice python benchmarks/openspiel_baseline.py --games 8 --jobs 2
    python benchmarks/openspiel_baseline.py --only trans-siberian --games 4 --json out.json

Theirs: ``open_spiel.python.algorithms.mcts.MCTSBot`` with its documented
defaults (UCT, ``uct_c=2``, one random rollout to the end of the game per
simulation, the MCTS-Solver backup on), playing the games through
``cuberail.openspiel`` (fixed action ids, so its random rollouts pick uniformly
among legal ids). Ours: ``MCTSBot`` from ``cuberail.bots.mcts`` with its defaults
(rollouts by a cheap policy, cut off and scored by the title's evaluator).

Two budgets: equal iterations (``--iterations``, simulations for theirs) and
equal time per decision (``--seconds``; theirs is stopped at the deadline, as
ours is). Each line seats one bot against three copies of the other, rotating
the lone bot through the seats game by game: chance is a win share of 0.25 and
a mean rank of 2.5. Win shares count ties as shared wins and carry Wilson 95%
intervals; mean ranks carry normal 95% intervals. Decisions with one legal
action are played without a search for both bots.
"""

from __future__ import annotations

import argparse
import json
import math
import multiprocessing
import sys
import time
from dataclasses import asdict, dataclass, field
from typing import Any

import numpy as np

from cuberail.bots.arena import wilson
from cuberail.bots.mcts import MCTSBot, MCTSConfig
from cuberail.env.actions import action_table

TITLES = {"chicago-express": "cuberail_chicago_express",
          "trans-siberian": "cuberail_trans_siberian"}
PLAYERS = 4
OURS, THEIRS = "cuberail mcts", "openspiel mcts"
UCT_C = 2.0  # OpenSpiel's example default (open_spiel/python/examples/mcts.py)


@dataclass(frozen=True)
class Match:
    """One line: ``lone`` against three copies of the other bot, at one budget."""

    title: str
    lone: str  # OURS or THEIRS
    budget: str  # "iterations" or "time"
    iterations: int
    seconds: float

    @property
    def field(self) -> str:
        return THEIRS if self.lone == OURS else OURS

    def describe_budget(self) -> str:
        if self.budget == "iterations":
            return f"{self.iterations} iterations"
        return f"{self.seconds:g} s / move"


@dataclass
class GameResult:
    """What one game says about its match."""

    index: int
    lone_return: float
    lone_rank: float
    iterations: dict[str, list[int]] = field(default_factory=dict)  # per bot kind
    seconds: float = 0.0


def _openspiel_bot(game: Any, match: Match, seed: int) -> Any:
    import pyspiel
    from open_spiel.python.algorithms import mcts

    class TimedMCTSBot(mcts.MCTSBot):  # type: ignore[misc]
        """OpenSpiel's MCTS, stopped at a deadline when given one (the tree stays consistent:
        the stop comes before a simulation changes anything)."""

        deadline = math.inf
        last_root: Any = None
        seconds: float | None = None

        def _apply_tree_policy(self, root: Any, state: Any) -> Any:
            self.last_root = root
            if root.children and time.perf_counter() >= self.deadline:  # at least one done
                raise _OutOfTime
            return super()._apply_tree_policy(root, state)

        def mcts_search(self, state: Any) -> Any:
            if self.seconds is not None:
                self.deadline = time.perf_counter() + self.seconds * 0.95
            try:
                return super().mcts_search(state)
            except _OutOfTime:
                root = self.last_root
                root.children.sort(key=mcts.SearchNode.sort_key, reverse=True)
                return root

    budget = match.iterations if match.budget == "iterations" else 10**9
    rng = np.random.RandomState(seed)
    bot = TimedMCTSBot(game, UCT_C, budget, mcts.RandomRolloutEvaluator(1, rng), solve=True,
                       random_state=np.random.RandomState(seed + 1))
    if match.budget == "time":
        bot.seconds = match.seconds
    del pyspiel
    return bot


class _OutOfTime(Exception):
    """The time budget of OpenSpiel's search ran out."""


def _our_bot(match: Match, seed: int) -> MCTSBot:
    if match.budget == "iterations":
        return MCTSBot(seed, MCTSConfig(iterations=match.iterations))
    return MCTSBot(seed, MCTSConfig(iterations=None, seconds=match.seconds))


def play(match: Match, index: int, seed: int = 1) -> GameResult:
    """Game ``index`` of a match: the lone bot sits at seat ``index % 4``."""
    import pyspiel

    import cuberail.openspiel  # noqa: F401  (registers the games)

    game = pyspiel.load_game(TITLES[match.title], {"players": PLAYERS})
    table = action_table(match.title)
    lone_seat = index % PLAYERS
    kinds = [match.lone if s == lone_seat else match.field for s in range(PLAYERS)]
    base = (seed * 1000 + index) * 16
    bots = [(_our_bot(match, base + s) if k == OURS else _openspiel_bot(game, match, base + s))
            for s, k in enumerate(kinds)]
    iterations: dict[str, list[int]] = {OURS: [], THEIRS: []}
    state, start = game.new_initial_state(), time.perf_counter()
    while not state.is_terminal():
        seat = state.current_player()
        legal = state.legal_actions()
        if len(legal) == 1:
            state.apply_action(legal[0])
        elif kinds[seat] == THEIRS:
            state.apply_action(_their_move(bots[seat], state, iterations))
        else:
            _our_move(bots[seat], state, table, iterations)
    result = state.engine.result()
    return GameResult(index, result.returns()[lone_seat], result.ranks()[lone_seat],
                      iterations, time.perf_counter() - start)


def _their_move(bot: Any, state: Any, iterations: dict[str, list[int]]) -> int:
    root = bot.mcts_search(state)
    iterations[THEIRS].append(root.explore_count)
    return int(root.best_child().action)


def _our_move(bot: MCTSBot, state: Any, table: Any, iterations: dict[str, list[int]]) -> None:
    action = bot.choose(state.engine)
    iterations[OURS].append(bot.last_iterations)
    i = table.id_of(action)
    legal = table.legal_ids(state.engine)
    if i is not None and legal.get(i) == action:
        state.apply_action(i)
    else:  # a move the fixed ids do not name (see cuberail.env.actions): play it on the engine
        state.engine.apply(action)


# ----- the report --------------------------------------------------------------------


def matches(titles: list[str], iterations: int, seconds: float,
            budgets: list[str]) -> list[Match]:
    return [Match(t, lone, b, iterations, seconds) for t in titles for b in budgets
            for lone in (OURS, THEIRS)]


def _job(args: tuple[Match, int, int]) -> tuple[Match, GameResult]:
    match, index, seed = args
    return match, play(match, index, seed)


def run(todo: list[Match], games: int, seed: int, jobs: int) -> dict[Match, list[GameResult]]:
    work = [(m, g, seed) for m in todo for g in range(games)]
    out: dict[Match, list[GameResult]] = {m: [] for m in todo}
    if jobs <= 1:
        for w in work:
            m, r = _job(w)
            out[m].append(r)
            print(f"  {m.title} {m.lone} {m.describe_budget()} game {r.index}", file=sys.stderr)
        return out
    with multiprocessing.get_context().Pool(jobs) as pool:
        for m, r in pool.imap_unordered(_job, work):
            out[m].append(r)
            print(f"  {m.title} {m.lone} {m.describe_budget()} game {r.index}: "
                  f"{r.lone_return:.2f} ({r.seconds:.0f} s)", file=sys.stderr, flush=True)
    return out


def row(match: Match, results: list[GameResult]) -> dict[str, Any]:
    """The numbers of one line of the report."""
    n = len(results)
    wins = sum(r.lone_return for r in results)
    ranks = [r.lone_rank for r in results]
    mean = sum(ranks) / n if n else 0.0
    var = sum((x - mean) ** 2 for x in ranks) / (n - 1) if n > 1 else 0.0
    half = 1.96 * math.sqrt(var / n) if n > 1 else 0.0
    lo, hi = wilson(wins, n)
    per_move = {k: round(sum(sum(r.iterations[k]) for r in results)
                         / max(1, sum(len(r.iterations[k]) for r in results)))
                for k in (OURS, THEIRS)}
    return {"title": match.title, "budget": match.describe_budget(), "bot": match.lone,
            "against": f"3 {match.field}", "games": n, "win_share": round(wins / n, 3) if n
            else 0.0, "ci95": [round(lo, 3), round(hi, 3)], "mean_rank": round(mean, 2),
            "mean_rank_ci95": [round(mean - half, 2), round(mean + half, 2)],
            "iterations_per_move": per_move,
            "seconds": round(sum(r.seconds for r in results), 1)}


def markdown(rows: list[dict[str, Any]]) -> str:
    lines = ["| game | budget | bot | against | games | win share | 95% CI | mean rank | 95% CI"
             " | iterations / move (ours, theirs) |",
             "|---|---|---|---|---:|---:|---|---:|---|---|"]
    for r in rows:
        it = r["iterations_per_move"]
        lines.append(
            f"| {r['title']} | {r['budget']} | {r['bot']} | {r['against']} | {r['games']} |"
            f" {r['win_share']:.2f} | {r['ci95'][0]:.2f}-{r['ci95'][1]:.2f} |"
            f" {r['mean_rank']:.2f} | {r['mean_rank_ci95'][0]:.2f}-{r['mean_rank_ci95'][1]:.2f}"
            f" | {it[OURS]:,}, {it[THEIRS]:,} |")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__,
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--games", type=int, default=8, help="games per line (default 8)")
    p.add_argument("--iterations", type=int, default=100, help="equal-iterations budget")
    p.add_argument("--seconds", type=float, default=0.1, help="equal-time budget per move")
    p.add_argument("--budgets", default="iterations,time", help="iterations, time or both")
    p.add_argument("--only", choices=sorted(TITLES), help="one title")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--jobs", type=int, default=1, help="worker processes")
    p.add_argument("--json", help="also write the rows as JSON here")
    args = p.parse_args(argv)
    budgets = [b.strip() for b in args.budgets.split(",") if b.strip()]
    if args.games < 1 or not budgets or any(b not in ("iterations", "time") for b in budgets):
        p.error("--games must be at least 1 and --budgets one of iterations, time")
    try:
        import pyspiel  # noqa: F401
    except ImportError:
        p.error("needs OpenSpiel: pip install 'cuberail[research]'")
    titles = [args.only] if args.only else sorted(TITLES)
    todo = matches(titles, args.iterations, args.seconds, budgets)
    start = time.perf_counter()
    results = run(todo, args.games, args.seed, args.jobs)
    rows = [row(m, sorted(results[m], key=lambda r: r.index)) for m in todo]
    print(markdown(rows))
    print(f"\n{sum(len(v) for v in results.values())} games in"
          f" {time.perf_counter() - start:.0f} s (--jobs {args.jobs})")
    if args.json:
        with open(args.json, "w", encoding="utf-8") as f:
            json.dump({"rows": rows, "args": vars(args),
                       "games": {f"{m.title}|{m.lone}|{m.budget}": [asdict(r) for r in v]
                                 for m, v in results.items()}}, f, indent=1)
    return 0


if __name__ == "__main__":
    sys.exit(main())
