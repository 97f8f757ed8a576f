"""benchmarks/share_value.py: the dividends each share paid, traced through recorded games."""

from __future__ import annotations

import importlib.util
import json
import sys
from pathlib import Path
from types import ModuleType

import pytest

from cuberail.bots.arena import play_game

BENCHMARKS = Path(__file__).resolve().parent.parent.parent / "benchmarks"
TITLE = "chicago-express"


def _tool() -> ModuleType:
    spec = importlib.util.spec_from_file_location("share_value", BENCHMARKS / "share_value.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["share_value"] = module
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="module")
def folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("records")
    for game in range(3):
        outcome = play_game(TITLE, ["heuristic", "easy", "heuristic", "random"], 5, game)
        (out / f"game-{game:04d}.json").write_text(json.dumps(outcome.record), encoding="utf-8")
    return out


def test_every_players_cash_is_the_start_less_prices_plus_dividends_ce_8_1(folder: Path) -> None:
    """Player cash moves only by auctions and dividends (CE-3.3, CE-4.4, CE-7.1, CE-8.1)."""
    tool = _tool()
    for path in sorted(folder.glob("game-*.json")):
        purchases, state = tool.replay(json.loads(path.read_text(encoding="utf-8")))
        assert purchases
        for seat in range(state.num_players):
            mine = [p for p in purchases if p.seat == seat]
            assert state.cash[seat] == 30 + sum(p.paid - p.price for p in mine)
        assert sum(p.setup for p in purchases) == 4  # one share of each eastern company (CE-2.1)


def test_every_share_sold_is_one_purchase_with_its_buyers_bot(folder: Path) -> None:
    tool = _tool()
    record = json.loads((folder / "game-0000.json").read_text(encoding="utf-8"))
    purchases, state = tool.replay(record)
    assert len(purchases) == sum(state.sold)
    assert {p.buyer for p in purchases} <= {"heuristic", "easy", "random"}
    assert all(p.forecast >= 0 and p.price >= 0 for p in purchases)


def test_the_table_has_a_row_for_all_setup_stages_and_buyers(
        folder: Path, capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    tool = _tool()
    out = tmp_path / "p.json"
    assert tool.main([str(folder), "--json", str(out)]) == 0
    text = capsys.readouterr().out
    assert "| all |" in text and "| in the setup auctions |" in text
    assert "| later, after 0 dividends |" in text and "| bought by heuristic |" in text
    assert len(json.loads(out.read_text(encoding="utf-8"))) == int(text.split("| all | ")[1]
                                                                   .split(" ")[0])


def test_the_calibration_line_is_the_least_squares_fit_of_paid_on_forecast(
        folder: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Shares that paid exactly their forecast give slope 1 and intercept 0; the printed line
    is the fit over the recorded games' shares."""
    tool = _tool()

    def bought(forecast: float, paid: int) -> object:
        return tool.Purchase(0, "heuristic", 0, 0, False, 0, 5, forecast, paid)

    exact = [bought(f, int(f)) for f in (4.0, 9.0, 20.0)]
    assert tool.calibration(exact) == ("paid = 0.00 + 1.000 x forecast (least squares over 3"
                                       " shares)")
    doubled = [bought(f, int(2 * f + 3)) for f in (4.0, 9.0, 20.0)]
    assert tool.calibration(doubled).startswith("paid = 3.00 + 2.000 x forecast")
    assert tool.calibration(exact[:1]).startswith("too few shares")
    assert tool.calibration([bought(4.0, 1), bought(4.0, 9)]).startswith("too few shares")
    assert tool.main([str(folder)]) == 0
    assert "x forecast (least squares over" in capsys.readouterr().out.splitlines()[-1]


def test_a_folder_without_records_is_refused_by_name(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert _tool().main([str(tmp_path)]) == 2
    assert "no game records (game-*.json)" in capsys.readouterr().err


def test_a_record_of_another_title_is_refused(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    outcome = play_game("trans-siberian", ["random"] * 3, 1, 0)
    (tmp_path / "game-0000.json").write_text(json.dumps(outcome.record), encoding="utf-8")
    assert _tool().main([str(tmp_path)]) == 2
    assert "not chicago-express" in capsys.readouterr().err


def test_a_broken_record_is_refused_with_its_path(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "game-0000.json").write_text("{", encoding="utf-8")
    assert _tool().main([str(tmp_path)]) == 2
    err = capsys.readouterr().err
    assert "record refused" in err and "game-0000.json is not JSON" in err


def test_a_record_with_an_illegal_move_is_refused_with_its_path(
        folder: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    record = json.loads((folder / "game-0000.json").read_text(encoding="utf-8"))
    record["actions"][3] = "develop A2"
    (tmp_path / "game-0000.json").write_text(json.dumps(record), encoding="utf-8")
    assert _tool().main([str(tmp_path)]) == 2
    err = capsys.readouterr().err
    assert "game-0000.json: not a replayable chicago-express record" in err
