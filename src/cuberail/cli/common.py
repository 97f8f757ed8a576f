"""Shared CLI helpers: the console, seats (humans and bots), records and their replay."""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from types import ModuleType
from typing import Any

from rich.console import Console
from rich.table import Table

from cuberail.bots.base import Bot
from cuberail.bots.registry import bot_names, make_bot
from cuberail.core.actions import Action
from cuberail.core.errors import CuberailError, RecordError
from cuberail.core.record import Record, replay
from cuberail.core.state import GameState
from cuberail.games import get_game, titles, view_module

WIDTH = 110  # the views are drawn for this width
PREFERRED_BOTS = ("medium", "heuristic", "random")


def make_console() -> Console:
    """A console on stdout; when it is not a terminal, wide enough for the views."""
    console = Console()
    return console if console.is_terminal else Console(width=WIDTH)


def default_bot() -> str:
    """The bot kind seated by ``--bots N``: the first known of :data:`PREFERRED_BOTS`."""
    names = bot_names()
    return next((b for b in PREFERRED_BOTS if b in names), names[0])


@dataclass
class Seat:
    """One seat: a name, and for a bot its kind and seed (``bot`` is None for a human)."""

    name: str
    bot: str | None = None
    seed: int | None = None

    @property
    def is_bot(self) -> bool:
        return self.bot is not None

    def to_json(self) -> dict[str, Any]:
        return {"name": self.name, "bot": self.bot, "seed": self.seed}

    @classmethod
    def from_json(cls, data: object) -> Seat:
        if not isinstance(data, dict) or not isinstance(data.get("name"), str):
            raise RecordError(f"meta.seats: bad seat {data!r}")
        bot, seed = data.get("bot"), data.get("seed")
        if bot is not None and not isinstance(bot, str):
            raise RecordError(f"meta.seats: bad bot {bot!r}")
        if seed is not None and (not isinstance(seed, int) or isinstance(seed, bool)):
            raise RecordError(f"meta.seats: bad seed {seed!r}")
        return cls(data["name"], bot, seed)

    def make_bot(self, move: int) -> Bot:
        """This seat's bot for move number ``move``, seeded from the seat and the move.

        Seeding per move makes a resumed game continue exactly as an unbroken one would.
        """
        assert self.bot is not None
        seed = ((self.seed or 0) * 1_000_003 + move) % 2**32
        return make_bot(self.bot, seed)


def parse_bots(spec: str | None, players: int) -> list[str]:
    """``--bots``: a count (``3``) or bot kinds per bot seat (``random,medium``)."""
    if spec is None or not spec.strip():
        return []
    spec = spec.strip()
    if spec.isdigit():
        kinds = [default_bot()] * int(spec)
    else:
        kinds = [k.strip().lower() for k in spec.split(",") if k.strip()]
        for kind in kinds:
            make_bot(kind, 0)  # refuses an unknown kind, naming the known ones
    if len(kinds) > players:
        raise CuberailError(f"{len(kinds)} bots do not fit in a {players}-player game")
    return kinds


def parse_names(text: str | None) -> list[str]:
    """``--names a,b,c``: seat names in seat order."""
    if not text:
        return []
    names = [n.strip() for n in text.split(",")]
    if any(not n for n in names):
        raise CuberailError(f"--names {text!r}: a name is empty")
    if len(set(names)) != len(names):
        raise CuberailError(f"--names {text!r}: names must differ")
    return names


def make_seats(players: int, bots: list[str], names: list[str], seed: int | None) -> list[Seat]:
    """Humans first, then the bots; names given fill seats in order, the rest are defaults."""
    if len(names) > players:
        raise CuberailError(f"{len(names)} names given for {players} players")
    base = random.randrange(2**31) if seed is None else seed
    humans = players - len(bots)
    seats = []
    for i in range(players):
        kind = bots[i - humans] if i >= humans else None
        default = f"Player {i + 1}" if kind is None else f"Bot {i + 1} ({kind})"
        name = names[i] if i < len(names) else default
        seats.append(Seat(name, kind, base + i if kind else None))
    return seats


def seats_from_record(record: Record) -> list[Seat] | None:
    """The seats stored in a record's meta, or None when it has none."""
    raw = record.meta.get("seats")
    if raw is None:
        return None
    if not isinstance(raw, list) or len(raw) != len(record.players):
        raise RecordError("meta.seats does not match the players")
    return [Seat.from_json(s) for s in raw]


def load_record(path: str | Path) -> Record:
    """A record from a file (RecordError with the reason when it cannot be read)."""
    return Record.load(path)


def replay_record(record: Record, upto: int | None = None) -> GameState:
    """The state after the first ``upto`` actions of a record (all when None)."""
    return replay(record, get_game, upto)


def load_view(title: str) -> ModuleType:
    """A title's text view (``render``, ``describe_action``), or a CuberailError."""
    try:
        return view_module(title)
    except ImportError as exc:
        raise CuberailError(f"{title} has no text view in this cuberail ({exc})") from None


def option_help() -> str:
    """Every title's rule options, for ``--help``."""
    lines = []
    for title in titles():
        lines.append(f"rule options of {title} (--option NAME=VALUE):")
        lines += [f"  {spec.describe()}" for spec in get_game(title).options]
    return "\n".join(lines)


def default_save_path(title: str) -> Path:
    """``./cuberail-<title>-<YYYYmmdd-HHMMSS>.json``."""
    return Path(f"cuberail-{title}-{datetime.now():%Y%m%d-%H%M%S}.json")


def resume_hint(path: Path | str) -> str:
    return f"resume with: cuberail play --load {path}"


# ----- the menu of legal actions a human chooses from ------------------------------------

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


def _amount(action: Action) -> int | None:
    if len(action.args) == 1 and isinstance(action.args[0], int):
        return action.args[0]
    return None


def _runs(legal: list[Action]) -> list[list[Action]]:
    """Consecutive actions of one kind with consecutive amounts form one run."""
    runs: list[list[Action]] = []
    for action in legal:
        amount = _amount(action)
        prev = runs[-1][-1] if runs else None
        if (prev is not None and prev.kind == action.kind and amount is not None
                and _amount(prev) == amount - 1):
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
                label = f"{run[0].kind} {_amount(run[0])}..{_amount(run[-1])}"
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
        for item in self.items:  # in an auction, a bare amount is a bid
            if item.is_range and any(_amount(a) == n for a in item.actions):
                return next(a for a in item.actions if _amount(a) == n)
        if not 1 <= n <= len(self.items):
            return Reply(f"there is no choice {n}; {self.summary()}")
        item = self.items[n - 1]
        if item.is_range:
            return Reply(f"type the amount too: {item.label}, e.g. `{item.actions[0].text()}`"
                         f" or just `{_amount(item.actions[0])}`")
        return item.actions[0]

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
        return f"type an amount from {_amount(item.actions[0])} to {_amount(item.actions[-1])}"
    return describe(state, item.actions[0])


def read_choice(menu: Menu, raw: str) -> Action | Command | Reply:
    """What a line of input means: a legal action, a command, or a reply explaining why not."""
    text = raw.strip()
    if not text:
        return Reply(menu.summary())
    word = text.split()[0].lower()
    if word in COMMANDS:
        return Command(word, text[len(word):].strip())
    if text.isdigit():
        return menu.by_number(int(text))
    action = menu.by_text(text)
    if action is not None:
        return action
    return Reply(f"{text!r} is not a legal move here. {menu.summary()}")
