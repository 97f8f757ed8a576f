"""The Trans-Siberian heuristic (``medium``, and ``easy`` built on it) plays as it always has.

The heuristic uses :mod:`cuberail.bots.trans_siberian.fast`'s primitives, and its ``Params``
default to that module's constants; the search's rollouts and evaluator are tuned in
the same module. Tuning the search must not change the opponent the search is
measured against, nor the levels people play: these digests are of every move of
seeded games (3, 4 and 5 players) played with the heuristic as it was when the
search was last tuned. A change here means the heuristic now plays differently;
if that is intended, the levels must be re-measured (docs/bots.md, the ladder) and the
digests updated with the change.

Last updated with issue 32 item 4: the heuristic's nationalization risk counts the
steps a company's treasury pays for (``safety_gap``), so that it buys into companies
opened cheaply instead of passing the game to its end (tests/bots/test_ts_medium_robust.py;
re-measured in docs/bots.md and docs/benchmark.md).
"""

from __future__ import annotations

import hashlib

import pytest

from cuberail.bots.registry import make_bot
from cuberail.games import get_game

GAMES = 24
DIGESTS = {
    "medium": "b7964f365ea22c7bbd999dfd638818141026a9ec723165c6bf1b6e6793d9160c",
    "easy": "3efac7873071d82ff2a4714317babfc7f19317941c9ddfb1946da0d88f8bcdb5",
}


def _moves_digest(level: str, games: int) -> str:
    """SHA-256 of every move of ``games`` seeded games, every seat played by ``level``."""
    digest = hashlib.sha256()
    for g in range(games):
        players = 3 + g % 3
        state = get_game("trans-siberian").new_game(players)
        bots = [make_bot(level, 100 * g + seat) for seat in range(players)]
        while not state.is_terminal():
            action = bots[state.current_player()].choose(state)
            digest.update(f"{action};".encode())
            state.apply(action)
    return digest.hexdigest()


@pytest.mark.parametrize("level", sorted(DIGESTS))
def test_heuristic_levels_play_the_same_moves_as_before(level: str) -> None:
    assert _moves_digest(level, GAMES) == DIGESTS[level]
