"""A cap on request bodies (ASGI middleware): a body over the limit answers 413."""

from __future__ import annotations

import json
from typing import Any

from starlette.types import ASGIApp, Message, Receive, Scope, Send


class BodyLimit:
    """Refuse bodies over ``limit`` bytes (``big_limit`` for paths ending ``/import``)."""

    def __init__(self, app: ASGIApp, limit: int, big_limit: int) -> None:
        self.app = app
        self.limit = limit
        self.big_limit = big_limit

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        limit = self.big_limit if scope["path"].endswith("/import") else self.limit
        headers = dict(scope.get("headers") or [])
        length = headers.get(b"content-length")
        if length is not None and (not length.isdigit() or int(length) > limit):
            await _refuse(send, 413, f"the request body is over {limit} bytes")
            return
        if length is None and b"transfer-encoding" in headers:
            await _refuse(send, 411, "send a Content-Length with the body")
            return
        await self.app(scope, _counted(receive, limit), send)


def _counted(receive: Receive, limit: int) -> Receive:
    seen = 0

    async def wrapped() -> Message:
        nonlocal seen
        message = await receive()
        seen += len(message.get("body", b""))
        if seen > limit:  # more than the declared length: stop reading
            return {"type": "http.disconnect"}
        return message

    return wrapped


async def _refuse(send: Send, status: int, reason: str) -> None:
    body = json.dumps({"detail": reason}).encode()
    headers: list[Any] = [(b"content-type", b"application/json"),
                          (b"content-length", str(len(body)).encode())]
    await send({"type": "http.response.start", "status": status, "headers": headers})
    await send({"type": "http.response.body", "body": body})
