"""The eleventh newcomer run: "medium bots raise by $1, so an auction asks me a dozen
times; give me `bid up to $X`". Typed at one's decision in an auction, ``up to 20`` makes
the table bid for the player (the lowest legal bid each time, CE-4.2/TS-2.1) until the
limit, then pass; it ends with that auction or an undo."""

from __future__ import annotations

from pathlib import Path

import pytest
from tablekit import at_table, new_game, settle, type_text
from textual.pilot import Pilot

from cuberail.cli import play
from cuberail.cli.table import proxy
from cuberail.cli.table.app import TableApp


@pytest.mark.parametrize(("typed", "arg"), [
    ("up to 20", "20"), ("upto $20", "20"), ("UP TO  $ 20", "20"), ("max 20", "20"),
    ("up to off", "off"), ("up to", ""), ("up", None), ("update", None), ("b 20", None)])
def test_what_asks_for_a_proxy(typed: str, arg: str | None) -> None:
    assert proxy.parse(typed) == arg


def _against_medium_bots(tmp_path: Path, title: str = "chicago-express") -> play.Game:
    return new_game(tmp_path, title, bots="medium,medium,medium", players=4, seed=3)


@pytest.mark.parametrize("title", ["chicago-express", "trans-siberian"])
def test_up_to_bids_for_the_player_until_the_limit_then_passes(tmp_path: Path,
                                                               title: str) -> None:
    async def check(app: TableApp, pilot: Pilot[int]) -> None:
        state = app.game.state
        offered = proxy.bids(state)
        assert offered, "the game opens with an auction"
        low = int(offered[0].args[0])
        lot, limit = getattr(state, "a_company", None), low + 3
        await type_text(pilot, f"up to {limit}")
        await settle(app, pilot)
        proxied = [e for e in app.log_entries if f"(bid for you: up to ${limit})" in e.text]
        assert proxied and all(e.seat == 0 and e.text.startswith("bid $") for e in proxied)
        for e in proxied:  # the lowest bid each time, never over the limit
            assert low <= int(e.text.split("$")[1].split()[0]) <= limit, e.text
        # the auction is over for the player: they passed at the limit, or it ended; no
        # decision of theirs in it is left to them
        now = app.game.state
        same = getattr(now, "a_company", None) == lot and bool(proxy.bids(now))
        passed = [e for e in app.log_entries if f"(your limit of ${limit} is reached)" in e.text]
        assert passed or not same, app.message
        assert not (same and now.current_player() == 0), app.message

    at_table(_against_medium_bots(tmp_path, title), check)


def test_a_limit_below_the_lowest_bid_is_refused_and_nothing_is_played(tmp_path: Path) -> None:
    async def check(app: TableApp, pilot: Pilot[int]) -> None:
        low = int(proxy.bids(app.game.state)[0].args[0])
        moves = len(app.game.record.actions)
        await type_text(pilot, f"up to {low - 1}")
        await pilot.pause()
        assert f"the lowest bid now is ${low}" in app.message, app.message
        assert len(app.game.record.actions) == moves and not app.proxies
        await type_text(pilot, "up to")
        await pilot.pause()
        assert "type `up to` and your limit" in app.message, app.message

    at_table(_against_medium_bots(tmp_path), check)


def test_an_undo_ends_the_limit(tmp_path: Path) -> None:
    async def check(app: TableApp, pilot: Pilot[int]) -> None:
        app.proxies[0] = proxy.Proxy(99, getattr(app.game.state, "a_company", None), 0)
        app.taken_back("took back (test)")
        assert not app.proxies

    at_table(_against_medium_bots(tmp_path), check)


def test_a_limit_that_would_leave_no_cash_for_a_share_says_so(tmp_path: Path) -> None:
    """The sixteenth newcomer run was shut out of the share market by what it had paid,
    with no word before: a limit at which a win leaves less than any share costs (TS-1.3:
    $8; TS-5.2: only dividends pay) says so when it is set."""
    async def check(app: TableApp, pilot: Pilot[int]) -> None:
        cash = app.game.state.cash[0]  # type: ignore[attr-defined]
        await type_text(pilot, f"up to {cash - 7}")
        await settle(app, pilot)
        said = [e.text for e in app.log_entries if e.kind == "note" and "if you win" in e.text]
        assert said and said[0].startswith(f"up to ${cash - 7}: if you win at ${cash - 7} you"
                                           " keep $7, less than any share can cost ($8)"), said

    async def calm(app: TableApp, pilot: Pilot[int]) -> None:
        cash = app.game.state.cash[0]  # type: ignore[attr-defined]
        await type_text(pilot, f"up to {cash - 8}")
        await settle(app, pilot)
        assert not [e for e in app.log_entries if "if you win" in e.text]

    at_table(_against_medium_bots(tmp_path, "trans-siberian"), check)
    (tmp_path / "calm").mkdir()
    at_table(_against_medium_bots(tmp_path / "calm", "trans-siberian"), calm)
