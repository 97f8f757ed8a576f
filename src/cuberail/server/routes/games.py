"""Routes of a game as a whole: create or import one, read it, draw it, export it."""

from __future__ import annotations

from collections import Counter
from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import Response

from cuberail.server import boards, lobby
from cuberail.server.routes.answers import COURSE, CREATE_ERRORS, DRAWN, SVG
from cuberail.server.runtime import Client, GameId, ServerDep, base_url, seat_url
from cuberail.server.schemas import (
    Created,
    CreateGame,
    GameView,
    ImportRequest,
    SeatToken,
    errors,
)

router = APIRouter()


def links(request: Request, made: lobby.NewGame) -> Created:
    """The answer to a new game: its seats' tokens and invite links, the owner's link."""
    base = base_url(request)
    root = f"{base}/g/{made.id}"
    seats = [SeatToken(seat=i, token=t,
                       invite_url=seat_url(base, made.id, i, t) if t else root,
                       free=i in made.free)
             for i, t in enumerate(made.tokens)]
    return Created(id=made.id, owner_token=made.owner_token,
                   owner_url=f"{root}#owner={made.owner_token}", seats=seats)


@router.post("/api/games", status_code=201, response_model=Created,
             responses=errors(*CREATE_ERRORS),
             summary="create a game: a token per human seat, an owner token")
async def create(request: Request, req: CreateGame, server: ServerDep,
                 client: Client) -> Created:
    made = await server.run(server.quota.admit, server.service, client,
                            [s.bot for s in req.seats or []],
                            lambda: lobby.create_game(server.service, req),
                            lambda m: m.id)  # (within the host's caps on bots)
    server.bots.poke(made.id)
    return links(request, made)


@router.post("/api/games/import", status_code=201, response_model=Created,
             responses=errors(*CREATE_ERRORS),
             summary="continue a game from a record (as `cuberail play` saves it)")
async def import_(request: Request, req: ImportRequest, server: ServerDep) -> Created:
    made = await server.run(lobby.import_game, server.service, req)
    server.bots.poke(made.id)
    return links(request, made)


@router.get("/api/games/{game_id}", responses=errors(404, 422) | {200: {"model": GameView}},
            summary="the game: state, legal moves, players, chat")
async def get(game_id: GameId, server: ServerDep) -> dict[str, Any]:
    seats = set(server.connected.get(game_id, Counter()))
    return await server.run(server.service.view, game_id, seats)


@router.get("/api/games/{game_id}/state", responses=DRAWN,
            summary="the snapshot and legal moves after `at` actions in force (default:"
            " now), for replays")
async def state_at(game_id: GameId, server: ServerDep, at: int | None = None) -> Response:
    body = await server.expensive.run(boards.cached_state, server.service, server.answers,
                                      game_id, at)
    return Response(body, media_type="application/json")


@router.get("/api/games/{game_id}/course", responses=COURSE,
            summary="the snapshots along the game as it stands, sampled at about 40 move"
            " numbers (every one of a short game): the end-of-game charts")
async def course(game_id: GameId, server: ServerDep) -> Response:
    body = await server.expensive.run(boards.cached_course, server.service, server.answers,
                                      game_id)
    return Response(body, media_type="application/json")


@router.get("/api/games/{game_id}/board.svg", summary="the board drawn as SVG after `at`"
            " actions (default: now), legal moves clickable (`data-action`), its words"
            " in `lang` (en, it, es, de, ca; other languages: en)",
            response_class=Response, responses=SVG)
async def board(game_id: GameId, server: ServerDep, at: int | None = None,
                lang: str | None = None) -> Response:
    svg = await server.expensive.run(boards.cached_svg, server.service, server.answers,
                                     game_id, at, lang)
    return Response(svg, media_type="image/svg+xml")


@router.get("/api/games/{game_id}/record", responses=errors(404, 422),
            summary="the game as a cuberail record")
async def record(game_id: GameId, server: ServerDep) -> dict[str, Any]:
    return await server.run(lobby.export_record, server.service, game_id)
