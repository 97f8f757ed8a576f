"""The table option ``undo``: "free" (the default) or "unanswered".

With ``"unanswered"`` a seat may take back its own last move only until another seat, a
bot included, has acted after it, even with a move that seat took back since (403 naming
the option, in the five languages of the refusals). The option is stored (migration 0007),
shown in the view (with ``last.answered_by``), kept by the rematch, by the exported record
(meta ``undo``, as ``cuberail play --undo unanswered`` writes it) and read back on import.
"""

from __future__ import annotations

from typing import Any

from alembic import command
from fastapi.testclient import TestClient
from play import auth, finished_record, move, new_game, play_until, view, wait_for
from revisions import at_revision, old_game
from sqlalchemy import select, text

from cuberail.server.games import GameService
from cuberail.server.models import games

OPTIONS = {"dividend_track": 1}  # trans-siberian: a short game, over at the first dividend


def undo(client: TestClient, game: dict[str, Any], seat: int, index: int) -> Any:
    return client.post(f"/api/games/{game['id']}/undo", json={"index": index},
                       headers=auth(game["seats"][seat]["token"]))


def answered_then_taken_back(client: TestClient, game: dict[str, Any]) -> None:
    """P0 bids, P1 answers with a bid and takes it back: P0's bid is last in force again."""
    assert move(client, game, 0, "bid 7", 0).status_code == 200
    assert move(client, game, 1, "bid 8", 1).status_code == 200
    assert undo(client, game, 1, 2).status_code == 200


def test_undo_is_free_by_default_and_the_view_says_so(client: TestClient) -> None:
    game = new_game(client, 3)
    assert view(client, game["id"])["undo"] == "free"
    answered_then_taken_back(client, game)
    seen = view(client, game["id"])
    assert seen["last"]["seat"] == 0 and seen["last"]["answered_by"] == 1
    assert undo(client, game, 0, 1).status_code == 200  # today's behaviour


def test_an_unanswered_move_may_be_taken_back(client: TestClient) -> None:
    game = new_game(client, 3, undo="unanswered")
    assert move(client, game, 0, "bid 7", 0).status_code == 200
    seen = view(client, game["id"])
    assert seen["undo"] == "unanswered" and seen["last"]["answered_by"] is None
    assert undo(client, game, 0, 1).status_code == 200
    assert move(client, game, 0, "bid 9", 0).status_code == 200  # own undos do not count
    assert undo(client, game, 0, 1).status_code == 200
    assert view(client, game["id"])["index"] == 0


def test_an_answered_move_is_refused_naming_the_option(client: TestClient) -> None:
    game = new_game(client, 3, undo="unanswered")
    answered_then_taken_back(client, game)
    assert view(client, game["id"])["last"]["answered_by"] == 1
    reply = undo(client, game, 0, 1)
    assert reply.status_code == 403, reply.text
    body = reply.json()
    assert body["words"] == {"key": "refusal.undo_answered", "values": {"seat": 1}}
    assert "undo" in body["detail"] and "unanswered" in body["detail"]
    assert "table option" in body["detail"] and "seat 1" in body["detail"]
    for lang in ("it", "es", "de", "ca"):
        words = client.get(f"/api/words/{lang}").json()["words"]
        assert words["refusal.undo_answered"] != body["detail"]  # translated
        assert "unanswered" in words["refusal.undo_answered"]  # the option's own value
    assert view(client, game["id"])["index"] == 1  # nothing taken back


def test_the_other_refusals_come_first(client: TestClient) -> None:
    game = new_game(client, 3, undo="unanswered")
    assert move(client, game, 0, "bid 7", 0).status_code == 200
    assert move(client, game, 1, "bid 8", 1).status_code == 200
    reply = undo(client, game, 0, 2)  # P1's bid is last in force: not P0's to take back
    assert reply.json()["words"]["key"] == "refusal.undo_not_yours", reply.text


def test_an_unknown_value_is_refused_naming_the_field(client: TestClient) -> None:
    body = {"title": "chicago-express", "players": 3, "undo": "never"}
    reply = client.post("/api/games", json=body)
    assert reply.status_code == 422, reply.text
    assert reply.json()["detail"][0]["loc"][-1] == "undo"


def test_the_rematch_and_the_record_keep_the_option(client: TestClient) -> None:
    game = new_game(client, 3, bots={2: "random"}, title="trans-siberian", options=OPTIONS,
                    undo="unanswered")
    assert play_until(client, game)["over"]
    made = client.post(f"/api/games/{game['id']}/rematch",
                       headers=auth(game["seats"][0]["token"])).json()
    assert view(client, made["id"])["undo"] == "unanswered"
    record = client.get(f"/api/games/{game['id']}/record").json()
    assert record["meta"]["undo"] == "unanswered"
    again = client.post("/api/games/import", json={"record": record}).json()
    assert view(client, again["id"])["undo"] == "unanswered"
    plain = client.post("/api/games/import",
                        json={"record": finished_record().to_json()}).json()
    assert view(client, plain["id"])["undo"] == "free"
    free = client.get(f"/api/games/{plain['id']}/record").json()
    assert "undo" not in free["meta"]


def test_the_openapi_document_has_the_option(client: TestClient) -> None:
    doc = client.get("/openapi.json").json()
    schemas = doc["components"]["schemas"]
    option = schemas["CreateGame"]["properties"]["undo"]
    assert option["default"] == "free" and set(option["enum"]) == {"free", "unanswered"}
    assert "undo" in schemas["GameView"]["properties"]
    assert "answered_by" in schemas["LastMove"]["properties"]
    route = doc["paths"]["/api/games/{game_id}/undo"]["post"]
    assert "undo" in route["responses"]["403"]["description"]


def test_a_database_of_revision_0006_gets_free_undo_for_its_games(db_url: str) -> None:
    store, cfg = at_revision(db_url, "0006")
    old_game(store, is_open=False, hints=True)
    store.migrate()
    with store.read() as conn:
        assert conn.execute(select(games.c.undo)).scalar_one() == "free"
    assert GameService(store).read("old").game.undo == "free"
    with store.writer.connect() as conn:
        cfg.attributes["connection"] = conn
        command.downgrade(cfg, "0006")
        conn.commit()
    with store.read() as conn:
        columns = conn.execute(text("SELECT * FROM games")).keys()
        assert "undo" not in columns and "bot_delay" in columns
    store.dispose()


def test_free_undo_takes_back_the_bots_answers_with_the_move(client: TestClient) -> None:
    """Against bots (they answer at once) a seat's undo takes back its move and the bots'
    moves after it; the view names the seat whose undo is taken (``undo_seat``)."""
    game = new_game(client, 3, bots={1: "random", 2: "random"})
    assert view(client, game["id"])["undo_seat"] is None
    first = view(client, game["id"])
    assert move(client, game, 0, first["legal"][0], 0).status_code == 200
    wait_for(lambda: (v := view(client, game["id"]))["current_player"] == 0 and v["index"] > 1)
    seen = view(client, game["id"])
    assert seen["last"]["seat"] != 0 and seen["undo_seat"] == 0
    reply = undo(client, game, 0, seen["index"])
    assert reply.status_code == 200, reply.text
    back = view(client, game["id"])
    assert back["index"] == 0 and back["current_player"] == 0 and back["undo_seat"] is None
    log = client.get(f"/api/games/{game['id']}/actions?since=0").json()["entries"]
    undos = [e for e in log if e["kind"] == "undo"]
    assert len(undos) == seen["index"] and {e["seat"] for e in undos} == {0}


def test_a_human_answer_is_never_taken_back_by_another_seat(client: TestClient) -> None:
    game = new_game(client, 3, bots={2: "random"})
    assert move(client, game, 0, "bid 7", 0).status_code == 200
    assert move(client, game, 1, "bid 8", 1).status_code == 200
    wait_for(lambda: view(client, game["id"])["current_player"] == 0)
    seen = view(client, game["id"])
    assert seen["last"]["seat"] == 2 and seen["undo_seat"] == 1  # P1's bid, then the bot's
    assert undo(client, game, 0, seen["index"]).status_code == 403  # P1's bid is not P0's


def test_unanswered_undo_takes_no_bot_answer_back(client: TestClient) -> None:
    game = new_game(client, 3, bots={1: "random", 2: "random"}, undo="unanswered")
    assert move(client, game, 0, view(client, game["id"])["legal"][0], 0).status_code == 200
    wait_for(lambda: (v := view(client, game["id"]))["current_player"] == 0 and v["index"] > 1)
    seen = view(client, game["id"])
    assert seen["undo_seat"] is None
    assert undo(client, game, 0, seen["index"]).status_code == 403
