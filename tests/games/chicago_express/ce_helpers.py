"""Helpers for the Chicago Express rule tests.

Positions are built by playing real actions from a new game; positions that real
play reaches only slowly are made by writing the state's plain fields on a fresh
state (every write goes through a helper here, which also drops the cached legal
actions). Named ``ce_helpers`` (not ``helpers``) so it cannot shadow another
title's helper module: test directories have no ``__init__.py``.
"""

from __future__ import annotations

from typing import Any

from cuberail.core import Action
from cuberail.games import get_game
from cuberail.games.chicago_express.board import HEX_INDEX
from cuberail.games.chicago_express.state import BID, SETUP, ChicagoExpressState

INFO = get_game("chicago-express")
PRR, BO, CO, NYC, WABASH = range(5)
AUCTION, DEVELOP, BUILD = range(3)


def new_game(players: int = 3, **options: Any) -> ChicagoExpressState:
    """A new game (setup auctions still to play)."""
    state = INFO.new_game(players, options)
    assert isinstance(state, ChicagoExpressState)
    return state


def play(state: ChicagoExpressState, *texts: str) -> None:
    """Apply actions given in their text form, in order."""
    for text in texts:
        state.apply(Action.from_text(text))


def legal_texts(state: ChicagoExpressState) -> list[str]:
    return [a.text() for a in state.legal_actions()]


def hx(hex_id: str) -> int:
    """Index of a hex by its id (``"A2"`` is Chicago)."""
    return HEX_INDEX[hex_id]


def _auction_key(state: ChicagoExpressState) -> tuple[Any, ...]:
    return (state.step in (SETUP, BID), state.a_kind, state.a_company, state.a_setup,
            state.a_opener)


def run_auction(state: ChicagoExpressState, winner: int | None, price: int = 0) -> None:
    """Finish the auction in progress: ``winner`` bids ``price`` when first asked, all others
    pass (``winner=None``: everyone passes)."""
    key = _auction_key(state)
    bid_made = False
    while _auction_key(state) == key and not state.is_terminal():
        if state.current_player() == winner and not bid_made:
            play(state, f"bid {price}")
            bid_made = True
        else:
            play(state, "pass")


def finish_setup(
    state: ChicagoExpressState,
    winners: tuple[int | None, ...] | None = None,
    prices: tuple[int, ...] = (7, 6, 5, 8),
) -> ChicagoExpressState:
    """Play the four setup auctions; ``winners[i]`` buys share i at ``prices[i]``
    (``None``: nobody bids, the opener receives it). Default: seats 0, 1, 2, 3 (mod n)."""
    if winners is None:
        winners = tuple(i % state.num_players for i in range(4))
    for winner, price in zip(winners, prices, strict=True):
        run_auction(state, winner, price)
    return state


def fresh(players: int = 3, **options: Any) -> ChicagoExpressState:
    """A game just after setup: seat i % n holds the setup share i, bought at its minimum;
    seat 0 (the PRR holder) is to choose an action."""
    return finish_setup(new_game(players, **options))


def refresh(state: ChicagoExpressState) -> None:
    """Drop the cached legal actions after writing state fields directly (and redo the
    full-gauge mask, which the engine keeps as the gauges move)."""
    state._legal = None
    state.red = sum(1 << g for g in range(3) if state.gauges[g] >= state.gauge_size(g))


def put(state: ChicagoExpressState, company: int, *hex_ids: str) -> None:
    """Put locomotives with the engine's own bookkeeping (no cost, no income)."""
    for hex_id in hex_ids:
        state._put_locomotive(company, hx(hex_id))
    refresh(state)


def set_fields(state: ChicagoExpressState, **fields: Any) -> None:
    """Write plain state fields (``cash=[..]``, ``turn=1`` ...)."""
    for name, value in fields.items():
        assert hasattr(state, name), name
        setattr(state, name, value)
    refresh(state)


def set_company(state: ChicagoExpressState, company: int, **fields: int) -> None:
    """Write per-company list fields: ``set_company(s, NYC, income=22, treasury=10)``."""
    for name, value in fields.items():
        getattr(state, name)[company] = value
    refresh(state)


def set_shares(state: ChicagoExpressState, company: int, holdings: dict[int, int]) -> None:
    """Give the company exactly these holdings {seat: shares}; ``sold`` follows."""
    for seat in range(state.num_players):
        state.held[seat][company] = holdings.get(seat, 0)
    state.sold[company] = sum(holdings.values())
    refresh(state)


def clear_shares(state: ChicagoExpressState) -> None:
    """No shares held anywhere (so dividends pay only what a test gives out)."""
    for company in range(5):
        set_shares(state, company, {})


def set_gauges(state: ChicagoExpressState, auction: int, develop: int, build: int) -> None:
    set_fields(state, gauges=[auction, develop, build])


def red_two_gauges(state: ChicagoExpressState) -> None:
    """Auction and develop gauges on red: the next turn to start begins with a dividend."""
    o = state.opts.gauges
    set_gauges(state, o[AUCTION], o[DEVELOP], 0)


def forgo_turn(state: ChicagoExpressState) -> None:
    """Take a turn that does nothing: choose the first open gauge, then forgo it."""
    choose = state.legal_actions()[0]
    assert choose.kind == "choose", choose
    state.apply(choose)
    play(state, "forgo")


def play_to_dividend(state: ChicagoExpressState) -> None:
    """Forgo turns until a general dividend has been paid (or the game is over)."""
    before = state.dividends
    while state.dividends == before and not state.is_terminal():
        forgo_turn(state)
