"""When the next dividend nationalizes every company in play, the tracker says so louder
(issue 29, the 28th newcomer run: "the rug was pulled out": a score of $181 fell to $93
cash at a dividend that nationalized every company and ended the game; the warning named
"the 3 marked !"). TS-8.1, TS-9.1: with no company left in play the game ends. The side
panel's end line says "end: next dividend nationalizes all" (the doomed companies stay
named above it; "dividends 3/6; the next ends it" did not say why one dividend ends it, the
33rd newcomer run); the small terminal's line says what follows."""

from __future__ import annotations

import random

from cuberail.games import get_game
from cuberail.games.trans_siberian.state import ACTIVE, WAITING, TransSiberianState
from cuberail.terminal.trans_siberian.teach import (
    doomed_lines,
    nationalization_ahead,
    tracker,
    tracker_line,
)


def test_every_company_doomed_is_said_with_what_follows() -> None:
    seen = {"all": 0, "some": 0}
    for seed in range(40):
        s = get_game("trans-siberian").new_game(3)
        assert isinstance(s, TransSiberianState)
        rng = random.Random(seed)
        while not s.is_terminal():
            ahead = nationalization_ahead(s)
            in_play = [c for c in range(6) if s.status[c] == ACTIVE and s.value[c] >= 0]
            if ahead:
                said = " ".join(" ".join(doomed_lines(s)).split())
                assert said.startswith("⚠ nationalized at the next dividend"), said
                line, panel = tracker_line(s).plain, tracker(s).plain
                ends = WAITING not in s.status
                if ahead == in_play:
                    seen["all"] += 1
                    words = ("⚠ next dividend nationalizes ALL: "
                             + ("the game ends, cash alone counts" if ends
                                else "then cash alone counts"))
                    assert words in line, line
                    assert ("end: next dividend nationalizes all" in panel) == ends, panel
                    assert all(len(row) <= 36 for row in panel.split("\n")), panel
                else:
                    seen["some"] += 1
                    assert "ALL" not in line and "nationalizes all" not in panel
            s.apply(rng.choice(s.legal_actions()))
        if seen["all"] and seen["some"]:
            return
    raise AssertionError(seen)
