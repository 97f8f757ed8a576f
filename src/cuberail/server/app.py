"""The HTTP and WebSocket API (FastAPI). Routes only: the work is in the service modules.

Every write runs in a worker thread (the database and the engine are synchronous),
is committed there, and only then is broadcast and answered.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import secrets
from collections import Counter
from collections.abc import AsyncIterator, Callable
from concurrent.futures import ThreadPoolExecutor
from contextlib import asynccontextmanager
from typing import Annotated, Any, TypeVar

from fastapi import FastAPI, Header, Query, Request, WebSocket, WebSocketDisconnect
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse, Response

from cuberail.core.words import Said
from cuberail.server import analysis, boards, claims, dbfaults, lobby, web
from cuberail.server.bodytime import BodyDeadline
from cuberail.server.botquota import BotQuota
from cuberail.server.bots import BotRunner
from cuberail.server.broadcast import Hub, Item, listen
from cuberail.server.catalog import titles_json
from cuberail.server.config import Settings
from cuberail.server.errors import JsonGuard, validation_refused
from cuberail.server.frames import MessageBudget, client_message
from cuberail.server.games import GameService, Outcome, Refused
from cuberail.server.gcpause import keep_collections_short
from cuberail.server.limits import BodyLimit, RateLimit
from cuberail.server.notify import Notifier
from cuberail.server.pools import Answers, Busy, ExpensivePool, busy_refused
from cuberail.server.schemas import (
    BODY_ERRORS,
    GAME_ID,
    ChatLine,
    ChatRequest,
    Claimed,
    ClaimRequest,
    Created,
    CreateGame,
    ImportRequest,
    IndexReply,
    LogPage,
    MoveRequest,
    SeatChange,
    SeatChanged,
    SeatToken,
    StateAt,
    UndoRequest,
    WebhookRequest,
    WordsReply,
    errors,
)
from cuberail.server.security import SecurityHeaders, bearer_token
from cuberail.server.storage import Store

log = logging.getLogger("cuberail.server")
T = TypeVar("T")
THREADS_SQLITE = 2
THREADS_POSTGRES = 8
Auth = Annotated[str | None, Header(alias="Authorization", description="Bearer TOKEN")]
SEQ_MAX = 2**31 - 1  # PostgreSQL's integer: a larger number cannot even be compared there
LOG_PAGE = 1000
Since = Annotated[int, Query(ge=0, le=SEQ_MAX, description="entries after this seq")]
Limit = Annotated[int, Query(ge=1, le=LOG_PAGE, description="at most this many entries")]


class Server:
    """The running parts: storage, game service, broadcast hub, bots, webhooks."""

    def __init__(self, settings: Settings,
                 analysis_settings: analysis.AnalysisSettings | None = None) -> None:
        self.settings = settings
        self.origin = secrets.token_hex(8)
        self.store = Store(settings.database_url, settings.sqlite_sync)
        self.service = GameService(self.store, self.origin)
        self.hub = Hub()
        self.notifier = Notifier(settings.allow_private_webhooks)
        self.bots = BotRunner(self.service, self.deliver, settings.bot_time_limit,
                              settings.bot_workers, settings.bot_processes)
        self.analyses = analysis.Analyses(self.service, self.hub.publish, self.origin,
                                          analysis_settings or analysis.AnalysisSettings())
        self.connected: dict[str, Counter[int]] = {}
        self._tasks: list[asyncio.Task[None]] = []
        # SQLite writers take turns anyway: a few threads keep the GIL from convoying
        # (many runnable threads handing it over every 5 ms cost the loop its latency).
        self.executor = ThreadPoolExecutor(THREADS_SQLITE if not self.store.is_postgres
                                           else THREADS_POSTGRES, "cuberail-db")
        # Drawings and replays: threads of their own (moves never wait behind them), a
        # bounded queue (past it 503) and a cache of finished answers.
        self.expensive = ExpensivePool(settings.draw_workers, settings.draw_queue)
        self.answers = Answers()
        self.file_lock = dbfaults.file_lock(settings.database_url)
        self.quota = BotQuota(settings.bot_seats_per_address, settings.bot_max_iterations)

    async def start(self) -> None:
        for warning in dbfaults.startup_warnings(self.settings.database_url, self.file_lock):
            log.warning("cuberail: %s", warning)
        await asyncio.to_thread(self.store.migrate)
        if self.store.is_postgres:
            ready = asyncio.Event()
            self._tasks.append(asyncio.create_task(
                listen(self.settings.database_url, self.origin, self.hub, ready)))
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(ready.wait(), 10)
        await self.bots.resume()
        await self.analyses.start()
        self._tasks.append(asyncio.create_task(keep_collections_short()))

    async def stop(self) -> None:
        for task in self._tasks:
            task.cancel()
        await self.bots.close()
        await self.analyses.stop()
        await self.notifier.close()
        self.executor.shutdown(wait=False)
        self.expensive.shutdown()
        self.store.dispose()
        if self.file_lock is not None:
            self.file_lock.release()

    def deliver(self, game_id: str, outcome: Outcome) -> None:
        """After a commit: broadcast the events, call the webhooks, let the bots move."""
        for event in outcome.events:
            self.hub.publish(game_id, event)
        for url, message in outcome.hooks:
            self.notifier.send(url, message)
        if outcome.bot_due:
            self.bots.poke(game_id)

    async def run(self, func: Callable[..., T], *args: Any) -> T:
        """``func(*args)`` in a database thread (the event loop never waits on the database)."""
        return await asyncio.get_running_loop().run_in_executor(self.executor, func, *args)


def bearer(value: str | None) -> str | None:
    """The Bearer token of an Authorization header (:func:`security.bearer_token`)."""
    return bearer_token(value)


def client_of(request: Request) -> str:
    """The client's address (a trusted proxy's X-Forwarded-For already applied)."""
    return request.client.host if request.client else "?"


def game_id_ok(game_id: str) -> str:
    if GAME_ID.fullmatch(game_id) is None:
        raise Refused(404, Said("refusal.no_such_game"))
    return game_id


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
    app.add_exception_handler(RequestValidationError, validation_refused)  # type: ignore[arg-type]

    app.add_exception_handler(Busy, busy_refused)  # type: ignore[arg-type]
    dbfaults.install(app)  # 503 + Retry-After for database faults, no traceback

    @app.exception_handler(Refused)
    async def refused(_request: Request, exc: Refused) -> JSONResponse:
        headers = {"WWW-Authenticate": "Bearer"} if exc.status == 401 else None
        body: dict[str, Any] = {"detail": exc.reason}
        if exc.words is not None:  # the same sentence as data, for the reader's language
            body["words"] = exc.words.to_json()
        return JSONResponse(body, exc.status, headers=headers)

    def base(request: Request) -> str:
        return (settings.public_url or str(request.base_url)).rstrip("/")

    def links(request: Request, made: lobby.NewGame) -> Created:
        root = f"{base(request)}/g/{made.id}"
        seats = [SeatToken(seat=i, token=t,
                           invite_url=f"{root}#seat={i}&token={t}" if t else root,
                           free=i in made.free)
                 for i, t in enumerate(made.tokens)]
        return Created(id=made.id, owner_token=made.owner_token,
                       owner_url=f"{root}#owner={made.owner_token}", seats=seats)

    @app.get("/api/titles", summary="the games, their options and the bot levels")
    async def titles() -> list[dict[str, Any]]:
        return titles_json()

    @app.get("/api/words/{lang}", response_model=WordsReply, responses=errors(422),
             summary="the move sentences of every title and the server's refusals in"
             " `lang` (en, it, es, de, ca; other languages: en), to render the `words` of a"
             " move or of an error answer")
    async def words(lang: str) -> dict[str, Any]:
        return boards.words_json(lang)

    @app.post("/api/games", status_code=201, response_model=Created,
              responses=errors(*CREATE_ERRORS),
              summary="create a game: a token per human seat, an owner token")
    async def create(request: Request, req: CreateGame) -> Created:
        made = await server.run(server.quota.admit, server.service, client_of(request),
                                [s.bot for s in req.seats or []],
                                lambda: lobby.create_game(server.service, req),
                                lambda m: m.id)  # (within the host's caps on bots)
        server.bots.poke(made.id)
        return links(request, made)

    @app.post("/api/games/import", status_code=201, response_model=Created,
              responses=errors(*CREATE_ERRORS),
              summary="continue a game from a record (as `cuberail play` saves it)")
    async def import_(request: Request, req: ImportRequest) -> Created:
        made = await server.run(lobby.import_game, server.service, req)
        server.bots.poke(made.id)
        return links(request, made)

    @app.get("/api/games/{game_id}", responses=errors(404, 422),
             summary="the game: state, legal moves, players, chat")
    async def get(game_id: str) -> dict[str, Any]:
        seats = set(server.connected.get(game_id_ok(game_id), Counter()))
        return await server.run(server.service.view, game_id, seats)

    @app.get("/api/games/{game_id}/state", responses=DRAWN,
             summary="the snapshot and legal moves after `at` actions in force (default:"
             " now), for replays")
    async def state_at(game_id: str, at: int | None = None) -> Response:
        body = await server.expensive.run(boards.cached_state, server.service, server.answers,
                                          game_id_ok(game_id), at)
        return Response(body, media_type="application/json")

    @app.get("/api/games/{game_id}/board.svg", summary="the board drawn as SVG after `at`"
             " actions (default: now), legal moves clickable (`data-action`), its words"
             " in `lang` (en, it, es, de, ca; other languages: en)",
             response_class=Response, responses=SVG)
    async def board(game_id: str, at: int | None = None, lang: str | None = None) -> Response:
        svg = await server.expensive.run(boards.cached_svg, server.service, server.answers,
                                         game_id_ok(game_id), at, lang)
        return Response(svg, media_type="image/svg+xml")

    @app.get("/api/games/{game_id}/record", responses=errors(404, 422),
             summary="the game as a cuberail record")
    async def record(game_id: str) -> dict[str, Any]:
        return await server.run(lobby.export_record, server.service, game_id_ok(game_id))

    @app.get("/api/games/{game_id}/actions", response_model=LogPage,
             responses=errors(404, 422), summary="the log after entry `since` (seq),"
             " at most `limit` entries; `more`: ask again from the last entry's seq")
    async def actions(game_id: str, since: Since = 0, limit: Limit = LOG_PAGE) -> dict[str, Any]:
        return await server.run(server.service.log, game_id_ok(game_id), since, limit)

    @app.post("/api/games/{game_id}/actions", response_model=IndexReply, responses=REFUSALS,
              summary="make a move (seat token); refusals in the order 404, 401/403, 409,"
                      " 403, 422")
    async def act(game_id: str, req: MoveRequest, authorization: Auth = None) -> IndexReply:
        out = await server.run(server.service.act, game_id_ok(game_id), bearer(authorization),
                               req.index, req.action)
        server.deliver(game_id, out)
        return IndexReply(index=out.index, seq=out.seq)

    @app.post("/api/games/{game_id}/undo", response_model=IndexReply, responses=REFUSALS,
              summary="take back your own last action while nobody else has acted since")
    async def undo(game_id: str, req: UndoRequest, authorization: Auth = None) -> IndexReply:
        out = await server.run(server.service.undo, game_id_ok(game_id), bearer(authorization),
                               req.index)
        server.deliver(game_id, out)
        return IndexReply(index=out.index, seq=out.seq)

    @app.post("/api/games/{game_id}/chat", response_model=ChatLine,
              responses=errors(401, 403, 404, 429, *BODY_ERRORS),
              summary="a chat line (seat or owner token)")
    async def chat(game_id: str, req: ChatRequest, authorization: Auth = None) -> dict[str, Any]:
        out = await server.run(lobby.post_chat, server.service, game_id_ok(game_id),
                               bearer(authorization), req.text)
        server.deliver(game_id, out)
        return out.events[0]

    @app.post("/api/games/{game_id}/seats/{seat}", response_model=SeatChanged,
              responses=errors(401, 403, 404, 409, *BODY_ERRORS),
              summary="owner: hand a seat to a bot ({bot: medium}) or back ({bot: null})")
    async def seat(request: Request, game_id: str, seat: int, req: SeatChange,
                   authorization: Auth = None) -> dict[str, Any]:
        out = await server.run(server.quota.admit, server.service, client_of(request),
                               [req.bot], lambda: lobby.set_seat(
                                   server.service, game_id_ok(game_id), bearer(authorization),
                                   seat, req.bot, req.new_token), lambda _out: game_id)
        server.deliver(game_id, out)
        root = f"{base(request)}/g/{game_id}"
        url = f"{root}#seat={seat}&token={out.token}" if out.token else None
        return {"seat": seat, "bot": req.bot, "token": out.token, "invite_url": url}

    @app.get("/api/open-games", summary="open games to join: not over, with a free human"
             " seat, newest first (at most 50)")
    async def open_games() -> list[dict[str, Any]]:
        return await server.run(claims.list_open, server.service)

    @app.post("/api/games/{game_id}/seats/{seat}/claim", status_code=201,
              response_model=Claimed, responses=CLAIM_REFUSALS,
              summary="take a free seat of an open game: its token and invite URL, once")
    async def claim(request: Request, game_id: str, seat: int, req: ClaimRequest) -> Claimed:
        out = await server.run(claims.claim_seat, server.service, game_id_ok(game_id), seat,
                               req.name)
        server.deliver(game_id, out)
        token = out.token or ""
        return Claimed(seat=seat, name=req.name, token=token,
                       invite_url=f"{base(request)}/g/{game_id}#seat={seat}&token={token}")

    @app.put("/api/games/{game_id}/seats/{seat}/webhook", status_code=204,
             responses=errors(401, 403, 404, 429, *BODY_ERRORS),
             summary="a seat's webhook (Discord/Slack), called on its turn and at the end")
    async def webhook(game_id: str, seat: int, req: WebhookRequest,
                      authorization: Auth = None) -> None:
        token = bearer(authorization)  # the seat's token first: strangers resolve nothing
        await server.run(lobby.check_seat_token, server.service, game_id_ok(game_id),
                         token, seat)
        await server.notifier.check(req.url)  # 422: not http(s), credentials, not public
        await server.run(lobby.set_webhook, server.service, game_id, token, seat, req.url)

    @app.websocket("/api/games/{game_id}/ws")
    async def ws(websocket: WebSocket, game_id: str, since: int | None = None) -> None:
        await socket_session(server, websocket, game_id, since)

    app.include_router(analysis.router)
    app.include_router(web.router)
    return app


async def socket_session(server: Server, websocket: WebSocket, game_id: str,
                         since: int | None) -> None:
    """Send the state, any missed entries, then every event live; accept hello and ping."""
    await websocket.accept()
    if GAME_ID.fullmatch(game_id) is None:
        await websocket.close(4404, "no such game on this server")
        return
    queue = server.hub.subscribe(game_id)  # before reading the state: no event is missed
    try:
        view = await server.run(server.service.view, game_id)
    except Refused as exc:
        server.hub.unsubscribe(game_id, queue)
        await websocket.close(4404, exc.reason[:100])
        return
    seat_box: list[int] = []
    reader = asyncio.create_task(_read(server, websocket, game_id, seat_box, queue))
    try:
        await websocket.send_json({"type": "state", "index": view["index"], "seq": view["seq"],
                                   "game": view})
        if since is not None and since < view["seq"]:
            for event in await server.run(catch_up, server.service, game_id, since):
                await websocket.send_json(event)
        await _forward(websocket, queue, view["seq"])
    except (WebSocketDisconnect, RuntimeError):
        pass
    finally:
        reader.cancel()
        server.hub.unsubscribe(game_id, queue)
        counts = server.connected.get(game_id)
        for seat in seat_box:
            if counts is not None:
                counts[seat] -= 1
                if counts[seat] <= 0:
                    del counts[seat]
        if counts is not None and not counts:
            del server.connected[game_id]  # no entry kept for a game nobody is at


async def _forward(websocket: WebSocket, queue: asyncio.Queue[Item], seen: int) -> None:
    """Send each event of the game; None in the queue ends it (a slow or gone client)."""
    while True:
        item = await queue.get()
        if item is None:
            return
        event = item.event
        if event["type"] in ("move", "undo", "over") and event["seq"] <= seen:
            continue
        await websocket.send_text(item.text)


async def _read(server: Server, websocket: WebSocket, game_id: str, seat_box: list[int],
                queue: asyncio.Queue[Item]) -> None:
    """Client messages: {"type": "hello", "token"} marks a seat connected; "ping" -> "pong".

    When the client goes away, a None in the queue ends the sending side too.
    """
    try:
        await _messages(server, websocket, game_id, seat_box)
    except (WebSocketDisconnect, RuntimeError):
        pass
    finally:
        server.hub.unsubscribe(game_id, queue)
        with contextlib.suppress(asyncio.QueueFull):
            queue.put_nowait(None)


async def _messages(server: Server, websocket: WebSocket, game_id: str,
                    seat_box: list[int]) -> None:
    """Read client messages until the client goes away (or sends too many)."""
    budget = MessageBudget()
    while True:
        message = await client_message(websocket, budget)
        if message is None:
            continue
        if message.get("type") == "ping":
            await websocket.send_json({"type": "pong"})
        elif message.get("type") == "hello" and not seat_box:
            seat = await _hello(server, game_id, message.get("token"))
            if seat is not None:
                seat_box.append(seat)
                server.connected.setdefault(game_id, Counter())[seat] += 1
            await websocket.send_json({"type": "hello", "seat": seat})


async def _hello(server: Server, game_id: str, token: object) -> int | None:
    if not isinstance(token, str):
        return None
    try:
        loaded = await server.run(server.service.read, game_id)
        return server.service.seat_of(loaded, token)
    except Refused:
        return None


def catch_up(service: GameService, game_id: str, since: int) -> list[dict[str, Any]]:
    """The move and undo events after entry ``since``, each with its index and seq."""
    log_ = service.log(game_id, 0)
    index, out = 0, []
    for e in log_["entries"]:
        index += -1 if e["kind"] == "undo" else 1
        if e["seq"] > since:
            out.append({"type": e["kind"], "game": game_id, "index": index, "seq": e["seq"],
                        "seat": e["seat"], "action": e["action"], "words": e["words"],
                        "events": e["events"], "catch_up": True})
    return out


REFUSALS = errors(400, 408, 411, 413, said={
    401: "no seat token",
    403: "an unknown token, or a seat that is not on turn",
    404: "no such game",
    409: "`index` is not the current index (stale or duplicate), or the game is over",
    422: "an unparsable or illegal action, with the engine's reason (or fields that do"
         " not validate: `detail` a list of problems)",
})

CLAIM_REFUSALS = errors(400, 408, 411, 413, 429, said={
    403: "the game is not open (invite links only)",
    404: "no such game or seat",
    409: "the seat is taken (another claim won), a bot plays it, or the game is over",
    422: "a name with nothing visible in it (or fields that do not validate)",
})
CREATE_ERRORS = (403, 429, *BODY_ERRORS)  # 403: over the host's caps on bot seats
DRAWN = errors(404, 422, 429) | {200: {"model": StateAt, "description": "the position"}}
SVG = errors(404, 422, 429) | {200: {"content": {"image/svg+xml": {"schema": {
    "type": "string"}}}, "description": "the board as an SVG document"}}

API_DOC = """The cuberail game server: play Chicago Express and Trans-Siberian Railroad
with friends and bots.

**index and seq.** `index` counts the *effective* actions of a game (moves not taken
back): send it with every move or undo; a different current index answers 409. `seq`
counts log entries (moves and undos) and only grows: every WebSocket event carries it
(with `index`), so a client that sees a gap in `seq` reconnects with `?since=SEQ`.

**Tokens.** Each human seat has a secret token (`Authorization: Bearer TOKEN`); the
owner has another. Invite links carry them in the URL fragment. An open game
(`"open": true`) gives its creator the tokens of the seats in `keep` (seat 0); its
other human seats are free: `GET /api/open-games` lists them and
`POST /api/games/{id}/seats/{seat}/claim` hands one seat's token to the first caller.

**Refusals.** An error answer says why in `detail` (English); the server's own refusals
also carry `words`, the same sentence as data (`{"key", "values"}`, as a move's `words`),
to render in the reader's language with `GET /api/words/{lang}`. An engine's reason for an
illegal action is English only (no `words`).

**WebSocket** `/api/games/{id}/ws?since=SEQ`: first a `state` event (the whole game),
then the missed `move`/`undo` entries after `since`, then live events of type `move`,
`undo`, `chat`, `seat`, `over` and `analysis` (a finished game's analysis is ready).
A `move` event and a log entry carry the move's `words` and its `events` (what happened
by itself: auctions won, dividends paid to whom, the end and why), sentences as data
whose `{"key": "seat", "values": {"n": N}}` values name the player at seat N; an `undo`
carries the `words` of the move it took back.
Send `{"type": "hello", "token": T}` to show your seat as connected, `{"type": "ping"}`
for a `pong`. A frame the server does not read closes the socket with a code and a
reason: binary 1003, over 64 KiB 1009, JSON nested too deep 1008, NaN or a lone
surrogate 1007.

**Limits.** The log (`GET /api/games/{id}/actions`) comes in pages of at most `limit`
(1000) entries: while `more` is true, ask again with `since` = the last entry's `seq`.
Bodies with NaN, Infinity, lone surrogates or deep nesting answer 422.
"""
