"""Trans-Siberian Railroad: rules TS-1 to TS-9 (docs/trans-siberian.md)."""

from __future__ import annotations

from collections.abc import Mapping

from cuberail.core.game import GameInfo
from cuberail.core.options import OptionSpec, OptionValue
from cuberail.games.trans_siberian.board import INCOME_MARKS, STARTING_CASH
from cuberail.games.trans_siberian.state import TransSiberianState

# The modules mypyc compiles (cuberail._compiled reads this tuple as text: plain names).
COMPILED = ("actions", "board", "network", "state")
RULES_VERSION = 2

OPTIONS = (
    OptionSpec("cash_3p", STARTING_CASH[3], "TS-1.1: starting cash of each player, 3 players",
               minimum=8, maximum=300),
    OptionSpec("cash_4p", STARTING_CASH[4], "TS-1.1: starting cash of each player, 4 players",
               minimum=8, maximum=300),
    OptionSpec("cash_5p", STARTING_CASH[5], "TS-1.1: starting cash of each player, 5 players",
               minimum=8, maximum=300),
    OptionSpec("income_marks", ",".join(str(m) for m in INCOME_MARKS),
               "TS-1.4: the income-track marks that raise the share value, comma separated"),
    OptionSpec("timing_track", 5, "TS-1.5: timing advances before each dividend",
               minimum=1, maximum=20),
    OptionSpec("dividend_track", 6, "TS-1.6: dividend payments before the game ends",
               minimum=1, maximum=30),
    OptionSpec("start_player", "first-seat", "TS-1.8: who opens the first auction: seat 0,"
               " or a seat drawn with the seed option", choices=("first-seat", "random")),
    OptionSpec("seed", 0, "TS-1.8: the seed of the random start player", minimum=0,
               maximum=2**31 - 1),
    OptionSpec("failed_auction_steps", 1, "TS-2.4, TS-7.1: nationalization steps per company"
               " nobody bids on", minimum=0, maximum=5),
    OptionSpec("first_turn", "last-winner", "TS-2.5: who takes the first turn: the winner of"
               " the last opening auction, the player after them, or the start player",
               choices=("last-winner", "after-winner", "start-player")),
    OptionSpec("phase2_order", "black-white", "TS-7.1: the order of the phase-2 auctions",
               choices=("black-white", "white-black")),
    OptionSpec("phase1_dividend_steps", 1, "TS-6.2: nationalization steps after each phase-1"
               " dividend", minimum=0, maximum=5),
    OptionSpec("quiet_dividend_steps", 1, "TS-6.3: nationalization steps after a phase-2"
               " dividend that nationalized nobody", minimum=0, maximum=5),
    OptionSpec("nationalization", "at-or-below", "TS-8.1: a company is nationalized when its"
               " share value is at or below the marker, or only when below it",
               choices=("at-or-below", "below")),
    OptionSpec("end_when_empty", True, "TS-9.1: end the game once no company is in play"
               " (false: play the empty rounds out, as rules version 1 did; same result)"),
    OptionSpec("jump_paths", "all", "TS-4.1: the jump paths offered: all but those another"
               " path beats on every fee, or v1 (rules version 1: fewer)", choices=("all", "v1")),
)

# TS-10: option values that replay records of rules version 1 exactly (see core/game.py).
LEGACY: dict[int, dict[str, OptionValue]] = {
    1: {"dividend_track": 8, "failed_auction_steps": 1, "phase1_dividend_steps": 1,
        "quiet_dividend_steps": 1, "nationalization": "at-or-below", "end_when_empty": False,
        "jump_paths": "v1"},
}


def _new(num_players: int, options: Mapping[str, OptionValue]) -> TransSiberianState:
    return TransSiberianState(num_players, options)


INFO = GameInfo(
    title="trans-siberian",
    name="Trans-Siberian Railroad",
    rules_version=RULES_VERSION,
    min_players=3,
    max_players=5,
    options=OPTIONS,
    factory=_new,
    doc="docs/trans-siberian.md",
    package=__name__,
    aliases=("ts", "tsr", "trans-siberian-railroad"),
    short_name="cuberail_trans_siberian",
    # Longest of 360 random games (every player count): 349 and 162 decisions. A wide
    # margin: the rules bound a game (CE: Detroit's track, within 8 dividends; TS: the
    # dividend track), not this number.
    max_game_length=1500,
    legacy=LEGACY,
)

__all__ = ["INFO", "OPTIONS", "RULES_VERSION", "TransSiberianState"]
