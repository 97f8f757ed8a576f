"""The Trans-Siberian Railroad action vocabulary (see docs/trans-siberian.md).

=====================================  ==================================================
text                                   meaning
=====================================  ==================================================
``bid 12``                             auction: bid this many dollars (TS-2.1, TS-7.1)
``pass``                               auction: drop out for good; turn: pass (TS-3.3)
``link moscow-kazan``                  auction winner: the company's first link (TS-2.2)
``value 16``                           auction winner: the company's share value (TS-2.2)
``buy red``                            turn: buy one share (TS-3.1)
``buy red blue``                       turn: buy one share of each (companies in board order)
``surcharge red``                      after ``buy red blue``: who gets the $4 (TS-3.1)
``build red``                          turn: build for this company (TS-3.2)
``link omsk-barnaul``                  build: a link touching the network (TS-4.1)
``link omsk-barnaul pay:blue,blue``    build: a link reached by jumping; the fees go to
                                       these treasuries (``bank`` for a nationalized
                                       company), one word per link jumped (TS-4.1, TS-4.2)
``stop``                               build: end after the first internal link
=====================================  ==================================================

A jump is named by what it costs and whom it pays, not by its route: routes that
pay the same companies the same amounts are one choice (which routes are offered at
all: see :mod:`cuberail.games.trans_siberian.network`). The payees of ``pay:`` are in
the order red, blue, green, yellow, black, white, bank.

Payee multisets are kept as ints: payee ``p`` (a company index, or 6 for the bank)
counts in bits ``7p .. 7p+6``, so adding a payment is one addition.
"""

from __future__ import annotations

from functools import lru_cache

from cuberail.core import auction
from cuberail.core.actions import Action
from cuberail.games.trans_siberian.board import (
    COMPANY_IDS,
    LINKS,
    NUM_COMPANIES,
    PAYEE_IDS,
    SHARE_TRACK,
)

FIELD = 7  # bits per payee in a multiset key
_FIELD_MASK = (1 << FIELD) - 1
PAY_PREFIX = "pay:"

PASS: Action = auction.PASS  # annotated: mypyc checks the import cycle in another order
STOP = Action("stop")
BUY = tuple(Action("buy", (c,)) for c in COMPANY_IDS)
BUY_TWO = {(a, b): Action("buy", (COMPANY_IDS[a], COMPANY_IDS[b]))
           for a in range(NUM_COMPANIES) for b in range(a + 1, NUM_COMPANIES)}
SURCHARGE = tuple(Action("surcharge", (c,)) for c in COMPANY_IDS)
BUILD = tuple(Action("build", (c,)) for c in COMPANY_IDS)
LINK = tuple(Action("link", (link.id,)) for link in LINKS)
VALUE = tuple(Action("value", (v,)) for v in SHARE_TRACK)
bid = auction.bid_action


def payee_bit(payee: int) -> int:
    """The multiset key of one payment to ``payee`` (a company index or the bank)."""
    return 1 << (FIELD * payee)


@lru_cache(maxsize=4096)
def payee_tuple(key: int) -> tuple[int, ...]:
    """The payees of a multiset key, one per link jumped, in payee order (cached)."""
    out: list[int] = []
    for p in range(len(PAYEE_IDS)):
        out.extend([p] * ((key >> (FIELD * p)) & _FIELD_MASK))
    return tuple(out)


def payees(key: int) -> list[int]:
    """The payees of a multiset key, one per link jumped, in payee order."""
    return list(payee_tuple(key))


def pay_arg(key: int) -> str:
    """The ``pay:blue,blue`` word of a multiset key."""
    return PAY_PREFIX + ",".join(PAYEE_IDS[p] for p in payee_tuple(key))


def parse_pay(word: str) -> int | None:
    """The multiset key of a ``pay:`` word, or None when it is not one."""
    if not word.startswith(PAY_PREFIX):
        return None
    key = 0
    for name in word[len(PAY_PREFIX):].split(","):
        if name not in PAYEE_IDS:
            return None
        key += payee_bit(PAYEE_IDS.index(name))
    return key


@lru_cache(maxsize=16384)
def _jump_action(link: int, key: int) -> Action:
    return Action("link", (LINKS[link].id, pay_arg(key)))


def link_action(link: int, key: int) -> Action:
    """``link ID`` when nothing is jumped, else ``link ID pay:...`` (shared values)."""
    return _jump_action(link, key) if key else LINK[link]
