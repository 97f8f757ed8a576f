"""A rating ladder: bot levels on one Elo scale from many multi-player games.

Every pair of seats in a finished game is one pairwise result: the seat that
finished higher (lower rank) beat the other, a tie is half a win each. Two seats
of the same bot tell nothing about its strength and are skipped. The ratings are
the Bradley-Terry maximum-likelihood fit of those results, on the Elo scale
(``400 * log10`` of the odds: 400 points apart is 10 to 1), and anchored so that one
level has a fixed rating (by default ``medium`` = 1500).

The fit is Newton's method on the (concave) log-likelihood in plain Python: a
few steps for a handful of levels, where numpy or scipy would add a dependency
to the core install (and Hunter's MM iteration, also dependency-free, needs
thousands of steps when the levels are far apart). Every level also gets
:data:`PRIOR_DRAWS` virtual draws against a fixed opponent of rating 0 before
anchoring: a level that never loses (or never wins) then gets a large but finite
rating instead of infinity, and is flagged (:attr:`Rating.unbeaten`,
:attr:`Rating.winless`) so that its rating reads as a bound. With hundreds of real
results the prior moves the other ratings by a few points at most.

The 95% intervals come from a bootstrap over games: whole games are resampled
(the pairwise results within one game are not independent), the fit repeated,
and the 2.5th and 97.5th percentiles taken. The anchor's own interval is
therefore a point. The same seed gives the same intervals.

    >>> games = [GameResult(("a", "b"), (1.0, 2.0))] * 3 + [GameResult(("a", "b"), (2.0, 1.0))]
    >>> ladder = fit_ladder(games, anchor="b", anchor_rating=0, prior_draws=0, bootstrap=0)
    >>> round(ladder.rating("a").rating)  # 3 wins to 1: 400 * log10(3)
    191
"""

from __future__ import annotations

import itertools
import math
import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from cuberail.core.errors import CuberailError

ELO = 400.0 / math.log(10.0)  # rating points per unit of natural log-strength
PRIOR_DRAWS = 1.0  # virtual draws per level against a fixed opponent of rating 0
DEFAULT_ANCHOR, DEFAULT_ANCHOR_RATING = "medium", 1500.0
BOOTSTRAP = 400  # resamples for the intervals
TOLERANCE = 1e-10  # the fit stops when no log-strength moves by more than this
MAX_STEPS = 200


@dataclass(frozen=True)
class GameResult:
    """One finished game: the bot in each seat and each seat's rank (1 = best; ties share)."""

    seats: tuple[str, ...]
    ranks: tuple[float, ...]


Pair = tuple[int, int, float]  # level i, level j, i's share of the result (1, 0.5 or 0)


def game_pairs(game: GameResult, index: dict[str, int]) -> list[Pair]:
    """The pairwise results of one game, by level index; same-bot pairs are left out."""
    out: list[Pair] = []
    n = len(game.seats)
    for a in range(n):
        for b in range(a + 1, n):
            i, j = index[game.seats[a]], index[game.seats[b]]
            if i == j:
                continue
            ra, rb = game.ranks[a], game.ranks[b]
            out.append((i, j, 1.0 if ra < rb else 0.0 if ra > rb else 0.5))
    return out


@dataclass
class Tally:
    """Wins and meetings between levels: ``wins[i][j]`` is i's share of its results with j."""

    size: int
    wins: list[list[float]] = field(default_factory=list)
    meets: list[list[float]] = field(default_factory=list)

    def __post_init__(self) -> None:
        self.wins = [[0.0] * self.size for _ in range(self.size)]
        self.meets = [[0.0] * self.size for _ in range(self.size)]

    def add(self, pairs: Iterable[Pair], times: int = 1) -> None:
        for i, j, share in pairs:
            self.wins[i][j] += share * times
            self.wins[j][i] += (1.0 - share) * times
            self.meets[i][j] += times
            self.meets[j][i] += times


def fit_strengths(tally: Tally, prior_draws: float = PRIOR_DRAWS,
                  start: Sequence[float] | None = None) -> list[float]:
    """Log-strengths (natural log, before anchoring) maximising the Bradley-Terry likelihood.

    Newton's method on the concave log-likelihood, with step halving so that every
    step gains. The prior's virtual draws against an opponent of log-strength 0 fix
    the scale; without a prior the first level is held at 0 instead (the likelihood
    does not change when every strength moves together), and a level that never wins
    or never loses drifts until MAX_STEPS: keep the prior for such data.
    ``start``: log-strengths to start from (the bootstrap starts at the full fit).
    """
    k = tally.size
    theta = list(start) if start is not None else [0.0] * k
    free = list(range(k)) if prior_draws > 0 else list(range(1, k))
    value = _log_likelihood(tally, theta, prior_draws)
    for _ in range(MAX_STEPS):
        grad, hess = _derivatives(tally, theta, prior_draws)
        step = _solve([[-hess[i][j] for j in free] for i in free], [grad[i] for i in free])
        if step is None or max((abs(x) for x in step), default=0.0) < TOLERANCE:
            break
        scale = 1.0
        while scale > 1e-9:
            trial = list(theta)
            for i, x in zip(free, step, strict=True):
                trial[i] += scale * x
            trial_value = _log_likelihood(tally, trial, prior_draws)
            if trial_value >= value - 1e-12:
                break
            scale /= 2
        else:
            break
        theta, value = trial, trial_value
    return theta


def _sigmoid(x: float) -> float:
    """1 / (1 + e^-x) without overflow."""
    if x >= 0:
        return 1.0 / (1.0 + math.exp(-x))
    e = math.exp(x)
    return e / (1.0 + e)


def _log_plus(a: float, b: float) -> float:
    """log(e^a + e^b) without overflow."""
    top = max(a, b)
    return top + math.log1p(math.exp(min(a, b) - top))


def _log_likelihood(tally: Tally, theta: list[float], prior: float) -> float:
    total = 0.0
    for i in range(tally.size):
        total += prior * (theta[i] / 2 - _log_plus(theta[i], 0.0))
        for j in range(i + 1, tally.size):
            if tally.meets[i][j]:
                total += (tally.wins[i][j] * theta[i] + tally.wins[j][i] * theta[j]
                          - tally.meets[i][j] * _log_plus(theta[i], theta[j]))
    return total


def _derivatives(tally: Tally, theta: list[float], prior: float
                 ) -> tuple[list[float], list[list[float]]]:
    """The gradient and Hessian of the log-likelihood in the log-strengths."""
    k = tally.size
    grad = [0.0] * k
    hess = [[0.0] * k for _ in range(k)]
    for i in range(k):
        p0 = _sigmoid(theta[i])
        grad[i] += prior * (0.5 - p0)
        hess[i][i] -= prior * p0 * (1 - p0)
        for j in range(k):
            if j == i or not tally.meets[i][j]:
                continue
            p = _sigmoid(theta[i] - theta[j])
            grad[i] += tally.wins[i][j] - tally.meets[i][j] * p
            curvature = tally.meets[i][j] * p * (1 - p)
            hess[i][i] -= curvature
            hess[i][j] += curvature
    return grad, hess


def _solve(matrix: list[list[float]], rhs: list[float]) -> list[float] | None:
    """x with matrix @ x = rhs, by Gaussian elimination with pivoting; None if singular."""
    n = len(rhs)
    rows = [[*row, b] for row, b in zip(matrix, rhs, strict=True)]
    for col in range(n):
        pivot = max(range(col, n), key=lambda r: abs(rows[r][col]))
        if abs(rows[pivot][col]) < 1e-300:
            return None
        rows[col], rows[pivot] = rows[pivot], rows[col]
        for r in range(col + 1, n):
            factor = rows[r][col] / rows[col][col]
            for c in range(col, n + 1):
                rows[r][c] -= factor * rows[col][c]
    x = [0.0] * n
    for r in range(n - 1, -1, -1):
        x[r] = (rows[r][n] - sum(rows[r][c] * x[c] for c in range(r + 1, n))) / rows[r][r]
    return x


@dataclass(frozen=True)
class Rating:
    """One level's place on the ladder."""

    level: str
    rating: float
    low: float  # the 95% interval (bootstrap over games)
    high: float
    games: int  # games it played in
    seats: int  # seats it took (a level can sit twice in a game)
    wins: float  # pairwise results won (ties half)
    results: int  # pairwise results against other levels
    unbeaten: bool  # never lost a pairwise result: the rating is a lower bound
    winless: bool  # never won one: the rating is an upper bound


@dataclass(frozen=True)
class HeadToHead:
    """The pairwise results of one level against another: its share, with a 95% interval."""

    level: str
    other: str
    share: float
    low: float
    high: float
    results: int

    @property
    def clear(self) -> bool:
        """The whole interval above one half: it beats the other clearly."""
        return self.results > 0 and self.low > 0.5


@dataclass(frozen=True)
class Ladder:
    """Ratings (strongest first) and each level's head-to-head with the next one down."""

    ratings: list[Rating]
    steps: list[HeadToHead]  # steps[i]: ratings[i] against ratings[i + 1]
    anchor: str
    anchor_rating: float
    games: int
    bootstrap: int

    def rating(self, level: str) -> Rating:
        return next(r for r in self.ratings if r.level == level)


def fit_ladder(
    games: Sequence[GameResult],
    levels: Sequence[str] | None = None,
    anchor: str = DEFAULT_ANCHOR,
    anchor_rating: float = DEFAULT_ANCHOR_RATING,
    prior_draws: float = PRIOR_DRAWS,
    bootstrap: int = BOOTSTRAP,
    seed: int = 1,
) -> Ladder:
    """Rate the levels seen in ``games`` (or ``levels``, in that order) on one Elo scale."""
    names = list(dict.fromkeys(levels if levels is not None else
                               [s for g in games for s in g.seats]))
    if len(names) < 2:
        raise CuberailError("a ladder needs games between at least two different bots")
    if anchor not in names:
        raise CuberailError(f"the anchor {anchor!r} is not among the bots rated: "
                            f"{', '.join(names)}")
    index = {name: i for i, name in enumerate(names)}
    _check_games(games, index)
    per_game = [game_pairs(g, index) for g in games]
    tally = Tally(len(names))
    for pairs in per_game:
        tally.add(pairs)
    for name, i in index.items():
        if not sum(tally.meets[i]):
            raise CuberailError(f"{name!r} has no results against another bot to rate it by")
    strengths = fit_strengths(tally, prior_draws)
    points = _anchored(strengths, index[anchor], anchor_rating)
    samples = _bootstrap(per_game, strengths, prior_draws, index[anchor], anchor_rating,
                         bootstrap, seed)
    ratings = [_rating(name, i, points, samples, games, tally) for i, name in enumerate(names)]
    ratings.sort(key=lambda r: -r.rating)
    steps = [_head_to_head(per_game, index, upper.level, lower.level, bootstrap, seed)
             for upper, lower in itertools.pairwise(ratings)]
    return Ladder(ratings, steps, anchor, anchor_rating, len(games), bootstrap)


def _check_games(games: Sequence[GameResult], index: dict[str, int]) -> None:
    for n, g in enumerate(games):
        if len(g.seats) != len(g.ranks) or len(g.seats) < 2:
            raise CuberailError(f"game {n}: {len(g.seats)} seats and {len(g.ranks)} ranks")
        unknown = [s for s in g.seats if s not in index]
        if unknown:
            raise CuberailError(f"game {n}: bot {unknown[0]!r} is not among the levels rated")


def _anchored(strengths: list[float], anchor: int, anchor_rating: float) -> list[float]:
    return [anchor_rating + ELO * (s - strengths[anchor]) for s in strengths]


def _bootstrap(per_game: list[list[Pair]], start: list[float], prior: float, anchor: int,
               anchor_rating: float, rounds: int, seed: int) -> list[list[float]]:
    """Per level, its anchored rating in each resample of the games (with replacement)."""
    rng = random.Random(seed)
    k = len(start)
    n = len(per_game)
    samples: list[list[float]] = [[] for _ in range(k)]
    for _ in range(rounds if n else 0):
        counts = [0] * n
        for _ in range(n):
            counts[rng.randrange(n)] += 1
        tally = Tally(k)
        for pairs, times in zip(per_game, counts, strict=True):
            if times:
                tally.add(pairs, times)
        fitted = fit_strengths(tally, prior, start)
        for i, r in enumerate(_anchored(fitted, anchor, anchor_rating)):
            samples[i].append(r)
    return samples


def percentile(values: Sequence[float], q: float) -> float:
    """The q-quantile (0..1) by linear interpolation between order statistics."""
    ordered = sorted(values)
    pos = q * (len(ordered) - 1)
    lo = math.floor(pos)
    hi = min(lo + 1, len(ordered) - 1)
    return ordered[lo] + (ordered[hi] - ordered[lo]) * (pos - lo)


def _rating(name: str, i: int, points: list[float], samples: list[list[float]],
            games: Sequence[GameResult], tally: Tally) -> Rating:
    low, high = ((percentile(samples[i], 0.025), percentile(samples[i], 0.975))
                 if samples[i] else (points[i], points[i]))
    wins = sum(tally.wins[i])
    results = int(sum(tally.meets[i]))
    return Rating(
        level=name, rating=points[i], low=min(low, points[i]), high=max(high, points[i]),
        games=sum(1 for g in games if name in g.seats),
        seats=sum(g.seats.count(name) for g in games), wins=wins, results=results,
        unbeaten=results > 0 and wins >= results, winless=results > 0 and wins <= 0)


def _head_to_head(per_game: list[list[Pair]], index: dict[str, int], level: str, other: str,
                  rounds: int, seed: int) -> HeadToHead:
    """``level``'s share of its results against ``other``, with a game-bootstrap interval."""
    a, b = index[level], index[other]
    per = [_share_in(pairs, a, b) for pairs in per_game]
    per = [(w, m) for w, m in per if m]
    wins, meets = sum(w for w, _ in per), sum(m for _, m in per)
    if not meets:
        return HeadToHead(level, other, 0.0, 0.0, 1.0, 0)
    rng = random.Random(seed + 7919 * (a + 1) + b)
    shares = []
    for _ in range(rounds):
        picks = [per[rng.randrange(len(per))] for _ in per]
        shares.append(sum(w for w, _ in picks) / sum(m for _, m in picks))
    share = wins / meets
    low, high = (percentile(shares, 0.025), percentile(shares, 0.975)) if shares else (share,
                                                                                      share)
    return HeadToHead(level, other, share, min(low, share), max(high, share), meets)


def _share_in(pairs: list[Pair], a: int, b: int) -> tuple[float, int]:
    """Level a's wins and meetings with level b in one game's pairs."""
    wins, meets = 0.0, 0
    for i, j, share in pairs:
        if (i, j) == (a, b):
            wins, meets = wins + share, meets + 1
        elif (i, j) == (b, a):
            wins, meets = wins + 1.0 - share, meets + 1
    return wins, meets


# ----- scheduling ----------------------------------------------------------------------


def lineups(levels: Sequence[str], players: int = 4) -> list[list[str]]:
    """The line-ups a ladder cycles through: every ``players``-subset of the levels (in
    ladder order), or, with fewer levels than seats, the levels repeated from each start.

    With more levels than seats every pair meets in the same share of games (each pair
    is in C(k-2, players-2) of the C(k, players) subsets), adjacent levels included.
    """
    k = len(levels)
    if k >= players:
        return [list(c) for c in itertools.combinations(levels, players)]
    return [[levels[(start + s) % k] for s in range(players)] for start in range(k)]


def lineup(levels: Sequence[str], game_index: int, players: int = 4) -> list[str]:
    """The bots of game ``game_index`` before the arena rotates them by ``game_index % players``.

    Games come in blocks of ``2 * players``: one line-up, in its order for the first
    ``players`` games and reversed for the next (rotation alone keeps every bot's
    neighbours; reversing swaps who sits before whom). The next block takes the next
    line-up, so every ``2 * players * len(lineups)`` games are balanced in seats,
    neighbours and pairings.
    """
    options = lineups(levels, players)
    block = game_index // (2 * players)
    seats = list(options[block % len(options)])
    if (game_index // players) % 2:
        seats.reverse()
    return seats


def cycle_length(levels: Sequence[str], players: int = 4) -> int:
    """Games in one balanced cycle of :func:`lineup`."""
    return 2 * players * len(lineups(levels, players))
