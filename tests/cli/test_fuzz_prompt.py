"""Fuzzing the prompt (Hypothesis): any line typed at `cuberail play` ends in a legal move,
a command or a clear reply, never a traceback or a hang; after any script of lines the
save file loads and replays to the game's state.

The script test turns fsync off (a no-op) to stay fast: it checks what the saves hold,
not their durability, which tests/fault checks with real processes and real fsyncs."""

from __future__ import annotations

import io
import os
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from functools import cache
from pathlib import Path

from clirun import Script
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from rich.console import Console
from tests.table.tablekit import played

from cuberail.cli.lineplay import play_loop
from cuberail.cli.main import build_parser
from cuberail.cli.menu import COMMANDS, Command, Menu, Reply, read_choice
from cuberail.cli.play import Game, new_game
from cuberail.cli.records import load_record
from cuberail.core.actions import Action
from cuberail.core.record import replay
from cuberail.core.state import GameState
from cuberail.games import get_game

TITLES = ("chicago-express", "trans-siberian")


@cache
def position(title: str, moves: int) -> GameState:
    """The state after ``moves`` random moves of a seeded 3-player game (or its end)."""
    return played(title, moves, 3, moves)


def odd_numbers() -> st.SearchStrategy[str]:
    return st.one_of(
        st.integers(-10**6, 10**12).map(str),
        st.sampled_from([10, 19, 20, 400, 4301, 6000]).map(lambda n: "9" * n),
        st.sampled_from(["²", "³", "٣", "١٢", "𝟗", "½", "1e3", "0x10", "+5", "07", "1_000"]),
    )


def near_moves(state: GameState) -> st.SearchStrategy[str]:
    """Legal move texts, mutated: case, spaces, cut, extra words, odd arguments."""
    texts = [a.text() for a in state.legal_actions()] or ["pass"]
    base = st.sampled_from(texts)
    return st.one_of(
        base,
        base.map(str.upper),
        st.tuples(base, st.text(max_size=8)).map(lambda t: t[0] + " " + t[1]),
        st.tuples(base, st.integers(0, 12)).map(lambda t: t[0][: t[1]]),
        st.tuples(base, odd_numbers()).map(lambda t: t[0].split()[0] + " " + t[1]),
    )


def commands() -> st.SearchStrategy[str]:
    words = st.sampled_from(["help", "board", "undo", "HELP", "Board"])
    safe_file = st.from_regex(r"[a-z0-9._\x00 -]{0,12}", fullmatch=True)
    return st.one_of(words, safe_file.map(lambda f: "save " + f),
                     st.just("save"), st.just("save " + "x" * 300))


def lines(state: GameState) -> st.SearchStrategy[str]:
    anything = st.text(max_size=40).filter(lambda t: not t.strip().lower().startswith("save"))
    return st.one_of(anything, odd_numbers(), near_moves(state), commands(),
                     st.just(""), st.just("x" * 10_000))


@st.composite
def position_and_line(draw: st.DrawFn) -> tuple[GameState, str]:
    state = position(draw(st.sampled_from(TITLES)), draw(st.integers(0, 120)))
    return state, draw(lines(state))


@settings(max_examples=150, suppress_health_check=[HealthCheck.too_slow])
@given(position_and_line())
def test_any_line_is_a_legal_move_a_command_or_a_clear_reply(
        case: tuple[GameState, str]) -> None:
    state, line = case
    if state.is_terminal():
        return
    legal = state.legal_actions()
    choice = read_choice(Menu.build(legal), line)
    if isinstance(choice, Action):
        assert choice in legal
    elif isinstance(choice, Command):
        assert choice.word in COMMANDS
    else:
        assert isinstance(choice, Reply)
        assert choice.text and len(choice.text) < 3000


@contextmanager
def inside(folder: str) -> Iterator[None]:
    old = os.getcwd()
    os.chdir(folder)
    try:
        yield
    finally:
        os.chdir(old)


@contextmanager
def no_fsync() -> Iterator[None]:
    real = os.fsync
    os.fsync = lambda fd: None
    try:
        yield
    finally:
        os.fsync = real


def script_lines() -> st.SearchStrategy[list[str]]:
    start = position("chicago-express", 0)
    later = position("trans-siberian", 20)
    moves = st.sampled_from(["1", "2", "3", "7", "12", "pass", "bid 8", "quit"])
    line = st.one_of(lines(start), lines(later), moves)
    return st.lists(line, max_size=25)


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(TITLES), script_lines(), st.integers(0, 3))
def test_any_script_of_lines_ends_cleanly_and_the_save_loads(
        title: str, answers: list[str], seed: int) -> None:
    with tempfile.TemporaryDirectory() as folder, inside(folder), no_fsync():
        args = build_parser().parse_args(
            ["play", title, "--players", "3", "--bots", "random", "--seed", str(seed),
             "--save", "game.json"])
        game: Game = new_game(args, Script([]), interactive=False)
        game.patience = 20
        console = Console(file=io.StringIO(), width=110, color_system=None, markup=False)
        code = play_loop(game, Script(answers), console)
        assert code in (0, 2)
        record = load_record(Path("game.json"))
        assert record.actions == game.record.actions
        assert replay(record, get_game).to_json() == game.state.to_json()
        stray = [n for n in os.listdir(".") if n.endswith(".tmp")]
        assert not stray
