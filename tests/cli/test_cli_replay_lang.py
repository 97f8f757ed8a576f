"""`cuberail replay FILE --svg OUT.svg --lang LANG`: the board drawing in that language."""

from __future__ import annotations

from pathlib import Path

import pytest
from clirun import random_record

from cuberail.cli.main import main
from cuberail.core.record import Record, replay
from cuberail.draw import svg_for
from cuberail.games import get_game

Capsys = pytest.CaptureFixture[str]


def saved(tmp_path: Path, title: str) -> Path:
    path = tmp_path / "game.json"
    random_record(title, players=3, seed=3).save(path)
    return path


@pytest.mark.parametrize("title", ["chicago-express", "trans-siberian"])
def test_svg_in_the_language_asked_for(tmp_path: Path, capsys: Capsys, title: str) -> None:
    path, out = saved(tmp_path, title), tmp_path / "board.svg"
    assert main(["replay", str(path), "--at", "20", "--svg", str(out), "--lang", "it"]) == 0
    capsys.readouterr()
    state = replay(Record.load(path), get_game, 20)
    assert out.read_text(encoding="utf-8") == svg_for(title, state.to_json(), None, "it")
    assert "Tabellone di" in out.read_text(encoding="utf-8")


@pytest.mark.parametrize(("argv", "message"), [
    (["--lang", "it"], "--lang is the language of the board drawing: give --svg too"),
    (["--svg", "{tmp}/b.svg", "--lang", "it it"], "is not a language tag; cuberail draws in"),
])
def test_a_bad_lang_is_refused_before_any_work(tmp_path: Path, capsys: Capsys,
                                               argv: list[str], message: str) -> None:
    path = saved(tmp_path, "chicago-express")
    code = main(["replay", str(path), *[a.format(tmp=tmp_path) for a in argv]])
    err = capsys.readouterr().err
    assert code != 0 and message in err and "Traceback" not in err
    assert sorted(p.name for p in tmp_path.iterdir()) == ["game.json"]
