"""Amounts on offer (bids, share values) in a few words: their kinds as typed, and a
range said once, never every amount (the 31st newcomer run, at 80x24, typed `bid` in an
auction and read every bid listed)."""

from __future__ import annotations

from collections.abc import Sequence

from cuberail.cli.menu import amount_of
from cuberail.core.actions import Action

AMOUNT_KINDS = ("bid", "value")
SHORT = {"bid": "b", "value": "v"}  # an amount's kind as typed before it: `b 12`
KIND_WORDS = {"bid": "bid", "b": "bid", "bids": "bid", "value": "value", "v": "value",
              "values": "value"}  # a kind's words, typed alone or before an amount


def said(offered: Sequence[Action]) -> str:
    """Amounts in a few words, by kind: ``bids $8..$40 (`b 8`)``, ``values $8, $12 … $36
    (`v 8`)``: the range, never every amount."""
    parts = []
    for kind in dict.fromkeys(a.kind for a in offered):
        values = sorted({v for a in offered if a.kind == kind
                         and (v := amount_of(a)) is not None})
        if not values:
            continue
        if len(values) > 1 and values[-1] - values[0] == len(values) - 1:
            span = f"${values[0]}..${values[-1]}"
        elif len(values) <= 3:
            span = ", ".join(f"${v}" for v in values)
        else:
            span = f"${values[0]}, ${values[1]} … ${values[-1]}"
        parts.append(f"{kind}{'s' * (len(values) > 1)} {span} (`{SHORT[kind]} {values[0]}`)")
    return "; ".join(parts)

