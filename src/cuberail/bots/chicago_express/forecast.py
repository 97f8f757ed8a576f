"""The hand model's forecast of what a Chicago Express share will still pay (CE-8.1).

Dividend by dividend, a company's income grows as its treasury is spent on builds
and its unsold shares sell, diluting the dividend: the model of the heuristic's
share values, with its tuned rates. The hand-tuned evaluator
(:func:`cuberail.bots.chicago_express.search.evaluate`) and the learned features
(:mod:`cuberail.bots.chicago_express.features`) both read it from here.

It runs for every company at every cut-off leaf of the search, so it is float
arithmetic only: in the compiled build ``math.ceil`` of a float is a call into
Python, five times slower than the whole loop without it.
"""

from __future__ import annotations

from typing import Final

SELL_RATE: Final = 0.7  # shares of a company sold per round
MONEY_TO_INCOME: Final = 0.2  # income per treasury dollar spent
SPEND: Final = 9.0  # treasury dollars spent per round


def dividend_terms(income: int, money: int, sold: int, shares: int, d: int
                   ) -> tuple[float, float]:
    """For one share of a company with ``sold`` of its ``shares`` sold, ``income`` and
    ``money`` in its treasury: the sum of its next ``d`` dividends (each the income over
    the shares sold, rounded up, CE-8.1), and the dividend after those. (0, 0) with no
    share sold."""
    if sold <= 0:
        return 0.0, 0.0
    total = 0.0
    term = 0.0
    base, cash, most = float(income), float(money), float(shares)
    for j in range(d + 1):
        total += term
        n = sold + SELL_RATE * j
        spent = SPEND * (j + 1)
        x = (base + MONEY_TO_INCOME * (cash if cash < spent else spent)) / (n if n < most else most)
        whole = float(int(x))  # x >= 0: int() rounds down
        term = whole + 1.0 if whole < x else whole
    return total, term
