"""``cuberail bench``: engine and search speed per title, as medians of repeated runs.

Measured on one core, single process:

- random full games per second, and decisions per second in them;
- microseconds per decision of ``legal_actions`` + ``apply`` over whole random games;
- microseconds of ``clone``, ``apply`` and ``legal_actions`` at fixed states (states
  reached by seeded random play at 10%, 40% and 70% of a game);
- MCTS iterations per second from those states, with full and with cut-off rollouts.

Numbers, never assertions. Times are the process's CPU time, so other jobs on a
shared machine count less; the load average is printed so that a busy machine shows.
"""

from __future__ import annotations

import argparse
import functools
import json
import os
import random
import statistics
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.table import Table

from cuberail.cli import common
from cuberail.core.actions import Action
from cuberail.core.errors import CuberailError
from cuberail.core.files import write_atomic
from cuberail.core.game import GameInfo
from cuberail.core.state import GameState
from cuberail.games import get_game, titles

FIXED_POINTS = (0.1, 0.4, 0.7)


def register(subparsers: Any) -> None:
    p = subparsers.add_parser(
        "bench", help="engine and search speed (medians of repeated runs)", description=__doc__,
    )
    p.add_argument("titles", nargs="*", metavar="TITLE", help="titles to measure (default: all)")
    p.add_argument("--repeat", type=int, default=5, help="runs per measure (default 5)")
    p.add_argument("--quick", action="store_true", help="fewer games and iterations per run")
    p.add_argument("--players", type=int, default=4, help="players per game (default 4)")
    p.add_argument("--json", metavar="FILE", help="also write the numbers as JSON")
    p.set_defaults(func=run)


@dataclass(frozen=True)
class Sizes:
    """How much work one run of each measure does."""

    games: int
    timing_loops: int
    mcts_iterations: int

    @classmethod
    def pick(cls, quick: bool) -> Sizes:
        return cls(4, 200, 60) if quick else cls(20, 1000, 300)


MAX_REPEAT = 1000


def run(args: argparse.Namespace) -> int:
    if not 1 <= args.repeat <= MAX_REPEAT:
        raise CuberailError(f"--repeat {args.repeat}: from 1 to {MAX_REPEAT}")
    if args.json:
        common.check_output_file(Path(args.json), "--json")  # before the work, not after
    names = [get_game(t).title for t in args.titles] or titles()
    console = Console()
    load = ", ".join(f"{x:.2f}" for x in os.getloadavg())
    console.print(f"cuberail bench: medians of {args.repeat} runs; load average {load};"
                  f" {os.cpu_count()} cpus")
    report: dict[str, Any] = {}
    for title in names:
        numbers = bench_title(get_game(title), args.players, args.repeat, Sizes.pick(args.quick))
        report[title] = numbers
        console.print(_table(get_game(title), args.players, numbers))
    if args.json:
        write_atomic(Path(args.json), (json.dumps(report, indent=1) + "\n").encode())
    return 0


def bench_title(info: GameInfo, players: int, repeat: int, sizes: Sizes) -> dict[str, float]:
    """Every measure of one title, each the median of ``repeat`` runs."""
    players = max(info.min_players, min(info.max_players, players))
    games = [_random_game(info, players, seed) for seed in range(3)]
    fixed = fixed_states(info, players, games)
    out: dict[str, float] = {}

    def median(name: str, measure: Callable[[], float]) -> None:
        out[name] = round(statistics.median(measure() for _ in range(repeat)), 3)

    median("random_games_per_s", lambda: _games_per_second(info, players, sizes.games))
    median("decisions_per_s", lambda: _decisions_per_second(info, players, games))
    out["us_per_decision"] = round(1e6 / out["decisions_per_s"], 3)
    clone, apply, legal = _fixed_timings(fixed, sizes.timing_loops, repeat)
    out["us_clone"], out["us_apply"], out["us_legal_actions"] = clone, apply, legal
    states = [s for s, _ in fixed]
    its = sizes.mcts_iterations
    median("mcts_iter_per_s_full", functools.partial(mcts_rate, states, its, None))
    median("mcts_iter_per_s_cutoff", functools.partial(mcts_rate, states, its, 30))
    out["mean_game_length"] = round(statistics.mean(len(g) for g in games), 1)
    return out


# ----- the measures --------------------------------------------------------------------


def _clock() -> float:
    """Seconds of this process's CPU time: other jobs on a shared machine do not count."""
    return time.process_time()


def _random_game(info: GameInfo, players: int, seed: int) -> list[Action]:
    rng = random.Random(seed)
    state = info.new_game(players)
    actions = []
    while not state.is_terminal():
        legal = state.legal_actions()
        action = legal[rng.randrange(len(legal))]
        state.apply(action)
        actions.append(action)
    return actions


def _games_per_second(info: GameInfo, players: int, count: int) -> float:
    """Whole games by uniformly random play (new state, legal_actions, apply)."""
    rng = random.Random(12345)
    start = _clock()
    for _ in range(count):
        state = info.new_game(players)
        while not state.is_terminal():
            legal = state.legal_actions()
            state.apply(legal[rng.randrange(len(legal))])
    return count / (_clock() - start)


def _decisions_per_second(info: GameInfo, players: int, games: list[list[Action]]) -> float:
    """``legal_actions`` + checked ``apply`` per decision, over recorded random games."""
    starts = [info.new_game(players) for _ in games]
    total = sum(len(g) for g in games)
    start = _clock()
    for state, actions in zip(starts, games, strict=True):
        for action in actions:
            state.legal_actions()
            state.apply(action)
    return total / (_clock() - start)


def fixed_states(info: GameInfo, players: int,
                 games: list[list[Action]] | None = None) -> list[tuple[GameState, Action]]:
    """States along random games (seeds 0-2 unless given), each with the action played there."""
    players = max(info.min_players, min(info.max_players, players))
    if games is None:
        games = [_random_game(info, players, seed) for seed in range(3)]
    return [_fixed_state(info, players, actions, point)
            for actions in games for point in FIXED_POINTS]


def _fixed_state(info: GameInfo, players: int, actions: list[Action],
                 point: float) -> tuple[GameState, Action]:
    """The state at ``point`` of a recorded game, with the action played there."""
    index = min(len(actions) - 1, int(point * len(actions)))
    state = info.new_game(players)
    for action in actions[:index]:
        state.apply(action)
    state.legal_actions()  # as a state in play would have it
    return state, actions[index]


def _fixed_timings(fixed: list[tuple[GameState, Action]], loops: int,
                   repeat: int) -> tuple[float, float, float]:
    """Median microseconds of clone, apply and legal_actions (after an apply, uncached)."""
    clone_t: list[float] = []
    apply_t: list[float] = []
    legal_t: list[float] = []
    for state, action in fixed:
        for _ in range(repeat):
            a = _per_call(loops, state.clone)
            b = _per_call(loops, functools.partial(_clone_apply, state, action))
            c = _per_call(loops, functools.partial(_clone_apply_list, state, action))
            clone_t.append(a)
            apply_t.append(max(0.0, b - a))
            legal_t.append(max(0.0, c - b))
    return (round(statistics.median(clone_t), 3), round(statistics.median(apply_t), 3),
            round(statistics.median(legal_t), 3))


def _clone_apply(state: GameState, action: Action) -> None:
    state.clone().apply(action)


def _clone_apply_list(state: GameState, action: Action) -> None:
    other = state.clone()
    other.apply(action)
    other.legal_actions()


def _per_call(loops: int, fn: Callable[[], object]) -> float:
    start = _clock()
    for _ in range(loops):
        fn()
    return (_clock() - start) / loops * 1e6


def mcts_rate(states: list[GameState], iterations: int, cutoff: int | None) -> float:
    """MCTS iterations per second (fast rollouts), over the fixed states with a choice."""
    from cuberail.bots.mcts import MCTSBot, MCTSConfig

    bot = MCTSBot(7, MCTSConfig(iterations=iterations, cutoff=cutoff))
    done, seconds = 0, 0.0
    for state in states:
        if len(state.legal_actions()) < 2 or state.is_terminal():
            continue
        start = _clock()
        bot.choose(state)
        seconds += _clock() - start
        done += bot.last_iterations
    return done / seconds if seconds else 0.0


def _table(info: GameInfo, players: int, n: dict[str, float]) -> Table:
    table = Table(title=f"{info.name}, {players} players (one core)")
    table.add_column("measure", no_wrap=True)
    table.add_column("median", justify="right", no_wrap=True)
    rows = (
        ("random full games / s", "random_games_per_s", "{:.0f}"),
        ("decisions / s (legal_actions + apply)", "decisions_per_s", "{:.0f}"),
        ("µs per decision", "us_per_decision", "{:.2f}"),
        ("µs legal_actions (fixed states)", "us_legal_actions", "{:.2f}"),
        ("µs apply (fixed states)", "us_apply", "{:.2f}"),
        ("µs clone (fixed states)", "us_clone", "{:.2f}"),
        ("MCTS iterations / s, full rollouts", "mcts_iter_per_s_full", "{:.0f}"),
        ("MCTS iterations / s, cut-off rollouts", "mcts_iter_per_s_cutoff", "{:.0f}"),
        ("random game length (decisions)", "mean_game_length", "{:.0f}"),
    )
    for label, key, fmt in rows:
        table.add_row(label, fmt.format(n[key]))
    return table
