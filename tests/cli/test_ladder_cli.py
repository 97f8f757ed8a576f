"""``cuberail ladder``: scheduled 4-player games, the ladder table, --json, and refusals."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from cuberail.bots.arena import seat_names
from cuberail.bots.ladder import lineup
from cuberail.cli.main import main

LEVELS = "random,easy,medium"



def run_ladder(tmp_path: Path, name: str, *extra: str) -> tuple[int, dict[str, Any]]:
    out = tmp_path / f"{name}.json"
    code = main(["ladder", "ce", "--bots", LEVELS, "--games", "6", "--seed", "3",
                 "--bootstrap", "30", "--json", str(out), *extra])
    return code, json.loads(out.read_text())


def without_timing(summary: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in summary.items() if k != "timing"}


def test_the_ladder_prints_ratings_steps_and_the_run_time(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, summary = run_ladder(tmp_path, "one")
    assert code == 0
    text = capsys.readouterr().out
    assert "ladder from 6 games" in text and "run time:" in text and "CPU-min" in text
    assert "medium fixed at 1500" in text
    assert summary["games_played"] == 6 and not summary["interrupted"]
    assert {r["level"] for r in summary["ratings"]} == {"random", "easy", "medium"}
    assert [r["rating"] for r in summary["ratings"] if r["level"] == "medium"] == [1500.0]
    assert len(summary["steps"]) == 2
    for level in summary["ratings"]:
        assert level["ci95"][0] <= level["rating"] <= level["ci95"][1]


def test_games_follow_the_schedule_and_jobs_do_not_change_them(tmp_path: Path) -> None:
    code1, one = run_ladder(tmp_path, "one", "--jobs", "1")
    code2, two = run_ladder(tmp_path, "two", "--jobs", "2")
    assert code1 == code2 == 0
    assert without_timing(one) == without_timing(two)
    levels = LEVELS.split(",")
    assert [g["seats"] for g in one["games"]] == [
        seat_names(lineup(levels, g), g) for g in range(6)]


def test_the_anchor_can_be_chosen(tmp_path: Path) -> None:
    _, summary = run_ladder(tmp_path, "anchor", "--anchor", "random", "--anchor-rating", "0")
    assert summary["anchor"] == "random"
    assert [r["rating"] for r in summary["ratings"] if r["level"] == "random"] == [0.0]


@pytest.mark.parametrize(("argv", "message"), [
    (["--bots", "random,nobody"], "unknown bot 'nobody'; choose from:"),
    (["--bots", "random,random"], "names 'random' twice"),
    (["--bots", "medium"], "a ladder rates 2 to 8"),
    (["--bots", ",".join(f"mcts:{n}" for n in range(1, 10))], "a ladder rates 2 to 8"),
    (["--games", "0"], "--games 0: from 1 to"),
    (["--jobs", "0"], "--jobs 0: from 1 to"),
    (["--bootstrap", "-1"], "--bootstrap -1: from 0 to"),
    (["--anchor", "hard", "--bots", "random,easy"], "--anchor 'hard' is not one of the levels"),
    (["--bots", "random,mcts:0"], "iterations must be from 1"),
])
def test_bad_arguments_get_one_line_naming_what_is_allowed(
        argv: list[str], message: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["ladder", "ce", *argv]) == 2
    err = capsys.readouterr().err
    assert message in err and len(err.strip().splitlines()) == 1


def test_a_json_path_in_a_missing_folder_is_refused_before_any_game(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["ladder", "ce", "--json", str(tmp_path / "nowhere" / "l.json")]) == 2
    assert "does not exist" in capsys.readouterr().err


def test_an_unknown_title_is_refused(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["ladder", "chess"]) == 2
    assert "chess" in capsys.readouterr().err


def test_an_interrupt_rates_the_games_finished_so_far(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from cuberail.bots import arena
    from cuberail.cli import ladder

    def three_then_interrupt(work: list[arena.Job], jobs: int = 1) -> Any:
        for title, bots, seed, index, options in work[:3]:
            yield arena.play_game(title, bots, seed, index, options)
        raise KeyboardInterrupt

    monkeypatch.setattr(ladder, "play_jobs", three_then_interrupt)
    code, summary = run_ladder(tmp_path, "stopped")
    assert code == 130
    assert summary["interrupted"] and summary["games_played"] == 3
    assert [g["index"] for g in summary["games"]] == [0, 1, 2]


def test_games_that_cannot_rate_every_level_are_still_written(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "one.json"
    # five levels, one game: the fifth level has not played yet
    code = main(["ladder", "ce", "--bots", "random,easy,medium,heuristic,mcts:5",
                 "--games", "1", "--bootstrap", "0", "--json", str(out)])
    assert code == 2
    assert "'mcts:5' has no results" in capsys.readouterr().err
    summary = json.loads(out.read_text())
    assert summary["games_played"] == 1 and summary["ratings"] == []


def test_markdown_prints_one_row_per_level(tmp_path: Path,
                                           capsys: pytest.CaptureFixture[str]) -> None:
    code, _ = run_ladder(tmp_path, "md", "--markdown")
    assert code == 0
    rows = [line for line in capsys.readouterr().out.splitlines() if line.startswith("| ")]
    assert rows[0].startswith("| level | rating |") and len(rows) == 4
    assert any(row.startswith("| medium | ") and "| 1500 |" in row for row in rows)


def test_with_rates_the_games_of_earlier_ladders_too(tmp_path: Path) -> None:
    _, first = run_ladder(tmp_path, "first")
    out = tmp_path / "both.json"
    code = main(["ladder", "ce", "--bots", "random,heuristic", "--games", "4", "--seed", "4",
                 "--bootstrap", "30", "--with", str(tmp_path / "first.json"),
                 "--json", str(out)])
    assert code == 0
    both = json.loads(out.read_text())
    assert both["levels"] == ["random", "heuristic", "easy", "medium"]
    assert {g for g in both["games"][0]["seats"]} == {"random", "heuristic"}
    rows = {r["level"]: r for r in both["ratings"]}
    assert rows["random"]["games"] == 4 + 6 and rows["easy"]["games"] == 6
    assert both["with"] == [str(tmp_path / "first.json")] and both["games_played"] == 4
    # --games 0: only the earlier games, rated again as before
    again = tmp_path / "again.json"
    assert main(["ladder", "ce", "--bots", LEVELS, "--games", "0", "--seed", "3",
                 "--bootstrap", "30", "--with", str(tmp_path / "first.json"),
                 "--json", str(again)]) == 0
    assert json.loads(again.read_text())["ratings"] == first["ratings"]


@pytest.mark.parametrize(("content", "message"), [
    ("not json", "cannot read a ladder's JSON"),
    ('{"title": "trans-siberian", "games": []}', "not a ladder file of chicago-express"),
    ('{"title": "chicago-express", "games": [{"seats": ["a"]}]}', "lack seats or ranks"),
    ('{"title": "chicago-express", "games": [{"seats": ["a", "b"], "ranks": [1]}]}',
     "seats and ranks do not match"),
])
def test_a_bad_with_file_is_refused(tmp_path: Path, content: str, message: str,
                                    capsys: pytest.CaptureFixture[str]) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text(content)
    assert main(["ladder", "ce", "--with", str(bad)]) == 2
    assert message in capsys.readouterr().err
