"""The Trans-Siberian Railroad game state and its rules (TS-1 to TS-9).

Turn flow is a small set of steps: an auction (bids), the winner's two choices
(first link, share value), a turn (buy, build or pass), then the follow-ups of a
turn (which company takes the $4 surcharge; the first and second link of a
build). The interturn (dividends, phase 2, nationalization, the end) is automatic.

Decisions where the spec is open (also in docs/trans-siberian.md):

- an auction goes on while a player who has not passed can still act: when all
  the others pass before anyone bids, the last one may still bid or pass;
- the second link of a two-link build starts where the first *ended* (the seed):
  at an end of the first other than the one it was entered from; a link touching
  the network at both ends may be entered from either;
- a jump reaches only a link with no end in the network; routes with the same
  payees are one choice, and a route is offered unless another route to the same
  end pays every treasury at most as much (see network.py);
- the interturn that starts phase 2 is a phase-1 interturn (no nationalization);
  the phase-2 auctions run only if the game does not end there;
- a phase-2 company with no link to choose from is not auctioned (it never enters);
- the opening link sets the income; income marks count from the first build on;
- nationalized companies count for nothing at the end check and in scores;
- with no company in play at the end of an interturn, none can enter any more
  (phase 2 needs a company in play at $48): the game ends there (TS-9.1).
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any, cast

from cuberail.core.actions import Action
from cuberail.core.auction import OpenAuction, dividend_per_share
from cuberail.core.bits import iter_bits
from cuberail.core.errors import OptionError
from cuberail.core.options import OptionValue
from cuberail.core.state import GameResult
from cuberail.games.trans_siberian import actions as A
from cuberail.games.trans_siberian import network as N
from cuberail.games.trans_siberian.board import (
    ALL_LINKS,
    BANK,
    BLACK,
    COMPANY_INDEX,
    INTERNAL_COST,
    LINK_EXTERNAL,
    LINK_INDEX,
    LINK_MASK,
    LINK_VALUE,
    MAX_LINKS,
    MIN_BID,
    NATIONALIZATION_START,
    NATIONALIZE_STEPS,
    NUM_COMPANIES,
    NUM_LINKS,
    OPENING,
    PHASE2_VALUE,
    SHARE_TRACK,
    SHARES,
    SURCHARGE,
    TOP,
    WHITE,
    parse_marks,
)

# Steps of the turn flow.
AUCTION, PICK_LINK, PICK_VALUE, TURN, PICK_SURCHARGE, BUILD_FIRST, BUILD_SECOND, OVER = range(8)
STEP_NAMES = ("auction", "choose first link", "choose share value", "turn",
              "choose surcharge", "build first link", "build second link", "game over")
# Company status.
WAITING, ACTIVE, NEVER, NATIONALIZED = range(4)
STATUS_NAMES = ("waiting", "in play", "never entered", "nationalized")
NC = NUM_COMPANIES
# TS-9.1's end conditions in English, by code (end_codes); their words in every
# language: moves.end_parts and the ``ts.end_*`` catalogue keys.
END_TEXT = {"top": "a share value reached {top}",
            "dividends": "the dividend track reached its end",
            "empty": "every company in play was nationalized and none can enter: their"
                     " shares count for nothing, so the scores are cash alone (TS-8.1,"
                     " TS-9.1)"}


class TransSiberianState(OpenAuction):
    """A game of Trans-Siberian Railroad; see the module docstring for the flow."""

    title = "trans-siberian"

    def __init__(self, num_players: int, options: Mapping[str, OptionValue],
                 *, _source: TransSiberianState | None = None) -> None:
        if _source is not None:  # clone(): a copy of the source, no setup
            _source._copy_to(self)
            return
        n = self.num_players = num_players
        self.opts = _Rules(options, n)
        self.cash = [self.opts.cash] * n
        self.start_total = self.opts.cash * n
        self.held = [0] * (n * NC)  # held[p * NC + c]
        self.unsold = list(SHARES)
        self.removed = [0] * NC
        self.treasury = [0] * NC
        self.income = [0] * NC
        self.value = [-1] * NC  # index on SHARE_TRACK; -1 before the company enters
        self.status = [WAITING] * NC
        self.owner = [-1] * NUM_LINKS
        self.nlinks = [0] * NC
        self.network = [0] * NC  # bitmask of locations touched by the company's links
        self.touch = [0] * NC  # bitmask of links with an end in the network
        self.free = ALL_LINKS  # bitmask of unowned links
        self.phase = 1
        self.timing = 0
        self.dividends = 0
        self.nat = NATIONALIZATION_START
        self.bank_in = 0  # dollars paid to the bank (build costs, fees and treasuries it takes)
        self.bank_out = 0  # dollars paid by the bank (dividends)
        self.turn = self.opts.start
        self.step = AUCTION
        self.a_queue: tuple[int, ...] = OPENING
        self.a_phase = 1  # 1: the opening auctions (TS-2); 2: black and white (TS-7)
        self.a_company = self.a_opener = self.a_to_act = self.a_bidder = -1
        self.a_high = self.a_out = 0
        self.pair = (-1, -1)  # the two companies of a two-share purchase, until the surcharge
        self.b_company = self.b_first = -1  # the company building and its first link
        self.b_ends = 0  # where the second link may start
        self._legal: list[Action] | None = None
        self._options: dict[Action, N.Option] | None = None
        self._next_auction(self.opts.start)

    # ----- the state interface -------------------------------------------------

    def current_player(self) -> int:
        step = self.step
        if step == OVER:
            return -1
        if step == AUCTION:
            return self.a_to_act
        if step in (PICK_LINK, PICK_VALUE):
            return self.a_bidder
        return self.turn

    def is_terminal(self) -> bool:
        return self.step == OVER

    def result(self) -> GameResult:
        return GameResult.from_scores(self.scores())  # TS-9.2

    def legal_actions(self) -> list[Action]:
        """Legal actions in a fixed order. The list is shared: do not modify it."""
        if self._legal is None:
            self._legal = self._generate()
        return self._legal

    def _generate(self) -> list[Action]:
        step = self.step
        if step == AUCTION:
            return self._bid_actions()
        if step == PICK_LINK:
            return [A.LINK[link] for link in self.start_links(self.a_company)]
        if step == PICK_VALUE:
            return [A.VALUE[i] for i in range(TOP + 1) if SHARE_TRACK[i] <= self.a_high]
        if step == TURN:
            return self._turn_actions()
        if step == PICK_SURCHARGE:
            return [A.SURCHARGE[self.pair[0]], A.SURCHARGE[self.pair[1]]]
        if step == BUILD_FIRST:
            return list(self.build_options())
        if step == BUILD_SECOND:
            return [*(A.LINK[link] for link in self.second_links()), A.STOP]
        return []

    def _apply(self, action: Action) -> None:
        self._legal = None
        kind, args = action.kind, action.args
        if kind == "bid":
            self._bid(int(args[0]))
        elif kind == "pass":
            self._pass()
        elif kind == "link":
            self._link(action)
        elif kind == "value":
            self._set_value(SHARE_TRACK.index(int(args[0])))
        elif kind == "buy":
            self._buy([COMPANY_INDEX[str(a)] for a in args])
        elif kind == "surcharge":
            self._surcharge(COMPANY_INDEX[str(args[0])])
        elif kind == "build":
            self.b_company = COMPANY_INDEX[str(args[0])]
            self.step = BUILD_FIRST
        else:  # stop
            self._end_turn()
        self._options = None

    def clone(self) -> TransSiberianState:
        """An independent copy: made by ``__init__`` from this state (see :meth:`_copy_to`).

        The class named, not ``type(self)``: a direct call in the compiled build.
        """
        return TransSiberianState(self.num_players, self.opts.raw, _source=self)

    def __deepcopy__(self, memo: dict[int, Any]) -> TransSiberianState:
        return self.clone()

    def __reduce__(self) -> tuple[Any, ...]:
        """Copies and pickles: rebuilt by ``__init__`` (a compiled class has no other way),
        then every field but the rules (which ``__init__`` made from the same options) set."""
        fields = dict(cast(dict[str, Any], self.__getstate__()))
        del fields["opts"]
        return (TransSiberianState, (self.num_players, self.opts.raw), fields)

    def _copy_to(self, other: TransSiberianState) -> None:
        """Copy every field into ``other`` (lists copied; tuples, caches and rules shared)."""
        other.num_players, other.opts = self.num_players, self.opts
        other.cash = self.cash[:]
        other.held = self.held[:]
        other.unsold = self.unsold[:]
        other.removed = self.removed[:]
        other.treasury = self.treasury[:]
        other.income = self.income[:]
        other.value = self.value[:]
        other.status = self.status[:]
        other.owner = self.owner[:]
        other.nlinks = self.nlinks[:]
        other.network = self.network[:]
        other.touch = self.touch[:]
        other.start_total, other.free, other.phase = self.start_total, self.free, self.phase
        other.timing, other.dividends, other.nat = self.timing, self.dividends, self.nat
        other.bank_in, other.bank_out = self.bank_in, self.bank_out
        other.turn, other.step, other.pair = self.turn, self.step, self.pair
        other.a_queue, other.a_phase = self.a_queue, self.a_phase
        other.b_company, other.b_first, other.b_ends = self.b_company, self.b_first, self.b_ends
        other._legal, other._options = self._legal, self._options
        self._copy_auction(other)

    def to_json(self) -> dict[str, Any]:
        from cuberail.games.trans_siberian.snapshot import snapshot

        return snapshot(self)

    def explain_illegal(self, action: Action) -> str:
        from cuberail.games.trans_siberian.snapshot import explain

        return explain(self, action)

    # ----- queries (also used by views and bots) --------------------------------

    def shares_held(self, player: int, company: int) -> int:
        return self.held[player * NC + company]

    def owned(self, company: int) -> int:
        """Shares of ``company`` held by players."""
        return SHARES[company] - self.unsold[company] - self.removed[company]

    def is_public(self, company: int) -> bool:
        """TS-3.2: in play with at least two shares held by players."""
        return self.status[company] == ACTIVE and self.owned(company) >= 2

    def share_value(self, company: int) -> int:
        """Dollars of one share now (0 before the company enters)."""
        v = self.value[company]
        return SHARE_TRACK[v] if v >= 0 else 0

    def nationalization_value(self) -> int:
        return SHARE_TRACK[self.nat]

    def scores(self) -> list[int]:
        """TS-9.2: cash plus the value of shares held in public companies, per seat."""
        worth = [self.share_value(c) if self.is_public(c) else 0 for c in range(NC)]
        return [self.cash[p] + sum(w * h for w, h in zip(worth, self.held[p * NC:(p + 1) * NC],
                                                         strict=True))
                for p in range(self.num_players)]

    def dividend_per_share(self, company: int) -> int:
        """TS-5.2: income over shares held by players, rounded up per share."""
        return dividend_per_share(self.income[company], self.owned(company))

    def buyable(self, company: int) -> bool:
        """TS-3.1: in play (so not nationalized) with an unsold share."""
        return self.status[company] == ACTIVE and self.unsold[company] > 0

    def can_build_for(self, player: int, company: int) -> bool:
        """TS-3.2: public, the player holds the most shares (ties too), a link is affordable."""
        if not self.is_public(company) or self.nlinks[company] >= MAX_LINKS:
            return False
        mine = self.held[player * NC + company]
        if any(self.held[p * NC + company] > mine for p in range(self.num_players)):
            return False
        return N.can_build(self.owner, self.free, self.touch[company], company,
                           self.network[company], self.treasury[company])

    def payee_table(self) -> list[int]:
        """Who a jump over each company's link pays: itself, or the bank once nationalized."""
        return [BANK if s == NATIONALIZED else c for c, s in enumerate(self.status)]

    def build_options(self) -> dict[Action, N.Option]:
        """The first links of the build in progress, by action (TS-4.1, TS-4.2)."""
        if self._options is None:
            self._options = self._first_options()
        return self._options

    def _first_options(self) -> dict[Action, N.Option]:
        c = self.b_company
        if c < 0 or self.nlinks[c] >= MAX_LINKS:
            return {}
        found = N.first_options(self.owner, self.free, self.touch[c], self.payee_table(), c,
                                self.network[c], self.treasury[c], self.opts.jump_v1)
        return {A.link_action(o[0], o[1]): o for o in found}

    def second_links(self) -> list[int]:
        c = self.b_company
        if self.nlinks[c] >= MAX_LINKS:
            return []
        return N.second_links(self.free, self.b_ends, self.treasury[c])

    def start_links(self, company: int) -> list[int]:
        """TS-2.2, TS-7.1: the links an auction winner may choose from."""
        return iter_bits(self.start_link_mask(company))

    def start_link_mask(self, company: int) -> int:
        """:meth:`start_links` as a bitmask."""
        if self.a_phase == 1:
            return N.moscow_links(self.free)
        others = 0
        for c in range(NC):
            if c != company:
                others |= self.touch[c]
        return N.phase2_links(self.free, others)

    def end_codes(self) -> list[str]:
        """TS-9.1: the end conditions that hold now (checked at the end of an interturn),
        as codes: ``top``, ``dividends``, ``empty`` (words: moves.end_parts)."""
        out = []
        if any(self.status[c] == ACTIVE and self.value[c] >= TOP for c in range(NC)):
            out.append("top")
        if self.dividends >= self.opts.dividend_track:
            out.append("dividends")
        if self.opts.end_when_empty and ACTIVE not in self.status:
            out.append("empty")
        return out

    def end_reasons(self) -> list[str]:
        """TS-9.1: the end conditions that hold now, in English."""
        return [END_TEXT[code].format(top=SHARE_TRACK[TOP]) for code in self.end_codes()]

    def nationalizes(self, company: int) -> bool:
        """TS-8.1: whether ``company``'s share value is at (or, by option, below) the marker."""
        v = self.value[company]
        return v < self.nat or (v == self.nat and not self.opts.nat_below)

    def value_nationalizes(self, dollars: int) -> bool:
        """TS-8.1: whether a share value of ``dollars`` would be nationalized now."""
        nat = self.nationalization_value()
        return dollars < nat or (dollars == nat and not self.opts.nat_below)

    # ----- auctions (TS-2, TS-7) ---------------------------------------------------

    def _next_auction(self, opener: int) -> None:
        """Open the next auction in the queue, or start play when none is left."""
        while self.a_queue:
            c, self.a_queue = self.a_queue[0], self.a_queue[1:]
            self.a_company = c
            if not self.start_links(c):
                self._never_enters(c)
                continue
            self.step = AUCTION
            self._open_auction(c, opener)
            return
        self.a_company = -1
        if self.a_phase == 1:  # TS-2.5
            self.turn = self.opts.first_turn(opener, self.num_players)
        else:  # TS-7.2
            self.turn = (self.turn + 1) % self.num_players
        self.step = TURN

    def _never_enters(self, company: int) -> None:
        """TS-2.4: a company nobody bids on never enters the game."""
        self.status[company] = NEVER
        self.removed[company] += self.unsold[company]
        self.unsold[company] = 0
        self.nat = min(self.nat + self.opts.failed_steps, TOP)

    def opening_bid(self) -> int:
        return MIN_BID  # TS-2.1

    def minimum_bid(self) -> int:
        """The lowest bid allowed now (the opening bid, or one more than the high bid)."""
        return self.lowest_bid()

    def _pass(self) -> None:
        if self.step == TURN:  # TS-3.3, TS-5.1
            self.timing += 1
            self._end_turn()
            return
        self._pass_auction()

    def _close_auction(self) -> None:
        c, winner = self.a_company, self.a_bidder
        if winner < 0:  # TS-2.3: the opener opens the next one
            self._never_enters(c)
            self._next_auction(self.a_opener)
            return
        self.cash[winner] -= self.a_high  # TS-2.2: the winner pays the company
        self.treasury[c] += self.a_high
        self.held[winner * NC + c] += 1
        self.unsold[c] -= 1
        self.status[c] = ACTIVE
        self.step = PICK_LINK

    def _set_value(self, index: int) -> None:
        self.value[self.a_company] = index
        self._next_auction(self.a_bidder)  # TS-2.3: the winner opens the next one

    # ----- turns (TS-3) -------------------------------------------------------------

    def _turn_actions(self) -> list[Action]:
        p, money = self.turn, self.cash[self.turn]
        can = [c for c in range(NC) if self.buyable(c)]
        price = [self.share_value(c) for c in range(NC)]
        out = [A.BUY[c] for c in can if price[c] <= money]
        out.extend(A.BUY_TWO[a, b] for i, a in enumerate(can) for b in can[i + 1:]
                   if price[a] + price[b] + SURCHARGE <= money)
        out.extend(A.BUILD[c] for c in range(NC) if self.can_build_for(p, c))
        out.append(A.PASS)
        return out

    def _buy(self, companies: list[int]) -> None:
        p = self.turn
        for c in companies:
            price = self.share_value(c)
            self.cash[p] -= price
            self.treasury[c] += price
            self.held[p * NC + c] += 1
            self.unsold[c] -= 1
        if len(companies) == 1:
            self._end_turn()
            return
        self.timing += 1  # TS-5.1
        self.pair = (companies[0], companies[1])
        self.step = PICK_SURCHARGE

    def _surcharge(self, company: int) -> None:
        self.cash[self.turn] -= SURCHARGE
        self.treasury[company] += SURCHARGE
        self._end_turn()

    def _end_turn(self) -> None:
        self.pair = (-1, -1)
        self.b_company = self.b_first = -1
        self.b_ends = 0
        if self.timing >= self.opts.timing:  # TS-5.1
            self.timing = 0
            self._interturn()
            return
        self.turn = (self.turn + 1) % self.num_players
        self.step = TURN

    # ----- building (TS-4) ------------------------------------------------------------

    def _link(self, action: Action) -> None:
        if self.step == PICK_LINK:  # TS-2.2, TS-7.1: free, income = its value
            link = LINK_INDEX[str(action.args[0])]
            self._own(self.a_company, link)
            self.income[self.a_company] = LINK_VALUE[link]
            self.step = PICK_VALUE
        elif self.step == BUILD_FIRST:
            self._build_first(self._chosen_option(action))
        else:
            self._build_second(LINK_INDEX[str(action.args[0])])

    def _chosen_option(self, action: Action) -> N.Option:
        """The option of a legal first link; a link touching the network needs no route search.

        Jumps reach only links with no end in the network, so ``link X`` for a link
        touching it is always the direct option.
        """
        if self._options is None and len(action.args) == 1:
            link = LINK_INDEX[str(action.args[0])]
            c = self.b_company
            if self.touch[c] >> link & 1:
                return N.direct_option(link, self.network[c])
        return self.build_options()[action]

    def _own(self, company: int, link: int) -> None:
        self.owner[link] = company
        self.free &= ~(1 << link)
        self.nlinks[company] += 1
        self.network[company] |= LINK_MASK[link]
        self.touch[company] |= N.links_at(LINK_MASK[link])

    def _build_first(self, option: N.Option) -> None:
        c = self.b_company
        link, key, _, ends = option
        base, fee = N.link_cost(link)
        self._pay_bank(c, base)
        for p in A.payees(key):  # TS-4.2: jump fees to the owners (the bank if nationalized)
            if p == BANK:
                self._pay_bank(c, fee)
            else:
                self.treasury[c] -= fee
                self.treasury[p] += fee
        self._add_link(c, link)
        if LINK_EXTERNAL[link]:  # TS-4.4: an external link is built alone
            self._raise(c, 1)
            self.timing += 1
            self._end_turn()
            return
        self.b_first, self.b_ends = link, ends
        if not self.second_links():
            self._end_turn()
            return
        self.step = BUILD_SECOND

    def _build_second(self, link: int) -> None:
        c = self.b_company
        self._pay_bank(c, INTERNAL_COST)
        self._add_link(c, link)
        self._raise(c, 1)  # TS-4.4
        self.timing += 1
        self._end_turn()

    def _pay_bank(self, company: int, amount: int) -> None:
        self.treasury[company] -= amount
        self.bank_in += amount

    def _add_link(self, company: int, link: int) -> None:
        """TS-4.3: the link's value is added to income; each mark reached raises the value."""
        self._own(company, link)
        before = self.income[company]
        after = self.income[company] = before + LINK_VALUE[link]
        self._raise(company, sum(1 for m in self.opts.marks if before < m <= after))

    def _raise(self, company: int, steps: int) -> None:
        self.value[company] = min(self.value[company] + steps, TOP)  # TS-4.6

    # ----- the interturn (TS-5, TS-6, TS-8) -----------------------------------------

    def _pay_dividend(self, company: int) -> None:
        per = self.dividend_per_share(company)
        for p in range(self.num_players):
            got = per * self.held[p * NC + company]
            self.cash[p] += got
            self.bank_out += got

    def _interturn(self) -> None:
        for c in range(NC):  # TS-6.1
            if self.status[c] == ACTIVE:
                self._pay_dividend(c)
        self.dividends += 1
        starts_phase2 = False
        if self.phase == 1:  # TS-6.2
            self.nat = min(self.nat + self.opts.phase1_steps, TOP)
            if any(self.status[c] == ACTIVE and self.share_value(c) >= PHASE2_VALUE
                   for c in range(NC)):
                starts_phase2 = True
                self.phase = 2
        elif not self._nationalize():  # TS-6.3
            self.nat = min(self.nat + self.opts.quiet_steps, TOP)
        if self.end_codes():  # TS-6.4, TS-9.1
            self.step = OVER
            return
        if starts_phase2:  # TS-7.1: opened by the player who had the last turn
            self.a_phase = 2
            self.a_queue = self.opts.phase2_order
            self._next_auction(self.turn)
            return
        self.turn = (self.turn + 1) % self.num_players
        self.step = TURN

    def _nationalize(self) -> int:
        """TS-8: nationalize every company at or below the marker; how many were."""
        hit = [c for c in range(NC) if self.status[c] == ACTIVE and self.nationalizes(c)]
        for c in hit:
            self._pay_dividend(c)  # TS-8.1: a final dividend
            for p in range(self.num_players):
                self.held[p * NC + c] = 0
            self.removed[c] = SHARES[c]
            self.unsold[c] = 0
            self._pay_bank(c, self.treasury[c])
            self.status[c] = NATIONALIZED
        self.nat = min(self.nat + NATIONALIZE_STEPS * len(hit), TOP)  # TS-8.2
        return len(hit)


class _Rules:
    """The rule options of one game, read once into fast fields."""

    __slots__ = ("cash", "dividend_track", "end_when_empty", "failed_steps", "first",
                 "jump_v1", "marks", "nat_below", "phase1_steps", "phase2_order", "quiet_steps",
                 "raw", "start", "timing")

    def __init__(self, options: Mapping[str, OptionValue], num_players: int) -> None:
        self.raw = dict(options)
        self.cash = int(options[f"cash_{num_players}p"])
        try:
            self.marks = parse_marks(str(options["income_marks"]))
        except ValueError as exc:
            raise OptionError(f"option income_marks: {exc}") from None
        self.timing = int(options["timing_track"])
        self.dividend_track = int(options["dividend_track"])
        self.failed_steps = int(options["failed_auction_steps"])
        self.phase1_steps = int(options["phase1_dividend_steps"])
        self.quiet_steps = int(options["quiet_dividend_steps"])
        self.nat_below = options["nationalization"] == "below"
        self.end_when_empty = bool(options["end_when_empty"])
        self.jump_v1 = options["jump_paths"] == "v1"
        self.first = str(options["first_turn"])
        self.phase2_order = (BLACK, WHITE) if options["phase2_order"] == "black-white" else (
            WHITE, BLACK)
        self.start = 0
        if options["start_player"] == "random":  # TS-1.8
            self.start = random.Random(int(options["seed"])).randrange(num_players)

    def first_turn(self, last_winner: int, num_players: int) -> int:
        """TS-2.5: who takes the first turn after the opening auctions."""
        if self.first == "start-player":
            return self.start
        if self.first == "after-winner":
            return (last_winner + 1) % num_players
        return last_winner
