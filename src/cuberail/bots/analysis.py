"""Analysis of a game: each seat's winning chances through the game, and the costly moves.

For every position of a record the search estimates each seat's winning chance
(the mean reward of every iteration of a search from there: the win share, with
cut-off positions scored by the title's evaluator). A decision compares the
chance its mover had with the engine's preferred move against the chance after
the move played. Forced moves (one legal action) are not searched: a position
with one move is worth what the position after it is worth.

The estimate of the move played comes from the same search when that search
tried it often enough (so both moves are judged side by side). Else the mover's loss is
how far their chance fell from this position's search to the next one's, both a root's
mean over its iterations. (Comparing the best move's value with the next root's mean, as
before, counted the gap between a best move and a root's mean, the search's exploring, as
the player's loss: it called the hint's moves blunders.)

A loss is flagged only when it stands out of the searches' noise: at least twice the
standard error of the difference (each estimate's variance at most a proportion's,
``p(1-p)/n`` for rewards in 0..1 over ``n`` visits or iterations, with a win and a loss
added). A short search (the server's 0.1 s) flags less, not on noise.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any

from cuberail.bots.mcts import MCTSBot, MCTSConfig, Node
from cuberail.core.actions import Action
from cuberail.core.state import GameState

# A move that costs its mover at least this much of a winning chance is flagged.
FLAGS = ((0.15, "blunder"), (0.07, "mistake"), (0.03, "inaccuracy"))
MIN_VISITS = 20  # visits of the played move before its value in the same search is trusted
NOISE = 2.0  # a loss is flagged when at least this many standard errors of the difference
LOST = 0.05  # a hint whose preferred move leaves less chance than this plays for points
WON = 0.95  # ... and one whose preferred move leaves more plays for the margin
CLOSE = 0.03  # a runner-up whose chance is this near the hinted move's is a close call
AVOID = 0.10  # a warned move is hinted only this far above every move without a warning
PLAN = 3  # the most of the mover's own next moves a hint's plan names
TIE_BREAK = 3  # a close call's blended search has this fraction of the budget (1/3)
HINT_ITERATIONS = 2000  # a hint's search, in the browser and the terminal alike
SWING = 0.15  # a hint's chance this far from the seat's last hint's says what changed
RIVAL = 0.08  # ... naming the rival whose chance moved most the other way, this much at least
SURPRISE = 0.4  # ... and saying that a short search's chance can turn this far (a rival's
# strong move it did not expect: its playouts play simply for everyone)


@dataclass
class Estimate:
    """A searched position: each seat's chance, the preferred move and the root's children."""

    chances: list[float]
    best: Action | None
    best_value: float
    children: dict[Action, tuple[int, float]] = field(default_factory=dict)  # visits, value
    iterations: int = 0
    # each root move's line: the mover's own next moves after it (:func:`plan`)
    plans: dict[Action, tuple[Action, ...]] = field(default_factory=dict)

    @property
    def plan(self) -> tuple[Action, ...]:
        """The mover's own next moves after ``best`` on the search's line."""
        return self.plans.get(self.best, ()) if self.best is not None else ()


@dataclass
class Decision:
    """One action of the record, judged."""

    index: int
    seat: int
    action: Action
    forced: bool
    before: list[float]
    after: list[float]
    best: Action | None
    best_value: float
    played_value: float
    iterations: int
    noise: float = 0.0  # the standard error of ``best_value - played_value``

    @property
    def loss(self) -> float:
        """Winning chance the mover gave up against the preferred move (0 or more)."""
        if self.forced or self.best is None or self.best == self.action:
            return 0.0
        return max(0.0, self.best_value - self.played_value)

    @property
    def flag(self) -> str | None:
        """blunder, mistake or inaccuracy: a loss past the flag's limit and out of the
        searches' noise (None: neither)."""
        if self.loss <= NOISE * self.noise:
            return None
        return next((name for limit, name in FLAGS if self.loss >= limit), None)

    def to_json(self) -> dict[str, Any]:
        return {
            "index": self.index, "seat": self.seat, "action": self.action.text(),
            "forced": self.forced, "before": _rounded(self.before),
            "after": _rounded(self.after),
            "best": self.best.text() if self.best is not None else None,
            "best_value": round(self.best_value, 4), "played_value": round(self.played_value, 4),
            "loss": round(self.loss, 4), "noise": round(self.noise, 4), "flag": self.flag,
            "iterations": self.iterations,
        }


def _rounded(values: list[float]) -> list[float]:
    return [round(v, 4) for v in values]


def estimate(state: GameState, bot: MCTSBot) -> Estimate:
    """Search ``state`` once and read each seat's chance and the preferred move off the tree."""
    root = bot.search(state)
    children = {c.action: (c.visits, c.wins / c.visits) for c in root.children
                if c.action is not None and c.visits}
    best = _most_visited(root)
    value = children[best][1] if best is not None and best in children else 0.0
    plans = {c.action: plan(root, c.action) for c in root.children
             if c.action is not None and c.visits >= MIN_VISITS}
    return Estimate(bot.root_values(), best, value, children, bot.last_iterations,
                    {a: line for a, line in plans.items() if line})


def _top(root: Node) -> Node | None:
    """The root's most visited child (ties: the more wins), None without children."""
    return max(root.children, key=lambda c: (c.visits, c.wins)) if root.children else None


def _most_visited(root: Node) -> Action | None:
    top = _top(root)
    return top.action if top is not None else None


def plan(root: Node, best: Action | None) -> tuple[Action, ...]:
    """What the mover goes on to do after ``best`` on the search's line, while the same
    seat moves again (a turn of several steps: an action chosen, then carried out or
    forgone): the move
    tried most at each step, while it was tried :data:`MIN_VISITS` times or more; at most
    :data:`PLAN` moves, forced ones (one move possible) left out.

    The 25th newcomer run was hinted "choose auction" and then, at the next step, "forgo
    the auction": the first search meant both (taking the action to forgo it), and the
    hint said only the first.
    """
    node = next((c for c in root.children if c.action == best), None)
    moves: list[Action] = []
    while node is not None and node.player == root.player and node.children:
        forced = len(node.children) == 1 and not node.untried
        node = max(node.children, key=lambda c: (c.visits, c.wins))
        if node.visits < MIN_VISITS or node.action is None:
            break
        if not forced:
            moves.append(node.action)
            if len(moves) == PLAN:
                break
    return tuple(moves)


def analysis_bot(seconds: float | None, iterations: int | None, seed: int) -> MCTSBot:
    """The search used for analysis: win share only (no score blend), the given budget."""
    return MCTSBot(seed, MCTSConfig(iterations=iterations, seconds=seconds, score_weight=0.0))


def blend_bot(seconds: float | None, iterations: int | None, seed: int) -> MCTSBot:
    """The hint's second search: the bots' blend of winning and score
    (``MCTSConfig().score_weight``: a win still counts nine times the score), the score
    part a seat's lead over the best other score (``margin``): a lost position's move
    keeps the mover nearest the leader, a won one's widens the lead."""
    return MCTSBot(seed, MCTSConfig(iterations=iterations, seconds=seconds, margin=True))


@dataclass
class Hinted:
    """A hint's search: the move, the mover's winning chance after it, the win-only
    search's estimate, whether the move plays for points (no winning line in reach), and
    the mover's own next moves on the search's line (:func:`plan`); ``for_margin``: every
    line wins as far as the search sees, and the move plays for the widest margin."""

    best: Action | None
    chance: float
    found: Estimate
    for_points: bool = False
    then: tuple[Action, ...] = ()
    for_margin: bool = False

    @property
    def close(self) -> tuple[Action, float] | None:
        """The runner-up (:func:`runner_up`) and its chance when it does about as well as
        the hinted move (its chance within :data:`CLOSE`, above or below: within a short
        search's noise), so the hint is a close call (none when it plays for points or
        for the margin: every move then looks alike to a win-only search)."""
        if self.best is None or self.for_points or self.for_margin:
            return None
        second = runner_up(self.found, self.best)
        if second is None or abs(second[2] - self.chance) > CLOSE:
            return None
        return second[0], second[2]


def runner_up(found: Estimate, best: Action) -> tuple[Action, int, float] | None:
    """The move the search tried most after ``best`` (the better valued on a tie), with
    its visits and chance; None when it tried no other."""
    others = [(visits, chance, action) for action, (visits, chance)
              in found.children.items() if action != best]
    if not others:
        return None
    visits, chance, action = max(others, key=lambda t: (t[0], t[1]))
    return action, visits, chance


def hint_search(state: GameState, seconds: float | None, iterations: int | None,
                seed: int, planned: Action | None = None,
                avoid: Callable[[Action], bool] | None = None,
                margin: float = AVOID) -> Hinted:
    """The hint's move for the seat on turn (``state`` is not changed).

    The win-only search first (its numbers are winning chances). When the move it
    prefers leaves the mover a chance under :data:`LOST`, every line loses as far as it
    sees, its moves look alike to it and it prefers one at random: a player who follows
    such hints from behind ends last (the seventeenth newcomer run, 76 points to the
    winner's 176). Then a second search of the same budget (:func:`blend_bot`: a win
    still counts nine times the score, the score part the lead over the best other)
    prefers the move that keeps the mover's score nearest the leader's; the chance given
    is the first search's for that move.

    Likewise when the move it prefers leaves the mover a chance over :data:`WON`: every
    line wins, and the 28th newcomer run was hinted at "about 100%" to buy a share the
    next dividend made worthless. The blend then plays for the widest margin, unless its
    move costs more than :data:`CLOSE` of the win-only search's chance.

    And in a close call (the runner-up within :data:`CLOSE`: the two within a short
    search's noise), the blend decides among the moves within :data:`CLOSE` of the
    win-only choice: the 29th newcomer run was hinted "buy a share of blue for $60. A
    close call with pass: about 8% to win either way", blue doomed at the next dividend;
    a $60 share worth nothing a dividend later costs $60 of score, which the blend sees.
    It searches a :data:`TIE_BREAK`-th of the budget: in one title close calls are most
    decisions, and it changed 2 hints of 79 there (docs/bots.md).

    ``planned``: the move the last hint's plan named for this position (the mover
    followed that hint). It is hinted again when this search rates it within
    :data:`CLOSE` of its own choice, as a close call: within a short search's noise the
    hint keeps to its plan rather than turning round at the next step.

    ``avoid``: the moves the title warns against (a danger, not a tip: the next
    dividend nationalizes the company bought). Three newcomer runs followed hints "⚠
    despite the warning" into shares that then counted nothing, where the search rated
    other moves about as well: a move without a warning whose win-only chance is within
    ``margin`` of the hinted one's is hinted instead (the blend's choice among them where
    a blend searched). A warned move stays the hint only when it is rated ``margin`` above
    every move without a warning. The margin was :data:`CLOSE`; the 34th newcomer run was
    hinted a bid of $8 with the warning that a bid under $40 would be nationalized at the
    next dividend, read the line as contradicting itself, and lost: it is :data:`AVOID` now
    (docs/bots.md).
    """
    hinted, tree = _hint(state, seconds, iterations, seed, planned)
    if avoid is None or hinted.best is None or not avoid(hinted.best):
        return hinted
    found = hinted.found
    near = [a for a, (_, chance) in found.children.items()
            if not avoid(a) and chance >= hinted.chance - margin]
    if not near:
        return hinted
    blended = {c.action: c.visits for c in tree.children} if tree is not None else {}
    best = max(near, key=lambda a: (blended.get(a, 0), found.children[a]))
    then = plan(tree, best) if tree is not None else found.plans.get(best, ())
    return Hinted(best, found.children[best][1], found, hinted.for_points, then,
                  hinted.for_margin)


def _hint(state: GameState, seconds: float | None, iterations: int | None, seed: int,
          planned: Action | None) -> tuple[Hinted, Node | None]:
    """:func:`hint_search` before ``avoid``: the hint, and the blended search's tree when
    one searched."""
    found = estimate(state.clone(), analysis_bot(seconds, iterations, seed))
    if found.best is None or len(found.children) < 2:
        return Hinted(found.best, found.best_value, found, then=found.plan), None
    lost, won = found.best_value < LOST, found.best_value > WON
    if not (lost or won):
        kept = found.children.get(planned) if planned is not None else None
        if (planned is not None and kept is not None and planned != found.best
                and kept[0] >= MIN_VISITS and abs(kept[1] - found.best_value) <= CLOSE):
            return Hinted(planned, kept[1], found, then=found.plans.get(planned, ())), None
        if not _close_call(found):
            return Hinted(found.best, found.best_value, found, then=found.plan), None
    share = 1 if lost or won else TIE_BREAK  # (a close call: a tie-break among near equals)
    blend = blend_bot(None if seconds is None else seconds / share,
                      None if iterations is None else max(1, iterations // share), seed)
    tree = blend.search(state.clone())
    best = _kept(tree, found, planned) or _most_visited(tree)
    if best is None or best == found.best:
        return Hinted(found.best, found.best_value, found, lost and best is not None,
                      plan(tree, best) if lost or won else found.plan,
                      for_margin=won and best is not None), tree
    chance = found.children.get(best, (0, found.best_value))[1]
    if not lost and chance < found.best_value - CLOSE:  # the score is not worth the win
        return Hinted(found.best, found.best_value, found, then=found.plan), tree
    return Hinted(best, chance, found, lost, plan(tree, best), for_margin=won), tree


@dataclass(frozen=True)
class Swing:
    """A seat's hinted chance moved by :data:`SWING` or more since its last hint: the
    rival whose chance moved most the other way (its seat, its chance then and now), or
    ``rival`` None when none moved :data:`RIVAL`."""

    rival: int | None = None
    rival_from: float = 0.0
    rival_to: float = 0.0
    surprise: bool = False  # moved by :data:`SURPRISE` or more


def swing(seat: int, before: float, before_seats: Sequence[float], now: float,
          now_seats: Sequence[float]) -> Swing | None:
    """How a seat's hinted chance moved since its last hint (``before``, every seat's
    chances then; ``now``, every seat's now): None when by less than :data:`SWING`. The
    31st newcomer run read its chance go 32% → 1% → 96% with nothing saying why and
    stopped trusting the hint; a hint's search repeated with another seed lands within a
    few points (docs/bots.md), so such a swing is the game's, and whose chance moved with
    it says whose moves did it."""
    if abs(now - before) < SWING:
        return None
    surprise = round(abs(now - before), 2) >= SURPRISE  # (in points, as the hint says it)
    if not now_seats or len(before_seats) != len(now_seats):
        return Swing(surprise=surprise)
    sign = 1 if now < before else -1  # a fall: whose chance rose (a rise: whose fell)
    rival = max((r for r in range(len(now_seats)) if r != seat),
                key=lambda r: (sign * (now_seats[r] - before_seats[r]), -r))  # (ties: first)
    moved = sign * (now_seats[rival] - before_seats[rival])
    return (Swing(rival, before_seats[rival], now_seats[rival], surprise) if moved >= RIVAL
            else Swing(surprise=surprise))


def _kept(tree: Node, found: Estimate, planned: Action | None) -> Action | None:
    """The planned move, kept by a blended search too (as the win-only search keeps it):
    when the blend rates it within :data:`CLOSE` of its own choice, from
    :data:`MIN_VISITS` visits, and the win-only search within :data:`CLOSE` of its own
    (a hint playing for the margin said "choose auction, then put a B&O share up for
    auction", then "put a PRR share up")."""
    top = _top(tree)
    if planned is None or top is None:
        return None
    mine = next((c for c in tree.children if c.action == planned), None)
    chance = found.children.get(planned)
    if (mine is None or mine is top or mine.visits < MIN_VISITS or chance is None
            or chance[1] < found.best_value - CLOSE):
        return None
    return planned if top.wins / top.visits - mine.wins / mine.visits <= CLOSE else None


def _close_call(found: Estimate) -> bool:
    """Whether the win-only search's runner-up is within :data:`CLOSE` of its choice."""
    assert found.best is not None
    second = runner_up(found, found.best)
    return second is not None and abs(second[2] - found.best_value) <= CLOSE


def plan_positions(state: GameState, best: Action, then: Sequence[Action]
                   ) -> Iterator[tuple[GameState, Action]]:
    """Each of the plan's moves with the position it is for: after ``best``, then after
    each move before it (a forced move between two, which the plan leaves out, played)."""
    at = state.clone()
    at.apply(best)
    for move in then:
        while not at.is_terminal() and move not in (legal := at.legal_actions()):
            if len(legal) != 1:
                return
            at.apply(legal[0])
        if at.is_terminal():
            return
        yield at.clone(), move
        at.apply(move)


Progress = Callable[[int, int], None]


def analyse(
    start: GameState, actions: list[Action], bot: MCTSBot, progress: Progress | None = None,
) -> list[Decision]:
    """Judge every action of a game played from ``start`` (which is not changed)."""
    states = list(positions(start, actions))
    estimates: list[Estimate | None] = [None] * len(states)
    for i, state in enumerate(states):
        if not state.is_terminal() and len(state.legal_actions()) > 1:
            estimates[i] = estimate(state, bot)
        if progress is not None:
            progress(i + 1, len(states))
    chances = _chances(states, estimates)
    counts = _counts(states, estimates)
    return [_decision(i, states[i], a, estimates[i], chances[i], chances[i + 1], counts[i + 1])
            for i, a in enumerate(actions)]


def positions(start: GameState, actions: list[Action]) -> Iterator[GameState]:
    """The state before each action, then the final one."""
    state = start.clone()
    yield state.clone()
    for action in actions:
        state.apply(action)
        yield state.clone()


def _chances(states: list[GameState], estimates: list[Estimate | None]) -> list[list[float]]:
    """Each position's chances: searched, the result at the end, else the next position's."""
    out: list[list[float]] = [[] for _ in states]
    for i in range(len(states) - 1, -1, -1):
        found = estimates[i]
        if found is not None:
            out[i] = found.chances
        elif states[i].is_terminal() or i == len(states) - 1:
            out[i] = states[i].returns() if states[i].is_terminal() else _even(states[i])
        else:
            out[i] = out[i + 1]
    return out


def _counts(states: list[GameState], estimates: list[Estimate | None]) -> list[int]:
    """The iterations behind each position's chances (a huge count: the exact result of a
    game over; 0: the even guess at the end of an unfinished record; a forced move's
    position borrows the next one's)."""
    out = [1 << 30 if states[-1].is_terminal() else 0] * len(estimates)
    for i in range(len(estimates) - 2, -1, -1):
        found = estimates[i]
        out[i] = max(1, found.iterations) if found is not None else out[i + 1]
    return out


def _error(p: float, n: int) -> float:
    """The standard error of a mean of ``n`` rewards in 0..1 whose mean is ``p``, bounded
    as a proportion's and taken with two more samples, one win and one loss (Agresti and
    Coull): a few visits all won are not a certain win. No visits: no evidence (0.5)."""
    if n <= 0:
        return 0.5
    p = (n * min(1.0, max(0.0, p)) + 1.0) / (n + 2.0)
    return math.sqrt(p * (1.0 - p) / (n + 2.0))


def _even(state: GameState) -> list[float]:
    return [1.0 / state.num_players] * state.num_players


def _decision(index: int, state: GameState, action: Action, found: Estimate | None,
              before: list[float], after: list[float], after_count: int) -> Decision:
    seat = state.current_player()
    if found is None:
        return Decision(index, seat, action, True, before, after, None, after[seat],
                        after[seat], 0)
    visits, value = found.children.get(action, (0, 0.0))
    if visits >= MIN_VISITS:  # both moves judged side by side, in one search
        best_visits = found.children.get(found.best, (0, 0.0))[0] if found.best else 0
        noise = math.hypot(_error(found.best_value, best_visits), _error(value, visits))
        return Decision(index, seat, action, False, before, after, found.best,
                        found.best_value, value, found.iterations, noise)
    # else the fall of the mover's chance from this search's root mean to the next one's
    # (means alike, unlike the best move's value and a root's mean), as a played value
    drop = before[seat] - after[seat]
    noise = math.hypot(_error(before[seat], found.iterations), _error(after[seat], after_count))
    return Decision(index, seat, action, False, before, after, found.best, found.best_value,
                    found.best_value - drop, found.iterations, noise)


def swings(decisions: list[Decision]) -> list[Decision]:
    """The flagged decisions, costliest first."""
    return sorted((d for d in decisions if d.flag), key=lambda d: -d.loss)
