r"""Train the learned evaluation of a title and write its weights file (reproducible by seed).

    python benchmarks/train_eval.py chicago-express --seed 3 --games 0 --search-games 70 \
        --sample 0.1 --leaf 15 --fit cash/100,dividends/100 --jobs 2

writes the title's shipped weights file (``cuberail.bots.learned.shipped_file``, in
``src/cuberail/bots/weights/``; each file's own command is in its ``training``), or with
``--out FILE`` a candidate to screen (``CUBERAIL_LEARNED_WEIGHTS=FILE`` makes ``:learned``
load it): the weights, the rules and feature versions, this command and the held-out scores.
The same arguments give the same file. Needs numpy (``pip install 'cuberail[train]'``).
Data and model: see ``cuberail.bots.train_eval``. With ``--label dividends`` (Chicago
Express) the model is a forecast of what each share will still pay, fitted to what the
shares paid, and cash keeps the price of one (``cuberail.bots.chicago_express.train_forecast``):

    python benchmarks/train_eval.py chicago-express --seed 7 --games 0 --search-games 300 \
        --search-bot mcts:1000 --sample 0.25 --label dividends --jobs 2 --out f.json
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time

from cuberail.bots.learned import WEIGHTS_DIR, shipped_file, titles_with_features
from cuberail.bots.train_eval import DataSpec, set_weights, train
from cuberail.core.errors import CuberailError


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    default = DataSpec()
    parser.add_argument("title", choices=titles_with_features())
    parser.add_argument("--seed", type=int, default=default.seed)
    parser.add_argument("--games", type=int, default=default.games)
    parser.add_argument("--bot", default=default.bot)
    parser.add_argument("--explore", type=float, default=default.explore)
    parser.add_argument("--search-games", type=int, default=default.search_games)
    parser.add_argument("--search-bot", default=default.search_bot)
    parser.add_argument("--players", type=int, default=default.players)
    parser.add_argument("--sample", type=float, default=default.sample)
    parser.add_argument("--holdout", type=int, default=default.holdout)
    parser.add_argument("--label", default=default.label,
                        help="targets: 'outcome' (final win shares), a search bot, e.g."
                        " mcts:2000, whose root values at each kept position are the targets,"
                        " or 'dividends' (Chicago Express): what each share went on to pay,"
                        " for a forecast priced one for one against cash")
    parser.add_argument("--leaf", type=int, default=default.leaf,
                        help="play each kept position on by 0..LEAF fast rollout moves (the"
                        " positions the search's cut-offs score; default 0: as played)")
    parser.add_argument("--quiet", action="store_true",
                        help="and then on until no auction is running (the leaves of the"
                        " search's quiet cut-offs, MCTSConfig.quiet); needs --leaf")
    parser.add_argument("--nonneg", help="comma-separated fitted features whose weights must"
                        " be >= 0")
    parser.add_argument("--l2", type=float, default=1e-4)
    parser.add_argument("--fit", help="comma-separated features to fit (default: all; the"
                        " others get weight 0); 'hand' fits one weight on the hand-tuned"
                        " evaluator's own sum (its temperature)")
    parser.add_argument("--set", metavar="NAME=W,...", help="write these weights (the others"
                        " 0) without playing or fitting: a candidate to screen, or prices"
                        " chosen by tournaments")
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--out", help="the weights file (default: the shipped one; required"
                        " for a title without shipped weights)")
    args = parser.parse_args(argv)
    if args.out is None and shipped_file(args.title) is None:
        parser.error(f"{args.title} has no shipped weights file to write: give --out FILE")
    if args.games < 0 or args.search_games < 0 or args.games + args.search_games < args.holdout:
        parser.error("--games and --search-games must be >= 0 with at least --holdout games")
    if not 0 < args.sample <= 1 or not 0 <= args.explore <= 1 or args.holdout < 2:
        parser.error("--sample must be in (0, 1], --explore in [0, 1], --holdout >= 2")
    if not 0 <= args.leaf <= 1000:
        parser.error("--leaf must be in 0..1000 (rollout moves)")
    if args.quiet and not args.leaf:
        parser.error("--quiet plays on the leaves of --leaf: give --leaf N too")
    if args.set is not None:
        if args.fit or args.nonneg:
            parser.error("--set writes the weights given, fitting nothing: leave out --fit"
                         " and --nonneg")
        return write_set(args.title, args.set, args.out, parser)
    spec = DataSpec(args.title, args.seed, args.games, args.bot, args.explore,
                    args.search_games, args.search_bot, args.players, args.sample, args.holdout,
                    args.label, args.leaf, args.quiet)
    start = time.perf_counter()
    try:
        free = tuple(args.fit.split(",")) if args.fit else None
        nonneg = tuple(args.nonneg.split(",")) if args.nonneg else ()
        model = train(spec, args.jobs, args.l2, free, nonneg)
    except CuberailError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    out = args.out or os.path.join(WEIGHTS_DIR, str(shipped_file(args.title)))
    with open(out, "w", encoding="utf-8") as f:
        json.dump(model, f, indent=1)
        f.write("\n")
    info = model["training"]
    print(f"{info['games']} games, {info['positions']} positions fitted in"
          f" {time.perf_counter() - start:.0f} s; held out ({info['held_out_positions']}"
          f" positions): {json.dumps(info['held_out'])}")
    print(f"weights: {dict(zip(model['features'], model['weights'], strict=True))}")
    print(f"wrote {out}")
    return 0


def write_set(title: str, text: str, out: str | None, parser: argparse.ArgumentParser) -> int:
    """``--set NAME=W,...``: the weights file of those weights."""
    values: dict[str, float] = {}
    for part in text.split(","):
        name, equals, number = part.partition("=")
        try:
            values[name.strip()] = float(number)
        except ValueError:
            equals = ""
        if not equals:
            parser.error(f"--set: {part!r} is not NAME=WEIGHT (e.g. frontier_gain/T=0.5)")
    try:
        model = set_weights(title, values)
    except CuberailError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    path = out or os.path.join(WEIGHTS_DIR, str(shipped_file(title)))
    with open(path, "w", encoding="utf-8") as f:
        json.dump(model, f, indent=1)
        f.write("\n")
    print(f"weights set, not fitted: {model['training']['set']}")
    print(f"wrote {path}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
