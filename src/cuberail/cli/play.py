"""``cuberail play``: a game in the terminal, humans (hotseat) and bots, autosaved every move.

The line-by-line loop is :mod:`cuberail.cli.lineplay`; :func:`cmd_play` turns arguments into a
:class:`Game` and, on a terminal both ways without ``--plain``, hands it to the
full-screen table (:mod:`cuberail.cli.table`), which plays through the same Game.
"""

from __future__ import annotations

import argparse
import contextlib
import sys
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from types import ModuleType
from typing import TextIO, TypeVar

from cuberail.cli.console import is_number, make_console
from cuberail.cli.lineplay import play_loop, say, show_result
from cuberail.cli.menu import MAX_LINE
from cuberail.cli.records import (
    check_output_file,
    hinted_moves,
    hints_kept,
    load_record,
    replay_record,
    save_new,
    save_new_default,
    save_record,
)
from cuberail.cli.seats import Seat, make_seats, parse_bots, parse_names, seats_from_record
from cuberail.cli.table import hint as hints
from cuberail.cli.table.hint import Moves
from cuberail.cli.table.hintwords import Answer
from cuberail.cli.table.undo import CHOICES as UNDO_CHOICES
from cuberail.cli.table.undo import set_undo_option
from cuberail.cli.titles import load_view, option_help
from cuberail.core.actions import Action
from cuberail.core.errors import CuberailError
from cuberail.core.options import parse_option_args
from cuberail.core.record import Record, new_record
from cuberail.core.state import GameState
from cuberail.games import get_game, titles
from cuberail.terminal import PlainFace

Ask = Callable[[str], str]
T = TypeVar("T")
DEFAULT_PLAYERS = 4
PATIENCE = 20  # lines in a row that are not moves, without a terminal, before stopping


@dataclass
class Game:
    """A game being played: its record (the truth), state, seats, save file and view."""

    record: Record
    state: GameState
    seats: list[Seat]
    path: Path
    view: ModuleType | PlainFace  # the title's terminal face (render, describe_action...)
    patience: int | None = None  # see PATIENCE; None on a terminal
    idle: int = 0  # lines since the last move that were not moves
    hint_seconds: float = hints.SECONDS  # the most a `hint` searches
    hint_iterations: int | None = hints.ITERATIONS  # its budget (None: it runs the seconds)
    hint_memory: hints.Memory = field(default_factory=hints.Memory)  # this game's hints
    before: GameState = field(init=False, repr=False)  # the state before the last move

    @property
    def names(self) -> list[str]:
        return [s.name for s in self.seats]

    @property
    def hints(self) -> bool:
        """Whether `hint` answers in this game (``--no-hints`` is kept in the record)."""
        return not self.record.meta.get("no_hints", False)

    def forbid_hints(self) -> None:
        """``--no-hints``: no hint for anyone in this game, also after ``--load``."""
        self.record.meta["no_hints"] = True

    def save(self, path: Path | None = None) -> Path:
        """Write the record (atomically, fsynced) with the seats in its meta.

        The game's own file is replaced; any other file (``save FILE``) must not exist yet.
        """
        self.record.meta["seats"] = [s.to_json() for s in self.seats]
        if path is None or _same_file(path, self.path):
            save_record(self.record, self.path)
            return self.path
        save_new(self.record, path)
        return path

    def save_first(self, path: Path | None) -> None:
        """The first save of a new game: to ``path``, which must not exist, or to a fresh
        default name. Another saved game is never overwritten."""
        self.record.meta["seats"] = [s.to_json() for s in self.seats]
        if path is None:
            self.path = save_new_default(self.record, self.record.title)
        else:
            save_new(self.record, path)
            self.path = path

    def apply(self, action: Action) -> list[str]:
        """Apply, append to the record, autosave; returns what happened by itself. The
        state before the move stays in :attr:`before` (the table's dividend block reads
        it: one copy a move)."""
        self.before = before = self.state.clone()
        self.state.apply(action)
        self.record.actions.append(action)
        self.save()
        events = getattr(self.view, "events", None)
        return list(events(before, self.state, self.names)) if events else []

    def describe(self, action: Action) -> str:
        return self.describe_in(self.state, action)

    def describe_in(self, state: GameState, action: Action) -> str:
        """The view's sentence at the table: the title's one sentence for the move."""
        return str(self.view.describe_action(state, action))

    def hint(self, state: GameState | None = None) -> str:
        """The engine's preferred move for the player to move, and what it expects.

        ``state`` is a copy of the game's state when the search runs in another thread."""
        if not self.hints:
            return hints.OFF
        return self.hint_answer(state).line

    def note_hint(self, move: int, seat: int, action: Action) -> None:
        """Keeps (in the record's meta, saved with the next move) the move hinted to
        ``seat`` where the game had ``move`` moves: the end says how often it was played
        (the 34th newcomer run won by the hints alone, and the end did not say so)."""
        self.record.meta.setdefault("hints", {})[str(move)] = [seat, action.text()]

    def hints_played(self, seat: int) -> tuple[int, int]:
        """How many of ``seat``'s moves were the move hinted there, and how many hints it
        was given (positions taken back by an undo count once). Entries a hand-edited
        record garbled are left out."""
        mine = {at for at, (who, _) in hints_kept(self.record).items() if who == seat}
        return len(mine & hinted_moves(self.record)), len(mine)

    def hint_answer(self, state: GameState | None = None, history: Moves = ()
                    ) -> Answer:
        """The hint (:meth:`hint`) to be said whole, briefly or in detail (hints on);
        ``history``: the moves so far (seat, move), for the title's warnings."""
        return hints.answer(self.state if state is None else state, self.describe_in,
                            self.hint_seconds, self.hint_iterations,
                            seed=len(self.record.actions), memory=self.hint_memory,
                            history=history, names=self.names)


# ----- setting up -----------------------------------------------------------------------


def new_game(args: argparse.Namespace, ask: Ask, interactive: bool) -> Game:
    """A fresh game from the arguments, asking for what is missing on a terminal."""
    title = args.title or _ask(ask, interactive, f"game ({'/'.join(titles())})",
                               titles()[0], _title_typed)
    info = get_game(title)
    options = parse_option_args(info.options, args.option or [])
    low, high = info.min_players, info.max_players
    implied = _seats_of_kinds(args.bots, low, high)
    players = (_players(str(args.players), low, high) if args.players is not None else
               implied if implied is not None else
               _ask(ask, interactive, f"players ({low}-{high})",
                    str(min(max(DEFAULT_PLAYERS, low), high)),
                    lambda text: _players(text, low, high)))
    bots = (parse_bots(args.bots, players) if args.bots is not None else
            _ask(ask, interactive, f"bots (0-{players}, or kinds like random,random)",
                 str(players - 1), lambda text: parse_bots(text, players)))
    seats = make_seats(players, bots, parse_names(args.names), args.seed)
    record = new_record(info, [s.name for s in seats], options)
    save = Path(args.save) if args.save else None
    game = Game(record, info.new_game(players, record.options), seats, save or Path(),
                load_view(info.title))
    if getattr(args, "no_hints", False):
        game.forbid_hints()
    set_undo_option(game, getattr(args, "undo", None))
    game.save_first(save)
    return game


def load_game(args: argparse.Namespace) -> Game:
    """A saved game, replayed; its seats come from the record's meta.

    With ``--save`` naming another file, the game is copied there now (a file that
    does not exist yet) and goes on there; the loaded file is left as it was.
    """
    record = load_record(args.load)
    if args.title and get_game(args.title).title != record.title:
        raise CuberailError(f"{args.load} is a game of {record.title}, not {args.title}")
    state = replay_record(record)
    seats = seats_from_record(record) or make_seats(
        len(record.players), parse_bots(args.bots, len(record.players)),
        record.players, args.seed)
    game = Game(record, state, seats, Path(args.load), load_view(record.title))
    if getattr(args, "no_hints", False):
        game.forbid_hints()  # a loaded game can lose its hints, never get them back
    set_undo_option(game, getattr(args, "undo", None))  # limited, never freed again
    if args.save and not _same_file(Path(args.save), game.path):
        game.save_first(Path(args.save))
    return game


def _same_file(a: Path, b: Path) -> bool:
    try:
        return a == b or a.resolve() == b.resolve()
    except (OSError, ValueError, RuntimeError):
        return False


def _title_typed(text: str) -> str:
    """The title a player typed at the prompt: a name, an alias, or the start of exactly
    one title's name (the sixteenth newcomer run was refused the start of one)."""
    starts = [name for name in titles() if name.startswith(text.strip().lower())]
    if text.strip() and len(starts) == 1:
        return starts[0]
    return get_game(text).title


def _ask(ask: Ask, interactive: bool, question: str, default: str,
         parse: Callable[[str], T]) -> T:
    """A setup answer, parsed; on a terminal asked again until it parses, else the default."""
    if not interactive:
        return parse(default)
    while True:
        answer = ask(f"{question} [{default}]: ").strip() or default
        try:
            return parse(answer)
        except CuberailError as exc:
            print(exc)


def _seats_of_kinds(bots: str | None, low: int, high: int) -> int | None:
    """The seats that ``--bots`` given as kinds implies (``medium,medium,medium``: you and
    three bots), when the title takes that many; None for a count or nothing (asked)."""
    kinds = [k for k in (bots or "").split(",") if k.strip()]
    if not kinds or (len(kinds) == 1 and kinds[0].strip().isdigit()):
        return None
    return len(kinds) + 1 if low <= len(kinds) + 1 <= high else None


def _players(text: str, low: int, high: int) -> int:
    if not is_number(text, 3) or not low <= int(text) <= high:
        raise CuberailError(f"this game is for {low} to {high} players, not {text[:20]}")
    return int(text)


def _is_terminal(stream: TextIO | None) -> bool:
    """True for a terminal; False for a pipe, a file, a closed or missing stdin."""
    try:
        return stream is not None and stream.isatty()
    except (ValueError, OSError, AttributeError):
        return False


def read_line(prompt: str) -> str:
    """A line of input that is not from a terminal: at most ``MAX_LINE + 1``
    characters are kept (the rest of a longer line is read and dropped, so that a huge
    line costs no memory); EOFError at the end or when there is no stdin at all."""
    stdin = sys.stdin
    if stdin is None or stdin.closed:
        raise EOFError
    sys.stdout.write(prompt)
    sys.stdout.flush()
    line = stdin.readline(MAX_LINE + 1)
    if not line:
        raise EOFError
    rest = line
    while rest and not rest.endswith("\n"):
        rest = stdin.readline(65536)
    return line.rstrip("\n")


def cmd_play(args: argparse.Namespace) -> int:
    interactive = _is_terminal(sys.stdin)
    for option in ("save", "load"):
        value = getattr(args, option)
        if value is not None and "\0" in value:
            raise CuberailError(f"--{option}: a file name cannot contain a NUL byte")
    if args.save and not args.load:
        check_output_file(Path(args.save), "--save")  # before any question
    ask: Ask = input if interactive else read_line
    if interactive:
        with contextlib.suppress(ImportError):
            import readline  # noqa: F401  (line editing and history for input())
    console = make_console()
    try:
        game = load_game(args) if args.load else new_game(args, ask, interactive)
    except EOFError:
        raise CuberailError("end of input before the game was set up: nothing saved") from None
    if game.state.is_terminal():
        show_result(game, console)
        return 0
    game.patience = None if interactive else PATIENCE
    from cuberail.cli import table

    if table.wanted(args.plain):
        missing = table.missing(game.record.title)
        if not missing:
            return table.run_table(game)
        say(console, missing)
    return play_loop(game, ask, console)


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = subparsers.add_parser(
        "play", help="play a game in the terminal (hotseat and bots)",
        description="Play a game; it is saved after every move. Humans take the first seats"
        " and share the keyboard; bots take the rest. On a terminal the game opens at a"
        " full-screen table (F1 there for help); --plain plays line by line.",
        epilog=option_help(), formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("title", nargs="?", help=f"the game: {', '.join(titles())}")
    p.add_argument("--players", type=int, help="number of seats (default 4)")
    p.add_argument("--bots", help="how many seats bots play (e.g. 3; default players-1),"
                   " or one kind per bot seat (e.g. random,random)")
    p.add_argument("--names", help="seat names in seat order, e.g. Ann,Bob")
    p.add_argument("--seed", type=int, help="seed for the bots (reproducible games)")
    p.add_argument("--option", action="append", metavar="NAME=VALUE", help="a rule option")
    p.add_argument("--load", metavar="FILE", help="resume a saved game")
    p.add_argument("--save", metavar="FILE", help="where to autosave"
                   " (default ./cuberail-TITLE-DATE.json; with --load, the loaded file)")
    p.add_argument("--no-hints", action="store_true",
                   help="no `hint` (F3) for anyone in this game, also when it is loaded"
                   " again: a fair game between friends")
    p.add_argument("--undo", choices=UNDO_CHOICES,
                   help="free (default): undo takes back your own last decision and the"
                   " bots' moves after it; unanswered: only until another player, a bot"
                   " included, has moved (kept when the game is loaded again)")
    p.add_argument("--plain", action="store_true",
                   help="line by line instead of the full-screen table (automatic when stdin"
                   " or stdout is not a terminal)")
    p.set_defaults(func=cmd_play)
