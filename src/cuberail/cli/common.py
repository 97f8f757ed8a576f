"""Shared CLI helpers: the console, seats (humans and bots), records and their replay.

Everything typed or read from a file is untrusted: names are cleaned once where they
enter, by core's :func:`~cuberail.core.names.clean_name` (``--names``, a loaded record)
and printed with Rich markup off; records are read and saved by core
(:meth:`Record.load`, bounded and strict; :meth:`Record.save`, atomic); a game file is
never overwritten unless it is the game being played (see :func:`save_new`).
"""

from __future__ import annotations

import errno
import io
import os
import random
import secrets
from collections.abc import Callable, Iterator
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
from cuberail.core.errors import CuberailError, RecordError, SaveError
from cuberail.core.files import write_atomic
from cuberail.core.names import MAX_NAME, clean_name
from cuberail.core.record import Record, replay
from cuberail.core.state import GameState
from cuberail.games import get_game, titles
from cuberail.terminal import face

WIDTH = 110  # the views are drawn for this width
PREFERRED_BOTS = ("medium", "heuristic", "random")
MAX_NAMES_TEXT = 2000  # characters in --names
MAX_LINE = 500  # characters in a line typed at the prompt
MAX_SEED = 2**62  # seeds of seats stay below 2**63, which a record accepts


def make_console() -> Console:
    """A console on stdout that never reads markup or emoji codes: names are data.

    When stdout is not a terminal, it is wide enough for the views.
    """
    console = Console(markup=False, emoji=False, highlight=False)
    if console.is_terminal:
        return console
    return Console(width=WIDTH, markup=False, emoji=False, highlight=False)


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
        """A seat from a record (untrusted): its bot must be one this cuberail can seat
        within the allowed budgets, its seed a 63-bit integer."""
        if not isinstance(data, dict) or not isinstance(data.get("name"), str):
            raise RecordError(f"meta.seats: bad seat {_short(data)}")
        bot, seed = data.get("bot"), data.get("seed")
        if bot is not None:
            if not isinstance(bot, str):
                raise RecordError(f"meta.seats: bad bot {_short(bot)}")
            try:
                make_bot(bot, 0)
            except CuberailError as exc:
                raise RecordError(f"meta.seats: {exc}") from None
        if seed is not None and (not isinstance(seed, int) or isinstance(seed, bool)
                                 or not -(2**63) <= seed < 2**63):
            raise RecordError(f"meta.seats: bad seed {_short(seed)} (an integer below 2**63)")
        try:
            name = clean_name(data["name"])
        except CuberailError as exc:
            raise RecordError(f"meta.seats: {exc}") from None
        return cls(name, bot, seed)

    def make_bot(self, move: int) -> Bot:
        """This seat's bot for move number ``move``, seeded from the seat and the move.

        Seeding per move makes a resumed game continue exactly as an unbroken one would.
        """
        assert self.bot is not None
        seed = ((self.seed or 0) * 1_000_003 + move) % 2**32
        return make_bot(self.bot, seed)


def _short(value: object, limit: int = 60) -> str:
    """A value's repr cut short, for messages about untrusted input."""
    text = repr(value) if not isinstance(value, str) else repr(value[: limit + 1])
    return text if len(text) <= limit else text[:limit] + "…"


def is_number(text: str, digits: int = 9) -> bool:
    """ASCII digits only, and not too many (``"²".isdigit()`` is true, ``int("²")`` fails;
    ``int()`` of 5,000 digits raises)."""
    return text.isascii() and text.isdigit() and len(text) <= digits


def parse_bots(spec: str | None, players: int) -> list[str]:
    """``--bots``: a count (``3``) or bot kinds per bot seat (``random,medium``)."""
    if spec is None or not spec.strip():
        return []
    spec = spec.strip()
    if spec.isdigit():
        if not is_number(spec, 3):
            raise CuberailError(f"--bots {_short(spec)}: from 0 to {players} bots fit in a"
                                f" {players}-player game")
        if int(spec) > players:
            raise CuberailError(f"{int(spec)} bots do not fit in a {players}-player game")
        return [default_bot()] * int(spec)
    if len(spec) > 100 * players:
        raise CuberailError(f"--bots is {len(spec)} characters long: name at most {players}"
                            " bots, one per bot seat")
    kinds = [k.strip().lower() for k in spec.split(",") if k.strip()]
    if len(kinds) > players:
        raise CuberailError(f"{len(kinds)} bots do not fit in a {players}-player game")
    for kind in kinds:
        make_bot(kind, 0)  # refuses an unknown kind, naming the known ones
    return kinds


def parse_names(text: str | None) -> list[str]:
    """``--names a,b,c``: seat names in seat order, cleaned (see :func:`clean_name`)."""
    if not text:
        return []
    if len(text) > MAX_NAMES_TEXT:
        raise CuberailError(f"--names is {len(text)} characters long; at most {MAX_NAMES_TEXT}")
    raw = [n.strip() for n in text.split(",")]
    if any(len(n) > MAX_NAME for n in raw):
        raise CuberailError(f"--names: a name is at most {MAX_NAME} characters")
    try:
        names = [clean_name(n) for n in raw]
    except CuberailError as exc:
        raise CuberailError(f"--names {_short(text)}: {exc}") from None
    if len(set(names)) != len(names):
        raise CuberailError(f"--names {_short(text)}: names must differ")
    return names


def make_seats(players: int, bots: list[str], names: list[str], seed: int | None) -> list[Seat]:
    """Humans first, then the bots; names given fill seats in order, the rest are defaults."""
    if len(names) > players:
        raise CuberailError(f"{len(names)} names given for {players} players")
    if seed is not None and not -MAX_SEED <= seed <= MAX_SEED:
        raise CuberailError(f"--seed {_short(seed)}: from {-MAX_SEED} to {MAX_SEED}")
    base = random.randrange(2**31) if seed is None else seed
    humans = players - len(bots)
    seats = []
    for i in range(players):
        kind = bots[i - humans] if i >= humans else None
        default = f"Player {i + 1}" if kind is None else clean_name(f"Bot {i + 1} ({kind})")
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
    """A record from a file, its names cleaned: core's :meth:`Record.load` (a RecordError
    with the reason when refused)."""
    return Record.load(path)


def replay_record(record: Record, upto: int | None = None) -> GameState:
    """The state after the first ``upto`` actions of a record (all when None)."""
    return replay(record, get_game, upto)


def load_view(title: str) -> ModuleType:
    """A title's text view (``render``, ``describe_action``), or a CuberailError."""
    try:
        return face(title)
    except ImportError as exc:
        raise CuberailError(f"{title} has no text view in this cuberail ({exc})") from None


def option_help() -> str:
    """Every title's rule options, for ``--help``."""
    lines = []
    for title in titles():
        lines.append(f"rule options of {title} (--option NAME=VALUE):")
        lines += [f"  {spec.describe()}" for spec in get_game(title).options]
    return "\n".join(lines)


def default_save_paths(title: str, folder: Path = Path()) -> Iterator[Path]:
    """Candidate default names: ``cuberail-<title>-<YYYYmmdd-HHMMSS>.json``, then ``-2``,
    ``-3``..., then random suffixes. :func:`save_new` takes the first that does not exist."""
    stem = f"cuberail-{title}-{datetime.now():%Y%m%d-%H%M%S}"
    yield folder / f"{stem}.json"
    for n in range(2, 100):
        yield folder / f"{stem}-{n}.json"
    while True:
        yield folder / f"{stem}-{secrets.token_hex(4)}.json"


# ----- saving: unique temp files, fsync, never overwriting another game ---------------------


def check_output_file(path: Path, what: str) -> None:
    """Refuse an output file that cannot be written, before any work is done."""
    text = str(path)
    if "\0" in text:
        raise CuberailError(f"{what} {_short(text)}: a file name cannot contain a NUL byte")
    folder = path.parent
    try:
        if path.is_dir():
            raise CuberailError(f"{what} {path} is a folder: give a file name")
        if not folder.is_dir():
            raise CuberailError(f"{what} {path}: the folder {folder} does not exist")
    except OSError as exc:  # a name too long, a loop of links...
        raise CuberailError(f"{what} {_short(text)}: {_reason(exc)}") from None
    if not os.access(folder, os.W_OK | os.X_OK):
        raise CuberailError(f"{what} {path}: cannot write in the folder {folder}")


def save_record(record: Record, path: Path) -> None:
    """Save (replace) a game's own file, atomically (core's :meth:`Record.save`)."""
    record.save(path)


def save_new(record: Record, path: Path) -> None:
    """The first save of a game to a file that must not exist yet: another game's file
    is never overwritten (core's race-free :meth:`Record.save_new`)."""
    check_output_file(path, "cannot save to")
    try:
        record.save_new(path)
    except SaveError as exc:
        if exc.errno != errno.EEXIST:
            raise
        raise CuberailError(
            f"{path} already exists and is not overwritten: resume that game with"
            f" `cuberail play --load {path}`, or save to another file (--save FILE)") from None


def save_new_default(record: Record, title: str, folder: Path = Path()) -> Path:
    """Save a new game under the first free default name (two games started in the same
    second in one folder get different files)."""
    for path in default_save_paths(title, folder):
        try:
            record.save_new(path)
            return path
        except SaveError as exc:
            if exc.errno != errno.EEXIST:
                raise
    raise AssertionError("unreachable: default_save_paths never ends")


def _reason(exc: BaseException) -> str:
    return (exc.strerror if isinstance(exc, OSError) and exc.strerror else str(exc))


PLOT_HINT = "pip install 'cuberail[plot]'"


def pyplot(option: str = "--chart") -> Any:
    """matplotlib's pyplot drawing to files (Agg), or a CuberailError saying how to install it."""
    try:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        raise CuberailError(f"{option} needs matplotlib: {PLOT_HINT}") from None
    return plt


def plot_label(name: str) -> str:
    """A player's name as a matplotlib label shown as it is: ``$`` would start math
    (and a bad formula fails the drawing), a leading ``_`` would hide it from the legend."""
    text = name.replace("$", "\\$")
    return " " + text if text.startswith("_") else text


def save_figure(figure: Any, path: Path) -> None:
    """Write a matplotlib figure as a PNG, atomically (no half-written chart is left)."""
    data = io.BytesIO()
    figure.savefig(data, format="png", dpi=110)
    write_atomic(path, data.getvalue())


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
    if len(text) > MAX_LINE:
        return Reply(f"that line is {len(text)} characters long; a move or a command is"
                     f" short. {menu.summary()}")
    word = text.split()[0].lower()
    if word in COMMANDS:
        return Command(word, text[len(word):].strip())
    if text.isdigit():
        if not is_number(text):
            return Reply(f"{_short(text)} is not a choice here. {menu.summary()}")
        return menu.by_number(int(text))
    action = menu.by_text(text)
    if action is not None:
        return action
    return Reply(f"{_short(text)} is not a legal move here. {menu.summary()}")
