"""The game service: rebuild a game's state from its log, validate and append entries.

The engine is the only rule authority: every move is parsed and applied by the
title's state before its entry is written. States are cached per game in memory and
checked against the log's last ``seq`` on every use, so another process's moves are
never missed. Two numbers describe progress:

- ``index``: how many *effective* actions the game has (moves not taken back); a
  client names it with every move so that a move chosen against an old state is refused.
- ``seq``: how many log entries (moves and undos) exist; it only grows, and every
  broadcast event carries it, so a client can detect a gap.
"""

from __future__ import annotations

import json
import random
from contextlib import AbstractContextManager
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

from sqlalchemy import Connection
from sqlalchemy.exc import IntegrityError

from cuberail.core.actions import Action
from cuberail.core.errors import CuberailError
from cuberail.core.state import GameState
from cuberail.core.words import DEFAULT, Said, Words
from cuberail.games import get_game, moves_module
from cuberail.games.words import english, move_packages
from cuberail.server import tokens
from cuberail.server.gameview import game_view, result_json
from cuberail.server.history import Replay, Replays, event_words, move_words
from cuberail.server.keyedlocks import KeyedLocks
from cuberail.server.newest import Newest
from cuberail.server.storage import Entry, GameRow, SeatRow, Store, now
from cuberail.server.undo import UNANSWERED, answering_seat, bot_answers

# Undos one game may hold: each adds two entries to the log (the move and its undo), so a
# player moving and undoing forever would grow it without bound.
UNDO_MAX = 500
CACHE_SIZE = 2000
# Finished games are looked at seldom: a few of them are kept apart, so that a server that
# runs for weeks does not hold the last CACHE_SIZE games it finished (the memory soak grew
# with them).
FINISHED_KEPT = 64
CHANNEL = "cuberail"
# The server's own sentences (its refusals, ``server/data/words-LANG.json``) are served
# with the move sentences: one merge, one loader, each key in one catalog only.
SERVER_WORDS = "cuberail.server"


def page_words(lang: str | None = None) -> Words:
    """The move sentences and the server's refusals in ``lang`` (a language tag; English
    when None): what ``GET /api/words/{lang}`` serves for the page to render ``words``."""
    return _page_words(lang, move_packages())


@lru_cache(maxsize=16)
def _page_words(lang: str | None, packages: tuple[str, ...]) -> Words:
    return Words(lang, (*packages, SERVER_WORDS))


class Refused(Exception):
    """A request the service turns down: an HTTP status and a reason for a person.

    The reason is either English text (an engine's message about an illegal action) or a
    :class:`Said` of the server's catalog (``refusal.*``): then ``reason`` is its English
    rendering (the answer's ``detail``: API clients and logs read it) and ``words`` the
    sentence as data, which the page renders in the reader's language.
    """

    def __init__(self, status: int, reason: str | Said) -> None:
        self.words = reason if isinstance(reason, Said) else None
        text = reason if isinstance(reason, str) else page_words(DEFAULT).render(reason)
        super().__init__(text)
        self.status = status
        self.reason = text


@dataclass(frozen=True)
class Effective:
    """One action in force: its text, the seat that made it and its log entry."""

    action: str
    seat: int
    seq: int


@dataclass(frozen=True)
class Snapshot:
    """A game's state at log entry ``seq`` (shared by readers: never mutated)."""

    seq: int
    effective: tuple[Effective, ...]
    state: GameState

    @property
    def index(self) -> int:
        return len(self.effective)


@dataclass
class Loaded:
    game: GameRow
    seats: list[SeatRow]
    snap: Snapshot


@dataclass
class Outcome:
    """What a write did: the events to broadcast and the webhooks to call."""

    index: int
    seq: int
    events: list[dict[str, Any]] = field(default_factory=list)
    hooks: list[tuple[str, str]] = field(default_factory=list)  # (url, message)
    token: str | None = None
    bot_due: bool = False  # a bot (or an idle timer) may have to act now


def fold(entries: list[Entry], start: tuple[Effective, ...] = ()) -> tuple[Effective, ...]:
    """The effective actions: moves appended, each undo taking back the last one."""
    out = list(start)
    for e in entries:
        if e.kind == "undo":
            out.pop()
        else:
            out.append(Effective(e.action, e.seat, e.seq))
    return tuple(out)


def initial_state(game: GameRow, players: int) -> GameState:
    info = get_game(game.title)
    return info.new_game(players, info.record_options(game.rules_version, game.options))


def bot_seed(game_seed: int, seat: int, index: int) -> int:
    """A bot's seed for one decision: a resumed game continues as an unbroken one would."""
    return ((game_seed + seat) * 1_000_003 + index) % 2**32


def bot_due(loaded: Loaded, state: GameState) -> bool:
    """Whether the bot runner must look at the game: a bot's seat on turn, or an idle timer."""
    if state.is_terminal():
        return False
    return loaded.game.bot_after is not None or loaded.seats[state.current_player()].bot is not None


class GameService:
    """Synchronous operations on games (run them in a worker thread from async code)."""

    def __init__(self, store: Store, origin: str = "") -> None:
        self.store = store
        self.origin = origin
        self._cache: Newest[Snapshot] = Newest(CACHE_SIZE)
        self._finished: Newest[Snapshot] = Newest(FINISHED_KEPT)
        self._locks = KeyedLocks()  # only the games being written: bounded by the writers
        self._replays = Replays()  # what each log entry says (history.py)

    # ----- loading ------------------------------------------------------------------

    def lock(self, game_id: str, wait: bool = True) -> AbstractContextManager[None]:
        """One writer per game in this process (forgotten when nobody holds it); with
        ``wait`` False, :class:`WouldWait` when another holds it."""
        return self._locks.hold(game_id, wait)

    def load(self, conn: Connection, game_id: str) -> Loaded:
        """The game, its seats and its state at the log's last entry (404 when unknown)."""
        game, seq = self.store.game_and_seq(conn, game_id)
        if game is None:
            raise Refused(404, Said("refusal.no_game", {"game": game_id[:40]}))
        seat_rows = self.store.seats(conn, game_id)
        snap = self._cache.get(game_id) or self._finished.get(game_id)
        if snap is None or snap.seq < seq:  # (a read older than the cache keeps the cache)
            snap = self._catch_up(conn, game, len(seat_rows), snap, seq)
        return Loaded(game, seat_rows, snap)

    def _catch_up(self, conn: Connection, game: GameRow, players: int,
                  snap: Snapshot | None, seq: int) -> Snapshot:
        new = self.store.entries(conn, game.id, snap.seq if snap else 0)
        if snap is not None and all(e.kind == "move" for e in new):
            state = snap.state.clone()
            start = snap.effective
        else:  # an undo since (or nothing cached): fold the whole log again
            if snap is not None:
                new = self.store.entries(conn, game.id, 0)
            state, start = initial_state(game, players), ()
        effective = fold(new, start)
        for eff in effective[len(start):]:
            state.apply(Action.from_text(eff.action))
        fresh = Snapshot(new[-1].seq if new else (snap.seq if snap else 0), effective, state)
        if snap is not None and fresh.seq <= snap.seq:
            return snap
        self.remember(game.id, fresh)
        return fresh

    def remember(self, game_id: str, snap: Snapshot) -> None:
        """Keep ``snap`` as the game's latest state: with the games in play, or apart with
        the few finished ones (FINISHED_KEPT)."""
        keep, other = ((self._finished, self._cache) if snap.state.is_terminal()
                       else (self._cache, self._finished))
        newer = other.get(game_id)
        if newer is not None and newer.seq > snap.seq:
            return  # (a slow reader's older state: the newer one stays)
        keep.put(game_id, snap)
        other.drop(game_id)

    def read(self, game_id: str) -> Loaded:
        with self.store.read() as conn:
            return self.load(conn, game_id)

    # ----- who is asking ----------------------------------------------------------------

    @staticmethod
    def seat_of(loaded: Loaded, token: str | None) -> int:
        """The seat a bearer token holds: 401 without one, 403 for an unknown one (or the
        token of a seat a bot now plays)."""
        if not token:
            raise Refused(401, Said("refusal.seat_token_missing"))
        found = -1
        for s in loaded.seats:  # no early exit: every seat is compared
            if tokens.matches(token, s.token_hash) and s.bot is None:
                found = s.seat
        if found < 0:
            raise Refused(403, Said("refusal.token_holds_no_seat"))
        return found

    @staticmethod
    def is_owner(loaded: Loaded, token: str | None) -> bool:
        if not token:
            raise Refused(401, Said("refusal.owner_token_missing"))
        return tokens.matches(token, loaded.game.owner_hash)

    # ----- moves --------------------------------------------------------------------------

    def act(self, game_id: str, token: str | None, index: int, action_text: str,
            wait: bool = True) -> Outcome:
        """A human's move, checked in the documented order (404, 401/403, 409, 403, 422).

        ``wait`` False: :class:`WouldWait`, with nothing written, where the game's lock or
        the database's writer is busy (so that the event loop may try it at once)."""
        with self.lock(game_id, wait):
            loaded = self.read(game_id)
            seat = self.seat_of(loaded, token)
            self._check_index(loaded, index)
            current = loaded.snap.state.current_player()
            if current != seat:
                raise Refused(403, Said("refusal.not_your_turn",
                                        {"seat": seat, "current": current}))
            return self._append_move(loaded, seat, action_text, wait)

    def bot_act(self, game_id: str, seat: int, index: int, action_text: str,
                timeout_after: float | None = None) -> Outcome:
        """A bot's move for ``seat``: the seat must be a bot's, or idle past ``timeout_after``."""
        with self.lock(game_id):
            loaded = self.read(game_id)
            self._check_index(loaded, index)
            if loaded.snap.state.current_player() != seat:
                raise Refused(409, Said("refusal.no_longer_on_turn"))
            if loaded.seats[seat].bot is None and not self._idle(loaded, timeout_after):
                raise Refused(409, Said("refusal.human_now"))
            return self._append_move(loaded, seat, action_text)

    def _idle(self, loaded: Loaded, after: float | None) -> bool:
        if after is None or loaded.game.bot_after is None:
            return False
        return self.idle_seconds(loaded) >= loaded.game.bot_after

    def idle_seconds(self, loaded: Loaded) -> float:
        """Seconds since the last log entry (or the game's creation)."""
        with self.store.read() as conn:
            entries = self.store.entries(conn, loaded.game.id, max(0, loaded.snap.seq - 1))
        when = entries[-1].created if entries else loaded.game.created
        if when.tzinfo is None:
            when = when.replace(tzinfo=now().tzinfo)
        return (now() - when).total_seconds()

    @staticmethod
    def _check_index(loaded: Loaded, index: int) -> None:
        if index != loaded.snap.index:
            raise Refused(409, Said("refusal.stale_index",
                                    {"index": index, "current": loaded.snap.index}))
        if loaded.snap.state.is_terminal():
            raise Refused(409, Said("refusal.game_over"))

    def _append_move(self, loaded: Loaded, seat: int, action_text: str,
                     wait: bool = True) -> Outcome:
        state = loaded.snap.state.clone()
        try:
            action = Action.from_text(action_text)
            state.apply(action)
        except CuberailError as exc:
            raise Refused(422, str(exc)) from None
        seq = loaded.snap.seq + 1
        entry = Entry(seq, seat, "move", action.text(), now())
        snap = Snapshot(seq, (*loaded.snap.effective, Effective(action.text(), seat, seq)),
                        state)
        title, before = loaded.game.title, loaded.snap.state
        event = {"type": "move", "game": loaded.game.id, "index": snap.index, "seq": seq,
                 "seat": seat, "action": action.text(),
                 "words": move_words(title, before, action),
                 "events": event_words(title, before, state),
                 "current_player": state.current_player(), "over": state.is_terminal()}
        return self._commit(loaded, entry, snap, [event], wait)

    def _commit(self, loaded: Loaded, entry: Entry | list[Entry], snap: Snapshot,
                events: list[dict[str, Any]], wait: bool = True) -> Outcome:
        """Write ``entry``: the only part of a move that holds the database's writer.

        ``loaded`` was read under the game's lock, so nothing in this process wrote the
        game since; another process that did makes the insert fail on the entry's
        ``seq`` (409). Everything else (checks, the new state, its words) is worked out
        before: SQLite has one writer, and while a move held it for all of that, the
        others queued behind it (the load benchmark's p99).
        """
        if snap.state.is_terminal():
            events.append({"type": "over", "game": loaded.game.id, "index": snap.index,
                           "seq": snap.seq, "result": result_json(snap.state)})
        with self.store.write(wait) as conn:
            if snap.state.is_terminal() != loaded.game.over:
                self.store.set_over(conn, loaded.game.id, snap.state.is_terminal())
            try:
                for one in entry if isinstance(entry, list) else [entry]:
                    self.store.append(conn, loaded.game.id, one)
                self.notify(conn, loaded.game.id, events)
                conn.commit()
            except IntegrityError:
                raise Refused(409, Said("refusal.concurrent_write")) from None
        self.remember(loaded.game.id, snap)
        return Outcome(snap.index, snap.seq, events, self._turn_hooks(loaded, snap),
                       bot_due=bot_due(loaded, snap.state))

    def notify(self, conn: Connection, game_id: str, events: list[dict[str, Any]]) -> None:
        """On PostgreSQL, tell the other server processes (delivered at commit)."""
        if not self.store.is_postgres:
            return
        for event in events:
            payload = json.dumps({"origin": self.origin, "game": game_id, "event": event})
            if len(payload) < 7900:
                self.store.notify(conn, CHANNEL, payload)

    def _turn_hooks(self, loaded: Loaded, snap: Snapshot) -> list[tuple[str, str]]:
        """Webhook calls: the seat now on turn, or every seat when the game has ended."""
        state, name = snap.state, loaded.game.name or get_game(loaded.game.title).name
        if state.is_terminal():
            scores = state.result().scores
            winners = " and ".join(loaded.seats[w].name for w in state.result().winners)
            table = ", ".join(f"{s.name} {scores[s.seat]}" for s in loaded.seats)
            msg = (f"cuberail game {name!r} ({loaded.game.id}) is over{end_why(loaded, state)}:"
                   f" {winners} won ({table}).")
            return [(s.webhook, msg) for s in loaded.seats if s.webhook]
        seat = loaded.seats[state.current_player()]
        if seat.webhook and seat.bot is None:
            return [(seat.webhook, f"cuberail game {name!r} ({loaded.game.id}): it is your"
                                   f" turn, {seat.name} (move {snap.index + 1}).")]
        return []

    # ----- undo -----------------------------------------------------------------------

    def undo(self, game_id: str, token: str | None, index: int) -> Outcome:
        """Take back the last effective action, if it is the caller's own."""
        with self.lock(game_id):
            loaded = self.read(game_id)
            seat = self.seat_of(loaded, token)
            self._check_index(loaded, index)
            effective = loaded.snap.effective
            if not effective:
                raise Refused(422, Said("refusal.nothing_to_undo"))
            last, take = effective[-1], 1
            if last.seat != seat:  # free undo: my move and the bots' answers after it
                answers = bot_answers(loaded)
                take = answers[1] + 1 if answers is not None and answers[0] == seat else 0
            undos = (loaded.snap.seq - len(effective)) // 2  # entries: moves + undos
            if undos + max(take, 1) > UNDO_MAX:
                raise Refused(409, Said("refusal.undo_limit", {"n": UNDO_MAX}))
            if take == 0:
                raise Refused(403, Said("refusal.undo_not_yours",
                                        {"action": last.action, "seat": last.seat}))
            if loaded.game.undo == UNANSWERED:
                self._check_unanswered(loaded)
            return self._take_back(loaded, seat, take)

    def _take_back(self, loaded: Loaded, seat: int, take: int) -> Outcome:
        """Write ``take`` undo entries for ``seat``: the last moves in force, one event
        each (the state before the move it takes back), in one commit."""
        effective = loaded.snap.effective
        keep = len(effective) - take
        states: list[GameState] = []
        state = initial_state(loaded.game, len(loaded.seats))
        for i, eff in enumerate(effective[:-1]):
            state.apply(Action.from_text(eff.action))
            if i + 1 >= keep:
                states.append(state.clone())
        if keep == 0:
            states.insert(0, initial_state(loaded.game, len(loaded.seats)))
        entries, events = [], []
        for j in range(take):  # the last move first
            seq, taken = loaded.snap.seq + 1 + j, effective[-1 - j]
            before = states[len(states) - 1 - j]
            entries.append(Entry(seq, seat, "undo", taken.action, now()))
            events.append({"type": "undo", "game": loaded.game.id,
                           "index": len(effective) - 1 - j, "seq": seq, "seat": seat,
                           "action": taken.action, "events": [],
                           "words": move_words(loaded.game.title, before,
                                               Action.from_text(taken.action)),
                           "current_player": before.current_player(), "over": False})
        snap = Snapshot(loaded.snap.seq + take, effective[:keep], states[0])
        return self._commit(loaded, entries, snap, events)

    def _check_unanswered(self, loaded: Loaded) -> None:
        """The table option ``undo: "unanswered"``: 403 once another seat has acted after
        the move to take back (even a move it took back since)."""
        with self.store.read() as conn:
            other = answering_seat(self.store, conn, loaded)
        if other is not None:
            raise Refused(403, Said("refusal.undo_answered", {"seat": other}))

    # ----- reading ----------------------------------------------------------------------

    def view(self, game_id: str, connected: set[int] | None = None) -> dict[str, Any]:
        """What ``GET /api/games/{id}`` answers."""
        with self.store.read() as conn:
            loaded = self.load(conn, game_id)
            chat = self.store.chat(conn, game_id)
            answered = answering_seat(self.store, conn, loaded)
        return game_view(loaded, chat, connected or set(), answered)

    def log(self, game_id: str, since: int = 0, limit: int | None = None) -> dict[str, Any]:
        """The log entries after ``seq`` = since (moves and undos), at most ``limit`` of
        them (``more``: later entries remain, ask again from the last seq)."""
        with self.store.read() as conn:
            loaded = self.load(conn, game_id)
            rows = self.store.entries(conn, game_id, since,
                                      None if limit is None else limit + 1)
            more = limit is not None and len(rows) > limit
            rows = rows[:limit] if more else rows
            told = self.replay(conn, loaded, rows[-1].seq).told if rows else {}
        return {"id": game_id, "index": loaded.snap.index, "seq": loaded.snap.seq,
                "more": more,
                "entries": [{"seq": e.seq, "seat": e.seat, "kind": e.kind,
                             "action": e.action, "created": e.created.isoformat(),
                             **told.get(e.seq, {"words": None, "events": []})}
                            for e in rows]}

    def replay(self, conn: Connection, loaded: Loaded, seq: int) -> Replay:
        """The game's log replayed at least up to entry ``seq``: what each entry says."""
        game = loaded.game
        replay = self._replays.get(game.id)
        if replay is not None and replay.seq >= seq:
            return replay
        if replay is None:
            replay = Replay.start(initial_state(game, len(loaded.seats)))
        entries = self.store.entries(conn, game.id, replay.seq)
        replay = replay.extend(game.title, entries,
                               lambda: initial_state(game, len(loaded.seats)))
        self._replays.put(game.id, replay)
        return replay

    def open_games(self) -> list[str]:
        with self.store.read() as conn:
            return self.store.open_games(conn)


def end_why(loaded: Loaded, state: GameState) -> str:
    """`` (why it ended)`` in English, from the title's end words ('' when it has none)."""
    parts = getattr(moves_module(loaded.game.title), "end_parts", None)
    reasons = [english(said) for said in parts(state)] if parts else []
    return f" ({'; '.join(reasons)})" if reasons else ""


def new_seed() -> int:
    return random.randrange(2**31)
