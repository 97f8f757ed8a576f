"""Engine and search speed: the same numbers as ``cuberail bench`` (this script just runs it).

    python benchmarks/bench_engine.py                       # every title, medians of 5 runs
    python benchmarks/bench_engine.py chicago-express --repeat 9 --json bench.json
    python benchmarks/bench_engine.py --profile chicago-express   # where the time goes

Targets (one core, 4-player Chicago Express): random full games >= 500/s; legal
actions + apply <= 10 us per decision; clone <= 5 us; MCTS >= 1,000 iterations/s
with full rollouts and >= 5,000 with cut-off rollouts. ``--profile`` runs cProfile
over random games and over MCTS searches and prints the top functions by own time.
"""

from __future__ import annotations

import cProfile
import pstats
import random
import sys

from cuberail.cli.main import main as cuberail


def profile(title: str, players: int = 4) -> None:
    """cProfile of random games, then of MCTS searches from the bench's fixed states."""
    from cuberail.cli.bench import fixed_states, mcts_rate
    from cuberail.games import get_game

    info = get_game(title)
    states = [s for s, _ in fixed_states(info, players)]

    def random_games() -> None:  # the bench's random playouts: the search's own loop
        from cuberail.bots.rollout import play_out, random_policy

        rng = random.Random(1)
        for _ in range(30):
            play_out(info.new_game(players), random_policy, rng)

    for label, job in (("random games", random_games),
                       ("MCTS, full rollouts", lambda: mcts_rate(states, 300, None)),
                       ("MCTS, cut-off rollouts", lambda: mcts_rate(states, 1000, 30))):
        print(f"\n===== {title}: {label} =====")
        prof = cProfile.Profile()
        prof.runcall(job)
        pstats.Stats(prof).sort_stats("tottime").print_stats(25)


if __name__ == "__main__":
    args = sys.argv[1:]
    if args[:1] == ["--profile"]:
        for name in args[1:] or ["chicago-express"]:
            profile(name)
        sys.exit(0)
    sys.exit(cuberail(["bench", *args]))
