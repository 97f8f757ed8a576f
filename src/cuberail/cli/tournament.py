"""``cuberail tournament``: bots play many seeded games across processes; a table of results.

Game ``g`` seats the bots rotated by ``g % players``, so no bot profits from its
seat. Every game's record is written as it finishes (replayable with ``cuberail
replay``), then ``summary.json``. The same seed gives the same records whatever
``--jobs`` is, as long as the bots search by iterations rather than by time.
Ctrl-C or SIGTERM stops early and still reports the games finished so far.

The output folder: a folder that already holds a tournament's files (``game-*.json``,
``summary.json``) is refused, so that old and new records never mix; ``--force``
deletes those files (and only those) first. Every output path is checked before the
first game.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import re
import signal
import time
from collections.abc import Callable, Generator, Iterator, Mapping
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    TextColumn,
    TimeElapsedColumn,
    TimeRemainingColumn,
)
from rich.table import Table

from cuberail.bots.arena import BotStats, GameOutcome, play_games, summarise
from cuberail.bots.registry import bot_names, make_bot
from cuberail.cli.charts import pyplot, save_figure
from cuberail.cli.console import make_console
from cuberail.cli.records import check_output_file
from cuberail.cli.titles import title_help
from cuberail.core.errors import CuberailError
from cuberail.core.files import write_atomic
from cuberail.core.game import GameInfo
from cuberail.core.options import parse_option_args
from cuberail.games import get_game

BACKENDS = ("process", "ray")


def register(subparsers: Any) -> None:
    p = subparsers.add_parser(
        "tournament", help="bots play many games; win shares with confidence intervals",
        description=__doc__,
    )
    p.add_argument("title", help=title_help())
    p.add_argument("--players", type=int, default=4, help="seats per game (default 4)")
    p.add_argument("--bots",
                   help="comma-separated bot per seat (one name fills every seat), e.g."
                        " mcts,heuristic,heuristic,random (default: one heuristic, random"
                        " bots in the other seats); bots: "
                        + ", ".join(bot_names()) + ", mcts:ITERATIONS, mcts:SECONDSs")
    p.add_argument("--games", type=int, default=100,
                   help=f"number of games, 1 to {MAX_GAMES} (default 100)")
    p.add_argument("--seed", type=int, default=1, help="tournament seed (default 1)")
    p.add_argument("--jobs", type=int, default=1,
                   help=f"worker processes, 1 to {MAX_JOBS} (default 1)")
    p.add_argument("--backend", choices=BACKENDS, default="process",
                   help="process: --jobs local processes; ray: Ray tasks"
                        " (needs cuberail[research])")
    p.add_argument("--address", help="with --backend ray: the cluster to join (HOST:6379 or"
                                     " auto; default: start a local Ray)")
    p.add_argument("--out", help="directory for records and summary.json"
                                 " (default ./tournament-TITLE-SEED); refused if it holds"
                                 " another tournament's files, unless --force")
    p.add_argument("--force", action="store_true",
                   help="delete the game-*.json and summary.json already in --out first")
    p.add_argument("--chart", help="write a PNG of the win shares (needs matplotlib)")
    p.add_argument("--option", action="append", default=[], metavar="NAME=VALUE",
                   help="rule option (repeatable)")
    p.set_defaults(func=run)


MAX_GAMES = 1_000_000
MAX_JOBS = 64
OWN_FILES = re.compile(r"(game-\d+\.json|summary\.json|\.?(game-\d+|summary)\.json\..*tmp)")


def run(args: argparse.Namespace) -> int:
    info = get_game(args.title)
    bots = _bot_list(args.bots, args.players, info)
    options = parse_option_args(info.options, args.option)
    if not 1 <= args.games <= MAX_GAMES:
        raise CuberailError(f"--games {args.games}: from 1 to {MAX_GAMES}")
    if not 1 <= args.jobs <= MAX_JOBS:
        raise CuberailError(f"--jobs {args.jobs}: from 1 to {MAX_JOBS}")
    if args.chart:
        _check_chart(Path(args.chart))
    out = prepare_out(Path(args.out or f"tournament-{info.title}-{args.seed}"), args.force)
    console = make_console()
    previous = signal.signal(signal.SIGTERM, _terminated)  # the parent's only (see arena)
    try:
        outcomes, interrupted, seconds = _play_all(info, bots, args, options, out)
    finally:
        signal.signal(signal.SIGTERM, previous)
    summary = build_summary(info, bots, args, options, outcomes, interrupted, seconds)
    write_atomic(out / "summary.json", (json.dumps(summary, indent=1) + "\n").encode())
    print_table(console, info, bots, outcomes, interrupted)
    console.print(f"records and summary.json in {out}/")
    if args.chart:
        title = f"{info.name}: {len(outcomes)} games"
        draw_chart(summarise(bots, outcomes), Path(args.chart), title, 1 / len(bots))
        console.print(f"chart: {args.chart}")
    return 130 if interrupted else 0


def _terminated(signum: int, frame: object) -> None:
    raise KeyboardInterrupt


def prepare_out(out: Path, force: bool) -> Path:
    """The output folder, made if missing. One holding another tournament's files is
    refused (old and new records would mix) unless ``force``: then those files go."""
    if "\0" in str(out):
        raise CuberailError("--out: a folder name cannot contain a NUL byte")
    if out.exists() and not out.is_dir():
        raise CuberailError(f"--out {out} is not a folder")
    if out.is_dir():
        ours = sorted(p for p in out.iterdir() if OWN_FILES.fullmatch(p.name) and p.is_file())
        if ours and not force:
            raise CuberailError(
                f"--out {out} already holds a tournament's files ({len(ours)}: {ours[0].name}"
                f"...): choose another folder with --out, or add --force to delete them first")
        for path in ours:
            path.unlink()
    else:
        try:
            out.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise CuberailError(f"--out {out}: cannot make the folder ({exc.strerror})") from None
    if not os.access(out, os.W_OK | os.X_OK):
        raise CuberailError(f"--out {out}: cannot write in this folder")
    return out


def _check_chart(path: Path) -> None:
    """--chart: a file that can be written, and matplotlib there to draw it."""
    check_output_file(path, "--chart")
    pyplot()


def default_bots(players: int) -> list[str]:
    """The default seats: one heuristic against random bots, for any number of players."""
    return ["heuristic"] + ["random"] * (players - 1)


def _bot_list(text: str | None, players: int, info: GameInfo) -> list[str]:
    if not info.min_players <= players <= info.max_players:
        raise CuberailError(
            f"{info.name} is for {info.min_players} to {info.max_players} players, not {players}")
    if text is None:
        return default_bots(players)
    if len(text) > 200 * players:
        raise CuberailError(f"--bots is {len(text)} characters long; name one bot per seat")
    names = [n.strip() for n in text.split(",") if n.strip()]
    if len(names) == 1:
        names *= players
    if len(names) != players:
        raise CuberailError(
            f"--bots names {len(names)} bots for {players} players: give one per seat"
            " (or a single name for every seat)")
    for name in dict.fromkeys(names):
        make_bot(name, 0)  # refuse unknown names before any game starts
    return names


# ----- playing ------------------------------------------------------------------------


def _play_all(info: GameInfo, bots: list[str], args: argparse.Namespace,
              options: Mapping[str, Any], out: Path) -> tuple[list[GameOutcome], bool, float]:
    start = time.perf_counter()
    games = play_games(info.title, bots, args.seed, range(args.games), options, args.jobs,
                       getattr(args, "backend", "process"), getattr(args, "address", None))
    outcomes, interrupted = collect_games(games, info.title, args.games,
                                          lambda outcome: _save_record(out, outcome))
    return outcomes, interrupted, time.perf_counter() - start


def collect_games(games: Generator[GameOutcome, None, None], label: str, total: int,
                  save: Callable[[GameOutcome], None] | None = None
                  ) -> tuple[list[GameOutcome], bool]:
    """The outcomes of ``games`` in game order, and whether Ctrl-C (or SIGTERM) stopped
    them early, with a progress bar on stderr. The games finished are kept; ``save``
    writes each one as it arrives, with interrupts held back meanwhile, so that a game
    saved is a game counted."""
    outcomes: list[GameOutcome] = []
    interrupted = False
    progress = Progress(
        TextColumn("[bold]{task.description}"), BarColumn(), MofNCompleteColumn(),
        TimeElapsedColumn(), TextColumn("eta"), TimeRemainingColumn(),
        console=Console(stderr=True), transient=False,
    )
    with progress:
        task = progress.add_task(label, total=total)
        try:
            with contextlib.closing(games):  # an interrupt shuts the worker pool down now
                for outcome in games:
                    if save is None:
                        outcomes.append(outcome)
                    else:
                        with _interrupts_deferred():
                            save(outcome)
                            outcomes.append(outcome)
                    progress.advance(task)
        except KeyboardInterrupt:
            interrupted = True
    outcomes.sort(key=lambda o: o.index)
    return outcomes, interrupted


@contextlib.contextmanager
def _interrupts_deferred() -> Iterator[None]:
    """Ctrl-C and SIGTERM wait until the block is done, then raise KeyboardInterrupt."""
    caught: list[int] = []

    def later(signum: int, frame: object) -> None:
        caught.append(signum)

    previous = {sig: signal.signal(sig, later) for sig in (signal.SIGINT, signal.SIGTERM)}
    try:
        yield
    finally:
        for sig, handler in previous.items():
            signal.signal(sig, handler)
    if caught:
        raise KeyboardInterrupt


def record_path(out: Path, index: int) -> Path:
    return out / f"game-{index:04d}.json"


def _save_record(out: Path, outcome: GameOutcome) -> None:
    """Atomically, through a unique temp file that never survives (even an interrupt)."""
    write_atomic(record_path(out, outcome.index),
                 (json.dumps(outcome.record, indent=1) + "\n").encode())


# ----- reporting ---------------------------------------------------------------------


def build_summary(info: GameInfo, bots: list[str], args: argparse.Namespace,
                  options: Mapping[str, Any], outcomes: list[GameOutcome], interrupted: bool,
                  seconds: float) -> dict[str, Any]:
    """The machine-readable summary; everything but ``timing`` is the same for a seed."""
    stats = summarise(bots, outcomes)
    return {
        "title": info.title,
        "rules_version": info.rules_version,
        "options": info.resolve_options(options),
        "players": len(bots),
        "bots": bots,
        "seed": args.seed,
        "games_requested": args.games,
        "games_played": len(outcomes),
        "interrupted": interrupted,
        "results": [s.to_json() for s in stats],
        "games": [o.to_json() for o in outcomes],
        "timing": {
            "wall_seconds": round(seconds, 3),
            "jobs": args.jobs,
            "backend": getattr(args, "backend", "process"),
            "seconds_per_move": {s.name: round(s.seconds_per_move, 6) for s in stats},
        },
    }


def print_table(console: Console, info: GameInfo, bots: list[str],
                outcomes: list[GameOutcome], interrupted: bool) -> None:
    """One row per bot: seat-games, win share with its 95% interval, mean score and rank."""
    stats = summarise(bots, outcomes)
    note = " (interrupted)" if interrupted else ""
    table = Table(title=f"{info.name}: {len(outcomes)} games, {len(bots)} players{note}")
    for heading in ("bot", "seats", "games", "win share", "95% CI", "score", "rank", "ms/move"):
        table.add_column(heading, justify="left" if heading == "bot" else "right", no_wrap=True)
    for s in stats:
        lo, hi = s.interval()
        table.add_row(s.name, str(bots.count(s.name)), str(s.games), f"{s.win_share:.3f}",
                      f"{lo:.3f}-{hi:.3f}", f"{s.mean_score:.1f}", f"{s.mean_rank:.2f}",
                      f"{1000 * s.seconds_per_move:.1f}")
    console.print(table)
    if len(set(bots)) < len(bots):
        console.print("a bot in several seats: its games count seat-games (ties share wins)")


def draw_chart(stats: list[BotStats], path: Path, title: str, fair: float) -> None:
    """Win shares with 95% error bars and the fair share per seat, as a PNG (matplotlib, Agg)."""
    plt = pyplot()
    names = [s.name for s in stats]
    shares = [s.win_share for s in stats]
    lows = [max(0.0, s.win_share - s.interval()[0]) for s in stats]
    highs = [max(0.0, s.interval()[1] - s.win_share) for s in stats]
    fig, ax = plt.subplots(figsize=(1.6 + 1.2 * len(names), 4))
    ax.bar(names, shares, yerr=[lows, highs], capsize=6, color="#4c72b0")
    ax.axhline(fair, linestyle="--", color="grey", linewidth=1, label="fair share")
    ax.legend(loc="upper right")
    ax.set_ylim(0, 1)
    ax.set_ylabel("win share (95% CI)")
    ax.set_title(title)
    fig.tight_layout()
    save_figure(fig, path)
    plt.close(fig)

