"""CE-8: the general dividend phase."""

from __future__ import annotations

import pytest
from ce_helpers import (
    BO,
    NYC,
    PRR,
    clear_shares,
    fresh,
    hx,
    play,
    put,
    red_two_gauges,
    set_company,
    set_fields,
    set_shares,
)

from cuberail.games.chicago_express.state import ChicagoExpressState


def general_dividend(state: ChicagoExpressState) -> list[int]:
    """Run a general dividend at the start of the next turn; return each seat's gain."""
    red_two_gauges(state)
    cash = state.cash[:]
    dividends = state.dividends
    play(state, "choose build", "forgo")
    assert state.dividends == dividends + 1
    return [now - was for now, was in zip(state.cash, cash, strict=True)]


def test_ce_8_1_rulebook_example_income_16_over_three_shares() -> None:
    """Andy holds 2 NYC shares, Ben 1; income 16: 5.33 -> 6 per share, 12 and 6."""
    state = fresh(3)
    clear_shares(state)
    set_shares(state, NYC, {0: 2, 1: 1})
    set_company(state, NYC, income=16)
    assert general_dividend(state) == [12, 6, 0]


def test_ce_8_1_rulebook_example_income_17_two_shares_one_holder() -> None:
    """Andy holds both NYC shares sold; income 17: 8.5 -> 9 per share, 18."""
    state = fresh(3)
    clear_shares(state)
    set_shares(state, NYC, {0: 2})
    set_company(state, NYC, income=17)
    assert general_dividend(state) == [18, 0, 0]


@pytest.mark.parametrize(("income", "holdings", "gains"),
                         [(7, {0: 1}, [7, 0, 0]),
                          (10, {0: 1, 1: 1, 2: 1}, [4, 4, 4]),
                          (0, {1: 1}, [0, 0, 0]),
                          (25, {2: 3}, [0, 0, 27])])
def test_ce_8_1_per_share_rounded_up_then_multiplied(
    income: int, holdings: dict[int, int], gains: list[int],
) -> None:
    state = fresh(3)
    clear_shares(state)
    set_shares(state, PRR, holdings)
    set_company(state, PRR, income=income)
    assert general_dividend(state) == gains


def test_ce_8_1_every_company_with_shares_pays_from_the_bank() -> None:
    state = fresh(3)  # one share each: PRR 7 + NYC 8 to seat 0, B&O 6, C&O 5
    treasury, bank_out = state.treasury[:], state.bank_out
    assert general_dividend(state) == [15, 6, 5]
    assert state.treasury == treasury
    assert state.bank_out == bank_out + 26


def test_ce_8_1_company_without_shares_sold_pays_nothing() -> None:
    state = fresh(3)
    set_shares(state, BO, {})
    set_company(state, BO, income=30)
    assert general_dividend(state) == [15, 0, 5]


def test_ce_8_2_end_condition_ends_the_game_once_the_dividend_is_paid() -> None:
    state = fresh(3)
    set_fields(state, houses=3)  # an end condition (CE-9.1)
    assert general_dividend(state) == [15, 6, 5]
    assert state.is_terminal()
    assert state.track[hx("E0")] == 1  # the game ended first: Detroit did not step (CE-8.4)
    assert state.gauges != [0, 0, 0]  # nor did the gauges return to green (CE-8.3)


def test_ce_8_3_gauges_return_to_green() -> None:
    state = fresh(3)
    general_dividend(state)
    assert state.gauges == [0, 0, 0]
    assert state.to_json()["gauges"]["auction"]["used"] == 0


def test_ce_8_4_detroit_steps_and_companies_there_gain_one() -> None:
    state = fresh(3)
    put(state, PRR, "E0")
    incomes = state.income[:]
    gains = general_dividend(state)
    assert gains[0] == 7 + 8  # paid on the income before Detroit stepped
    assert state.track[hx("E0")] == 2
    assert state.income[PRR] == incomes[PRR] + 1
    assert state.income[BO] == incomes[BO]
    general_dividend(state)
    assert state.to_json()["industrial_track"]["Detroit"] == 3
    assert state.income[PRR] == incomes[PRR] + 2


def test_ce_8_4_detroit_steps_with_nobody_there() -> None:
    state = fresh(3)
    incomes = state.income[:]
    general_dividend(state)
    assert state.track[hx("E0")] == 2
    assert state.income == incomes


@pytest.mark.parametrize("seat", [0, 1, 2])
def test_ce_8_5_the_player_whose_turn_it_was_takes_it(seat: int) -> None:
    state = fresh(3)
    set_fields(state, turn=seat)
    general_dividend(state)  # seat's turn ends; the next seat's turn starts with the dividend
    assert state.current_player() == (seat + 1) % 3
    assert state.to_json()["step"] == "choose action"


def test_ce_8_1_the_state_counts_what_each_company_paid_per_share() -> None:
    """``paid``: the dividends paid per share so far, by company (what a share held from
    the start would have earned): income 16 over three NYC shares adds 6 (CE-8.1), a
    company without shares sold adds nothing."""
    state = fresh(3)
    clear_shares(state)
    set_shares(state, NYC, {0: 2, 1: 1})
    set_company(state, NYC, income=16)
    set_company(state, BO, income=30)
    before = state.paid[:]
    general_dividend(state)
    assert [now - was for now, was in zip(state.paid, before, strict=True)] == [0, 0, 0, 6, 0]
    assert state.clone().paid == state.paid and state.clone().paid is not state.paid


def test_ce_7_1_ce_8_1_every_dollar_the_bank_pays_out_is_a_dividend_counted_per_share_or_a_forest(
) -> None:
    """At every step of seeded random games (both Chicago options): what the bank paid out
    is each company's new dividends per share times its shares sold (CE-7.1, CE-8.1), plus
    the $2 a developed forest pays each company there (CE-6.4)."""
    import random

    from cuberail.games import get_game
    from cuberail.games.chicago_express.board import FOREST, HEXES
    from cuberail.games.chicago_express.state import DEVELOP

    paid_in_total = 0
    for game, chicago in enumerate(("stop", "continue", "stop", "continue")):
        rng = random.Random(game)
        state = get_game("chicago-express").new_game(3 + game % 3, {"chicago": chicago})
        assert isinstance(state, ChicagoExpressState)
        while not state.is_terminal():
            before = state.clone()
            action = rng.choice(state.legal_actions())
            state.apply(action)
            forest = 0
            if before.step == DEVELOP and action.args:
                h = hx(str(action.args[0]))
                if HEXES[h].terrain == FOREST:
                    forest = HEXES[h].develop_cash * bin(before.occ_mask[h]).count("1")
            dividends = sum((now - was) * sold for now, was, sold
                            in zip(state.paid, before.paid, state.sold, strict=True))
            assert state.bank_out - before.bank_out == dividends + forest, action
            paid_in_total += dividends
    assert paid_in_total > 0
