"""Trans-Siberian Railroad fixed data: the board (from data/board.json) and the tracks (TS-1).

Everything here is frozen and shared by every game; the state holds only indices
and bitmasks over these tables (location ``i`` is bit ``1 << i``).
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from importlib import resources
from itertools import pairwise
from typing import Any


@dataclass(frozen=True)
class Company:
    """One railroad company (TS-1.2)."""

    id: str
    name: str
    shares: int
    phase: int  # 1: auctioned at the start (TS-2); 2: auctioned when phase 2 begins (TS-7)


# TS-1.2: the order is the opening auction order (TS-2.1), then the phase-2 companies.
COMPANIES: tuple[Company, ...] = (
    Company("red", "Red", 5, 1),
    Company("blue", "Blue", 5, 1),
    Company("green", "Green", 5, 1),
    Company("yellow", "Yellow", 5, 1),
    Company("black", "Black", 3, 2),
    Company("white", "White", 3, 2),
)
COMPANY_IDS = tuple(c.id for c in COMPANIES)
COMPANY_INDEX = {c.id: i for i, c in enumerate(COMPANIES)}
NUM_COMPANIES = len(COMPANIES)
SHARES = tuple(c.shares for c in COMPANIES)
OPENING = tuple(i for i, c in enumerate(COMPANIES) if c.phase == 1)
BLACK, WHITE = COMPANY_INDEX["black"], COMPANY_INDEX["white"]
BANK = NUM_COMPANIES  # the payee index of a jump over a nationalized company's link (TS-4.2)
PAYEE_IDS = (*COMPANY_IDS, "bank")

STARTING_CASH = {3: 48, 4: 40, 5: 32}  # TS-1.1 defaults
MAX_LINKS = 32  # TS-1.2: link cubes per company
# TS-1.3: the share value track; "one step" is one space.
SHARE_TRACK: tuple[int, ...] = (
    8, 12, 16, 20, 24, 28, 32, 36, 40, 44, 48, 50, 52, 54, 56, 58, 60, 62, 64, 66, 68, 70, 75,
)
TOP = len(SHARE_TRACK) - 1  # TS-4.6: 75, never passed
INCOME_MARKS = (10, 15, 20, 26, 32, 38, 44, 51, 59, 66, 70)  # TS-1.4 default
NATIONALIZATION_START = SHARE_TRACK.index(24)  # TS-1.7
PHASE2_VALUE = 48  # TS-6.2
MIN_BID = 8  # TS-2.1
SURCHARGE = 4  # TS-3.1
INTERNAL_COST, EXTERNAL_COST = 4, 8  # TS-4.2: paid to the bank
INTERNAL_FEE, EXTERNAL_FEE = 2, 4  # TS-4.2: per foreign link jumped
NATIONALIZE_STEPS = 3  # TS-8.2


@dataclass(frozen=True)
class Location:
    """A city, Moscow, or a border (external) location."""

    index: int
    id: str
    name: str
    kind: str  # "city", "hub_city" or "external"

    @property
    def is_external(self) -> bool:
        return self.kind == "external"


@dataclass(frozen=True)
class Link:
    """A printed link a company can own; more than two ends makes it a junction (TS-4.5)."""

    index: int
    id: str
    ends: tuple[int, ...]
    value: int
    external: bool
    ends_mask: int

    @property
    def is_junction(self) -> bool:
        return len(self.ends) > 2


def _load() -> tuple[tuple[Location, ...], tuple[Link, ...]]:
    text = resources.files("cuberail.games.trans_siberian").joinpath("data/board.json")
    raw: dict[str, Any] = json.loads(text.read_text(encoding="utf-8"))
    locations = tuple(Location(i, n["id"], n["name"], n["kind"])
                      for i, n in enumerate(raw["nodes"]))
    where = {loc.id: loc.index for loc in locations}
    links = []
    for i, r in enumerate(raw["links"]):
        ends = tuple(where[e] for e in r["ends"])
        links.append(Link(i, r["id"], ends, int(r["value"]), bool(r["external"]),
                          sum(1 << e for e in ends)))
    return locations, tuple(links)


LOCATIONS, LINKS = _load()
LOCATION_INDEX = {loc.id: loc.index for loc in LOCATIONS}
LINK_INDEX = {link.id: link.index for link in LINKS}
NUM_LINKS = len(LINKS)
MOSCOW = LOCATION_INDEX["moscow"]
# Links touching each location, in board order.
INCIDENT: tuple[tuple[int, ...], ...] = tuple(
    tuple(link.index for link in LINKS if loc.index in link.ends) for loc in LOCATIONS
)
MOSCOW_LINKS = tuple(i for i in INCIDENT[MOSCOW] if not LINKS[i].external)  # TS-2.2
# Bitmasks over links (link ``i`` is bit ``1 << i``).
ALL_LINKS = (1 << len(LINKS)) - 1
LOC_LINKS = tuple(sum(1 << i for i in links) for links in INCIDENT)
INTERNAL_LINKS = sum(1 << link.index for link in LINKS if not link.external)
MOSCOW_MASK = sum(1 << i for i in MOSCOW_LINKS)
LINK_VALUE = tuple(link.value for link in LINKS)
LINK_EXTERNAL = tuple(link.external for link in LINKS)
LINK_ENDS = tuple(link.ends for link in LINKS)
LINK_MASK = tuple(link.ends_mask for link in LINKS)


def link_name(link: int) -> str:
    """A link by its location names: ``Moscow - Kazan``."""
    return " - ".join(LOCATIONS[e].name for e in LINKS[link].ends)


def parse_marks(text: str) -> tuple[int, ...]:
    """Income-track marks from ``"10,15,20"``: ascending positive whole numbers.

    >>> parse_marks("10, 15,20")
    (10, 15, 20)
    """
    words = [w.strip() for w in text.split(",") if w.strip()]
    if not all(w.isdigit() for w in words):
        raise ValueError(f"income marks must be whole numbers separated by commas, not {text!r}")
    marks = tuple(int(w) for w in words)
    if any(b <= a for a, b in pairwise(marks)) or any(m <= 0 for m in marks):
        raise ValueError(f"income marks must be positive and ascending, not {text!r}")
    return marks
