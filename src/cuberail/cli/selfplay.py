"""``cuberail selfplay``: bots play seeded games and write training data, shard by shard.

Per decision: the observation vector, the legal mask, the search's root visits
and the final outcome, in numpy ``.npz`` shards (format: cuberail.env.selfplay;
read them with ``cuberail.env.selfplay.load(DIR)``) or, with ``--format parquet``,
Parquet shards (schema: cuberail.env.selfplay_parquet). Seats rotate and bots are
seeded as in tournaments. Shards are named by title, seed and game range, so
several runs (machines) can write into one directory at once. Ctrl-C stops early;
the shards finished so far stay. Needs the research extra (numpy; Ray for
``--backend ray``).
"""

from __future__ import annotations

import argparse
import json
import time
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

from cuberail.cli.titles import title_help
from cuberail.core.errors import CuberailError
from cuberail.core.options import parse_option_args
from cuberail.games import get_game


def register(subparsers: Any) -> None:
    p = subparsers.add_parser("selfplay", description=__doc__,
                              help="bots play games and write training data (.npz, .parquet)")
    p.add_argument("title", help=title_help())
    p.add_argument("--bots", default="mcts:200",
                   help="bot per seat, comma-separated (one name fills every seat);"
                        " default mcts:200")
    p.add_argument("--players", type=int, default=4, help="seats per game (default 4)")
    p.add_argument("--games", type=int, default=100, help="number of games (default 100)")
    p.add_argument("--first-game", type=int, default=0,
                   help="index of the first game (another machine takes another range)")
    p.add_argument("--seed", type=int, default=1, help="run seed (default 1)")
    p.add_argument("--shard-games", type=int, default=20, help="games per shard (default 20)")
    p.add_argument("--out", required=True, help="directory for the shards (created if needed)")
    p.add_argument("--jobs", type=int, default=1, help="worker processes (default 1)")
    p.add_argument("--backend", choices=("process", "ray"), default="process",
                   help="process: --jobs local processes; ray: Ray tasks")
    p.add_argument("--address", help="with --backend ray: the cluster to join (HOST:6379 or"
                                     " auto; default: start a local Ray)")
    p.add_argument("--format", choices=("npz", "parquet"), default="npz",
                   help="shard format: npz (numpy) or parquet (needs pyarrow); default npz")
    p.add_argument("--option", action="append", default=[], metavar="NAME=VALUE",
                   help="rule option (repeatable)")
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    try:
        from cuberail.env import selfplay
    except ImportError as exc:
        raise CuberailError(f"selfplay needs the research extra ({exc.name} is missing):"
                            " pip install 'cuberail[research]'") from None
    from cuberail.cli.tournament import _bot_list

    info = get_game(args.title)
    bots = _bot_list(args.bots, args.players, info)
    options = parse_option_args(info.options, args.option)
    info.new_game(args.players, options)
    if args.format == "parquet":
        _need_pyarrow()
    if args.jobs < 1 or args.first_game < 0:
        raise CuberailError("--jobs must be at least 1 and --first-game at least 0")
    ranges = selfplay.shard_ranges(args.games, args.shard_games, args.first_game)
    out = Path(args.out)
    if out.exists() and not out.is_dir():
        raise CuberailError(f"--out {out} is a file; give a directory")
    out.mkdir(parents=True, exist_ok=True)
    written: list[Path] = []
    decisions, interrupted, start = 0, False, time.perf_counter()
    progress = Progress(TextColumn("[bold]{task.description}"), BarColumn(),
                        MofNCompleteColumn(), TimeElapsedColumn(), console=Console(stderr=True))
    with progress:
        task = progress.add_task(f"{info.title} games", total=args.games)
        shards = selfplay.run_shards(info.title, bots, args.seed, ranges, options, args.jobs,
                                     args.backend, args.address, args.format)
        try:
            for name, data, n in shards:
                written.append(selfplay.write_shard(out, name, data))
                decisions += n
                progress.advance(task, len(_games_in(name)))
        except KeyboardInterrupt:
            interrupted = True
    seconds = time.perf_counter() - start
    games = sum(len(_games_in(p.name)) for p in written)
    report = {"title": info.title, "bots": bots, "seed": args.seed, "games": games,
              "decisions": decisions, "shards": len(written), "seconds": round(seconds, 2),
              "bytes": sum(p.stat().st_size for p in written), "interrupted": interrupted}
    print(json.dumps(report))
    return 130 if interrupted else 0


def _need_pyarrow() -> None:
    try:
        import pyarrow  # noqa: F401
    except ImportError:
        raise CuberailError("--format parquet needs pyarrow: pip install pyarrow") from None


def _games_in(name: str) -> range:
    """The game range of a shard file name (``...-gFIRST-LAST.npz`` or ``.parquet``)."""
    first, last = name.rsplit("-g", 1)[1].split(".")[0].split("-")
    return range(int(first), int(last) + 1)
