"""The 31st newcomer run (a demanding Board Game Arena player) at the terminal table, 120x40
and 80x24: what a bid decides, nationalization one dividend ahead, a word typed in an
auction, the end's standings at 80x24."""

from __future__ import annotations

import random
from pathlib import Path

from tablekit import at_table, new_game
from textual.pilot import Pilot
from textual.widgets import OptionList

from cuberail.cli.table import teach
from cuberail.cli.table.app import TableApp
from cuberail.core.actions import Action
from cuberail.games import get_game
from cuberail.games.trans_siberian.state import AUCTION, TransSiberianState

# ----- 1. the opening auction: the winner sets the share value, at most the bid -----------


def _phase2_auction() -> TransSiberianState:
    """A seeded game at its first phase-2 auction (black's share, TS-7.1)."""
    s = get_game("trans-siberian").new_game(4, {})
    assert isinstance(s, TransSiberianState)
    rng = random.Random(0)
    while not (s.step == AUCTION and s.a_phase == 2):
        assert not s.is_terminal()
        acts = s.legal_actions()
        moves = [a for a in acts if a.kind != "pass"]
        s.apply(rng.choice(moves if moves and rng.random() < 0.9 else acts))
    return s


def test_a_bid_says_the_winner_sets_the_share_value_at_most_the_bid_ts_2_2() -> None:
    """The newcomer read "bid 8..40" and nothing said that a low bid caps the share value
    (which decides nationalization in phase 2): each bid's tip says the rule (TS-2.2 in the
    opening auctions, TS-7.1 in phase 2's), with no amount advised; a pass has none."""
    s = get_game("trans-siberian").new_game(4, {})
    tip = teach.warning(s, Action("bid", (8,)), [])
    assert tip == "tip: the winner sets red's share value, at most the bid (TS-2.2)"
    assert teach.warning(s, Action("pass", ()), []) == ""
    later = _phase2_auction()
    company = ("black", "white")[later.a_company - 4]
    later.cash[later.current_player()] = 60  # a bid above the nationalization value
    assert teach.warning(later, Action("bid", (48,)), []) == (
        f"tip: the winner sets {company}'s share value, at most the bid (TS-7.1)")
    assert "caps" in teach.warning(later, Action("bid", (8,)), [])  # the ⚠ says it


def test_the_bid_tip_is_in_view_at_80x24(tmp_path: Path) -> None:
    """At 80x24 the choices box has five or six rows: the run of bids says only how an
    amount is typed there, so the tip under it is in view whole."""
    async def check(app: TableApp, pilot: Pilot[int]) -> str:
        assert not app._choices_hidden()
        menu = app.query_one("#menu", OptionList)
        assert menu.max_scroll_y == 0
        return " ".join(str(menu.get_option_at_index(i).prompt)
                        for i in range(menu.option_count))

    game = new_game(tmp_path, "trans-siberian", bots="0", players=4)
    shown = " ".join(at_table(game, check, size=(80, 24)).split())
    assert "at most the bid (TS-2.2)" in shown
    assert "type `b 8` to `b 40`" in shown
