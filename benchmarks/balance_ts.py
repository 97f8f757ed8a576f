"""Trans-Siberian balance study: self-play across rule-option values (TS-10), as a markdown table.

    python3 benchmarks/balance_ts.py                      # the default grid, 60 games a cell
    python3 benchmarks/balance_ts.py --games 20 --players 3,4,5 \\
        --grid dividend_track=8,10 quiet_dividend_steps=0,1
    python3 benchmarks/balance_ts.py --bots random,easy,medium --mcts 4 --json out.json

The dividend track's length and the nationalization marker's step sizes are not
printed anywhere we can read (TS-10), so their defaults are chosen by what they
do to games. Every cell of the grid plays the same seeded games (same seats,
same bot seeds), only the options differ. Seats are filled with bot levels drawn
from ``--bots`` by a seeded generator; ``--mcts N`` also seats one ``mcts:50`` in
N extra games per cell. Per cell, the table reports:

- how games end (TS-9.1): a share value at 75, the dividend track's end, or no
  company left in play ("empty");
- nationalizations per game, and at which dividend they come (mean);
- the dividend after which no company is in play any more (mean over the games
  where that happens), and the *live* share: dividends paid with a company in
  play over the track's length (1.0 when companies last to the end);
- forced decisions (only one legal action) as a share of all decisions;
- game length in decisions and in dividends;
- lead changes: how often the leader by score (TS-9.2) changes from one dividend
  to the next (a shared lead counts as no leader).

Numbers only, never a verdict; docs/trans-siberian.md reads them. CPU time is
small (heuristic games take a few hundredths of a second); run it with nice.
"""

from __future__ import annotations

import argparse
import itertools
import json
import random
import statistics
import sys
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from cuberail.bots.registry import make_bot
from cuberail.games import get_game
from cuberail.games.trans_siberian.state import ACTIVE, NATIONALIZED, TransSiberianState

DEFAULT_GRID = ("dividend_track=8,10,12", "phase1_dividend_steps=0,1",
                "quiet_dividend_steps=0,1", "nationalization=at-or-below,below")
MCTS_BOT = "mcts:50"


@dataclass
class GameStats:
    """What one game did."""

    end: str
    nationalized_at: list[int]  # the dividend number of each nationalization
    empty_at: int | None  # the dividend after which no company was in play, if it came
    live: float  # dividends with a company in play over the dividend track's length
    forced: int
    decisions: int
    dividends: int
    lead_changes: int


@dataclass
class CellStats:
    """The games of one option setting."""

    options: dict[str, Any]
    games: list[GameStats] = field(default_factory=list)

    def row(self) -> dict[str, Any]:
        g = self.games
        n = len(g)
        ends = {k: sum(1 for x in g if x.end == k) / n for k in ("75", "track", "empty")}
        nat = [d for x in g for d in x.nationalized_at]
        empty = [x.empty_at for x in g if x.empty_at is not None]
        return {
            **self.options, "games": n,
            "end_75": ends["75"], "end_track": ends["track"], "end_empty": ends["empty"],
            "nat_per_game": sum(len(x.nationalized_at) for x in g) / n,
            "nat_mean_dividend": statistics.mean(nat) if nat else None,
            "empty_after_dividend": statistics.mean(empty) if empty else None,
            "live_share": statistics.mean(x.live for x in g),
            "forced_share": sum(x.forced for x in g) / sum(x.decisions for x in g),
            "decisions": statistics.mean(x.decisions for x in g),
            "dividends": statistics.mean(x.dividends for x in g),
            "lead_changes": statistics.mean(x.lead_changes for x in g),
        }


def parse_grid(words: Sequence[str]) -> list[dict[str, Any]]:
    """``name=v1,v2`` words to every combination of option values (typed by the option)."""
    specs = {o.name: o for o in get_game("trans-siberian").options}
    axes: list[list[tuple[str, Any]]] = []
    for word in words:
        name, _, values = word.partition("=")
        if name not in specs or not values:
            raise SystemExit(f"bad grid axis {word!r}: write NAME=V1,V2 with NAME among"
                             f" {', '.join(specs)}")
        axes.append([(name, specs[name].parse(v)) for v in values.split(",")])
    return [dict(combo) for combo in itertools.product(*axes)]


def _leader(scores: list[int]) -> int:
    best = max(scores)
    top = [p for p, s in enumerate(scores) if s == best]
    return top[0] if len(top) == 1 else -1


def play(options: Mapping[str, Any], seats: list[str], seed: int) -> GameStats:
    """One seeded game with the given bots; what happened in it."""
    info = get_game("trans-siberian")
    state = info.new_game(len(seats), options)
    assert isinstance(state, TransSiberianState)
    bots = [make_bot(name, seed * 16 + i) for i, name in enumerate(seats)]
    forced = decisions = 0
    nat: list[int] = []
    leaders: list[int] = []
    live = 0
    empty_at: int | None = None
    paid = 0
    while not state.is_terminal():
        legal = state.legal_actions()
        forced += len(legal) == 1
        decisions += 1
        before = [s == NATIONALIZED for s in state.status]
        had_company = ACTIVE in state.status
        state.apply(bots[state.current_player()].choose(state))
        if state.dividends != paid:
            paid = state.dividends
            live += had_company
            nat += [paid for c, was in enumerate(before)
                    if not was and state.status[c] == NATIONALIZED]
            leaders.append(_leader(state.scores()))
            if ACTIVE not in state.status and empty_at is None:
                empty_at = paid
    reasons = state.end_reasons()
    end = "75" if any("75" in r for r in reasons) else (
        "track" if any("track" in r for r in reasons) else "empty")
    changes = sum(1 for a, b in itertools.pairwise(leaders) if a != b)
    return GameStats(end, nat, empty_at, live / state.opts.dividend_track, forced, decisions,
                     paid, changes)


def seatings(levels: list[str], players: list[int], games: int, mcts: int,
             seed: int) -> list[tuple[list[str], int]]:
    """The seats and seed of every game of a cell (the same for every cell)."""
    rng = random.Random(seed)
    out = []
    for g in range(games + mcts):
        n = players[g % len(players)]
        seats = [rng.choice(levels) for _ in range(n)]
        if g >= games:
            seats[rng.randrange(n)] = MCTS_BOT
        out.append((seats, seed * 100_003 + g))
    return out


COLUMNS = (("end_75", "ends 75", "{:.2f}"), ("end_track", "ends track", "{:.2f}"),
           ("end_empty", "ends empty", "{:.2f}"), ("nat_per_game", "nat./game", "{:.2f}"),
           ("nat_mean_dividend", "nat. at div.", "{:.1f}"),
           ("empty_after_dividend", "empty after div.", "{:.1f}"),
           ("live_share", "live", "{:.2f}"), ("forced_share", "forced", "{:.2f}"),
           ("decisions", "decisions", "{:.0f}"), ("dividends", "dividends", "{:.1f}"),
           ("lead_changes", "lead changes", "{:.1f}"))


def table(rows: list[dict[str, Any]], keys: list[str]) -> str:
    """A markdown table: the option values, then the measures."""
    short = {"dividend_track": "track", "phase1_dividend_steps": "p1 step",
             "quiet_dividend_steps": "quiet step", "failed_auction_steps": "failed step",
             "nationalization": "nat."}
    head = [short.get(k, k) for k in keys] + [c[1] for c in COLUMNS]
    lines = ["| " + " | ".join(head) + " |", "|" + "---|" * len(head)]
    for r in rows:
        cells = [str(r[k]) for k in keys]
        cells += ["-" if r[k] is None else f.format(r[k]) for k, _, f in COLUMNS]
        lines.append("| " + " | ".join(cells) + " |")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--grid", nargs="*", default=list(DEFAULT_GRID),
                        help="option axes NAME=V1,V2 (default: %(default)s)")
    parser.add_argument("--games", type=int, default=60, help="games per cell (default 60)")
    parser.add_argument("--mcts", type=int, default=0,
                        help=f"extra games per cell with one {MCTS_BOT} seat (default 0)")
    parser.add_argument("--players", default="3,4,5", help="player counts, cycled (3,4,5)")
    parser.add_argument("--bots", default="random,easy,medium",
                        help="bot levels the seats are drawn from (random,easy,medium)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--json", help="also write the rows as JSON to this file")
    args = parser.parse_args(argv)
    cells = parse_grid(args.grid)
    players = [int(p) for p in args.players.split(",")]
    plan = seatings(args.bots.split(","), players, args.games, args.mcts, args.seed)
    start = time.process_time()
    rows = []
    for options in cells:
        cell = CellStats(options)
        for seats, seed in plan:
            cell.games.append(play(options, seats, seed))
        rows.append(cell.row())
        print(f"  {options}: done ({time.process_time() - start:.0f} s CPU)", file=sys.stderr)
    keys = list(cells[0]) if cells else []
    print(f"balance_ts: {len(plan)} games per cell ({args.games} of {args.bots}"
          f"{f', {args.mcts} with one {MCTS_BOT}' if args.mcts else ''}), players"
          f" {args.players}, seed {args.seed}; {time.process_time() - start:.0f} s CPU")
    print(table(rows, keys))
    if args.json:
        with open(args.json, "w", encoding="utf-8") as fh:
            json.dump(rows, fh, indent=1)
    return 0


if __name__ == "__main__":
    sys.exit(main())
