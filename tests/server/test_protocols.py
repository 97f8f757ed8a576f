"""A WebSocket leaves no reference cycle in the server (cuberail.server.protocols)."""

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
from cuberail.server.protocols import http_protocol

SOCKETS = 40


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def server_garbage(tmp_path: Path, http: Any) -> Counter[str]:
    """The cyclic garbage's types, by count, left by ``SOCKETS`` WebSockets opened and
    closed (half of them dropped without a close) on a real server (uvicorn, ``http``)."""
    port = _free_port()
    app = create_app(Settings(f"sqlite:///{tmp_path}/db.sqlite3", bot_time_limit=2.0))
    server = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=port, http=http,
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
                if i % 2:
                    ws.transport.abort()
                else:
                    await ws.close()
            await asyncio.sleep(0.5)  # the server sees the last ones go

        gc.collect()
        gc.set_debug(gc.DEBUG_SAVEALL)
        try:
            asyncio.run(churn())
            gc.collect()
            return Counter(f"{type(o).__module__}.{type(o).__qualname__}" for o in gc.garbage)
        finally:
            gc.set_debug(0)
            gc.garbage.clear()
    finally:
        server.should_exit = True
        thread.join(15)


@pytest.mark.parametrize("http", ["h11", "httptools"])
def test_a_closed_websocket_leaves_no_cycle_in_the_server(tmp_path: Path, http: str) -> None:
    garbage = server_garbage(tmp_path, http_protocol(http))
    server_side = {kind: n for kind, n in garbage.items()
                   if kind.startswith(("uvicorn.", "httptools.", "uvloop.", "h11."))}
    assert not server_side


def test_the_control_uvicorns_own_httptools_protocol_leaves_one_per_socket(
        tmp_path: Path) -> None:
    garbage = server_garbage(tmp_path, "httptools")
    assert garbage["uvicorn.protocols.http.httptools_impl.HttpToolsProtocol"] >= SOCKETS // 2
