"""Self-play data: what a shard holds, the loader, and ``cuberail selfplay`` end to end."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

np = pytest.importorskip("numpy")
pytest.importorskip("gymnasium")

from cuberail.cli.main import main  # noqa: E402
from cuberail.env import selfplay  # noqa: E402
from cuberail.env.actions import action_table  # noqa: E402
from cuberail.env.observe import layout_for  # noqa: E402


@pytest.mark.parametrize("title", ["chicago-express", "trans-siberian"])
def test_a_shard_holds_observation_mask_visits_and_outcome_per_decision(
        title: str, tmp_path: Path) -> None:
    name, data, n = selfplay.play_shard(title, ["mcts:12", "random", "heuristic"], 4, [0, 1])
    assert name == f"{title}-s4-g000000-000001.npz"
    selfplay.write_shard(tmp_path, name, data)
    d = selfplay.load(tmp_path)
    assert len(d) == n > 0
    assert d.obs.shape == (n, layout_for(title).size)
    masks, policies = d.masks(), d.policies()
    assert masks.shape == policies.shape == (n, action_table(title).size)
    assert masks[np.arange(n), d.action].all()  # the move played was legal
    assert not (policies[~masks] > 0).any()  # visits only on legal ids
    assert np.allclose(policies.sum(axis=1), 1.0)
    searched = d.game_index.tolist() == [0, 1] and d.meta[0]["bots"]["0"][0] == "mcts:12"
    assert searched
    # The search's visits: game 0 seats mcts:12 at seat 0; its searched decisions spread visits.
    mcts_rows = (d.game == 0) & (d.player == 0) & (masks.sum(axis=1) > 1)
    assert (d.policy_visits.sum() > n) and mcts_rows.any()
    for g, scores in zip(d.game_index, d.game_scores, strict=True):
        rows = d.game == g
        winners = scores == scores.max()
        share = 1.0 / winners.sum()
        expected = np.where(winners[d.player[rows]], share, 0.0)
        assert np.allclose(d.outcome[rows], expected)


def test_the_loader_joins_shards_and_refuses_a_missing_path(tmp_path: Path) -> None:
    for r in selfplay.shard_ranges(3, 2):
        name, data, _ = selfplay.play_shard("ce", ["random"] * 3, 1, r)
        selfplay.write_shard(tmp_path, name, data)
    d = selfplay.load(tmp_path)
    assert sorted(set(d.game.tolist())) == [0, 1, 2]
    assert d.policy_offsets[-1] == len(d.policy_ids) and len(d.policy_offsets) == len(d) + 1
    with pytest.raises(Exception, match="no self-play data"):
        selfplay.load(tmp_path / "nothing-here")


def test_selfplay_command_writes_shards_by_game_range(tmp_path: Path,
                                                      capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "data"
    code = main(["selfplay", "ts", "--bots", "random", "--players", "3", "--games", "3",
                 "--shard-games", "2", "--first-game", "10", "--out", str(out)])
    assert code == 0
    names = sorted(p.name for p in out.iterdir())
    assert names == ["trans-siberian-s1-g000010-000011.npz", "trans-siberian-s1-g000012-000012.npz"]
    report = json.loads(capsys.readouterr().out)
    assert report["games"] == 3 and report["shards"] == 2
    assert len(selfplay.load(out)) == report["decisions"]


@pytest.mark.parametrize("argv, words", [
    (["--games", "0"], "at least 1"),
    (["--bots", "nobody"], "unknown bot"),
    (["--players", "9"], "2 to 6 players"),
])
def test_selfplay_command_refuses_bad_input_in_one_line(
        argv: list[str], words: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["selfplay", "ce", "--out", str(tmp_path / "x"), *argv])
    assert code == 2
    err = capsys.readouterr().err
    assert words in err and err.count("\n") == 1
