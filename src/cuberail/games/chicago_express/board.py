"""Chicago Express fixed data: the map (from data/map.json) and the company table (CE-1).

Everything here is frozen and shared by every game; the state holds only indices.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from importlib import resources
from typing import Any, Final

from cuberail.core.hexes import column_index, odd_q_neighbours

# Terrains. Constants are Final: the compiled build inlines them (or reads a C static)
# instead of looking a module global up by name.
PLAIN: Final = 0
FOREST: Final = 1
MOUNTAIN: Final = 2
CITY: Final = 3
INDUSTRIAL: Final = 4
START: Final = 5
TERRAINS: Final = ("plain", "forest", "mountain", "city", "industrial", "start")


@dataclass(frozen=True)
class Company:
    """One railroad company (CE-1)."""

    id: str
    name: str
    colour: str
    shares: int
    locomotives: int
    start: str
    start_income: int  # Wabash: 1, plus the house of Fort Wayne if developed (CE-7.2)
    setup_min_bid: int  # 0: not auctioned at setup (Wabash)


# CE-1: the order is the setup auction order (CE-2.1), Wabash last.
COMPANIES: Final[tuple[Company, ...]] = (
    Company("PRR", "Pennsylvania Railroad", "red", 3, 20, "R5", 7, 7),
    Company("B&O", "Baltimore & Ohio", "blue", 4, 22, "Q7", 6, 6),
    Company("C&O", "Chesapeake & Ohio", "yellow", 6, 26, "Q9", 5, 5),
    Company("NYC", "New York Central", "green", 5, 24, "S3", 8, 8),
    Company("Wabash", "Wabash Railroad", "black", 2, 11, "D3", 1, 0),
)
COMPANY_IDS: Final = tuple(c.id for c in COMPANIES)
WABASH: Final = 4
EASTERN: Final = (0, 1, 2, 3)
SETUP_ORDER: Final = EASTERN

STARTING_CASH: Final = {2: 60, 3: 40, 4: 30, 5: 24, 6: 20}  # CE-1.4
HOUSES: Final = 20  # CE-1.2
CHICAGO_ID: Final = "A2"
MAX_PLACEMENTS: Final = 3  # CE-5.2
GAUGE_NAMES: Final = ("auction", "develop", "build")  # CE-1.6, with default sizes in options


@dataclass(frozen=True)
class Hex:
    """One map hex with its printed values."""

    index: int
    id: str
    col: int
    row: int
    terrain: int
    cost: int
    income: int
    house: int
    develop_cash: int
    track_start: int
    track_step: int
    track_max: int
    automatic: bool
    name: str
    start_of: str

    @property
    def terrain_name(self) -> str:
        return TERRAINS[self.terrain]

    @property
    def is_industrial(self) -> bool:
        return self.terrain == INDUSTRIAL

    @property
    def single_company(self) -> bool:
        """Forest and mountain hexes hold one company only (CE-5.3)."""
        return self.terrain in (FOREST, MOUNTAIN)


def _hex_from_json(index: int, raw: dict[str, Any]) -> Hex:
    track = raw.get("track") or {}
    return Hex(
        index=index, id=raw["id"], col=column_index(raw["col"]), row=int(raw["row"]),
        terrain=TERRAINS.index(raw["terrain"]), cost=int(raw["cost"]),
        income=int(raw.get("income", 0)), house=int(raw.get("house", 0)),
        develop_cash=int(raw.get("develop_cash", 0)),
        track_start=int(track.get("start", 0)), track_step=int(track.get("step", 0)),
        track_max=int(track.get("max", 0)), automatic=bool(track.get("automatic", False)),
        name=raw.get("name", ""), start_of=raw.get("start_of", ""),
    )


def _load() -> tuple[tuple[Hex, ...], tuple[tuple[int, ...], ...]]:
    text = resources.files("cuberail.games.chicago_express").joinpath("data/map.json").read_text()
    raw = json.loads(text)["hexes"]
    hexes = tuple(_hex_from_json(i, h) for i, h in enumerate(raw))
    where = {(h.col, h.row): h.index for h in hexes}
    nbrs = tuple(
        tuple(sorted(where[p] for p in odd_q_neighbours(h.col, h.row) if p in where))
        for h in hexes
    )
    return hexes, nbrs


_MAP = _load()
HEXES: Final = _MAP[0]
NEIGHBOURS: Final = _MAP[1]
HEX_INDEX: Final = {h.id: h.index for h in HEXES}
NEIGHBOUR_MASK: Final = tuple(sum(1 << j for j in ns) for ns in NEIGHBOURS)
START_MASK: Final = sum(1 << h.index for h in HEXES if h.terrain == START)
CHICAGO: Final = HEX_INDEX[CHICAGO_ID]
FORT_WAYNE: Final = HEX_INDEX[COMPANIES[WABASH].start]
START_HEX: Final = tuple(HEX_INDEX[c.start] for c in COMPANIES)
INDUSTRIAL_HEXES: Final = tuple(h.index for h in HEXES if h.is_industrial)
DETROIT: Final = next(i for i in INDUSTRIAL_HEXES if HEXES[i].automatic)
# Per-hex fields as flat tuples, for the hot paths of the rules and the bots.
HEX_COST: Final = tuple(h.cost for h in HEXES)
SINGLE_COMPANY: Final = tuple(h.single_company for h in HEXES)
# Hexes that can ever be developed (CE-6.2, CE-6.5), in map order.
DEVELOPABLE: Final = tuple(
    h.index for h in HEXES
    if (h.terrain in (CITY, MOUNTAIN) and h.house > 0)
    or h.terrain == FOREST
    or (h.is_industrial and not h.automatic)
)
