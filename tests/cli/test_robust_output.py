"""Issue 8, output side: illegal record actions, names that look like markup or are not
text, broken pipes, FIFOs, huge inputs and unexpected errors. Never a traceback or a hang."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest
from clirun import cuberail_cmd, env, random_record, run_cli

from cuberail.cli import replay
from cuberail.cli.main import main
from cuberail.cli.seats import parse_names
from cuberail.core.actions import Action
from cuberail.core.names import clean_name
from cuberail.core.record import Record

Capsys = pytest.CaptureFixture[str]


def run(capsys: Capsys, *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


# ----- replay of an illegal action --------------------------------------------------------


@pytest.mark.parametrize(("title", "bad"), [
    ("chicago-express", "place ZZ9"), ("chicago-express", "bid 99999"),
    ("trans-siberian", "build 99999"), ("trans-siberian", "buy nowhere"),
])
@pytest.mark.parametrize("where", ["last", "at"])
def test_replay_of_an_illegal_action_naming_an_unknown_place_is_refused(
        tmp_path: Path, capsys: Capsys, title: str, bad: str, where: str) -> None:
    record = random_record(title, players=3)
    n = len(record.actions) if where == "last" else 20
    record.actions[n - 1] = Action.from_text(bad)
    path = tmp_path / "bad.json"
    record.save(path)
    argv = ["replay", str(path)] + (["--at", str(n)] if where == "at" else [])
    code, _out, err = run(capsys, *argv)
    assert code == 2
    assert f"record refused: action {n - 1}:" in err and bad in err


# ----- names are data, never markup ---------------------------------------------------------

MARKUP_NAMES = ["[/]", "[bold red]x", "a[/b]c", ":smile:"]


def test_play_prints_names_that_look_like_markup_as_they_are(tmp_path: Path,
                                                           capsys: Capsys) -> None:
    code, out, err = run(capsys, "play", "ce", "--bots", "4", "--seed", "2",
                         "--names", ",".join(MARKUP_NAMES), "--save", str(tmp_path / "g.json"))
    assert code == 0, err
    for name in MARKUP_NAMES:
        assert name in out
    assert "😄" not in out


def test_replay_prints_names_that_look_like_markup_as_they_are(tmp_path: Path,
                                                             capsys: Capsys) -> None:
    record = random_record(players=4, names=MARKUP_NAMES)
    path = tmp_path / "g.json"
    record.save(path)
    for at in ("0", str(len(record.actions))):
        code, out, err = run(capsys, "replay", str(path), "--at", at)
        assert code == 0, err
        for name in MARKUP_NAMES:
            assert name in out


def test_control_characters_and_lone_surrogates_in_record_names_are_cleaned(
        tmp_path: Path) -> None:
    record = random_record(players=3, names=["ok", "bell\x07\x1b[31mred", "half\udc80"])
    path = tmp_path / "g.json"
    path.write_text(json.dumps(record.to_json()), encoding="utf-8")  # \udc80 as an escape
    for argv in (["replay", str(path)], ["replay", str(path), "--json"],
                 ["play", "--load", str(path)]):
        done = run_cli(*argv)
        assert done.returncode == 0, done.stderr
        assert "Traceback" not in done.stderr
        assert "\x1b[31m" not in done.stdout and "\x07" not in done.stdout


def test_a_name_with_undecodable_bytes_on_the_command_line(tmp_path: Path) -> None:
    done = run_cli("play", "ce", "--bots", "3", "--names", b"caf\xe9,\xff\xfe",
                   "--save", str(tmp_path / "g.json"))
    assert done.returncode == 0, done.stderr
    assert "Traceback" not in done.stderr
    Record.load(tmp_path / "g.json")


def test_a_huge_name_in_a_record_is_cut_short_for_display(tmp_path: Path,
                                                         capsys: Capsys) -> None:
    record = random_record(players=3, names=["x" * 100_000, "b", "c"])
    path = tmp_path / "g.json"
    record.save(path)
    code, out, err = run(capsys, "replay", str(path))
    assert code == 0, err
    assert "x" * 41 not in out
    assert max(len(line) for line in out.splitlines()) < 300


def test_a_record_file_too_large_is_refused_without_reading_it_all(tmp_path: Path,
                                                                   capsys: Capsys) -> None:
    path = tmp_path / "huge.json"
    with path.open("w") as f:
        f.write('{"title": "chicago-express", "players": ["')
        f.write("x" * 60_000_000)
        f.write('"]}')
    code, _out, err = run(capsys, "replay", str(path))
    assert code == 2
    assert "too large" in err


@pytest.mark.parametrize("names", ["x" * 100_000, ",".join(["a"] * 50_000)],
                         ids=["one-long-name", "50000-names"])
def test_huge_names_on_the_command_line_are_refused(tmp_path: Path, capsys: Capsys,
                                                    names: str) -> None:
    code, _out, err = run(capsys, "play", "ce", "--bots", "4", "--names", names,
                         "--save", str(tmp_path / "g.json"))
    assert code == 2
    assert "--names" in err and len(err) < 400


def test_names_on_the_command_line_are_cleaned_by_the_one_core_rule() -> None:
    """Issue 8: the CLI uses core's clean_name (no copy of its own)."""

    assert clean_name is clean_name
    assert parse_names("A\x1b[2Jnn, Bo\u202e ,  Cy  Dee") == ["A [2Jnn", "Bo", "Cy Dee"]


@pytest.mark.parametrize(("names", "message"), [
    ("Ann,\x00\x07,Cy", "may not be empty"), ("Ann,,Cy", "may not be empty"),
    ("Ann,ann ,Ann", "names must differ"), ("a" * 41, "at most 40 characters"),
])
def test_names_on_the_command_line_that_cannot_be_used_are_refused(
        tmp_path: Path, capsys: Capsys, names: str, message: str) -> None:
    code, _out, err = run(capsys, "play", "ce", "--bots", "3", "--names", names,
                          "--save", str(tmp_path / "g.json"))
    assert code == 2
    assert "--names" in err and message in err and not (tmp_path / "g.json").exists()


# ----- pipes, FIFOs and errors nobody expected -----------------------------------------------


@pytest.mark.parametrize("argv", [["replay", "{path}", "--json"], ["replay", "{path}"],
                                  ["play", "--load", "{path}"], ["--help"]])
def test_a_closed_pipe_ends_quietly(tmp_path: Path, argv: list[str]) -> None:
    import subprocess

    path = tmp_path / "g.json"
    random_record().save(path)
    read, write = os.pipe()
    os.close(read)  # like `| head` that has already gone
    try:
        done = subprocess.run(cuberail_cmd(*(a.format(path=path) for a in argv)),
                              stdout=write, stderr=subprocess.PIPE, stdin=subprocess.DEVNULL,
                              text=True, timeout=60, env=env(), check=False)
    finally:
        os.close(write)
    assert "Traceback" not in done.stderr and "Exception" not in done.stderr
    assert "Error" not in done.stderr and "cuberail:" not in done.stderr
    assert done.returncode in (0, 1, 141)  # Rich ends a closed pipe with 1, cuberail with 141
    if "--json" not in argv:  # (which writes its header to stderr)
        assert done.stderr == ""


@pytest.mark.parametrize("command", ["replay", "play --load"])
def test_a_fifo_is_refused_not_waited_on(tmp_path: Path, command: str) -> None:
    fifo = tmp_path / "fifo.json"
    os.mkfifo(fifo)
    done = run_cli(*command.split(), str(fifo), timeout=30)
    assert done.returncode == 2
    assert "not a regular file" in done.stderr and "Traceback" not in done.stderr


def test_an_unexpected_error_is_one_line_and_debug_reraises(
        capsys: Capsys, monkeypatch: pytest.MonkeyPatch) -> None:
    def broken(path: object) -> object:
        raise ZeroDivisionError("a bug")

    monkeypatch.setattr(replay, "load_record", broken)
    monkeypatch.delenv("CUBERAIL_DEBUG")
    code, _out, err = run(capsys, "replay", "any.json")
    assert code == 1
    assert err.count("\n") == 1 and "ZeroDivisionError: a bug" in err
    assert "CUBERAIL_DEBUG=1" in err
    monkeypatch.setenv("CUBERAIL_DEBUG", "1")
    with pytest.raises(ZeroDivisionError):
        main(["replay", "any.json"])
