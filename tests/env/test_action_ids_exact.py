"""Action-id scheme version 3 is exact: legal engine moves and legal ids are one to one.

Seeded games of both titles, moves a mix of random ones, the heuristic's and a small
MCTS's, with bids above $100 made on purpose whenever the bidder's cash allows. At every
position: one id per legal move, ``decode(encode(a)) == a``, the mask has exactly
``len(legal_actions)`` ones, and every masked id decodes to a legal move. Crafted
states check the largest bids, and the Trans-Siberian games must meet jumps that pay one
set of companies in different counts (the moves version 1 lost).

Size (measured when written): 8,840 Chicago Express and 5,593 Trans-Siberian positions
(200 jump twins among them), about 5 s of CPU in all.
"""

from __future__ import annotations

import random

import numpy as np
import pytest

from cuberail.bots.base import Bot
from cuberail.bots.registry import make_bot
from cuberail.core.actions import Action
from cuberail.core.state import GameState
from cuberail.env.actions import ACTION_SCHEME_VERSION, ActionTable, action_table
from cuberail.env.chicago_express.actions import money_bound as ce_money_bound
from cuberail.env.trans_siberian.actions import money_bound as ts_money_bound
from cuberail.games import get_game

GAMES = {"chicago-express": 36, "trans-siberian": 72}


class Tally:
    """What the positions checked held."""

    def __init__(self) -> None:
        self.positions = 0
        self.big_bids = 0  # legal bids above $100
        self.jump_twins = 0  # jumps paying a set of payees another route to the link pays


def _check_position(table: ActionTable, state: GameState, tally: Tally) -> dict[int, Action]:
    legal = state.legal_actions()
    ids = table.legal_ids(state)
    assert len(ids) == len(legal) == len(set(legal)), "one id per legal move"
    legal_set = set(legal)
    assert set(ids.values()) == legal_set
    mask = np.zeros(table.size, dtype=np.int8)
    mask[list(ids)] = 1
    assert int(mask.sum()) == len(legal)
    for i in np.flatnonzero(mask):
        assert ids[int(i)] in legal_set
    jumps = [a for a in legal if table.is_formed(a)]
    others = [a for a in legal if not table.is_formed(a)]
    step = max(1, len(others) // 24)  # decode lists the moves: a sample keeps this linear
    for action in others[::step] + others[-1:] + jumps:
        assert table.decode(state, table.encode(state, action)) == action
    tally.positions += 1
    tally.big_bids += sum(1 for a in legal if a.kind == "bid" and int(a.args[0]) > 100)
    tally.jump_twins += len(jumps) - len({table.id_of(a) for a in jumps})
    return ids


def _move(rng: random.Random, bots: list[Bot], state: GameState,
          ids: dict[int, Action]) -> Action:
    legal = list(ids.values())
    bids = [a for a in legal if a.kind == "bid" and int(a.args[0]) > 100]
    if bids and rng.random() < 0.5:
        return rng.choice(bids)
    roll = rng.random()
    if roll < 0.05:
        return bots[1].choose(state)  # MCTS
    if roll < 0.35:
        return bots[0].choose(state)  # the heuristic
    return rng.choice(legal)


def _play(title: str, seed: int, tally: Tally) -> None:
    rng = random.Random(seed)
    table, info = action_table(title), get_game(title)
    bots = [make_bot("heuristic", seed), make_bot("mcts:30", seed)]
    state = info.new_game(rng.choice([3, 4, 5]))
    if seed % 3 == 0:  # rich players: bids far above $100 all game long (crafted)
        for seat in range(state.num_players):
            state.cash[seat] = rng.randint(101, 800)  # type: ignore[attr-defined]
    while not state.is_terminal():
        ids = _check_position(table, state, tally)
        state.apply(_move(rng, bots, state, ids))


@pytest.mark.parametrize("title", sorted(GAMES))
def test_legal_moves_and_ids_are_one_to_one(title: str) -> None:
    tally = Tally()
    for seed in range(GAMES[title]):
        _play(title, seed, tally)
    print(f"{title}: {tally.positions} positions, {tally.big_bids} bids above $100,"
          f" {tally.jump_twins} jump twins")
    assert tally.positions > 1000
    assert tally.big_bids > 0
    if title == "trans-siberian":
        assert tally.jump_twins > 0, "no jump paying one set of payees in two ways was met"


@pytest.mark.parametrize("title", ["chicago-express", "trans-siberian"])
def test_every_bid_up_to_the_proved_bound_has_an_id(title: str) -> None:
    """A crafted opening auction whose opener holds the most cash the rules allow."""
    table = action_table(title)
    state = get_game(title).new_game(4)
    seat = state.current_player()
    state.cash[seat] = table.max_bid  # type: ignore[attr-defined]  # before moves are listed
    ids = _check_position(table, state, Tally())
    top = max(int(a.args[0]) for a in ids.values() if a.kind == "bid")
    assert top == table.max_bid
    assert table.decode(state, table.bid_base + table.max_bid - 1) == Action("bid", (top,))
    assert table.text(table.bid_base + 102) == "bid 103"  # off version 1's grid
    assert table.id_of(Action("bid", (table.max_bid + 1,))) is None


def test_the_bid_bounds_are_the_proved_ones() -> None:
    assert action_table("ce").max_bid == ce_money_bound() > 1000
    assert action_table("ts").max_bid == ts_money_bound() > 9000  # 5 x $300 + 30 dividends


def test_jump_twins_get_distinct_ids_cheapest_first() -> None:
    """The cheapest route of a payee set keeps the set's id; a dearer twin, an extra id."""
    from cuberail.env.trans_siberian.actions import JUMP_EXTRAS, PAYEE_SETS, jump_info

    table, rng = action_table("ts"), random.Random(5)
    for _ in range(200):
        state = get_game("ts").new_game(4)
        while not state.is_terminal():
            ids = table.legal_ids(state)
            extra = [i for i in ids if (i - table.link_base) % table.link_block >= PAYEE_SETS
                     and i >= table.link_base]
            if extra:
                twin = ids[extra[0]]
                first = ids[table.id_of(twin) or -1]
                a, b = jump_info(first), jump_info(twin)
                assert a[:2] == b[:2] and (len(a[2]), a[2]) < (len(b[2]), b[2])
                assert table.text(extra[0]).endswith("pay-extra:1")
                assert table.link_block == PAYEE_SETS + JUMP_EXTRAS
                return
            state.apply(rng.choice(list(ids.values())))
    pytest.fail("no jump twins in 200 random games")


def test_scheme_version_is_declared() -> None:
    assert ACTION_SCHEME_VERSION == 3
    from cuberail.env import chicago_express_v0

    assert chicago_express_v0.raw_env().metadata["action_scheme_version"] == 3
