"""The Chicago Express state interface: refusals, action round trips, snapshots."""

from __future__ import annotations

import json
import random

import pytest
from ce_helpers import (
    NYC,
    PRR,
    fresh,
    legal_texts,
    new_game,
    play,
    put,
    set_company,
    set_fields,
)

from cuberail.core import Action, IllegalActionError
from cuberail.games.chicago_express import actions as A
from cuberail.games.chicago_express.state import ChicagoExpressState


def refused(state: ChicagoExpressState, text: str) -> str:
    """Apply an illegal action: check it is refused, the state untouched; return the message."""
    before = state.to_json()
    with pytest.raises(IllegalActionError) as info:
        state.apply(Action.from_text(text))
    assert state.to_json() == before
    assert info.value.action == Action.from_text(text)
    assert str(info.value).startswith(f"illegal action {text}: ")
    return info.value.reason


def test_refused_setup_bid_names_the_bid_range() -> None:
    state = new_game(3)
    assert refused(state, "bid 6") == "PRR share auction, player 0 to act: bid 7 to 40, or pass"
    assert "bid 7 to 40" in refused(state, "bid 41")
    assert "or pass" in refused(state, "choose build")


def test_refused_bid_without_money_says_pass() -> None:
    state = new_game(3)
    set_fields(state, cash=[3, 40, 40])
    assert refused(state, "bid 7").endswith("you cannot afford a bid: pass")


def test_refused_turn_action_lists_the_allowed_ones() -> None:
    state = fresh(3)
    reason = refused(state, "place A2")
    assert reason == ("step 'choose action' (player 0): allowed are choose auction,"
                      " choose develop, choose build")
    play(state, "choose build")
    assert refused(state, "company C&O").endswith("allowed are company PRR, company NYC, forgo")


def test_refused_placement_lists_the_affordable_hexes() -> None:
    state = fresh(3)
    set_company(state, NYC, treasury=1)
    play(state, "choose build", "company NYC")
    assert refused(state, "place R3").endswith("allowed are place S2, place S4, stop")


@pytest.mark.parametrize("text", ["nonsense", "bid", "bid -1", "choose", "choose nothing",
                                  "share XYZ", "place ZZ9", "develop", "forgo 1", "pass pass"])
def test_refused_malformed_actions_raise_illegal_action_error(text: str) -> None:
    for state in (new_game(3), fresh(3)):
        assert refused(state, text)


def test_long_allowed_lists_are_cut_short() -> None:
    state = fresh(3)
    mountains = ("G9", "H9", "I8", "I10", "J6", "J7", "J8", "J9", "K6", "K8", "L4", "L5", "L6",
                 "M5", "M6", "N4")
    put(state, PRR, *mountains)
    play(state, "choose develop")
    assert len(state.legal_actions()) == 17
    assert refused(state, "bid 3").endswith(", ...")


def play_random(seed: int, players: int) -> ChicagoExpressState:
    rng = random.Random(seed)
    state = new_game(players)
    while not state.is_terminal():
        for action in state.legal_actions():
            assert Action.from_text(action.text()) == action
            assert Action.from_json(json.loads(json.dumps(action.to_json()))) == action
            assert Action.from_json(action.text()) == action
        legal = state.legal_actions()
        state.apply(legal[rng.randrange(len(legal))])
    return state


@pytest.mark.parametrize("seed", range(4))
def test_every_legal_action_round_trips_through_text_and_json(seed: int) -> None:
    play_random(seed, 2 + seed)


def test_action_vocabulary_texts() -> None:
    assert [a.text() for a in A.CHOOSE] == ["choose auction", "choose develop", "choose build"]
    assert [a.text() for a in A.SHARE] == ["share PRR", "share B&O", "share C&O", "share NYC",
                                           "share Wabash"]
    assert A.bid(8) == Action("bid", (8,)) == Action.from_text("bid 8")
    assert A.bid(1000).text() == "bid 1000"
    assert A.PLACE[0].to_json() == {"kind": "place", "args": ["A2"]}
    assert (A.PASS.text(), A.STOP.text(), A.FORGO.text()) == ("pass", "stop", "forgo")
    assert A.DEVELOP[0] == Action.from_text("develop A2")


def test_legal_actions_are_deterministic_and_distinct() -> None:
    a, b = fresh(4), fresh(4)
    for state in (a, b):
        play(state, "choose auction", "share NYC")
    assert legal_texts(a) == legal_texts(b)
    assert len(set(a.legal_actions())) == len(a.legal_actions())
    # NYC: minimum ceil(8 / 2) = 4; seat 0 has $23 left after buying PRR and NYC at setup
    assert legal_texts(a) == ["pass", *(f"bid {n}" for n in range(4, 24))]


def test_snapshot_content_after_setup() -> None:
    state = new_game(3)
    play(state, "bid 9", "pass", "pass")  # seat 0 buys PRR for 9
    snap = state.to_json()
    assert json.loads(json.dumps(snap)) == snap  # plain JSON
    assert snap["title"] == "chicago-express"
    assert snap["phase"] == "setup auction"
    assert snap["current_player"] == 0
    assert snap["players"][0] == {"seat": 0, "cash": 31, "shares": {"PRR": 1}}
    assert snap["players"][1] == {"seat": 1, "cash": 40, "shares": {}}
    prr = snap["companies"][PRR]
    assert prr == {"id": "PRR", "name": "Pennsylvania Railroad", "colour": "red", "open": True,
                   "income": 7, "treasury": 9, "shares_sold": 1, "shares_left": 2,
                   "locomotives_left": 19, "hexes": ["R5"]}
    assert snap["auction"] == {"company": "B&O", "kind": "setup", "opener": 0, "high_bid": None,
                               "high_bidder": None, "minimum_bid": 6, "passed": [],
                               "setup_index": 1}
    assert snap["bank"] == {"paid_in": 0, "paid_out": 0}
    assert snap["dividends_paid"] == 0
    assert snap["legal_actions"] == legal_texts(state)


def test_snapshot_follows_the_state() -> None:
    state = fresh(3)
    set_company(state, NYC, treasury=10)
    play(state, "choose build", "company NYC", "place R3")
    snap = state.to_json()
    assert snap["phase"] == "build"
    assert snap["build"] == {"company": "NYC", "placed": 1, "reached_chicago": False}
    assert snap["companies"][NYC]["hexes"] == ["R3", "S3"]
    assert snap["companies"][NYC]["treasury"] == 8
    assert snap["gauges"]["build"] == {"used": 1, "size": 5}
    assert snap["bank"]["paid_in"] == 2
    assert "auction" not in snap


def test_snapshot_shows_bids_and_passes() -> None:
    state = fresh(3)
    play(state, "choose auction", "share PRR", "bid 5", "pass")
    block = state.to_json()["auction"]
    assert (block["high_bid"], block["high_bidder"], block["passed"]) == (5, 0, [1])
    assert (block["kind"], block["minimum_bid"], block["setup_index"]) == ("turn", 4, None)


def test_snapshot_has_a_build_block_only_during_a_build() -> None:
    state = fresh(3)
    set_company(state, NYC, treasury=10)
    play(state, "choose build", "company NYC", "place R3", "stop")
    assert state.to_json()["phase"] == "choose action"
    assert "build" not in state.to_json()


def test_snapshot_shows_a_pending_chicago_phase() -> None:
    """States with equal snapshots must have equal futures. With chicago=continue a build that
    placed in Chicago owes a Chicago phase when it stops; the snapshot must say so."""
    state = fresh(3, chicago="continue")
    put(state, PRR, "A3")
    set_company(state, PRR, treasury=30)
    play(state, "choose build", "company PRR", "place B2")
    pending = state.clone()
    pending.b_chicago = True  # what placing in Chicago earlier in this build leaves behind
    if state.to_json() == pending.to_json():
        play(state, "stop")
        play(pending, "stop")  # runs the Chicago phase: dividend and the Wabash auction
        assert state.to_json() == pending.to_json()
