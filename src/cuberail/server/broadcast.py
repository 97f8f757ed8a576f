"""Broadcast: in-process pub/sub of game events, bridged across processes by PostgreSQL.

Each WebSocket client holds a queue subscribed to its game. An event written by this
process is published here at once (after its commit); on PostgreSQL the same event
was also sent with ``pg_notify`` inside the writing transaction, so the other server
processes (each LISTENing) publish it to their own clients. A process skips its own
notifications (they carry its origin id).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
from typing import Any, NamedTuple

from sqlalchemy.engine import make_url

from cuberail.server.games import CHANNEL
from cuberail.server.storage import listening

log = logging.getLogger("cuberail.server")
QUEUE_MAX = 1000
Event = dict[str, Any]


class Published(NamedTuple):
    """An event and its JSON text, encoded once for every socket that sends it."""

    event: Event
    text: str


Item = Published | None  # None tells a socket's sender to stop


class Hub:
    """Subscribers per game. A subscriber too slow to keep up is dropped (it reconnects)."""

    def __init__(self) -> None:
        self._subs: dict[str, set[asyncio.Queue[Item]]] = {}

    def subscribe(self, game_id: str) -> asyncio.Queue[Item]:
        queue: asyncio.Queue[Item] = asyncio.Queue(QUEUE_MAX)
        self._subs.setdefault(game_id, set()).add(queue)
        return queue

    def unsubscribe(self, game_id: str, queue: asyncio.Queue[Item]) -> None:
        subs = self._subs.get(game_id)
        if subs is not None:
            subs.discard(queue)
            if not subs:
                del self._subs[game_id]

    def publish(self, game_id: str, event: Event) -> None:
        """Deliver to every local subscriber of the game (never blocks); the JSON text is
        encoded once here, not once per socket."""
        subs = self._subs.get(game_id)
        if not subs:
            return
        item = Published(event, json.dumps(event, separators=(",", ":")))
        for queue in list(subs):
            try:
                queue.put_nowait(item)
            except asyncio.QueueFull:
                self.unsubscribe(game_id, queue)
                with contextlib.suppress(asyncio.QueueFull):
                    queue.get_nowait()
                    queue.put_nowait(None)  # tells the socket to close

    def drop_all(self) -> None:
        """Tell every socket to close: after events may have been missed (a lost LISTEN
        connection), each client reconnects and catches up from its last ``seq``."""
        for game_id in list(self._subs):
            for queue in list(self._subs.get(game_id, ())):
                self.unsubscribe(game_id, queue)
                while not queue.empty():
                    queue.get_nowait()
                queue.put_nowait(None)

    def watchers(self, game_id: str) -> int:
        return len(self._subs.get(game_id, ()))


def psycopg_dsn(url: str) -> str:
    """A libpq connection string from a SQLAlchemy URL (``postgresql+psycopg://...``)."""
    return make_url(url).set(drivername="postgresql").render_as_string(hide_password=False)


async def listen(url: str, origin: str, hub: Hub, ready: asyncio.Event | None = None,
                 retry: float = 1.0) -> None:
    """Relay other processes' notifications to local subscribers; reconnects on failure.

    Notifications sent while the connection was down are lost: once listening again,
    every local socket is closed (:meth:`Hub.drop_all`), so that its client reconnects
    and catches up from its last ``seq`` (the log in the database is the truth).
    """
    lost = False
    while True:
        try:
            async with listening(psycopg_dsn(url), CHANNEL) as conn:
                if lost:
                    hub.drop_all()
                    log.warning("LISTEN connection back: clients reconnect to catch up")
                if ready is not None:
                    ready.set()
                async for note in conn.notifies():
                    _relay(note.payload, origin, hub)
        except asyncio.CancelledError:
            raise
        except Exception as exc:  # the database went away: retry, never crash the server
            log.warning("LISTEN connection lost (%s); reconnecting", exc)
            lost = True
            await asyncio.sleep(retry)


def _relay(payload: str, origin: str, hub: Hub) -> None:
    try:
        data = json.loads(payload)
    except ValueError:
        return
    if not isinstance(data, dict) or data.get("origin") == origin:
        return
    game, event = data.get("game"), data.get("event")
    if isinstance(game, str) and isinstance(event, dict):
        hub.publish(game, event)
