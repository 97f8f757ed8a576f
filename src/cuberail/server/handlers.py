"""Domain errors mapped to HTTP answers, in one place: a refusal to its status and reason,
a full pool to 503, fields that do not validate to 422, database faults to 503."""

from __future__ import annotations

from typing import Any

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse

from cuberail.server import dbfaults
from cuberail.server.errors import validation_refused
from cuberail.server.games import Refused
from cuberail.server.pools import Busy, busy_refused


async def refused(_request: Request, exc: Refused) -> JSONResponse:
    """A refusal: its status, its reason, and the same sentence as words."""
    headers = {"WWW-Authenticate": "Bearer"} if exc.status == 401 else None
    body: dict[str, Any] = {"detail": exc.reason}
    if exc.words is not None:  # the same sentence as data, for the reader's language
        body["words"] = exc.words.to_json()
    return JSONResponse(body, exc.status, headers=headers)


def install(app: FastAPI) -> None:
    """Every error handler of the app."""
    app.add_exception_handler(Refused, refused)  # type: ignore[arg-type]
    app.add_exception_handler(RequestValidationError, validation_refused)  # type: ignore[arg-type]
    app.add_exception_handler(Busy, busy_refused)  # type: ignore[arg-type]
    dbfaults.install(app)  # 503 + Retry-After for database faults, no traceback
