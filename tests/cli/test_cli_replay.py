"""`cuberail replay`, and refused input everywhere: exit 2 with a message, never a traceback."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest
from clirun import random_record

from cuberail.cli.main import main
from cuberail.core.record import Record, replay
from cuberail.games import get_game

Capsys = pytest.CaptureFixture[str]


@pytest.fixture(scope="module")
def saved(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Record]:
    record = random_record()
    path = tmp_path_factory.mktemp("replay") / "game.json"
    record.save(path)
    return path, record


def run(capsys: Capsys, *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_replay_shows_the_final_table_and_a_header(saved: tuple[Path, Record],
                                                   capsys: Capsys) -> None:
    path, record = saved
    code, out, _ = run(capsys, "replay", str(path))
    total = len(record.actions)
    assert code == 0
    assert f"Chicago Express (chicago-express), rules version {record.rules_version}" in out
    assert "players: P0, P1, P2" in out
    assert f"action {total} of {total}; last: " in out
    assert "result: P0 " in out and "now: game over" in out
    assert "Chi 3" in out and "Det 3" in out and "Pit 4" in out and "Whe 3" in out
    assert max(len(line) for line in out.splitlines()) <= 110


def test_replay_at_n_names_the_last_action(saved: tuple[Path, Record], capsys: Capsys) -> None:
    path, record = saved
    code, out, _ = run(capsys, "replay", str(path), "--at", "1")
    assert code == 0
    assert f"action 1 of {len(record.actions)}; last: P0: " in out
    assert f"[{record.actions[0].text()}]" in out
    code, out, _ = run(capsys, "replay", str(path), "--at", "0")
    assert "last: none (the start of the game)" in out


def test_replay_json_is_the_snapshot(saved: tuple[Path, Record], capsys: Capsys) -> None:
    path, record = saved
    code, out, err = run(capsys, "replay", str(path), "--json", "--at", "20")
    assert code == 0
    data = json.loads(out)
    assert data == json.loads(json.dumps(replay(record, get_game, 20).to_json()))
    assert f"action 20 of {len(record.actions)}" in err
    code, out, _ = run(capsys, "replay", str(path), "--json")
    assert json.loads(out)["step"] == "game over"


@pytest.mark.parametrize("at", ["-1", "100000"])
def test_replay_at_out_of_range(saved: tuple[Path, Record], capsys: Capsys, at: str) -> None:
    path, record = saved
    code, out, err = run(capsys, "replay", str(path), "--at", at)
    assert code == 2
    assert f"must be from 0 to {len(record.actions)}" in err
    assert "Traceback" not in out + err


def test_a_record_that_does_not_replay(tmp_path: Path, capsys: Capsys) -> None:
    data = random_record().to_json()
    data["actions"][3] = "place A2"
    (tmp_path / "bad.json").write_text(json.dumps(data))
    for argv in (["replay", str(tmp_path / "bad.json")],
                 ["play", "--load", str(tmp_path / "bad.json")]):
        code, out, err = run(capsys, *argv)
        assert code == 2
        assert "record refused: action 3: " in err and "(place A2)" in err
        assert "Traceback" not in out + err


@pytest.mark.parametrize(("content", "message"), [
    (None, "cannot read"),
    ("{not json", "is not JSON"),
    ('{"title": "x"}', "field 'rules_version' is missing"),
    ('{"title": "chess", "rules_version": 1, "options": {}, "players": ["a", "b"],'
     ' "actions": []}', "unknown game 'chess'"),
    ('{"title": "chicago-express", "rules_version": 99, "options": {}, "players": ["a", "b"],'
     ' "actions": []}', "rules version 99"),
    ('{"title": "chicago-express", "rules_version": 1, "options": {"chicago": "fly"},'
     ' "players": ["a", "b"], "actions": []}', "option chicago"),
])
def test_bad_files_are_refused(tmp_path: Path, capsys: Capsys, content: str | None,
                               message: str) -> None:
    path = tmp_path / "record.json"
    if content is not None:
        path.write_text(content)
    for command in ("replay", "play --load"):
        code, out, err = run(capsys, *command.split(), str(path))
        assert code == 2, command
        assert message in err, command
        assert "Traceback" not in out + err


@pytest.mark.parametrize(("argv", "message"), [
    (["play", "chess"], "unknown game 'chess'"),
    (["play", "ce", "--option", "chicago=fly"], "option chicago: 'fly' is not one of stop"),
    (["play", "ce", "--option", "speed=9"], "unknown option 'speed'"),
    (["play", "ce", "--option", "build_gauge"], "must be written NAME=VALUE"),
    (["play", "ce", "--players", "9"], "for 2 to 6 players, not 9"),
    (["play", "ce", "--players", "2", "--bots", "3"], "3 bots do not fit"),
    (["play", "ce", "--bots", "genius"], "unknown bot 'genius'"),
    (["play", "ce", "--players", "2", "--names", "a,b,c"], "3 names given for 2 players"),
])
def test_bad_arguments_exit_2_with_a_message(tmp_path: Path, capsys: Capsys, argv: list[str],
                                             message: str) -> None:
    code, out, err = run(capsys, *argv, "--save", str(tmp_path / "x.json"))
    assert code == 2
    assert message in err
    assert "Traceback" not in out + err
    assert not (tmp_path / "x.json").exists()


def test_an_unwritable_save_file(tmp_path: Path, capsys: Capsys) -> None:
    path = tmp_path / "no" / "dir" / "x.json"
    code, out, err = run(capsys, "play", "ce", "--bots", "4", "--save", str(path))
    assert code == 2
    assert f"--save {path}: the folder {path.parent} does not exist" in err
    assert "Traceback" not in out + err


def test_the_installed_script(saved: tuple[Path, Record], tmp_path: Path) -> None:
    script = shutil.which("cuberail")
    if script is None:
        pytest.skip("the cuberail script is not installed")
    path, record = saved
    done = subprocess.run([script, "replay", str(path), "--at", "5", "--json"],
                          capture_output=True, text=True, timeout=60, check=False)
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout) == json.loads(json.dumps(
        replay(record, get_game, 5).to_json()))
    done = subprocess.run([script, "replay", str(tmp_path / "missing.json")],
                          capture_output=True, text=True, timeout=60, check=False)
    assert done.returncode == 2
    assert "cannot read" in done.stderr and "Traceback" not in done.stderr
