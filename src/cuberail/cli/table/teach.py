"""What the table teaches: how to win, the rules in short, the end tracker, warnings.

Texts are per title (its table kit, :mod:`cuberail.terminal.kit`) and short; the full
rules are the title's rules page shipped in its package (:mod:`.rulebook`). Warnings are
computed from the state and the moves so far by the title's kit, never guessed.
"""

from __future__ import annotations

from collections.abc import Callable

from rich.text import Text

from cuberail.core.actions import Action
from cuberail.core.state import GameState
from cuberail.terminal.kit import History, find_table

from . import rulebook

KEYS_HEAD = (
    "Type a choice number (1, 2, 3 ... as the menu shows them) and Enter, or click a"
    " move; click a hex/link on the map to find its move. A number is always a choice:"
    " an amount is typed with its letter, `b 12` (a bid of $12; also `bid 12`, `$12`) or"
    " `v 28` (a share value). Moves as text also work (`place F5`, any case). Short"
    " forms: p pass, s stop, f forgo, u undo, q quit."
    " Commands: help, help rules, hint (the engine's preferred move and what it expects),"
    " undo (your own last decision only; in a game started with --undo unanswered, only"
    " until another player moves), save [FILE], board (the board alone), quit.")
KEYS_TAIL = (
    "Keys: Up/Down pick a move, Enter plays it, PgUp/PgDn page the choices when they do"
    " not fit, also while typing (else the log), Shift+PgUp/PgDn scroll the log, Ctrl+Left/"
    "Right/Up/Down scroll the map (also while typing; Home/End move in the input line),"
    " F1 help, F2 the board alone (at 80 columns the compact map, whole at 80x24: the"
    " step and message lines make way for it; where it does not fit, Up/Down and"
    " PgUp/PgDn scroll it), F3 hint (unless the"
    " game was started with --no-hints), F4 the board's other view where the game has one"
    " (its networks as a list), Ctrl+Q quit."
    " The game is saved after every move.")


def keys(title: str) -> str:
    """The help page: how to play at the table, with the title's own input help."""
    kit = find_table(title)
    own = [kit.keys] if kit is not None and kit.keys else []
    return " ".join([KEYS_HEAD, *own, KEYS_TAIL])


def how_to_win(title: str) -> str:
    """How to win ``title``, in a paragraph ('' without a table kit)."""
    kit = find_table(title)
    return kit.how_to_win if kit is not None else ""


def rules(title: str) -> str:
    """The rules in short (the table kit's), then the title's rules page from its package
    (:mod:`.rulebook`): all inside the terminal, no file to look up."""
    kit = find_table(title)
    page = rulebook.rules_page(title)
    where = "below" if page else "the browser's rules page of `cuberail serve`"
    short = kit.rules.format(docs=where) if kit is not None else ""
    full = f"THE RULES PAGE\n\n{page}" if page else ""
    return "\n\n".join(part for part in (short, full) if part)


def tracker(state: GameState) -> Text:
    """How close the game is to its end, condition by condition."""
    kit = find_table(state.title)
    return kit.tracker(state) if kit is not None else Text("")


def tracker_line(state: GameState) -> Text:
    """The end tracker in a line or two, for a small terminal (the title's own compact form,
    else its tracker's lines joined)."""
    kit = find_table(state.title)
    if kit is None:
        return Text("")
    if kit.tracker_line is not None:
        return kit.tracker_line(state)
    return Text(" · ").join(line for line in kit.tracker(state).split() if line.plain.strip())


def warning(state: GameState, action: Action, history: History) -> str:
    """A warning for a move that may backfire, or ''."""
    kit = find_table(state.title)
    return kit.warning(state, action, history) if kit is not None else ""


def forgo_only(state: GameState, action: Action, describe: Callable[[GameState, Action], str]
               ) -> str:
    """A warning for a choice whose next step has nothing to do but forgo it (a develop with
    nothing to develop, a build with nothing buildable): the engine's legal moves after it,
    on a clone, say so; '' otherwise."""
    after = state.clone()
    after.apply(action)
    if after.is_terminal() or after.current_player() != state.current_player():
        return ""
    legal = after.legal_actions()
    if len(legal) != 1 or legal[0].kind != "forgo":
        return ""
    forgo = describe(after, legal[0])
    return f"nothing to do: its only move is to {forgo}, which spends your turn"


def is_tip(warning: str) -> bool:
    """A kit's warning that is advice (a move that is fine but may be worth a thought)."""
    return warning.startswith("tip:")


def notes(state: GameState) -> list[str]:
    """What words in the choices mean (e.g. a border link), when the title says."""
    kit = find_table(state.title)
    return kit.notes(state) if kit is not None else []


def build_refusals(state: GameState) -> list[str]:
    """Why the player to move cannot build for a company they hold (when the title says)."""
    kit = find_table(state.title)
    return kit.refusals(state) if kit is not None else []


def why_not(state: GameState, kind: str) -> str:
    """Why no move of ``kind`` is on offer to the player to move, in their words (when the
    title says; '' otherwise)."""
    kit = find_table(state.title)
    return kit.why_not(state, kind) if kit is not None else ""


def only_move(state: GameState, action: Action) -> str:
    """Why ``action`` is the only move of the player to move (when the title says)."""
    kit = find_table(state.title)
    return kit.only_move(state, action) if kit is not None else ""


def end_reasons(state: GameState) -> list[str]:
    """Why the game ended, in words (when the title says)."""
    kit = find_table(state.title)
    return kit.end_reasons(state) if kit is not None else []
