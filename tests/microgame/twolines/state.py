"""Two Lines: the rules (TL-1 to TL-4) of a small cube-rail game, as a GameState.

TL-1 Two companies, red and blue, each with three shares and a line of six track
     spaces of given incomes (:data:`LINES`). Players start with ``16 - 2 * (n - 1)``
     dollars (2 players $14, 3 players $12, 4 players $10).
TL-2 On a turn the player auctions a share of a company that has one left (opening
     with a bid of at least $1 they can pay), builds for a company they hold a share
     of (the company pays $2 from its treasury and lays its next space: its income
     grows by the space's value), or passes.
TL-3 An auction: in seat order from the opener, each player still in bids more than
     the high bid (at most their cash) or drops out; the last one in pays the company
     (its treasury) and takes the share.
TL-4 After every round (one turn per player) each company pays its income divided by
     its sold shares (rounded down) to each sold share. The game ends after
     :data:`ROUNDS` rounds (the option ``rounds``); the most cash wins.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self

from cuberail.core.actions import Action
from cuberail.core.state import GameResult, GameState

COMPANIES = ("red", "blue")
SHARES = 3
LINES = ((1, 2, 2, 3, 3, 4), (2, 1, 3, 2, 4, 3))
BUILD_COST = 2
ROUNDS = 4
TURN, AUCTION, OVER = "turn", "auction", "over"


class TwoLinesState(GameState):
    """A game of Two Lines; rule numbers TL-x refer to this module's docstring."""

    title = "two-lines"

    def __init__(self, num_players: int, options: Mapping[str, Any]) -> None:
        self.num_players = num_players
        self.options = dict(options)
        self.rounds = int(options.get("rounds", ROUNDS))
        self.cash = [16 - 2 * (num_players - 1)] * num_players
        self.held = [[0, 0] for _ in range(num_players)]
        self.treasury = [0, 0]
        self.built = [0, 0]
        self.income = [0, 0]
        self.step = TURN
        self.turn_player = 0
        self.turns_taken = 0
        self.round = 1
        # the auction: company, high bid, leader, the seats still in (in bidding order)
        self.company = -1
        self.high = 0
        self.leader = -1
        self.bidders: list[int] = []

    def clone(self) -> Self:
        # (the type's own __new__, not object's, and num_players set apart: in the compiled
        # build GameState is a native class whose fields live outside __dict__)
        twin = type(self).__new__(type(self))
        twin.__dict__.update(self.__dict__)
        twin.num_players = self.num_players
        twin.options = dict(self.options)
        twin.cash = list(self.cash)
        twin.held = [list(h) for h in self.held]
        twin.treasury, twin.built = list(self.treasury), list(self.built)
        twin.income, twin.bidders = list(self.income), list(self.bidders)
        return twin

    def sold(self, c: int) -> int:
        return sum(h[c] for h in self.held)

    def current_player(self) -> int:
        if self.step == OVER:
            return -1
        return self.bidders[0] if self.step == AUCTION else self.turn_player

    def is_terminal(self) -> bool:
        return self.step == OVER

    def legal_actions(self) -> list[Action]:
        if self.step == OVER:
            return []
        if self.step == AUCTION:
            cash = self.cash[self.bidders[0]]
            bids = [Action("bid", (b,)) for b in range(self.high + 1, cash + 1)]
            return bids if self.leader < 0 else [Action("pass"), *bids]  # the opener bids
        p = self.turn_player
        out = [Action("auction", (name,)) for c, name in enumerate(COMPANIES)
               if self.sold(c) < SHARES and self.cash[p] >= 1]
        out += [Action("build", (name,)) for c, name in enumerate(COMPANIES)
                if self.held[p][c] and self.treasury[c] >= BUILD_COST
                and self.built[c] < len(LINES[c])]
        return [*out, Action("pass")]

    def explain_illegal(self, action: Action) -> str:
        if self.step == AUCTION and action.kind == "bid":
            cash = self.cash[self.bidders[0]]
            return f"a bid must be above ${self.high} and at most your ${cash} (TL-3)"
        if action.kind == "build":
            return ("you can build only for a company you hold a share of, with $2 in its"
                    " treasury and track left to lay (TL-2)")
        return super().explain_illegal(action)

    def _apply(self, action: Action) -> None:
        if self.step == AUCTION:
            self._bid(action)
        elif action.kind == "auction":
            self._open(COMPANIES.index(str(action.args[0])))
        elif action.kind == "build":
            c = COMPANIES.index(str(action.args[0]))
            self.treasury[c] -= BUILD_COST
            self.income[c] += LINES[c][self.built[c]]
            self.built[c] += 1
            self._end_turn()
        else:
            self._end_turn()

    def _open(self, c: int) -> None:
        p = self.turn_player
        self.step, self.company, self.high, self.leader = AUCTION, c, 0, -1
        self.bidders = [(p + i) % self.num_players for i in range(self.num_players)]

    def _bid(self, action: Action) -> None:
        seat = self.bidders.pop(0)
        if action.kind == "bid":
            self.high, self.leader = int(action.args[0]), seat
            self.bidders.append(seat)
        if self.bidders == [self.leader]:
            self._award()

    def _award(self) -> None:
        self.cash[self.leader] -= self.high
        self.treasury[self.company] += self.high
        self.held[self.leader][self.company] += 1
        self.company, self.high, self.leader, self.bidders = -1, 0, -1, []
        self.step = TURN
        self._end_turn()

    def _end_turn(self) -> None:
        self.turns_taken += 1
        self.turn_player = (self.turn_player + 1) % self.num_players
        if self.turns_taken % self.num_players == 0:
            self._dividend()

    def _dividend(self) -> None:
        for c in range(len(COMPANIES)):
            sold = self.sold(c)
            per_share = self.income[c] // sold if sold else 0
            for p in range(self.num_players):
                self.cash[p] += per_share * self.held[p][c]
        if self.round == self.rounds:
            self.step = OVER
        else:
            self.round += 1

    def per_share(self, c: int) -> int:
        """What a share of company ``c`` would be paid now (TL-4)."""
        sold = self.sold(c)
        return self.income[c] // sold if sold else 0

    def result(self) -> GameResult:
        return GameResult.from_scores(list(self.cash))

    def to_json(self) -> dict[str, Any]:
        return {
            "title": self.title, "options": dict(self.options), "step": self.step,
            "current_player": self.current_player(), "turn": self.turn_player,
            "legal_actions": [a.text() for a in self.legal_actions()], "round": self.round,
            "rounds": self.rounds,
            "players": [{"seat": p, "cash": self.cash[p],
                         "shares": {n: self.held[p][c] for c, n in enumerate(COMPANIES)
                                    if self.held[p][c]}} for p in range(self.num_players)],
            "companies": [{"id": n, "treasury": self.treasury[c], "income": self.income[c],
                           "built": self.built[c], "sold": self.sold(c),
                           "per_share": self.per_share(c)} for c, n in enumerate(COMPANIES)],
            "auction": None if self.step != AUCTION else {
                "company": COMPANIES[self.company], "high": self.high,
                "leader": self.leader, "bidders": list(self.bidders)},
            "result": self.result().to_json() if self.step == OVER else None,
        }
