"""The HTTP and WebSocket API (FastAPI): the app, its middleware, its error answers and
its routers (one per concern, in ``routes/``, :mod:`sockets` and the feature modules).

Every write runs in a worker thread (the database and the engine are synchronous),
is committed there, and only then is broadcast and answered (:class:`runtime.Server`).
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

from fastapi import FastAPI

from cuberail.server import (
    analysis,
    handlers,
    hints,
    openapi,
    rematch,
    sockets,
    titles,
    web,
)
from cuberail.server.apidoc import API_DOC
from cuberail.server.bodytime import BodyDeadline
from cuberail.server.config import Settings
from cuberail.server.errors import JsonGuard
from cuberail.server.limits import BodyLimit, RateLimit
from cuberail.server.routes import games, play, seats, words
from cuberail.server.runtime import Server
from cuberail.server.schemas import errors
from cuberail.server.security import SecurityHeaders

ROUTERS = (words.router, titles.router, games.router, play.router, seats.router,
           sockets.router, rematch.router, analysis.router, hints.router, web.router)


def create_app(settings: Settings,
               analysis_settings: analysis.AnalysisSettings | None = None) -> FastAPI:
    """The ASGI application for these settings (analysis: its budget and limits)."""
    server = Server(settings, analysis_settings)

    @asynccontextmanager
    async def lifespan(_app: FastAPI) -> AsyncIterator[None]:
        await server.start()
        yield
        await server.stop()

    # No /docs or /redoc: they load script from a CDN on the origin that holds seat
    # tokens. The API is described by /openapi.json and docs/api.md.
    app = FastAPI(title="cuberail game server", version="1", lifespan=lifespan,
                  description=API_DOC, docs_url=None, redoc_url=None,
                  responses=errors(503))  # every route: the database away for a moment
    app.state.server = server
    app.add_middleware(JsonGuard)  # innermost: the body is capped before it is read
    app.add_middleware(BodyDeadline, seconds=settings.body_timeout)  # 408 for a slow body
    app.add_middleware(BodyLimit, limit=settings.body_limit, big_limit=settings.import_limit)
    if settings.rate_limits:
        app.add_middleware(RateLimit)
    app.add_middleware(SecurityHeaders)  # outermost: on every answer, 413 and 429 too
    handlers.install(app)
    for router in ROUTERS:
        app.include_router(router)
    openapi.install(app)  # every title's snapshot schema in the document
    return app
