"""Two Lines through every face a title has: the server API (a game with a bot to its end,
refusals, the log in words), MCTS, the plain terminal, PettingZoo and OpenSpiel.

Nothing here edits a generic module: the plug-in is registered as an installed
distribution would be (conftest.py)."""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient
from tests.server.play import auth, new_game, play_until, view

from cuberail.bots.registry import make_bot
from cuberail.games import get_game
from cuberail.games.face import company_looks, face
from cuberail.server.app import create_app
from cuberail.server.config import Settings


@pytest.fixture
def client(two_lines: str, tmp_path: Path) -> Iterator[TestClient]:
    app = create_app(Settings(f"sqlite:///{tmp_path / 'server.sqlite3'}", bot_time_limit=5.0))
    with TestClient(app) as c:
        yield c


def test_the_server_lists_it(client: TestClient) -> None:
    titles = client.get("/api/titles").json()
    assert "two-lines" in str(titles)


def test_a_server_game_with_a_bot_plays_to_its_end(client: TestClient) -> None:
    game = new_game(client, players=3, bots={2: "mcts:30"}, title="two-lines")
    final = play_until(client, game, seed=4)
    assert final["over"] and final["result"]["winners"]
    log = client.get(f"/api/games/{game['id']}/actions").json()
    text = str(log)  # events as words data, rendered by the page from /api/words/LANG
    assert "'tl.ev_share'" in text and "'tl.ev_dividend'" in text
    assert "'tl.end_rounds'" in text
    words = client.get("/api/words/it").json()
    assert "tl.ev_share" in str(words) and "vince" in str(words)


def test_a_title_without_a_drawing_gets_a_404_that_says_so(client: TestClient) -> None:
    game = new_game(client, players=2, title="two-lines")
    reply = client.get(f"/api/games/{game['id']}/board.svg")
    assert reply.status_code == 404 and "Two Lines has no board drawing" in reply.text


def test_the_server_refuses_an_illegal_move_in_the_rules_words(client: TestClient) -> None:
    game = new_game(client, players=2, title="two-lines")
    reply = client.post(f"/api/games/{game['id']}/actions",
                        json={"action": "build red", "index": 0},
                        headers=auth(game["seats"][0]["token"]))
    assert reply.status_code in (400, 409, 422), reply.text
    assert "TL-2" in reply.text
    assert view(client, game["id"])["index"] == 0


def test_mcts_and_the_heuristic_fallback_play_it(two_lines: str) -> None:
    state = get_game(two_lines).new_game(3)
    bots = [make_bot("mcts:40", seed=1), make_bot("medium", seed=2), make_bot("random", seed=3)]
    while not state.is_terminal():
        state.apply(bots[state.current_player()].choose(state))
    assert state.result().winners


def test_the_plain_terminal_plays_it(two_lines: str, tmp_path: Path,
                                     capsys: pytest.CaptureFixture[str]) -> None:
    """`cuberail play` in plain mode, three bots to the end, from the title's moves.py words
    (Two Lines has no terminal face: the plain face is built from its sentences)."""
    from cuberail.cli.main import main

    save = tmp_path / "game.json"
    code = main(["play", two_lines, "--plain", "--players", "3", "--bots", "3",
                 "--seed", "2", "--save", str(save)])
    out = capsys.readouterr().out
    assert code == 0, out[-2000:]
    assert "4 rounds were played" in out and "wins a" in out, out[-2000:]
    assert json.loads(save.read_text())["title"] == two_lines


def test_random_games_through_pettingzoo(two_lines: str) -> None:
    pytest.importorskip("pettingzoo")
    from pettingzoo.test import api_test

    from cuberail.env import make_env

    env = make_env(two_lines, num_players=3)
    api_test(env, num_cycles=200)
    assert env.observation_space(env.possible_agents[0])["observation"].shape == (33,)


def test_the_env_kit_names_every_legal_move(two_lines: str) -> None:
    """The one-to-one check of the research game: legal ids <-> legal engine moves."""
    from cuberail.env.actions import action_table

    table = action_table(two_lines)
    rng = random.Random(3)
    for game in range(20):
        state = get_game(two_lines).new_game(2 + game % 3)
        while not state.is_terminal():
            ids = table.legal_ids(state)
            assert sorted(ids.values()) == sorted(state.legal_actions())
            state.apply(rng.choice(state.legal_actions()))


def test_the_server_publishes_its_snapshot_schema(client: TestClient) -> None:
    schemas = client.get("/openapi.json").json()["components"]["schemas"]
    assert "TwoLinesSnapshot" in schemas


def test_random_games_through_openspiel(two_lines: str) -> None:
    pyspiel = pytest.importorskip("pyspiel")
    from cuberail.env.openspiel_game import register

    register()
    game = pyspiel.load_game("cuberail_two_lines")
    rng = random.Random(0)
    state = game.new_initial_state()
    while not state.is_terminal():
        state.apply_action(rng.choice(state.legal_actions()))
    assert len(state.returns()) == game.num_players()


def test_a_title_without_a_face_json_has_no_company_looks(two_lines: str) -> None:
    assert face(two_lines) == {} and company_looks(two_lines) == {}
