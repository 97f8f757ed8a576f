"""Both titles as OpenSpiel games: OpenSpiel's own random-simulation test and the game facts."""

from __future__ import annotations

import random

import pytest

pyspiel = pytest.importorskip("pyspiel")

import cuberail.openspiel  # noqa: E402  (registers the games)
from cuberail.core.errors import CuberailError  # noqa: E402
from cuberail.env.observe import layout_for  # noqa: E402

NAMES = ["cuberail_chicago_express", "cuberail_trans_siberian"]


@pytest.mark.parametrize("name", NAMES)
def test_openspiel_random_simulation_test_passes(name: str) -> None:
    game = pyspiel.load_game(name, {"players": 3})
    pyspiel.random_sim_test(game, num_sims=2, serialize=True, verbose=False)


@pytest.mark.parametrize("name", NAMES)
def test_game_type_declares_the_facts(name: str) -> None:
    game = pyspiel.load_game(name)
    kind = game.get_type()
    assert kind.dynamics == pyspiel.GameType.Dynamics.SEQUENTIAL
    assert kind.chance_mode == pyspiel.GameType.ChanceMode.DETERMINISTIC
    assert kind.information == pyspiel.GameType.Information.PERFECT_INFORMATION
    assert kind.utility == pyspiel.GameType.Utility.CONSTANT_SUM
    assert game.utility_sum() == 1.0 and game.num_players() == 4
    assert name in cuberail.openspiel.SHORT_NAMES.values()


@pytest.mark.parametrize("name", NAMES)
def test_a_random_game_serialises_replays_and_observes_like_the_engine(name: str) -> None:
    game = pyspiel.load_game(name, {"players": 4})
    state, rng = game.new_initial_state(), random.Random(1)
    for _ in range(60):
        action = rng.choice(state.legal_actions())
        text = state.action_to_string(action)
        before = state.clone()
        state.apply_action(action)
        assert before.history() == state.history()[:-1]  # the clone is independent
        if " pay-set:" not in text:
            last = state.engine  # the engine applied exactly the action the string names
            assert text in {a.text() for a in before.engine.legal_actions()}
            assert last.to_json() != before.engine.to_json()
    copy = pyspiel.deserialize_game_and_state(pyspiel.serialize_game_and_state(game, state))[1]
    assert copy.engine.to_json() == state.engine.to_json()
    seat = state.current_player()
    expected = layout_for(state.engine.title).encode(state.engine, seat)
    assert list(state.observation_tensor(seat)) == pytest.approx(list(expected))


def test_parameters_carry_rule_options_and_bad_ones_are_refused() -> None:
    game = pyspiel.load_game("cuberail_trans_siberian(players=3,income_marks=10_20_30)")
    assert game.new_initial_state().engine.opts.marks == (10, 20, 30)
    with pytest.raises(CuberailError, match="3 to 5 players"):
        pyspiel.load_game("cuberail_trans_siberian", {"players": 7})


@pytest.mark.parametrize("title", ["chicago-express", "trans-siberian"])
def test_names_and_length_bounds_come_from_the_titles_game_info(title: str) -> None:
    from cuberail.games import get_game

    info = get_game(title)
    assert cuberail.openspiel.SHORT_NAMES[title] == info.short_name
    assert all(cuberail.openspiel.SHORT_NAMES[a] == info.short_name for a in info.aliases)
    game = pyspiel.load_game(info.short_name)
    assert game.max_game_length() == info.max_game_length > 0
    assert game.get_type().long_name == f"cuberail {info.name}"
