"""Batched environment speed against the raw engine, both titles, in one run.

    python benchmarks/bench_vector.py [TITLE ...] [--seconds 2] [--repeat 3]
        [--sizes 1 64 256] [--how mask scan list]

Per title: raw engine random decisions per CPU-second (``legal_actions``, a uniformly
random choice, checked ``apply``: the loop with no env), then
:mod:`cuberail.env.vector` steps per CPU-second at num_envs 1, 64 and 256 with random
play three ways: ``mask`` draws the ids with numpy from the returned mask read at the
legal ids (:meth:`VectorEnv.sample_mask`), ``scan`` from the returned mask scanned
whole (:func:`cuberail.env.vector.random_actions`, what a caller without the env does;
the same ids), ``list`` with :meth:`VectorEnv.sample_legal` (the env's own legal
lists). Each number is the median of ``--repeat`` runs of ``--seconds`` CPU-seconds.
The ratio is paired: each env run follows a raw run of its own, and the ratio printed
is the median of env / raw over the pairs (a shared machine's load moves between runs;
a pair sees about the same).
Nothing is cached between steps but what the env itself keeps.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Callable
from functools import partial

import numpy as np

from cuberail import _compiled
from cuberail.env import vector
from cuberail.games import get_game

SIZES = (1, 64, 256)
HOWS = ("mask", "scan", "list")


def raw_rate(title: str, seconds: float) -> float:
    """Random decisions per CPU-second of the bare engine."""
    info, rng = get_game(title), random.Random(1)
    decisions, start = 0, time.process_time()
    while time.process_time() - start < seconds:
        state = info.new_game(4)
        while not state.is_terminal():
            legal = state.legal_actions()
            state.apply(legal[int(rng.random() * len(legal))])
            decisions += 1
    return decisions / (time.process_time() - start)


def env_rate(title: str, num_envs: int, how: str, seconds: float) -> float:
    """Vector env steps (one decision in one game) per CPU-second under random play."""
    env = vector.make(title, num_envs, seed=1)
    rng = np.random.default_rng(1)
    _, mask = env.reset()
    steps, start = 0, time.process_time()
    while time.process_time() - start < seconds:
        ids = env.sample_mask(rng, mask) if how == "mask" else \
            vector.random_actions(mask, rng) if how == "scan" else env.sample_legal(rng)
        _, mask, _, _ = env.step(ids)
        steps += num_envs
    return steps / (time.process_time() - start)


def median(repeat: int, measure: Callable[[], float]) -> float:
    return statistics.median(measure() for _ in range(repeat))


def paired(repeat: int, raw: Callable[[], float], env: Callable[[], float]
           ) -> tuple[float, float]:
    """The median env rate and the median of env / raw over ``repeat`` pairs of runs."""
    rates, ratios = [], []
    for _ in range(repeat):
        base = raw()
        rate = env()
        rates.append(rate)
        ratios.append(rate / base)
    return statistics.median(rates), statistics.median(ratios)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("titles", nargs="*", default=["chicago-express", "trans-siberian"])
    parser.add_argument("--seconds", type=float, default=2.0)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--sizes", type=int, nargs="+", default=list(SIZES))
    parser.add_argument("--how", nargs="+", choices=HOWS, default=list(HOWS))
    args = parser.parse_args()
    print(_compiled.build_note())
    print("| title | measure | num_envs | per CPU-second | / raw |")
    print("|---|---|---:|---:|---:|")
    for title in args.titles:
        raw = median(args.repeat, partial(raw_rate, title, args.seconds))
        print(f"| {title} | raw engine decisions | | {raw:,.0f} | 1.00 |", flush=True)
        for how in args.how:
            for n in args.sizes:
                rate, ratio = paired(args.repeat, partial(raw_rate, title, args.seconds),
                                     partial(env_rate, title, n, how, args.seconds))
                print(f"| {title} | env steps, {how} | {n} | {rate:,.0f} | {ratio:.3f} |",
                      flush=True)


if __name__ == "__main__":
    main()
