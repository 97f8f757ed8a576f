"""Fixtures for the server tests: an app on a fresh database (SQLite, or PostgreSQL), clients."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient
from pgcluster import cluster, new_database, pg_bin

from cuberail.server.app import create_app
from cuberail.server.config import Settings


@pytest.fixture(scope="session")
def pg_server() -> Iterator[str]:
    """A PostgreSQL server URL: CUBERAIL_TEST_PG_URL, or a throwaway cluster started here."""
    given = os.environ.get("CUBERAIL_TEST_PG_URL")
    if given:
        from sqlalchemy.engine import make_url

        yield make_url(given).set(database=None).render_as_string(hide_password=False)
        return
    if pg_bin() is None:
        pytest.skip("PostgreSQL is not installed (no initdb): apt-get install postgresql,"
                    " or set CUBERAIL_TEST_PG_URL")
    with cluster() as url:
        yield url


@pytest.fixture(params=["sqlite", "postgresql"])
def db_url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """A fresh empty database of each kind."""
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 'server.sqlite3'}"
    return new_database(request.getfixturevalue("pg_server"))


@pytest.fixture
def sqlite_url(tmp_path: Path) -> str:
    return f"sqlite:///{tmp_path / 'server.sqlite3'}"


@pytest.fixture
def client(sqlite_url: str) -> Iterator[TestClient]:
    """The app on SQLite, started (its bots run), with requests from 'http://testserver'."""
    app = create_app(Settings(sqlite_url, bot_time_limit=5.0))
    with TestClient(app) as c:
        yield c
