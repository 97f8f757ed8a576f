"""Open games: free human seats that anyone may claim from the lobby.

An open game is created with tokens only for the seats its creator keeps (seat 0 unless
named); its other human seats have neither a bot nor a token: they are *free*. The lobby
lists open games that are not over and have a free seat; a claim gives one free seat a
name and a fresh token (shown once, stored hashed). The claim is one conditional UPDATE
(``WHERE bot IS NULL AND token_hash IS NULL``), so two claims of the same seat, from any
processes, cannot both win.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from cuberail.core.words import Said
from cuberail.server import tokens
from cuberail.server.games import GameService, Outcome, Refused
from cuberail.server.storage import GameRow, SeatRow

LISTED_MAX = 50


def free_seats(rows: list[SeatRow], secrets: list[str | None],
               keep: list[int] | None) -> tuple[list[SeatRow], list[str | None]]:
    """The seats of a new open game: human seats outside ``keep`` lose their token."""
    kept = set(keep if keep is not None else [0])
    for seat in sorted(kept):
        if not 0 <= seat < len(rows):
            raise Refused(422, Said("refusal.keep_seat_range",
                                    {"seat": seat, "last": len(rows) - 1}))
        if rows[seat].bot is not None:
            raise Refused(422, Said("refusal.keep_seat_bot", {"seat": seat}))
    out_rows, out_secrets = [], []
    for row, secret in zip(rows, secrets, strict=True):
        if row.bot is None and row.seat not in kept:
            row, secret = replace(row, token_hash=None), None
        out_rows.append(row)
        out_secrets.append(secret)
    return out_rows, out_secrets


def is_free(seat: SeatRow) -> bool:
    return seat.bot is None and seat.token_hash is None


def listing_entry(game: GameRow, seat_rows: list[SeatRow]) -> dict[str, Any]:
    """One open game as the lobby lists it (no secrets)."""
    return {
        "id": game.id, "title": game.title, "name": game.name,
        "players": len(seat_rows), "options": game.options,
        "bot_after": game.bot_after, "created": game.created.isoformat(),
        "taken": [{"seat": s.seat, "name": s.name, "bot": s.bot}
                  for s in seat_rows if not is_free(s)],
        "free": [s.seat for s in seat_rows if is_free(s)],
    }


def list_open(service: GameService, limit: int = LISTED_MAX) -> list[dict[str, Any]]:
    """Open games not over with at least one free human seat, newest first, capped."""
    with service.store.read() as conn:
        found = service.store.joinable(conn, max(1, min(limit, LISTED_MAX)))
    return [listing_entry(game, seat_rows) for game, seat_rows in found]


def claim_seat(service: GameService, game_id: str, seat: int, name: str) -> Outcome:
    """Give free seat ``seat`` of an open game to the caller: its token, once.

    Refusals: 404 (no game or seat), 403 (not an open game), 409 (over, a bot's seat,
    or taken, also when another claim won the race).
    """
    secret = tokens.new_token()
    with service.store.write() as conn:
        loaded = service.load(conn, game_id)
        if not loaded.game.is_open:
            raise Refused(403, Said("refusal.not_open"))
        if not 0 <= seat < len(loaded.seats):
            raise Refused(404, Said("refusal.no_seat", {"seat": seat,
                                                        "last": len(loaded.seats) - 1}))
        if loaded.snap.state.is_terminal():
            raise Refused(409, Said("refusal.game_over"))
        if loaded.seats[seat].bot is not None:
            raise Refused(409, Said("refusal.bot_seat", {"seat": seat}))
        if not service.store.claim_seat(conn, game_id, seat, name, tokens.hash_token(secret)):
            raise Refused(409, Said("refusal.seat_taken", {"seat": seat}))
        event = {"type": "seat", "game": game_id, "index": loaded.snap.index,
                 "seq": loaded.snap.seq, "seat": seat, "bot": None, "name": name,
                 "claimed": True}
        service.notify(conn, game_id, [event])
    return Outcome(loaded.snap.index, loaded.snap.seq, [event], token=secret, bot_due=True)
