"""What every title's JSON snapshot shares, declared with pydantic (v2).

Each title declares the whole of its snapshot (``GameState.to_json``) as a model named
``Snapshot`` in its package's ``schema`` module; :func:`cuberail.games.snapshot_model`
finds it by the title. The models forbid unknown fields, so a key added to a snapshot
without its declaration fails the conformance suite (which validates snapshots of
every title at every step of its fully checked games), and the server publishes them
in its OpenAPI document. This module holds the parts all titles share.
"""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ConfigDict, Field

Seat = int  # a seat, from 0
Dollars = int
OptionValues = dict[str, int | str | bool]


class Strict(BaseModel):
    """A snapshot part: every field declared, none extra."""

    model_config = ConfigDict(extra="forbid", strict=True)


class Result(Strict):
    """The end: each seat's score and the winning seats."""

    scores: list[int]
    winners: list[Seat]


class Words(Strict):
    """A sentence as data (:class:`cuberail.core.words.Said`): a catalog key and values."""

    key: str
    values: dict[str, Any] = Field(default_factory=dict)


class Auction(Strict):
    """The fields every title's running auction shows."""

    company: str
    opener: Seat
    high_bid: Dollars | None
    high_bidder: Seat | None
    passed: list[Seat]


class SnapshotBase(Strict):
    """The fields every title's snapshot has."""

    title: str
    options: OptionValues
    current_player: int = Field(description="the seat to act; -1 once the game is over")
    turn: Seat
    legal_actions: list[str] = Field(description="the legal actions as text, in order")
    result: Result | None = None
    end: list[Words] | None = Field(None, description="why the game ended, as words")


__all__ = ["Auction", "Dollars", "OptionValues", "Result", "Seat", "SnapshotBase", "Strict",
           "Words"]
