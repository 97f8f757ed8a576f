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


def test_refused_setup_bid_names_the_minimum_and_the_range() -> None:
    state = new_game(3)
    assert refused(state, "bid 6") == ("the minimum bid is $7 (PRR share auction,"
                                       " player 0 to act: bid 7 to 40, or pass)")
    assert refused(state, "bid 41").startswith("player 0 has only $40 (CE-3.3;")
    assert "or pass" in refused(state, "choose build")


def test_refused_bid_below_the_high_bid_names_it() -> None:
    state = new_game(3)
    play(state, "bid 9")
    assert refused(state, "bid 9").startswith("the high bid is $9, so a bid is at least $10")


def test_refused_bid_without_money_says_pass() -> None:
    state = new_game(3)
    set_fields(state, cash=[3, 40, 40])
    assert refused(state, "bid 7").endswith("you cannot afford a bid: pass)")


def test_refused_turn_action_lists_the_allowed_ones() -> None:
    state = fresh(3)
    reason = refused(state, "place A2")
    assert reason == ("not allowed now; step 'choose action' (player 0): allowed are"
                      " choose auction, choose develop, choose build")
    play(state, "choose build")
    assert refused(state, "company C&O") == ("player 0 holds no C&O share (CE-5.1);"
                                             " allowed are company PRR, company NYC, forgo")


def test_refused_placement_says_why_and_lists_the_reachable_hexes() -> None:
    state = fresh(3)
    set_company(state, NYC, treasury=1)
    play(state, "choose build", "company NYC")
    assert refused(state, "place R3") == ("R3 costs $2 and NYC has $1 (CE-5.4);"
                                          " reachable now: S2, S4 (or stop; 3 placement(s) left)")
    with pytest.raises(IllegalActionError) as info:
        play(state, "place E0")
    assert str(info.value) == ("illegal action place E0: E0 is not next to NYC's track (CE-5.2);"
                               " reachable now: S2, S4 (or stop; 3 placement(s) left)")
    assert refused(state, "place E0").startswith("E0 is not next to NYC's track"
                                                 " (CE-5.2); reachable now: S2, S4")
    assert refused(state, "place R5").startswith("nobody builds on a start hex")
    assert refused(state, "place ZZ9").startswith("no hex 'ZZ9' on the map; hexes"
                                                  " are a column A to S and a row 0 to 10")
    assert "upper case ('S2')" in refused(state, "place s2")


def test_refused_placement_on_a_taken_forest_names_the_company_there() -> None:
    state = fresh(3)
    put(state, PRR, "R3")
    set_company(state, NYC, treasury=10)
    play(state, "choose build", "company NYC")
    assert refused(state, "place R3").startswith(
        "R3 is a forest and PRR is there already (CE-5.3)")


def test_refused_choices_name_the_rule() -> None:
    state = fresh(3, auction_gauge=1)
    play(state, "choose auction", "forgo")
    assert refused(state, "choose auction").startswith(
        "the auction gauge is full (1 of 1) this round (CE-3.1)")
    play(state, "choose develop")
    assert refused(state, "develop E0").startswith("Detroit cannot be developed")
    assert refused(state, "develop B5").startswith("no locomotive on B5 (CE-6.1)")
    play(state, "forgo", "choose build")
    assert refused(state, "company Wabash").startswith("player 2 holds no")


def test_refused_share_of_the_closed_wabash_says_when_it_opens() -> None:
    state = fresh(3)
    play(state, "choose auction")
    assert "opens when a company first reaches Chicago" in refused(state, "share Wabash")
    assert refused(state, "share Rock").startswith("no company 'Rock'; the companies")


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
    assert snap["step"] == "setup auction"
    assert snap["current_player"] == 0
    assert snap["players"][0] == {"seat": 0, "cash": 31, "shares": {"PRR": 1}}
    assert snap["players"][1] == {"seat": 1, "cash": 40, "shares": {}}
    prr = snap["companies"][PRR]
    assert prr == {"id": "PRR", "name": "Pennsylvania Railroad", "colour": "red", "open": True,
                   "income": 7, "treasury": 9, "dividend_per_share": 7, "shares_sold": 1,
                   "shares_left": 2, "locomotives_left": 19, "hexes": ["R5"]}
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
    assert snap["step"] == "build"
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
    assert state.to_json()["step"] == "choose action"
    assert "build" not in state.to_json()


def test_snapshot_shows_a_build_paused_for_the_wabash_auction() -> None:
    """States with equal snapshots must have equal futures. With chicago=continue a build
    interrupted by the Wabash auction resumes after it (CE-5.7), unless Chicago was its third
    placement: the snapshot must tell the two apart."""
    paused = fresh(3, chicago="continue")
    put(paused, PRR, "B3")
    set_company(paused, PRR, treasury=30)
    over = paused.clone()
    play(paused, "choose build", "company PRR", "place A3", "place A2")
    play(over, "choose build", "company PRR", "place B2", "place A3", "place A2")
    assert paused.to_json()["build"] == {"company": "PRR", "placed": 2, "reached_chicago": True}
    assert "build" not in over.to_json()
