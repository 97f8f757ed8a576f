"""Seats at a game: humans and bots, from ``--bots``/``--names``/``--seed`` or a record.

A seat from a record is untrusted: its bot must be one this cuberail seats, its seed a
63-bit integer, its name cleaned (core's :func:`~cuberail.core.names.clean_name`).
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from cuberail.bots.base import Bot
from cuberail.bots.registry import bot_names, make_bot
from cuberail.cli.console import is_number, short
from cuberail.core.errors import CuberailError, RecordError
from cuberail.core.names import MAX_NAME, clean_name
from cuberail.core.record import Record

PREFERRED_BOTS = ("medium", "heuristic", "random")
MAX_NAMES_TEXT = 2000  # characters in --names
MAX_SEED = 2**62  # seeds of seats stay below 2**63, which a record accepts


def default_bot() -> str:
    """The bot kind seated by ``--bots N``: the first known of :data:`PREFERRED_BOTS`."""
    names = bot_names()
    return next((b for b in PREFERRED_BOTS if b in names), names[0])


@dataclass
class Seat:
    """One seat: a name, and for a bot its kind and seed (``bot`` is None for a human)."""

    name: str
    bot: str | None = None
    seed: int | None = None

    @property
    def is_bot(self) -> bool:
        return self.bot is not None

    def to_json(self) -> dict[str, Any]:
        return {"name": self.name, "bot": self.bot, "seed": self.seed}

    @classmethod
    def from_json(cls, data: object) -> Seat:
        """A seat from a record (untrusted): its bot must be one this cuberail can seat
        within the allowed budgets, its seed a 63-bit integer."""
        if not isinstance(data, dict) or not isinstance(data.get("name"), str):
            raise RecordError(f"meta.seats: bad seat {short(data)}")
        bot, seed = data.get("bot"), data.get("seed")
        if bot is not None:
            if not isinstance(bot, str):
                raise RecordError(f"meta.seats: bad bot {short(bot)}")
            try:
                make_bot(bot, 0)
            except CuberailError as exc:
                raise RecordError(f"meta.seats: {exc}") from None
        if seed is not None and (not isinstance(seed, int) or isinstance(seed, bool)
                                 or not -(2**63) <= seed < 2**63):
            raise RecordError(f"meta.seats: bad seed {short(seed)} (an integer below 2**63)")
        try:
            name = clean_name(data["name"])
        except CuberailError as exc:
            raise RecordError(f"meta.seats: {exc}") from None
        return cls(name, bot, seed)

    def make_bot(self, move: int) -> Bot:
        """This seat's bot for move number ``move``, seeded from the seat and the move.

        Seeding per move makes a resumed game continue exactly as an unbroken one would.
        """
        assert self.bot is not None
        seed = ((self.seed or 0) * 1_000_003 + move) % 2**32
        return make_bot(self.bot, seed)


def parse_bots(spec: str | None, players: int) -> list[str]:
    """``--bots``: a count (``3``) or bot kinds per bot seat (``random,medium``)."""
    if spec is None or not spec.strip():
        return []
    spec = spec.strip()
    if spec.isdigit():
        if not is_number(spec, 3):
            raise CuberailError(f"--bots {short(spec)}: from 0 to {players} bots fit in a"
                                f" {players}-player game")
        if int(spec) > players:
            raise CuberailError(f"{int(spec)} bots do not fit in a {players}-player game")
        return [default_bot()] * int(spec)
    if len(spec) > 100 * players:
        raise CuberailError(f"--bots is {len(spec)} characters long: name at most {players}"
                            " bots, one per bot seat")
    kinds = [k.strip().lower() for k in spec.split(",") if k.strip()]
    if len(kinds) > players:
        raise CuberailError(f"{len(kinds)} bots do not fit in a {players}-player game")
    for kind in kinds:
        make_bot(kind, 0)  # refuses an unknown kind, naming the known ones
    return kinds


def parse_names(text: str | None) -> list[str]:
    """``--names a,b,c``: seat names in seat order, cleaned (see :func:`clean_name`)."""
    if not text:
        return []
    if len(text) > MAX_NAMES_TEXT:
        raise CuberailError(f"--names is {len(text)} characters long; at most {MAX_NAMES_TEXT}")
    raw = [n.strip() for n in text.split(",")]
    if any(len(n) > MAX_NAME for n in raw):
        raise CuberailError(f"--names: a name is at most {MAX_NAME} characters")
    try:
        names = [clean_name(n) for n in raw]
    except CuberailError as exc:
        raise CuberailError(f"--names {short(text)}: {exc}") from None
    if len(set(names)) != len(names):
        raise CuberailError(f"--names {short(text)}: names must differ")
    return names


def make_seats(players: int, bots: list[str], names: list[str], seed: int | None) -> list[Seat]:
    """Humans first, then the bots; names given fill seats in order, the rest are defaults."""
    if len(names) > players:
        raise CuberailError(f"{len(names)} names given for {players} players")
    if seed is not None and not -MAX_SEED <= seed <= MAX_SEED:
        raise CuberailError(f"--seed {short(seed)}: from {-MAX_SEED} to {MAX_SEED}")
    base = random.randrange(2**31) if seed is None else seed
    humans = players - len(bots)
    seats = []
    for i in range(players):
        kind = bots[i - humans] if i >= humans else None
        default = f"Player {i + 1}" if kind is None else clean_name(f"Bot {i + 1} ({kind})")
        name = names[i] if i < len(names) else default
        seats.append(Seat(name, kind, base + i if kind else None))
    return seats


def seats_from_record(record: Record) -> list[Seat] | None:
    """The seats stored in a record's meta, or None when it has none."""
    raw = record.meta.get("seats")
    if raw is None:
        return None
    if not isinstance(raw, list) or len(raw) != len(record.players):
        raise RecordError("meta.seats does not match the players")
    return [Seat.from_json(s) for s in raw]
