"""Two Lines: what an action and its events say, as words data (catalogs in data/)."""

from __future__ import annotations

from typing import cast

from cuberail.core.actions import Action
from cuberail.core.state import GameState
from cuberail.core.words import Said, seat
from cuberail.games.words import english
from twolines.state import COMPANIES, LINES, TwoLinesState


def _tl(state: GameState) -> TwoLinesState:
    return cast(TwoLinesState, state)


def company(name: str) -> Said:
    """A company's name, which translates."""
    return Said(f"tl.company_{name}")


def describe_parts(state: GameState, action: Action) -> Said:
    """TL-2, TL-3: what ``action`` does in ``state``."""
    s = _tl(state)
    if action.kind == "bid":
        return Said("tl.move_bid", {"bid": int(action.args[0]),
                                    "company": company(COMPANIES[s.company])})
    if action.kind == "pass" and s.step == "auction":
        return Said("tl.move_drop", {"company": company(COMPANIES[s.company])})
    if action.kind == "auction":
        return Said("tl.move_auction", {"company": company(str(action.args[0]))})
    if action.kind == "build":
        c = COMPANIES.index(str(action.args[0]))
        return Said("tl.move_build", {"company": company(COMPANIES[c]),
                                      "n": LINES[c][s.built[c]]})
    return Said("tl.move_pass")


def describe_action(state: GameState, action: Action) -> str:
    """``describe_parts`` in English."""
    return english(describe_parts(state, action))


def event_parts(before: GameState, after: GameState) -> list[Said]:
    """What happened by itself: a share won (TL-3), a dividend paid (TL-4), the end."""
    b, a = _tl(before), _tl(after)
    out = []
    for p in range(b.num_players):
        for c, name in enumerate(COMPANIES):
            if a.held[p][c] > b.held[p][c]:
                out.append(Said("tl.ev_share", {"seat": seat(p), "company": company(name),
                                                "price": a.treasury[c] - b.treasury[c]}))
    if a.round > b.round or a.is_terminal():
        payments = tuple(Said("event.payment", {"seat": seat(p), "amount": _paid(b, a, p)})
                         for p in range(b.num_players))
        out.append(Said("tl.ev_dividend", {"n": b.round, "payments": payments}))
    if a.is_terminal():
        out.append(Said("event.end", {"reasons": tuple(end_parts(a))}))
    return out


def _paid(b: TwoLinesState, a: TwoLinesState, p: int) -> int:
    """The dividend seat ``p`` received (the price of a share won in the same step added back)."""
    price = sum(a.treasury[c] - b.treasury[c] for c in range(len(COMPANIES))
                if a.held[p][c] > b.held[p][c])
    return a.cash[p] - b.cash[p] + price


def end_parts(state: GameState) -> list[Said]:
    """TL-4: why the game ends."""
    return [Said("tl.end_rounds", {"n": _tl(state).rounds})]


def describe_step(state: GameState, players: list[str]) -> str:
    """Who decides what now, in English."""
    s = _tl(state)
    if s.step == "auction":
        return (f"{players[s.bidders[0]]}: bid for the {COMPANIES[s.company]} share"
                f" (high ${s.high})")
    if s.step == "over":
        return "the game is over"
    return f"{players[s.turn_player]}: auction, build or pass (round {s.round} of {s.rounds})"


__all__ = ["describe_action", "describe_parts", "describe_step", "end_parts", "event_parts"]
