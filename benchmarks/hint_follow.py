"""A seat that follows the hints: the win-only search's move against ``hint_search``'s.

    python3 benchmarks/hint_follow.py                      # 40 paired TS games, 2,000 iterations
    python3 benchmarks/hint_follow.py --games 12 --opponents medium,medium,hard
    python3 benchmarks/hint_follow.py --title chicago-express --iterations 500
    python3 benchmarks/hint_follow.py --from-start --iterations 350   # every move a hint
    python3 benchmarks/hint_follow.py --plan --title ce --from-start  # the plan kept or not
    python3 benchmarks/hint_follow.py --avoid --from-start  # warned moves avoided by 0.03 or 0.10

One seat plays the medium bot's moves until the opening auctions are over (a newcomer
makes their own opening; ``--from-start``: no, every move a hint), then every hint; the
others are the given bots. Each game is played twice with the same seeds: once with the
win-only search's preferred move (the hint before a lost position played for points),
once with :func:`cuberail.bots.analysis.hint_search`'s. Per variant: the hint seat's win
share, mean rank, mean score and mean share of the top score; then the paired games
where the new variant ranked better, worse or the same, and a two-sided sign test over
those that differ. ``--plan``: both variants are ``hint_search``'s, the new one given the
move its last hint planned for this position (``planned``: the terminal's F3 keeps its
plan so within noise). Numbers only. About 20 CPU s a game with the compiled build
(``cuberail bench`` says which build runs); run it with nice.
"""

from __future__ import annotations

import argparse
import json
import math
import statistics
from concurrent.futures import ProcessPoolExecutor
from typing import Any

from cuberail.bots.analysis import (
    AVOID,
    CLOSE,
    analysis_bot,
    estimate,
    hint_search,
    plan_positions,
)
from cuberail.bots.arena import play_seated
from cuberail.bots.base import Bot
from cuberail.bots.registry import make_bot
from cuberail.core.actions import Action
from cuberail.core.state import GameState
from cuberail.games import get_game
from cuberail.terminal.kit import dangers

# the step that follows a title's opening auctions (its STEP_NAMES' "turn", "choose action")
OPENED = {"trans-siberian": 3, "chicago-express": 1}


class HintSeat(Bot):
    """Medium's moves until the opening auctions are over (the title's step ``opened``
    first comes), then the hint: ``hint_search``'s move (``new``) or the win-only
    search's."""

    name = "hint"

    def __init__(self, seed: int, new: bool, iterations: int, opened: int,
                 from_start: bool = False, plan: bool = False, avoid: bool = False) -> None:
        self.seed, self.new, self.iterations, self.step = seed, new, iterations, opened
        self.plan = plan  # both variants hint_search's; the new one keeps its plan
        # both variants hint_search's avoiding the table's warned moves: the new one by
        # AVOID, the old by CLOSE
        self.avoid = avoid
        self.plans: dict[str, Action] = {}
        self.medium = make_bot("medium", seed)
        self.opened = from_start
        self.for_points = 0

    def choose(self, state: GameState) -> Action:
        legal = state.legal_actions()
        if len(legal) == 1:
            return legal[0]
        self.opened = self.opened or getattr(state, "step", self.step) == self.step
        if not self.opened:
            return self.medium.choose(state)
        if self.plan:
            return self._planned(state)
        if self.avoid:
            hinted = hint_search(state, None, self.iterations, self.seed,
                                 avoid=dangers(state), margin=AVOID if self.new else CLOSE)
            assert hinted.best is not None
            return hinted.best
        if not self.new:
            found = estimate(state.clone(), analysis_bot(None, self.iterations, self.seed))
            assert found.best is not None
            return found.best
        hinted = hint_search(state, None, self.iterations, self.seed)
        assert hinted.best is not None
        self.for_points += hinted.for_points
        return hinted.best

    def _planned(self, state: GameState) -> Action:
        keep = self.plans.get(_key(state)) if self.new else None
        hinted = hint_search(state, None, self.iterations, self.seed, keep)
        assert hinted.best is not None
        self.for_points += hinted.for_points
        self.plans = {_key(at): move for at, move in plan_positions(state, hinted.best,
                                                                      hinted.then)}
        return hinted.best


def _key(state: GameState) -> str:
    return json.dumps(state.to_json(), sort_keys=True, default=str)


def one(job: tuple[str, int, bool, list[str], int, bool, bool, bool]) -> dict[str, Any]:
    title, i, new, opponents, iterations, from_start, plan, avoid = job
    info = get_game(title)
    seat = i % (len(opponents) + 1)
    names = list(opponents)
    names.insert(seat, "hint")
    seeds = [1000 * i + s for s in range(len(names))]
    players: list[Bot] = [HintSeat(sd, new, iterations, OPENED.get(title, -1), from_start,
                                   plan, avoid)
                          if n == "hint"
                          else make_bot(n, sd)
                          for n, sd in zip(names, seeds, strict=True)]
    out = play_seated(info, i, names, seeds, players)
    hinter = players[seat]
    assert isinstance(hinter, HintSeat)
    return {"new": new, "game": i, "rank": out.ranks[seat], "score": out.scores[seat],
            "top": max(out.scores), "won": seat in out.winners, "points": hinter.for_points}


def sign_test(better: int, worse: int) -> float:
    n, k = better + worse, min(better, worse)
    return min(1.0, 2 * sum(math.comb(n, j) for j in range(k + 1)) / 2 ** n) if n else 1.0


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--title", default="trans-siberian")
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--opponents", default="medium,medium,medium")
    parser.add_argument("--iterations", type=int, default=2000)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--from-start", action="store_true",
                        help="the hint seat plays every move by the hint, its opening too")
    parser.add_argument("--plan", action="store_true",
                        help="compare hint_search with and without keeping its plan")
    parser.add_argument("--avoid", action="store_true",
                        help="compare hint_search avoiding the table's warned moves within"
                        " CLOSE (0.03) of the hint and within AVOID (0.10)")
    args = parser.parse_args()
    opponents = args.opponents.split(",")
    jobs = [(args.title, i, new, opponents, args.iterations, args.from_start, args.plan,
             args.avoid) for i in range(args.games) for new in (False, True)]
    with ProcessPoolExecutor(args.jobs) as pool:
        results = list(pool.map(one, jobs))
    by = {new: sorted((r for r in results if r["new"] == new), key=lambda r: r["game"])
          for new in (False, True)}
    print("| hint | win share | mean rank | mean score | score / top | played for points |")
    print("|---|---|---|---|---|---|")
    for new, rows in by.items():
        name = (("plan kept" if new else "hint_search") if args.plan
                else (f"avoid {AVOID}" if new else f"avoid {CLOSE}") if args.avoid
                else ("hint_search" if new else "win-only"))
        print(f"| {name} | {statistics.mean(r['won'] for r in rows):.3f}"
              f" | {statistics.mean(r['rank'] for r in rows):.3f}"
              f" | {statistics.mean(r['score'] for r in rows):.1f}"
              f" | {statistics.mean(r['score'] / max(1, r['top']) for r in rows):.3f}"
              f" | {sum(r['points'] for r in rows)} |")
    better = sum(n["rank"] < o["rank"] for o, n in zip(by[False], by[True], strict=True))
    worse = sum(n["rank"] > o["rank"] for o, n in zip(by[False], by[True], strict=True))
    newer = ("keeping the plan" if args.plan else f"avoiding by {AVOID}" if args.avoid
             else "hint_search")
    print(f"\npaired games: {newer} ranked better in {better}, worse in {worse}, the same"
          f" in {args.games - better - worse}; sign test p = {sign_test(better, worse):.3f}")


if __name__ == "__main__":
    main()
