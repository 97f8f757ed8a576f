"""The Chicago Express game state and its rules (CE-1 to CE-9).

Turn flow is a small set of steps (the ``step``): a turn chooses a gauge, then
the chosen action runs as its own step (pick a share, bid, pick a company,
place, develop). Dividends, the Chicago phase and the end are automatic.

The Chicago phase (CE-5.7, CE-7) interrupts a build at the placement in Chicago:
the dividend is paid on the income at that moment, and at the first arrival the
Wabash opens and its share is auctioned. With ``chicago=stop`` the build is then
over; with ``chicago=continue`` the builder gets the build step back (its
placements so far kept) when placements remain.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final, cast

from cuberail.core.actions import Action, Arg
from cuberail.core.auction import OpenAuction, ceil_div, dividend_per_share
from cuberail.core.bits import iter_bits
from cuberail.core.options import OptionValue
from cuberail.core.state import GameResult
from cuberail.games.chicago_express import actions as A
from cuberail.games.chicago_express.board import (
    CHICAGO,
    CITY,
    COMPANIES,
    DETROIT,
    DEVELOPABLE,
    FOREST,
    FORT_WAYNE,
    HEX_COST,
    HEX_INDEX,
    HEXES,
    HOUSES,
    INDUSTRIAL_HEXES,
    MAX_PLACEMENTS,
    MOUNTAIN,
    NEIGHBOUR_MASK,
    SETUP_ORDER,
    SINGLE_COMPANY,
    START_HEX,
    START_MASK,
    STARTING_CASH,
    WABASH,
)

# Constants are Final, one to a line: the compiled build inlines them (or reads a C
# static) instead of looking a module global up by name on every use.
# Steps of the turn flow.
SETUP: Final = 0
CHOOSE: Final = 1
SHARE: Final = 2
BID: Final = 3
COMPANY: Final = 4
PLACE: Final = 5
DEVELOP: Final = 6
OVER: Final = 7
STEP_NAMES: Final = ("setup auction", "choose action", "choose share", "auction",
                     "choose company", "build", "develop", "game over")
# Kinds of auction.
# CE-9.1's end conditions in English, by code (end_codes); their words in every
# language: moves.end_parts and the ``ce.end_*`` catalogue keys.
END_TEXT: Final = {"locos": "3 companies have no locomotives left",
                   "shares": "3 companies have no unsold shares",
                   "houses": "the supply holds 3 houses or fewer",
                   "detroit": "Detroit stands at its maximum"}
AUCTION_SETUP: Final = 0
AUCTION_TURN: Final = 1
AUCTION_WABASH: Final = 2
NUM_COMPANIES: Final = len(COMPANIES)
AUCTION_GAUGE: Final = 0
DEVELOP_GAUGE: Final = 1
BUILD_GAUGE: Final = 2
# What ``_apply`` reads from an action's argument: the index of a gauge, company or hex.
_GAUGE_OF: Final[dict[Arg, int]] = {a.args[0]: g for g, a in enumerate(A.CHOOSE)}
_COMPANY_OF: Final[dict[Arg, int]] = {a.args[0]: c for c, a in enumerate(A.COMPANY)}
_HEX_OF: Final[dict[Arg, int]] = {a.args[0]: h for h, a in enumerate(A.PLACE)}
DEVELOPABLE_MASK: Final = sum(1 << h for h in DEVELOPABLE)
# The industrial hexes a player may develop (not Detroit, whose track moves by itself).
_INDUSTRIAL_MASK: Final = sum(1 << h for h in DEVELOPABLE if HEXES[h].is_industrial)
_SHARES: Final = tuple(c.shares for c in COMPANIES)
HEX_BIT: Final = tuple(1 << h for h in range(len(HEXES)))
# The neighbours of a hex that a network reaching it may grow to: start hexes never (CE-5.2).
_REACH: Final = tuple(mask & ~START_MASK for mask in NEIGHBOUR_MASK)
# CE-5.5: the income of a city or mountain hex, and of its house; 0 elsewhere.
_CITY_INCOME: Final = tuple(h.income if h.terrain in (CITY, MOUNTAIN) else 0 for h in HEXES)
_HOUSE_INCOME: Final = tuple(h.house if h.terrain in (CITY, MOUNTAIN) else 0 for h in HEXES)
# The hexes where a placement can add income (CE-5.5): cities, mountains, industrial cities.
INCOME_MASK: Final = sum(1 << h.index for h in HEXES
                         if _CITY_INCOME[h.index] or _HOUSE_INCOME[h.index] or h.is_industrial)
# By the bitmask of gauges already red: how many are red, and the gauges a turn may choose
# (CE-3.1).
_RED_COUNT: Final = tuple(red.bit_count() for red in range(8))
_CHOOSABLE: Final = tuple(tuple(A.CHOOSE[g] for g in range(3) if not red >> g & 1)
                          for red in range(8))


class ChicagoExpressState(OpenAuction):
    """A game of Chicago Express; see the module docstring for the flow."""

    title = "chicago-express"
    step: int  # the step of the turn flow (SETUP to OVER)

    def __init__(self, num_players: int, options: Mapping[str, OptionValue],
                 *, _source: ChicagoExpressState | None = None) -> None:
        if _source is not None:  # clone(): a copy of the source, no setup
            _source._copy_to(self)
            return
        n = num_players
        self.num_players = n
        self.opts = _Rules(options)
        self.cash = [STARTING_CASH[n]] * n
        self.held = [[0] * NUM_COMPANIES for _ in range(n)]
        self.treasury = [0] * NUM_COMPANIES
        self.income = [0] * NUM_COMPANIES
        self.sold = [0] * NUM_COMPANIES
        self.locos_left = [c.locomotives for c in COMPANIES]
        self.network = [0] * NUM_COMPANIES
        self.frontier = [0] * NUM_COMPANIES
        self.occ = [0] * len(HEXES)
        self.occ_mask = [0] * len(HEXES)
        self.developed = 0
        self.houses = HOUSES
        self.track = {i: HEXES[i].track_start for i in INDUSTRIAL_HEXES}
        self.gauges = [0, 0, 0]
        self.red = 0  # bit g set: gauge g is full (red), kept by _choose and the dividend
        self.wabash_open = False
        self.dividends = 0
        self.paid = [0] * NUM_COMPANIES  # dividends paid per share so far (CE-7.1, CE-8.1)
        self.bank_in = 0  # dollars paid to the bank (build costs)
        self.bank_out = 0  # dollars paid by the bank (dividends, forests)
        self.turn = 0
        self.b_company = -1
        self.b_placed = 0
        self.b_chicago = False
        self._legal: list[Action] | None = None
        for c in SETUP_ORDER:  # CE-1.1: one locomotive on each eastern start hex
            self._put_locomotive(c, START_HEX[c])
            self.income[c] = COMPANIES[c].start_income
        self._start_auction(AUCTION_SETUP, SETUP_ORDER[0], 0)  # CE-2.2: seat 0 opens
        self.a_setup = 0

    # ----- the state interface -------------------------------------------------

    def current_player(self) -> int:
        if self.step == OVER:
            return -1
        if self.step in (SETUP, BID):
            return self.a_to_act
        return self.turn

    def is_terminal(self) -> bool:
        return self.step == OVER

    def result(self) -> GameResult:
        return GameResult.from_scores(self.cash)  # CE-9.2: cash only

    def legal_actions(self) -> list[Action]:
        """Legal actions in a fixed order. The list is shared: do not modify it."""
        if self._legal is None:
            self._legal = self._generate()
        return self._legal

    def _generate(self) -> list[Action]:
        step = self.step
        if step in (SETUP, BID):
            return self._bid_actions()
        if step == CHOOSE:
            return list(_CHOOSABLE[self.red])
        if step == PLACE:
            out = [A.PLACE[h] for h in self.placements(self.b_company)]
        elif step == SHARE:
            out = [A.SHARE[c] for c in self.auctionable_companies()]
        elif step == COMPANY:
            out = [A.COMPANY[c] for c in self.buildable_companies(self.turn)]
        elif step == DEVELOP:
            out = [A.DEVELOP[h] for h in self.developable_hexes()]
        else:
            return []
        out.append(A.STOP if step == PLACE else A.FORGO)
        return out

    def _apply(self, action: Action) -> None:
        """Carry out a legal action, its kind told by the step (no hashing of the action).

        Each step allows one kind of action, and ``pass``, ``stop`` or ``forgo``: the
        only actions without an argument.
        """
        self._legal = None
        step = self.step
        args = action.args
        if step in (BID, SETUP):
            if args:
                self._bid(int(args[0]))
            else:  # pass
                self._pass_auction()
        elif step == PLACE:
            if args:
                self._place(_HEX_OF[args[0]])
            else:  # stop
                self._end_turn()
        elif step == CHOOSE:
            self._choose(_GAUGE_OF[args[0]])
        elif not args:  # forgo the chosen action (CE-3.1)
            self._end_turn()
        elif step == SHARE:
            self._start_auction(AUCTION_TURN, _COMPANY_OF[args[0]], self.turn)
        elif step == COMPANY:
            self.b_company = _COMPANY_OF[args[0]]
            self.b_placed = 0
            self.b_chicago = False
            self.step = PLACE
        else:  # develop
            self._develop(_HEX_OF[args[0]])

    def clone(self) -> ChicagoExpressState:
        """An independent copy: made by ``__init__`` from this state (see :meth:`_copy_to`).

        The class named, not ``type(self)``: a direct call in the compiled build.
        """
        return ChicagoExpressState(self.num_players, self.opts.raw, _source=self)

    def __deepcopy__(self, memo: dict[int, Any]) -> ChicagoExpressState:
        return self.clone()

    def __reduce__(self) -> tuple[Any, ...]:
        """Copies and pickles: rebuilt by ``__init__`` (a compiled class has no other way),
        then every field but the rules (which ``__init__`` made from the same options) set."""
        fields = dict(cast(dict[str, Any], self.__getstate__()))
        del fields["opts"]
        return (ChicagoExpressState, (self.num_players, self.opts.raw), fields)

    def _copy_to(self, other: ChicagoExpressState) -> None:
        """Copy every field into ``other`` by hand (lists copied, the read-only rules shared)."""
        other.num_players, other.opts = self.num_players, self.opts
        other.cash = self.cash[:]
        other.held = [row[:] for row in self.held]
        other.treasury = self.treasury[:]
        other.income = self.income[:]
        other.sold = self.sold[:]
        other.paid = self.paid[:]
        other.locos_left = self.locos_left[:]
        other.network = self.network[:]
        other.frontier = self.frontier[:]
        other.occ = self.occ[:]
        other.occ_mask = self.occ_mask[:]
        other.track = self.track.copy()
        other.gauges, other.red = self.gauges[:], self.red
        other.developed, other.houses, other.wabash_open = (self.developed, self.houses,
                                                            self.wabash_open)
        other.dividends, other.bank_in, other.bank_out = (self.dividends, self.bank_in,
                                                          self.bank_out)
        other.turn, other.step, other._legal = self.turn, self.step, self._legal
        other.b_company, other.b_placed, other.b_chicago = (self.b_company, self.b_placed,
                                                            self.b_chicago)
        other.a_kind, other.a_setup = self.a_kind, self.a_setup
        self._copy_auction(other)

    def to_json(self) -> dict[str, Any]:
        from cuberail.games.chicago_express.snapshot import snapshot

        return snapshot(self)

    def explain_illegal(self, action: Action) -> str:
        from cuberail.games.chicago_express.explain import explain

        return explain(self, action)

    # ----- queries (also used by views and bots) --------------------------------

    def gauge_size(self, gauge: int) -> int:
        return self.opts.gauges[gauge]

    def red_gauges(self) -> int:
        return _RED_COUNT[self.red]

    def is_open(self, company: int) -> bool:
        return company != WABASH or self.wabash_open

    def unsold(self, company: int) -> int:
        return COMPANIES[company].shares - self.sold[company]

    def auctionable_companies(self) -> list[int]:
        """CE-4.1: open companies with an unsold share."""
        sold = self.sold
        last = NUM_COMPANIES if self.wabash_open else WABASH  # the Wabash is the last company
        return [c for c in range(last) if sold[c] < _SHARES[c]]

    def buildable_companies(self, player: int) -> list[int]:
        """CE-5.1, CE-5.6: companies the player holds a share of that can place now.

        Rules version 2: a company with no locomotive left, or whose treasury pays
        for no legal placement, is not offered (version 1 offered it, and the build
        could then only stop).
        """
        row = self.held[player]
        return [c for c in range(NUM_COMPANIES) if row[c] > 0 and self.can_place(c)]

    def minimum_bid(self) -> int:
        """The opening bid of the current auction (CE-2.1, CE-4.2)."""
        c = self.a_company
        if self.a_kind == AUCTION_SETUP:
            return COMPANIES[c].setup_min_bid
        return self.minimum_bid_for(c)

    def minimum_bid_for(self, company: int) -> int:
        """CE-4.2: the opening bid of a share of ``company`` auctioned now."""
        return ceil_div(self.income[company], self.sold[company] + 1)

    def placement_cost(self, hex_index: int) -> int:
        """CE-5.4: red cost times the locomotives on the hex after placing."""
        return HEX_COST[hex_index] * (self.occ[hex_index] + 1)

    def placements(self, company: int) -> list[int]:
        """Hexes where ``company`` may place its next locomotive (CE-5.2 to CE-5.4)."""
        if self.locos_left[company] <= 0 or self.b_placed >= MAX_PLACEMENTS:
            return []
        return self.open_hexes(company)

    def open_hexes(self, company: int, among: int | None = None) -> list[int]:
        """Hexes next to ``company``'s network that a locomotive may take now, each within its
        treasury (CE-5.2 to CE-5.4), whatever the build in progress or the locomotives left.

        ``among``: a bitmask of hexes to look at only (e.g. :data:`INCOME_MASK`); None: all.
        """
        money, occ = self.treasury[company], self.occ
        frontier = self.frontier[company] if among is None else self.frontier[company] & among
        out = []
        for h in iter_bits(frontier):  # the frontier's hexes, ascending
            k = occ[h]
            if k and SINGLE_COMPANY[h]:  # CE-5.3
                continue
            if HEX_COST[h] * (k + 1) <= money:  # CE-5.4
                out.append(h)
        return out

    def can_place(self, company: int) -> bool:
        """Whether ``company`` could make a first placement now (CE-5.2 to CE-5.4, CE-5.6)."""
        if self.locos_left[company] <= 0:
            return False
        money, occ = self.treasury[company], self.occ
        for h in iter_bits(self.frontier[company]):
            k = occ[h]
            if not (k and SINGLE_COMPANY[h]) and HEX_COST[h] * (k + 1) <= money:
                return True
        return False

    def is_developed(self, hex_index: int) -> bool:
        return bool(self.developed >> hex_index & 1)

    def developable_hexes(self) -> list[int]:
        """CE-6.1, CE-6.2, CE-6.5: occupied hexes that can take a development now."""
        occupied = 0
        for net in self.network:
            occupied |= net
        if self.houses > 0:  # hexes without a house yet (industrial hexes never have one)
            mask = occupied & DEVELOPABLE_MASK & ~self.developed
        else:  # no house left (CE-6.2): industrial hexes only
            mask = occupied & _INDUSTRIAL_MASK
        track, track_max = self.track, self.opts.track_max
        out = []
        for h in iter_bits(mask):  # ascending: map order
            if h not in track or track[h] < track_max[h]:  # a house, or a track step (CE-6.5)
                out.append(h)
        return out

    def hex_income(self, hex_index: int) -> int:
        """CE-5.5: income a company gains by placing a locomotive on this hex now."""
        track = self.track.get(hex_index)
        if track is not None:  # industrial
            return track
        return _CITY_INCOME[hex_index] + (
            _HOUSE_INCOME[hex_index] if self.developed >> hex_index & 1 else 0)

    def companies_on(self, hex_index: int) -> list[int]:
        mask = self.occ_mask[hex_index]
        return [c for c in range(NUM_COMPANIES) if mask >> c & 1]

    def dividend_per_share(self, company: int) -> int:
        """CE-8.1: income over shares sold, rounded up per share."""
        return dividend_per_share(self.income[company], self.sold[company])

    def end_codes(self) -> list[str]:
        """CE-9.1: the end conditions that hold now (checked at a general dividend), as
        codes: ``locos``, ``shares``, ``houses``, ``detroit`` (words: moves.end_parts)."""
        out = []
        if sum(1 for c in range(NUM_COMPANIES) if self.locos_left[c] == 0) >= 3:
            out.append("locos")
        if sum(1 for c in range(NUM_COMPANIES) if self.unsold(c) == 0) >= 3:
            out.append("shares")
        if self.houses <= 3:
            out.append("houses")
        if self.track[DETROIT] >= HEXES[DETROIT].track_max:
            out.append("detroit")
        return out

    def end_conditions(self) -> list[str]:
        """CE-9.1: the end conditions that hold now, in English."""
        return [END_TEXT[code] for code in self.end_codes()]

    # ----- auctions (CE-2, CE-4, CE-7.2) -------------------------------------------

    def _start_auction(self, kind: int, company: int, opener: int) -> None:
        self.step = SETUP if kind == AUCTION_SETUP else BID
        self.a_kind = kind
        self._open_auction(company, opener)

    def opening_bid(self) -> int:
        return self.minimum_bid()

    def _close_auction(self) -> None:
        c, winner = self.a_company, self.a_bidder
        if winner >= 0:  # CE-2.3, CE-4.4: the winner pays the company
            self.cash[winner] -= self.a_high
            self.treasury[c] += self.a_high
        elif self.a_kind == AUCTION_SETUP:  # CE-2.4: the opener gets it for free
            winner = self.a_opener
        if winner >= 0:
            self.held[winner][c] += 1
            self.sold[c] += 1
        if self.a_kind == AUCTION_WABASH:  # the end of the Chicago phase (CE-7.2)
            self._after_chicago()
            return
        if self.a_kind != AUCTION_SETUP:
            self._end_turn()
            return
        self.a_setup += 1
        if self.a_setup < len(SETUP_ORDER):  # CE-2.5: the receiver opens the next one
            self._start_auction(AUCTION_SETUP, SETUP_ORDER[self.a_setup], winner)
            return
        self.turn = next(p for p in range(self.num_players) if self.held[p][0])  # CE-2.6
        self._start_turn()

    # ----- turns, gauges and dividends (CE-3, CE-8) ------------------------------

    def _choose(self, gauge: int) -> None:
        self.gauges[gauge] += 1
        if self.gauges[gauge] >= self.opts.gauges[gauge]:
            self.red |= 1 << gauge
        self.step = (SHARE, DEVELOP, COMPANY)[gauge]

    def _end_turn(self) -> None:
        self.turn = (self.turn + 1) % self.num_players
        self._start_turn()

    def _start_turn(self) -> None:
        if _RED_COUNT[self.red] >= 2:  # CE-3.2
            self._general_dividend()
            if self.step == OVER:
                return
        self.step = CHOOSE

    def _pay_dividend(self, company: int) -> None:
        per = self.dividend_per_share(company)
        if not per:
            return
        self.paid[company] += per
        for p in range(self.num_players):
            got = per * self.held[p][company]
            self.cash[p] += got
            self.bank_out += got

    def _general_dividend(self) -> None:
        for c in range(NUM_COMPANIES):  # CE-8.1
            self._pay_dividend(c)
        self.dividends += 1
        if self.end_codes():  # CE-8.2, CE-9.1
            self.step = OVER
            return
        self.gauges = [0, 0, 0]  # CE-8.3
        self.red = 0
        if self.track[DETROIT] < HEXES[DETROIT].track_max:  # CE-8.4
            self.track[DETROIT] += HEXES[DETROIT].track_step
            for c in self.companies_on(DETROIT):
                self.income[c] += HEXES[DETROIT].track_step

    # ----- building and the Chicago phase (CE-5, CE-7) ---------------------------

    def _put_locomotive(self, company: int, h: int) -> None:
        self.occ[h] += 1
        self.occ_mask[h] |= 1 << company
        network = self.network[company] | HEX_BIT[h]
        self.network[company] = network
        self.frontier[company] = (self.frontier[company] | _REACH[h]) & ~network
        self.locos_left[company] -= 1

    def _place(self, h: int) -> None:
        c = self.b_company
        cost = self.placement_cost(h)
        self.treasury[c] -= cost
        self.bank_in += cost
        self.income[c] += self.hex_income(h)
        self._put_locomotive(c, h)
        self.b_placed += 1
        if h == CHICAGO:  # CE-5.7: the game is interrupted for the Chicago phase at once
            self.b_chicago = True
            self._chicago_phase(c)
        elif self.b_placed >= MAX_PLACEMENTS or self.locos_left[c] == 0:
            self._end_turn()

    def _chicago_phase(self, company: int) -> None:
        """CE-7.1, CE-7.2: the Chicago dividend on the income now, then the Wabash opening."""
        self._pay_dividend(company)  # the +7 came with the placement
        if self.wabash_open:
            self._after_chicago()
            return
        self.wabash_open = True  # CE-7.2
        self._put_locomotive(WABASH, FORT_WAYNE)
        self.income[WABASH] = self.hex_income(FORT_WAYNE)
        self._start_auction(AUCTION_WABASH, WABASH, self.turn)

    def build_resumes(self) -> bool:
        """CE-5.7: whether the build interrupted by a Chicago phase goes on after it.

        Only with ``chicago=continue``, and only when the build has placements
        left: fewer than 3 made and a locomotive still in stock.
        """
        return (not self.opts.chicago_stops_build and self.b_placed < MAX_PLACEMENTS
                and self.locos_left[self.b_company] > 0)

    def _after_chicago(self) -> None:
        """The Chicago phase is over: the same build resumes, or play moves on (CE-7.3)."""
        if self.build_resumes():
            self.step = PLACE
        else:
            self._end_turn()

    # ----- developing (CE-6) ----------------------------------------------------

    def _develop(self, h: int) -> None:
        hx = HEXES[h]
        if hx.is_industrial:  # CE-6.5
            before = self.track[h]
            self.track[h] = min(before + hx.track_step, self.opts.track_max[h])
            gain = self.track[h] - before
        else:
            self.houses -= 1
            self.developed |= 1 << h
            gain = hx.house
        if hx.terrain == FOREST:  # CE-6.4
            for c in self.companies_on(h):
                self.treasury[c] += hx.develop_cash
                self.bank_out += hx.develop_cash
        else:  # CE-6.3
            for c in self.companies_on(h):
                self.income[c] += gain
        self._end_turn()


class _Rules:
    """The rule options of one game, read once into fast fields."""

    __slots__ = ("chicago_stops_build", "gauges", "raw", "track_max")

    def __init__(self, options: Mapping[str, OptionValue]) -> None:
        self.raw = dict(options)
        self.chicago_stops_build = options["chicago"] == "stop"
        self.gauges = (int(options["auction_gauge"]), int(options["develop_gauge"]),
                       int(options["build_gauge"]))
        self.track_max = {i: HEXES[i].track_max for i in INDUSTRIAL_HEXES}
        self.track_max[HEX_INDEX["I6"]] = int(options["wheeling_max"])
        self.track_max[HEX_INDEX["K4"]] = int(options["pittsburgh_max"])
