"""A move holds SQLite's one writer only for its insert and commit.

Its checks, its new state and its words are worked out before, under the game's own
lock: while a move held the writer for all of that, every other game's move queued
behind it (the load benchmark's p99, ``benchmarks/load_web.py``).
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterator
from typing import Any

import pytest

from cuberail.server import games, history
from cuberail.server.games import GameService, Refused
from cuberail.server.lobby import NewGame, create_game
from cuberail.server.schemas import CreateGame
from cuberail.server.storage import Store

WAIT = 30.0  # seconds: only reached when something is stuck


@pytest.fixture
def service(sqlite_url: str) -> Iterator[GameService]:
    store = Store(sqlite_url)
    store.migrate()
    yield GameService(store)
    store.dispose()


def a_move(service: GameService, made: NewGame) -> tuple[int, str]:
    view = service.view(made.id)
    return view["index"], view["legal"][0]


def held_in_its_words(monkeypatch: pytest.MonkeyPatch, game_id: str
                      ) -> tuple[threading.Event, threading.Event]:
    """Make the next move of ``game_id`` stop while its words are written (after its
    checks, before its insert) until ``release`` is set; ``inside`` says it got there."""
    inside, release = threading.Event(), threading.Event()
    real: Callable[..., Any] = history.move_words

    def slow_words(title: str, before: Any, action: Any) -> Any:
        if threading.current_thread().name == f"move {game_id}":
            inside.set()
            release.wait(WAIT)
        return real(title, before, action)

    monkeypatch.setattr(games, "move_words", slow_words)
    return inside, release


def in_thread(game_id: str, call: Callable[[], Any]) -> tuple[threading.Thread, list[Any]]:
    out: list[Any] = []

    def run() -> None:
        try:
            out.append(call())
        except Refused as exc:
            out.append(exc)

    thread = threading.Thread(target=run, name=f"move {game_id}", daemon=True)
    thread.start()
    return thread, out


def test_another_games_move_commits_while_a_move_is_worked_out(
        service: GameService, monkeypatch: pytest.MonkeyPatch) -> None:
    first = create_game(service, CreateGame(title="chicago-express", players=3))
    other = create_game(service, CreateGame(title="trans-siberian", players=3))
    inside, release = held_in_its_words(monkeypatch, first.id)
    index, action = a_move(service, first)
    slow, slow_out = in_thread(first.id, lambda: service.act(
        first.id, first.tokens[0], index, action))
    try:
        assert inside.wait(WAIT)
        index2, action2 = a_move(service, other)
        quick, quick_out = in_thread(other.id, lambda: service.act(
            other.id, other.tokens[0], index2, action2))
        quick.join(WAIT)
        done_before_release = not quick.is_alive()
    finally:
        release.set()
        slow.join(WAIT)
    assert done_before_release  # it did not wait for the first move's writer
    assert quick_out and quick_out[0].index == index2 + 1
    assert slow_out and slow_out[0].index == index + 1


def test_a_move_another_process_wrote_meanwhile_is_refused_and_nothing_is_lost(
        service: GameService, sqlite_url: str, monkeypatch: pytest.MonkeyPatch) -> None:
    made = create_game(service, CreateGame(title="chicago-express", players=3))
    elsewhere = GameService(Store(sqlite_url))  # another server process on the file
    inside, release = held_in_its_words(monkeypatch, made.id)
    index, action = a_move(service, made)
    slow, slow_out = in_thread(made.id, lambda: service.act(
        made.id, made.tokens[0], index, action))
    try:
        assert inside.wait(WAIT)  # checked against the log as it was...
        won = elsewhere.act(made.id, made.tokens[0], index, action)  # ...then written
    finally:
        release.set()
        slow.join(WAIT)
        elsewhere.store.dispose()
    assert won.index == index + 1
    assert isinstance(slow_out[0], Refused) and slow_out[0].status == 409
    log = service.log(made.id)
    assert [(e["seq"], e["action"]) for e in log["entries"]] == [(1, action)]
