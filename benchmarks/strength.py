"""Strength report: fixed seeds and budgets, 4-player games, seats rotated; a markdown table.

    python benchmarks/strength.py                 # the full report (about 30 min on 2 cores)
    python benchmarks/strength.py --scale 0.25    # a quarter of the games, for a quick look
    python benchmarks/strength.py --only chicago-express --jobs 2 --json strength.json

Each match seats the listed bots, rotating the seats game by game
(``cuberail.bots.arena``), so every bot sits in every seat equally often. Rotation
keeps who sits after whom, and in Trans-Siberian that matters a great deal (the
seat after another search bot won 0.72 and 0.66 of 32 games, whichever budget
sat there), so a head-to-head match is *mirrored*: half its games swap the two
bots compared. A bot's win share counts shared wins for ties; the interval is
Wilson's 95%.
MCTS bots search by iterations, never by time, so the report is reproducible.

Targets (from the issue): heuristic against three random players >= 0.80;
mcts against three heuristics >= 0.50; twice the iterations a clear gain.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from dataclasses import dataclass

from cuberail.bots.arena import BotStats, GameOutcome, play_games, summarise
from cuberail.games import titles

MCTS = "mcts:200"  # the budget the report measures (fast rollouts, cut off and evaluated)
MCTS_HALF = "mcts:100"  # for "twice the iterations": MCTS against this


@dataclass(frozen=True)
class Match:
    """One line of the report: who plays, how many games, what it should show."""

    title: str
    bots: tuple[str, ...]
    games: int
    focus: tuple[str, ...]  # the bots whose rows the report prints
    target: str
    mirrored: bool = False  # half the games with the first two bots swapped

    def halves(self, games: int) -> list[tuple[list[str], range]]:
        """(bots, game indices) to play: all games, or two halves in both orders."""
        bots = list(self.bots)
        if not self.mirrored:
            return [(bots, range(games))]
        half = games // 2
        swapped = [bots[1], bots[0], *bots[2:]]
        return [(bots, range(half)), (swapped, range(half, games))]


# Sized for about 30 minutes on 2 cores: a game with one MCTS seat at 200 iterations
# takes about 7 core-seconds of Chicago Express and 12 of Trans-Siberian.
MATCHES = (
    Match("chicago-express", ("heuristic", "random", "random", "random"), 200,
          ("heuristic",), "heuristic >= 0.80"),
    Match("chicago-express", (MCTS, "heuristic", "heuristic", "heuristic"), 120,
          (MCTS,), "mcts >= 0.50"),
    Match("chicago-express", (MCTS, MCTS_HALF, "heuristic", "heuristic"), 96,
          (MCTS, MCTS_HALF), "twice the iterations wins more", mirrored=True),
    Match("trans-siberian", ("heuristic", "random", "random", "random"), 100,
          ("heuristic",), "heuristic >= 0.80"),
    Match("trans-siberian", (MCTS, "heuristic", "heuristic", "heuristic"), 60,
          (MCTS,), "mcts >= 0.50"),
    Match("trans-siberian", (MCTS, MCTS_HALF, "heuristic", "heuristic"), 32,
          (MCTS, MCTS_HALF), "twice the iterations wins more", mirrored=True),
)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--seed", type=int, default=2024)
    parser.add_argument("--scale", type=float, default=1.0, help="multiply every game count")
    parser.add_argument("--only", help="one title")
    parser.add_argument("--select", help="only matches whose target contains this text")
    parser.add_argument("--json", help="also write the rows as JSON")
    args = parser.parse_args(argv)
    known = set(titles())
    rows: list[dict[str, object]] = []
    begin = time.perf_counter()
    played = 0
    print("| title | match | bot | games | win share | 95% CI | target |")
    print("|---|---|---|---:|---:|---|---|")
    for match in MATCHES:
        if match.title not in known or (args.only and match.title != args.only):
            continue
        if args.select and args.select not in match.target:
            continue
        games = max(4, round(match.games * args.scale))
        start = time.perf_counter()
        outcomes: list[GameOutcome] = []
        for bots, indices in match.halves(games):
            outcomes += play_games(match.title, bots, args.seed, indices, jobs=args.jobs)
        played += len(outcomes)
        stats = {s.name: s for s in summarise(list(match.bots), outcomes)}
        for name in match.focus:
            rows.append(_row(match, stats[name], time.perf_counter() - start))
        sys.stdout.flush()
    print(f"\nSeed {args.seed}, seats rotated every game, ties shared; {played} games in"
          f" {time.perf_counter() - begin:.0f} s with {args.jobs} processes.")
    if args.json:
        with open(args.json, "w", encoding="utf-8") as f:
            json.dump(rows, f, indent=1)
    return 0


def _row(match: Match, s: BotStats, seconds: float) -> dict[str, object]:
    lo, hi = s.interval()
    label = " vs ".join(_count(match.bots)) + (", mirrored" if match.mirrored else "")
    print(f"| {match.title} | {label} | {s.name} | {s.games} | {s.win_share:.3f} |"
          f" {lo:.3f}-{hi:.3f} | {match.target} |")
    return {"title": match.title, "match": list(match.bots), "bot": s.name, "games": s.games,
            "win_share": round(s.win_share, 4), "ci95": [round(lo, 4), round(hi, 4)],
            "mean_score": round(s.mean_score, 2), "seconds": round(seconds, 1)}


def _count(bots: tuple[str, ...]) -> list[str]:
    """``("a", "b", "b")`` -> ``["a", "2 b"]``."""
    out = []
    for name in dict.fromkeys(bots):
        n = bots.count(name)
        out.append(name if n == 1 else f"{n} {name}")
    return out


if __name__ == "__main__":
    sys.exit(main())
