"""Chicago Express (with the Wabash): rules CE-1 to CE-9."""

from __future__ import annotations

from collections.abc import Mapping

from cuberail.core.game import GameInfo
from cuberail.core.options import OptionSpec, OptionValue
from cuberail.games.chicago_express.state import ChicagoExpressState

RULES_VERSION = 1

OPTIONS = (
    OptionSpec("chicago", "stop", "CE-5.7: reaching Chicago stops the build at once, or lets it"
               " continue and runs the Chicago phase after it", choices=("stop", "continue")),
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
)

__all__ = ["INFO", "OPTIONS", "RULES_VERSION", "ChicagoExpressState"]
