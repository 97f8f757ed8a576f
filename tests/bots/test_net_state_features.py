"""The az network's own reading of a Trans-Siberian position (``Network.state``,
:mod:`cuberail.bots.trans_siberian.net_features`), and the plumbing that lets a title's
network read the state its own way while Chicago Express keeps its features' rows."""

from __future__ import annotations

import copy
import json
import math
import os
from pathlib import Path
from typing import Any

import pytest
from botstates import sample_states
from guidecheck import checked_guide
from tsgames import fast_game_states, four_companies_sold_at_20, new_ts

from cuberail.bots.trans_siberian import net_features
from cuberail.bots.trans_siberian.features import FEATURE_NAMES
from cuberail.core.actions import Action
from cuberail.core.errors import CuberailError
from cuberail.games import get_game
from cuberail.games.trans_siberian.board import COMPANY_IDS
from cuberail.games.trans_siberian.state import BUILD_FIRST, TransSiberianState

np = pytest.importorskip("numpy")
network = pytest.importorskip("cuberail.bots.network")

CE, TS = "chicago-express", "trans-siberian"


def named_rows(state: TransSiberianState) -> list[dict[str, float]]:
    """Each seat's row as the network reads it (the mover first), by name."""
    features, encoding = network.parts_for(TS)
    rows = network.state_rows(state, features, encoding)
    return [dict(zip(encoding.state_names, row, strict=True)) for row in rows]


def seat_row(state: TransSiberianState, seat: int) -> dict[str, float]:
    """``seat``'s row by name (the rows are turned so that the mover comes first)."""
    return named_rows(state)[(seat - state.current_player()) % state.num_players]


def test_the_kit_reads_the_state_with_its_own_names() -> None:
    features, encoding = network.parts_for(TS)
    assert encoding.state is net_features.state_rows
    assert encoding.state_names == net_features.NAMES
    assert network.state_size(features, encoding) == len(net_features.NAMES) > len(features.names)
    assert len(set(net_features.NAMES)) == len(net_features.NAMES)


@pytest.mark.parametrize("players", range(get_game(TS).min_players,
                                          get_game(TS).max_players + 1))
def test_each_seat_gets_a_finite_row_of_the_declared_length(players: int) -> None:
    features, encoding = network.parts_for(TS)
    size = network.state_size(features, encoding)
    states = [new_ts(players)] + [s for s in fast_game_states(3, 21) if s.num_players == players]
    for state in states:
        rows = network.state_rows(state, features, encoding)
        assert len(rows) == players
        assert all(len(row) == size for row in rows)
        assert all(math.isfinite(x) and abs(x) < 20 for row in rows for x in row)


def test_the_rows_are_turned_so_that_the_mover_comes_first() -> None:
    features, encoding = network.parts_for(TS)
    state = four_companies_sold_at_20()
    plain = net_features.state_rows(state)
    me = state.current_player()
    assert network.state_rows(state, features, encoding) == plain[me:] + plain[:me]


def test_a_share_bought_changes_the_buyers_row_and_the_companys_numbers() -> None:
    state = four_companies_sold_at_20()
    buyer = state.current_player()
    before = [seat_row(state, q) for q in range(state.num_players)]
    state.apply(Action.from_text("buy red"))  # seat 0 holds red's other share: now public
    after = [seat_row(state, q) for q in range(state.num_players)]
    assert after[buyer]["red:held"] == before[buyer]["red:held"] + 0.5
    assert after[buyer]["cash"] < before[buyer]["cash"]
    for row_before, row_after in zip(before, after, strict=True):
        assert row_after["red:owned"] > row_before["red:owned"]
        assert row_after["red:unsold"] < row_before["red:unsold"]
        assert (row_before["red:private"], row_after["red:private"]) == (1.0, 0.0)
        assert (row_before["red:public"], row_after["red:public"]) == (0.0, 1.0)
    # red's owner: its share now scores (TS-9.2)
    assert after[0]["score"] > before[0]["score"]


def test_a_link_built_changes_the_builders_numbers() -> None:
    checked = moved = 0
    for state in fast_game_states(6, 5):
        if state.step != BUILD_FIRST or checked >= 5:
            continue
        c = state.b_company
        cid = COMPANY_IDS[c]
        links = [a for a in state.legal_actions() if a.kind == "link"]
        before = seat_row(state, 0)
        after_state = state.clone()
        after_state.apply(links[0])
        after = seat_row(after_state, 0)
        assert after[f"{cid}:links"] == pytest.approx(before[f"{cid}:links"] + 0.1)
        assert after[f"{cid}:income"] > before[f"{cid}:income"]
        assert after[f"{cid}:treasury"] < before[f"{cid}:treasury"]
        # what it can build next moves on with its network (TS-4.1)
        moved += any(before[f"{cid}:{k}"] != after[f"{cid}:{k}"]
                     for k in ("reach", "best", "afford"))
        checked += 1
    assert checked == 5 and moved >= 3


def shipped_ts_weights() -> dict[str, Any]:
    path = os.path.join(network.WEIGHTS_DIR, network.parts_for(TS)[1].shipped or "")
    with open(path, encoding="utf-8") as source:
        data: dict[str, Any] = json.load(source)
    return data


def test_weights_made_for_the_other_state_reader_are_refused(tmp_path: Path) -> None:
    """A file of network version 2 (the learned evaluation's 11 money sums a seat, as az2
    was) is refused by its version; the same arrays relabelled 3, by their shape."""
    old = shipped_ts_weights()
    old["network_version"] = 2
    arrays = old["arrays"]
    for name in ("mean", "scale"):
        arrays[name] = arrays[name][:len(FEATURE_NAMES)]
    arrays["w1"] = arrays["w1"][:len(FEATURE_NAMES)]
    path = tmp_path / "trans-siberian-old.json"
    path.write_text(json.dumps(old), encoding="utf-8")
    with pytest.raises(CuberailError, match=r"network version 2, but this cuberail needs 3 for"
                                            r" trans-siberian; retrain with `cuberail train"):
        network.load_net(TS, str(path))
    relabelled = copy.deepcopy(old)
    relabelled["network_version"] = 3  # the old reader's 11 numbers under the new version
    size = len(net_features.NAMES)
    with pytest.raises(CuberailError, match=rf"array 'mean' must be \({size},\)"):
        network.check_weights(relabelled, TS, "relabelled.json")


def test_weights_of_the_new_reader_fit_and_the_guide_reads_its_rows() -> None:
    features, encoding = network.parts_for(TS)
    f, a, h = network.state_size(features, encoding), network.action_size(encoding), 4
    rng = np.random.default_rng(2)
    shapes = {"F": f, "A": a, "H": h, "2H": 2 * h}
    arrays = {k: rng.normal(size=[shapes[d] for d in dims]) for k, dims in network.SHAPES.items()}
    arrays["scale"] = np.abs(arrays["scale"]) + 0.5
    data = json.loads(json.dumps(network.to_json(TS, arrays, {})))
    net = network.PolicyValueNet(network.check_weights(data, TS, "new.json"))
    priors, _ = checked_guide(net, features, encoding, four_companies_sold_at_20())
    assert sum(priors) == pytest.approx(1.0)


def test_chicago_express_keeps_its_features_rows_and_shipped_weights() -> None:
    features, encoding = network.parts_for(CE)
    assert encoding.state is None and encoding.state_names == ()
    assert network.state_size(features, encoding) == len(features.names)
    for state in sample_states(CE, 6, seed=4):
        plain = features.seat_features(state)
        me = state.current_player()
        assert network.state_rows(state, features, encoding) == plain[me:] + plain[:me]
    net = network.load_net(CE)
    assert net.a["mean"].shape == (len(features.names),)
