"""Creating and importing games, seats (hand to a bot and back, webhooks), chat, export.

These are the service's non-move writes; moves and undos live in :mod:`games`.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from cuberail.core.actions import Action
from cuberail.core.errors import CuberailError
from cuberail.core.record import Record, replay
from cuberail.core.state import GameState
from cuberail.core.words import Said
from cuberail.games import get_game
from cuberail.server import tokens
from cuberail.server import undo as undo_option
from cuberail.server.claims import free_seats
from cuberail.server.games import (
    Effective,
    GameService,
    Loaded,
    Outcome,
    Refused,
    Snapshot,
    new_seed,
)
from cuberail.server.schemas import CreateGame, ImportRequest, SeatSpec, check_bot, clean_name
from cuberail.server.storage import Entry, GameRow, SeatRow, now

RECORD_LIMIT = 5000  # actions in an imported record


@dataclass
class NewGame:
    """A created game's secrets: shown once, stored only as hashes."""

    id: str
    owner_token: str
    tokens: list[str | None]
    free: list[int] = field(default_factory=list)  # open game: seats anyone may claim


def _seat_rows(players: int, specs: list[SeatSpec]) -> tuple[list[SeatRow], list[str | None]]:
    if len(specs) > players:
        raise Refused(422, Said("refusal.seats_count", {"given": len(specs),
                                                        "players": players}))
    rows, secrets = [], []
    for i in range(players):
        spec = specs[i] if i < len(specs) else SeatSpec()
        bot = spec.bot
        name = spec.name or (f"Player {i + 1}" if bot is None else f"Bot {i + 1} ({bot})")
        secret = None if bot else tokens.new_token()
        rows.append(SeatRow(i, name, bot, tokens.hash_token(secret) if secret else None, None))
        secrets.append(secret)
    return rows, secrets


def _store_game(service: GameService, row: GameRow, seat_rows: list[SeatRow],
                actions: list[Effective], state: GameState) -> None:
    with service.store.write() as conn:
        service.store.add_game(conn, row, seat_rows)
        for eff in actions:
            service.store.append(conn, row.id, Entry(eff.seq, eff.seat, "move", eff.action,
                                                     row.created))
    service.remember(row.id, Snapshot(len(actions), tuple(actions), state))


def create_game(service: GameService, req: CreateGame) -> NewGame:
    """A new game with its seats; 422 for an unknown title, player count or option."""
    try:
        info = get_game(req.title)
        state = info.new_game(req.players, req.options or {})
        options = info.resolve_options(req.options or {})
    except CuberailError as exc:
        raise Refused(422, str(exc)) from None
    seat_rows, secrets = _seat_rows(req.players, req.seats or [])
    if req.open:
        seat_rows, secrets = free_seats(seat_rows, secrets, req.keep)
    owner = tokens.new_token()
    row = GameRow(tokens.new_game_id(), info.title, req.name or "", info.rules_version,
                  options, tokens.hash_token(owner), new_seed(), req.bot_after,
                  False, now(), is_open=req.open, hints=req.hints,
                  bot_delay=req.bot_delay or None, undo=req.undo)
    _store_game(service, row, seat_rows, [], state)
    return NewGame(row.id, owner, secrets,
                   [r.seat for r in seat_rows if r.bot is None and r.token_hash is None])


def _record_seats(record: Record) -> list[SeatSpec]:
    """The seats a terminal record names in its meta (bots outside the server's cap: human)."""
    raw = record.meta.get("seats")
    specs = []
    for i, name in enumerate(record.players):
        seat = raw[i] if isinstance(raw, list) and i < len(raw) else {}
        bot = seat.get("bot") if isinstance(seat, dict) else None
        try:
            bot = check_bot(bot) if isinstance(bot, str) else None
        except ValueError:
            bot = None
        specs.append(SeatSpec(name=_name_or(name, i), bot=bot))
    return specs


def _name_or(name: str, i: int) -> str:
    try:
        return clean_name(name)
    except ValueError:
        return f"Player {i + 1}"


def import_game(service: GameService, req: ImportRequest) -> NewGame:
    """A game continued from a record: every action replayed and checked by the engine."""
    try:
        record = Record.from_json(req.record)
        if len(record.actions) > RECORD_LIMIT:
            raise Refused(422, Said("refusal.record_too_long", {"limit": RECORD_LIMIT}))
        state = replay(record, get_game)
        info = get_game(record.title)
    except CuberailError as exc:
        raise Refused(422, str(exc)) from None
    players = len(record.players)
    seat_rows, secrets = _seat_rows(players, req.seats or _record_seats(record))
    replay_state = info.new_game(players, info.record_options(record.rules_version,
                                                              record.options))
    actions = []
    for i, action in enumerate(record.actions, 1):
        actions.append(Effective(action.text(), replay_state.current_player(), i))
        replay_state.apply(action)
    owner = tokens.new_token()
    options = info.record_options(record.rules_version, record.options)
    row = GameRow(tokens.new_game_id(), info.title, req.name or "", info.rules_version,
                  info.resolve_options(options), tokens.hash_token(owner), new_seed(),
                  req.bot_after, state.is_terminal(), now(),
                  hints=not record.meta.get("no_hints", False),  # as `play --no-hints` keeps it
                  undo=undo_option.from_meta(record.meta))  # as `play --undo` keeps it
    _store_game(service, row, seat_rows, actions, state)
    return NewGame(row.id, owner, secrets)


def export_record(service: GameService, game_id: str) -> dict[str, Any]:
    """The game as the same JSON record the terminal writes (every effective action)."""
    loaded = service.read(game_id)
    game = loaded.game
    record = Record(game.title, game.rules_version, dict(game.options),
                    [s.name for s in loaded.seats],
                    [Action.from_text(e.action) for e in loaded.snap.effective])
    record.meta["seats"] = [{"name": s.name, "bot": s.bot,
                             "seed": (game.seed + s.seat) if s.bot else None}
                            for s in loaded.seats]
    record.meta["server"] = {"id": game.id, "name": game.name, "seq": loaded.snap.seq}
    if not game.hints:
        record.meta["no_hints"] = True  # as `cuberail play --no-hints` writes it
    undo_option.to_meta(record.meta, game.undo)  # as `cuberail play --undo` writes it
    return record.to_json()


def set_seat(service: GameService, game_id: str, owner_token: str | None, seat: int,
             bot: str | None, new_token: bool) -> Outcome:
    """The owner hands a seat to a bot (its token is revoked), or back to a human (with a
    fresh token when asked, or when the seat has none: always after a bot)."""
    with service.lock(game_id), service.store.write() as conn:
        loaded = service.load(conn, game_id)
        if not service.is_owner(loaded, owner_token):
            raise Refused(403, Said("refusal.owner_only"))
        if not 0 <= seat < len(loaded.seats):
            raise Refused(404, Said("refusal.no_seat", {"seat": seat,
                                                        "last": len(loaded.seats) - 1}))
        old = loaded.seats[seat]
        values: dict[str, Any] = {"bot": bot}
        secret = None
        if bot is not None:  # the removed player's token stops working at once
            values["token_hash"] = None
        elif new_token or old.token_hash is None:
            secret = tokens.new_token()
            values["token_hash"] = tokens.hash_token(secret)
        service.store.update_seat(conn, game_id, seat, **values)
        event = {"type": "seat", "game": game_id, "index": loaded.snap.index,
                 "seq": loaded.snap.seq, "seat": seat, "bot": bot, "name": old.name}
        service.notify(conn, game_id, [event])
    return Outcome(loaded.snap.index, loaded.snap.seq, [event], token=secret, bot_due=True)


def _check_seat(service: GameService, loaded: Loaded, token: str | None, seat: int) -> None:
    if service.seat_of(loaded, token) != seat:
        raise Refused(403, Said("refusal.not_token_seat", {"seat": seat}))


def check_seat_token(service: GameService, game_id: str, token: str | None,
                     seat: int) -> None:
    """404, 401 or 403 unless ``token`` holds ``seat`` (before a webhook URL is looked at)."""
    _check_seat(service, service.read(game_id), token, seat)


def set_webhook(service: GameService, game_id: str, token: str | None, seat: int,
                url: str | None) -> None:
    """A seat registers (or removes) the webhook called on its turn and at the end."""
    with service.store.write() as conn:
        loaded = service.load(conn, game_id)
        _check_seat(service, loaded, token, seat)
        service.store.update_seat(conn, game_id, seat, webhook=url)


def post_chat(service: GameService, game_id: str, token: str | None, text: str) -> Outcome:
    """A chat line from a seat or the owner, stored and broadcast."""
    with service.store.write() as conn:
        loaded = service.load(conn, game_id)
        if service.is_owner(loaded, token) if token else False:
            seat, name = None, "owner"
        else:
            seat = service.seat_of(loaded, token)
            name = loaded.seats[seat].name
        when = now()
        key = service.store.add_chat(conn, game_id, seat, name, text, when)
        event = {"type": "chat", "game": game_id, "index": loaded.snap.index,
                 "seq": loaded.snap.seq, "id": key, "seat": seat, "name": name,
                 "text": text, "created": when.isoformat()}
        service.notify(conn, game_id, [event])
    return Outcome(loaded.snap.index, loaded.snap.seq, [event])
