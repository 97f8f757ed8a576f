"""Trans-Siberian ``medium`` against a cheap opener (benchmark v1's PPO exploit).

A player who wins the first auctions at $19 and sets share values of $16 (TS-2.2) leaves
companies whose values sit under the nationalization marker's $24 (TS-1.7), but whose
treasuries hold the $19 (TS-2.2), enough for two builds that lift the value (TS-4.2,
TS-4.4). Nationalization happens in phase 2 only (TS-6.3, TS-8.1), and a private
company's shares score nothing (TS-9.2). The old medium counted such a share as doomed,
bought none, passed every turn, and the dividend track ended the game in phase 1 with it
at its starting money (TS-1.6, TS-5.1).
"""

from __future__ import annotations

from tsgames import new_ts

from cuberail.bots.trans_siberian.fast import value_gap
from cuberail.bots.trans_siberian.heuristic import Params, TSHeuristic, safety_gap
from cuberail.core.actions import Action
from cuberail.games.trans_siberian.board import COMPANY_INDEX, SHARE_TRACK
from cuberail.games.trans_siberian.state import AUCTION, TURN, TransSiberianState

# The exploit's opening (benchmark game 0): (winner, bid, link) for red..yellow, value $16.
CHEAP_OPENING = ((0, 19, "moscow-yaroslavl"), (0, 19, "moscow-bryansk"),
                 (3, 19, "moscow-saratov"), (1, 18, "moscow-stpetersburg"))


def _play(s: TransSiberianState, text: str) -> None:
    s.apply(Action.from_text(text))


def cheap_opening() -> TransSiberianState:
    """Four players after the exploit's auctions: seat 0 holds red and blue at $16 with $2
    left, seats 3 and 1 green and yellow; seat 1 has the first turn (TS-2.5)."""
    s = new_ts(4)
    for winner, amount, link in CHEAP_OPENING:
        company = s.a_company
        while s.step == AUCTION and s.a_company == company:
            mine = s.current_player() == winner and s.a_bidder != winner
            _play(s, f"bid {amount}" if mine else "pass")
        _play(s, f"link {link}")
        _play(s, "value 16")
    assert s.step == TURN and s.current_player() == 1
    return s


def test_ts_4_4_the_safety_gap_counts_the_steps_the_treasury_pays_for() -> None:
    s = cheap_opening()
    red = COMPANY_INDEX["red"]
    assert s.treasury[red] == 19 and SHARE_TRACK[s.value[red]] == 16
    assert safety_gap(s, red) == value_gap(s, s.value[red]) + 2  # $19: two $8 two-link builds


def test_ts_9_2_medium_makes_its_own_company_public_instead_of_passing() -> None:
    s = cheap_opening()
    bot = TSHeuristic(seed=1, params=Params(noise=0.0))
    assert bot.choose(s) == Action.from_text("buy yellow")


def test_ts_5_1_medium_holding_nothing_buys_into_the_cheap_companies() -> None:
    s = cheap_opening()
    _play(s, "buy yellow")  # seat 1; seat 2, with its $40 and no share, moves next
    assert s.current_player() == 2 and not any(s.held[2 * 6 + c] for c in range(6))
    choice = TSHeuristic(seed=1, params=Params(noise=0.0)).choose(s)
    assert choice.kind == "buy", choice.text()



def test_ts_4_4_the_search_rollouts_expect_the_cheap_companies_to_be_bought() -> None:
    """The search's rollout policy counts the treasury's steps as medium does (fast.funded_gap):
    a seat with no share buys into the cheap companies rather than passing, so the search
    plans against a field that contests them (mcts:1000 against three medium: 7 of 10
    games won with it, 2 of the same 10 without)."""
    import random

    from cuberail.bots.trans_siberian.fast import fast_policy, funded_gap

    s = cheap_opening()
    _play(s, "buy yellow")
    red = COMPANY_INDEX["red"]
    assert funded_gap(s, red, s.value[red]) == safety_gap(s, red)
    choices = {fast_policy(s, random.Random(seed)).text() for seed in range(20)}
    assert all(c.startswith("buy") for c in choices), choices
