"""GET /api/games/{id}/analysis: refused during a game, computed once in a worker (202 with
progress, then 200), equal to `cuberail analyse` on the same record, stored across restarts,
started once by concurrent requests (also from two server processes), on SQLite and
PostgreSQL."""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import timedelta
from typing import Any

import pytest
from fastapi.testclient import TestClient
from play import finished_record, new_game
from sqlalchemy import create_engine, select, update

from cuberail.bots.analysis import analyse, analysis_bot
from cuberail.cli.main import main
from cuberail.core.record import Record, start_state
from cuberail.games import get_game
from cuberail.server import analysis as server_analysis
from cuberail.server.analysis import AnalysisSettings
from cuberail.server.app import create_app
from cuberail.server.config import Settings
from cuberail.server.models import analyses
from cuberail.server.storage import now

ITERATIONS = 12


@contextmanager
def serving(url: str, **analysis: Any) -> Iterator[TestClient]:
    settings = AnalysisSettings(**{"seconds": None, "iterations": ITERATIONS, **analysis})
    with TestClient(create_app(Settings(url), settings)) as client:
        yield client


def imported(client: TestClient, record: Record) -> str:
    reply = client.post("/api/games/import", json={"record": record.to_json()})
    assert reply.status_code == 201, reply.text
    return str(reply.json()["id"])


def until_done(client: TestClient, game_id: str, timeout: float = 120.0) -> dict[str, Any]:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        reply = client.get(f"/api/games/{game_id}/analysis")
        if reply.status_code == 200:
            return dict(reply.json())
        assert reply.status_code == 202, reply.text
        time.sleep(0.05)
    raise AssertionError("the analysis did not finish in time")


def started(client: TestClient) -> int:
    return int(client.app.state.server.analyses.started)  # type: ignore[attr-defined]


def test_a_game_not_over_has_no_analysis_409(sqlite_url: str) -> None:
    with serving(sqlite_url) as client:
        game = new_game(client)
        reply = client.get(f"/api/games/{game['id']}/analysis")
        assert reply.status_code == 409 and "not over" in reply.json()["detail"]
        assert started(client) == 0


def test_an_unknown_game_has_no_analysis_404(sqlite_url: str) -> None:
    with serving(sqlite_url) as client:
        assert client.get("/api/games/nosuchgame/analysis").status_code == 404
        assert client.get("/api/games/bad%20id!/analysis").status_code == 404


def test_analysis_runs_202_then_200_and_equals_cuberail_analyse(db_url: str) -> None:
    record = finished_record()
    with serving(db_url) as client:
        game_id = imported(client, record)
        with client.websocket_connect(f"/api/games/{game_id}/ws") as ws:
            assert ws.receive_json()["type"] == "state"
            first = client.get(f"/api/games/{game_id}/analysis")
            assert first.status_code == 202
            assert first.json() == {"status": "running", "done": 0, "of": len(record.actions) + 1}
            event = ws.receive_json()
            assert event == {"type": "analysis", "game": game_id, "status": "done"}
        done = until_done(client, game_id)
    direct = analyse(start_state(record, get_game), record.actions,
                     analysis_bot(None, ITERATIONS, 1))
    assert [{k: v for k, v in e.items() if k != "label"} for e in done["entries"]] == \
        [d.to_json() for d in direct]
    assert done["status"] == "done" and done["seats"] == ["Ann", "<b>Bob</b>", "Cy"]
    assert done["budget"] == {"seconds": None, "iterations": ITERATIONS, "seed": 1}
    flagged = sorted((d for d in direct if d.flag), key=lambda d: -d.loss)
    assert done["summary"]["costliest"] == [d.index for d in flagged[:10]]
    for kind, plural in (("blunder", "blunders"), ("mistake", "mistakes"),
                         ("inaccuracy", "inaccuracies")):
        assert [s[plural] for s in done["summary"]["seats"]] == \
            [sum(1 for d in direct if d.flag == kind and d.seat == seat) for seat in range(3)]
    assert all(isinstance(e["label"], str) and e["label"] for e in done["entries"])


def test_start_false_only_looks_and_never_starts_an_analysis(sqlite_url: str) -> None:
    with serving(sqlite_url) as client:
        game_id = imported(client, finished_record(3))
        reply = client.get(f"/api/games/{game_id}/analysis?start=false")
        assert reply.status_code == 200 and reply.json() == {"status": "none"}
        assert started(client) == 0
        assert client.get(f"/api/games/{game_id}/analysis").status_code == 202
        assert client.get(f"/api/games/{game_id}/analysis?start=false").status_code in (200, 202)
        until_done(client, game_id)
        done = client.get(f"/api/games/{game_id}/analysis?start=false")
        assert done.status_code == 200 and done.json()["status"] == "done"
        assert started(client) == 1


def test_the_analysis_is_stored_and_served_after_a_restart(db_url: str) -> None:
    record = finished_record(4)
    with serving(db_url) as client:
        game_id = imported(client, record)
        done = until_done(client, game_id)
    with serving(db_url, iterations=3) as client:  # another budget: the stored one is served
        reply = client.get(f"/api/games/{game_id}/analysis")
        assert reply.status_code == 200 and reply.json() == done
        assert started(client) == 0


def test_an_analysis_left_by_a_stopped_server_restarts_on_the_next_request(
        sqlite_url: str) -> None:
    record = finished_record(5)
    with serving(sqlite_url, iterations=300) as client:  # slow: still running when stopped
        game_id = imported(client, record)
        assert client.get(f"/api/games/{game_id}/analysis").status_code == 202
    with serving(sqlite_url) as client:
        assert client.get(f"/api/games/{game_id}/analysis").status_code == 202
        assert started(client) == 1
        done = until_done(client, game_id)
    assert done["budget"]["iterations"] == ITERATIONS


def test_an_analysis_whose_server_went_silent_is_taken_over(db_url: str) -> None:
    record = finished_record(6)
    with serving(db_url, iterations=300) as client:
        game_id = imported(client, record)
        assert client.get(f"/api/games/{game_id}/analysis").status_code == 202
    # As if its server had been killed: an owner that never beats again.
    engine = create_engine(db_url)
    with engine.begin() as conn:
        conn.execute(update(analyses).where(analyses.c.game_id == game_id)
                     .values(owner="killed", updated=now() - timedelta(minutes=1)))
    with serving(db_url, stale_after=30.0) as client:
        assert client.get(f"/api/games/{game_id}/analysis").json()["status"] == "running"
        assert started(client) == 1
        until_done(client, game_id)
    with engine.begin() as conn:
        row = conn.execute(select(analyses)).mappings().one()
    assert row["status"] == "done" and row["attempt"] == 2
    engine.dispose()


def test_concurrent_requests_in_two_processes_start_one_analysis(db_url: str) -> None:
    record = finished_record(7)
    with serving(db_url) as one, serving(db_url) as two:
        game_id = imported(one, record)
        barrier = threading.Barrier(8)
        codes: list[int] = []

        def ask(client: TestClient) -> None:
            barrier.wait()
            codes.append(client.get(f"/api/games/{game_id}/analysis").status_code)

        threads = [threading.Thread(target=ask, args=(c,)) for c in (one, two) * 4]
        for t in threads:
            t.start()
        for t in threads:
            t.join(60)
        assert len(codes) == 8 and set(codes) <= {200, 202}
        assert started(one) + started(two) == 1
        done_one, done_two = until_done(one, game_id), until_done(two, game_id)
        assert done_one == done_two


def test_analyses_past_the_queue_are_refused_503(sqlite_url: str) -> None:
    with serving(sqlite_url, iterations=300, workers=1, max_queued=0) as client:
        first, second = imported(client, finished_record(8)), imported(client, finished_record(9))
        assert client.get(f"/api/games/{first}/analysis").status_code == 202
        reply = client.get(f"/api/games/{second}/analysis")
        assert reply.status_code == 503 and "waiting" in reply.json()["detail"]
        assert client.get(f"/api/games/{first}/analysis").status_code == 202


def test_analysis_turned_off_answers_503(sqlite_url: str) -> None:
    with serving(sqlite_url, workers=0) as client:
        game_id = imported(client, finished_record(3))
        reply = client.get(f"/api/games/{game_id}/analysis")
        assert reply.status_code == 503 and "turned off" in reply.json()["detail"]


def answered(client: TestClient, game_id: str, timeout: float = 60.0) -> Any:
    """The first answer that is not 202 (an analysis running)."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        reply = client.get(f"/api/games/{game_id}/analysis")
        if reply.status_code != 202:
            return reply
        time.sleep(0.02)
    raise AssertionError("the analysis did not end in time")


def test_a_failed_analysis_is_tried_again_then_answers_a_documented_422(
        sqlite_url: str, monkeypatch: pytest.MonkeyPatch) -> None:
    calls: list[str] = []

    def broken(job: Any, _report: Any = None) -> dict[str, Any]:
        calls.append(job.game_id)
        raise ValueError("a view bug")

    monkeypatch.setattr(server_analysis, "compute", broken)
    with serving(sqlite_url) as client:
        game_id = imported(client, finished_record(3))
        reply = answered(client, game_id)
        assert len(calls) == server_analysis.ATTEMPTS  # each request after a failure retried
        assert reply.status_code == 422, reply.text
        assert "failed: a view bug" in reply.json()["detail"]
        assert reply.json()["words"]["key"] == "refusal.analysis_failed"
        looked = client.get(f"/api/games/{game_id}/analysis", params={"start": "false"})
        assert looked.status_code == 422 and len(calls) == server_analysis.ATTEMPTS
        declared = client.get("/openapi.json").json()["paths"]
        statuses = set(declared["/api/games/{game_id}/analysis"]["get"]["responses"])
        assert {"200", "202", "404", "409", "422", "503"} <= statuses


def test_after_one_failure_start_false_only_looks_and_start_tries_again(
        sqlite_url: str, monkeypatch: pytest.MonkeyPatch) -> None:
    real, failures = server_analysis.compute, [ValueError("once")]

    def flaky(job: Any, report: Any = None) -> dict[str, Any]:
        if failures:
            raise failures.pop()
        return real(job, report)

    monkeypatch.setattr(server_analysis, "compute", flaky)
    with serving(sqlite_url) as client:
        game_id = imported(client, finished_record(3))
        assert client.get(f"/api/games/{game_id}/analysis").status_code == 202
        url = f"/api/games/{game_id}/analysis"
        deadline = time.monotonic() + 60
        while (look := client.get(url, params={"start": "false"})).json()["status"] != "none":
            assert time.monotonic() < deadline and look.status_code == 202, look.text
            time.sleep(0.02)
        assert look.json() == {"status": "none", "failed": "once"} and started(client) == 1
        assert until_done(client, game_id)["status"] == "done" and started(client) == 2


def test_analysis_in_worker_processes_reports_progress_and_the_same_result(
        sqlite_url: str) -> None:
    record = finished_record(3)
    with serving(sqlite_url, iterations=ITERATIONS, processes=True) as client:
        game_id = imported(client, record)
        seen: list[int] = []
        deadline = time.monotonic() + 120
        while time.monotonic() < deadline:
            reply = client.get(f"/api/games/{game_id}/analysis")
            if reply.status_code == 200:
                break
            seen.append(reply.json()["done"])
            time.sleep(0.02)
        done = reply.json()
    direct = analyse(start_state(record, get_game), record.actions,
                     analysis_bot(None, ITERATIONS, 1))
    assert [e["after"] for e in done["entries"]] == [d.to_json()["after"] for d in direct]
    assert seen == sorted(seen)  # progress only grows


@pytest.mark.parametrize(("flag", "value", "said"), [
    ("--analysis-seconds", "0", "--analysis-seconds must be from 0.01"),
    ("--analysis-iterations", "0", "--analysis-iterations must be from 1"),
    ("--analysis-workers", "-1", "--analysis-workers must be from 0")])
def test_serve_refuses_a_bad_analysis_budget(capsys: pytest.CaptureFixture[str], flag: str,
                                             value: str, said: str) -> None:
    assert main(["serve", "--database-url", "sqlite:///x.db", flag, value]) == 2
    assert said in capsys.readouterr().err
