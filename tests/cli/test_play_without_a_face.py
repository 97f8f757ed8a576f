"""A title without a terminal face still plays in plain lines, from the games' words;
the full-screen table says what is missing."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from test_cli_play import Script, make_game, quiet_console
from tests.plugins import plugin_title

from cuberail.cli import table
from cuberail.cli.lineplay import HELP, play_loop
from cuberail.cli.records import replay_record
from cuberail.core.words import LANGUAGES
from cuberail.terminal import PlainFace, face_or_plain

PLUGIN = '''
from dataclasses import replace
from cuberail.games.chicago_express import INFO as BASE
INFO = replace(BASE, title="toy", name="Toy", package="facelesstoy", aliases=(),
               short_name="cuberail_toy")
'''
MOVES = '''
from cuberail.games.chicago_express.moves import describe_action, describe_step, events
'''


@pytest.fixture
def toy(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[str]:
    """A plug-in title with a moves module (the base title's words) and empty catalogs of
    its own, but no terminal face."""
    with plugin_title(tmp_path, monkeypatch, "facelesstoy", "toy", PLUGIN):
        (tmp_path / "facelesstoy" / "moves.py").write_text(MOVES, encoding="utf-8")
        data = tmp_path / "facelesstoy" / "data"
        data.mkdir()
        for lang in LANGUAGES:
            (data / f"words-{lang}.json").write_text("{}", encoding="utf-8")
        yield "toy"


def test_a_title_without_a_face_gets_the_plain_face_of_its_moves(toy: str) -> None:
    view = face_or_plain(toy)
    assert isinstance(view, PlainFace)
    assert table.missing(toy) == ("Toy has no full-screen table (looked for TABLE in"
                                  " facelesstoy.terminal.table): playing line by line")


def test_plain_mode_plays_a_title_without_a_face(toy: str, tmp_path: Path) -> None:
    game = make_game(tmp_path, toy, "--players", "3", "--bots", "2", "--seed", "1")
    assert isinstance(game.view, PlainFace)
    console, out = quiet_console()
    assert play_loop(game, Script(["help", "1", "1"]), console) == 0
    text = out.getvalue()
    assert HELP in text and "now: " in text  # the plain face's table: players and the step
    assert len(game.record.actions) >= 2  # the human's moves and the bots' were played
    assert "end of input: game saved" in text
    before = replay_record(game.record, 0)
    assert f": {game.view.describe_action(before, game.record.actions[0])}" in text
