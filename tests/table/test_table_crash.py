"""A bug at the table (the fourteenth newcomer run: F3 on a folded route ended the
table with a Python traceback across the terminal). The table ends with a few lines:
what broke, that the game is saved and how to resume, and the file that holds the
traceback for a bug report; no traceback on the screen."""

from __future__ import annotations

from pathlib import Path

import pytest
from tablekit import new_game
from textual.pilot import Pilot

from cuberail.cli.table.app import TableApp


def test_a_bug_ends_the_table_with_a_message_and_a_crash_file(
        tmp_path: Path, capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    game = new_game(tmp_path, "chicago-express")

    def broken(self: TableApp) -> None:
        raise LookupError("a choice the menu did not draw")

    monkeypatch.setattr(TableApp, "action_hint", broken)

    async def press_f3(pilot: Pilot[object]) -> None:
        await pilot.pause()
        await pilot.press("f3")

    app = TableApp(game)
    app.run(headless=True, size=(120, 40), auto_pilot=press_f3)
    assert app.return_code == 1
    err = capsys.readouterr().err
    assert "cuberail's table stopped on a bug: LookupError: a choice the menu did not" \
        " draw" in err, err
    assert f"It is saved after every move, to {game.path}." in err
    crash = game.path.with_name(game.path.name + ".crash.txt")
    assert f"The details are in {crash}" in err
    assert "Traceback" not in err and "locals" not in err
    written = crash.read_text(encoding="utf-8")
    assert written.startswith("Traceback") and "LookupError" in written
    assert game.path.exists()  # the game itself is untouched


def test_a_server_game_s_crash_file_goes_to_the_temporary_directory() -> None:
    """`cuberail join` keeps no save here (its path is "-"): the traceback goes to the
    temporary directory, and the message says where and how to join again."""
    import tempfile

    from cuberail.cli.table import crash

    try:
        raise KeyError("x")
    except KeyError as exc:
        said = crash.report(exc, Path("-"), "join again with your invite link.")
    where = Path(tempfile.gettempdir()) / "cuberail-table.crash.txt"
    assert said.splitlines() == ["cuberail's table stopped on a bug: KeyError: 'x'",
                                 "join again with your invite link.",
                                 f"The details are in {where}: please send them with a"
                                 " bug report."]
    assert "KeyError: 'x'" in where.read_text(encoding="utf-8")
