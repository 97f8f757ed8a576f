"""Issue 8, tournaments: defaults that work for every title, output paths checked before
any game, a reused --out refused, and stops (Ctrl-C, SIGTERM, the normal end of a pool)
without a worker's traceback or a stray temp file."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import time
from pathlib import Path

import pytest
from clirun import cuberail_cmd, env, run_cli

from cuberail.cli.main import main
from cuberail.core.record import Record

Capsys = pytest.CaptureFixture[str]


@pytest.mark.parametrize("title", ["ce", "chicago-express", "ts", "trans-siberian"])
def test_the_defaults_work_for_every_title(tmp_path: Path, capsys: Capsys, title: str) -> None:
    assert main(["tournament", title, "--games", "2", "--out", str(tmp_path / "t")]) == 0
    summary = json.loads((tmp_path / "t" / "summary.json").read_text())
    assert summary["players"] == 4 and summary["bots"][0] == "heuristic"
    assert summary["games_played"] == 2


def test_a_reused_out_folder_is_refused_unless_forced(tmp_path: Path, capsys: Capsys) -> None:
    out = tmp_path / "t"
    argv = ["tournament", "ce", "--bots", "random", "--out", str(out)]
    assert main([*argv, "--games", "3"]) == 0
    (out / "notes.txt").write_text("mine")
    capsys.readouterr()
    assert main([*argv, "--games", "2"]) == 2
    err = capsys.readouterr().err
    assert "--force" in err and str(out) in err
    assert len(list(out.glob("game-*.json"))) == 3
    assert main([*argv, "--games", "2", "--force"]) == 0
    assert sorted(p.name for p in out.glob("game-*.json")) == ["game-0000.json",
                                                               "game-0001.json"]
    assert (out / "notes.txt").read_text() == "mine"  # only the tournament's own files go


def test_an_out_folder_holding_other_files_is_used(tmp_path: Path, capsys: Capsys) -> None:
    out = tmp_path / "t"
    out.mkdir()
    (out / "notes.txt").write_text("mine")
    assert main(["tournament", "ce", "--bots", "random", "--games", "1", "--out", str(out)]) == 0
    assert (out / "notes.txt").read_text() == "mine"


@pytest.mark.parametrize(("option", "value", "message"), [
    ("--out", "{file}", "not a folder"),
    ("--chart", "{tmp}", "is a folder"),
    ("--chart", "{tmp}/no/such/c.png", "does not exist"),
    ("--chart", "{tmp}/c\x00.png", "NUL"),
    ("--games", "99999999999", "--games"),
    ("--games", "0", "--games"),
    ("--jobs", "100000", "--jobs"),
])
def test_output_paths_and_sizes_are_checked_before_any_game(
        tmp_path: Path, capsys: Capsys, monkeypatch: pytest.MonkeyPatch,
        option: str, value: str, message: str) -> None:
    from cuberail.bots import arena

    def never(*args: object, **kwargs: object) -> object:
        raise AssertionError("a game was played before the arguments were checked")

    monkeypatch.setattr(arena, "play_game", never)
    (tmp_path / "file").write_text("x")
    out = ["--out", str(tmp_path / "t")] if option != "--out" else []
    value = value.format(tmp=tmp_path, file=tmp_path / "file")
    assert main(["tournament", "ce", "--bots", "random", "--games", "3", *out,
                 option, value]) == 2
    assert message in capsys.readouterr().err


def test_two_jobs_end_without_tracebacks(tmp_path: Path) -> None:
    done = run_cli("tournament", "ce", "--bots", "random", "--games", "8", "--jobs", "2",
                   "--out", str(tmp_path / "t"))
    assert done.returncode == 0, done.stderr
    assert "Traceback" not in done.stderr and "KeyboardInterrupt" not in done.stderr
    assert len(list((tmp_path / "t").glob("game-*.json"))) == 8


def wait_for_games(out: Path, proc: subprocess.Popen[str], count: int) -> None:
    deadline = time.monotonic() + 30
    while len(list(out.glob("game-*.json"))) < count:
        assert proc.poll() is None, "the tournament ended too soon"
        assert time.monotonic() < deadline, "no games recorded in 30 s"
        time.sleep(0.05)


@pytest.mark.parametrize("how", ["sigterm", "ctrl-c"])
def test_a_stopped_tournament_keeps_its_games_quietly(tmp_path: Path, how: str) -> None:
    out = tmp_path / "t"
    proc = subprocess.Popen(
        cuberail_cmd("tournament", "ce", "--bots", "random", "--games", "5000", "--jobs", "2",
                     "--out", str(out)),
        stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
        env=env(), start_new_session=True)
    try:
        wait_for_games(out, proc, 5)
        if how == "sigterm":
            proc.send_signal(signal.SIGTERM)
        else:  # Ctrl-C reaches the whole foreground process group
            os.killpg(proc.pid, signal.SIGINT)
        stdout, stderr = proc.communicate(timeout=30)
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait()
    assert proc.returncode == 130, stderr
    assert "Traceback" not in stderr and "KeyboardInterrupt" not in stderr
    summary = json.loads((out / "summary.json").read_text())
    records = list(out.glob("game-*.json"))
    assert summary["interrupted"] and summary["games_played"] == len(records) >= 5
    assert not [p.name for p in out.iterdir() if p.name.endswith(".tmp")]
    for record in out.glob("game-*.json"):
        Record.load(record)
    assert "interrupted" in stdout


@pytest.mark.parametrize(("argv", "message"), [
    (["--json", "{tmp}"], "is a folder"),
    (["--json", "{tmp}/no/such/b.json"], "does not exist"),
    (["--repeat", "99999999"], "--repeat"),
])
def test_bench_checks_its_output_before_measuring(
        tmp_path: Path, capsys: Capsys, monkeypatch: pytest.MonkeyPatch,
        argv: list[str], message: str) -> None:
    from cuberail.cli import bench

    def never(*args: object) -> object:
        raise AssertionError("measured before the arguments were checked")

    monkeypatch.setattr(bench, "bench_title", never)
    assert main(["bench", "--quick", *(a.format(tmp=tmp_path) for a in argv)]) == 2
    assert message in capsys.readouterr().err
