"""What the table teaches: how to win, the rules in short, the end tracker, warnings.

Texts are per title (its table kit, :mod:`cuberail.terminal.kit`) and short; the full
rules are the title's rules page shipped in its package (:mod:`.rulebook`). Warnings are
computed from the state and the moves so far by the title's kit, never guessed.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from cuberail.core.actions import Action
from cuberail.core.state import GameState
from cuberail.games import get_game
from cuberail.terminal.kit import History, find_table
from cuberail.terminal.kit import is_tip as is_tip

from . import rulebook

Rows = tuple[tuple[str, str], ...]  # (key, what it does)
KEYS: tuple[tuple[str, Rows], ...] = (
    ("Choosing", (
        ("1 2 3 … Enter", "play the choice with that number"),
        ("↑ ↓ then Enter", "mark a choice, then play it"),
        ("click", "play a choice; on the map: what is there, its move"),
        ("b 12 · v 28", "an amount: bid $12 (also bid 12, $12), share value $28"),
        ("up to 20", "auction: the lowest bid for you until $20, then pass"),
        ("place F5", "a move as text, any case"),
        ("p · s · f", "pass · stop · forgo"),
        ("PgUp PgDn", "page the choices when they do not fit"),
    )),
    ("Board", (
        ("F2 · board", "the board alone; F2 or Esc brings the rest back"),
        ("Ctrl+arrows", "scroll the map, also while typing"),
        ("Shift+PgUp PgDn", "scroll the log of moves"),
        ("F4", "the board's other view, where the game has one"),
    )),
    ("Game", (
        ("F1 · help", "this page; `help rules`: the rules"),
        ("F3 · hint", "the engine's move and your chances; Enter then plays it"),
        ("u · undo", "take back your own last decision"),
        ("save [FILE]", "save a copy (every move is saved anyway)"),
        ("Ctrl+Q · q · quit", "leave the table; it asks first, the game is kept"),
    )),
)


def key_groups(title: str) -> list[tuple[str, Rows]]:
    """The help page's key table: the table's groups, then the title's own rows (its kit's
    ``keys``: one ``key<TAB>what it does`` a line) under the title's name."""
    kit = find_table(title)
    lines = kit.keys.splitlines() if kit is not None else []
    own = tuple((key, what) for key, _, what in (line.partition("\t") for line in lines))
    return [*KEYS, *([(get_game(title).name, own)] if own else [])]


def keys(title: str) -> str:
    """The help page's key table as plain lines (``  key   what it does``), group by group."""
    groups = key_groups(title)
    width = max(len(key) for _, rows in groups for key, _ in rows)
    out: list[str] = []
    for group, rows in groups:
        out += [group, *(f"  {k:<{width}}  {w}" for k, w in rows), ""]
    return "\n".join(out).rstrip()


def key_table(title: str) -> Group:
    """The help page's key table for the screen: per group a bold heading, then its keys
    in one column (as wide as the longest key of all groups) and what they do, wrapped,
    in the other."""
    groups = key_groups(title)
    width = max(len(key) for _, rows in groups for key, _ in rows)
    parts: list[RenderableType] = []
    for n, (group, rows) in enumerate(groups):
        parts.append(Text(("\n" if n else "") + group, style="bold"))
        grid = Table.grid(padding=(0, 2))
        grid.add_column(width=width, no_wrap=True, style="bold")
        grid.add_column(ratio=1)
        for key, what in rows:
            grid.add_row(key, what)
        parts.append(grid)
    return Group(*parts)


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


def score_words(state: GameState, seat: int) -> str:
    """What a seat's score is made of, in words ('' where the title's score is the cash)."""
    kit = find_table(state.title)
    return kit.score_words(state, seat) if kit is not None else ""


def losses(start: GameState, actions: Sequence[Action]) -> dict[int, str]:
    """What each seat lost on the way that its final score no longer shows (the title's
    words, by seat), from the game's ``actions`` played from ``start`` (left as it is).
    The kit reads each move's states before asking for the next: one state goes on."""
    kit = find_table(start.title)
    if kit is None:
        return {}

    def moves() -> Iterator[tuple[GameState, GameState]]:
        state = start.clone()
        for action in actions:
            before = state.clone()
            state.apply(action)
            yield before, state

    return kit.losses(moves())
