"""A server game at the full-screen table (``cuberail join``): one seat here, the rest there.

The game is rebuilt here from the server's record (the engine is the same), so the
table shows it, and logs every move, exactly as ``cuberail play`` does. The other
seats' moves come over the game's WebSocket (``move`` and ``undo`` events, each with
its ``seq``) and are replayed here; this seat's moves are posted with the index they
were chosen at, and played here once the server accepts them. A gap in ``seq``, a
stale move (409) or a changed seat reads the game again; a lost connection shows a
reconnecting line and comes back with the entries it missed (``?since=SEQ``).
"""

from __future__ import annotations

import asyncio
import json
import random
from dataclasses import dataclass
from math import ceil
from pathlib import Path
from typing import TYPE_CHECKING, Any

from cuberail.cli.join import Invite, Remote, reason
from cuberail.cli.play import Game
from cuberail.cli.records import replay_record, save_new
from cuberail.cli.seats import Seat
from cuberail.cli.table.choices import name_players
from cuberail.cli.titles import load_view
from cuberail.core.actions import Action
from cuberail.core.errors import CuberailError

if TYPE_CHECKING:
    from cuberail.cli.table.flow import TableFlow

RETRY_FIRST, RETRY_MOST = 0.5, 15.0  # seconds between reconnection attempts (doubling)


@dataclass
class RemoteGame(Game):
    """A server game replayed here: moves are not saved (the server keeps the game), no
    hints (no engine help during a server game), ``seq`` = the server log entries seen."""

    seq: int = 0

    @property
    def hints(self) -> bool:
        return False

    def apply(self, action: Action) -> list[str]:
        self.before = before = self.state.clone()  # (Game.apply, without the save)
        self.state.apply(action)
        self.record.actions.append(action)
        events = getattr(self.view, "events", None)
        return list(events(before, self.state, self.names)) if events else []

    def save(self, path: Path | None = None) -> Path:
        """``save FILE``: a copy of the record so far (the server keeps the game itself)."""
        if path is None:
            raise CuberailError("the server keeps this game: `save FILE` saves a copy here")
        self.record.meta["seats"] = [s.to_json() for s in self.seats]
        save_new(self.record, path)
        return path

    def take_back(self) -> Action:
        """The last move is undone (the server's ``undo`` event); returns it."""
        action = self.record.actions.pop()
        self.state = replay_record(self.record)
        return action


def fetch_game(remote: Remote, tries: int = 5) -> RemoteGame:
    """The game as the server has it now: its view (seq, seats) and its record, read again
    when a move came between the two reads."""
    for _ in range(tries):
        view = remote.view()
        record = remote.record()
        if len(record.actions) == view["index"]:
            break
    else:
        raise CuberailError("the game kept changing while it was read: try again")
    seats = [Seat(p["name"], p.get("bot")) for p in view["players"]]
    return RemoteGame(record, replay_record(record), seats, Path("-"),
                      load_view(record.title), seq=int(view["seq"]))


class ServerLink:
    """The table's :class:`~cuberail.cli.table.inplay.Link` to a server game: blocking
    HTTP calls run in threads, the WebSocket in an async worker of the app."""

    def __init__(self, remote: Remote, game: RemoteGame) -> None:
        self.remote = remote
        self.game = game
        self.lost = False
        self.since = game.seq  # the seq the WebSocket was last opened from

    @property
    def invite(self) -> Invite:
        return self.remote.invite

    def opening(self) -> str:
        name = self.game.names[self.invite.seat]
        return (f"playing {name}'s seat of game {self.invite.game} on {self.invite.base};"
                " the server keeps the game")

    def is_away(self, seat: int) -> bool:
        return seat != self.invite.seat

    def start(self, app: TableFlow) -> None:
        app.run_worker(self._follow(app), group="follow", exclusive=True)

    def send(self, app: TableFlow, action: Action, note: str) -> bool:
        app.wait_for("sending your move to the server…")
        app.run_worker(self._send(app, action), group="send")
        return False

    def undo(self, app: TableFlow, seat: int) -> None:
        app.run_worker(self._undo(app), group="send")

    def leave(self) -> None:
        return None

    # ----- moves and undos sent -----------------------------------------------------------

    async def _send(self, app: TableFlow, action: Action) -> None:
        index = len(self.game.record.actions)
        body = {"action": action.text(), "index": index}
        status, detail, answer = await self._post(app, "/actions", body)
        if status == 200:
            self._accepted(app, action, index, answer)
        elif status in (409, 403):  # stale, or not this seat's turn: the table is behind
            await self._resync(app, f"your move came too late ({detail}): the game was read"
                                    " again from the server; choose again")
        elif status:
            app.advance()  # the choices again
            app.say(f"the server refused '{self.game.describe(action)}':"
                    f" {name_players(detail, self.game.names)}")
        else:
            app.wait_for("cannot reach the server: your move was not sent; trying again…")
            app.set_timer(RETRY_MOST / 5, app.advance)

    def _accepted(self, app: TableFlow, action: Action, index: int,
                  answer: dict[str, Any]) -> None:
        seq = int(answer.get("seq", 0))
        if seq <= self.game.seq:  # its event came first and played it
            return
        if seq == self.game.seq + 1 and len(self.game.record.actions) == index:
            self.game.seq = seq
            app.moved_elsewhere(action)
        else:  # entries in between not seen yet
            app.run_worker(self._resync(app, "read the game again from the server"),
                           group="sync", exclusive=True)

    async def _undo(self, app: TableFlow) -> None:
        status, detail, _ = await self._post(app, "/undo",
                                             {"index": len(self.game.record.actions)})
        if status == 200:
            app.say("undo asked: the server takes back your last action")
        else:
            app.say(f"the server refused the undo: {detail or 'it cannot be reached'}")

    async def _post(self, app: TableFlow, path: str,
                    body: dict[str, Any]) -> tuple[int, str, dict[str, Any]]:
        """The server's status, reason and JSON answer; status 0 when it cannot be reached
        (httpx's errors: no server, a reset, a timeout)."""
        try:
            return await asyncio.to_thread(self._post_now, path, body)
        except Exception as exc:
            return 0, type(exc).__name__, {}

    def _post_now(self, path: str, body: dict[str, Any]) -> tuple[int, str, dict[str, Any]]:
        remote = self.remote
        reply = remote.http.post(remote.api + path, json=body,
                                 headers={"Authorization": f"Bearer {self.invite.token}"})
        if reply.status_code == 200:
            return 200, "", dict(reply.json())
        return reply.status_code, reason(reply), {}

    # ----- following the game ------------------------------------------------------------

    async def _resync(self, app: TableFlow, why: str) -> None:
        """Read the game again, rebuild the table from it, and follow it from there."""
        try:
            fresh = await asyncio.to_thread(fetch_game, self.remote)
        except Exception as exc:
            app.say(f"cannot read the game again ({type(exc).__name__}): still trying")
            self.lost = True
            self.start(app)  # the socket loop retries, and resyncs once it is back
            return
        game = self.game
        game.record, game.state, game.seats, game.seq = (fresh.record, fresh.state,
                                                         fresh.seats, fresh.seq)
        app.resynced(why)
        self.start(app)

    async def _follow(self, app: TableFlow) -> None:
        """The WebSocket, reconnected with growing, jittered pauses while it is lost."""
        from websockets.asyncio.client import connect

        pause = RETRY_FIRST
        url = self.remote.api.replace("http", "ws", 1) + "/ws"
        while True:
            try:
                self.since = self.game.seq
                async with connect(f"{url}?since={self.since}", open_timeout=10) as ws:
                    await ws.send(json.dumps({"type": "hello", "token": self.invite.token}))
                    pause = RETRY_FIRST
                    async for raw in ws:
                        if self.event(app, json.loads(raw)):
                            return  # a resync follows from where it read the game
            except Exception:  # refused, reset, timed out, closed: try again
                pass
            self.lost = True
            delay = pause * (1 + random.random() / 2)  # jitter: not every client at once
            app.wait_for(f"connection to the server lost: reconnecting in {ceil(delay)} s…")
            await asyncio.sleep(delay)
            pause = min(pause * 2, RETRY_MOST)

    def event(self, app: TableFlow, event: dict[str, Any]) -> bool:
        """One WebSocket event; True when the game must be read again (a resync started)."""
        kind = event.get("type")
        if kind == "state":
            return self._connected(app, int(event.get("seq", 0)))
        if kind in ("move", "undo"):
            return self._entry(app, event)
        if kind == "chat":
            app.note(f"{event.get('name', '?')} says: {event.get('text', '')}")
            app.refresh_table()
        elif kind == "seat":
            return self._read_again(app, "a seat changed hands: the game was read again")
        return False

    def _connected(self, app: TableFlow, seq: int) -> bool:
        """The first event of a connection: the server's seq when it was opened. The table
        may have gone past it since (a move's answer read before this event); only a seq
        older than the one the socket was opened from means the server lost entries."""
        if seq < self.since:  # the server lost entries we saw (restored from a backup)
            return self._read_again(app, "the server's game is behind this table's: read"
                                         " again")
        if self.lost:
            self.lost = False
            app.advance()  # the missed entries (if any) follow this event
            app.say("connection back: the missed moves follow")
        return False

    def _entry(self, app: TableFlow, event: dict[str, Any]) -> bool:
        seq, game = int(event["seq"]), self.game
        if seq <= game.seq:
            return False  # seen (our own move, answered first)
        if seq != game.seq + 1:
            return self._read_again(app, "some moves were missed: the game was read again")
        game.seq = seq
        try:
            if event["type"] == "move":
                app.moved_elsewhere(Action.from_text(event["action"]))
            else:
                action = game.take_back()
                app.taken_back(f"{game.names[event['seat']]} took back"
                               f" '{game.describe(action)}'")
        except CuberailError:
            return self._read_again(app, "a move did not replay here: the game was read again")
        if int(event.get("index", -1)) != len(game.record.actions):
            return self._read_again(app, "the game differs from the server's: read again")
        return False

    def _read_again(self, app: TableFlow, why: str) -> bool:
        app.run_worker(self._resync(app, why), group="sync", exclusive=True)
        return True


def run_remote_table(remote: Remote) -> int:
    """``cuberail join`` full-screen: the table until the player quits (or the game ends
    and they leave); prints how to come back."""
    from cuberail.cli.table.app import TableApp

    game = fetch_game(remote)
    app = TableApp(game, ServerLink(remote, game))
    code = app.run()
    invite = remote.invite
    if not game.state.is_terminal():
        print(f"left the game; the server keeps it. Rejoin with: cuberail join"
              f" '{invite.base}/g/{invite.game}#seat={invite.seat}&token=...'")
    return code if isinstance(code, int) else 0


__all__ = ["RemoteGame", "ServerLink", "fetch_game", "run_remote_table"]
