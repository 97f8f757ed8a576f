"""A dividend made plain at the table: each company's payout in the log, and a notice.

The move's events as words data (the title's ``event_parts``, the sentences every face
uses) say what each player received in all (``dividends paid: Ann +$20, Bob +$6``);
under them the log splits that by company (its income, the shares held, the payout per
share, what each holder got), from the title kit's :attr:`~cuberail.terminal.kit.
TableKit.payouts`, shown only when the split adds up to exactly what the event says
each player received. The message line then says what the players at this table got.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from cuberail.core.state import GameState
from cuberail.core.words import SEAT, Said, named, seat
from cuberail.games import moves_module
from cuberail.games.words import english
from cuberail.terminal.kit import Payout

BAR = "┃"  # the left edge of a dividend's block in the log


@dataclass(frozen=True)
class Dividend:
    """A dividend paid by one move: each seat's payment and, when it adds up, the split
    by company (empty when it does not)."""

    paid: dict[int, int]
    rows: tuple[Payout, ...]

    def lines(self, names: list[str]) -> list[str]:
        """The block under the move's events: a head, then a line per paying company
        (``P PRR: 7 ÷ 2 = $4 a share → Ann +$4, Bob +$4``)."""
        if not self.rows:
            return []
        head = f"{BAR} by company (income ÷ shares held, rounded up):"
        return [head, *(f"{BAR} {_row(r, names)}" for r in self.rows)]

    def notice(self, humans: Sequence[int], names: list[str]) -> str:
        """The message line for the players at this table: what they received and from
        which companies (``you`` for the only one), and where the block is."""
        where = (f"; each company's payout is in the log ({BAR}, Shift+PgUp)" if self.rows
                 else "")
        if len(humans) == 1:
            return f"Dividend paid: you {self._got(humans[0])}{where}."
        got = "; ".join(f"{names[h]} {self._got(h)}" for h in humans if h < len(names))
        return f"Dividend paid: {got}{where}."

    def _got(self, who: int) -> str:
        amount = self.paid.get(who, 0)
        if not amount:
            return "received nothing (no share of a paying company)"
        parts = [f"{r.company} ${n * r.per}" for r in self.rows
                 for p, n in r.holders if p == who and n]
        return f"received ${amount}" + (f" ({', '.join(parts)})" if parts else "")


def _row(row: Payout, names: list[str]) -> str:
    got = ", ".join(english(named(Said("event.payment", {"seat": seat(p), "amount": n * row.per}),
                                  names)) + (f" ({n} shares)" if n > 1 else "")
                    for p, n in row.holders if n)
    return f"{row.company}: {row.income} ÷ {row.shares} = ${row.per} a share → {got}"


def dividend(title: str, before: GameState, after: GameState,
             payouts: Callable[[GameState], list[Payout]]) -> Dividend | None:
    """The dividend paid between ``before`` and ``after`` (one move), or None."""
    parts = getattr(moves_module(title), "event_parts", None)
    paid = payments(parts(before, after)) if parts is not None else None
    if paid is None:
        return None
    return Dividend(paid, tuple(split((after, before), paid, payouts) or ()))


def payments(parts: Sequence[Said]) -> dict[int, int] | None:
    """Each seat's payment in the first event that lists payments (a dividend), or None."""
    for said in parts:
        listed = said.values.get("payments")
        if isinstance(listed, tuple) and listed:
            return _paid(listed)
    return None


def _paid(listed: tuple[object, ...]) -> dict[int, int] | None:
    out: dict[int, int] = {}
    for payment in listed:
        who = payment.values.get("seat") if isinstance(payment, Said) else None
        amount = payment.values.get("amount") if isinstance(payment, Said) else None
        n = who.values.get("n") if isinstance(who, Said) and who.key == SEAT else None
        if not isinstance(n, int) or not isinstance(amount, int):
            return None
        out[n] = amount
    return out


def split(states: Sequence[GameState], paid: dict[int, int],
          payouts: Callable[[GameState], list[Payout]]) -> list[Payout] | None:
    """The payments split by company, from the first of ``states`` where it adds up:
    every company paying, or a single one (a dividend of one company); None else."""
    for state in states:
        rows = [r for r in payouts(state) if r.per > 0]
        for some in (rows, *([r] for r in rows)):
            if some and adds_up(some, paid):
                return some
    return None


def adds_up(rows: Sequence[Payout], paid: dict[int, int]) -> bool:
    """Whether the companies' parts add up to each seat's payment, and to nobody else's."""
    got: dict[int, int] = {}
    for row in rows:
        for p, n in row.holders:
            got[p] = got.get(p, 0) + n * row.per
    return (all(got.get(p, 0) == amount for p, amount in paid.items())
            and all(p in paid or not amount for p, amount in got.items()))
