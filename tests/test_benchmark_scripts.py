"""The benchmark scripts still run: a tiny strength report (the numbers are not judged here)."""

from __future__ import annotations

import importlib.util
import json
import sys
from pathlib import Path
from types import ModuleType

import pytest

from cuberail.games import get_game

BENCHMARKS = Path(__file__).resolve().parent.parent / "benchmarks"


def _load(name: str) -> ModuleType:
    spec = importlib.util.spec_from_file_location(name, BENCHMARKS / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


def test_strength_report_prints_a_row_per_match_and_writes_json(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    strength = _load("strength")
    out = tmp_path / "rows.json"
    code = strength.main(["--jobs", "1", "--scale", "0.01", "--only", "chicago-express",
                          "--select", "random", "--json", str(out)])
    assert code == 0
    table = capsys.readouterr().out
    assert "| chicago-express | heuristic | 3 random | 4 |" in table
    rows = json.loads(out.read_text())
    assert [r["bot"] for r in rows] == ["heuristic"]
    assert rows[0]["games"] == 4 and rows[0]["target"] == "win share >= 0.80"
    lo, hi = rows[0]["ci95"]
    assert 0.0 <= lo <= rows[0]["win_share"] <= hi <= 1.0
    lo, hi = rows[0]["mean_rank_ci95"]
    assert lo <= rows[0]["mean_rank"] <= hi


def test_every_match_seats_one_bot_against_three_copies() -> None:
    strength = _load("strength")
    for match in strength.MATCHES:
        assert len(match.bots) == 4 and match.bots[1:] == [match.field] * 3
        assert match.bot != match.field


def test_hard_rate_names_the_iteration_twin_of_hard(tmp_path: Path) -> None:
    strength = _load("strength")
    out = tmp_path / "rate.json"
    code = strength.main(["--hard-rate", "--scale", "0.1", "--only", "chicago-express",
                          "--json", str(out)])
    assert code == 0
    [row] = json.loads(out.read_text())
    assert row["title"] == "chicago-express" and row["positions"] == 4
    assert row["twin"].startswith("mcts:")
    assert abs(int(row["twin"][5:]) - 0.95 * row["median"]) <= 51  # to the hundred


def test_only_takes_a_title_alias_and_refuses_an_unknown_title(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    strength = _load("strength")
    out = tmp_path / "rate.json"
    assert strength.main(["--hard-rate", "--scale", "0.1", "--only", "ts",
                          "--json", str(out)]) == 0
    assert [row["title"] for row in json.loads(out.read_text())] == ["trans-siberian"]
    with pytest.raises(SystemExit) as stop:  # it once printed an empty table
        strength.main(["--hard-rate", "--only", "chess"])
    assert stop.value.code == 2
    assert "--only: unknown game 'chess'" in capsys.readouterr().err


def _tournament(tmp_path: Path, name: str, bots: str, seed: int = 5) -> str:
    from cuberail.cli.main import main

    out = tmp_path / name
    assert main(["tournament", "ce", "--players", "3", "--bots", bots, "--games", "6",
                 "--seed", str(seed), "--out", str(out)]) == 0
    return str(out)


def test_paired_compares_the_first_bot_game_by_game(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    paired = _load("paired")
    a = _tournament(tmp_path, "a", "heuristic,random,random")
    b = _tournament(tmp_path, "b", "easy,random,random")
    ranks_a, ranks_b = paired.first_bot_ranks(a).ranks, paired.first_bot_ranks(b).ranks
    assert sorted(ranks_a) == sorted(ranks_b) == list(range(6))
    n, mean, low, high = paired.paired(ranks_a, ranks_b)
    diff = [ranks_a[g] - ranks_b[g] for g in range(6)]
    assert n == 6 and mean == pytest.approx(sum(diff) / 6) and low <= mean <= high
    capsys.readouterr()
    assert paired.main([a, b]) == 0
    assert f"heuristic minus easy, 6 games paired: mean rank difference {mean:+.3f}" in (
        capsys.readouterr().out)


def test_paired_refuses_tables_that_differ_beyond_the_first_bot(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    paired = _load("paired")
    a = _tournament(tmp_path, "a", "heuristic,random,random")
    b = _tournament(tmp_path, "b", "heuristic,random,random", seed=6)
    capsys.readouterr()
    assert paired.main([a, b]) == 2
    assert "the tables differ (title, seed, other seats)" in capsys.readouterr().err
    assert paired.main([a, str(tmp_path / "nowhere")]) == 2
    assert "give a `cuberail tournament --out` folder" in capsys.readouterr().err
    (tmp_path / "bad").mkdir()
    (tmp_path / "bad" / "summary.json").write_text('{"bots": ["x"]}', encoding="utf-8")
    assert paired.main([a, str(tmp_path / "bad")]) == 2
    assert "not a tournament summary" in capsys.readouterr().err


def test_rate_prints_each_search_at_the_same_positions_and_refuses_a_timed_one(
        capsys: pytest.CaptureFixture[str]) -> None:
    strength = _load("strength")
    assert strength.main(["--rate", "mcts:20,mcts:20:learned", "--only", "ts",
                          "--scale", "0.1"]) == 0
    rows = [line.split("|") for line in capsys.readouterr().out.splitlines()
            if line.startswith("| trans-siberian")]
    assert [r[2].strip() for r in rows] == ["mcts:20", "mcts:20:learned"]
    assert all(r[3].strip() == "4" and float(r[4]) > 0 for r in rows)
    with pytest.raises(SystemExit) as stop:
        strength.main(["--rate", "mcts:0.1s", "--only", "ts"])
    assert stop.value.code == 2
    assert "searches by iterations are rated" in capsys.readouterr().err


def test_soak_runs_a_short_while_and_reports_memory_requests_and_sockets(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    soak = _load("soak_web")
    out = tmp_path / "soak.json"
    assert soak.main(["--minutes", "0.15", "--games", "2", "--interval", "0.3",
                      "--stay", "2", "--sample", "2", "--json", str(out)]) == 0
    text = capsys.readouterr().out
    assert "server RSS:" in text and "(target <= 1.10)" in text
    report = json.loads(out.read_text())
    assert len(report["samples"]) >= 3 and report["ratio"] > 0
    assert all(row["VmRSS"] > 0 for row in report["samples"])
    requests = report["requests"]
    assert requests["create 201"] >= 2 and requests.get("move 200", 0) > 0
    assert not [key for key in requests if not key.split()[-1].startswith(("2", "4"))]
    assert report["sockets"]["opened"] >= 8
    # the only lines the server may log: its full collections' pauses (server.gcpause warns
    # past 100 ms; the first comes at start-up, longer on a busy machine)
    assert [line for line in report["log"]
            if not line.startswith("full garbage collection:")] == []


def test_load_flood_comparison_runs_three_windows_on_one_server(
        capsys: pytest.CaptureFixture[str]) -> None:
    load = _load("load_web")
    assert load.main(["--games", "4", "--interval", "0.5", "--duration", "1",
                      "--flood", "2", "--compare-flood", "--settle", "0.5",
                      "--server-args", "--http httptools"]) == 0
    text = capsys.readouterr().out
    assert "server options: --http httptools" in text
    assert [line.startswith("  flood, 2 clients:") for line in text.splitlines()
            if line.startswith("  flood")] == [True]
    assert "phase 3 of 3" in text and "move POST p99" in text and "(target <= 2x)" in text


def test_make_dataset_writes_parquet_shards_a_card_and_a_manifest(tmp_path: Path) -> None:
    pytest.importorskip("pyarrow")
    import pyarrow.parquet as pq

    make_dataset = _load("make_dataset")
    out = tmp_path / "ds"
    assert make_dataset.main(["--out", str(out), "--games", "2", "--only", "trans-siberian"]) == 0
    manifest = json.loads((out / "manifest.json").read_text())
    [entry] = manifest["titles"]
    assert manifest["licence"] == "CC0-1.0" and manifest["bots"] == "medium"
    assert entry["games"] == 2 and entry["decisions"] > 0
    [(name, digest)] = entry["shards"].items()
    shard = out / "trans-siberian" / name
    assert digest == make_dataset.sha256(shard)
    table = pq.read_table(shard)
    assert table.num_rows == entry["decisions"]
    assert "CC0-1.0" in (out / "DATASET.md").read_text()


def test_make_dataset_refuses_a_zero_game_count(capsys: pytest.CaptureFixture[str]) -> None:
    make_dataset = _load("make_dataset")
    with pytest.raises(SystemExit):
        make_dataset.main(["--out", "unused", "--games", "0"])
    assert "at least 1" in capsys.readouterr().err


def test_hint_follow_from_the_start_plays_the_opening_by_the_hint() -> None:
    """``--from-start``: the hint seat asks the hint from its first move (no medium
    opening); without it, medium plays until the opening auctions are over."""
    follow = _load("hint_follow")
    opened = follow.OPENED["chicago-express"]
    asked: list[bool] = []
    for start in (True, False):
        seat = follow.HintSeat(1, True, 20, opened, from_start=start)
        state = get_game("chicago-express").new_game(3)
        seat.medium.choose = lambda s, asked=asked: asked.append(True) or s.legal_actions()[0]
        action = seat.choose(state)
        assert action in state.legal_actions()
        assert seat.opened is start
    assert asked == [True]  # only without --from-start did medium play the opening move
    row = follow.one(("chicago-express", 0, True, ["random", "random"], 20, True, False,
                      False))
    assert set(row) == {"new", "game", "rank", "score", "top", "won", "points"}
    kept = follow.one(("chicago-express", 0, True, ["random", "random"], 20, True, True,
                       False))
    assert set(kept) == set(row)  # --plan: the hint with its plan kept
    for new in (False, True):  # --avoid: the table's dangers avoided by CLOSE, by AVOID
        avoided = follow.one(("trans-siberian", 0, new, ["random", "random"], 20, True,
                              False, True))
        assert set(avoided) == set(row)


def test_hint_noise_prints_both_spreads(capsys: pytest.CaptureFixture[str]) -> None:
    noise = _load("hint_noise")
    assert noise.main(["--title", "chicago-express", "--games", "1", "--iterations", "20",
                       "--every", "40"]) == 0
    out = capsys.readouterr().out
    assert "same position, two seeds: " in out and "one hint to the next: " in out
    median, p90, most = noise.spread([0.1, 0.3, 0.2, 0.0]).split(" / ")
    assert (median, most) == ("0.150", "0.300") and 0.2 <= float(p90) <= 0.3
    assert noise.spread([]) == "-" and noise.spread([0.5]) == "0.500"
