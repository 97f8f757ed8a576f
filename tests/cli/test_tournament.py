"""``cuberail tournament``: seeded, the same whatever --jobs, records that replay, Ctrl-C kept."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from cuberail.bots import arena
from cuberail.cli.main import main
from cuberail.core.record import Record, replay
from cuberail.games import get_game

BOTS = "heuristic,random,random"


def run_tournament(tmp_path: Path, name: str, *extra: str) -> tuple[int, dict[str, Any]]:
    out = tmp_path / name
    code = main(["tournament", "ce", "--players", "3", "--bots", BOTS, "--games", "6",
                 "--seed", "5", "--out", str(out), *extra])
    return code, json.loads((out / "summary.json").read_text())


def without_timing(summary: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in summary.items() if k != "timing"}


def test_one_job_and_two_jobs_give_the_same_tournament(tmp_path: Path) -> None:
    code1, one = run_tournament(tmp_path, "one", "--jobs", "1")
    code2, two = run_tournament(tmp_path, "two", "--jobs", "2")
    assert code1 == code2 == 0
    assert without_timing(one) == without_timing(two)
    assert one["games_played"] == 6 and not one["interrupted"]
    for g in range(6):
        a = (tmp_path / "one" / f"game-{g:04d}.json").read_text()
        assert a == (tmp_path / "two" / f"game-{g:04d}.json").read_text()


def test_records_replay_to_the_reported_scores(tmp_path: Path) -> None:
    _, summary = run_tournament(tmp_path, "rec", "--jobs", "1")
    for game in summary["games"]:
        record = Record.load(tmp_path / "rec" / f"game-{game['index']:04d}.json")
        assert record.players == game["seats"]
        assert record.meta["seeds"] == game["seeds"]
        state = replay(record, get_game)
        assert state.is_terminal()
        assert list(state.result().scores) == game["scores"]


def test_seats_rotate_and_the_table_prints(tmp_path: Path, capsys: pytest.CaptureFixture[str]
                                           ) -> None:
    _, summary = run_tournament(tmp_path, "table", "--jobs", "1")
    seatings = [g["seats"] for g in summary["games"]]
    assert seatings[0] == ["heuristic", "random", "random"]
    assert seatings[1] == ["random", "random", "heuristic"]
    rows = {r["bot"]: r for r in summary["results"]}
    assert rows["heuristic"]["games"] == 6 and rows["random"]["games"] == 12
    assert abs(sum(r["wins"] for r in summary["results"]) - 6) < 1e-9
    lo, hi = rows["heuristic"]["ci95"]
    assert lo <= rows["heuristic"]["win_share"] <= hi
    out = capsys.readouterr().out
    assert "win share" in out and "heuristic" in out and "95% CI" in out


def test_ctrl_c_keeps_the_finished_games(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                         capsys: pytest.CaptureFixture[str]) -> None:
    real = arena.play_game

    def interrupted_at_game_3(title: str, bots: list[str], seed: int, game_index: int,
                              options: Any = None) -> Any:
        if game_index == 3:
            raise KeyboardInterrupt
        return real(title, bots, seed, game_index, options)

    monkeypatch.setattr(arena, "play_game", interrupted_at_game_3)
    code, summary = run_tournament(tmp_path, "ctrlc", "--jobs", "1")
    assert code == 130
    assert summary["interrupted"] and summary["games_played"] == 3
    assert sorted(p.name for p in (tmp_path / "ctrlc").glob("game-*.json")) == [
        "game-0000.json", "game-0001.json", "game-0002.json"]
    assert "interrupted" in capsys.readouterr().out


@pytest.mark.parametrize("args", [
    ["--bots", "heuristic,random"],  # two bots for three seats
    ["--bots", "heuristic,nobody,random"],
    ["--players", "9", "--bots", "random"],
    ["--games", "0", "--bots", "random"],
    ["--option", "nonsense=1", "--bots", "random"],
])
def test_bad_input_is_refused(tmp_path: Path, args: list[str],
                              capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["tournament", "ce", "--players", "3", "--games", "2", "--out", str(tmp_path), *args]
    assert main(argv) == 2
    assert "cuberail:" in capsys.readouterr().err


def test_rule_options_reach_the_records(tmp_path: Path) -> None:
    _, summary = run_tournament(tmp_path, "opt", "--option", "build_gauge=3")
    assert summary["options"]["build_gauge"] == 3
    record = Record.load(tmp_path / "opt" / "game-0000.json")
    assert record.options["build_gauge"] == 3


def test_chart(tmp_path: Path) -> None:
    pytest.importorskip("matplotlib")
    chart = tmp_path / "shares.png"
    code, _ = run_tournament(tmp_path, "chart", "--chart", str(chart))
    assert code == 0
    assert chart.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
