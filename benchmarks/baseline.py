"""Benchmark v2's baseline table (docs/benchmark.md): each entry against three medium bots.

    python benchmarks/baseline.py --train-seconds 200 --games 40 --jobs 2   # the whole table
    python benchmarks/baseline.py --ppo ce=ppo-ce.zip --ppo ts=ppo-ts.zip --games 40
    python benchmarks/baseline.py --entries random,medium --games 8 --only ce --json rows.json

Per title (4 players) and entry, ``--games`` games seat the entry against three
``medium`` bots, the seats rotating with the game index (:func:`cuberail.bots.arena.
seat_names`: the entry sits in every seat equally often) and every bot seeded by
(``--seed``, game, seat) (:func:`cuberail.bots.arena.bot_seed`). The entries:
``random``, ``easy``, ``medium`` (the field's own level: a check near 0.25), MCTS at
fixed iteration budgets (``mcts:50``, ``mcts:200``), ``hard`` through its iteration twin
(:data:`HARD_TWINS`, as ``cuberail ladder`` rates it; about one compiled CPU-second per
decision) and ``ppo``, a saved MaskablePPO policy (:mod:`cuberail.env.ppo`) given by
``--ppo TITLE=FILE`` or trained first for ``--train-seconds`` CPU seconds per title.

Each row: the entry's win share (ties shared) with Wilson's 95% interval, its mean
rank (1 best, ties averaged) with a normal 95% interval, the games, and the entry's
CPU milliseconds per decision (``time.process_time`` around its ``choose``).
"""

from __future__ import annotations

import argparse
import functools
import hashlib
import json
import multiprocessing
import os
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from cuberail.bots.arena import GameOutcome, bot_seed, play_seated, seat_names, summarise
from cuberail.bots.base import Bot
from cuberail.bots.registry import make_bot
from cuberail.core.errors import CuberailError
from cuberail.games import get_game, titles

BENCHMARK_VERSION = 2  # v2: the Trans-Siberian medium of issue 32, action-id scheme 3
PLAYERS = 4
FIELD = "medium"  # the three other seats of every game
ENTRY = "entry"  # the entry's seat label among the four (the entry may be medium too)
ENTRIES = ("random", "easy", "medium", "mcts:50", "mcts:200", "hard", "ppo")
# hard (MCTS, one second per decision) by iterations: its twin measured by
# `benchmarks/strength.py --hard-rate` on the compiled build (docs/bots.md)
HARD_TWINS = {"chicago-express": "mcts:29400", "trans-siberian": "mcts:10600"}
SEED = 2024
# The field's play, frozen: SHA-256 of the moves of games 0-3 of four medium bots at the
# benchmark seed (field_fingerprint). A change to medium changes it: a new version.
FIELD_FINGERPRINTS = {
    "chicago-express": "23398f289e305a87a09ff8aab1beb84febf48286e21b324fd595c8e6fe885253",
    "trans-siberian": "2358ba14fb9893ee1ebfe8aaf3cca21bc16814b40c6b57831d89c19f5d09f210"}

Job = tuple[str, str, str, int, int]  # title, entry spec (or a policy file), label, seed, game


def entry_spec(title: str, entry: str, policies: dict[str, Path]) -> str:
    """The bot an entry names in a title: a registry name, or ``ppo:FILE``."""
    if entry == "hard":
        if title not in HARD_TWINS:
            raise CuberailError(f"{title} has no hard twin in benchmark v{BENCHMARK_VERSION}")
        return HARD_TWINS[title]
    if entry == "ppo":
        if title not in policies:
            raise CuberailError(f"the ppo entry of {title} needs --ppo {title}=FILE or"
                                " --train-seconds S")
        return f"ppo:{policies[title]}"
    make_bot(entry, 0)  # an unknown name is refused before any game
    return entry


@functools.cache
def _policy(path: str, title: str) -> Bot:
    """A saved policy of ``title``, loaded once per process."""
    from cuberail.env.ppo import PolicyBot

    return PolicyBot(path, title)


def _entry_bot(title: str, spec: str, seed: int) -> Bot:
    return _policy(spec[4:], title) if spec.startswith("ppo:") else make_bot(spec, seed)


def play(job: Job) -> GameOutcome:
    """One game of the entry against three medium bots (seats by the game index)."""
    title, spec, label, seed, index = job
    info = get_game(title)
    seats = seat_names([ENTRY] + [FIELD] * (PLAYERS - 1), index)
    seeds = [bot_seed(seed, index, s) for s in range(PLAYERS)]
    players = [_entry_bot(title, spec, sd) if n == ENTRY else make_bot(FIELD, sd)
               for n, sd in zip(seats, seeds, strict=True)]
    return play_seated(info, index, seats, seeds, players,
                       labels=[label if n == ENTRY else FIELD for n in seats],
                       clock=time.process_time)


def field_fingerprint(title: str, games: int = 4) -> str:
    """SHA-256 of the moves of the first ``games`` games of four field bots (seed SEED)."""
    digest = hashlib.sha256()
    for g in range(games):
        outcome = play((title, FIELD, FIELD, SEED, g))
        digest.update(" ".join(outcome.record["actions"]).encode() + b"\n")
    return digest.hexdigest()


def _init_worker() -> None:
    import signal

    signal.signal(signal.SIGINT, signal.SIG_IGN)


def play_all(work: list[Job], jobs: int) -> Iterator[GameOutcome]:
    """The games' outcomes, in this process or ``jobs`` worker processes."""
    if jobs <= 1 or len(work) <= 1:
        yield from map(play, work)
        return
    with multiprocessing.get_context().Pool(min(jobs, len(work)), _init_worker) as pool:
        yield from pool.imap_unordered(play, work)


def row(title: str, entry: str, spec: str, outcomes: list[GameOutcome]) -> dict[str, Any]:
    """The entry's statistics over its games (arena's :class:`BotStats`)."""
    [stats] = [s for s in summarise([ENTRY, FIELD], outcomes) if s.name == ENTRY]
    lo, hi = stats.interval()
    r_lo, r_hi = stats.rank_interval()
    return {"title": title, "entry": entry, "bot": spec, "against": f"3 {FIELD}",
            "games": stats.games, "win_share": round(stats.win_share, 4),
            "ci95": [round(lo, 4), round(hi, 4)], "mean_rank": round(stats.mean_rank, 3),
            "mean_rank_ci95": [round(r_lo, 3), round(r_hi, 3)],
            "mean_score": round(stats.mean_score, 2),
            "cpu_seconds_per_move": round(stats.seconds_per_move, 7), "moves": stats.moves,
            "cpu_seconds": round(sum(o.seconds for o in outcomes), 2)}


def markdown(r: dict[str, Any]) -> str:
    lo, hi = r["ci95"]
    r_lo, r_hi = r["mean_rank_ci95"]
    bot = r["entry"]
    if r["bot"] != r["entry"]:
        shown = Path(r["bot"][4:]).name if r["entry"] == "ppo" else r["bot"]
        bot += f" (`{shown}`)"
    return (f"| {r['title']} | {bot} | {r['games']} | {r['win_share']:.3f} | {lo:.3f}-{hi:.3f}"
            f" | {r['mean_rank']:.2f} | {r_lo:.2f}-{r_hi:.2f} |"
            f" {r['cpu_seconds_per_move'] * 1000:.3g} |")


def train_policies(names: list[str], seconds: float, folder: Path, seed: int
                   ) -> dict[str, Path]:
    """A policy per title, trained for ``seconds`` CPU seconds against three medium bots."""
    from cuberail.env.ppo import TrainConfig, train

    out = {}
    for title in names:
        path = folder / f"ppo-{title}.zip"
        _, report = train(TrainConfig(title, FIELD, seconds, seed), path)
        print(f"trained {path}: {report.steps} decisions, {report.games} games,"
              f" {report.cpu_seconds:.0f} CPU-s", flush=True)
        out[title] = path
    return out


def _parse(argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=40, help="games per row (default 40)")
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--seed", type=int, default=SEED, help=f"default {SEED}")
    parser.add_argument("--only", help="one title (or alias)")
    parser.add_argument("--entries", default=",".join(ENTRIES),
                        help="comma-separated entries (default: all of the benchmark's)")
    parser.add_argument("--ppo", action="append", default=[], metavar="TITLE=FILE",
                        help="the ppo entry's saved policy for a title (alias: ce, ts)")
    parser.add_argument("--train-seconds", type=float,
                        help="train each title's ppo policy first for this many CPU seconds")
    parser.add_argument("--train-seed", type=int, default=0)
    parser.add_argument("--ppo-dir", default="baseline-ppo",
                        help="where --train-seconds saves the policies")
    parser.add_argument("--json", help="also write the rows as JSON")
    args = parser.parse_args(argv)
    if args.games < 1:
        parser.error("--games: at least 1")
    try:
        args.only = get_game(args.only).title if args.only else None
        args.policies = {get_game(k).title: Path(v) for k, _, v in
                         (p.partition("=") for p in args.ppo)}
    except CuberailError as error:
        parser.error(str(error))
    args.entries = [e.strip() for e in args.entries.split(",") if e.strip()]
    return args


def main(argv: list[str] | None = None) -> int:
    args = _parse(argv)
    names = [t for t in titles() if args.only in (None, t)]
    begin_wall, begin_cpu = time.perf_counter(), time.process_time()
    if args.train_seconds and "ppo" in args.entries:
        missing = [t for t in names if t not in args.policies]
        args.policies.update(train_policies(missing, args.train_seconds, Path(args.ppo_dir),
                                            args.train_seed))
    try:
        plan = [(t, e, entry_spec(t, e, args.policies)) for t in names for e in args.entries]
    except CuberailError as error:
        print(f"baseline.py: {error}", file=sys.stderr)
        return 2
    rows, worker_cpu = [], 0.0
    print(f"Benchmark v{BENCHMARK_VERSION}: each entry against 3 {FIELD}, {PLAYERS} players,"
          f" seats rotated, seed {args.seed}, {args.games} games per row\n")
    print("| title | entry | games | win share | 95% CI | mean rank | 95% CI |"
          " CPU ms/move |")
    print("|---|---|---:|---:|---|---:|---|---:|")
    for title, entry, spec in plan:
        label = f"ppo:{Path(spec[4:]).name}" if entry == "ppo" else spec
        work = [(title, spec, label, args.seed, g) for g in range(args.games)]
        outcomes = sorted(play_all(work, args.jobs), key=lambda o: o.index)
        rows.append(row(title, entry, spec, outcomes))
        worker_cpu += rows[-1]["cpu_seconds"]
        print(markdown(rows[-1]), flush=True)
    versions = ", ".join(f"{t} rules v{get_game(t).rules_version}" for t in names)
    print(f"\n{versions}; {sum(r['games'] for r in rows)} games, {worker_cpu:.0f} CPU-s in"
          f" games, {time.process_time() - begin_cpu:.0f} CPU-s in this process,"
          f" {time.perf_counter() - begin_wall:.0f} s wall, {args.jobs} jobs.")
    if args.json:
        Path(args.json).write_text(json.dumps(
            {"benchmark": BENCHMARK_VERSION, "seed": args.seed, "field": FIELD,
             "players": PLAYERS, "rows": rows}, indent=1) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
