"""Routes of play: the log, a move, an undo, a chat line."""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Query

from cuberail.server import lobby
from cuberail.server.routes.answers import REFUSALS, UNDO_REFUSALS
from cuberail.server.runtime import GameId, ServerDep, Token
from cuberail.server.schemas import (
    BODY_ERRORS,
    ChatLine,
    ChatRequest,
    IndexReply,
    LogPage,
    MoveRequest,
    UndoRequest,
    errors,
)

router = APIRouter()
SEQ_MAX = 2**31 - 1  # PostgreSQL's integer: a larger number cannot even be compared there
LOG_PAGE = 1000
Since = Annotated[int, Query(ge=0, le=SEQ_MAX, description="entries after this seq")]
Limit = Annotated[int, Query(ge=1, le=LOG_PAGE, description="at most this many entries")]


@router.get("/api/games/{game_id}/actions", response_model=LogPage,
            responses=errors(404, 422), summary="the log after entry `since` (seq),"
            " at most `limit` entries; `more`: ask again from the last entry's seq")
async def actions(game_id: GameId, server: ServerDep, since: Since = 0,
                  limit: Limit = LOG_PAGE) -> dict[str, Any]:
    return await server.run(server.service.log, game_id, since, limit)


@router.post("/api/games/{game_id}/actions", response_model=IndexReply, responses=REFUSALS,
             summary="make a move (seat token); refusals in the order 404, 401/403, 409,"
                     " 403, 422")
async def act(game_id: GameId, req: MoveRequest, server: ServerDep,
              token: Token) -> IndexReply:
    out = await server.run_short(server.service.act, game_id, token, req.index, req.action)
    server.deliver(game_id, out)
    return IndexReply(index=out.index, seq=out.seq)


@router.post("/api/games/{game_id}/undo", response_model=IndexReply, responses=UNDO_REFUSALS,
             summary="take back your own last action while it is the last in force, or"
                     " followed only by bot seats' moves (taken back with it); in a game"
                     " created with `undo: \"unanswered\"`, only until another seat has"
                     " acted after it (403)")
async def undo(game_id: GameId, req: UndoRequest, server: ServerDep,
               token: Token) -> IndexReply:
    out = await server.run(server.service.undo, game_id, token, req.index)
    server.deliver(game_id, out)
    return IndexReply(index=out.index, seq=out.seq)


@router.post("/api/games/{game_id}/chat", response_model=ChatLine,
             responses=errors(401, 403, 404, 429, *BODY_ERRORS),
             summary="a chat line (seat or owner token)")
async def chat(game_id: GameId, req: ChatRequest, server: ServerDep,
               token: Token) -> dict[str, Any]:
    out = await server.run(lobby.post_chat, server.service, game_id, token, req.text)
    server.deliver(game_id, out)
    return out.events[0]
