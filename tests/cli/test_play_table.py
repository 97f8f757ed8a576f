"""`cuberail play` and the table: when the full-screen table is used, hotseat undo and
`hint` in plain mode."""

from __future__ import annotations

import io
import random
from pathlib import Path

import pytest
from rich.console import Console

from cuberail.cli import play, table
from cuberail.cli.lineplay import play_loop
from cuberail.cli.main import build_parser, main
from cuberail.cli.play import Game, new_game
from cuberail.cli.table.hint import hint
from cuberail.games import get_game
from cuberail.terminal import face as view_module


class _Tty(io.StringIO):
    def isatty(self) -> bool:
        return True


class _Closed(io.StringIO):
    def isatty(self) -> bool:
        raise ValueError("I/O operation on closed file")


def _script(lines: list[str]) -> play.Ask:
    def ask(prompt: str) -> str:
        if not lines:
            raise EOFError
        return lines.pop(0)
    return ask


def _console() -> tuple[Console, io.StringIO]:
    out = io.StringIO()
    return Console(file=out, width=200, color_system=None), out


def _game(tmp_path: Path, *argv: str) -> Game:
    args = build_parser().parse_args(["play", *argv, "--save", str(tmp_path / "g.json")])
    return new_game(args, _script([]), interactive=False)


def test_plain_or_a_non_terminal_means_line_by_line() -> None:
    assert table.wanted(False, _Tty(), _Tty())
    assert not table.wanted(True, _Tty(), _Tty())
    assert not table.wanted(False, io.StringIO(), _Tty())
    assert not table.wanted(False, _Tty(), io.StringIO())
    assert not table.wanted(False, _Closed(), _Tty())  # a closed stdin is no terminal


@pytest.mark.parametrize(("argv", "full_screen"), [([], True), (["--plain"], False)])
def test_play_opens_the_table_on_a_terminal_unless_plain(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, argv: list[str],
        full_screen: bool) -> None:
    stdin = _Tty("quit\n")
    monkeypatch.setattr("sys.stdin", stdin)
    monkeypatch.setattr("sys.stdout", _Tty())
    monkeypatch.setattr(play, "input", lambda prompt: stdin.readline().rstrip("\n"),
                        raising=False)
    opened: list[Game] = []
    monkeypatch.setattr(table, "run_table", lambda game: opened.append(game) or 0)
    save = tmp_path / "t.json"
    assert main(["play", "chicago-express", "--players", "2", "--bots", "1",
                 "--save", str(save), *argv]) == 0
    assert len(opened) == int(full_screen)
    if full_screen:
        assert opened[0].path == save and opened[0].state.current_player() == 0


def test_hotseat_undo_takes_back_only_my_own_decision(tmp_path: Path) -> None:
    """Issue 12: two humans at one keyboard; Ann's undo must not take back Bob's pass,
    but does take back her own bid and the bot's answer to it (CE-2.2 setup auction)."""
    game = _game(tmp_path, "chicago-express", "--players", "3", "--bots", "1",
                 "--names", "Ann,Bob,Cy", "--seed", "3")
    console, out = _console()
    play_loop(game, _script(["bid 7", "pass", "undo"]), console)  # Ann, Bob, Cy bids $8
    text = out.getvalue()
    assert "cannot undo: Bob has moved since your last decision; Bob must undo first" in text
    kept = [a.text() for a in game.record.actions]
    assert kept == ["bid 7", "pass", "bid 8"]
    play_loop(game, _script(["bid 9", "undo", "quit"]), console)  # Cy answers $10
    text = out.getvalue()
    assert "took back Ann's 'bid $9 for the PRR share' and 1 later move" in text
    assert [a.text() for a in game.record.actions] == kept
    assert [a.text() for a in play.load_game(build_parser().parse_args(
        ["play", "--load", str(game.path)])).record.actions] == kept  # saved


def test_hint_names_a_legal_move_and_the_chances_in_one_line() -> None:
    for title in ("chicago-express", "trans-siberian"):
        state, view = get_game(title).new_game(3, {}), view_module(title)
        before = state.to_json()
        text = hint(state, view.describe_action, iterations=30, seed=1)
        assert text == hint(state, view.describe_action, iterations=30, seed=1)  # seeded
        assert state.to_json() == before  # the search works on a copy
        moves = [str(view.describe_action(state, a)) for a in state.legal_actions()]
        assert any(text.startswith(f"hint: {m} — ") for m in moves) and "\n" not in text
        assert "your winning chance about" in text and "30 iterations of search" in text
        assert "% (vs " in text and "% after " in text


def test_hint_of_a_forced_move_or_an_ended_game_needs_no_search(
        monkeypatch: pytest.MonkeyPatch) -> None:
    def no_search(*args: object) -> None:
        raise AssertionError("a search was made")
    monkeypatch.setattr("cuberail.bots.analysis.estimate", no_search)
    state, view = get_game("chicago-express").new_game(2, {}), view_module("chicago-express")
    rng = random.Random(2)
    forced = ""
    while not state.is_terminal():
        legal = state.legal_actions()
        if len(legal) == 1 and not forced:
            forced = hint(state, view.describe_action)
            assert forced == f"hint: {view.describe_action(state, legal[0])} (the only legal move)"
        state.apply(rng.choice(legal))
    assert forced
    assert hint(state, view.describe_action) == "hint: the game is over"


def test_plain_mode_hint_answers_and_the_turn_goes_on(tmp_path: Path) -> None:
    game = _game(tmp_path, "trans-siberian", "--players", "3", "--bots", "2")
    game.hint_iterations = 30
    console, out = _console()
    play_loop(game, _script(["hint", "HINT ", "quit"]), console)
    lines = [line for line in out.getvalue().splitlines() if line.startswith("hint: ")]
    assert len(lines) == 2 and lines[0] == lines[1]  # seeded by the move number
    assert "your winning chance about" in lines[0]
    assert game.record.actions == []  # a hint plays nothing
