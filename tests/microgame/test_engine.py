"""Two Lines, the test plug-in title: its rules (TL-x in twolines/state.py) and the generic
conformance checks run over it exactly as over the real titles."""

from __future__ import annotations

import json
import random

import pytest
from invariants import INVARIANTS
from test_conformance import play_game
from twolines.state import LINES, SHARES

from cuberail.core import Action, GameState, IllegalActionError, Record, replay
from cuberail.core.record import new_record
from cuberail.games import get_game, moves_module, snapshot_model, titles


def test_the_plug_in_is_discovered_without_a_generic_edit(two_lines: str) -> None:
    assert two_lines in titles()
    assert get_game("tl").title == two_lines
    assert get_game(two_lines).package == "twolines"


def test_it_is_gone_after_the_test() -> None:
    assert "two-lines" not in titles()


def _opened(players: int = 3) -> object:
    state = get_game("two-lines").new_game(players)
    state.apply(Action("auction", ("red",)))
    return state


def test_tl_3_the_opener_must_bid_and_the_last_bidder_in_pays_the_company(two_lines: str) -> None:
    state = _opened()
    assert Action("pass") not in state.legal_actions()
    for text in ("bid 3", "bid 4", "pass", "pass"):
        state.apply_text(text)
    snap = state.to_json()
    assert snap["players"][1]["shares"] == {"red": 1} and snap["players"][1]["cash"] == 8
    assert snap["companies"][0]["treasury"] == 4 and snap["step"] == "turn"
    assert snap["current_player"] == 1


def test_tl_2_a_build_needs_a_share_and_two_dollars(two_lines: str) -> None:
    state = _opened(2)
    state.apply_text("bid 1")
    state.apply_text("pass")  # seat 0 wins red for $1: its treasury cannot pay a build
    assert Action("build", ("red",)) not in state.legal_actions()
    with pytest.raises(IllegalActionError, match="TL-2"):
        state.apply(Action("build", ("red",)))


def test_tl_4_the_dividend_divides_income_by_sold_shares(two_lines: str) -> None:
    state = _opened(2)
    for text in ("bid 2", "pass", "pass"):  # round 1: seat 0 buys red; nothing built yet
        state.apply_text(text)
    assert state.to_json()["round"] == 2 and state.to_json()["players"][0]["cash"] == 12
    for text in ("build red", "pass"):  # round 2: seat 0 builds red's first space ($1)
        state.apply_text(text)
    snap = state.to_json()
    assert snap["round"] == 3 and snap["companies"][0]["income"] == 1
    assert snap["companies"][0]["treasury"] == 0
    assert snap["players"][0]["cash"] == 12 + 1


def test_the_moves_speak_in_words(two_lines: str) -> None:
    moves = moves_module(two_lines)
    state = _opened(2)
    before = state.clone()
    assert moves.describe_action(state, Action("bid", (5,))) == "bid $5 for the red share"
    state.apply_text("bid 5")
    state.apply_text("pass")
    assert moves.describe_action(state, Action("pass")) == "pass"
    said = moves.event_parts(before, state)
    assert said and said[0].key == "tl.ev_share"


def check_invariants(state: GameState) -> None:
    """TL-1 to TL-4 hold: no debt, at most three shares, income = the laid spaces' values."""
    snap = state.to_json()
    assert all(p["cash"] >= 0 for p in snap["players"]), "negative cash"
    for c, company in enumerate(snap["companies"]):
        assert 0 <= company["sold"] <= SHARES and company["treasury"] >= 0, company
        assert company["income"] == sum(LINES[c][:company["built"]]), company


@pytest.mark.parametrize("game", range(60))
def test_conformance_plays_it_like_any_title(two_lines: str, game: int,
                                              monkeypatch: pytest.MonkeyPatch) -> None:
    """The generic suite's own game loop and checks (tests/conformance)."""
    monkeypatch.setitem(INVARIANTS, two_lines, check_invariants)
    play_game(get_game(two_lines), game, full=game % 3 == 0)


def test_its_snapshot_is_declared(two_lines: str) -> None:
    model = snapshot_model(two_lines)
    assert model is not None and model.__module__ == "twolines.schema"


def test_a_record_replays(two_lines: str) -> None:
    info = get_game(two_lines)
    rng = random.Random(1)
    state = info.new_game(3)
    record = new_record(info, ["a", "b", "c"], {})
    while not state.is_terminal():
        action = rng.choice(state.legal_actions())
        state.apply(action)
        record.actions.append(action)
    loaded = Record.from_json(json.loads(record.dumps()))
    assert replay(loaded, get_game).to_json() == state.to_json()
