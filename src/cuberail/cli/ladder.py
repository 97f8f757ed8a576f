"""``cuberail ladder``: rate bot levels on one Elo scale from many 4-player games.

Each game seats four bots drawn from the levels (every 4-subset in turn, or the
levels repeated when fewer than four), rotated and reversed game by game so that
every level sits in every seat and beside every other (see
:func:`cuberail.bots.ladder.lineup`). Every pair of seats in a finished game is a
pairwise result; a Bradley-Terry fit turns them into ratings on the Elo scale,
anchored at ``--anchor`` (default: medium = 1500), with 95% intervals from a
bootstrap over games. The table also gives each level's share of its results
against the next one down, and whether that share is clearly above one half.

The same seed gives the same games and table, as long as the bots search by
iterations (``mcts:N``) rather than by time (``hard``, ``mcts:1s``). The run time
is printed at the end: wall time and the CPU time of all workers. Ctrl-C or
SIGTERM stops early and rates the games finished so far.

``--exploit SECONDS`` (or ``--exploiter LEVEL=FILE``) adds a row per level: the win share
of a PPO policy trained against that level, playing three of it
(:mod:`cuberail.cli.exploiters`). With ``--games 0`` (and no ``--with``) only those rows
are made: a level as dear as hard's twin is rated from earlier runs, its exploiter's games
played apart.
"""

from __future__ import annotations

import argparse
import json
import resource
import signal
import time
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.table import Table

from cuberail.bots.arena import GameOutcome, Job, play_jobs
from cuberail.bots.ladder import (
    BOOTSTRAP,
    DEFAULT_ANCHOR_RATING,
    GameResult,
    Ladder,
    cycle_length,
    fit_ladder,
    lineup,
    lineups,
)
from cuberail.bots.registry import bot_names, make_bot
from cuberail.cli.console import make_console
from cuberail.cli.ladder_exploit import (
    add_exploit_arguments,
    check_exploit_arguments,
    run_exploiters,
)
from cuberail.cli.records import check_output_file
from cuberail.cli.titles import title_help
from cuberail.cli.tournament import collect_games
from cuberail.core.errors import CuberailError
from cuberail.core.files import write_atomic
from cuberail.core.game import GameInfo
from cuberail.games import get_game

PLAYERS = 4
DEFAULT_BOTS = "random,easy,medium,hard"
MAX_LEVELS = 8  # C(8, 4) = 70 line-ups in a cycle
MAX_GAMES = 100_000
MAX_JOBS = 64
MAX_BOOTSTRAP = 10_000


def register(subparsers: Any) -> None:
    p = subparsers.add_parser(
        "ladder", help="rate bot levels on one Elo scale from many 4-player games",
        description=__doc__,
    )
    p.add_argument("title", help=title_help())
    p.add_argument("--bots", default=DEFAULT_BOTS,
                   help=f"comma-separated levels to rate, 2 to {MAX_LEVELS}, weakest first"
                        f" (default {DEFAULT_BOTS}); bots: " + ", ".join(bot_names())
                        + ", mcts:ITERATIONS, mcts:SECONDSs")
    p.add_argument("--games", type=int, default=200,
                   help=f"number of games, 1 to {MAX_GAMES} (default 200; 0 with --with:"
                        " rate those games only; 0 with exploiters: their rows only)")
    p.add_argument("--jobs", type=int, default=1,
                   help=f"worker processes, 1 to {MAX_JOBS} (default 1)")
    p.add_argument("--seed", type=int, default=1, help="seed of the games and the bootstrap"
                                                       " (default 1)")
    p.add_argument("--anchor", help="the level whose rating is fixed (default: medium if"
                                    " rated, else the first level)")
    p.add_argument("--anchor-rating", type=float, default=DEFAULT_ANCHOR_RATING,
                   help=f"the anchor's rating (default {DEFAULT_ANCHOR_RATING:g})")
    p.add_argument("--bootstrap", type=int, default=BOOTSTRAP,
                   help=f"resamples for the intervals, 0 to {MAX_BOOTSTRAP}"
                        f" (default {BOOTSTRAP})")
    p.add_argument("--json", help="write the ladder and every game's result to this file")
    p.add_argument("--with", dest="earlier", action="append", default=[], metavar="FILE",
                   help="also rate the games of an earlier ladder's --json file of this title"
                        " (repeatable; with --games 0, only those)")
    p.add_argument("--markdown", action="store_true",
                   help="also print the ladder as a Markdown table (as in docs/bots.md)")
    add_exploit_arguments(p)
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    info = get_game(args.title)
    played = parse_levels(args.bots, info)
    _check_ranges(args)
    earlier = [g for path in args.earlier for g in load_games(Path(path), info)]
    levels = played + [name for name in dict.fromkeys(s for g in earlier for s in g.seats)
                       if name not in played]
    anchor = _anchor(args.anchor, levels)
    exploit_levels = check_exploit_arguments(args, played)
    if args.json:
        check_output_file(Path(args.json), "--json")
    console = make_console()
    if args.games == 0 and not earlier:  # the exploiters' rows alone
        return _exploiters_only(console, info, levels, args, exploit_levels)
    console.print(f"{info.name}: {args.games} games among {len(played)} levels"
                  f" ({len(lineups(played, PLAYERS))} line-ups, a balanced cycle every"
                  f" {cycle_length(played, PLAYERS)} games), {args.jobs} jobs"
                  + (f"; and {len(earlier)} earlier games" if earlier else ""))
    previous = signal.signal(signal.SIGTERM, _terminated)  # the parent's only (see arena)
    try:
        outcomes, interrupted, wall, cpu = play_ladder(info, played, args)
    finally:
        signal.signal(signal.SIGTERM, previous)
    if not outcomes and not earlier:
        raise CuberailError("no game finished: nothing to rate")
    games = [GameResult(tuple(o.seats), tuple(o.ranks)) for o in outcomes] + earlier
    console.print(f"run time: {wall / 60:.1f} min wall, {cpu / 60:.1f} CPU-min ({cpu:.0f} CPU-s;"
                  f" {len(outcomes)} games, {args.jobs} jobs)"
                  + (f"; rated with {len(earlier)} earlier games" if earlier else ""))
    try:
        ladder = fit_ladder(games, levels, anchor, args.anchor_rating,
                            bootstrap=args.bootstrap, seed=args.seed)
    except CuberailError:
        if args.json:  # the games played are kept even when they cannot rate every level
            _write(args.json, ladder_json(info, levels, args, None, outcomes, interrupted,
                                          wall, cpu))
        raise
    print_ladder(console, info, ladder, interrupted)
    if args.markdown:
        console.print(markdown_table(ladder), markup=False, soft_wrap=True)
    rows = [] if interrupted else run_exploiters(console, info, args, exploit_levels)
    if args.json:
        summary = ladder_json(info, levels, args, ladder, outcomes, interrupted, wall, cpu)
        summary["exploiters"] = [r.to_json() for r in rows]
        _write(args.json, summary)
        console.print(f"ladder and games: {args.json}")
    return 130 if interrupted else 0


def _exploiters_only(console: Console, info: GameInfo, levels: list[str],
                     args: argparse.Namespace, train: list[str]) -> int:
    """``--games 0`` with exploiters and no ``--with``: their rows, no ladder."""
    rows = run_exploiters(console, info, args, train)
    if args.json:
        _write(args.json, {"title": info.title, "rules_version": info.rules_version,
                           "levels": levels, "seed": args.seed, "games_requested": 0,
                           "games_played": 0, "exploiters": [r.to_json() for r in rows]})
        console.print(f"exploiters: {args.json}")
    return 0


def _write(path: str, summary: dict[str, Any]) -> None:
    write_atomic(Path(path), (json.dumps(summary, indent=1) + "\n").encode())


def load_games(path: Path, info: GameInfo) -> list[GameResult]:
    """The games (seats and ranks) of an earlier ``--json`` file of the same title."""
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, ValueError) as exc:
        raise CuberailError(f"--with {path}: cannot read a ladder's JSON ({exc})") from None
    if not isinstance(data, dict) or data.get("title") != info.title:
        raise CuberailError(f"--with {path}: not a ladder file of {info.title}")
    try:
        games = [GameResult(tuple(str(s) for s in g["seats"]),
                            tuple(float(r) for r in g["ranks"])) for g in data["games"]]
    except (KeyError, TypeError, ValueError):
        raise CuberailError(f"--with {path}: its games lack seats or ranks") from None
    if any(len(g.seats) != len(g.ranks) or len(g.seats) < 2 for g in games):
        raise CuberailError(f"--with {path}: a game's seats and ranks do not match")
    return games


def _terminated(signum: int, frame: object) -> None:
    raise KeyboardInterrupt


def parse_levels(text: str, info: GameInfo) -> list[str]:
    """The levels named by ``--bots``: 2 to MAX_LEVELS distinct, known bot names."""
    if info.min_players > PLAYERS or info.max_players < PLAYERS:
        raise CuberailError(f"{info.name} is not for {PLAYERS} players: a ladder plays"
                            f" {PLAYERS}-player games")
    if len(text) > 200 * MAX_LEVELS:
        raise CuberailError(f"--bots is {len(text)} characters long; name 2 to {MAX_LEVELS}"
                            " levels")
    names = [n.strip().lower() for n in text.split(",") if n.strip()]
    repeated = sorted({n for n in names if names.count(n) > 1})
    if repeated:
        raise CuberailError(f"--bots names {repeated[0]!r} twice: name each level once")
    if not 2 <= len(names) <= MAX_LEVELS:
        raise CuberailError(f"--bots names {len(names)} levels: a ladder rates 2 to"
                            f" {MAX_LEVELS}, e.g. {DEFAULT_BOTS}")
    for name in names:
        make_bot(name, 0)  # an unknown name is refused here, naming the bots allowed
    return names


def _anchor(text: str | None, levels: list[str]) -> str:
    if text is None:
        return "medium" if "medium" in levels else levels[0]
    anchor = text.strip().lower()
    if anchor not in levels:
        raise CuberailError(f"--anchor {text!r} is not one of the levels rated:"
                            f" {', '.join(levels)}")
    return anchor


def _check_ranges(args: argparse.Namespace) -> None:
    for flag, value, high in (("--games", args.games, MAX_GAMES), ("--jobs", args.jobs, MAX_JOBS),
                              ("--bootstrap", args.bootstrap, MAX_BOOTSTRAP)):
        none = bool(args.earlier or args.exploit is not None or args.exploiter)
        low = 0 if flag == "--bootstrap" or (flag == "--games" and none) else 1
        if not low <= value <= high:
            raise CuberailError(f"{flag} {value}: from {low} to {high}")
    if not -1e6 <= args.anchor_rating <= 1e6:
        raise CuberailError(f"--anchor-rating {args.anchor_rating:g}: from -1000000 to 1000000")


def schedule(title: str, levels: list[str], seed: int, games: int) -> list[Job]:
    """The arena's jobs: game g seats :func:`lineup` (the arena rotates it by g % 4)."""
    return [(title, lineup(levels, g, PLAYERS), seed, g, {}) for g in range(games)]


def play_ladder(info: GameInfo, levels: list[str], args: argparse.Namespace
                ) -> tuple[list[GameOutcome], bool, float, float]:
    """Play the scheduled games; Ctrl-C stops early and keeps the games finished."""
    start, cpu_start = time.perf_counter(), _cpu_seconds()
    games = play_jobs(schedule(info.title, levels, args.seed, args.games), args.jobs)
    outcomes, interrupted = collect_games(games, f"ladder {info.title}", args.games)
    return outcomes, interrupted, time.perf_counter() - start, _cpu_seconds() - cpu_start


def _cpu_seconds() -> float:
    """CPU time of this process and of its finished worker processes."""
    own = resource.getrusage(resource.RUSAGE_SELF)
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + children.ru_utime + children.ru_stime


def print_ladder(console: Console, info: GameInfo, ladder: Ladder, interrupted: bool) -> None:
    """Strongest first: rating, interval, games, pairwise share, and the step below."""
    note = " (interrupted)" if interrupted else ""
    table = Table(title=f"{info.name}: ladder from {ladder.games} games{note}")
    for heading in ("level", "rating", "95% CI", "games", "won", "> below", "95% CI ",
                    "clear"):
        table.add_column(heading, justify="left" if heading == "level" else "right",
                         no_wrap=True)
    for i, r in enumerate(ladder.ratings):
        step = ladder.steps[i] if i < len(ladder.steps) else None
        mark = " +" if r.unbeaten else " -" if r.winless else ""
        table.add_row(
            r.level + mark, f"{r.rating:.0f}", f"{r.low:.0f}..{r.high:.0f}", str(r.games),
            f"{r.wins / r.results:.3f}" if r.results else "-",
            "" if step is None else f"{step.share:.3f}" if step.results else "never met",
            f"{step.low:.2f}..{step.high:.2f}" if step and step.results else "",
            ("yes" if step.clear else "NO") if step and step.results else "")
    console.print(table)
    console.print(f"Elo scale (400 points = 10 to 1 odds), {ladder.anchor} fixed at"
                  f" {ladder.anchor_rating:g}; 95% intervals from {ladder.bootstrap}"
                  " bootstrap resamples of whole games. won: share of the level's pairwise"
                  " results (ties half). > below: its share against the next level down;"
                  " clear when that whole interval is above 0.5.")
    if any(r.unbeaten or r.winless for r in ladder.ratings):
        console.print("+ never lost, - never won a pairwise result: the fit's prior keeps"
                      " the rating finite, and it is a bound (at least, at most), not an"
                      " estimate.")


def markdown_table(ladder: Ladder) -> str:
    """The ladder as a Markdown table, strongest first (bound ratings marked >= or <=)."""
    lines = ["| level | rating | 95% CI | games | pairwise won | > below | 95% CI | clear |",
             "|---|---:|---|---:|---:|---:|---|---|"]
    for i, r in enumerate(ladder.ratings):
        step = ladder.steps[i] if i < len(ladder.steps) else None
        bound = ">= " if r.unbeaten else "<= " if r.winless else ""
        won = f"{r.wins / r.results:.3f}" if r.results else "-"
        below = ("| |" if step is None else "never met | |" if not step.results else
                 f"{step.share:.3f} | {step.low:.2f}-{step.high:.2f} |"
                 f" {'yes' if step.clear else 'no'}")
        lines.append(f"| {r.level} | {bound}{r.rating:.0f} | {r.low:.0f} to {r.high:.0f} |"
                     f" {r.games} | {won} | {below} |")
    return "\n".join(lines)


def ladder_json(info: GameInfo, levels: list[str], args: argparse.Namespace,
                ladder: Ladder | None, outcomes: list[GameOutcome], interrupted: bool,
                wall: float, cpu: float) -> dict[str, Any]:
    """Everything but ``timing`` is the same for a seed (when bots search by iterations).
    ``ladder`` None: the games could not rate every level (no ratings, the games kept)."""
    ratings = ladder.ratings if ladder is not None else []
    steps = ladder.steps if ladder is not None else []
    return {
        "title": info.title,
        "rules_version": info.rules_version,
        "levels": levels,
        "seed": args.seed,
        "games_requested": args.games,
        "games_played": len(outcomes),
        "with": list(args.earlier),  # earlier ladders whose games were rated too
        "interrupted": interrupted,
        "anchor": ladder.anchor if ladder is not None else None,
        "anchor_rating": ladder.anchor_rating if ladder is not None else None,
        "bootstrap": ladder.bootstrap if ladder is not None else None,
        "ratings": [{"level": r.level, "rating": round(r.rating, 1),
                     "ci95": [round(r.low, 1), round(r.high, 1)], "games": r.games,
                     "seats": r.seats, "pairwise_wins": r.wins, "pairwise_results": r.results,
                     "unbeaten": r.unbeaten, "winless": r.winless}
                    for r in ratings],
        "steps": [{"level": s.level, "below": s.other, "share": round(s.share, 4),
                   "ci95": [round(s.low, 4), round(s.high, 4)], "results": s.results,
                   "clear": s.clear} for s in steps],
        "games": [o.to_json() for o in outcomes],
        "timing": {"wall_seconds": round(wall, 1), "cpu_seconds": round(cpu, 1),
                   "jobs": args.jobs},
    }
