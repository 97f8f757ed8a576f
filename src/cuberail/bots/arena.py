"""Bots against bots: one seeded game, seat rotation, and the statistics of many games.

Used by ``cuberail tournament`` and by ``benchmarks/strength.py``. Every game is
reproducible from (title, bot names, tournament seed, game index, options): the
seats rotate with the game index and every bot gets a seed derived from those.

    >>> seat_names(["mcts", "heuristic", "random"], 4)
    ['heuristic', 'random', 'mcts']
    >>> lo, hi = wilson(8, 10)
    >>> round(lo, 3), round(hi, 3)
    (0.49, 0.943)
"""

from __future__ import annotations

import math
import multiprocessing
import signal
import time
from collections.abc import Callable, Generator, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from cuberail.bots.base import Bot
from cuberail.bots.registry import make_bot
from cuberail.core.game import GameInfo
from cuberail.core.record import new_record
from cuberail.games import get_game


def seat_names(bots: list[str], game_index: int) -> list[str]:
    """The bot at each seat in game ``game_index``: rotation ``game_index % players``."""
    n = len(bots)
    r = game_index % n
    return [bots[(seat + r) % n] for seat in range(n)]


def bot_seed(seed: int, game_index: int, seat: int) -> int:
    """A bot's seed, a fixed function of the tournament seed, the game and the seat."""
    return (seed * 1_000_003 + game_index) * 16 + seat


@dataclass
class GameOutcome:
    """One finished game: who sat where, the result and the record (as JSON)."""

    index: int
    seats: list[str]
    seeds: list[int]
    scores: list[int]
    winners: list[int]
    returns: list[float]
    ranks: list[float]
    record: dict[str, Any]
    seconds: float
    decisions: int
    think: list[float] = field(default_factory=list)  # seconds of thinking per seat
    moves: list[int] = field(default_factory=list)  # decisions per seat

    def to_json(self) -> dict[str, Any]:
        """The result, without timings (so that it is the same on every machine)."""
        return {"index": self.index, "seats": self.seats, "seeds": self.seeds,
                "scores": self.scores, "winners": self.winners, "returns": self.returns,
                "ranks": self.ranks, "decisions": self.decisions}


def play_game(
    title: str,
    bots: list[str],
    seed: int,
    game_index: int,
    options: Mapping[str, Any] | None = None,
) -> GameOutcome:
    """Play game ``game_index`` of a tournament to its end and return its outcome."""
    info: GameInfo = get_game(title)
    names = seat_names(bots, game_index)
    seeds = [bot_seed(seed, game_index, s) for s in range(len(names))]
    players = [make_bot(n, sd) for n, sd in zip(names, seeds, strict=True)]
    meta = {"bots": names, "seeds": seeds, "game": game_index, "tournament_seed": seed}
    return play_seated(info, game_index, names, seeds, players, options, meta=meta)


def play_seated(info: GameInfo, game_index: int, names: list[str], seeds: list[int],
                players: Sequence[Bot], options: Mapping[str, Any] | None = None, *,
                labels: list[str] | None = None, meta: dict[str, Any] | None = None,
                clock: Callable[[], float] = time.perf_counter) -> GameOutcome:
    """One game of the given bots, seat by seat, to its end: the loop every arena of
    cuberail plays (tournaments, the ladder's exploiter rows, the benchmark's table).
    ``labels`` name the seats in the record (default ``names``); ``clock`` times the
    game and each seat's thinking (wall time by default; ``time.process_time`` for CPU)."""
    state = info.new_game(len(names), options)
    record = new_record(info, labels or names, dict(options or {}))
    if meta is not None:
        record.meta = meta
    think = [0.0] * len(names)
    moves = [0] * len(names)
    start = clock()
    while not state.is_terminal():
        seat = state.current_player()
        t0 = clock()
        action = players[seat].choose(state)
        think[seat] += clock() - t0
        moves[seat] += 1
        state.apply(action)
        record.actions.append(action)
    result = state.result()
    return GameOutcome(
        index=game_index, seats=names, seeds=seeds, scores=list(result.scores),
        winners=list(result.winners), returns=result.returns(), ranks=result.ranks(),
        record=record.to_json(), seconds=clock() - start,
        decisions=len(record.actions), think=think, moves=moves,
    )


Job = tuple[str, list[str], int, int, dict[str, Any]]  # title, bots, seed, game index, options


def _worker_init() -> None:
    """A worker ignores Ctrl-C (the parent's to handle) and dies quietly on SIGTERM (how
    the pool stops it), whatever handlers it inherited from the parent by fork."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)


def _play_job(job: Job) -> GameOutcome:
    title, bots, seed, index, options = job
    return play_game(title, bots, seed, index, options)


def play_games(
    title: str,
    bots: list[str],
    seed: int,
    indices: Iterable[int],
    options: Mapping[str, Any] | None = None,
    jobs: int = 1,
    backend: str = "process",
    address: str | None = None,
) -> Generator[GameOutcome, None, None]:
    """Outcomes of the given games as they finish: in this process, or in ``jobs`` processes.

    Worker processes ignore Ctrl-C; the caller's KeyboardInterrupt (or closing this
    generator) stops them all. After the last game the pool is closed and joined, not
    killed. The outcomes do not depend on ``jobs`` (only their order of arrival does), nor
    on ``backend``: ``"ray"`` runs each game as a Ray task (on the cluster at ``address``,
    or a local Ray; see :mod:`cuberail.bots.ray_backend`), and ``jobs`` is then unused.
    """
    work = [(title, list(bots), seed, g, dict(options or {})) for g in indices]
    yield from play_jobs(work, jobs, backend, address)


def play_jobs(work: list[Job], jobs: int = 1, backend: str = "process",
              address: str | None = None) -> Generator[GameOutcome, None, None]:
    """Outcomes of the given games (each with its own bots, as ``cuberail ladder`` needs)
    as they finish; workers, interrupts and backends as in :func:`play_games`."""
    if backend == "ray":
        from cuberail.bots.ray_backend import map_unordered

        yield from map_unordered(_play_job, work, address)
        return
    if jobs <= 1 or len(work) <= 1:
        for job in work:
            yield _play_job(job)
        return
    pool = multiprocessing.get_context().Pool(min(jobs, len(work)), initializer=_worker_init)
    finished = False
    try:
        yield from pool.imap_unordered(_play_job, work)
        finished = True
    finally:
        if finished:
            pool.close()
        else:
            pool.terminate()
        pool.join()


def wilson(successes: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """Wilson score interval of a proportion (95% for z = 1.96); (0, 1) when n is 0."""
    if n <= 0:
        return 0.0, 1.0
    p = successes / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return max(0.0, centre - half), min(1.0, centre + half)


@dataclass
class BotStats:
    """The results of one bot (by name) over the seats it took."""

    name: str
    games: int = 0
    wins: float = 0.0
    score_sum: float = 0.0
    rank_sum: float = 0.0
    rank_squares: float = 0.0
    think: float = 0.0
    moves: int = 0

    @property
    def win_share(self) -> float:
        return self.wins / self.games if self.games else 0.0

    @property
    def mean_score(self) -> float:
        return self.score_sum / self.games if self.games else 0.0

    @property
    def mean_rank(self) -> float:
        return self.rank_sum / self.games if self.games else 0.0

    def interval(self) -> tuple[float, float]:
        return wilson(self.wins, self.games)

    def rank_interval(self) -> tuple[float, float]:
        """A 95% interval of the mean rank (normal approximation; a point below 2 games).

        Rank uses every game's full order, not only who won, so it shows a
        difference between bots with fewer games than the win share does.
        """
        n, mean = self.games, self.mean_rank
        if n < 2:
            return mean, mean
        variance = max(0.0, (self.rank_squares - n * mean * mean) / (n - 1))
        half = 1.96 * math.sqrt(variance / n)
        return mean - half, mean + half

    def to_json(self) -> dict[str, Any]:
        lo, hi = self.interval()
        r_lo, r_hi = self.rank_interval()
        return {"bot": self.name, "games": self.games, "wins": round(self.wins, 4),
                "win_share": round(self.win_share, 4), "ci95": [round(lo, 4), round(hi, 4)],
                "mean_score": round(self.mean_score, 3), "mean_rank": round(self.mean_rank, 3),
                "mean_rank_ci95": [round(r_lo, 3), round(r_hi, 3)]}

    @property
    def seconds_per_move(self) -> float:
        return self.think / self.moves if self.moves else 0.0


def summarise(bots: list[str], outcomes: Iterable[GameOutcome]) -> list[BotStats]:
    """Per distinct bot name, in the order first listed: seat-games, shared wins, score, rank.

    Ties count as shared wins (a two-way tie for first gives each 0.5).
    """
    table = {name: BotStats(name) for name in dict.fromkeys(bots)}
    for o in outcomes:
        for seat, name in enumerate(o.seats):
            row = table[name]
            row.games += 1
            row.wins += o.returns[seat]
            row.score_sum += o.scores[seat]
            row.rank_sum += o.ranks[seat]
            row.rank_squares += o.ranks[seat] ** 2
            row.think += o.think[seat] if o.think else 0.0
            row.moves += o.moves[seat] if o.moves else 0
    return list(table.values())
