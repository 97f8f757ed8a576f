"""The az bot's costs: the network's price per leaf, and plain MCTS before/after guides.

    python benchmarks/bench_az.py leaf                   # µs per leaf, every title
    python benchmarks/bench_az.py speed --trees OLD/src,NEW/src [--rounds 5]

``leaf``: over the fixed states of ``cuberail bench``, the microseconds a guided search
pays per expanded leaf: the state's feature rows, the actions' generic vectors, the
title's own numbers per action (the kit's ``Network.board``), the numpy forward pass and
the whole guide (``CUBERAIL_AZ_WEIGHTS=FILE``: a candidate network), with the search's
own searched actions; then the iterations per CPU second of ``mcts`` and ``az`` (asking
the network at every leaf, and only at positions with 16 visits: ``afterN``) from the
same positions, with the network calls an iteration.

``speed``: mcts:200 iterations per CPU second (``cuberail bench``'s fixed states, each
title's own settings) of several source trees, each in its own process, the trees
interleaved round by round so that a busy machine slows them alike. Set
``CUBERAIL_PURE=1`` to compare the pure builds; without it each tree runs compiled
when it was built (``setup.py build_ext --inplace``). Prints each round and the medians.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import time
from collections.abc import Callable
from dataclasses import replace
from typing import Any

from cuberail.core.state import GameState

SPEED_ITERATIONS = 200


def fixed(title: str) -> list[GameState]:
    from cuberail.cli.bench import fixed_states
    from cuberail.games import get_game

    states = [s for s, _ in fixed_states(get_game(title), 4)]
    return [s for s in states if not s.is_terminal() and len(s.legal_actions()) > 1]


def inner_speed(titles: list[str]) -> None:
    """One process's iterations per second for each title (JSON on stdout)."""
    from cuberail._compiled import loaded_build
    from cuberail.bots.mcts import MCTSBot, MCTSConfig

    out: dict[str, object] = {"build": loaded_build()}
    for title in titles:
        done, seconds = 0, 0.0
        for i, state in enumerate(fixed(title)):
            bot = MCTSBot(i, MCTSConfig(iterations=SPEED_ITERATIONS))
            start = time.process_time()  # CPU time: other processes on a busy machine
            bot.choose(state)  # slow its wall clock, not its own work
            seconds += time.process_time() - start
            done += bot.last_iterations
        out[title] = done / seconds
    print(json.dumps(out))


def speed(trees: list[str], rounds: int, titles: list[str]) -> None:
    rates: dict[tuple[str, str], list[float]] = {}
    for r in range(rounds):
        for tree in trees:
            env = {**os.environ, "PYTHONPATH": tree}
            done = subprocess.run([sys.executable, __file__, "inner-speed", *titles], env=env,
                                  capture_output=True, text=True, check=True)
            got = json.loads(done.stdout.strip().splitlines()[-1])
            line = ", ".join(f"{t} {got[t]:.0f}/s" for t in titles)
            print(f"round {r + 1} {tree} ({got['build']}): {line}", flush=True)
            for t in titles:
                rates.setdefault((tree, t), []).append(got[t])
    print(f"\nmcts:{SPEED_ITERATIONS} iterations per second, median of {rounds} rounds:")
    for t in titles:
        row = [statistics.median(rates[tree, t]) for tree in trees]
        change = f" ({100 * (row[-1] / row[0] - 1):+.1f}% last vs first)" if len(row) > 1 else ""
        print(f"  {t}: " + ", ".join(f"{tree}: {v:.0f}" for tree, v in
                                      zip(trees, row, strict=True)) + change)


def leaf(titles: list[str], loops: int) -> None:
    for title in titles:
        leaf_costs(title, loops)


def leaf_costs(title: str, loops: int) -> None:
    """Print the guide's cost per leaf in ``title``, part by part, and az's iteration rate."""
    from cuberail.bots import network
    from cuberail.bots.mcts import MCTSBot, MCTSConfig
    from cuberail.bots.registry import AZ_DEFAULT

    features, encoding = network.parts_for(title)
    net = network.load_net(title, os.environ.get(network.WEIGHTS_ENV) or None)
    guide = network.guide_for(title)
    searcher = MCTSBot(1, MCTSConfig(iterations=1))
    searcher._prepare(title)
    cases = [(s, searcher._prune(s, s.legal_actions(), searcher)) for s in fixed(title)]
    rows = [network.state_rows(s, features) for s, _ in cases]
    acts = [network.action_rows(s, a, encoding) for s, a in cases]
    board = encoding.board
    parts: dict[str, Callable[[], object]] = {
        "state features": lambda: [network.state_rows(s, features) for s, _ in cases],
        "action vectors": lambda: [network.generic_rows(a, encoding) for _, a in cases],
        "board's numbers": lambda: [board(s, a) for s, a in cases] if board else [],
        "forward (numpy)": lambda: [net.forward(r, a) for r, a in zip(rows, acts, strict=True)],
        "whole guide": lambda: [guide(s, a) for s, a in cases],
    }
    mean_actions = statistics.mean(len(a) for _, a in cases)
    print(f"{title}: {len(cases)} positions, {mean_actions:.1f} searched actions on average,"
          f" {network.parameter_count(net)} parameters")
    for label, job in parts.items():
        best = min(_timed(job, loops) for _ in range(3))
        print(f"  {label:16s} {1e6 * best / len(cases):8.1f} µs per leaf")
    calls = [0]  # the network's calls in the search timed now

    def counted(state: GameState, actions: list[Any]) -> tuple[list[float], list[float]]:
        calls[0] += 1
        return guide(state, actions)

    eager = replace(AZ_DEFAULT, iterations=300, seconds=None, guide_after=0)
    for name, config in (("mcts:300", MCTSConfig(iterations=300)), ("az:300:after0", eager),
                         ("mcts:2000", MCTSConfig(iterations=2000)),
                         ("az:2000:after0", replace(eager, iterations=2000)),
                         ("az:2000:after16", replace(eager, iterations=2000, guide_after=16))):
        cpu, calls[0] = 0.0, 0
        for i, (state, _) in enumerate(cases):
            bot = MCTSBot(i, config, guide=counted if config.guide else None)
            start = time.process_time()
            bot.choose(state)
            cpu += time.process_time() - start
        done = config.iterations * len(cases) if config.iterations else 0
        asked = f", {calls[0] / done:.2f} network calls an iteration" if config.guide else ""
        print(f"  {name:16s} {done / cpu:8.0f} iterations per CPU second{asked}")


def _timed(job: Callable[[], object], loops: int) -> float:
    """CPU seconds per call of ``job`` (CPU time: a busy machine's other processes slow the
    wall clock, not this work)."""
    start = time.process_time()
    for _ in range(loops):
        job()
    return (time.process_time() - start) / loops


def main() -> None:
    from cuberail.games import titles

    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("what", choices=("leaf", "speed", "inner-speed"))
    p.add_argument("titles", nargs="*")
    p.add_argument("--trees", default="src", help="comma-separated source trees (speed)")
    p.add_argument("--rounds", type=int, default=5)
    p.add_argument("--loops", type=int, default=20)
    args = p.parse_args()
    chosen = args.titles or titles()
    if args.what == "inner-speed":
        inner_speed(chosen)
    elif args.what == "speed":
        speed(args.trees.split(","), args.rounds, chosen)
    else:
        leaf(chosen, args.loops)


if __name__ == "__main__":
    main()
