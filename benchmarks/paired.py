"""Compare two tournaments played on the same seeds, game by game.

    python benchmarks/paired.py OUT_A OUT_B

OUT_A and OUT_B are ``cuberail tournament --out`` folders (their ``summary.json``)
whose first bot sat alone against the same opponents with the same ``--seed``: game
``g`` of each seats that bot in the same place and gives every seat the same seed,
so the two games differ only in that bot. The difference of its rank in game ``g``
(A minus B; below 0: A ranked better), averaged over the games both hold, with a
95% interval (normal approximation), says which of the two bots did better against
those opponents with much less noise than comparing two separate intervals.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import statistics
import sys
from typing import Any


class Refused(Exception):
    """A folder that does not hold what a paired comparison needs."""


class Played:
    """What a tournament folder says about its first bot: the table it sat at (title,
    seed, the other seats' bots) and its rank in each game."""

    def __init__(self, bot: str, table: tuple[Any, ...], ranks: dict[int, float]) -> None:
        self.bot = bot
        self.table = table
        self.ranks = ranks


def first_bot_ranks(folder: str) -> Played:
    """The first bot of a tournament folder, its table and its rank in each game."""
    path = os.path.join(folder, "summary.json")
    try:
        with open(path, encoding="utf-8") as f:
            summary: Any = json.load(f)
        bot = summary["bots"][0]
        table = (summary["title"], summary["seed"], tuple(summary["bots"][1:]))
        ranks = {}
        for game in summary["games"]:
            seats = [r for s, r in zip(game["seats"], game["ranks"], strict=True) if s == bot]
            if len(seats) != 1:
                raise Refused(f"{path}: game {game['index']} seats {bot!r} {len(seats)} times;"
                              " the first bot must sit alone")
            ranks[int(game["index"])] = float(seats[0])
    except OSError as exc:
        raise Refused(f"{path}: {exc.strerror}: give a `cuberail tournament --out` folder"
                      ) from None
    except (ValueError, KeyError, TypeError, IndexError):
        raise Refused(f"{path}: not a tournament summary (bots, games with seats and ranks)"
                      ) from None
    return Played(bot, table, ranks)


def paired(a: dict[int, float], b: dict[int, float]) -> tuple[int, float, float, float]:
    """Games compared, the mean rank difference A - B and its 95% interval."""
    common = sorted(set(a) & set(b))
    if len(common) < 2:
        raise Refused(f"{len(common)} game(s) in both tournaments: at least 2 are needed"
                      " (the same --seed, and games played in both)")
    diff = [a[g] - b[g] for g in common]
    mean = statistics.fmean(diff)
    half = 1.96 * statistics.stdev(diff) / math.sqrt(len(diff))
    return len(diff), mean, mean - half, mean + half


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("a", help="a tournament folder (its first bot is compared)")
    parser.add_argument("b", help="a tournament folder played with the same seed")
    args = parser.parse_args(argv)
    try:
        a, b = first_bot_ranks(args.a), first_bot_ranks(args.b)
        if a.table != b.table:
            raise Refused(f"the tables differ (title, seed, other seats): {a.table} against"
                          f" {b.table}; pair tournaments that differ only in the first bot")
        n, mean, low, high = paired(a.ranks, b.ranks)
    except Refused as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    print(f"{a.bot} minus {b.bot}, {n} games paired: mean rank difference {mean:+.3f}"
          f" (95% {low:+.3f} to {high:+.3f}); below 0: {a.bot} ranked better")
    return 0


if __name__ == "__main__":
    sys.exit(main())
