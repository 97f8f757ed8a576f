"""``up to 20``: the table bids for a player, as a proxy, until a limit.

A medium bot raises by a dollar, so an auction asks a human for many small bids. Typed at
one's own decision in an auction (``up to 20``, ``upto $20``, ``max 20``), the table
answers that player's decisions in this auction for them: the lowest legal bid while it is
at most the limit, and a pass once it is not (or when the player's cash is reached). The
limit ends with the auction (a decision of theirs with no bid to make), an undo, or
``up to off``; each bid made for them says so in the log. Title-independent: it reads only
the ``bid`` and ``pass`` actions every title's auction offers.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from cuberail.cli.menu import amount_of
from cuberail.core.actions import Action
from cuberail.core.state import GameState

# `up to 20`, `upto $20`, `max 20`; `up to off` ends it
TYPED = re.compile(r"(?:up ?to|max)(?:\s*\$?\s*(\d+)|\s+(off|stop|none))?", re.IGNORECASE)
WORD = "upto"  # the table's command word


def parse(text: str) -> str | None:
    """The command's argument for a typed line that asks for a proxy (the amount, ``off``,
    or ``""`` when it names none), else None."""
    m = TYPED.fullmatch(" ".join(text.split()))
    if m is None:
        return None
    return m.group(1) or (m.group(2) and "off") or ""


@dataclass(frozen=True)
class Proxy:
    """A seat's limit in one auction: ``lot`` what is auctioned, ``low`` the lowest bid at
    its last decision (in one auction the lowest bid only rises)."""

    limit: int
    lot: object
    low: int


def _lot(state: GameState) -> object:
    return getattr(state, "a_company", None)


def bids(state: GameState) -> list[Action]:
    """The legal bids, lowest first."""
    out = [a for a in state.legal_actions() if a.kind == "bid" and amount_of(a) is not None]
    return sorted(out, key=lambda a: amount_of(a) or 0)


def move(state: GameState, proxy: Proxy) -> tuple[Action, str, Proxy | None] | None:
    """The proxy's move at a decision of its player, with the log's note and the proxy
    that goes on (None: it ends with this move); None when it has no move here (no bid to
    make: the auction is over for them; another auction; a pass not legal, as for an opener
    who must bid: the player decides)."""
    offered = bids(state)
    if not offered or _lot(state) != proxy.lot or (amount_of(offered[0]) or 0) < proxy.low:
        return None
    low = amount_of(offered[0]) or 0
    if low <= proxy.limit:
        return offered[0], f" (bid for you: up to ${proxy.limit})", Proxy(proxy.limit,
                                                                        proxy.lot, low)
    passing = next((a for a in state.legal_actions() if a.kind == "pass"), None)
    if passing is None:
        return None
    return passing, f" (your limit of ${proxy.limit} is reached)", None


def accept(state: GameState, arg: str) -> tuple[Proxy | None, str]:
    """A typed ``up to`` at ``state`` (the player's own decision): the proxy to keep (None:
    none) and what to tell the player."""
    offered = bids(state)
    if arg == "off":
        return None, "no more bids for you in this auction: you bid yourself"
    if not offered:
        return None, ("`up to $N` bids for you in an auction; there is no bid to make now")
    low, high = amount_of(offered[0]) or 0, amount_of(offered[-1]) or 0
    if not arg:
        return None, (f"type `up to` and your limit, e.g. `up to {max(low, min(high, low + 5))}`:"
                      f" the table makes the lowest bid for you each time (${low} now) until"
                      " the limit, then passes")
    limit = int(arg)
    if limit < low:
        return None, (f"the lowest bid now is ${low}: a limit of ${limit} would pass at once"
                      " (type `p` to pass)")
    if limit > high:
        return Proxy(high, _lot(state), low), (f"bidding for you up to ${high} (all you can"
                                                " bid); `up to off` stops it")
    return Proxy(limit, _lot(state), low), f"bidding for you up to ${limit}; `up to off` stops it"


__all__ = ["WORD", "Proxy", "accept", "bids", "move", "parse"]
