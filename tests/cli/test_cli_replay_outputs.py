"""`cuberail replay --svg`, `--summary` and `--chart` (issue 12): the board drawing of a
position, the dividends per player per round, and the cash over the game."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
from clirun import random_record

from cuberail.bots.registry import make_bot
from cuberail.cli.charts import plot_label
from cuberail.cli.main import main
from cuberail.cli.records import load_record, save_record
from cuberail.cli.summary import cash_story
from cuberail.core.record import new_record, replay
from cuberail.draw import svg_for
from cuberail.games import get_game
from cuberail.games.chicago_express.board import CHICAGO

Capsys = pytest.CaptureFixture[str]
TITLES = ["chicago-express", "trans-siberian"]


def run(capsys: Capsys, *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def saved(tmp_path: Path, title: str = "chicago-express", names: list[str] | None = None,
          seed: int = 3) -> Path:
    path = tmp_path / "game.json"
    random_record(title, players=3, seed=seed, names=names).save(path)
    return path


# ----- --svg ---------------------------------------------------------------------------------


@pytest.mark.parametrize("title", TITLES)
def test_svg_is_the_board_drawing_of_the_position_at_n(tmp_path: Path, capsys: Capsys,
                                                       title: str) -> None:
    path = saved(tmp_path, title)
    record = load_record(path)
    out = tmp_path / "board.svg"
    code, _out, err = run(capsys, "replay", str(path), "--at", "25", "--svg", str(out))
    assert code == 0, err
    expected = svg_for(title, replay(record, get_game, 25).to_json())
    assert out.read_text(encoding="utf-8") == expected
    assert f"written to {out}" in err
    assert sorted(p.name for p in tmp_path.iterdir()) == ["board.svg", "game.json"]  # no temp


@pytest.mark.parametrize(("target", "message"), [
    ("{tmp}/no/such/b.svg", "the folder"), ("{tmp}", "is a folder"), ("{tmp}/a\x00.svg", "NUL"),
])
def test_an_unwritable_svg_path_is_refused_before_the_record_is_read(
        tmp_path: Path, capsys: Capsys, target: str, message: str) -> None:
    code, _out, err = run(capsys, "replay", str(tmp_path / "missing.json"),
                          "--svg", target.format(tmp=tmp_path))
    assert code == 2
    assert "--svg" in err and message in err and "missing.json" not in err


def test_svg_replaces_an_older_drawing_whole(tmp_path: Path, capsys: Capsys) -> None:
    path = saved(tmp_path)
    out = tmp_path / "board.svg"
    out.write_text("x" * 1_000_000)
    assert run(capsys, "replay", str(path), "--at", "0", "--svg", str(out))[0] == 0
    assert out.read_text(encoding="utf-8").startswith("<svg")
    assert "x" * 100 not in out.read_text(encoding="utf-8")


# ----- --summary -------------------------------------------------------------------------------


@pytest.mark.parametrize("title", TITLES)
@pytest.mark.parametrize("seed", [3, 8])
def test_the_cash_story_follows_every_dividend_to_the_final_cash(title: str, seed: int) -> None:
    """CE-8 general dividends and TS-6 interturns: one round per dividend paid."""
    record = random_record(title, players=3, seed=seed)
    final = replay(record, get_game)
    story = cash_story(record)
    assert len(story.cash) == len(record.actions) + 1
    assert list(story.cash[-1]) == final.cash  # type: ignore[attr-defined]
    assert story.rounds and story.rounds[-1].number == final.dividends  # type: ignore[attr-defined]
    for r in story.rounds:
        before, after = story.cash[r.action - 1], story.cash[r.action]
        assert r.cash == after
        assert r.gains == tuple(a - b for a, b in zip(after, before, strict=True))
        assert replay(record, get_game, r.action).dividends == r.number  # type: ignore[attr-defined]
        if not r.label:  # a counted dividend (the others are CE-7.1's, below)
            assert replay(record, get_game, r.action - 1).dividends < r.number  # type: ignore[attr-defined]


def test_the_chicago_dividend_has_a_row_of_its_own(tmp_path: Path, capsys: Capsys) -> None:
    """CE-7.1: a company reaching Chicago pays a dividend the general count leaves out; the
    summary names it (sixth newcomer run: Bot 2's end cash held a +$16 with no row)."""
    info = get_game("chicago-express")
    record = new_record(info, ["Ann", "Bo", "Cy"], {})
    state = info.new_game(3, record.options)
    bots = [make_bot("heuristic", seed=2 + i) for i in range(3)]
    while not state.is_terminal():
        action = bots[state.current_player()].choose(state)
        state.apply(action)
        record.actions.append(action)
    story = cash_story(record)
    chicago = [r for r in story.rounds if r.label]
    assert [r.label.split(":")[0] for r in chicago] == ["PRR reaches Chicago"]
    at = chicago[0].action
    assert replay(record, get_game, at).network[0] >> CHICAGO & 1  # type: ignore[attr-defined]
    assert not replay(record, get_game, at - 1).network[0] >> CHICAGO & 1  # type: ignore[attr-defined]
    assert any(g > 0 for g in chicago[0].gains)
    totals = [sum(r.gains[p] for r in story.rounds) for p in range(3)]
    counted = [sum(r.gains[p] for r in story.rounds if not r.label) for p in range(3)]
    assert totals != counted  # the Chicago dividend is in "all dividends"
    path = tmp_path / "game.json"
    save_record(record, path)
    code, out, _ = run(capsys, "replay", str(path), "--summary")
    assert code == 0 and "PRR reaches Chicago" in out


def test_summary_prints_a_row_per_dividend_with_the_final_cash(tmp_path: Path,
                                                               capsys: Capsys) -> None:
    names = ["[bold]Ann", "$x$", "Bo"]
    path = saved(tmp_path, names=names)
    record = load_record(path)
    final = replay(record, get_game)
    code, out, err = run(capsys, "replay", str(path), "--summary")
    assert code == 0, err
    for name in names:
        assert name in out
    for n in range(1, final.dividends + 1):  # type: ignore[attr-defined]
        assert f"dividend {n} " in out
    end = next(line for line in out.splitlines() if line.startswith("│ end"))
    for cash in final.cash:  # type: ignore[attr-defined]
        assert f"${cash}" in end


def test_summary_of_a_record_that_does_not_replay_is_refused(tmp_path: Path,
                                                             capsys: Capsys) -> None:
    record = random_record(players=3)
    record.actions.append(record.actions[0])  # after the end
    path = tmp_path / "bad.json"
    record.save(path)
    code, _out, err = run(capsys, "replay", str(path), "--summary")
    assert code == 2 and f"record refused: action {len(record.actions) - 1}" in err


# ----- --chart ---------------------------------------------------------------------------------


@pytest.mark.parametrize("title", TITLES)
def test_chart_writes_a_png_of_cash_over_time(tmp_path: Path, capsys: Capsys,
                                              title: str) -> None:
    pytest.importorskip("matplotlib")
    path = saved(tmp_path, title, names=["_hidden", "$\\frac{$", "Cy"])
    chart = tmp_path / "cash.png"
    code, out, err = run(capsys, "replay", str(path), "--chart", str(chart))
    assert code == 0, err
    assert chart.read_bytes().startswith(b"\x89PNG\r\n\x1a\n")
    assert out == "" and f"cash chart written to {chart}" in err


def test_chart_without_matplotlib_says_how_to_install_it_before_any_work(
        tmp_path: Path, capsys: Capsys, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "matplotlib", None)  # import fails
    chart = tmp_path / "cash.png"
    code, _out, err = run(capsys, "replay", str(tmp_path / "missing.json"), "--chart", str(chart))
    assert code == 2
    assert "--chart needs matplotlib: pip install 'cuberail[plot]'" in err
    assert not chart.exists()


def test_a_name_is_a_plot_label_shown_as_it_is() -> None:
    assert plot_label("$x$") == "\\$x\\$"
    assert plot_label("_me") == " _me"
    assert plot_label("Ann") == "Ann"


def test_a_trans_siberian_summary_ends_with_what_each_score_is_made_of(
        tmp_path: Path, capsys: Capsys) -> None:
    """The 26th newcomer run: the summary's table ends in cash, which is not the
    Trans-Siberian score (TS-9.2: cash plus public shares at value). It now says each."""
    from cuberail.terminal.trans_siberian.table import score_words

    path = saved(tmp_path, "trans-siberian", names=["Ann", "Bob", "Cy"])
    final = replay(load_record(path), get_game)
    code, out, err = run(capsys, "replay", str(path), "--summary")
    assert code == 0, err
    assert "scores at the end (cash + shares of public companies at their value):" in out
    flat = " ".join(out.split())
    for seat, name in enumerate(["Ann", "Bob", "Cy"]):
        assert f"{name}: {score_words(final, seat)}" in flat
    (tmp_path / "ce").mkdir()
    code, out, _ = run(capsys, "replay", str(saved(tmp_path / "ce")), "--summary")
    assert code == 0 and "scores at the end" not in out  # Chicago Express: the cash
