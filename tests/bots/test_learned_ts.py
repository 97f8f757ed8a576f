"""The learned evaluation for Trans-Siberian: the shipped weights (v1) and its own cut-off,
candidate weights screened through ``CUBERAIL_LEARNED_WEIGHTS``, the checks that
refuse a file that does not fit, the search playing with it, and training from Trans-Siberian
games."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from kitviews import CUTOFFS, ship

from cuberail.bots import learned
from cuberail.bots.arena import play_game
from cuberail.bots.evaluate import evaluator_for
from cuberail.bots.mcts import MCTSBot, title_settings
from cuberail.bots.registry import make_bot
from cuberail.bots.trans_siberian.fast import evaluate
from cuberail.bots.trans_siberian.features import (
    FEATURE_NAMES,
    FEATURE_VERSION,
    HAND_WEIGHTS,
    LinearEvaluator,
)
from cuberail.core.errors import CuberailError
from cuberail.games import get_game
from cuberail.games.trans_siberian import RULES_VERSION

TITLE = "trans-siberian"
ROOT = Path(__file__).resolve().parents[2]


def _control_file() -> dict[str, Any]:
    """The hand-tuned evaluator written as a weights file (the control of every screen)."""
    return {"format": learned.FORMAT, "format_version": learned.FORMAT_VERSION, "title": TITLE,
            "rules_version": RULES_VERSION, "feature_version": FEATURE_VERSION,
            "features": list(FEATURE_NAMES), "weights": list(HAND_WEIGHTS)}


@pytest.fixture
def candidate(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """The control written to a file and named by the screening variable."""
    path = tmp_path / "control.json"
    path.write_text(json.dumps(_control_file()), encoding="utf-8")
    monkeypatch.setattr(learned, "_CACHE", {})
    monkeypatch.setenv(learned.WEIGHTS_ENV, str(path))
    return path


def _shipped_file() -> dict[str, Any]:
    with open(Path(learned.WEIGHTS_DIR) / str(learned.shipped_file(TITLE)), encoding="utf-8") as f:
        data: dict[str, Any] = json.load(f)
    return data


def test_without_a_candidate_learned_uses_the_shipped_weights(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(learned.WEIGHTS_ENV, raising=False)
    monkeypatch.setattr(learned, "_CACHE", {})
    chosen = evaluator_for(TITLE, "learned")
    assert isinstance(chosen, LinearEvaluator)
    assert chosen.weights == _shipped_file()["weights"]
    assert evaluator_for(TITLE, "hand") is evaluate


def test_the_shipped_file_names_this_build_and_the_command_that_trains_it() -> None:
    data = _shipped_file()
    assert (data["title"], data["rules_version"], data["feature_version"]) == (
        TITLE, RULES_VERSION, FEATURE_VERSION)
    assert data["features"] == list(FEATURE_NAMES)
    assert learned.load_weights(TITLE) == data["weights"]
    command = data["training"]["command"]
    assert command.startswith("python benchmarks/train_eval.py trans-siberian --seed 21")
    assert "--out" not in command  # without --out it writes the shipped file itself
    fitted = dict(zip(FEATURE_NAMES, data["weights"], strict=True))
    free = data["training"]["fitted"]
    assert all(fitted[name] > 0 for name in free)
    assert all(fitted[name] == 0 for name in FEATURE_NAMES if name not in free)


def test_the_shipped_model_forecasts_held_out_positions_better_than_the_hand_tuned_one() -> None:
    held = _shipped_file()["training"]["held_out"]
    assert held["learned"]["log_loss"] < held["uniform"]["log_loss"] < held["hand"]["log_loss"]


@pytest.mark.parametrize(("spec", "expected"), [
    ("mcts:0.05s:learned", (40, 0.5)),  # the learned evaluation's own cut-off
    ("mcts:200:learned", (40, 0.5)),
    ("mcts:0.05s", (100, 0.5)),  # the hand-tuned one keeps the title's
    ("mcts:0.05s:learned:cut70", (70, 0.5)),  # a cut named in the bot wins
    ("mcts:0.25s:learned", (40, 1.4)),  # a large budget keeps its UCT constant
    ("mcts:2000:learned", (40, 1.4)),
    ("mcts:2000", (60, 1.4)),
])
def test_the_learned_search_cuts_rollouts_at_its_own_cut_off(
        spec: str, expected: tuple[int, float]) -> None:
    bot = make_bot(spec, 1)
    assert isinstance(bot, MCTSBot)
    assert title_settings(TITLE, bot.config) == expected


def test_chicago_express_learned_search_keeps_the_title_cut_off() -> None:
    bot = make_bot("mcts:0.05s:learned", 1)
    assert isinstance(bot, MCTSBot)
    assert title_settings("chicago-express", bot.config) == (CUTOFFS["chicago-express"], 1.4)


def test_a_candidate_file_replaces_the_evaluator_and_the_control_matches_the_hand_one(
        candidate: Path) -> None:
    chosen = evaluator_for(TITLE, "learned")
    assert isinstance(chosen, LinearEvaluator) and chosen.weights == list(HAND_WEIGHTS)
    state = get_game(TITLE).new_game(4)
    assert chosen(state) == pytest.approx(evaluate(state), rel=1e-9)
    assert evaluator_for(TITLE, "hand") is evaluate


def test_no_shipped_weights_is_refused_naming_the_screening_variable(
        monkeypatch: pytest.MonkeyPatch) -> None:
    ship(monkeypatch, TITLE, None)
    with pytest.raises(CuberailError, match=f"no learned weights shipped for '{TITLE}'.*"
                                            f"{learned.WEIGHTS_ENV}=FILE"):
        learned.load_weights(TITLE)


def test_a_title_without_features_is_refused_by_name() -> None:
    with pytest.raises(CuberailError, match="no learned evaluation for 'chess'; titles with"
                                            " features: chicago-express, trans-siberian"):
        learned.features_for("chess")


@pytest.mark.parametrize(("change", "words"), [
    ({"title": "chicago-express"}, "weights for 'chicago-express', not 'trans-siberian'"),
    ({"rules_version": RULES_VERSION + 1}, f"rules version {RULES_VERSION + 1}"),
    ({"feature_version": FEATURE_VERSION + 1}, f"feature version {FEATURE_VERSION + 1}"),
    ({"features": list(FEATURE_NAMES[:-1])}, "feature names differ"),
    ({"weights": list(HAND_WEIGHTS[:-1])}, f"must be {len(FEATURE_NAMES)} finite numbers"),
    ({"weights": [*HAND_WEIGHTS[:-1], "1.0"]}, "finite numbers"),
])
def test_a_trans_siberian_file_that_does_not_fit_is_refused_saying_why(
        tmp_path: Path, change: dict[str, Any], words: str) -> None:
    path = tmp_path / "w.json"
    path.write_text(json.dumps({**_control_file(), **change}), encoding="utf-8")
    with pytest.raises(CuberailError, match=words.replace("(", r"\(")):
        learned.load_weights(TITLE, str(path))


def test_a_chicago_express_file_named_for_a_trans_siberian_search_stops_it_clearly(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    ce = Path(learned.WEIGHTS_DIR) / str(learned.shipped_file("chicago-express"))
    monkeypatch.setattr(learned, "_CACHE", {})
    monkeypatch.setenv(learned.WEIGHTS_ENV, str(ce))
    with pytest.raises(CuberailError, match="weights for 'chicago-express', not 'trans-siberian'"):
        make_bot("mcts:10:learned", 1).choose(get_game(TITLE).new_game(4))


def test_the_search_with_a_candidate_plays_complete_legal_games(candidate: Path) -> None:
    """``play_game`` applies every move with the rules' checks: an illegal one would raise."""
    outcome = play_game(TITLE, ["mcts:20:learned:cut10", "heuristic", "mcts:20", "random"], 5, 0)
    assert outcome.decisions > 30 and sum(outcome.returns) == pytest.approx(1.0)


def test_training_from_trans_siberian_games_is_reproducible_and_loads(tmp_path: Path) -> None:
    pytest.importorskip("numpy")
    from cuberail.bots.train_eval import DataSpec, train

    spec = DataSpec(TITLE, seed=3, games=4, search_games=2, search_bot="mcts:5", sample=0.3,
                    holdout=3, leaf=10)
    first = train(spec, free=("cash/T", "public/T", "dividends/T"))
    assert first == train(spec, free=("cash/T", "public/T", "dividends/T"))
    assert first["title"] == TITLE and first["training"]["positions"] > 20
    fitted = dict(zip(FEATURE_NAMES, first["weights"], strict=True))
    assert fitted["cash/T"] != 0 and fitted["to_move"] == 0
    path = tmp_path / "w.json"
    path.write_text(json.dumps(first), encoding="utf-8")
    assert learned.load_weights(TITLE, str(path)) == first["weights"]
    assert first["training"]["command"].startswith(
        f"python benchmarks/train_eval.py {TITLE} --seed 3")


def _cli(*args: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": str(ROOT / "src")}
    return subprocess.run([sys.executable, str(ROOT / "benchmarks" / "train_eval.py"), *args],
                          capture_output=True, text=True, env=env, timeout=300, check=False)


def test_the_training_command_needs_out_for_a_title_without_shipped_weights(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    """Run in this process, with the title's shipped file taken out of its kit (the
    script reads the same kit): a subprocess would write over the shipped weights."""
    from tests.test_benchmark_scripts import _load

    ship(monkeypatch, TITLE, None)
    with pytest.raises(SystemExit) as stop:
        _load("train_eval").main([TITLE, "--games", "3", "--search-games", "0",
                                  "--holdout", "3"])
    assert stop.value.code == 2
    assert "has no shipped weights file to write: give --out" in capsys.readouterr().err


def test_the_training_command_writes_a_trans_siberian_candidate(tmp_path: Path) -> None:
    pytest.importorskip("numpy")
    out = tmp_path / "candidate.json"
    done = _cli(TITLE, "--games", "3", "--search-games", "0", "--holdout", "3", "--sample",
                "0.3", "--fit", "cash/T,public/T", "--out", str(out))
    assert done.returncode == 0, done.stderr
    data = json.loads(out.read_text(encoding="utf-8"))
    assert learned.check_weights(data, TITLE, str(out)) == data["weights"]
