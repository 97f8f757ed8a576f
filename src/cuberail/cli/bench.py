"""``cuberail bench``: engine and search speed per title, as medians of repeated runs.

Measured on one core, single process:

- random playouts of full games per second (the search's playout loop), and decisions
  per second (legal_actions + checked apply) in recorded random games;
- microseconds per decision of ``legal_actions`` + ``apply`` over whole random games;
- microseconds of ``clone``, ``apply`` and ``legal_actions`` at fixed states (states
  reached by seeded random play at 10%, 40% and 70% of a game);
- MCTS iterations per second from those states, with full and with cut-off rollouts.

Numbers, never assertions. Times are the process's CPU time, so other jobs on a
shared machine count less; the load average is printed so that a busy machine shows.

Both builds side by side: when the compiled (mypyc) build is installed, each title is
measured in two fresh processes, one on the pure-Python source (``CUBERAIL_PURE=1``)
and one on the compiled modules, and the table shows both and the speed-up.
``--build this`` measures only the running process's build.
"""

from __future__ import annotations

import argparse
import functools
import json
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.table import Table

from cuberail import _compiled
from cuberail.cli.console import make_console
from cuberail.cli.records import check_output_file
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
    p.add_argument("--build", choices=BUILDS, default="both",
                   help="both: pure and compiled side by side, each in its own process"
                        " (default; pure only when nothing is compiled); pure, compiled:"
                        " that one; this: the running process's build")
    p.add_argument("--sizes", metavar="G,L,I",
                   help="work per run: random games, timing loops, MCTS iterations"
                        " (overrides --quick)")
    p.set_defaults(func=run)


BUILDS = ("both", "pure", "compiled", "this")


@dataclass(frozen=True)
class Sizes:
    """How much work one run of each measure does."""

    games: int
    timing_loops: int
    mcts_iterations: int

    @classmethod
    def pick(cls, quick: bool) -> Sizes:
        return cls(4, 200, 60) if quick else cls(20, 1000, 300)

    @classmethod
    def parse(cls, text: str) -> Sizes:
        """``G,L,I``: three positive whole numbers."""
        parts = text.split(",")
        if len(parts) != 3 or not all(p.strip().isdigit() and int(p) > 0 for p in parts):
            raise CuberailError(f"--sizes is three positive whole numbers like 4,200,60,"
                                f" not {text!r}")
        games, loops, iterations = (int(p) for p in parts)
        return cls(games, loops, iterations)

    def text(self) -> str:
        return f"{self.games},{self.timing_loops},{self.mcts_iterations}"


MAX_REPEAT = 1000


def run(args: argparse.Namespace) -> int:
    if not 1 <= args.repeat <= MAX_REPEAT:
        raise CuberailError(f"--repeat {args.repeat}: from 1 to {MAX_REPEAT}")
    if args.json:
        check_output_file(Path(args.json), "--json")  # before the work, not after
    names = [get_game(t).title for t in args.titles] or titles()
    sizes = Sizes.parse(args.sizes) if args.sizes else Sizes.pick(args.quick)
    console = make_console()
    load = ", ".join(f"{x:.2f}" for x in os.getloadavg())
    console.print(f"cuberail bench: medians of {args.repeat} runs; load average {load};"
                  f" {os.cpu_count()} cpus")
    builds = _builds_to_run(args.build, console)
    report: dict[str, Any] = {}
    if builds == ["this"]:
        console.print(f"build: {_compiled.build_note()}")
        for title in names:
            numbers = bench_title(get_game(title), args.players, args.repeat, sizes)
            report[title] = numbers
            console.print(_table(get_game(title), args.players, numbers))
    else:
        for build in builds:
            report[build] = {}
        for title in names:
            for build in builds:
                report[build][title] = _measure_in_child(build, title, args, sizes)
            console.print(_side_table(get_game(title), args.players,
                                      [(b, report[b][title]) for b in builds]))
    if args.json:
        write_atomic(Path(args.json), (json.dumps(report, indent=1) + "\n").encode())
    return 0


def _builds_to_run(asked: str, console: Console) -> list[str]:
    """The builds to measure, each in its own process; ``["this"]``: this process only."""
    if asked == "this":
        return ["this"]
    compiled = _compiled.extensions_status() == "fresh"
    if asked == "compiled" and not compiled:
        raise CuberailError("no usable compiled build: " + _compiled.build_note())
    if asked == "both" and not compiled:
        console.print(f"note: {_compiled.build_note()}. Measuring the pure build only.")
        return ["pure"]
    return ["pure", "compiled"] if asked == "both" else [asked]


def _measure_in_child(build: str, title: str, args: argparse.Namespace,
                      sizes: Sizes) -> dict[str, float]:
    """One title's numbers from a fresh process running ``build`` (pure or compiled)."""
    env = dict(os.environ)
    env[_compiled.PURE_ENV] = "1" if build == "pure" else "0"
    with tempfile.TemporaryDirectory(prefix="cuberail-bench-") as folder:
        out = Path(folder) / "numbers.json"
        command = [sys.executable, "-m", "cuberail.cli.bench", title, "--build", "this",
                   "--repeat", str(args.repeat), "--players", str(args.players),
                   "--sizes", sizes.text(), "--json", str(out)]
        done = subprocess.run(command, env=env, capture_output=True, text=True, check=False)
        if done.returncode != 0 or not out.exists():
            raise CuberailError(f"the {build} build's bench process failed:"
                                f" {done.stderr.strip()[-400:]}")
        if build == "compiled" and "compiled build" not in done.stdout:
            raise CuberailError("the compiled build was not the one loaded: "
                                + done.stdout.strip()[:300])
        numbers: dict[str, float] = json.loads(out.read_text(encoding="utf-8"))[title]
        return numbers


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
    """Random playouts of whole games: a new state played out by uniformly random moves.

    The search's own playout loop (:func:`cuberail.bots.rollout.play_out` with the random
    policy: legal_actions, a random choice, an unchecked apply), compiled with the engine.
    """
    from cuberail.bots.rollout import play_out, random_policy

    rng = random.Random(12345)
    start = _clock()
    for _ in range(count):
        play_out(info.new_game(players), random_policy, rng)
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
    """MCTS iterations per second (fast rollouts), over the fixed states with a choice.

    Rollouts stop at ``cutoff`` moves exactly (not ``quiet``, a title's default in play), so
    that the rate stays comparable with earlier runs of this benchmark."""
    from cuberail.bots.mcts import MCTSBot, MCTSConfig

    bot = MCTSBot(7, MCTSConfig(iterations=iterations, cutoff=cutoff, quiet=False))
    done, seconds = 0, 0.0
    for state in states:
        if len(state.legal_actions()) < 2 or state.is_terminal():
            continue
        start = _clock()
        bot.choose(state)
        seconds += _clock() - start
        done += bot.last_iterations
    return done / seconds if seconds else 0.0


ROWS = (
    ("random playouts (full games) / s", "random_games_per_s", "{:.0f}"),
    ("decisions / s (legal_actions + apply)", "decisions_per_s", "{:.0f}"),
    ("µs per decision", "us_per_decision", "{:.2f}"),
    ("µs legal_actions (fixed states)", "us_legal_actions", "{:.2f}"),
    ("µs apply (fixed states)", "us_apply", "{:.2f}"),
    ("µs clone (fixed states)", "us_clone", "{:.2f}"),
    ("MCTS iterations / s, full rollouts", "mcts_iter_per_s_full", "{:.0f}"),
    ("MCTS iterations / s, cut-off rollouts", "mcts_iter_per_s_cutoff", "{:.0f}"),
    ("random game length (decisions)", "mean_game_length", "{:.0f}"),
)


def _table(info: GameInfo, players: int, n: dict[str, float]) -> Table:
    table = Table(title=f"{info.name}, {players} players (one core)")
    table.add_column("measure", no_wrap=True)
    table.add_column("median", justify="right", no_wrap=True)
    for label, key, fmt in ROWS:
        table.add_row(label, fmt.format(n[key]))
    return table


def speedup(key: str, pure: float, compiled: float) -> float | None:
    """How many times faster the compiled build is on one measure (None: not a speed)."""
    if key == "mean_game_length" or pure <= 0 or compiled <= 0:
        return None
    return pure / compiled if key.startswith("us_") else compiled / pure


def _side_table(info: GameInfo, players: int,
                columns: list[tuple[str, dict[str, float]]]) -> Table:
    """The builds side by side, with the compiled build's speed-up when both ran."""
    table = Table(title=f"{info.name}, {players} players (one core)")
    table.add_column("measure", no_wrap=True)
    for build, _ in columns:
        table.add_column(build, justify="right", no_wrap=True)
    both = [b for b, _ in columns] == ["pure", "compiled"]
    if both:
        table.add_column("speed-up", justify="right", no_wrap=True)
    for label, key, fmt in ROWS:
        cells = [fmt.format(n[key]) for _, n in columns]
        if both:
            ratio = speedup(key, columns[0][1][key], columns[1][1][key])
            cells.append("" if ratio is None else f"{ratio:.1f}x")
        table.add_row(label, *cells)
    return table


def main(argv: list[str]) -> int:
    """``python -m cuberail.cli.bench ARGS``: the bench alone (how it runs each build)."""
    parser = argparse.ArgumentParser(prog="cuberail")
    register(parser.add_subparsers())
    try:
        return run(parser.parse_args(["bench", *argv]))
    except CuberailError as exc:
        print(f"cuberail bench: {exc}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
