"""A closed WebSocket leaves no reference cycle in the server (cuberail.server.protocols)."""

from __future__ import annotations

import asyncio
import gc
import socket
import threading
import time
from collections import Counter
from pathlib import Path
from typing import Any

import httpx
import pytest
import uvicorn
from websockets.asyncio.client import connect

from cuberail.server.app import create_app
from cuberail.server.config import Settings
from cuberail.server.protocols import WebSockets, http_protocol

SOCKETS = 40


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


SERVER_SIDE = ("ServerProtocol", "WebSocketsSansIOProtocol", "WebSockets", "H11Protocol",
               "HttpToolsProtocol", "HttpTools", "HttpRequestParser")


def left_alive(tmp_path: Path, http: Any, ws: Any) -> Counter[str]:
    """The server's protocol objects still alive, by type, once ``SOCKETS`` WebSockets
    were opened and closed (a third dropped without a close) on a real server (uvicorn,
    ``http`` and ``ws``) with the garbage collector off: what only a collection frees.
    (The collector's own debug list does not show them: finalizing the parser generator
    breaks the cycle and they go by reference counting, so they are counted alive.)"""
    port = _free_port()
    app = create_app(Settings(f"sqlite:///{tmp_path}/db.sqlite3", bot_time_limit=2.0))
    server = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=port, http=http, ws=ws,
                                           log_level="warning"))
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 30
    while not server.started:
        assert thread.is_alive() and time.monotonic() < deadline, "no server"
        time.sleep(0.05)
    try:
        game = httpx.post(f"http://127.0.0.1:{port}/api/games", json={
            "title": "chicago-express", "players": 3,
            "seats": [{"name": "A"}, {"name": "B"}, {"name": "C"}]}).json()

        async def churn() -> None:
            for i in range(SOCKETS):
                ws = await connect(f"ws://127.0.0.1:{port}/api/games/{game['id']}/ws")
                await ws.recv()
                if i % 3 == 0:
                    ws.transport.abort()
                else:
                    await ws.close()
            await asyncio.sleep(0.5)  # the server sees the last ones go

        gc.collect()
        gc.disable()
        try:
            asyncio.run(churn())
            return Counter(name for o in gc.get_objects()
                           if (name := type(o).__qualname__) in SERVER_SIDE)
        finally:
            gc.enable()
    finally:
        server.should_exit = True
        thread.join(15)


@pytest.mark.parametrize("http", ["h11", "httptools"])
def test_a_closed_websocket_leaves_no_cycle_in_the_server(tmp_path: Path, http: str) -> None:
    assert not left_alive(tmp_path, http_protocol(http), WebSockets)


def test_the_control_uvicorns_own_protocols_leave_one_per_socket(tmp_path: Path) -> None:
    alive = left_alive(tmp_path, "httptools", "websockets-sansio")
    assert alive["ServerProtocol"] >= SOCKETS
    assert alive["HttpToolsProtocol"] >= SOCKETS
