"""The Two Lines snapshot, declared (checked by the conformance loop, as every title's)."""

from __future__ import annotations

from typing import Literal

from cuberail.core.snapshot import Seat, SnapshotBase, Strict


class Player(Strict):
    seat: Seat
    cash: int
    shares: dict[str, int]


class Company(Strict):
    id: Literal["red", "blue"]
    treasury: int
    income: int
    built: int
    sold: int
    per_share: int


class Auction(Strict):
    company: Literal["red", "blue"]
    high: int
    leader: int
    bidders: list[Seat]


class Snapshot(SnapshotBase):
    title: Literal["two-lines"]
    step: Literal["turn", "auction", "over"]
    round: int
    rounds: int
    players: list[Player]
    companies: list[Company]
    auction: Auction | None
