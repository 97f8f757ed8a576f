"""Shared set-ups for the Trans-Siberian Railroad rule tests (imported by the test modules).

States are built by playing actions where that is short, and by placing links,
shares and money directly where a rule needs a precise position; the direct
edits keep money, shares and links conserved so the invariants still hold.
"""

from __future__ import annotations

import importlib.util
import random
from pathlib import Path
from types import ModuleType
from typing import Any

from cuberail.core.actions import Action
from cuberail.games import get_game
from cuberail.games.trans_siberian.board import (
    COMPANY_INDEX,
    LINK_INDEX,
    LINK_VALUE,
    SHARE_TRACK,
    SHARES,
)
from cuberail.games.trans_siberian.state import AUCTION, TURN, TransSiberianState

INFO = get_game("trans-siberian")
# The default opening of ``opened``: (winner, bid, link, share value) for red..yellow.
OPENING = (
    (0, 12, "moscow-kazan", 12),
    (1, 12, "moscow-yaroslavl", 12),
    (2, 12, "moscow-samara", 12),
    (0, 12, "moscow-saratov", 12),
)


def load_invariants() -> ModuleType:
    """tests/conformance/invariants_ts.py, loaded by path (tests have no packages)."""
    path = Path(__file__).resolve().parents[2] / "conformance" / "invariants_ts.py"
    spec = importlib.util.spec_from_file_location("invariants_ts", path)
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def new(players: int = 3, **options: Any) -> TransSiberianState:
    state = INFO.new_game(players, options)
    assert isinstance(state, TransSiberianState)
    return state


def play(s: TransSiberianState, *texts: str) -> None:
    for text in texts:
        s.apply(Action.from_text(text))


def texts(s: TransSiberianState) -> list[str]:
    return [a.text() for a in s.legal_actions()]


def auction(s: TransSiberianState, winner: int | None, amount: int = 8) -> None:
    """Everybody passes but ``winner``, who bids ``amount`` (None: nobody bids)."""
    company = s.a_company
    while s.step == AUCTION and s.a_company == company:
        if s.current_player() == winner and s.a_bidder != winner:
            play(s, f"bid {amount}")
        else:
            play(s, "pass")


def opened(players: int = 3, opening: tuple[tuple[int, int, str, int], ...] = OPENING,
           **options: Any) -> TransSiberianState:
    """A game after the four opening auctions (by default seat 0 then moves)."""
    s = new(players, **options)
    for winner, amount, link, value in opening:
        auction(s, winner, amount)
        play(s, f"link {link}", f"value {value}")
    assert s.step == TURN
    return s


def c(name: str) -> int:
    return COMPANY_INDEX[name]


def refresh(s: TransSiberianState) -> None:
    s._legal = None
    s._options = None


def give(s: TransSiberianState, company: str, *links: str) -> None:
    """Place links for a company as if built (income raised, share value untouched)."""
    for link in links:
        i = LINK_INDEX[link]
        assert s.owner[i] < 0, f"{link} is owned"
        s._own(c(company), i)
        s.income[c(company)] += LINK_VALUE[i]
    refresh(s)


def hold(s: TransSiberianState, seat: int, company: str, count: int) -> None:
    """Set a player's holding, moving shares from or to the unsold pile."""
    k = c(company)
    delta = count - s.shares_held(seat, k)
    assert s.unsold[k] >= delta
    s.held[seat * 6 + k] = count
    s.unsold[k] -= delta
    refresh(s)


def fund(s: TransSiberianState, company: str, dollars: int) -> None:
    """Set a treasury, the bank paying the difference (money stays conserved)."""
    k = c(company)
    s.bank_out += dollars - s.treasury[k]
    s.treasury[k] = dollars
    refresh(s)


def set_value(s: TransSiberianState, company: str, dollars: int) -> None:
    s.value[c(company)] = SHARE_TRACK.index(dollars)
    refresh(s)


def pay_cash(s: TransSiberianState, seat: int, dollars: int) -> None:
    """Set a player's cash, the bank paying the difference."""
    s.bank_out += dollars - s.cash[seat]
    s.cash[seat] = dollars
    refresh(s)


def nationalize(s: TransSiberianState, company: str) -> None:
    """Take a company out as TS-8.1 does, without the final dividend."""
    from cuberail.games.trans_siberian.state import NATIONALIZED

    k = c(company)
    for seat in range(s.num_players):
        s.held[seat * 6 + k] = 0
    s.removed[k], s.unsold[k] = SHARES[k], 0
    s.bank_in += s.treasury[k]
    s.treasury[k] = 0
    s.status[k] = NATIONALIZED
    refresh(s)


def builder(company: str = "red", treasury: int = 40, **options: Any) -> TransSiberianState:
    """The default opening with seat 0 (to move) able to build for ``company``."""
    s = opened(**options)
    hold(s, 0, company, 2)
    fund(s, company, treasury)
    return s


def build_leaning(state: TransSiberianState, rng: random.Random) -> Action:
    """A random legal action, leaning to builds and jumps so that games cover more rules."""
    legal = state.legal_actions()
    if state.step == AUCTION:
        return legal[min(1, len(legal) - 1)] if rng.random() < 0.5 else legal[0]
    builds = [a for a in legal if a.kind in ("build", "link")]
    if builds and rng.random() < 0.85:
        return rng.choice(builds)
    buys = [a for a in legal if a.kind == "buy"]
    if buys and rng.random() < 0.7:
        return rng.choice(buys)
    return legal[rng.randrange(len(legal))]
