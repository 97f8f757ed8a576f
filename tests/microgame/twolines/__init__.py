"""Two Lines: a small cube-rail game (two companies, an auction, a build), a plug-in title
that lives only in the test tree, to prove a title plugs in without editing generic code.

Registered as an installed distribution would register it (the ``cuberail.titles``
entry point, patched by the tests); rules TL-1 to TL-4 in :mod:`twolines.state`.
"""

from __future__ import annotations

from collections.abc import Mapping

from cuberail.core.game import GameInfo
from cuberail.core.options import OptionSpec, OptionValue
from twolines.state import TwoLinesState


def _new(num_players: int, options: Mapping[str, OptionValue]) -> TwoLinesState:
    return TwoLinesState(num_players, options)


INFO = GameInfo(
    title="two-lines",
    name="Two Lines",
    rules_version=1,
    min_players=2,
    max_players=4,
    options=(OptionSpec("rounds", 4, "TL-4: rounds before the game ends", minimum=1,
                        maximum=8),),
    factory=_new,
    package=__name__,
    aliases=("tl",),
    short_name="cuberail_two_lines",
    max_game_length=10_000,
)
