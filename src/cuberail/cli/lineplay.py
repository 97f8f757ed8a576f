"""The line-by-line game of ``cuberail play --plain`` (and wherever stdin or stdout is
not a terminal): the table and menu printed, a line read for each human decision, the
bots' and forced moves said as they are played. :func:`play_loop` takes an input function
and a console, so tests drive it with scripted input.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from rich.console import Console
from rich.table import Table
from rich.text import Text

from cuberail.cli.console import resume_hint
from cuberail.cli.menu import Command, Menu, Reply, read_choice
from cuberail.cli.table.undo import undo_own
from cuberail.core.actions import Action
from cuberail.core.errors import CuberailError
from cuberail.games import get_game

if TYPE_CHECKING:
    from cuberail.cli.play import Ask, Game


class Quit(Exception):
    """The human asked to stop; the game is saved."""


class Stuck(Exception):
    """Input that is not a terminal keeps giving lines that are not moves (``yes | ...``)."""


def play_loop(game: Game, ask: Ask, console: Console) -> int:
    """Play until the end or a quit; every action is saved. Returns an exit code."""
    say(console, f"{get_game(game.record.title).name}: " + ", ".join(game.names))
    say(console, f"saving to {game.path} after every move")
    say(console, resume_hint(game.path))
    try:
        while not game.state.is_terminal():
            _step(game, ask, console)
    except Quit:
        return _stopped(game, console, "game saved", 0)
    except Stuck:
        return _stopped(game, console, f"{game.patience} lines in a row were not moves and"
                        " the input is not a terminal: stopped, game saved", 2)
    except EOFError:
        return _stopped(game, console, "end of input: game saved", 0)
    except KeyboardInterrupt:
        return _stopped(game, console, "interrupted: game saved", 130)
    show_result(game, console)
    return 0


def say(console: Console, text: str) -> None:
    """Plain text, never wrapped (paths and commands must stay copyable)."""
    console.print(text, soft_wrap=True, highlight=False, markup=False)


def _stopped(game: Game, console: Console, why: str, code: int) -> int:
    game.save()
    say(console, f"\n{why} to {game.path}")
    say(console, resume_hint(game.path))
    return code


def _step(game: Game, ask: Ask, console: Console) -> None:
    seat = game.seats[game.state.current_player()]
    legal = game.state.legal_actions()
    if len(legal) == 1:
        action, note = legal[0], " (the only legal move)"
    elif seat.is_bot:
        action, note = seat.make_bot(len(game.record.actions)).choose(game.state), ""
    else:
        chosen = human_turn(game, ask, console)
        if chosen is None:
            return
        action, note = chosen, ""
    say(console, f"{seat.name}: {game.describe(action)}{note}")
    for event in game.apply(action):
        say(console, f"  · {event}")


HELP = """\
Choosing
  1 2 3 ...     the choice with that number from the list, then Enter
  bid 12 · 12   an amount; in an auction a bare amount is a bid, unless it is
                also a choice's number (`1` is `1) pass`: type `bid 1` for $1)
  place R3      a move as text, any case
Commands
  board         show the table again
  hint          the engine's preferred move (not with --no-hints)
  undo          take back your own last decision and the bots' moves after it
                (with --undo unanswered: only until another player moves)
  save [FILE]   save a copy now (the game is saved after every move anyway)
  quit          save and stop
  help          this list"""


def help_text(game: Game) -> str:
    """The plain mode's help, with the title's own lines (its face's ``HELP``)."""
    own = getattr(game.view, "HELP", "")
    return f"{HELP}\n{own}" if own else HELP


def human_turn(game: Game, ask: Ask, console: Console) -> Action | None:
    """Ask the human to move: an action, or None after an undo. Raises Quit on `quit`."""
    seat = game.seats[game.state.current_player()]
    menu = Menu.build(game.state.legal_actions())
    _show(game, menu, console)
    while True:
        if game.patience is not None and game.idle >= game.patience:
            raise Stuck
        line = ask(f"{seat.name} [1-{len(menu.items)}, help]> ")
        if line.strip().lower() == "hint":
            game.idle += 1
            say(console, game.hint())
            continue
        choice = read_choice(menu, line)
        if isinstance(choice, Reply):
            choice = _by_name(game, line) or choice
        if isinstance(choice, Action):
            game.idle = 0
            return choice
        game.idle += 1
        if isinstance(choice, Reply):
            say(console, choice.text)
        elif _command(game, choice, menu, console):
            return None


def _by_name(game: Game, line: str) -> Action | Reply | None:
    """A link typed by its places' names (when the face reads names): its cheapest route."""
    by_name = getattr(game.view, "by_name", None)
    if by_name is None:
        return None
    links = [a for a in game.state.legal_actions() if a.kind == "link" and a.args]
    named = by_name(line, [str(a.args[0]) for a in links])
    if named is None:
        return None
    if len(named.links) > 1:
        names_of = getattr(game.view, "names_of", str)
        some = ", ".join(names_of(link) for link in named.links)
        return Reply(f"{line.strip()!r} could be {len(named.links)} links: {some}. Type more"
                     " of a name (e.g. both ends).")
    routes = [a for a in links if str(a.args[0]) == named.links[0]]
    return min(routes, key=lambda a: len(str(a.args[1]).split(",")) if len(a.args) > 1 else 0)


def _command(game: Game, command: Command, menu: Menu, console: Console) -> bool:
    """Run a command; True when the turn must start over (after an undo)."""
    word, rest = command.word, command.arg
    if word == "quit":
        raise Quit
    if word == "help":
        console.print(help_text(game), highlight=False, markup=False)
    elif word == "board":
        _show(game, menu, console)
    elif word == "save":
        try:
            say(console, f"saved to {game.save(Path(rest) if rest else None)}")
        except CuberailError as exc:
            say(console, str(exc))
    elif word == "undo":  # hotseat: only the asking player's own decision (issue 12)
        text = undo_own(game, game.state.current_player())
        say(console, text)
        return text.startswith("took back")
    return False


def _show(game: Game, menu: Menu, console: Console) -> None:
    console.print(game.view.render(game.state, game.names))
    console.print(menu.render(game.state, game.describe_in))


def show_result(game: Game, console: Console) -> None:
    """The final table and the scores, ranks and winners."""
    console.print(game.view.render(game.state, game.names))
    result = game.state.result()
    table = Table(title="final result", title_justify="left")
    for head in ("rank", "player", "score", ""):
        table.add_column(head)
    ranks = result.ranks()
    for p in sorted(range(len(game.seats)), key=lambda i: ranks[i]):
        won = "winner" if p in result.winners else ""
        table.add_row(f"{ranks[p]:g}", Text(game.seats[p].name), str(result.scores[p]), won)
    console.print(table)
    say(console, "winner: " + " and ".join(game.seats[p].name for p in result.winners))


__all__ = ["HELP", "Quit", "Stuck", "help_text", "human_turn", "play_loop", "say", "show_result"]
