"""The game WebSocket: the state, missed entries, then every event live."""

from __future__ import annotations

import asyncio
import contextlib
from collections import Counter
from typing import Any

from fastapi import APIRouter, WebSocket, WebSocketDisconnect

from cuberail.server.broadcast import Item
from cuberail.server.frames import MessageBudget, client_message
from cuberail.server.games import GameService, Refused
from cuberail.server.runtime import Server
from cuberail.server.schemas import GAME_ID

router = APIRouter()


@router.websocket("/api/games/{game_id}/ws")
async def ws(websocket: WebSocket, game_id: str, since: int | None = None) -> None:
    await socket_session(websocket.app.state.server, websocket, game_id, since)


async def socket_session(server: Server, websocket: WebSocket, game_id: str,
                         since: int | None) -> None:
    """Send the state, any missed entries, then every event live; accept hello and ping."""
    await websocket.accept()
    if GAME_ID.fullmatch(game_id) is None:
        await websocket.close(4404, "no such game on this server")
        return
    queue = server.hub.subscribe(game_id)  # before reading the state: no event is missed
    try:
        view = await server.run(server.service.view, game_id)
    except Refused as exc:
        server.hub.unsubscribe(game_id, queue)
        await websocket.close(4404, exc.reason[:100])
        return
    seat_box: list[int] = []
    reader = asyncio.create_task(_read(server, websocket, game_id, seat_box, queue))
    try:
        await websocket.send_json({"type": "state", "index": view["index"], "seq": view["seq"],
                                   "game": view})
        if since is not None and since < view["seq"]:
            for event in await server.run(catch_up, server.service, game_id, since):
                await websocket.send_json(event)
        await _forward(websocket, queue, view["seq"])
    except (WebSocketDisconnect, RuntimeError):
        pass
    finally:
        reader.cancel()
        server.hub.unsubscribe(game_id, queue)
        counts = server.connected.get(game_id)
        for seat in seat_box:
            if counts is not None:
                counts[seat] -= 1
                if counts[seat] <= 0:
                    del counts[seat]
        if counts is not None and not counts:
            del server.connected[game_id]  # no entry kept for a game nobody is at


async def _forward(websocket: WebSocket, queue: asyncio.Queue[Item], seen: int) -> None:
    """Send each event of the game; None in the queue ends it (a slow or gone client)."""
    while True:
        item = await queue.get()
        if item is None:
            return
        event = item.event
        if event["type"] in ("move", "undo", "over") and event["seq"] <= seen:
            continue
        await websocket.send_text(item.text)


async def _read(server: Server, websocket: WebSocket, game_id: str, seat_box: list[int],
                queue: asyncio.Queue[Item]) -> None:
    """Client messages: {"type": "hello", "token"} marks a seat connected; "ping" -> "pong".

    When the client goes away, a None in the queue ends the sending side too.
    """
    try:
        await _messages(server, websocket, game_id, seat_box)
    except (WebSocketDisconnect, RuntimeError):
        pass
    finally:
        server.hub.unsubscribe(game_id, queue)
        with contextlib.suppress(asyncio.QueueFull):
            queue.put_nowait(None)


async def _messages(server: Server, websocket: WebSocket, game_id: str,
                    seat_box: list[int]) -> None:
    """Read client messages until the client goes away (or sends too many)."""
    budget = MessageBudget()
    while True:
        message = await client_message(websocket, budget)
        if message is None:
            continue
        if message.get("type") == "ping":
            await websocket.send_json({"type": "pong"})
        elif message.get("type") == "hello" and not seat_box:
            seat = await _hello(server, game_id, message.get("token"))
            if seat is not None:
                seat_box.append(seat)
                server.connected.setdefault(game_id, Counter())[seat] += 1
            await websocket.send_json({"type": "hello", "seat": seat})


async def _hello(server: Server, game_id: str, token: object) -> int | None:
    if not isinstance(token, str):
        return None
    try:
        loaded = await server.run(server.service.read, game_id)
        return server.service.seat_of(loaded, token)
    except Refused:
        return None


def catch_up(service: GameService, game_id: str, since: int) -> list[dict[str, Any]]:
    """The move and undo events after entry ``since``, each with its index and seq."""
    log_ = service.log(game_id, 0)
    index, out = 0, []
    for e in log_["entries"]:
        index += -1 if e["kind"] == "undo" else 1
        if e["seq"] > since:
            out.append({"type": e["kind"], "game": game_id, "index": index, "seq": e["seq"],
                        "seat": e["seat"], "action": e["action"], "words": e["words"],
                        "events": e["events"], "catch_up": True})
    return out
