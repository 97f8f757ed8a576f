"""A deadline for request bodies (ASGI middleware): a client that announces a body and
sends it slowly, or never, gets 408 instead of holding a connection and a task forever.

uvicorn bounds the time between requests (``timeout_keep_alive``) but not the time a
request's body takes to arrive. :class:`BodyDeadline` reads the whole body of a request
that has one within ``seconds`` (the size is capped by :class:`~.limits.BodyLimit`
outside it), then hands it to the application as it came.
"""

from __future__ import annotations

import json

import anyio
from starlette.types import ASGIApp, Message, Receive, Scope, Send


class BodyDeadline:
    """408 (and the connection closed) when a request body takes over ``seconds``."""

    def __init__(self, app: ASGIApp, seconds: float) -> None:
        self.app = app
        self.seconds = seconds

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or not has_body(scope):
            await self.app(scope, receive, send)
            return
        try:
            with anyio.fail_after(self.seconds):
                messages = await read_all(receive)
        except TimeoutError:
            await too_slow(send, self.seconds)
            return
        await self.app(scope, replay(messages, receive), send)


def has_body(scope: Scope) -> bool:
    headers = dict(scope.get("headers") or [])
    length = headers.get(b"content-length", b"0")
    return b"transfer-encoding" in headers or not length.isdigit() or int(length) > 0


async def read_all(receive: Receive) -> list[Message]:
    """The messages of the body, up to its last part (or the client going away)."""
    messages = []
    while True:
        message = await receive()
        messages.append(message)
        if message["type"] != "http.request" or not message.get("more_body", False):
            return messages


def replay(messages: list[Message], receive: Receive) -> Receive:
    """A ``receive`` that gives the read messages first, then waits on the client's."""
    queue = list(messages)

    async def again() -> Message:
        return queue.pop(0) if queue else await receive()

    return again


async def too_slow(send: Send, seconds: float) -> None:
    body = json.dumps({"detail": f"the request body did not arrive within {seconds:g} s"})
    await send({"type": "http.response.start", "status": 408,
                "headers": [(b"content-type", b"application/json"),
                            (b"content-length", str(len(body)).encode()),
                            (b"connection", b"close")]})
    await send({"type": "http.response.body", "body": body.encode()})
