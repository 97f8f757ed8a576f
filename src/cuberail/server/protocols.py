"""uvicorn's protocols for ``cuberail serve``, with the reference cycles per WebSocket broken.

A cycle lives until a full garbage collection, which the server runs rarely (it pauses
every game: :mod:`cuberail.server.gcpause`). Two came with every WebSocket:

- websockets' sans-I/O protocol (uvicorn's default WebSocket protocol) parses with a
  generator whose frame holds the protocol, which holds the generator: the protocol,
  its stream reader, its frames and the handshake's request, about 30 objects, per
  socket ever opened (2.5-3.5 MB a minute in the memory soak,
  ``benchmarks/soak_web.py``). Closed once the connection is lost, the generator lets go.
- uvicorn's httptools protocol (``--http httptools``) hands a connection that asks for
  a WebSocket over and drops itself, still holding its parser, whose callbacks are its
  own methods. It lets go of the parser once upgraded. (h11's protocol leaves none.)

tests/server/test_protocols.py counts what a closed socket leaves to the collector.
"""

from __future__ import annotations

from typing import Any

from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol
from uvicorn.protocols.websockets.websockets_sansio_impl import WebSocketsSansIOProtocol


class WebSockets(WebSocketsSansIOProtocol):
    """uvicorn's WebSocket protocol that closes its parser when the connection is lost."""

    def connection_lost(self, exc: Exception | None) -> None:
        super().connection_lost(exc)
        self.conn.parser.close()  # (no data comes after: its frame lets go of the protocol)


class HttpTools(HttpToolsProtocol):
    """uvicorn's httptools protocol that lets go of its parser once upgraded."""

    def handle_websocket_upgrade(self) -> None:
        super().handle_websocket_upgrade()
        self.parser = None  # type: ignore[assignment]  # (the socket has its own now)


def http_protocol(name: str) -> Any:
    """What to give uvicorn's ``http`` option for ``--http NAME``."""
    return HttpTools if name == "httptools" else name
