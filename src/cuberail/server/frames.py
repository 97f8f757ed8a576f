"""A WebSocket client's messages: JSON objects in text frames, each read with limits.

A frame the server does not read gets a close frame with a code and a reason rather
than a dropped socket: binary 1003, over :data:`WS_TEXT_MAX` characters 1009, nested
too deep 1008, NaN or a lone surrogate 1007.
"""

from __future__ import annotations

import json
import time
from typing import Any, NoReturn

from fastapi import WebSocket, WebSocketDisconnect

from cuberail.server.errors import parse_checked

WS_TEXT_MAX = 64 * 1024  # characters of a client's message (the client's are tiny)
# Messages one socket may send: a burst of MESSAGE_BURST, then MESSAGE_RATE a second (the
# page sends a hello and a ping every few seconds). Past it the socket is closed (1008):
# a flood of pings on one socket would otherwise take the event loop from everyone.
MESSAGE_BURST = 20
MESSAGE_RATE = 5.0


class MessageBudget:
    """A token bucket for one socket's messages."""

    def __init__(self, burst: int = MESSAGE_BURST, rate: float = MESSAGE_RATE) -> None:
        self.burst, self.rate = burst, rate
        self.tokens = float(burst)
        self.stamp = time.monotonic()

    def take(self) -> bool:
        """Spend one message; False when the socket has sent too many."""
        now = time.monotonic()
        self.tokens = min(self.burst, self.tokens + (now - self.stamp) * self.rate)
        self.stamp = now
        if self.tokens < 1:
            return False
        self.tokens -= 1
        return True


async def client_message(websocket: WebSocket,
                         budget: MessageBudget | None = None) -> dict[str, Any] | None:
    """The next client message, a JSON object (None: another value or no JSON: ignored).

    A frame the server does not read closes the socket with a code and a reason: binary
    1003, over :data:`WS_TEXT_MAX` characters 1009, nested too deep 1008, NaN or a lone
    surrogate 1007, more messages than ``budget`` allows 1008; then WebSocketDisconnect
    ends the reading.
    """
    frame = await websocket.receive()
    if frame["type"] == "websocket.disconnect":
        raise WebSocketDisconnect(int(frame.get("code") or 1000))
    if budget is not None and not budget.take():
        await _close(websocket, 1008, f"too many messages: at most {budget.rate:g} a second"
                                      f" after a burst of {budget.burst}")
    text = frame.get("text")
    if text is None:
        await _close(websocket, 1003, "binary frames are not accepted: send JSON text")
    elif len(text) > WS_TEXT_MAX:
        await _close(websocket, 1009, f"a message is at most {WS_TEXT_MAX} characters")
    problem = parse_checked(text)
    if problem is not None:
        code = 1008 if problem["type"] == "json_too_deep" else 1007
        await _close(websocket, code, problem["msg"][:120])
    try:
        message = json.loads(text)
    except ValueError:
        return None
    return message if isinstance(message, dict) else None


async def _close(websocket: WebSocket, code: int, reason: str) -> NoReturn:
    await websocket.close(code, reason)
    raise WebSocketDisconnect(code, reason)
