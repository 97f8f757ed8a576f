"""The fourth newcomer's report on the terminal: the nationalization risk of a bid or a
share value before the pick (TS-8.1), a log wide enough to read, distinct company short
names, why no share is on offer, and moves taken back marked in words."""

from __future__ import annotations

import asyncio
import random
from pathlib import Path

import pytest
from tablekit import new_game, settle, type_text
from textual.widgets import Static

from cuberail.cli.table import choices as C
from cuberail.cli.table import teach
from cuberail.cli.table.app import TableApp
from cuberail.cli.table.log import Entry
from cuberail.core.actions import Action
from cuberail.games import get_game
from cuberail.games.trans_siberian.board import SHARE_TRACK
from cuberail.games.trans_siberian.moves import describe_action, describe_step
from cuberail.games.trans_siberian.state import PICK_VALUE, TURN, TransSiberianState
from cuberail.terminal.trans_siberian import board, table


def _ts(phase: int = 1) -> TransSiberianState:
    s = get_game("trans-siberian").new_game(3, {})
    assert isinstance(s, TransSiberianState)
    s.phase = phase
    return s


def _menu(s: TransSiberianState) -> list[C.Choice]:
    return C.build(s, describe_action, lambda a: teach.warning(s, a, []))


def test_a_bid_range_warns_of_nationalization_before_the_pick_ts_7_1() -> None:
    """The winner sets the share value, at most the bid (TS-2.2, TS-7.1): bids up to the
    step above the marker leave only values the next phase-2 dividend nationalizes."""
    s = _ts(phase=2)
    s.nat = SHARE_TRACK.index(28)
    bids = next(c for c in _menu(s) if c.is_range)
    assert "bid $32 or more" in bids.warning and "$28" in bids.warning
    assert "next dividend" in bids.warning and not teach.is_tip(bids.warning)
    s2 = _ts(phase=2)  # with "below", no bid is doomed when the marker is at $8
    s2.opts.nat_below = True
    s2.nat = SHARE_TRACK.index(8)
    # $8 is not below $8: only the rule's tip (the 31st newcomer run)
    assert next(c for c in _menu(s2) if c.is_range).warning == (
        "tip: the winner sets red's share value, at most the bid (TS-2.2)")


def test_phase_1_bids_and_values_note_phase_2_nationalization() -> None:
    s = _ts(phase=1)
    bids = next(c for c in _menu(s) if c.is_range)
    # (the thirteenth newcomer run followed a phase-1 "bid $28 or more" tip into a
    # ruinous bid: links raise the value before phase 2, so a phase-1 bid advises no
    # amount; the 31st was told only the rule: the value is at most the bid)
    assert bids.warning == "tip: the winner sets red's share value, at most the bid (TS-2.2)"
    s.apply(Action("bid", (20,)))
    while any(a.kind == "pass" for a in s.legal_actions()):
        s.apply(Action("pass", ()))
    s.apply(s.legal_actions()[0])  # the first link
    assert s.step == PICK_VALUE
    values = {c.actions[0].args[0]: c.warning for c in _menu(s)}
    assert all(teach.is_tip(values[v]) and "$24" in values[v] for v in (8, 12, 16, 20))
    s.phase = 2  # phase 2: the move's own sentence warns, on the choice line
    menu = _menu(s)
    assert all("nationalized" in c.detail for c in menu)


def test_company_short_names_are_distinct_and_in_the_key() -> None:
    assert len(set(board.COMPANY_SHORT)) == len(board.COMPANY_SHORT)
    assert board.COMPANY_SHORT[board.COMPANY_IDS.index("black")] == "Bk"
    assert board.COMPANY_SHORT[board.COMPANY_IDS.index("blue")] == "Bu"
    key = board.key().plain
    assert "Bk black" in key and "Bu blue" in key
    s = _ts()
    rng = random.Random(5)
    while s.step != TURN:
        s.apply(rng.choice(s.legal_actions()))
    from rich.console import Console

    console = Console(width=80, record=True)
    console.print(table.companies(s))
    assert "Bu" in console.export_text() and "Bl" not in console.export_text()


def _turn(cash: int) -> TransSiberianState:
    s = _ts()
    rng = random.Random(3)
    while s.step != TURN:
        s.apply(rng.choice(s.legal_actions()))
    s = s.clone()  # no legal moves worked out yet: the cash below counts
    s.cash[s.turn] = cash
    return s


def test_the_turn_says_why_no_share_is_offered_ts_3_1() -> None:
    assert "buy" in describe_step(_turn(100), ["A", "B", "C"]).split(":")[1]
    step = describe_step(_turn(2), ["A", "B", "C"])
    assert "buy," not in step and "buy or" not in step
    assert "no share to buy: the cheapest costs $" in step and "has $2" in step


def test_the_log_is_wide_enough_at_120_columns(tmp_path: Path) -> None:
    game = new_game(tmp_path, "trans-siberian")

    async def run() -> None:
        app = TableApp(game)
        async with app.run_test(size=(120, 40)) as pilot:
            await settle(app, pilot)
            # the whole map above the rest: the log and the choices share the row beside
            # the companies (a log of 34 columns wrapped every move: the 35th run)
            assert app.screen.has_class("wide")
            assert app.query_one("#logbox").outer_size.width >= 40
            assert app.query_one("#menu").outer_size.width >= 40
            await pilot.press("f4")
            await settle(app, pilot)
            assert app.screen.has_class("compact")  # the list beside the side panel
            assert app.query_one("#logbox").outer_size.width >= 40
            assert app.query_one("#menu").outer_size.width >= 36

    asyncio.run(run())


def test_a_move_taken_back_says_so_in_the_log(tmp_path: Path) -> None:
    game = new_game(tmp_path, "chicago-express", bots="random,random", names="Ann,Bo,Cy")

    async def run() -> None:
        app = TableApp(game)
        async with app.run_test(size=(120, 40)) as pilot:
            await settle(app, pilot)
            await type_text(pilot, "b 9")
            await settle(app, pilot)
            await type_text(pilot, "undo")
            await settle(app, pilot)
            drawn = str(app.query_one("#log", Static).render())
            assert "Ann: bid $9 for the PRR share (taken back)" in drawn

    asyncio.run(run())


@pytest.mark.parametrize("kind", ["event", "payout"])
def test_what_a_move_taken_back_made_happen_says_so_too(tmp_path: Path, kind: str) -> None:
    """The twenty-first newcomer run: after an undo every move line said "(taken back)" but
    "· Bot 2 (medium) wins the blue share for $19" did not, and their terminal does not
    strike text through: it read as won. An event or a dividend's line of a move taken
    back says so in words too."""
    game = new_game(tmp_path, "chicago-express", bots="random,random", names="Ann,Bo,Cy")

    async def run() -> None:
        app = TableApp(game)
        async with app.run_test(size=(120, 40)) as pilot:
            await settle(app, pilot)
            line = app._log_line(Entry(1, "Bo wins the PRR share for $9", kind, 0, True),
                                 False)
            assert line.plain.endswith("Bo wins the PRR share for $9 (taken back)"), line
            kept = app._log_line(Entry(1, "Bo wins the PRR share for $9", kind, 0), False)
            assert "taken back" not in kept.plain

    asyncio.run(run())


def test_a_bidder_short_of_the_threshold_is_told_any_bid_of_theirs_does_it() -> None:
    """The eighth newcomer run, with $20 in hand, read "a bid up to $27 allows red a share
    value only at or below ... $24" and could not bid $27 at all: when the player's cash
    is within the doomed range, the tip says any bid they can make does it (TS-2.2)."""
    s = _ts(phase=2)
    s.cash[s.current_player()] = 20
    bids = next(c for c in _menu(s) if c.is_range)
    assert "any bid you can make (up to $20)" in bids.warning
    assert "$27" not in bids.warning
