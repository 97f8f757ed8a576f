"""``cuberail join INVITE-URL``: play a server game from the terminal, or let a bot play it.

The invite link names the server, the game, the seat and its token
(``http://HOST/g/ID#seat=N&token=T``). On a terminal the game opens at the full-screen
table of ``cuberail play``, followed live (:mod:`cuberail.cli.remote`). Line by line
(``--plain``, ``--poll``, ``--bot``, or no terminal) it is rebuilt here from the server's
record, shown with the menu of ``cuberail play``, and every move is sent with the index
it was chosen at; the server decides. Between turns the line mode waits on the game's
WebSocket (or polls when that fails).
"""

from __future__ import annotations

import argparse
import contextlib
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, urlsplit

from rich.console import Console

from cuberail.cli.console import make_console
from cuberail.cli.lineplay import HELP, show_result
from cuberail.cli.menu import Command, Menu, Reply, read_choice
from cuberail.cli.play import Game
from cuberail.cli.records import replay_record
from cuberail.cli.seats import Seat
from cuberail.cli.table import wanted
from cuberail.cli.titles import load_view
from cuberail.core.actions import Action
from cuberail.core.errors import CuberailError
from cuberail.core.record import Record

Ask = Callable[[str], str]


@dataclass(frozen=True)
class Invite:
    """What an invite link says: the server's base URL, the game, the seat and its token."""

    base: str
    game: str
    seat: int
    token: str

    @classmethod
    def parse(cls, url: str) -> Invite:
        parts = urlsplit(url.strip())
        marker = parts.path.rfind("/g/")
        if parts.scheme not in ("http", "https") or marker < 0:
            raise CuberailError(f"{url[:80]!r} is not an invite link"
                                " (http://HOST/g/GAME#seat=N&token=TOKEN)")
        frag = parse_qs(parts.fragment)
        seat, token = frag.get("seat", [""])[0], frag.get("token", [""])[0]
        if not seat.isdigit() or not token:
            raise CuberailError("the invite link has no seat and token after '#'"
                                " (a watch link cannot play)")
        base = f"{parts.scheme}://{parts.netloc}{parts.path[:marker]}"
        return cls(base, parts.path[marker + 3:].strip("/"), int(seat), token)


class Remote:
    """The server seen from one seat: fetch the game, send moves, wait for changes."""

    def __init__(self, invite: Invite, client: Any, use_socket: bool = True,
                 poll_every: float = 1.0) -> None:
        self.invite = invite
        self.poll_every = poll_every
        self.http = client
        self.api = f"{invite.base}/api/games/{invite.game}"
        self.use_socket = use_socket
        self._socket: Any = None
        self._socket_exit = contextlib.ExitStack()

    def _get(self, path: str) -> dict[str, Any]:
        reply = self.http.get(self.api + path)
        if reply.status_code != 200:
            raise CuberailError(f"the server answered {reply.status_code}: {reason(reply)}")
        return dict(reply.json())

    def view(self) -> dict[str, Any]:
        return self._get("")

    def record(self) -> Record:
        return Record.from_json(self._get("/record"))

    def game(self) -> Game:
        """The game rebuilt locally from the server's record (the terminal table needs it)."""
        record = self.record()
        seats = [Seat(name) for name in record.players]
        return Game(record, replay_record(record), seats, Path("-"),
                    load_view(record.title))

    def send(self, path: str, body: dict[str, Any]) -> tuple[int, str]:
        reply = self.http.post(self.api + path, json=body,
                               headers={"Authorization": f"Bearer {self.invite.token}"})
        return reply.status_code, reason(reply)

    def wait(self, seen: int, timeout: float) -> None:
        """Until the game's seq passes ``seen`` (a WebSocket event) or ``timeout`` seconds."""
        if self.use_socket and self._wait_socket(timeout):
            return
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline and self.view()["seq"] <= seen:
            time.sleep(min(self.poll_every, timeout))

    def _wait_socket(self, timeout: float) -> bool:
        try:
            from websockets.sync.client import connect

            if self._socket is None:
                url = self.api.replace("http", "ws", 1) + "/ws"
                stack = contextlib.ExitStack()  # websockets' connections are context managers
                self._socket = stack.enter_context(connect(url, open_timeout=10))
                self._socket_exit = stack
                self._socket.recv(timeout=10)  # the state event
            self._socket.recv(timeout=timeout)
            return True
        except TimeoutError:
            return True
        except Exception:  # no socket (old server, proxy): poll instead
            self.close()
            self.use_socket = False
            return False

    def close(self) -> None:
        if self._socket is not None:
            with contextlib.suppress(Exception):
                self._socket_exit.close()  # leaves the connection's context: closes it
            self._socket = None


def reason(reply: Any) -> str:
    """The server's reason for a refusal (its ``detail``), or the start of the body."""
    try:
        return str(reply.json().get("detail", ""))
    except ValueError:
        return str(reply.text)[:200]


def join_loop(remote: Remote, ask: Ask | None, console: Console, bot: str | None = None,
              wait: float = 30.0) -> int:
    """Play the seat until the game ends (or the human quits). Returns an exit code."""
    seat, shown = remote.invite.seat, -1
    while True:
        v = remote.view()
        if v["seq"] != shown:
            _news(console, v, seat)
            shown = v["seq"]
        if v["current_player"] != seat and not v["over"]:
            remote.wait(v["seq"], wait)
            continue
        game = remote.game()  # rebuilt from the record only when this seat needs the table
        if v["over"]:
            show_result(game, console)
            return 0
        action = _bot_move(game, bot, v) if bot else _human_move(game, remote, ask, console, v)
        if action is None:
            return 0
        if action.kind == "__undo":
            continue
        status, detail = remote.send("/actions", {"action": action.text(),
                                                  "index": len(game.record.actions)})
        if status != 200:
            common_say(console, f"the server refused {action.text()!r}: {detail}")


def common_say(console: Console, text: str) -> None:
    console.print(text, soft_wrap=True, highlight=False, markup=False)


def _news(console: Console, v: dict[str, Any], seat: int) -> None:
    last = v.get("last")
    if last:
        common_say(console, f"{last['name']}: {last['action']}")
    if not v["over"]:
        turn = v["players"][v["current_player"]]["name"]
        who = "your turn" if v["current_player"] == seat else f"waiting for {turn}"
        common_say(console, f"move {v['index'] + 1}: {who}")


def _bot_move(game: Game, bot: str, v: dict[str, Any]) -> Action:
    from cuberail.bots.registry import make_bot

    return make_bot(bot, v["index"] * 7919 + v["current_player"]).choose(game.state)


UNDO = Action("__undo")


def _human_move(game: Game, remote: Remote, ask: Ask | None, console: Console,
                v: dict[str, Any]) -> Action | None:
    """The human's choice; None to quit; UNDO after asking the server to take one back."""
    assert ask is not None
    menu = Menu.build(game.state.legal_actions())
    console.print(game.view.render(game.state, game.names))
    console.print(menu.render(game.state, game.view.describe_action))
    while True:
        try:
            choice = read_choice(menu, ask(f"{game.names[remote.invite.seat]}"
                                           f" [1-{len(menu.items)}, help]> "))
        except EOFError:
            return None
        if isinstance(choice, Action):
            return choice
        if isinstance(choice, Reply):
            common_say(console, choice.text)
        elif _command(choice, game, remote, console, v):
            return None if choice.word == "quit" else UNDO


def _command(command: Command, game: Game, remote: Remote, console: Console,
             v: dict[str, Any]) -> bool:
    """Run a command; True when the turn ends (quit, or an accepted undo)."""
    if command.word == "quit":
        common_say(console, f"left the game; rejoin with: cuberail join {remote.invite.base}"
                            f"/g/{remote.invite.game}#seat={remote.invite.seat}&token=...")
        return True
    if command.word == "undo":
        status, detail = remote.send("/undo", {"index": v["index"]})
        common_say(console, "took back your last action" if status == 200 else detail)
        return status == 200
    if command.word == "save":
        path = Path(command.arg or f"cuberail-{remote.invite.game}.json")
        game.record.save(path)
        common_say(console, f"saved a copy to {path}")
    elif command.word == "board":
        console.print(game.view.render(game.state, game.names))
    else:
        console.print(HELP, highlight=False, markup=False)
    return False


def cmd_join(args: argparse.Namespace) -> int:
    import httpx

    invite = Invite.parse(args.url)
    if args.bot:
        from cuberail.bots.registry import make_bot

        make_bot(args.bot, 0)  # refuses an unknown bot name, naming the known ones
    elif sys.stdin.isatty():
        with contextlib.suppress(ImportError):
            import readline  # noqa: F401
    with httpx.Client(timeout=30) as client:
        remote = Remote(invite, client, use_socket=not args.poll)
        try:
            if not args.bot and not args.poll and wanted(args.plain):
                from cuberail.cli.remote import run_remote_table

                return run_remote_table(remote)
            return join_loop(remote, None if args.bot else input, make_console(),
                             args.bot)
        except httpx.HTTPError as exc:
            raise CuberailError(f"cannot reach {invite.base}: {exc}") from None
        finally:
            remote.close()


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = subparsers.add_parser(
        "join", help="play a game on a cuberail server from the terminal",
        description="Play a server game with its invite link (http://HOST/g/GAME#seat=N&token=T)"
        " at the terminal table; --bot lets one of our bots play the seat.")
    p.add_argument("url", help="the seat's invite link (quote it: it contains '#' and '&')")
    p.add_argument("--bot", help="let a bot play the seat (random, easy, medium, hard, mcts:N)")
    p.add_argument("--poll", action="store_true",
                   help="poll instead of using the WebSocket (line by line)")
    p.add_argument("--plain", action="store_true",
                   help="line by line instead of the full-screen table")
    p.set_defaults(func=cmd_join)
