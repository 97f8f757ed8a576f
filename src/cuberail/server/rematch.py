"""Rematch: a finished game asks for a new one of the same title, options and seats.

Bots stay bots at the same level; every human seat gets a fresh token (the invite links
go to whoever asked first, as to a game's creator, with the new game's owner token). The
player who asks takes the same seat. The rematch is recorded in the old game's row
(``games.rematch_id``) by one conditional UPDATE (``WHERE rematch_id IS NULL``): of two
requests racing, in one process or in several on one PostgreSQL, exactly one records its
new game; the other deletes the game it had just made (nobody has seen its id) and
answers the recorded one. Within one process the game's lock makes the second request
find the rematch before making anything. Everyone watching the old game is told at once
(a ``rematch`` event). A later request with another old seat's token hands that player a
fresh token for their seat.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass
from typing import Annotated, Any

from fastapi import APIRouter, Header, Request
from sqlalchemy.engine import Connection

from cuberail.core.words import Said
from cuberail.server import lobby, tokens
from cuberail.server.games import GameService, Loaded, Outcome, Refused
from cuberail.server.runtime import base_url, client_of, game_id_ok, get_server, seat_url
from cuberail.server.schemas import CreateGame, SeatSpec, errors
from cuberail.server.security import bearer_token
from cuberail.server.undo import option_of

router = APIRouter()


@dataclass
class Asked:
    """What a rematch request did: the new game, the caller's seat in it and its token,
    and (only when this request created it) every secret of the new game."""

    id: str
    seat: int | None
    token: str | None
    made: lobby.NewGame | None
    outcome: Outcome | None  # the old game's rematch event, when just created


def caller_seat(service: GameService, loaded: Loaded, token: str | None) -> int | None:
    """The caller's seat (None: the owner); 401 without a token, 403 for a stranger's."""
    try:
        return service.seat_of(loaded, token)
    except Refused:  # (without a token: the seat's 401, a player asks more often)
        if token and service.is_owner(loaded, token):
            return None
        raise


def same_game(loaded: Loaded) -> CreateGame:
    """The request that creates a game like ``loaded``: title, options, seats, name."""
    game = loaded.game
    options = game.options if isinstance(game.options, dict) else json.loads(game.options)
    return CreateGame(title=game.title, players=len(loaded.seats), options=options,
                      seats=[SeatSpec(name=s.name, bot=s.bot) for s in loaded.seats],
                      name=game.name or None, bot_after=game.bot_after, hints=game.hints,
                      bot_delay=game.bot_delay, undo=option_of(game.undo))


def ask(service: GameService, game_id: str, token: str | None,
        create: Callable[[CreateGame], lobby.NewGame]) -> Asked:
    """The rematch of a finished game: created by the first request, the same one after."""
    with service.lock(game_id):
        with service.store.read() as conn:
            loaded = service.load(conn, game_id)
        seat = caller_seat(service, loaded, token)
        if not loaded.game.over:
            raise Refused(409, Said("refusal.rematch_not_over"))
        if loaded.game.rematch_id is not None:
            return _join(service, loaded.game.rematch_id, seat)
        made = create(same_game(loaded))
        with service.store.write() as conn:
            won = service.store.set_rematch(conn, game_id, made.id)
            if won:
                outcome = _announce(service, conn, loaded, made.id)
            else:  # another server process was quicker: its game is the rematch
                service.store.delete_game(conn, made.id)
                existing = service.store.rematch_of(conn, game_id)
        if not won:
            assert existing is not None  # (set, and never unset)
            return _join(service, existing, seat)
    return Asked(made.id, seat, made.tokens[seat] if seat is not None else None, made, outcome)


def _announce(service: GameService, conn: Connection, loaded: Loaded, new_id: str) -> Outcome:
    """Tell everyone watching the old game (other server processes at the commit)."""
    event = {"type": "rematch", "game": loaded.game.id, "index": loaded.snap.index,
             "seq": loaded.snap.seq, "rematch": new_id}
    service.notify(conn, loaded.game.id, [event])
    return Outcome(loaded.snap.index, loaded.snap.seq, [event])


def _join(service: GameService, new_id: str, seat: int | None) -> Asked:
    """An existing rematch: a fresh token for the caller's seat when a human plays it
    (the one handed out before stops working: this caller holds the seat's old token)."""
    if seat is None:
        return Asked(new_id, None, None, None, None)
    with service.lock(new_id), service.store.write() as conn:
        seats = service.store.seats(conn, new_id)
        if seat >= len(seats) or seats[seat].bot is not None:
            return Asked(new_id, None, None, None, None)
        secret = tokens.new_token()
        service.store.update_seat(conn, new_id, seat, token_hash=tokens.hash_token(secret))
    return Asked(new_id, seat, secret, None, None)


def found(service: GameService, game_id: str) -> str | None:
    """The rematch of ``game_id`` if one was asked for (404 for an unknown game)."""
    with service.store.read() as conn:
        return service.load(conn, game_id).game.rematch_id


# ----- routes --------------------------------------------------------------------------


def reply(request: Request, asked: Asked) -> dict[str, Any]:
    """The answer: the rematch's id and URL, the caller's seat link; the creator also
    gets every seat's invite link and the owner's link (as ``POST /api/games`` gives)."""
    base = base_url(request)
    root = f"{base}/g/{asked.id}"
    out: dict[str, Any] = {"id": asked.id, "url": root, "created": asked.made is not None,
                           "seat": asked.seat, "token": asked.token,
                           "invite_url": seat_url(base, asked.id, asked.seat, asked.token)
                           if asked.token and asked.seat is not None else None}  # (together)
    if asked.made is not None:
        out["owner_token"] = asked.made.owner_token
        out["owner_url"] = f"{root}#owner={asked.made.owner_token}"
        out["seats"] = [{"seat": i, "token": t, "invite_url": seat_url(base, asked.id, i, t)
                         if t else root} for i, t in enumerate(asked.made.tokens)]
    return out


Auth = Annotated[str | None, Header(alias="Authorization", description="Bearer TOKEN")]


@router.post("/api/games/{game_id}/rematch", responses=errors(401, 403, 404, 409, 429, said={
                 403: "a token of no seat of this game (nor its owner's), or over the"
                      " host's caps on bot seats",
                 409: "the game is not over"}),
             summary="a finished game's rematch (a seat or the owner token): same title,"
             " options and seats, the caller in the same seat; the first request creates"
             " it (with every invite link), later ones answer the same game")
async def post_rematch(request: Request, game_id: str,
                       authorization: Auth = None) -> dict[str, Any]:
    server = get_server(request)
    client = client_of(request)

    def create(req: CreateGame) -> lobby.NewGame:
        made: lobby.NewGame = server.quota.admit(
            server.service, client, [s.bot for s in req.seats or []],
            lambda: lobby.create_game(server.service, req), lambda m: m.id)
        return made

    asked: Asked = await server.run(ask, server.service, game_id_ok(game_id),
                                    bearer_token(authorization), create)
    if asked.outcome is not None:
        server.deliver(game_id, asked.outcome)
    if asked.made is not None:
        server.bots.poke(asked.id)
    return reply(request, asked)


@router.get("/api/games/{game_id}/rematch", responses=errors(404),
            summary="the rematch of a game: its id and URL, or null ids when none yet")
async def get_rematch(request: Request, game_id: str) -> dict[str, Any]:
    server = get_server(request)
    new_id: str | None = await server.run(found, server.service, game_id_ok(game_id))
    return {"id": new_id, "url": f"{base_url(request)}/g/{new_id}" if new_id else None}
