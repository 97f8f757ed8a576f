"""Routes of seats: hand one to a bot, list and claim open seats, a seat's webhook, its
link as a QR code."""

from __future__ import annotations

import asyncio
from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import Response

from cuberail.server import claims, lobby
from cuberail.server.routes.answers import CLAIM_REFUSALS
from cuberail.server.runtime import Client, GameId, ServerDep, Token, base_url, seat_url
from cuberail.server.schemas import (
    BODY_ERRORS,
    Claimed,
    ClaimRequest,
    SeatChange,
    SeatChanged,
    WebhookRequest,
    errors,
)
from cuberail.server.seatcode import seat_code

router = APIRouter()


@router.post("/api/games/{game_id}/seats/{seat}", response_model=SeatChanged,
             responses=errors(401, 403, 404, 409, *BODY_ERRORS),
             summary="owner: hand a seat to a bot ({bot: medium}) or back ({bot: null})")
async def seat(request: Request, game_id: GameId, seat: int, req: SeatChange,
               server: ServerDep, token: Token, client: Client) -> dict[str, Any]:
    out = await server.run(server.quota.admit, server.service, client, [req.bot],
                           lambda: lobby.set_seat(server.service, game_id, token, seat,
                                                  req.bot, req.new_token),
                           lambda _out: game_id)
    server.deliver(game_id, out)
    url = seat_url(base_url(request), game_id, seat, out.token) if out.token else None
    return {"seat": seat, "bot": req.bot, "token": out.token, "invite_url": url}


@router.get("/api/open-games", summary="open games to join: not over, with a free human"
            " seat, newest first (at most 50)")
async def open_games(server: ServerDep) -> list[dict[str, Any]]:
    return await server.run(claims.list_open, server.service)


@router.post("/api/games/{game_id}/seats/{seat}/claim", status_code=201,
             response_model=Claimed, responses=CLAIM_REFUSALS,
             summary="take a free seat of an open game: its token and invite URL, once")
async def claim(request: Request, game_id: GameId, seat: int, req: ClaimRequest,
                server: ServerDep) -> Claimed:
    out = await server.run(claims.claim_seat, server.service, game_id, seat, req.name)
    server.deliver(game_id, out)
    token = out.token or ""
    return Claimed(seat=seat, name=req.name, token=token,
                   invite_url=seat_url(base_url(request), game_id, seat, token))


@router.put("/api/games/{game_id}/seats/{seat}/webhook", status_code=204,
            responses=errors(401, 403, 404, 429, *BODY_ERRORS),
            summary="a seat's webhook (Discord/Slack), called on its turn and at the end")
async def webhook(game_id: GameId, seat: int, req: WebhookRequest, server: ServerDep,
                  token: Token) -> None:
    # the seat's token first: strangers resolve nothing
    await server.run(lobby.check_seat_token, server.service, game_id, token, seat)
    await server.notifier.check(req.url)  # 422: not http(s), credentials, not public
    await server.run(lobby.set_webhook, server.service, game_id, token, seat, req.url)


@router.get("/api/games/{game_id}/seats/{seat}/link.svg", response_class=Response,
            responses=errors(401, 403, 404, 422, 429) | {200: {"content": {
                "image/svg+xml": {"schema": {"type": "string"}}},
                "description": "the seat's link as a QR code"}},
            summary="the seat's link as a QR code in SVG (the seat's token), to open the"
            " seat on a phone with its camera")
async def link_code(request: Request, game_id: GameId, seat: int, server: ServerDep,
                    token: Token) -> Response:
    await server.run(lobby.check_seat_token, server.service, game_id, token, seat)
    url = seat_url(base_url(request), game_id, seat, token or "")
    svg = await asyncio.to_thread(seat_code, url, f"QR code: seat {seat + 1}'s link")
    # the code holds the seat's token: no cache, shared or private, keeps it
    return Response(svg, media_type="image/svg+xml", headers={"Cache-Control": "no-store"})
