"""A hint's reason for buying a share of a company the next dividend nationalizes says
so (issue 29, the 28th newcomer run: "buy a share of blue for $44 — a blue share ...
counts $44 at the end while blue is public ... ⚠ Despite the warning: blue will be
nationalized at the next dividend"). TS-8.1: nationalized, a company's shares leave the
game after one last dividend; TS-9.2: they count nothing."""

from __future__ import annotations

import random

from cuberail.core.actions import Action
from cuberail.games import get_game
from cuberail.games.trans_siberian.board import COMPANY_IDS, COMPANY_INDEX
from cuberail.games.trans_siberian.state import TransSiberianState
from cuberail.terminal.trans_siberian.hints import why
from cuberail.terminal.trans_siberian.teach import nationalization_ahead


def test_a_doomed_share_is_said_to_pay_its_last_dividend_and_count_nothing() -> None:
    doomed = kept = 0
    for seed in range(40):
        s = get_game("trans-siberian").new_game(3)
        assert isinstance(s, TransSiberianState)
        rng = random.Random(seed)
        while not s.is_terminal():
            ahead = set(nationalization_ahead(s))
            for a in s.legal_actions():
                if a.kind != "buy" or len(a.args) != 1:
                    continue
                c = COMPANY_INDEX[str(a.args[0])]
                said = why(s, Action("buy", a.args))
                if c in ahead:
                    doomed += 1
                    assert f"its last: {COMPANY_IDS[c]} is nationalized" in said, said
                    assert "at the end while" not in said, said
                else:
                    kept += 1
                    assert f"counts ${s.share_value(c)} at the end while" in said, said
            s.apply(rng.choice(s.legal_actions()))
        if doomed and kept:
            return
    raise AssertionError(f"seen: {doomed} doomed buys, {kept} others")
