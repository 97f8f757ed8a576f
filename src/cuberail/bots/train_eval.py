"""Training of the learned evaluation: seeded self-play positions, then a conditional logit.

Data: games between bots (default: the heuristic, with a share of random non-bid
moves so that positions off its usual path are seen too, and some MCTS self-play),
every decision with a choice kept with probability ``sample``; each kept position
gives one feature row per seat (the title's kit's ``Features.seat_features``) and,
once the
game ends, each seat's target: its final win share (ties shared), what the hand-tuned
evaluator estimates too. (Not the search's blend with the score share: targets must
sum to 1 like the model's chances.)
With ``label`` a search bot (``mcts:2000``), each kept position's target is
instead that search's root values from it, normalised to sum to 1: the model is
distilled from a deeper search, on the positions the search meets. With ``leaf``
N, a kept position is first played on by 0..N moves of the search's fast rollout
policy (drawn evenly), so that the data are the positions the search's cut-offs
score (its rollouts stop after N such moves), not only the positions it plays from;
with ``quiet`` too, a leaf inside an auction is played on until the auction is over,
as the search's quiet cut-offs do (the leaves a quiet search scores). A title's kit may
offer labels of its own (``Kit.trainers``): ``dividends``, a forecast of what each share
will still pay fitted to what the shares paid, is one.

Model: ``P(seat) = softmax_seats(w . f[seat])``, one weight vector shared by all
seats, fitted by Newton's method on the cross-entropy with the targets plus a
small L2 penalty. A fitted name may also be ``hand``: one weight on the
hand-tuned evaluator's own weighted sum of the features (``Features.hand``), so
the fit sets only its temperature and keeps its prices. Nothing here is random
once the games are played, so the same seeds give the same weights (rounded to 6
decimals in the file). Needs numpy (the ``research`` extra); the inference in
:mod:`cuberail.bots.learned` does not.

The games are split by index: every ``holdout``-th game is kept out of the fit
and scores the model against the hand-tuned evaluator (log loss, and how often
the seat with the highest chance won).
"""

from __future__ import annotations

import math
import multiprocessing
import random
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, TypeVar

from cuberail.bots.arena import bot_seed, seat_names
from cuberail.bots.base import Bot
from cuberail.bots.evaluate import evaluator_for
from cuberail.bots.kit import kit_for
from cuberail.bots.learned import FORMAT, FORMAT_VERSION, features_for, rules_version
from cuberail.bots.mcts import Busy, MCTSBot
from cuberail.bots.registry import make_bot
from cuberail.bots.rollout import Policy, fast_policy_for
from cuberail.core.actions import Action
from cuberail.core.errors import CuberailError
from cuberail.core.state import GameState
from cuberail.games import get_game, titles

HAND = "hand"  # a fitted name for the hand-tuned evaluator's own weighted sum (Features.hand)
DIVIDENDS = "dividends"  # a label a kit may train (a dividend forecast, Kit.trainers)


@dataclass(frozen=True)
class DataSpec:
    """Which games give the training positions (all seeded from ``seed``)."""

    title: str = ""  # the title (required by every use; the default only lists the others)
    seed: int = 1
    games: int = 2000  # games of ``bot`` with random moves
    bot: str = "heuristic"
    explore: float = 0.1  # chance of a random non-bid move at each decision of those games
    search_games: int = 150  # games of ``search_bot`` self-play (no random moves)
    search_bot: str = "mcts:100"  # or tables: seat bots joined by ",", tables by "/"
    # (e.g. "mcts:100/mcts:100,heuristic,heuristic,heuristic": self-play and mixed tables
    # in turn, seats rotated game by game)
    players: int = 4
    sample: float = 0.25  # chance that a decision's position is kept
    holdout: int = 5  # every holdout-th game is held out of the fit
    label: str = "outcome"  # targets: "outcome" (final win shares) or a search bot's name
    # (e.g. "mcts:2000"): that search's root values at the position (distillation); or
    # a label of the title's kit (Kit.trainers), such as "dividends"
    leaf: int = 0  # each kept position is first played on by 0..leaf moves (drawn evenly)
    # of the search's fast rollout policy: the positions the search's cut-offs score
    quiet: bool = False  # and then on until no auction is running, as quiet cut-offs do
    # (MCTSConfig.quiet): the positions a quiet search's cut-offs score


Game = tuple[list[list[list[float]]], list[list[float]], list[list[float]]]  # rows, hand, targets


def _move(bot: Bot, state: GameState, rng: random.Random, explore: float) -> Action:
    legal = state.legal_actions()
    if explore > 0 and len(legal) > 1 and rng.random() < explore:
        options = [a for a in legal if a.kind != "bid"]
        if options:
            return options[int(rng.random() * len(options))]
    return bot.choose(state)


def players(spec: DataSpec, index: int) -> tuple[list[Bot], float, random.Random]:
    """The bots of game ``index`` of the data, its chance of a random move, and its own
    random stream (which positions are kept, the random moves)."""
    search = index >= spec.games
    names = (table_seats(spec.search_bot, spec.players, index - spec.games) if search
             else [spec.bot] * spec.players)
    bots = [make_bot(name, bot_seed(spec.seed, index, seat)) for seat, name in enumerate(names)]
    return bots, 0.0 if search else spec.explore, random.Random(bot_seed(spec.seed, index, 15))


def play_one(spec: DataSpec, index: int) -> Game:
    """Game ``index`` of the data: its kept positions' features and hand-tuned chances, and
    each seat's final utility."""
    bots, explore, rng = players(spec, index)
    rows_of = _features_function(spec.title)
    hand = evaluator_for(spec.title, "hand")
    state = get_game(spec.title).new_game(spec.players, {})
    labeller = (None if spec.label == "outcome"
                else make_bot(spec.label, bot_seed(spec.seed, index, 14)))
    rows: list[list[list[float]]] = []
    hands: list[list[float]] = []
    labels: list[list[float] | None] = []
    policy = fast_policy_for(spec.title) if spec.leaf else None
    found = kit_for(spec.title)
    busy = found.auction_running if spec.quiet and found is not None else None
    while not state.is_terminal():
        if len(state.legal_actions()) > 1 and rng.random() < spec.sample:
            kept = state if policy is None else _play_on(state, policy, rng, spec.leaf, busy)
            if not kept.is_terminal():
                rows.append(rows_of(kept))
                hands.append(hand(kept) if hand is not None
                             else [1.0 / spec.players] * spec.players)
                labels.append(None if labeller is None else search_values(labeller, kept))
        state.apply(_move(bots[state.current_player()], state, rng, explore))
    final = state.returns()
    return rows, hands, [final if label is None else label for label in labels]


def table_seats(tables: str, players: int, game: int) -> list[str]:
    """The bot at each seat of search game ``game``: ``tables`` (``/``-separated, each a bot or
    ``players`` bots joined by ``,``) taken in turn, and each table's seats rotated like a
    tournament's. A clear error if a table has the wrong number of seats."""
    options = tables.split("/")
    table = options[game % len(options)].split(",")
    if len(table) == 1:
        return table * players
    if len(table) != players:
        raise CuberailError(f"search table {','.join(table)!r} has {len(table)} seats;"
                            f" give one bot or {players}")
    return seat_names(table, game // len(options))


def _play_on(state: GameState, policy: Policy, rng: random.Random, most: int,
             busy: Busy | None = None) -> GameState:
    """A copy of ``state`` after 0..``most`` moves of the rollout ``policy`` (a cut-off's leaf),
    and then, with ``busy``, as many more as end a running auction (a quiet cut-off's leaf)."""
    leaf = state.clone()
    for _ in range(int(rng.random() * (most + 1))):
        if leaf.is_terminal():
            return leaf
        leaf.apply_unchecked(policy(leaf, rng))
    while busy is not None and not leaf.is_terminal() and busy(leaf):
        leaf.apply_unchecked(policy(leaf, rng))
    return leaf


def search_values(bot: Bot, state: GameState) -> list[float]:
    """A fresh search's root values at ``state``, normalised to sum to 1 (a target vector).

    The search's rewards blend the win share with a little score share
    (``terminal_utility``), so they need not sum to 1 exactly.
    """
    assert isinstance(bot, MCTSBot)
    bot._prepare(state.title)
    bot.search(state)
    values = [max(v, 0.0) for v in bot.root_values()]
    total = sum(values)
    n = len(values)
    return [v / total for v in values] if total > 0 else [1.0 / n] * n


def _trainers(title: str) -> Mapping[str, Callable[..., dict[str, Any]]]:
    """The training labels ``title``'s kit offers of its own (none without a kit)."""
    found = kit_for(title)
    return found.trainers if found is not None else {}


def _features_function(title: str) -> Any:
    return features_for(title).seat_features  # the clear error for a title without one


Played = TypeVar("Played")


def _play_job(job: tuple[Callable[[DataSpec, int], Played], DataSpec, int]) -> Played:
    play, spec, index = job
    return play(spec, index)


def play_all(spec: DataSpec, play: Callable[[DataSpec, int], Played], jobs: int = 1
             ) -> list[Played]:
    """Every game of the data played by ``play`` (a module-level function, so that worker
    processes can run it), in index order (the same for any ``jobs``)."""
    work = [(play, spec, i) for i in range(spec.games + spec.search_games)]
    if jobs <= 1:
        return [_play_job(w) for w in work]
    with multiprocessing.get_context().Pool(jobs) as pool:
        return list(pool.imap(_play_job, work, chunksize=4))


def generate(spec: DataSpec, jobs: int = 1) -> list[Game]:
    """Every game of the data (:func:`play_one`), in index order."""
    return play_all(spec, play_one, jobs)


def arrays(games: list[Game]) -> tuple[Any, Any, Any]:
    """Features (N, P, K), targets (N, P) and hand-tuned chances (N, P) as numpy arrays."""
    import numpy as np

    x = [row for rows, _, _ in games for row in rows]
    h = [row for _, hands, _ in games for row in hands]
    y = [target for _, _, targets in games for target in targets]
    return (np.asarray(x, dtype=np.float64), np.asarray(y, dtype=np.float64),
            np.asarray(h, dtype=np.float64))


def fit(x: Any, y: Any, l2: float = 1e-4, steps: int = 50) -> list[float]:
    """Damped Newton on mean cross-entropy ``-sum y log softmax(x w)`` plus ``l2/2 |w|^2``.

    Each step is halved until the loss goes down (plain Newton overshoots from w = 0).
    """
    import numpy as np

    n, _, k = x.shape
    w = np.zeros(k)
    loss = _loss(x, y, w, l2)
    for _ in range(steps):
        p = _softmax(np.einsum("npk,k->np", x, w))
        grad = np.einsum("npk,np->k", x, p - y) / n + l2 * w
        mean = np.einsum("npk,np->nk", x, p)
        hess = (np.einsum("npk,np,npj->kj", x, p, x) - np.einsum("nk,nj->kj", mean, mean)) / n
        step = np.linalg.solve(hess + l2 * np.eye(k), grad)
        scale = 1.0
        while scale > 1e-6:
            trial = w - scale * step
            trial_loss = _loss(x, y, trial, l2)
            if trial_loss <= loss:
                break
            scale *= 0.5
        else:
            break
        w, done = trial, loss - trial_loss < 1e-12
        loss = trial_loss
        if done:
            break
    return [float(v) for v in w]


def _loss(x: Any, y: Any, w: Any, l2: float) -> float:
    import numpy as np

    z = np.einsum("npk,k->np", x, w)
    z = z - z.max(axis=1, keepdims=True)
    log_p = z - np.log(np.exp(z).sum(axis=1, keepdims=True))
    return float(-(y * log_p).sum(axis=1).mean() + 0.5 * l2 * float(w @ w))


def _softmax(z: Any) -> Any:
    import numpy as np

    e = np.exp(z - z.max(axis=1, keepdims=True))
    return e / e.sum(axis=1, keepdims=True)


def scores(x: Any, y: Any, chances: Any) -> dict[str, float]:
    """Log loss against the targets, and how often the favourite won (max target)."""
    import numpy as np

    loss = float(-(y * np.log(np.clip(chances, 1e-9, 1.0))).sum(axis=1).mean())
    hit = float((np.argmax(chances, axis=1) == np.argmax(y, axis=1)).mean())
    return {"log_loss": round(loss, 4), "favourite_won": round(hit, 4)}


def fit_nonnegative(x: Any, y: Any, names: list[str], nonneg: tuple[str, ...],
                    l2: float = 1e-4) -> dict[str, float]:
    """:func:`fit` with the weights of ``nonneg`` held at >= 0 (an active-set loop).

    While a constrained weight comes out negative, the most negative one is fixed at 0
    and the rest refitted: more cash or more dividends must never lower a seat's chance,
    or the search learns to avoid them.
    """
    active = list(range(len(names)))
    while True:
        weights = dict(zip([names[i] for i in active], fit(x[:, :, active], y, l2), strict=True))
        bad = [(w, name) for name, w in weights.items() if name in nonneg and w < 0]
        if not bad:
            return {name: weights.get(name, 0.0) for name in names}
        active.remove(names.index(min(bad)[1]))
        if not active:
            return dict.fromkeys(names, 0.0)


def train(spec: DataSpec, jobs: int = 1, l2: float = 1e-4,
          free: tuple[str, ...] | None = None,
          nonneg: tuple[str, ...] = (), games: list[Game] | None = None) -> dict[str, Any]:
    """Play the data, fit, score on the held-out games; the weights file's content.

    ``free``: the features fitted (the others keep weight 0); None: all of them.
    ``nonneg``: fitted features whose weights must not be negative.
    ``games``: ``generate(spec)`` already played (to try several fits on the same data).
    """
    import numpy as np

    found = kit_for(spec.title)
    if found is not None and spec.label in found.trainers:
        return found.trainers[spec.label](spec, jobs, l2, free, nonneg)
    offered = [title for title in titles() if spec.label in _trainers(title)]
    if offered:
        raise CuberailError(f"--label {spec.label}: fitted for {', '.join(offered)} only;"
                            f" {spec.title} takes --label outcome or a search bot")
    features = features_for(spec.title)
    free = features.names if free is None else free
    unknown = [name for name in (*free, *nonneg) if name not in (*features.names, HAND)]
    if unknown or not free:
        raise CuberailError(f"unknown features {unknown}; choose from {list(features.names)}"
                            f" or {HAND!r} (the hand-tuned evaluator's own sum, one weight)")
    check_tables(spec)
    if spec.label != "outcome" and not isinstance(make_bot(spec.label, 0), MCTSBot):
        raise CuberailError(f"label {spec.label!r}: must be 'outcome', {DIVIDENDS!r} or an"
                            " mcts bot")
    games = generate(spec, jobs) if games is None else games
    fit_games = [g for i, g in enumerate(games) if i % spec.holdout]
    held = [g for i, g in enumerate(games) if i % spec.holdout == 0]
    x, y, _ = arrays(fit_games)
    # One column per fitted name: a feature, or the hand-tuned evaluator's weighted sum.
    unit = np.eye(len(features.names))
    directions = [np.asarray(features.hand) if name == HAND else unit[features.names.index(name)]
                  for name in free]
    design = np.einsum("npk,jk->npj", x, np.asarray(directions))
    fitted = fit_nonnegative(design, y, list(free), nonneg, l2)
    total = np.zeros(len(features.names))
    for name, direction in zip(free, directions, strict=True):
        total += fitted[name] * direction
    weights = [round(float(w), 6) for w in total]
    hx, hy, hh = arrays(held)
    learned = _softmax(np.einsum("npk,k->np", hx, np.asarray(weights)))
    uniform = np.full(hy.shape, 1.0 / spec.players)
    return {
        "format": FORMAT, "format_version": FORMAT_VERSION, "title": spec.title,
        "rules_version": rules_version(spec.title), "feature_version": features.version,
        "features": list(features.names), "weights": weights,
        "model": "conditional logit: P(seat) = softmax over seats of weights . features[seat]",
        "training": {
            "command": _command(spec, l2, free if free != features.names else None, nonneg),
            "fitted": list(free), "nonnegative": list(nonneg), "data": spec.__dict__, "l2": l2,
            "games": len(games), "positions": int(x.shape[0]), "held_out_games": len(held),
            "held_out_positions": int(hx.shape[0]),
            "held_out": {"learned": scores(hx, hy, learned), "hand": scores(hx, hy, hh),
                         "uniform": scores(hx, hy, uniform)},
        },
    }


def set_weights(title: str, values: dict[str, float]) -> dict[str, Any]:
    """A weights file with the weights given (every other one 0), set rather than fitted: a
    candidate to screen, or a model whose prices were chosen by tournaments. A clear error
    for a feature the title does not have or a weight that is not a finite number."""
    features = features_for(title)
    unknown = [name for name in values if name not in features.names]
    if unknown or not values:
        raise CuberailError(f"--set: unknown features {unknown}; choose from"
                            f" {list(features.names)}")
    bad = [name for name, w in values.items() if not math.isfinite(w)]
    if bad:
        raise CuberailError(f"--set: the weights of {bad} must be finite numbers")
    weights = [float(values.get(name, 0.0)) for name in features.names]
    given = ",".join(f"{name}={values[name]:g}" for name in features.names if name in values)
    return {
        "format": FORMAT, "format_version": FORMAT_VERSION, "title": title,
        "rules_version": rules_version(title), "feature_version": features.version,
        "features": list(features.names), "weights": weights,
        "model": "conditional logit: P(seat) = softmax over seats of weights . features[seat]",
        "training": {"command": f"python benchmarks/train_eval.py {title} --set {given}",
                     "set": {name: values[name] for name in features.names if name in values},
                     "fitted": []},
    }


def check_tables(spec: DataSpec) -> None:
    """A clear error for an unknown bot or a table of the wrong size, before any game."""
    for game in range(len(spec.search_bot.split("/"))):
        for name in table_seats(spec.search_bot, spec.players, game):
            make_bot(name, 0)


def _command(spec: DataSpec, l2: float, free: tuple[str, ...] | None,
             nonneg: tuple[str, ...] = ()) -> str:
    default = DataSpec(spec.title)
    args = [f"python benchmarks/train_eval.py {spec.title} --seed {spec.seed}"]
    for name in ("games", "bot", "explore", "search_games", "search_bot", "players", "sample",
                 "holdout", "label", "leaf"):
        value = getattr(spec, name)
        if value != getattr(default, name):
            args.append(f"--{name.replace('_', '-')} {value}")
    if spec.quiet:
        args.append("--quiet")
    if l2 != 1e-4:
        args.append(f"--l2 {l2:g}")
    if free is not None:
        args.append(f"--fit {','.join(free)}")
    if nonneg:
        args.append(f"--nonneg {','.join(nonneg)}")
    return " ".join(args)
