"""The Chicago Express action vocabulary (see docs/chicago-express.md).

==================  ====================================================
text                meaning
==================  ====================================================
``choose auction``  turn: advance the auction gauge (CE-3.1)
``choose develop``  turn: advance the develop gauge
``choose build``    turn: advance the build gauge
``share PRR``       auction: put an unsold share of a company up (CE-4.1)
``bid 8``           auction: bid this many dollars (CE-2.2, CE-4.3)
``pass``            auction: drop out of this auction for good
``company NYC``     build: choose the company to build for (CE-5.1)
``place R3``        build: place a locomotive on a hex (CE-5.2)
``stop``            build: end the build (after 0 to 3 placements)
``develop I6``      develop: develop a hex (CE-6)
``forgo``           auction/build/develop: forgo the chosen action (CE-3.1)
==================  ====================================================
"""

from __future__ import annotations

from typing import Final

from cuberail.core import auction
from cuberail.core.actions import Action
from cuberail.games.chicago_express.board import COMPANY_IDS, GAUGE_NAMES, HEXES

CHOOSE: Final[tuple[Action, ...]] = tuple(Action("choose", (g,)) for g in GAUGE_NAMES)
SHARE: Final[tuple[Action, ...]] = tuple(Action("share", (c,)) for c in COMPANY_IDS)
COMPANY: Final[tuple[Action, ...]] = tuple(Action("company", (c,)) for c in COMPANY_IDS)
PLACE: Final[tuple[Action, ...]] = tuple(Action("place", (h.id,)) for h in HEXES)
DEVELOP: Final[tuple[Action, ...]] = tuple(Action("develop", (h.id,)) for h in HEXES)
STOP: Final[Action] = Action("stop")
FORGO: Final[Action] = Action("forgo")
PASS: Final[Action] = auction.PASS
bid = auction.bid_action
