"""Chicago Express (with the Wabash): rules CE-1 to CE-9.

Rules versions: 1, the first release; 2, the Chicago phase interrupts the build at
the arrival (CE-5.7 with ``chicago=continue``: before, it ran after the whole build
and its dividend counted the later placements), and a build is offered only with a
company that can make a placement (CE-5.1, CE-5.6).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from cuberail.core.game import GameInfo
from cuberail.core.options import OptionSpec, OptionValue
from cuberail.games.chicago_express.state import ChicagoExpressState

# The modules mypyc compiles (cuberail._compiled reads this tuple as text: plain names).
COMPILED = ("actions", "board", "state")
RULES_VERSION = 2

OPTIONS = (
    OptionSpec("chicago", "stop", "CE-5.7: the Chicago phase runs at the arrival; then the build"
               " stops, or continues with its remaining placements",
               choices=("stop", "continue")),
    OptionSpec("auction_gauge", 3, "CE-1.6: auctions per round before the gauge is red",
               minimum=1, maximum=9),
    OptionSpec("develop_gauge", 4, "CE-1.6: developments per round before the gauge is red",
               minimum=1, maximum=9),
    OptionSpec("build_gauge", 5, "CE-1.6: builds per round before the gauge is red",
               minimum=1, maximum=9),
    OptionSpec("wheeling_max", 6, "CE-1.3: the top of Wheeling's industrial track",
               minimum=3, maximum=12),
    OptionSpec("pittsburgh_max", 8, "CE-1.3: the top of Pittsburgh's industrial track",
               choices=(4, 6, 8, 10, 12)),
)


def record_refusal(rules_version: int, options: Mapping[str, Any]) -> str | None:
    """Why a record of an older rules version cannot be replayed today, or None if it can.

    Version 1 ran the Chicago phase of ``chicago=continue`` after the whole build, its
    dividend counting the later placements (wrong, CE-5.7): such a record would
    replay to other amounts, so it is refused. Version 1 records with ``chicago=stop``
    replay unchanged (unless they built with a company unable to place, which the
    replay then refuses at that action, CE-5.1, CE-5.6). Core's record check calls it
    (``GameInfo.refuse_record``).
    """
    if rules_version < 2 and options.get("chicago") == "continue":
        return (f"played under Chicago Express rules version {rules_version} with"
                " chicago=continue, whose Chicago phase came after the whole build and paid"
                " its dividend on the later placements too; since version 2 it interrupts the"
                " build at the arrival (CE-5.7), so this record cannot be replayed")
    return None


def _new(num_players: int, options: Mapping[str, OptionValue]) -> ChicagoExpressState:
    return ChicagoExpressState(num_players, options)


INFO = GameInfo(
    title="chicago-express",
    name="Chicago Express",
    rules_version=RULES_VERSION,
    min_players=2,
    max_players=6,
    options=OPTIONS,
    factory=_new,
    doc="docs/chicago-express.md",
    package=__name__,
    aliases=("ce", "chicago"),
    short_name="cuberail_chicago_express",
    # Longest of 360 random games (every player count): 349 and 162 decisions. A wide
    # margin: the rules bound a game (CE: Detroit's track, within 8 dividends; TS: the
    # dividend track), not this number.
    max_game_length=3000,
    refuse_record=record_refusal,
)

__all__ = ["INFO", "OPTIONS", "RULES_VERSION", "ChicagoExpressState", "record_refusal"]
