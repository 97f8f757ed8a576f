"""The Chicago Express snapshot (``snapshot.snapshot``), declared: every field, none extra."""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from cuberail.core.snapshot import Auction, Dollars, Seat, SnapshotBase, Strict

Step = Literal["setup auction", "choose action", "choose share", "auction",
               "choose company", "build", "develop", "game over"]


class Player(Strict):
    seat: Seat
    cash: Dollars
    shares: dict[str, int]


class Company(Strict):
    id: str
    name: str
    colour: str
    open: bool
    income: Dollars
    treasury: Dollars
    dividend_per_share: Dollars
    shares_sold: int
    shares_left: int
    locomotives_left: int
    hexes: list[str]


class Gauge(Strict):
    used: int
    size: int


class Bank(Strict):
    paid_in: Dollars
    paid_out: Dollars


class CEAuction(Auction):
    kind: Literal["setup", "turn", "wabash"]
    minimum_bid: Dollars
    setup_index: int | None


class Build(Strict):
    company: str
    placed: int
    reached_chicago: bool


class Snapshot(SnapshotBase):
    """A Chicago Express state (rules CE-1 to CE-9)."""

    title: Literal["chicago-express"]
    step: Step
    players: list[Player]
    companies: list[Company]
    gauges: dict[Literal["auction", "develop", "build"], Gauge]
    industrial_track: dict[str, int]
    developed: list[str]
    houses: int
    dividends_paid: int
    bank: Bank
    auction: CEAuction | None = None
    build: Build | None = None
    forgo_only: list[str] | None = Field(
        None, description="while an action is chosen: the choices after which the player"
        " may only forgo it (CE-3.1), as action texts")
