"""How much a hint's winning chance moves: the same position searched twice with two
seeds, against the seat's chance from one of its hints to its next.

Plays seeded games of four medium bots; at every third position where seat 0 has a
choice it runs ``hint_search`` twice (two seeds, the same budget) and prints both
chances; at the end, the median, 90th percentile and largest difference between the
two searches of a position (the search's own noise) and between one hint and the next
(the game's moves and the noise). Where the second is much the larger, a swing the hint
reports is the game's, not the search's (the hint then says whose chance moved:
``cuberail.bots.analysis.swing``).

    python benchmarks/hint_noise.py --title trans-siberian --games 3 --iterations 2000
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time

from cuberail.bots.analysis import hint_search
from cuberail.bots.registry import make_bot
from cuberail.games import get_game, titles


def spread(values: list[float]) -> str:
    """``median / 90th percentile / largest`` of ``values`` (as they are, when fewer than
    two)."""
    if len(values) < 2:
        return " / ".join(f"{v:.3f}" for v in values) or "-"
    deciles = statistics.quantiles(values, n=10, method="inclusive")
    return f"{statistics.median(values):.3f} / {deciles[8]:.3f} / {max(values):.3f}"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--title", choices=titles(), default="trans-siberian")
    parser.add_argument("--games", type=int, default=3)
    parser.add_argument("--iterations", type=int, default=2000)
    parser.add_argument("--every", type=int, default=3, help="every n-th position searched")
    args = parser.parse_args(argv)
    repeats: list[float] = []
    steps: list[float] = []
    start = time.perf_counter()
    for game in range(args.games):
        state = get_game(args.title).new_game(4)
        bots = [make_bot("medium", game * 10 + seat) for seat in range(4)]
        last, moves = None, 0
        while not state.is_terminal():
            if (state.current_player() == 0 and len(state.legal_actions()) > 1
                    and moves % args.every == 0):
                one = hint_search(state, None, args.iterations, 1000 + moves).chance
                two = hint_search(state, None, args.iterations, 2000 + moves).chance
                repeats.append(abs(one - two))
                if last is not None:
                    steps.append(abs(one - last))
                last = one
                print(f"game {game} move {moves:4d}: {one:.3f} {two:.3f}", flush=True)
            state.apply(bots[state.current_player()].choose(state.clone()))
            moves += 1
    print(f"{args.title}, {len(repeats)} positions, {args.iterations} iterations a hint,"
          f" {time.perf_counter() - start:.0f} s")
    print(f"same position, two seeds: {spread(repeats)} (median / p90 / max)")
    print(f"one hint to the next:     {spread(steps)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
