"""The Trans-Siberian snapshot (``snapshot.snapshot``), declared: every field, none extra."""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from cuberail.core.snapshot import Auction, Dollars, Seat, SnapshotBase, Strict

Step = Literal["auction", "choose first link", "choose share value", "turn",
               "choose surcharge", "build first link", "build second link", "game over"]


class Track(Strict):
    advanced: int
    size: int


class Dividends(Strict):
    paid: int
    size: int


class Nationalization(Strict):
    value: Dollars
    comparison: str
    phase2_value: Dollars = Field(description="TS-6.2: a company's share value at or above"
                                  " it starts phase 2 (at the next dividend)")


class Player(Strict):
    seat: Seat
    cash: Dollars
    score: Dollars
    score_at_risk: Dollars  # of the score: shares of companies at risk (TS-8.1)
    shares: dict[str, int]


class Company(Strict):
    id: str
    status: Literal["waiting", "in play", "never entered", "nationalized"]
    public: bool
    income: Dollars
    share_value: Dollars | None
    nationalization_value: Dollars
    at_risk: bool
    treasury: Dollars
    shares_owned: int
    shares_unsold: int
    shares_removed: int
    links: int
    network: list[str]


class Bank(Strict):
    paid_in: Dollars
    paid_out: Dollars
    start_total: Dollars


class TSAuction(Auction):
    kind: Literal["opening", "phase 2"]
    still_to_come: list[str]


class Build(Strict):
    company: str | None = None
    first_link: str | None = None
    second_from: list[str] | None = None
    buying: list[str] | None = None


class Snapshot(SnapshotBase):
    """A Trans-Siberian Railroad state (rules TS-1 to TS-9)."""

    title: Literal["trans-siberian"]
    step: Step
    phase: Literal[1, 2]
    timing: Track
    dividends: Dividends
    nationalization_value: Dollars
    nationalization: Nationalization
    players: list[Player]
    companies: list[Company]
    links: dict[str, str]
    bank: Bank
    auction: TSAuction | None = None
    build: Build | None = None
    end_reasons: list[str] | None = None
