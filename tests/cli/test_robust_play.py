"""Issue 8, input side: the prompts of `cuberail play` and their saves. Any line gets a
clear reply or a move; a closed or endless stdin ends the game saved; no game is lost."""

from __future__ import annotations

import io
import json
import os
import subprocess
from pathlib import Path

import pytest
from clirun import Script, cuberail_cmd, env, run_cli
from rich.console import Console

from cuberail.cli import records
from cuberail.cli.lineplay import play_loop
from cuberail.cli.main import build_parser, main
from cuberail.cli.menu import Command, Menu, Reply, read_choice
from cuberail.cli.play import PATIENCE, Game, load_game, new_game
from cuberail.cli.records import load_record
from cuberail.core.actions import Action
from cuberail.core.record import Record
from cuberail.games import get_game

Capsys = pytest.CaptureFixture[str]


def quiet_console() -> tuple[Console, io.StringIO]:
    out = io.StringIO()
    return Console(file=out, width=110, color_system=None, markup=False), out


def make_game(tmp_path: Path, *argv: str, name: str = "game.json") -> Game:
    args = build_parser().parse_args(["play", *argv, "--save", str(tmp_path / name)])
    return new_game(args, Script([]), interactive=False)


def auction_menu() -> Menu:
    return Menu.build(get_game("chicago-express").new_game(3, {}).legal_actions())


# ----- odd lines at the game prompt ---------------------------------------------------------


@pytest.mark.parametrize("line", ["²", "³3", "٣", "9" * 5000, "1" * 10, "-1", "0",
                                  "x" * 100_000, "\udc80", "\x00", "bid ²", "bid " + "9" * 5000,
                                  "place \x00", "1e9", "١٢"],
                         ids=lambda v: repr(v)[:20])
def test_odd_lines_at_the_prompt_get_a_reply(line: str) -> None:
    choice = read_choice(auction_menu(), line)
    assert isinstance(choice, Reply)
    assert "allowed now" in choice.text and len(choice.text) < 2000


def test_a_save_with_a_nul_byte_gets_a_message_and_the_game_goes_on(tmp_path: Path) -> None:
    game = make_game(tmp_path, "--players", "2", "--bots", "random")
    console, out = quiet_console()
    assert play_loop(game, Script(["save a\x00b", "save " + "x" * 5000, "7", "quit"]),
                     console) == 0
    text = out.getvalue()
    assert "a file name cannot contain a NUL byte" in text
    assert "cannot save to" in text  # the name that is too long
    assert game.record.actions[0] == Action("bid", (7,))
    assert Record.load(tmp_path / "game.json").actions == game.record.actions


def test_endless_unusable_input_stops_the_game_saved(tmp_path: Path) -> None:
    game = make_game(tmp_path, "--players", "3", "--bots", "random,random")
    game.patience = PATIENCE
    console, out = quiet_console()
    script = Script(["garbage", "help", "board", "undo", ""] * 1000)
    assert play_loop(game, script, console) == 2
    assert len(script.lines) == 5000 - PATIENCE
    assert "lines in a row were not moves" in out.getvalue()
    Record.load(tmp_path / "game.json")


def test_moves_between_bad_lines_keep_the_game_going(tmp_path: Path) -> None:
    game = make_game(tmp_path, "--players", "2", "--bots", "0")
    game.patience = 3
    lines = ["x", "x", "7", "x", "x", "pass", "x", "x", "x", "1"]
    assert play_loop(game, Script(lines), quiet_console()[0]) == 2
    assert [a.text() for a in game.record.actions] == ["bid 7", "pass"]


def test_yes_garbage_piped_into_play_ends(tmp_path: Path) -> None:
    done = run_cli("play", "ce", "--players", "3", "--bots", "2", "--save",
                   str(tmp_path / "g.json"), stdin="garbage\n" * 100_000, timeout=60)
    assert done.returncode == 2, done.stderr
    assert "lines in a row were not moves" in done.stdout
    assert "Traceback" not in done.stderr
    Record.load(tmp_path / "g.json")


def test_one_huge_line_on_stdin_is_refused_without_keeping_it(tmp_path: Path) -> None:
    done = run_cli("play", "ce", "--players", "3", "--bots", "2", "--save",
                   str(tmp_path / "g.json"), stdin="1" * 3_000_000 + "\nquit\n", timeout=60)
    assert done.returncode == 0, done.stderr
    assert "characters long" in done.stdout and "game saved" in done.stdout


def test_undecodable_bytes_on_stdin_are_a_reply_not_a_crash(tmp_path: Path) -> None:
    done = subprocess.run(cuberail_cmd("play", "ce", "--players", "3", "--bots", "2", "--save",
                                       str(tmp_path / "g.json")),
                          input=b"\xff\xfe\n\x00\nquit\n", capture_output=True, timeout=60,
                          env=env(), check=False)
    assert done.returncode == 0, done.stderr
    assert b"Traceback" not in done.stderr


def test_play_with_stdin_closed(tmp_path: Path) -> None:
    done = run_cli("play", "ce", "--players", "3", "--bots", "2", "--save",
                   str(tmp_path / "g.json"), stdin=None, timeout=60)
    assert done.returncode == 0
    done = run_cli_closed_stdin(tmp_path)
    assert done.returncode == 0, done.stderr
    assert "end of input: game saved" in done.stdout
    Record.load(tmp_path / "h.json")


def run_cli_closed_stdin(tmp_path: Path) -> subprocess.CompletedProcess[str]:
    """`cuberail play` with file descriptor 0 closed, like `cuberail play <&-`."""
    return subprocess.run(cuberail_cmd("play", "ce", "--players", "3", "--bots", "2",
                                       "--save", str(tmp_path / "h.json")),
                          stdin=subprocess.DEVNULL, capture_output=True, text=True,
                          timeout=60, env=env(), check=False,
                          preexec_fn=lambda: os.close(0))


def test_play_with_no_stdin_at_all_in_process(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                              capsys: Capsys) -> None:
    monkeypatch.setattr("sys.stdin", None)
    assert main(["play", "ce", "--players", "3", "--bots", "2",
                 "--save", str(tmp_path / "g.json")]) == 0
    assert "end of input: game saved" in capsys.readouterr().out


# ----- setup prompts --------------------------------------------------------------------------


def terminal(monkeypatch: pytest.MonkeyPatch, text: str) -> None:
    stdin = io.StringIO(text)
    stdin.isatty = lambda: True  # type: ignore[method-assign]
    monkeypatch.setattr("sys.stdin", stdin)


@pytest.mark.parametrize("answer", ["²", "9" * 5000, "\x00", "-3", "3.0", "x" * 10_000])
def test_setup_prompts_ask_again_after_odd_answers(tmp_path: Path,
                                                   monkeypatch: pytest.MonkeyPatch,
                                                   capsys: Capsys, answer: str) -> None:
    terminal(monkeypatch, f"ce\n{answer}\n3\n{answer}\n2\nquit\n")
    assert main(["play", "--save", str(tmp_path / "g.json")]) == 0
    out = capsys.readouterr().out
    assert "this game is for 2 to 6 players" in out
    record = Record.load(tmp_path / "g.json")
    assert len(record.players) == 3


@pytest.mark.parametrize("text", ["", "ce\n", "ce\n3\n"])
def test_ctrl_d_at_a_setup_prompt_ends_cleanly(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                               capsys: Capsys, text: str) -> None:
    terminal(monkeypatch, text)
    assert main(["play", "--save", str(tmp_path / "g.json")]) == 2
    assert "end of input before the game was set up" in capsys.readouterr().err
    assert not (tmp_path / "g.json").exists()


@pytest.mark.parametrize("bots", ["99999999999999", "9" * 5000, "²", ",".join(["random"] * 10**5)],
                         ids=["14-digits", "5000-digits", "superscript", "100000-kinds"])
def test_absurd_bot_counts_are_refused_at_once(tmp_path: Path, capsys: Capsys,
                                               bots: str) -> None:
    assert main(["play", "ce", "--bots", bots, "--save", str(tmp_path / "g.json")]) == 2
    err = capsys.readouterr().err
    assert "bots" in err and len(err) < 300


def test_a_record_seat_asking_for_an_endless_search_is_refused(tmp_path: Path,
                                                               capsys: Capsys) -> None:
    game = make_game(tmp_path, "--players", "3", "--bots", "random,random")
    data = json.loads((tmp_path / "game.json").read_text())
    for bot in ("mcts:999999999", "mcts:0", "mcts:1e9s", "mcts:100000000s"):
        data["meta"]["seats"][1]["bot"] = bot
        (tmp_path / "game.json").write_text(json.dumps(data))
        assert main(["play", "--load", str(tmp_path / "game.json")]) == 2
        err = capsys.readouterr().err
        assert "meta.seats" in err and ("from" in err or "not an iteration" in err)
        assert main(["replay", str(tmp_path / "game.json")]) == 0  # replaying needs no bot
        assert "Player 1" in capsys.readouterr().out
    assert game.record.actions == []


# ----- saving: nothing is lost ----------------------------------------------------------------


def test_a_new_game_never_overwrites_a_saved_one(tmp_path: Path, capsys: Capsys) -> None:
    path = tmp_path / "g.json"
    assert main(["play", "ce", "--bots", "4", "--seed", "1", "--save", str(path)]) == 0
    before = path.read_bytes()
    capsys.readouterr()
    assert main(["play", "ce", "--bots", "4", "--seed", "2", "--save", str(path)]) == 2
    err = capsys.readouterr().err
    assert "already exists" in err and f"--load {path}" in err
    assert path.read_bytes() == before


def test_save_command_does_not_overwrite_another_file(tmp_path: Path) -> None:
    other = tmp_path / "other.json"
    other.write_text("precious")
    game = make_game(tmp_path, "--players", "2", "--bots", "random")
    console, out = quiet_console()
    play_loop(game, Script([f"save {other}", f"save {tmp_path / 'copy.json'}", "quit"]),
              console)
    assert other.read_text() == "precious"
    assert "already exists" in out.getvalue()
    Record.load(tmp_path / "copy.json")


def test_load_with_save_elsewhere_never_overwrites(tmp_path: Path, capsys: Capsys) -> None:
    make_game(tmp_path, "--players", "2", "--bots", "random")
    other = tmp_path / "other.json"
    other.write_text("precious")
    assert main(["play", "--load", str(tmp_path / "game.json"), "--save", str(other)]) == 2
    assert "already exists" in capsys.readouterr().err
    assert other.read_text() == "precious"


def test_two_games_started_in_the_same_second_get_two_files(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import datetime as dt

    class Frozen(dt.datetime):
        @classmethod
        def now(cls, tz: dt.tzinfo | None = None) -> Frozen:
            return cls(2026, 1, 2, 3, 4, 5)

    monkeypatch.setattr(records, "datetime", Frozen)
    monkeypatch.chdir(tmp_path)
    games = []
    for seed in range(3):
        args = build_parser().parse_args(["play", "ce", "--bots", "4", "--seed", str(seed)])
        games.append(new_game(args, Script([]), interactive=False))
    paths = [g.path for g in games]
    assert len(set(paths)) == 3 and all(p.exists() for p in paths)
    assert paths[0].name == "cuberail-chicago-express-20260102-030405.json"
    for g in games:
        assert Record.load(g.path).players == g.record.players


def test_a_stale_temp_file_does_not_stop_saving(tmp_path: Path) -> None:
    (tmp_path / "game.json.tmp").mkdir()  # the old fixed temp name, now in the way
    game = make_game(tmp_path, "--players", "2", "--bots", "random")
    game.save()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["game.json", "game.json.tmp"]


def test_saving_leaves_no_temp_files(tmp_path: Path) -> None:
    game = make_game(tmp_path, "--players", "3", "--bots", "3", "--seed", "4")
    assert play_loop(game, Script([]), quiet_console()[0]) == 0
    assert [p.name for p in tmp_path.iterdir()] == ["game.json"]


@pytest.mark.parametrize("save", ["{tmp}", "{tmp}/no/such/g.json", "{tmp}/a\x00b.json"])
def test_save_paths_are_checked_before_anything_is_asked(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: Capsys, save: str) -> None:
    terminal(monkeypatch, "")  # a question would end in EOF
    assert main(["play", "--save", save.format(tmp=tmp_path)]) == 2
    err = capsys.readouterr().err
    assert "--save" in err and "end of input" not in err


def test_reading_a_record_loads_only_names_cleaned(tmp_path: Path) -> None:
    make_game(tmp_path, "--players", "2", "--bots", "random", "--names", "Ann")
    data = json.loads((tmp_path / "game.json").read_text())
    data["players"][0] = "A\x1b[2Jnn"
    data["meta"]["seats"][0]["name"] = "A\x1b[2Jnn"
    (tmp_path / "game.json").write_text(json.dumps(data))
    game = load_game(build_parser().parse_args(["play", "--load", str(tmp_path / "game.json")]))
    assert game.names[0] == "A [2Jnn"
    assert load_record(tmp_path / "game.json").players[0] == "A [2Jnn"
    assert isinstance(read_choice(auction_menu(), "help"), Command)


@pytest.mark.parametrize("seed", [str(2**70), str(-(2**70))])
def test_a_seed_too_large_for_a_record_is_refused(tmp_path: Path, capsys: Capsys,
                                                  seed: str) -> None:
    assert main(["play", "ce", "--bots", "4", "--seed", seed,
                 "--save", str(tmp_path / "g.json")]) == 2
    assert "--seed" in capsys.readouterr().err
    assert not (tmp_path / "g.json").exists()


def test_the_largest_seed_allowed_saves_a_game_that_loads(tmp_path: Path) -> None:
    game = make_game(tmp_path, "--players", "3", "--bots", "random,random",
                     "--seed", str(2**62))
    assert load_game(build_parser().parse_args(
        ["play", "--load", str(game.path)])).seats[2].seed == 2**62 + 2


@pytest.mark.parametrize(("typed", "title"), [
    ("trans", "trans-siberian"), ("Chi", "chicago-express"), ("ts", "trans-siberian")])
def test_the_title_prompt_takes_the_start_of_a_name(tmp_path: Path,
                                                   monkeypatch: pytest.MonkeyPatch,
                                                   typed: str, title: str) -> None:
    """The sixteenth newcomer run typed `trans` at the prompt and was refused ("unknown
    game 'trans'"): the start of one title's name, as well as an alias, now names it."""
    terminal(monkeypatch, f"{typed}\n3\n2\nquit\n")
    assert main(["play", "--save", str(tmp_path / "g.json")]) == 0
    assert Record.load(tmp_path / "g.json").title == title
