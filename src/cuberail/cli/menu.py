"""The plain mode's menu of legal actions: numbered items, runs of amounts compressed,
and what a typed line means (a move, a command, or a reply saying what is allowed)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from rich.table import Table

from cuberail.cli.console import is_number, short
from cuberail.core.actions import Action
from cuberail.core.state import GameState

MAX_LINE = 500  # characters in a line typed at the prompt
COMMANDS = ("help", "board", "save", "undo", "quit")
Describe = Callable[[GameState, Action], str]


@dataclass(frozen=True)
class Command:
    """A command typed instead of a move (``save`` takes an optional file)."""

    word: str
    arg: str = ""


@dataclass(frozen=True)
class Reply:
    """An answer to input that is not a move: what is allowed instead."""

    text: str


@dataclass(frozen=True)
class Item:
    """One numbered line: a single action, or a run of amounts such as ``bid 8..30``."""

    label: str
    actions: tuple[Action, ...]

    @property
    def is_range(self) -> bool:
        return len(self.actions) > 1


def amount_of(action: Action) -> int | None:
    """The amount a bid or share value names (``bid 12``: 12); None for any other move."""
    if len(action.args) == 1 and isinstance(action.args[0], int):
        return action.args[0]
    return None


def _runs(legal: list[Action]) -> list[list[Action]]:
    """Consecutive actions of one kind with consecutive amounts form one run."""
    runs: list[list[Action]] = []
    for action in legal:
        amount = amount_of(action)
        prev = runs[-1][-1] if runs else None
        if (prev is not None and prev.kind == action.kind and amount is not None
                and amount_of(prev) == amount - 1):
            runs[-1].append(action)
        else:
            runs.append([action])
    return runs


@dataclass
class Menu:
    """The legal actions as numbered items, long runs of amounts compressed."""

    items: list[Item]
    legal: list[Action]

    @classmethod
    def build(cls, legal: list[Action], compress: int = 4) -> Menu:
        items = []
        for run in _runs(legal):
            if len(run) >= compress:
                label = f"{run[0].kind} {amount_of(run[0])}..{amount_of(run[-1])}"
                items.append(Item(label, tuple(run)))
            else:
                items.extend(Item(a.text(), (a,)) for a in run)
        return cls(items, list(legal))

    def summary(self) -> str:
        labels = [f"{i}) {item.label}" for i, item in enumerate(self.items[:12], 1)]
        more = ", ..." if len(self.items) > 12 else ""
        return (f"allowed now: {', '.join(labels)}{more}; or type the move as text;"
                f" commands: {', '.join(COMMANDS)}")

    def by_number(self, n: int) -> Action | Reply:
        """A bare number: choice ``n``, or an amount of the one kind that takes amounts (in
        an auction ``12`` is ``bid 12``). A number that is both (``1`` with ``1) pass`` and
        a bid of $1 on offer) is the choice the menu shows: that bid is typed ``bid 1``."""
        amount = self._amount_of(n)
        item = self.items[n - 1] if 1 <= n <= len(self.items) else None
        if item is None:
            return amount if amount is not None else self._no_choice(n)
        if amount is not None and amount in item.actions:
            return amount
        if item.is_range:
            return Reply(f"type the amount too: {item.label}, e.g. `{item.actions[0].text()}`"
                         f" or just `{amount_of(item.actions[0])}`")
        return item.actions[0]

    def _amounts(self) -> list[Action]:
        """The moves that take an amount, when all are of one kind (bids), else none."""
        amounts = [a for a in self.legal if amount_of(a) is not None]
        return amounts if len({a.kind for a in amounts}) == 1 else []

    def _amount_of(self, n: int) -> Action | None:
        return next((a for a in self._amounts() if amount_of(a) == n), None)

    def _no_choice(self, n: int) -> Reply:
        """A number that is neither a choice nor an amount on offer: the choices' range, and
        the amounts allowed with the exact words to type one."""
        amounts = self._amounts()
        head = f"there is no choice {n} (the choices are 1-{len(self.items)})"
        if not amounts:
            return Reply(f"{head}; {self.summary()}")
        values = [v for v in map(amount_of, amounts) if v is not None]
        kind, low, high = amounts[0].kind, min(values), max(values)
        allowed = (f"from ${low} to ${high}" if len(values) == high - low + 1
                   else "one of " + ", ".join(f"${v}" for v in values))
        near = min(values, key=lambda v: abs(v - n))
        example = next(a for a in amounts if amount_of(a) == near)
        return Reply(f"{head} and no {kind} of ${n}: a {kind} is {allowed}. For {kind} ${near}"
                     f" type: `{example.text()}` (or just `{near}`); {self.summary()}")

    def by_text(self, text: str) -> Action | None:
        low = " ".join(text.lower().split())
        for action in self.legal:
            if action.text().lower() == low:
                return action
        by_args = [a for a in self.legal if " ".join(map(str, a.args)).lower() == low]
        return by_args[0] if len(by_args) == 1 else None

    def render(self, state: GameState, describe: Describe) -> Table:
        table = Table.grid(padding=(0, 1))
        rows = [(f"{i})", item, _item_text(state, item, describe))
                for i, item in enumerate(self.items, 1)]
        halves = [rows] if len(rows) <= 12 else [rows[: (len(rows) + 1) // 2],
                                                 rows[(len(rows) + 1) // 2:]]
        for _ in halves:
            table.add_column(justify="right")
            table.add_column(style="bold")
            table.add_column(style="dim", max_width=40 if len(halves) > 1 else None,
                             no_wrap=True, overflow="ellipsis")
        for i in range(len(halves[0])):
            cells: list[str] = []
            for half in halves:
                num, item, text = half[i] if i < len(half) else ("", None, "")
                cells += [num, item.label if item else "", text]
            table.add_row(*cells)
        return table


def _item_text(state: GameState, item: Item, describe: Describe) -> str:
    if item.is_range:
        return f"type an amount from {amount_of(item.actions[0])} to {amount_of(item.actions[-1])}"
    return describe(state, item.actions[0])


def read_choice(menu: Menu, raw: str) -> Action | Command | Reply:
    """What a line of input means: a legal action, a command, or a reply explaining why not."""
    text = raw.strip()
    if not text:
        return Reply(menu.summary())
    if len(text) > MAX_LINE:
        return Reply(f"that line is {len(text)} characters long; a move or a command is"
                     f" short. {menu.summary()}")
    word = text.split()[0].lower()
    if word in COMMANDS:
        return Command(word, text[len(word):].strip())
    if text.isdigit():
        if not is_number(text):
            return Reply(f"{short(text)} is not a choice here. {menu.summary()}")
        return menu.by_number(int(text))
    action = menu.by_text(text)
    if action is not None:
        return action
    return Reply(f"{short(text)} is not a legal move here. {menu.summary()}")
