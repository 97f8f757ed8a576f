"""Finished games leave the server's cache of games in play for a small one of their own."""

from __future__ import annotations

import random

import pytest

from cuberail.server import games
from cuberail.server.games import GameService
from cuberail.server.lobby import create_game
from cuberail.server.schemas import CreateGame
from cuberail.server.storage import Store


def play_to_the_end(service: GameService, seed: int) -> str:
    """A Chicago Express game of three seats played to its end with random legal moves."""
    made = create_game(service, CreateGame(title="chicago-express", players=3))
    rng = random.Random(seed)
    view = service.view(made.id)
    while not view["over"]:
        seat = view["current_player"]
        service.act(made.id, made.tokens[seat], view["index"], rng.choice(view["legal"]))
        view = service.view(made.id)
    return made.id


def test_a_finished_game_is_kept_apart_and_few_are(sqlite_url: str,
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(games, "FINISHED_KEPT", 2)
    store = Store(sqlite_url)
    store.migrate()
    service = GameService(store)
    ids = [play_to_the_end(service, seed) for seed in range(3)]
    assert all(service._cache.get(i) is None for i in ids)  # not with the games in play
    assert service._finished.get(ids[0]) is None  # the oldest finished one went
    assert service._finished.get(ids[2]) is not None
    rebuilt = GameService(Store(sqlite_url))  # another process: from the log alone
    for game_id in ids:  # a finished game no longer cached is read back all the same
        assert service.view(game_id)["state"] == rebuilt.view(game_id)["state"]
        assert service.view(game_id)["over"]
    store.dispose()
    rebuilt.store.dispose()
