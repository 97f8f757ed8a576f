"""``hint``: the engine's preferred move for the player to move, and why, in one line.

The search is the analysis engine's (:mod:`cuberail.bots.analysis`): win share only,
so the numbers are winning chances. When the preferred move's chance is under 5% (no
winning line in reach: the moves look alike to it), a second search of the same budget
with the bots' blend of score picks the move, and the line says it plays for points
(:func:`~cuberail.bots.analysis.hint_search`). The line names the preferred move, why in a short
phrase (the title kit's reason, :attr:`~cuberail.terminal.kit.TableKit.hint_why`, else
what the move does to the mover's dividend), the mover's chance after it, and the
chance after the runner-up (the move the search tried most after it), so that a player
sees what the preference is worth. The chance comes with what the search measured it
over (:func:`measure`): the likely range from the hinted move's playouts and, in a word,
whether the mover looks ahead of an even share, behind it, or about even: a one-second
search's chance swings from turn to turn, and the range shows by how much.

A hint is stable: the same position answers the same line (asked again, it is not
searched again). It is the search's move at each decision, as the browser's: a move
hinted at the player's last decision used to be hinted again while it was still a move
rated within 0.03 of the best (near-equal moves would not swing from turn to turn). A
seat playing every hint against three medium bots (40 paired games, docs/bots.md)
did a third of a place worse with that rule at 350 iterations a hint, the budget a
loaded machine gave a newcomer's one second (mean rank 2.02 against 1.70), and about
the same at 1,000 (1.32 against 1.38).

A hint names the mover's own next moves as its search plans them (a turn of several
steps: an action chosen, then carried out or forgone; a build's locomotives), and the
next step's hint keeps to that plan while its own search rates the planned move within
0.03 of its choice (``hint_search``'s ``planned``). The 25th newcomer run was hinted
"choose auction", then "forgo the auction", and took it for the hint turning round: in
four seeded games at 2,000 iterations the next search chose another move than the
plan's at 31 of 72 two-step decisions, each within 0.03. Keeping the plan did not
measurably cost the hint seat (``benchmarks/hint_follow.py --plan``, 40 paired games a
title from the first move at 1,000 iterations: better in 2 and 6, worse in 4 and 7;
docs/bots.md).
"""

from __future__ import annotations

import json
from collections import OrderedDict
from collections.abc import Callable, Sequence
from functools import lru_cache

from cuberail.bots.analysis import HINT_ITERATIONS, hint_search, plan_positions, runner_up, swing
from cuberail.bots.heuristic import heuristic_reason, plan_reason, reason_fits, reason_words
from cuberail.cli.table.hintwords import Answer, percent, since_words
from cuberail.core.actions import Action
from cuberail.core.errors import CuberailError
from cuberail.core.state import GameState
from cuberail.core.words import Words, named
from cuberail.terminal.kit import Payout, TableKit, dangers, find_table

Describe = Callable[[GameState, Action], str]
Moves = Sequence[tuple[int, Action]]  # (seat, move) of the moves so far
# A hint searches HINT_ITERATIONS iterations, as the browser's (well under a second compiled:
# 0.34 s a search of the slower title on a loaded machine, benchmarks/hint_noise.py), at
# most SECONDS. It searched one second: on a machine loaded by other work that was a few
# hundred iterations, and the 32nd newcomer run, following every hint of the slower title,
# came last (a seat playing its hint from the first move wins 0.40 at 350 iterations, 0.75
# at 1,000: docs/bots.md).
SECONDS = 5.0
ITERATIONS = HINT_ITERATIONS
OFF = "hints are off in this game"  # the answer in a game played with --no-hints
KEPT = 64  # positions whose hint is remembered


class Memory:
    """What one game's hints remember: the answers of the last ``KEPT`` positions, and
    the move hinted last to each seat (a game keeps its own: see ``Game.hint``)."""

    def __init__(self) -> None:
        self.answers: OrderedDict[tuple[str, float | None, int | None], Answer] = OrderedDict()
        self.last: dict[int, Action] = {}  # seat -> the move hinted last
        # position -> the move a hint's plan named there (hint_search's ``planned``)
        self.plans: OrderedDict[str, Action] = OrderedDict()
        # seat -> its last searched hint: the moves made then, its chance, every seat's
        self.seen: dict[int, tuple[int, float, tuple[float, ...]]] = {}


def hint(state: GameState, describe: Describe, seconds: float | None = SECONDS,
         iterations: int | None = ITERATIONS, seed: int = 0, memory: Memory | None = None) -> str:
    """One line: the preferred move, why, the mover's chance after it and after the
    runner-up (:attr:`Answer.line <cuberail.cli.table.hintwords.Answer.line>`).

    ``state`` is not changed. A budget of ``iterations`` (when given) makes the answer
    reproducible for a seed, unless ``seconds`` (when given too) runs out first; else the
    search runs for ``seconds``. The same position (and budget) answers the same line.
    """
    return answer(state, describe, seconds, iterations, seed, memory).line


def answer(state: GameState, describe: Describe, seconds: float | None = SECONDS,
           iterations: int | None = ITERATIONS, seed: int = 0,
           memory: Memory | None = None, history: Moves = (),
           names: Sequence[str] = ()) -> Answer:
    """The hint's answer (as :func:`hint`), to be said whole, briefly or in detail; with
    the title's warning on the hinted move, as the list of choices gives it (``history``:
    the moves so far, for the warning), and how the chance moved since the seat's last
    hint when it moved much (:func:`~cuberail.bots.analysis.swing`; ``names``: the
    seats' names, to name the rival)."""
    if state.is_terminal():
        return Answer("", plain="hint: the game is over")
    legal = state.legal_actions()
    if len(legal) == 1:
        return Answer("", plain=f"hint: {describe(state, legal[0])} (the only legal move)")
    memory = memory if memory is not None else Memory()  # (none: nothing remembered)
    key = (_position(state), seconds, iterations)
    if key not in memory.answers:
        memory.answers[key] = _searched(state, describe, seconds, iterations, seed, memory,
                                        history, names)
        while len(memory.answers) > KEPT:
            memory.answers.popitem(last=False)
    return memory.answers[key]


def _searched(state: GameState, describe: Describe, seconds: float | None,
              iterations: int | None, seed: int, memory: Memory, history: Moves,
              names: Sequence[str] = ()) -> Answer:
    hinted = hint_search(state, seconds, iterations, seed, memory.plans.get(_position(state)),
                         avoid=dangers(state, list(history)))
    found = hinted.found
    if hinted.best is None:
        return Answer("", plain="hint: the search found no move to prefer")
    best = memory.last[state.current_player()] = hinted.best  # F3 marks it, Enter plays it
    steps = list(plan_positions(state, best, hinted.then))
    then = [short_move(describe, at, move) for at, move in steps]
    for at, move in steps:
        memory.plans[_position(at)] = move
    while len(memory.plans) > KEPT:
        memory.plans.popitem(last=False)
    visits, value = found.children.get(best, (0, found.best_value))
    runner = runner_up(found, best)
    seat, moves = state.current_player(), len(history)
    before = memory.seen.get(seat)
    memory.seen[seat] = (moves, value, tuple(found.chances))
    moved = (swing(seat, before[1], before[2], value, found.chances)
             if before is not None and moves > before[0] and history else None)
    budget = f"{found.iterations} iterations" if iterations is not None else f"{seconds:g} s"
    # (a reason the plan contradicts is left out: "choose to build track, then forgo the
    # build. Why: a build is worth more to you now", the 30th newcomer run)
    # the plan's own reason first where the title gives one (an action chosen only to be
    # forgone: the heuristic's reason fit it when the heuristic forgoes it too, and read
    # "choose to auction a share, then forgo the auction — a share up for auction is
    # worth more to you now", the 36th newcomer run)
    planned = _plan_reason(state, best, steps[0][1]) if steps else ""
    why = planned or (reason(state, best) if not steps or reason_fits(*steps[0]) else "")
    return Answer(
        short_move(describe, state, best), why=why, chance=value,
        even=1 / state.num_players, measured=measure(value, visits, state.num_players),
        budget=budget, for_points=hinted.for_points, for_margin=hinted.for_margin,
        close=hinted.close is not None, warning=_warning(state, best, history),
        then=tuple(then), runner=None if runner is None or hinted.for_points or hinted.for_margin
        else (short_move(describe, state, runner[0]), runner[2]),
        since="" if moved is None or before is None
        else since_words(before[1], moves - before[0], value, moved, names))


def measure(chance: float, playouts: int, players: int) -> str:
    """What a winning chance measured over ``playouts`` is worth: ``, behind an even 25%
    (3-18% over 140 playouts)``. The range is the 95% Wilson interval of the
    playouts' win share (a short search's chance swings within it from turn to turn);
    the word compares it with an even share: ahead or behind only when the whole range
    is above or below it ('' without playouts)."""
    if playouts <= 0:
        return ""
    low, high = wilson(chance, playouts)
    even = 1 / players
    word = "ahead of" if low > even else "behind" if high < even else "about"
    return (f", {word} an even {percent(even)} ({round(100 * low)}-{percent(high)} over"
            f" {playouts} playouts)")


def wilson(share: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval of a share measured over ``n`` trials (95%: ``z`` 1.96):
    unlike share ± z·SE it stays within 0-1 and is not empty at 0% or 100%."""
    share = min(max(share, 0.0), 1.0)
    scale = 1 + z * z / n
    centre = (share + z * z / (2 * n)) / scale
    half = z * ((share * (1 - share) / n + z * z / (4 * n * n)) ** 0.5) / scale
    return max(centre - half, 0.0), min(centre + half, 1.0)


def _position(state: GameState) -> str:
    """The position as a key: the title and its state's JSON."""
    return state.title + json.dumps(state.to_json(), sort_keys=True, default=str)


def reason(state: GameState, action: Action) -> str:
    """Why ``action``, in a phrase: the title kit's reason, else the medium bot's (the
    browser's hint gives the same) and what it does to the mover's dividend if one were
    paid now; '' when none says anything."""
    kit = _kit(state)
    if kit is None:
        return ""
    said = kit.hint_why(state, action)
    if said:
        return said
    parts = (_bot_reason(state, action), _dividend_change(state, action, kit.payouts))
    return "; ".join(part for part in parts if part)


def _plan_reason(state: GameState, action: Action, then: Action) -> str:
    """Why a plan plays ``action`` and then ``then``, said before the heuristic's reason,
    in English (:func:`cuberail.bots.heuristic.plan_reason`: an action chosen only
    to be forgone), or ''."""
    try:
        said = plan_reason(state, action, then)
    except CuberailError:
        return ""
    return "" if said is None else _reason_words(state.title).render(said)


def _warning(state: GameState, action: Action, history: Moves) -> str:
    """The title's warning (or tip) on ``action``, as the choices show it ('' without
    one): the 24th newcomer run was hinted a bid the log then warned would be
    nationalized, and the hint had said nothing of it."""
    kit = _kit(state)
    if kit is None:
        return ""
    try:
        return kit.warning(state, action, list(history))
    except CuberailError:
        return ""


def _bot_reason(state: GameState, action: Action) -> str:
    """The medium bot's reason for ``action`` in English (seats as ``player N``), or ''."""
    try:
        said = heuristic_reason(state, action)
    except CuberailError:
        return ""
    if said is None:
        return ""
    names = [f"player {seat + 1}" for seat in range(state.num_players)]
    return _reason_words(state.title).render(named(said, names))


@lru_cache(maxsize=8)
def _reason_words(title: str) -> Words:
    return reason_words("en", title)


def _kit(state: GameState) -> TableKit | None:
    try:
        return find_table(state.title) if state.title else None
    except CuberailError:
        return None


def _dividend_change(state: GameState, action: Action,
                     payouts: Callable[[GameState], list[Payout]]) -> str:
    """``your dividend if paid now: $4 → $6`` when the move changes it; nothing when the
    move ends the game or a dividend comes with it (the 29th newcomer run read "build
    Rostov-na-Donu–Tuapse→border — your dividend if paid now: $28 → $0": the build ended
    the turn, the dividend was paid, and its company was nationalized)."""
    me = state.current_player()
    after = state.clone()
    after.apply(action)
    if after.is_terminal() or getattr(after, "dividends", 0) != getattr(state, "dividends", 0):
        return ""
    before_got, after_got = _received(payouts(state), me), _received(payouts(after), me)
    if before_got == after_got:
        return ""
    return f"your dividend if paid now: ${before_got} → ${after_got}"


def _received(rows: list[Payout], seat: int) -> int:
    return sum(row.per * n for row in rows for p, n in row.holders if p == seat)


def short_move(describe: Describe, state: GameState, action: Action) -> str:
    """The move's description without its notes (brackets, costs after a colon): the
    menu shows those."""
    return describe(state, action).split(" (")[0].split(": ")[0]
