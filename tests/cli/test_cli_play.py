"""`cuberail play`: the loop driven by scripted input, saving, loading and the defaults."""

from __future__ import annotations

import contextlib
import io
import json
from collections.abc import Iterable
from pathlib import Path

import pytest
from rich.console import Console

from cuberail.cli.lineplay import play_loop
from cuberail.cli.main import build_parser, main
from cuberail.cli.play import Game, load_game, new_game
from cuberail.cli.seats import seats_from_record
from cuberail.core.errors import CuberailError
from cuberail.core.record import Record, replay
from cuberail.games import get_game


class Script:
    """An input function answering prompts from a list; EOF when it runs out."""

    def __init__(self, lines: Iterable[str]) -> None:
        self.lines = list(lines)
        self.prompts: list[str] = []

    def __call__(self, prompt: str) -> str:
        self.prompts.append(prompt)
        if not self.lines:
            raise EOFError
        return self.lines.pop(0)


def quiet_console() -> tuple[Console, io.StringIO]:
    out = io.StringIO()
    return Console(file=out, width=110, color_system=None), out


def make_game(tmp_path: Path, *argv: str, name: str = "game.json") -> Game:
    args = build_parser().parse_args(["play", *argv, "--save", str(tmp_path / name)])
    return new_game(args, Script([]), interactive=False)


def load(path: Path) -> Game:
    return load_game(build_parser().parse_args(["play", "--load", str(path)]))


def test_all_bot_game_finishes_and_its_record_replays_to_the_same_state(tmp_path: Path) -> None:
    game = make_game(tmp_path, "chicago-express", "--players", "3", "--bots",
                     "random,random,random", "--seed", "11")
    console, out = quiet_console()
    assert play_loop(game, Script([]), console) == 0
    assert game.state.is_terminal()
    record = Record.load(tmp_path / "game.json")
    assert record.actions == game.record.actions
    assert replay(record, get_game).to_json() == game.state.to_json()
    text = out.getvalue()
    assert "final result" in text and "winner" in text
    assert "general dividend #1" in text


def test_same_seed_same_game(tmp_path: Path) -> None:
    records = []
    for name in ("a.json", "b.json"):
        game = make_game(tmp_path, "--players", "3", "--bots", "random,random,random",
                         "--seed", "5", name=name)
        play_loop(game, Script([]), quiet_console()[0])
        records.append(game.record.actions)
    assert records[0] == records[1]


def test_cli_all_bots_exit_zero_and_prints_the_result(tmp_path: Path,
                                                     capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "cli.json"
    code = main(["play", "ce", "--players", "2", "--bots", "random,random", "--seed", "2",
                 "--save", str(path), "--names", "Ann,Bob"])
    out = capsys.readouterr().out
    assert code == 0
    assert "final result" in out and f"saving to {path}" in out
    data = json.loads(path.read_text())
    assert data["players"] == ["Ann", "Bob"]
    assert [s["bot"] for s in data["meta"]["seats"]] == ["random", "random"]


def test_human_gets_the_allowed_choices_after_wrong_input(tmp_path: Path) -> None:
    game = make_game(tmp_path, "--players", "2", "--bots", "random", "--names", "Ann")
    console, out = quiet_console()
    script = Script(["foo", "99", "2", "bid 500", "", "quit"])
    assert play_loop(game, script, console) == 0
    text = out.getvalue()
    assert "'foo' is not a legal move here. allowed now: 1) pass, 2) bid 7..60" in text
    assert "there is no choice 99" in text
    assert "type the amount too: bid 7..60" in text
    assert "'bid 500' is not a legal move here" in text
    assert "Traceback" not in text
    assert script.prompts[0].startswith("Ann [1-2, help]")
    assert game.record.actions == []


@pytest.mark.parametrize("answer", ["bid 12", "12", "BID 12", "  bid   12 "])
def test_a_bid_can_be_typed_in_several_forms(tmp_path: Path, answer: str) -> None:
    game = make_game(tmp_path, "--players", "2", "--bots", "random")
    play_loop(game, Script([answer, "quit"]), quiet_console()[0])
    assert game.record.actions[0].text() == "bid 12"


def test_numbers_text_and_arguments_choose_actions(tmp_path: Path) -> None:
    game = make_game(tmp_path, "--players", "2", "--bots", "0")
    # setup: seat 0 buys PRR and NYC and gets B&O and C&O free (CE-2.4); then its turn
    script = Script(["7", "pass", "1", "pass", "1", "pass", "8", "pass",
                     "build", "NYC", "r3", "1", "quit"])
    console, out = quiet_console()
    play_loop(game, script, console)
    texts = [a.text() for a in game.record.actions]
    assert texts[:6] == ["bid 7", "pass", "pass", "pass", "pass", "pass"]
    assert texts[8:11] == ["choose build", "company NYC", "place R3"]
    assert texts[11].startswith("place ")
    assert "Player 1: place a NYC locomotive on R3 (forest, $2)" in out.getvalue()


def test_forced_moves_are_played_with_a_note(tmp_path: Path) -> None:
    game = make_game(tmp_path, "--players", "2", "--bots", "0", "--names", "Ann,Bob")
    console, out = quiet_console()
    play_loop(game, Script(["60", "quit"]), console)  # Bob cannot bid more than $60
    assert "Bob: pass on the PRR share (the only legal move)" in out.getvalue()


def test_save_quit_load_resumes_exactly(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    def first(prompt: str) -> str:
        return "1"

    monkeypatch.setattr("cuberail.cli.lineplay._show", lambda *args: None)  # speed: not drawn
    whole = make_game(tmp_path, "--players", "3", "--bots", "random", "--seed", "9",
                      name="whole.json")
    play_loop(whole, first, quiet_console()[0])
    assert whole.state.is_terminal()

    broken = make_game(tmp_path, "--players", "3", "--bots", "random", "--seed", "9",
                       name="broken.json")
    answers = ["1"] * 25 + ["save " + str(tmp_path / "copy.json"), "quit"]
    console, out = quiet_console()
    assert play_loop(broken, Script(answers), console) == 0
    assert f"resume with: cuberail play --load {tmp_path / 'broken.json'}" in out.getvalue()
    assert (tmp_path / "copy.json").read_text() == (tmp_path / "broken.json").read_text()

    resumed = load(tmp_path / "broken.json")
    assert resumed.state.to_json() == broken.state.to_json()
    assert resumed.seats == broken.seats
    play_loop(resumed, first, quiet_console()[0])
    assert resumed.record.actions == whole.record.actions
    assert resumed.state.to_json() == whole.state.to_json()


@pytest.mark.parametrize(("error", "code"), [(EOFError, 0), (KeyboardInterrupt, 130)])
def test_eof_and_ctrl_c_save_and_say_how_to_resume(tmp_path: Path, error: type[BaseException],
                                                   code: int) -> None:
    game = make_game(tmp_path, "--players", "2", "--bots", "random")
    answers = iter(["7"])

    def ask(prompt: str) -> str:
        for answer in answers:
            return answer
        raise error

    console, out = quiet_console()
    assert play_loop(game, ask, console) == code
    assert "resume with: cuberail play --load" in out.getvalue()
    assert Record.load(tmp_path / "game.json").actions == game.record.actions
    assert game.record.actions[0].text() == "bid 7"


def test_undo_takes_back_the_last_human_decision(tmp_path: Path) -> None:
    game = make_game(tmp_path, "--players", "2", "--bots", "random", "--seed", "1")
    console, out = quiet_console()
    play_loop(game, Script(["undo", "8", "undo", "9", "quit"]), console)
    text = out.getvalue()
    assert "nothing to undo" in text and "took back Player 1's" in text
    assert game.record.actions[0].text() == "bid 9"


def test_help_board_and_save_commands(tmp_path: Path) -> None:
    game = make_game(tmp_path, "--players", "2", "--bots", "random")
    console, out = quiet_console()
    nowhere = tmp_path / "no" / "such" / "dir.json"
    play_loop(game, Script(["help", "board", f"save {nowhere}", "quit"]), console)
    text = out.getvalue()
    assert "board         show the table again" in text
    assert text.count("now: setup auction of a PRR share") == 2
    assert f"cannot save to {nowhere}: the folder {nowhere.parent} does not exist" in text
    assert "game saved to" in text


def test_non_tty_uses_the_defaults_without_asking(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                  capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr("sys.stdin", io.StringIO("quit\n"))
    assert main(["play"]) == 0
    out = capsys.readouterr().out
    [path] = tmp_path.glob("cuberail-chicago-express-*.json")
    record = Record.load(path)
    assert record.title == "chicago-express" and len(record.players) == 4
    seats = seats_from_record(record)
    assert seats is not None and [s.is_bot for s in seats] == [False, True, True, True]
    assert f"cuberail play --load {path.name}" in out
    assert "players (" not in out


def test_a_terminal_is_asked_for_what_is_missing(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                 capsys: pytest.CaptureFixture[str]) -> None:
    stdin = io.StringIO("\n7\n3\n1\nquit\n")  # default title, 7 players (refused), 3, 1 bot
    stdin.isatty = lambda: True  # type: ignore[method-assign]
    monkeypatch.setattr("sys.stdin", stdin)
    assert main(["play", "--save", str(tmp_path / "asked.json")]) == 0
    out = capsys.readouterr().out
    assert "game (" in out and "players (2-6) [4]" in out and "bots (0-3" in out
    assert "this game is for 2 to 6 players, not 7" in out
    record = Record.load(tmp_path / "asked.json")
    assert len(record.players) == 3
    assert [s["bot"] is None for s in record.meta["seats"]] == [True, True, False]


def test_loading_a_finished_game_shows_the_result(tmp_path: Path,
                                                  capsys: pytest.CaptureFixture[str]) -> None:
    game = make_game(tmp_path, "--players", "2", "--bots", "random,random", "--seed", "4")
    play_loop(game, Script([]), quiet_console()[0])
    capsys.readouterr()
    assert main(["play", "--load", str(tmp_path / "game.json")]) == 0
    assert "final result" in capsys.readouterr().out


def test_bots_given_as_kinds_imply_the_seats(tmp_path: Path) -> None:
    """Seventh newcomer run: `cuberail play chicago-express --bots medium,medium,medium`
    still asked "players (2-6) [4]:" though three kinds mean you and three bots. Kinds
    now set the seats (CE-1.1: 2 to 6 players); a count of bots, or kinds too many for
    the title, still ask."""
    script = Script([])  # EOFError if anything is asked
    args = build_parser().parse_args(["play", "chicago-express", "--bots",
                                      "medium,medium,medium", "--save",
                                      str(tmp_path / "a.json")])
    game = new_game(args, script, interactive=True)
    assert game.state.num_players == 4 and script.prompts == []
    assert [s.bot is None for s in game.seats] == [True, False, False, False]
    for bots in ("3", ",".join(["random"] * 6)):  # a count; 7 seats: past the title's 6
        asked = Script(["4"])
        args = build_parser().parse_args(["play", "chicago-express", "--bots", bots,
                                          "--save", str(tmp_path / "b.json")])
        with contextlib.suppress(CuberailError, EOFError):
            new_game(args, asked, interactive=True)
        assert asked.prompts and asked.prompts[0].startswith("players"), bots
