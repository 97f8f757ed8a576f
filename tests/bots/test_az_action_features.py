"""The az network's reading of each action on the board (the kits' ``Network.board``)."""

from __future__ import annotations

import copy
import json
import math
from collections.abc import Callable
from typing import Any

import pytest
from botstates import TITLES, sample_states

from cuberail.core.actions import Action
from cuberail.core.errors import CuberailError
from cuberail.core.state import GameState
from cuberail.games.chicago_express.board import HEX_INDEX

np = pytest.importorskip("numpy")
network = pytest.importorskip("cuberail.bots.network")

CE, TS = "chicago-express", "trans-siberian"


def board_rows(state: GameState, actions: list[Action]) -> list[dict[str, float]]:
    """The title's numbers of each action, by name."""
    _, encoding = network.parts_for(state.title)
    size = network.generic_size(encoding)
    rows = network.action_rows(state, actions, encoding)
    return [dict(zip(encoding.board_names, row[size:], strict=True)) for row in rows]


def states_with(title: str, test: Callable[[GameState, list[Action]], bool],
                count: int = 300) -> list[GameState]:
    """The sampled states of ``title`` whose legal actions pass ``test``."""
    return [s for s in sample_states(title, count, seed=11) if test(s, s.legal_actions())]


def placements(state: GameState, actions: list[Action]) -> list[Action]:
    return [a for a in actions if a.kind == "place"]


@pytest.mark.parametrize("title", TITLES)
def test_every_action_gets_the_titles_numbers_and_the_state_is_untouched(title: str) -> None:
    _, encoding = network.parts_for(title)
    assert encoding.board is not None and len(encoding.board_names) >= 8
    for state in sample_states(title, 40, seed=6):
        before = json.dumps(state.to_json(), sort_keys=True)
        legal = state.legal_actions()
        rows = network.action_rows(state, legal, encoding)
        assert [len(r) for r in rows] == [network.action_size(encoding)] * len(legal)
        assert all(math.isfinite(x) for r in rows for x in r)
        assert json.dumps(state.to_json(), sort_keys=True) == before


@pytest.mark.parametrize("title", TITLES)
def test_the_shipped_weights_fit_the_encoding_and_an_older_one_is_refused(title: str) -> None:
    _, encoding = network.parts_for(title)
    net = network.load_net(title)
    assert net.a["wa"].shape[0] == network.action_size(encoding)
    with open(network.shipped_path(title), encoding="utf-8") as source:
        data = json.load(source)
    assert data["network_version"] == encoding.version >= 2
    old = copy.deepcopy(data)
    old["network_version"] = 1  # the encoding without the board's numbers
    with pytest.raises(CuberailError, match="network version 1, but this cuberail needs"):
        network.check_weights(old, title, "old.json")


def test_placements_of_different_cost_are_told_apart() -> None:
    found = 0
    for state in states_with(CE, lambda s, a: len(placements(s, a)) >= 2):
        s: Any = state  # a ChicagoExpressState
        places = placements(s, s.legal_actions())
        rows = board_rows(s, places)
        cost = [s.placement_cost(HEX_INDEX[str(a.args[0])]) for a in places]
        treasury = s.treasury[s.b_company]
        for a, row, dollars in zip(places, rows, cost, strict=True):
            income = s.hex_income(HEX_INDEX[str(a.args[0])])
            assert row["cost/10"] == pytest.approx(dollars / 10)
            assert row["left/10"] == pytest.approx((treasury - dollars) / 10)
            assert row["income/10"] == pytest.approx(income / 10)
            assert row["earns"] == (1.0 if income > 0 else 0.0)
        if len(set(cost)) > 1:
            found += 1
            full = network.action_rows(state, places, network.parts_for(CE)[1])
            assert len({tuple(r) for r in full}) > 1  # no longer alike to the network
        assert sum(row["best"] for row in rows) <= 1.0
    assert found >= 5


def test_a_cheaper_build_of_the_same_income_leaves_more_in_the_treasury() -> None:
    pairs = 0
    for state in states_with(CE, lambda s, a: len(placements(s, a)) >= 2):
        rows = board_rows(state, placements(state, state.legal_actions()))
        for r in rows:
            for o in rows:
                if r["income/10"] == o["income/10"] and r["cost/10"] < o["cost/10"]:
                    pairs += 1
                    assert r["left/10"] > o["left/10"]
    assert pairs >= 3


def test_a_higher_bid_is_worth_less_to_the_bidder() -> None:
    for title in TITLES:
        checked = 0
        for state in states_with(title, lambda s, a: sum(x.kind == "bid" for x in a) >= 2):
            bids = [a for a in state.legal_actions() if a.kind == "bid"]
            rows = board_rows(state, bids)
            values = [r["value/10"] for r in rows]
            assert values == sorted(values, reverse=True) and values[0] > values[-1]
            assert [r["cost/10"] for r in rows] == pytest.approx([int(a.args[0]) / 10
                                                                  for a in bids])
            checked += 1
        assert checked >= 3, title


def test_a_jumping_link_costs_its_fees() -> None:
    from cuberail.games.trans_siberian.board import LINK_INDEX
    from cuberail.games.trans_siberian.network import link_cost

    checked = 0
    for state in states_with(TS, lambda s, a: any(len(x.args) > 1 for x in a
                                                  if x.kind == "link")):
        links = [a for a in state.legal_actions() if a.kind == "link"]
        for action, row in zip(links, board_rows(state, links), strict=True):
            base, fee = link_cost(LINK_INDEX[str(action.args[0])])
            jumped = str(action.args[1]).count(",") + 1 if len(action.args) > 1 else 0
            assert row["cost/10"] == pytest.approx((base + fee * jumped) / 10)
            s: Any = state  # a TransSiberianState
            treasury = s.treasury[s.b_company]
            assert row["left/10"] == pytest.approx((treasury - base - fee * jumped) / 10)
            checked += 1
    assert checked >= 10


def test_the_shipped_network_gives_placements_their_own_priors() -> None:
    """With the kind-only encoding every placement had the same prior; now the board's
    numbers set them apart."""
    features, encoding = network.parts_for(CE)
    guide = network.make_guide(network.load_net(CE), features, encoding)
    apart = 0
    for state in states_with(CE, lambda s, a: len(placements(s, a)) >= 3, 200):
        places = placements(state, state.legal_actions())
        priors, _ = guide(state, places)
        apart += max(priors) - min(priors) > 1e-3
    assert apart >= 3
