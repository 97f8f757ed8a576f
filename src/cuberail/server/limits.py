"""Limits on requests (ASGI middleware): a body over its cap answers 413; too many writes
of one kind from one address (or one token) answer 429 with Retry-After.

The write limits are token buckets: each (kind, address) and (kind, token) may send a
burst, then a steady rate. Moves are never limited (a game's pace is its players'), only
what a stranger could repeat to fill the database or the chat: creating or importing
games, chat lines, seat claims and webhook changes; and the reads that cost the most
(board drawings and replays at a position, hints, a seat link's QR code).
"""

from __future__ import annotations

import hashlib
import json
import math
import re
import time
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from starlette.types import ASGIApp, Message, Receive, Scope, Send

from cuberail.server.security import bearer_token


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


async def _refuse(send: Send, status: int, reason: str,
                  extra: list[tuple[bytes, bytes]] | None = None) -> None:
    body = json.dumps({"detail": reason}).encode()
    headers: list[Any] = [(b"content-type", b"application/json"),
                          (b"content-length", str(len(body)).encode()), *(extra or [])]
    await send({"type": "http.response.start", "status": status, "headers": headers})
    await send({"type": "http.response.body", "body": body})


@dataclass(frozen=True)
class Rate:
    """A token bucket's shape: ``burst`` requests at once, then ``per_minute``."""

    burst: int
    per_minute: float


@dataclass(frozen=True)
class Rule:
    """A kind of write: its method and path, and its rate per address and per token."""

    kind: str  # for the refusal: "too many {kind} ..."
    method: str
    path: re.Pattern[str]
    per_address: Rate
    per_token: Rate | None = None


GAME = r"/api/games/[A-Za-z0-9_-]{1,64}"
RULES = (
    Rule("new games", "POST", re.compile(r"/api/games(/import)?"), Rate(20, 20)),
    Rule("chat lines", "POST", re.compile(GAME + "/chat"), Rate(30, 120), Rate(10, 30)),
    Rule("seat claims", "POST", re.compile(GAME + r"/seats/\d+/claim"), Rate(10, 20)),
    Rule("webhook changes", "PUT", re.compile(GAME + r"/seats/\d+/webhook"), Rate(10, 20),
         Rate(5, 10)),
    # Reads that draw or replay a position (see server.pools): a page asks one per move
    # and per step of a replay, and one course for a finished game's charts (it asked 41
    # states, and a third finished game opened within a minute was refused); a stranger
    # asking hundreds a second is refused.
    Rule("board drawings and replays", "GET",
         re.compile(GAME + r"/(board\.svg|state|course)"),
         Rate(120, 240)),
    # A hint is a short search in a bot worker (kept per position: asked again, free); a
    # player pressing Hint at every move of a fast game against bots asks about one a
    # second (the 27th newcomer run was refused at Rate(10, 30) a token).
    Rule("hints", "GET", re.compile(GAME + "/hint"), Rate(60, 120), Rate(20, 60)),
    # A seat's link as a QR code: asked when a player opens "On another device".
    Rule("seat link codes", "GET", re.compile(GAME + r"/seats/\d+/link\.svg"),
         Rate(10, 20), Rate(5, 10)),
)
KEYS_MAX = 50_000  # buckets remembered; the least recently used are forgotten first


class Buckets:
    """Token buckets by key, refilled by the clock (a bounded LRU: memory stays flat)."""

    def __init__(self, clock: Callable[[], float] = time.monotonic) -> None:
        self.clock = clock
        self._state: OrderedDict[tuple[str, ...], tuple[float, float]] = OrderedDict()

    def wait(self, key: tuple[str, ...], rate: Rate) -> float:
        """Seconds until ``key`` may send one more request (0: now)."""
        tokens, _ = self._level(key, rate)
        return 0.0 if tokens >= 1 else (1 - tokens) * 60 / rate.per_minute

    def take(self, key: tuple[str, ...], rate: Rate) -> None:
        tokens, now = self._level(key, rate)
        self._state[key] = (tokens - 1, now)
        self._state.move_to_end(key)
        while len(self._state) > KEYS_MAX:
            self._state.popitem(last=False)

    def _level(self, key: tuple[str, ...], rate: Rate) -> tuple[float, float]:
        now = self.clock()
        tokens, then = self._state.get(key, (float(rate.burst), now))
        return min(float(rate.burst), tokens + (now - then) * rate.per_minute / 60), now


class RateLimit:
    """Answer 429 (Retry-After, and the reason) to writes past their rule's rate."""

    def __init__(self, app: ASGIApp, rules: tuple[Rule, ...] = RULES,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.app = app
        self.rules = rules
        self.buckets = Buckets(clock)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        rule = self._rule(scope) if scope["type"] == "http" else None
        if rule is not None:
            checks = self._checks(scope, rule)
            wait = max(self.buckets.wait(key, rate) for key, rate in checks)
            if wait > 0:
                seconds = max(1, math.ceil(wait))
                who = "seat" if any(self.buckets.wait(k, r) > 0 and k[1] == "token"
                                     for k, r in checks) else "address"
                await _refuse(send, 429, f"too many {rule.kind} from this {who}: try again in"
                                         f" {seconds} s", [(b"retry-after", str(seconds).encode())])
                return
            for key, rate in checks:
                self.buckets.take(key, rate)
        await self.app(scope, receive, send)

    def _rule(self, scope: Scope) -> Rule | None:
        method, path = scope.get("method", ""), scope.get("path", "")
        return next((r for r in self.rules if r.method == method and r.path.fullmatch(path)),
                    None)

    @staticmethod
    def _checks(scope: Scope, rule: Rule) -> list[tuple[tuple[str, ...], Rate]]:
        client = scope.get("client")
        address = str(client[0]) if client else "?"
        checks: list[tuple[tuple[str, ...], Rate]] = [((rule.kind, "address", address),
                                                       rule.per_address)]
        raw = dict(scope.get("headers") or []).get(b"authorization")
        token = bearer_token(raw.decode("latin-1")) if raw else None  # as the routes read it
        if rule.per_token is not None and token:
            digest = hashlib.sha256(token.encode("utf-8", "replace")).hexdigest()  # not it
            checks.append(((rule.kind, "token", digest), rule.per_token))
        return checks
