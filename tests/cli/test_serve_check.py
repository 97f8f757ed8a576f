"""``cuberail serve --check``: what a host's setup lacks, found before the server runs."""

from __future__ import annotations

import argparse
import resource
import sqlite3
from pathlib import Path

import pytest

pytest.importorskip("sqlalchemy", reason="the server extra is not installed")

from cuberail.cli import doctor
from cuberail.cli.main import main
from cuberail.server import dbfaults


def options(**given: object) -> argparse.Namespace:
    base = {"host": "127.0.0.1", "ssl_certfile": None, "ssl_keyfile": None,
            "no_rate_limits": False, "bot_seats_per_address": 30, "bot_max_iterations": 5000,
            "limit_concurrency": 4000}
    return argparse.Namespace(**{**base, **given})


def levels(findings: list[doctor.Finding]) -> dict[str, str]:
    return {f.topic: f.level for f in findings}


def test_a_fresh_sqlite_setup_is_all_good(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                          ) -> None:
    url = f"sqlite:///{tmp_path / 'games.sqlite3'}"
    assert main(["serve", "--check", "--database-url", url]) == 0
    out = capsys.readouterr().out
    assert "does not exist yet" in out and out.rstrip().endswith("all good"), out
    assert not (tmp_path / "games.sqlite3").exists()  # the check starts and creates nothing


def test_an_existing_sqlite_file_is_written_to_and_left_unchanged(tmp_path: Path) -> None:
    path = tmp_path / "games.sqlite3"
    sqlite3.connect(path).execute("CREATE TABLE t (n INTEGER)").connection.close()
    before = path.read_bytes()
    assert levels(doctor.database(f"sqlite:///{path}")) == {"database": "ok"}
    assert path.read_bytes() == before


def test_a_missing_folder_fails_the_check(tmp_path: Path,
                                          capsys: pytest.CaptureFixture[str]) -> None:
    url = f"sqlite:///{tmp_path / 'nowhere' / 'games.sqlite3'}"
    assert main(["serve", "--check", "--database-url", url]) == 1
    assert f"the folder {tmp_path / 'nowhere'} does not exist" in capsys.readouterr().out


def test_a_file_another_server_holds_is_a_warning(tmp_path: Path) -> None:
    path = tmp_path / "games.sqlite3"
    other = dbfaults.FileLock(path)
    assert other.claim()
    try:
        findings = doctor.database(f"sqlite:///{path}")
    finally:
        other.release()
    assert findings[0].level == "warn" and "another cuberail server" in findings[0].text


def test_an_unreachable_postgresql_fails_naming_the_driver_error() -> None:
    findings = doctor.database("postgresql+psycopg://nobody@127.0.0.1:1/none")
    assert levels(findings) == {"database": "fail"}
    assert "cannot connect" in findings[0].text and "127.0.0.1" in findings[0].text


def test_a_low_open_file_limit_is_a_warning(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(resource, "getrlimit", lambda _which: (1024, 4096))
    finding = doctor.file_limit(4000)
    assert finding.level == "warn" and "ulimit -n 4064" in finding.text
    assert doctor.file_limit(500).level == "ok"


def test_trusting_every_proxy_on_a_public_address_is_a_warning() -> None:
    assert doctor.proxies("0.0.0.0", ["*"]).level == "warn"
    assert doctor.proxies("127.0.0.1", ["*"]).level == "ok"
    assert doctor.proxies("0.0.0.0", ["10.0.0.5"]).level == "ok"


def test_tls_served_here_by_a_proxy_or_missing(tmp_path: Path) -> None:
    bad = tmp_path / "cert.pem"
    bad.write_text("not a certificate", encoding="utf-8")
    given = options(ssl_certfile=str(bad), ssl_keyfile=str(bad))
    assert doctor.tls(given, "https://games.example").level == "fail"
    assert doctor.tls(options(host="0.0.0.0"), "https://games.example").level == "ok"
    assert doctor.tls(options(host="0.0.0.0"), "http://1.2.3.4:8000").level == "warn"
    assert doctor.tls(options(), "http://127.0.0.1:8000").level == "ok"


def test_rate_limits_off_or_no_bot_cap_on_a_public_address_are_warnings() -> None:
    assert levels(doctor.limits(options(host="0.0.0.0", no_rate_limits=True,
                                        bot_seats_per_address=0))) == {
        "rate limits": "warn", "bots": "warn"}
    assert levels(doctor.limits(options())) == {"rate limits": "ok", "bots": "ok"}
