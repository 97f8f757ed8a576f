"""Our bots as OpenSpiel bots: whole games in OpenSpiel's own harnesses, legal ids only."""

from __future__ import annotations

from typing import Any

import pytest

pyspiel = pytest.importorskip("pyspiel")
np = pytest.importorskip("numpy")

import cuberail.openspiel  # noqa: E402, F401  (registers the games)
from cuberail.env.openspiel_bots import CuberailBot, engine_of  # noqa: E402

NAMES = ["cuberail_chicago_express", "cuberail_trans_siberian"]


class Checked(CuberailBot):
    """Our bot, asserting that every id it answers is legal where it answers it."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.moves = 0

    def step(self, state: Any) -> int:
        action = super().step(state)
        assert action in state.legal_actions(), (action, state.legal_actions())
        self.moves += 1
        return int(action)


def _valid(returns: Any, players: int) -> None:
    assert len(returns) == players
    assert all(0.0 <= r <= 1.0 for r in returns)
    assert sum(returns) == pytest.approx(1.0)


@pytest.mark.parametrize("name", NAMES)
def test_heuristic_plays_whole_games_in_openspiels_python_evaluate_bots(name: str) -> None:
    from open_spiel.python.algorithms import evaluate_bots

    game = pyspiel.load_game(name, {"players": 3})
    ours = Checked(game, 0, "heuristic", seed=1)
    rng = np.random.RandomState(2)
    bots = [ours] + [pyspiel.make_uniform_random_bot(s, 3 + s) for s in (1, 2)]
    _valid(evaluate_bots.evaluate_bots(game.new_initial_state(), bots, rng), 3)
    assert ours.moves > 10


@pytest.mark.parametrize("name", NAMES)
def test_heuristic_plays_whole_games_in_pyspiels_cpp_evaluate_bots(name: str) -> None:
    game = pyspiel.load_game(name, {"players": 3})
    ours = Checked(game, 1, "heuristic", seed=1)
    bots = [pyspiel.make_uniform_random_bot(0, 5), ours, pyspiel.make_uniform_random_bot(2, 6)]
    _valid(pyspiel.evaluate_bots(game.new_initial_state(), bots, 7), 3)
    assert ours.moves > 10


def test_a_search_bot_answers_a_legal_id_for_the_engine_state() -> None:
    game = pyspiel.load_game("cuberail_trans_siberian", {"players": 3})
    state = game.new_initial_state()
    for _ in range(5):
        state.apply_action(state.legal_actions()[0])
    bot = CuberailBot(game, state.current_player(), "mcts:20", seed=3)
    assert bot.step(state) in state.legal_actions()
    assert engine_of(state) is state.engine

    class Seen:  # a state as C++ might hand it over: no engine, but game and history
        def get_game(self) -> Any:
            return game

        def history(self) -> list[int]:
            return list(state.history())

    assert engine_of(Seen()).to_json() == state.engine.to_json()
    with pytest.raises(ValueError, match="asked to move"):
        CuberailBot(game, (state.current_player() + 1) % 3, "random").step(state)
