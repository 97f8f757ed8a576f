"""Clean 422 answers for request bodies and parameters the API cannot take.

FastAPI's own 422 echoes the offending input; input that JSON cannot carry (a lone
surrogate, NaN, Infinity) then fails to encode and the client gets a 500. Here:

- :class:`JsonGuard` (ASGI middleware) reads a JSON body first and refuses, with 422,
  NaN/Infinity (not JSON numbers), lone surrogates (not Unicode text) and nesting deeper
  than :data:`DEPTH_MAX`, naming the field. A body is parsed once, by FastAPI: the guard
  only parses one that may hold such a thing (:func:`may_be_refused`, a few byte
  searches), to find the field it names;
- :func:`validation_refused` answers every validation error as ``{"detail": [{"type",
  "loc", "msg", "ctx"}]}`` without the input, every text made encodable.
"""

from __future__ import annotations

import json
import math
import re
from email.message import Message as MimeMessage
from typing import Any

from fastapi import Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from starlette.types import ASGIApp, Message, Receive, Scope, Send

DEPTH_MAX = 64
TEXT_MAX = 300
Loc = list[str | int]


class _Constant:
    """NaN, Infinity or -Infinity where the JSON parser met it (refused later, by path)."""

    def __init__(self, name: str) -> None:
        self.name = name


def safe_text(text: str, limit: int = TEXT_MAX) -> str:
    """``text`` cut to ``limit`` and encodable as UTF-8 (lone surrogates as ``\\udxxx``)."""
    return text[:limit].encode("utf-8", "backslashreplace").decode("utf-8")


def _is_text(value: str) -> bool:
    try:
        value.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def refusal(loc: Loc, msg: str, kind: str = "value_error") -> dict[str, Any]:
    return {"type": kind, "loc": [safe_text(p, 80) if isinstance(p, str) else p for p in loc],
            "msg": msg}


def _problem(value: object, loc: Loc) -> dict[str, Any] | None:
    """What makes one parsed JSON value unacceptable (None: nothing)."""
    if isinstance(value, _Constant):
        return refusal(loc, f"{value.name} is not a JSON number: send a finite number")
    if isinstance(value, str) and not _is_text(value):
        return refusal(loc, "a lone surrogate (such as \\ud800) is not Unicode text: send"
                            " valid UTF-8 or paired UTF-16 escapes", "string_unicode")
    if len(loc) > DEPTH_MAX:
        return refusal(loc[:DEPTH_MAX], f"JSON nested more than {DEPTH_MAX} levels deep",
                       "json_too_deep")
    return None


def check_json(value: object) -> dict[str, Any] | None:
    """The first unacceptable value of a parsed body, as a 422 error entry (None: fine)."""
    stack: list[tuple[object, Loc]] = [(value, ["body"])]
    while stack:
        item, loc = stack.pop()
        problem = _problem(item, loc)
        if problem is not None:
            return problem
        if isinstance(item, dict):
            for key, child in item.items():
                if not _is_text(key):
                    return _problem(key, loc)
                stack.append((child, [*loc, key]))
        elif isinstance(item, list):
            stack.extend((child, [*loc, i]) for i, child in enumerate(item))
    return None


_SURROGATE = re.compile("[\ud800-\udfff]")


def may_be_refused(body: str | bytes) -> bool:
    """Whether ``body`` may hold what :func:`parse_checked` refuses; False is certain.

    NaN and Infinity are spelled out, a lone surrogate is a ``\\uD8..``-``\\uDF..``
    escape (or, in bytes, the UTF-8-like ``ED A0``-``ED BF`` that ``json.loads`` lets
    through, or any byte of a UTF-16 or UTF-32 body), and nesting past :data:`DEPTH_MAX`
    needs that many brackets: a body with none of these is parsed once, by FastAPI.
    """
    if isinstance(body, bytes):
        if json.detect_encoding(body) != "utf-8" or b"\xed" in body:
            return True
        lower = body.lower()
        return (b"nan" in lower or b"infinity" in lower or b"\\ud" in lower
                or body.count(b"[") + body.count(b"{") >= DEPTH_MAX)
    text = body.lower()
    return ("nan" in text or "infinity" in text or "\\ud" in text
            or body.count("[") + body.count("{") >= DEPTH_MAX
            or _SURROGATE.search(body) is not None)


def parse_checked(body: str | bytes) -> dict[str, Any] | None:
    """The refusal of a JSON body (None: fine, or a syntax error FastAPI reports itself)."""
    if not may_be_refused(body):
        return None
    try:
        value = json.loads(body, parse_constant=_Constant)
    except RecursionError:
        return refusal(["body"], f"JSON nested more than {DEPTH_MAX} levels deep",
                       "json_too_deep")
    except ValueError:
        return None
    return check_json(value)


def _is_json(scope: Scope) -> bool:
    """Whether FastAPI would parse this request's body as JSON (its own rule)."""
    if scope.get("method") not in ("POST", "PUT", "PATCH", "DELETE"):
        return False
    raw = dict(scope.get("headers") or []).get(b"content-type")
    if not raw:
        return True
    mime = MimeMessage()
    mime["content-type"] = raw.decode("latin-1")
    subtype = mime.get_content_subtype()
    return mime.get_content_maintype() == "application" and (
        subtype == "json" or subtype.endswith("+json"))


class JsonGuard:
    """Refuse (422) JSON bodies holding NaN, Infinity, lone surrogates or deep nesting."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or not _is_json(scope):
            await self.app(scope, receive, send)
            return
        messages, body = await _read_body(receive)
        problem = parse_checked(body) if body else None
        if problem is not None:
            await JSONResponse({"detail": [problem]}, 422)(scope, receive, send)
            return
        await self.app(scope, _replay(messages, receive), send)


async def _read_body(receive: Receive) -> tuple[list[Message], bytes]:
    messages: list[Message] = []
    chunks: list[bytes] = []
    while True:
        message = await receive()
        messages.append(message)
        if message["type"] != "http.request":
            return messages, b""
        chunks.append(message.get("body", b""))
        if not message.get("more_body", False):
            return messages, b"".join(chunks)


def _replay(messages: list[Message], receive: Receive) -> Receive:
    pending = list(messages)

    async def replayed() -> Message:
        return pending.pop(0) if pending else await receive()

    return replayed


def _safe_value(value: object) -> object:
    if isinstance(value, bool | int) or (isinstance(value, float) and math.isfinite(value)):
        return value
    return safe_text(str(value))


def _safe_error(error: dict[str, Any]) -> dict[str, Any]:
    out = refusal(list(error.get("loc", ())), safe_text(str(error.get("msg", ""))),
                  str(error.get("type", "value_error")))
    ctx = error.get("ctx")
    if isinstance(ctx, dict) and ctx:
        out["ctx"] = {str(k): _safe_value(v) for k, v in ctx.items()}
    return out


async def validation_refused(_request: Request, exc: RequestValidationError) -> JSONResponse:
    """422 naming each field and what it takes; never the input itself."""
    return JSONResponse({"detail": [_safe_error(e) for e in exc.errors()]}, 422)
