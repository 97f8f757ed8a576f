"""How well the Trans-Siberian terminal map shows its links: counts, never a verdict.

    python3 benchmarks/ts_map_lines.py                 # 24 games, the three map sizes
    python3 benchmarks/ts_map_lines.py --games 6 --every 25

Plays seeded games of medium bots (3, 4 and 5 players in turn), takes a position every
``--every`` moves and at each game's end, and draws each on the map sizes the table uses
(the whole map at 29 and 22 rows, the compact one at 78x19), with the links on offer
numbered 1, 2, ... (in the order the engine lists them: tags as wide as the table's). For
every link drawn (built or on offer) it counts:

- *short*: its line shows fewer than two cells besides its tag (its names sit on
  neighbouring rows or touch: the line is under them);
- *tag off its line*: its tag (``R3``, ``[7]``) stands on none of its own line's cells
  (beside it, or between two names: the newcomer runs' "floating tags").

Fewer is better on both; the numbers depend on where places.py sets the cities.
"""

from __future__ import annotations

import argparse
import time

from cuberail.bots.registry import make_bot
from cuberail.games import get_game
from cuberail.games.trans_siberian.state import TransSiberianState
from cuberail.terminal.trans_siberian import board as ts_map

SIZES = ((ts_map.WIDTH, ts_map.HEIGHT), (ts_map.WIDTH, 22),
         (ts_map.SMALL_WIDTH, ts_map.SMALL_HEIGHT))


def positions(games: int, every: int) -> list[TransSiberianState]:
    """Positions of ``games`` seeded games of medium bots: every ``every`` moves and the end."""
    out: list[TransSiberianState] = []
    for seed in range(games):
        players = 3 + seed % 3
        s = get_game("trans-siberian").new_game(players, {})
        assert isinstance(s, TransSiberianState)
        bots = [make_bot("medium", i + 10 * seed) for i in range(players)]
        n = 0
        while not s.is_terminal():
            s.apply(bots[s.current_player()].choose(s.clone()))
            n += 1
            if n % every == 0:
                out.append(s.clone())
        out.append(s.clone())
    return out


def offer(s: TransSiberianState) -> dict[str, str]:
    """The links on offer, numbered 1, 2, ... in the engine's order."""
    if s.is_terminal():
        return {}
    links = [str(a.args[0]) for a in s.legal_actions() if a.kind == "link" and a.args]
    return {link: str(i) for i, link in enumerate(dict.fromkeys(links), 1)}


def count(states: list[TransSiberianState], width: int, height: int) -> tuple[int, int, int]:
    """(links drawn, short ones, tags off their own line) over ``states``."""
    drawn = short = off = 0
    for s in states:
        targets = offer(s)
        d = ts_map.drawing(s, targets, width, height)
        for k in ts_map.drawn_links(s, targets):
            drawn += 1
            line = [c for c, (_, link) in d.lines.items() if link == k and c not in d.tags]
            tag = [c for c, (link, _) in d.tags.items() if link == k]
            short += len(line) < 2
            off += bool(tag) and not any(c in d.lines and d.lines[c][1] == k for c in tag)
    return drawn, short, off


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=24, help="seeded games (default 24)")
    parser.add_argument("--every", type=int, default=40,
                        help="moves between two positions taken (default 40)")
    args = parser.parse_args()
    if args.games < 1 or args.every < 1:
        parser.error("--games and --every are at least 1")
    started = time.perf_counter()
    states = positions(args.games, args.every)
    print(f"{len(states)} positions of {args.games} games"
          f" ({time.perf_counter() - started:.1f} s)")
    print("| map | links drawn | short (< 2 cells of line) | tag off its line |")
    print("|---|---:|---:|---:|")
    for width, height in SIZES:
        drawn, short, off = count(states, width, height)
        print(f"| {width}x{height} | {drawn} | {short} ({short / drawn:.0%})"
              f" | {off} ({off / drawn:.0%}) |")


if __name__ == "__main__":
    main()
