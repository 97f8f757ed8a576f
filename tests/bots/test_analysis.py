"""Analysis of a game (bots/analysis.py) and ``cuberail analyse``."""

from __future__ import annotations

import itertools
import json
import random
import re
from pathlib import Path

import pytest

from cuberail.bots.analysis import Decision, analyse, analysis_bot, positions, swings
from cuberail.cli.main import main
from cuberail.cli.titles import load_view
from cuberail.core.actions import Action
from cuberail.core.record import Record, new_record, start_state
from cuberail.games import get_game


def short_record(title: str, steps: int, seed: int = 3) -> Record:
    info = get_game(title)
    state = info.new_game(3)
    record = new_record(info, ["ann", "bob", "cy"], {})
    rng = random.Random(seed)
    while len(record.actions) < steps and not state.is_terminal():
        legal = state.legal_actions()
        action = legal[rng.randrange(len(legal))]
        state.apply(action)
        record.actions.append(action)
    return record


@pytest.mark.parametrize("title", ["chicago-express", "trans-siberian"])
def test_one_decision_per_action_with_chances_that_chain(title: str) -> None:
    record = short_record(title, 25)
    info = get_game(title)
    start = info.new_game(3)
    decisions = analyse(start, record.actions, analysis_bot(None, 30, 1))
    assert [d.index for d in decisions] == list(range(25))
    assert [d.action for d in decisions] == record.actions
    state = info.new_game(3)
    for d in decisions:
        assert d.seat == state.current_player()
        assert d.forced == (len(state.legal_actions()) == 1)
        assert abs(sum(d.before) - 1) < 1e-6 and abs(sum(d.after) - 1) < 1e-6
        state.apply(d.action)
    for a, b in itertools.pairwise(decisions):
        assert a.after == b.before
    assert start.to_json() == info.new_game(3).to_json()  # the start is left alone


def test_a_whole_game_ends_on_its_result() -> None:
    info = get_game("chicago-express")
    state = info.new_game(2)
    actions, rng = [], random.Random(4)
    while not state.is_terminal():
        legal = state.legal_actions()
        actions.append(legal[rng.randrange(len(legal))])
        state.apply(actions[-1])
    decisions = analyse(info.new_game(2), actions, analysis_bot(None, 5, 1))
    assert decisions[-1].after == state.returns()


def decision(best: str, played: str, best_value: float, played_value: float) -> Decision:
    return Decision(0, 0, Action.from_text(played), False, [0.5, 0.5], [0.5, 0.5],
                    Action.from_text(best), best_value, played_value, 100)


def test_loss_and_flags() -> None:
    assert decision("pass", "bid 9", 0.6, 0.4).loss == pytest.approx(0.2)
    assert decision("pass", "bid 9", 0.6, 0.4).flag == "blunder"
    assert decision("pass", "bid 9", 0.5, 0.42).flag == "mistake"
    assert decision("pass", "bid 9", 0.5, 0.46).flag == "inaccuracy"
    assert decision("pass", "bid 9", 0.5, 0.49).flag is None
    assert decision("pass", "pass", 0.6, 0.1).loss == 0  # the preferred move costs nothing
    assert decision("pass", "bid 9", 0.3, 0.4).loss == 0  # never negative
    worst = [decision("pass", "bid 9", 0.6, 0.3), decision("pass", "bid 9", 0.6, 0.5),
             decision("pass", "bid 9", 0.9, 0.3)]
    assert [d.played_value for d in swings(worst)] == [0.3, 0.3, 0.5]


def test_cli_writes_one_entry_per_action(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    record = short_record("chicago-express", 12)
    path = tmp_path / "game.json"
    record.save(path)
    out = tmp_path / "analysis.json"
    assert main(["analyse", str(path), "--iterations", "20", "--json", str(out)]) == 0
    data = json.loads(out.read_text())
    assert [a["action"] for a in data["actions"]] == [a.text() for a in record.actions]
    assert all(a["label"] for a in data["actions"])
    assert "costliest moves" in capsys.readouterr().out


def test_cli_prints_names_that_look_like_markup_as_they_are(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A player named "[/b]" or "[red]x" is data: Rich markup would raise or eat it."""
    record = short_record("chicago-express", 40)
    record.players = ["[/b]", "[red]x", "cy"]
    path = tmp_path / "game.json"
    record.save(path)
    assert main(["analyse", str(path), "--iterations", "5"]) == 0
    out = capsys.readouterr().out
    assert "[/b]" in out and "[red]x" in out


def test_the_flag_counts_are_singular_for_one() -> None:
    from cuberail.cli.analyse import counted

    assert (counted(0, "blunder"), counted(1, "mistake"), counted(2, "mistake")) == (
        "0 blunders", "1 mistake", "2 mistakes")


@pytest.mark.parametrize(("args", "message"), [
    (["--seconds", "0"], "--seconds must be from 0.01"),
    (["--iterations", "0"], "--iterations must be from 1"),
    (["--json", "/nonexistent/dir/a.json"], "does not exist"),
])
def test_cli_refuses_bad_budgets_and_outputs_before_working(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], args: list[str], message: str) -> None:
    path = tmp_path / "game.json"
    short_record("chicago-express", 5).save(path)
    assert main(["analyse", str(path), *args]) == 2
    assert message in capsys.readouterr().err


@pytest.mark.parametrize("title", ["chicago-express", "trans-siberian"])
def test_analysis_searches_as_the_bot_plays(title: str) -> None:
    """An analysis search uses the title's rollout policy, evaluator, pruning and cut-off,
    as the bot's own moves do (it once searched with the generic defaults)."""
    from kitviews import CUTOFFS

    from cuberail.bots.evaluate import evaluator_for
    from cuberail.bots.rollout import fast_policy_for

    state = get_game(title).new_game(3)
    bot = analysis_bot(None, 20, 1)
    bot.search(state)
    assert bot._policy is fast_policy_for(title)
    assert bot._evaluate is evaluator_for(title)
    assert bot._cutoff == CUTOFFS[title]
    mover = analysis_bot(None, 20, 1)
    mover.choose(state)
    assert bot.root_values() == mover.root_values()


def test_cli_words_the_preferred_move_and_tells_same_named_seats_apart(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """The report listed the engine's preferred move as its ids ("link bratsk-ustkut
    pay:red,blue,blue") and three bots as "medium: 6 blunders", "medium: 4 blunders"."""
    record = short_record("trans-siberian", 60)
    record.players = ["medium", "medium", "hard"]
    path = tmp_path / "game.json"
    record.save(path)
    out = tmp_path / "analysis.json"
    assert main(["analyse", str(path), "--iterations", "30", "--top", "40",
                 "--json", str(out)]) == 0
    printed = capsys.readouterr().out
    data = json.loads(out.read_text())
    view = load_view("trans-siberian")
    states = list(positions(start_state(record, get_game), record.actions))
    preferred = [(a["index"], a["best"], a["best_label"]) for a in data["actions"]
                 if a["best"] is not None]
    assert preferred
    for index, best, words in preferred:
        assert words == view.describe_action(states[index], Action.from_text(best))
    assert not re.search(r"pay:|link [a-z]+[-+]", printed)  # no engine ids in the table
    assert "medium (seat 1):" in printed and "medium (seat 2):" in printed
    assert "hard:" in printed


def test_cli_marks_the_hints_moves_and_says_why_the_two_may_differ(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """The 36th newcomer run followed a hint ("pass on the white share") that `cuberail
    analyse` then listed as a blunder, and read it as a contradiction. The table keeps
    each hint it gave in the record's meta; the report marks the costly moves that were
    the hint's and says that the two searches can disagree. A hint not played, or a
    garbled entry, marks nothing."""
    record = short_record("chicago-express", 60)
    path = tmp_path / "game.json"
    record.save(path)
    out = tmp_path / "plain.json"
    assert main(["analyse", str(path), "--iterations", "20", "--top", "60",
                 "--json", str(out)]) == 0
    assert "the hint's move" not in capsys.readouterr().out
    flagged = [a["index"] for a in json.loads(out.read_text())["actions"] if a["flag"]]
    assert flagged
    first, other = flagged[0], next(i for i in range(len(record.actions)) if i != flagged[0])
    record.meta["hints"] = {str(first): [0, record.actions[first].text()],
                            str(other): [0, "pass-not-played"], "x": [0, "y"]}
    record.save(path)
    assert main(["analyse", str(path), "--iterations", "20", "--top", "60"]) == 0
    printed = capsys.readouterr().out
    assert printed.count("(the hint's move)") == 2, printed  # the row and the note
    assert "this analysis searches each position again" in " ".join(printed.split())
