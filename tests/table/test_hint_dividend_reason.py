"""A hint's reason "your dividend if paid now: $28 → $0" (the 29th newcomer run, TS) came
from a build that ended the turn: the dividend was paid and its company nationalized
(TS-5.2, TS-8.1). A move that pays a dividend or ends the game says no such change."""

from __future__ import annotations

import random

from cuberail.cli.table.hint import _dividend_change
from cuberail.games import get_game
from cuberail.terminal.kit import find_table


def test_no_dividend_change_is_said_of_a_move_that_pays_one() -> None:
    kit = find_table("trans-siberian")
    assert kit is not None
    paying = said = 0
    for seed in range(6):
        s = get_game("trans-siberian").new_game(3)
        rng = random.Random(seed)
        while not s.is_terminal():
            for action in s.legal_actions():
                after = s.clone()
                after.apply(action)
                words = _dividend_change(s, action, kit.payouts)
                if after.is_terminal() or after.dividends != s.dividends:  # type: ignore[attr-defined]
                    paying += 1
                    assert words == "", (seed, action.text(), words)
                elif words:
                    said += 1
            s.apply(rng.choice(s.legal_actions()))
    assert paying and said  # both kinds of move were seen
