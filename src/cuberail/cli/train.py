"""``cuberail train``: train a title's policy/value network by self-play (the ``az`` bot).

Guided searches play seeded games against themselves; the network learns the searches'
visit shares and the games' results, generation by generation
(:mod:`cuberail.bots.az_train`). The weights file it writes is what ships in
``cuberail/bots/weights/`` (``--out``); the same options give the same file. Needs the
``train`` extra (PyTorch, CPU); playing with the result needs numpy only.
"""

from __future__ import annotations

import argparse
import json
import os
import time
from typing import Any

from cuberail.core.errors import CuberailError
from cuberail.games import get_game


def register(subparsers: Any) -> None:
    from cuberail.bots.az_train import TrainSpec
    from cuberail.cli.titles import title_help

    d = TrainSpec("")
    p = subparsers.add_parser("train", description=__doc__,
                              help="train a policy/value network by self-play (needs torch)")
    p.add_argument("title", help=title_help())
    p.add_argument("--out", help="weights file to write (default: the title's shipped file"
                                 " name in the current directory)")
    for name, help_text in (("players", "seats per self-play game"),
                            ("generations", "self-play generations"),
                            ("games", "self-play games per generation"),
                            ("iterations", "search iterations per decision"),
                            ("guide_after", "visits before a position below the root asks"
                             " the network (0: at once)"),
                            ("hidden", "hidden units"), ("epochs", "fitting epochs per generation"),
                            ("batch", "fitting batch size"), ("seed", "run seed")):
        p.add_argument(f"--{name.replace('_', '-')}", type=int, default=getattr(d, name),
                       help=f"{help_text} (default {getattr(d, name)})")
    for name, help_text in (("noise", "Dirichlet noise at the search's roots"),
                            ("exploration", "PUCT's constant"),
                            ("lr", "Adam's learning rate"), ("l2", "weight decay")):
        p.add_argument(f"--{name}", type=float, default=getattr(d, name),
                       help=f"{help_text} (default {getattr(d, name):g})")
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    try:
        import torch  # noqa: F401
    except ImportError:
        raise CuberailError("train needs PyTorch: pip install 'cuberail[train]'") from None
    from cuberail.bots import network
    from cuberail.bots.az_train import TrainSpec, train

    title = get_game(args.title).title
    _, encoding = network.parts_for(title)
    spec = TrainSpec(title, players=args.players, generations=args.generations, games=args.games,
                     iterations=args.iterations, guide_after=args.guide_after,
                     noise=args.noise,
                     exploration=args.exploration, hidden=args.hidden,
                     epochs=args.epochs, batch=args.batch, lr=args.lr, l2=args.l2, seed=args.seed)
    _check(spec)
    out = args.out or encoding.shipped or f"{title}-az.json"
    start = time.process_time()
    data = train(spec)
    with open(out, "w", encoding="utf-8") as sink:
        json.dump(data, sink, indent=None)
        sink.write("\n")
    print(f"wrote {out} ({os.path.getsize(out)} bytes, {data['samples']} samples,"
          f" {time.process_time() - start:.0f} CPU s)")
    return 0


def _check(spec: Any) -> None:
    for name in ("generations", "games", "iterations", "hidden", "epochs", "batch"):
        if getattr(spec, name) < 1:
            raise CuberailError(f"--{name} must be at least 1")
    if spec.guide_after < 0:
        raise CuberailError("--guide-after must be at least 0")
    if not 0 <= spec.noise < 1:
        raise CuberailError("--noise must be from 0 to below 1")
