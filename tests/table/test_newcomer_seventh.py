"""The seventh newcomer's report on the terminal (issue 29): at 120x40 the compact map
beside the side panel (clearer than the whole map), a dividend split by company in the
log with a notice that waits for the player, a log with room, Trans-Siberian's whole map
with owners named by a letter, hints that say why and do not swing, and whole names in
Trans-Siberian's side panel."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from rich.console import Console
from tablekit import at_table, new_game, settle, visible_places
from textual.containers import ScrollableContainer, VerticalScroll
from textual.pilot import Pilot
from textual.widgets import OptionList, Static

from cuberail.bots import analysis
from cuberail.cli.play import Game
from cuberail.cli.table import hint as hints
from cuberail.cli.table.app import TableApp
from cuberail.core.actions import Action
from cuberail.games import get_game, moves_module
from cuberail.games.chicago_express.board import HEXES
from cuberail.games.trans_siberian.board import LINKS
from cuberail.games.trans_siberian.state import TransSiberianState
from cuberail.terminal import face
from cuberail.terminal.chicago_express import hints as ce_hints
from cuberail.terminal.kit import table_for
from cuberail.terminal.trans_siberian import board as ts_map
from cuberail.terminal.trans_siberian import table as ts_table
from cuberail.terminal.trans_siberian.geo import GLYPHS

# ----- 1. the compact map beside the side panel at 120x40 -----------------------------


def test_chicago_express_at_120x40_shows_the_compact_map_beside_the_side_panel(
        tmp_path: Path) -> None:
    """The compact map is the default where the whole map does not fit beside the side
    panel: every hex in view, the side panel beside it; F2 (the board alone) still shows
    the whole map, with its costs."""
    game = new_game(tmp_path, "chicago-express")

    async def check(app: TableApp, pilot: Pilot[int]) -> None:
        await pilot.pause()
        assert app.face is app.full_face.small
        assert visible_places(app) == {hx.id for hx in HEXES}
        assert app.query_one("#side").display and not app.query_one("#side-low").display
        await pilot.press("f2")
        await pilot.pause()
        assert app.face is app.full_face  # the other map, one key away
        await pilot.press("f2")
        await pilot.pause()
        assert app.face is app.full_face.small

    at_table(game, check)


def test_trans_siberian_at_120x40_shows_its_whole_map(tmp_path: Path) -> None:
    """TS: the map fits at 120x40 (its last rows were cut), also with a long list of
    choices under it."""
    game = new_game(tmp_path, "trans-siberian")

    async def check(app: TableApp, pilot: Pilot[int]) -> None:
        rng = random.Random(5)
        seen_long = False
        for _ in range(40):
            await pilot.pause()
            board = app.query_one("#board", ScrollableContainer)
            region = board.scrollable_content_region
            assert region.width >= app.face.width and region.height >= app.face.height
            assert "off-screen" not in str(board.border_title)
            seen_long = seen_long or len(app.shown) > 8
            if not app.menu:  # the game is over
                break
            app.choose(rng.choice(rng.choice(app.menu).actions))
            await settle(app, pilot)
        assert seen_long, "no long list of choices came"

    at_table(game, check)


# ----- 3. the log has room -------------------------------------------------------------


def test_the_log_has_room_at_120x40_and_the_choices_stay_in_view(tmp_path: Path) -> None:
    """The log shows ten lines or more, wide enough for a move a line (it showed about
    four moves); the choices of an auction stay wholly in view beside it."""
    game = new_game(tmp_path, "chicago-express", bots="medium,medium,medium", players=4)

    async def check(app: TableApp, pilot: Pilot[int]) -> None:
        log = app.query_one("#logbox", VerticalScroll)
        assert log.scrollable_content_region.height >= 10
        assert log.scrollable_content_region.width >= 60
        menu = app.query_one("#menu", OptionList)
        assert menu.max_scroll_y == 0 and menu.region.height >= 4
        assert app.query_one("#command").region.height == 1

    at_table(game, check)


# ----- 2. a dividend split by company, and a notice ------------------------------------


async def _to_dividend(app: TableApp, pilot: Pilot[int], game: Game, seed: int) -> None:
    """Random moves of the human until a dividend has been paid and the human decides."""
    rng = random.Random(seed)
    for _ in range(400):
        if any(e.kind == "payout" for e in app.log_entries) and app.menu:
            return
        choice = rng.choice(app.menu)
        app.choose(rng.choice(choice.actions[:3]))
        await settle(app, pilot)
    raise AssertionError("no dividend split by company came")


@pytest.mark.parametrize("title", ["chicago-express", "trans-siberian"])
def test_a_dividend_is_split_by_company_in_the_log_with_a_notice(tmp_path: Path,
                                                                  title: str) -> None:
    """CE-8.1 / TS-5.2: under the dividend's event, a block names each paying company,
    its income, the shares held, the payout per share and what each holder got (adding
    up to the event's payments); the message line says what the player received and
    stays until the player decides, however many bot moves came after the dividend."""
    from cuberail.cli.table.payout import BAR

    game = new_game(tmp_path, title, bots="random,random", seed=3)

    async def check(app: TableApp, pilot: Pilot[int]) -> None:
        await _to_dividend(app, pilot, game, 11)
        block = [e.text for e in app.log_entries if e.kind == "payout"]
        assert block[0].startswith(BAR) and "income ÷ shares held" in block[0]
        rows = [line for line in block[1:]]
        assert rows and all(" a share → " in row for row in rows)
        assert app.message.startswith("Dividend paid: you ")
        assert "in the log" in app.message
        drawn = str(app.query_one("#log", Static).render())
        assert block[-1].split("→")[0].strip() in drawn

    at_table(game, check)


def test_the_split_adds_up_to_the_events_payments() -> None:
    """Seeded random games of both titles: at every dividend the block's amounts per
    seat add up to what the event says the seat received (else no block is shown)."""
    from cuberail.cli.table.payout import dividend, payments

    split = 0
    for title in ("chicago-express", "trans-siberian"):
        kit = table_for(title)
        for seed in range(3):
            state, rng = get_game(title).new_game(3), random.Random(seed)
            while not state.is_terminal():
                before = state.clone()
                state.apply(rng.choice(state.legal_actions()))
                paid = payments(moves_module(title).event_parts(before, state))
                found = dividend(title, before, state, kit.payouts)
                assert (found is None) == (paid is None)
                if found is None or not found.rows:
                    continue
                split += 1
                got: dict[int, int] = {}
                for row in found.rows:
                    for p, n in row.holders:
                        got[p] = got.get(p, 0) + n * row.per
                assert {p: a for p, a in got.items() if a} == {
                    p: a for p, a in found.paid.items() if a}
    assert split >= 6


def test_after_a_dividend_and_bot_moves_the_log_follows_the_game(tmp_path: Path) -> None:
    """Four players, three bots: at the player's decision after a dividend the log shows
    its latest moves, and the message line says where the dividend's block is. (The
    seventh newcomer run asked for the block in view; it was scrolled to, which hid the
    moves after it: the thirteenth and fourteenth runs could not see how the auction
    they had just played went. The notice says what the player received.)"""
    game = new_game(tmp_path, "chicago-express", bots="random,random,random", players=4,
                    seed=5)

    async def check(app: TableApp, pilot: Pilot[int]) -> None:
        await _to_dividend(app, pilot, game, 2)
        await pilot.pause()
        await pilot.pause()
        box = app.query_one("#logbox", VerticalScroll)
        assert box.max_scroll_y > 0 and box.scroll_y == box.max_scroll_y
        assert app.message.startswith("Dividend paid: you ")
        assert "each company's payout is in the log (┃, Shift+PgUp)" in app.message

    at_table(game, check)


# ----- 4. Trans-Siberian's owners without colour ---------------------------------------


def _owned_state() -> TransSiberianState:
    state = get_game("trans-siberian").new_game(3)
    rng = random.Random(8)
    while sum(1 for o in state.owner if o >= 0) < 10:
        state.apply(rng.choice(state.legal_actions()))
    assert isinstance(state, TransSiberianState)
    return state


@pytest.mark.parametrize("size", [(ts_map.WIDTH, ts_map.HEIGHT),
                                  (ts_map.SMALL_WIDTH, ts_map.SMALL_HEIGHT)])
def test_an_owned_link_names_its_company_by_a_letter(size: tuple[int, int]) -> None:
    """An owned link is tagged with its company's letter beside its value (``R2``), so
    that the map reads without colour; a link on offer has no letter."""
    state = _owned_state()
    offer = {str(a.args[0]) for a in state.legal_actions() if a.kind == "link" and a.args}
    rows = ts_map.render(state, offer, *size).plain.split("\n")
    draw = ts_map.drawing(state, offer, *size)
    marked = 0
    for (x, y), (link, ch) in draw.tags.items():
        owner = state.owner[link]
        if ch.isalpha():
            assert owner >= 0 and rows[y][x] == ts_map.LETTER[owner]
            assert rows[y][x + 1] == str(LINKS[link].value) or (
                rows[y + 1][x] == str(LINKS[link].value))
            marked += 1
        assert owner >= 0 or not ch.isalpha()
    assert marked == sum(1 for o in state.owner if o >= 0) >= 10
    for x, y in draw.lines:
        if (x, y) not in draw.tags:  # a line of glyphs
            assert rows[y][x] in {g for kind in GLYPHS.values() for g in kind}
    assert "R2: red's link of 2" in ts_map.key().plain


# ----- 5. hints say why, and do not swing ----------------------------------------------


def test_a_hint_says_why_in_a_short_phrase() -> None:
    """The opening auction: the hint names the move, why (what the share pays a
    dividend, CE-8.1, and what the bid costs in dividends, or the cash a pass keeps),
    then the winning chances."""
    state = get_game("chicago-express").new_game(3)
    text = hints.hint(state, face("chicago-express").describe_action, iterations=40, seed=1)
    assert text.startswith("hint: ")
    why = text.split(" — ")[1]
    assert "a PRR share pays about $" in why and "a dividend" in why
    assert "your winning chance about" in text


def test_a_hint_for_a_build_says_what_it_does_to_the_dividend() -> None:
    """A title kit that has no phrase for a move: the hint says what the move does to
    the mover's dividend were one paid now."""
    state = get_game("trans-siberian").new_game(3)
    rng = random.Random(4)
    for _ in range(2000):
        link = [a for a in state.legal_actions() if a.kind == "link"]
        if link and state.step != 0 and ts_table.payouts(state):
            reason = hints.reason(state, link[0])
            if reason:
                assert "your dividend if paid now: $" in reason, reason
                return
        if state.is_terminal():
            state = get_game("trans-siberian").new_game(3)
        state.apply(rng.choice(state.legal_actions()))
    raise AssertionError("no build with a reason came")


def test_a_hint_asked_again_at_the_same_position_is_not_searched_again(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Nothing changed, so the hint does not change: the same position answers the same
    line without a new search (a short search answered differently each time)."""
    calls: list[int] = []
    search = analysis.estimate

    def counted(*args: object, **kwargs: object) -> object:
        calls.append(1)
        return search(*args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(analysis, "estimate", counted)
    state = get_game("trans-siberian").new_game(3)
    describe = face("trans-siberian").describe_action
    memory = hints.Memory()  # the game's own (Game.hint_memory)
    first = hints.hint(state, describe, iterations=25, seed=1, memory=memory)
    again = hints.hint(state.clone(), describe, iterations=25, seed=9, memory=memory)
    assert again == first and len(calls) == 1
    hints.hint(state.clone(), describe, iterations=25, seed=9)  # another game's: searched
    assert len(calls) == 2


# ----- 6. whole names in Trans-Siberian's side panel -----------------------------------


def test_trans_siberian_side_panel_keeps_whole_names_at_120x40(tmp_path: Path) -> None:
    """Names were cut to 9 characters (``Bot 2 (r…``); where the panel has room they are
    whole, the shares going to a second line when they must (beside the list, F4; the
    map first at 120x40 has the players in the standings line above the rest)."""
    game = new_game(tmp_path, "trans-siberian", names="Annabelle Lee,Bartholomew")

    async def check(app: TableApp, pilot: Pilot[int]) -> None:
        standings = str(app.query_one("#standings", Static).render())
        assert "Annabelle Lee" in standings and "Bartholomew" in standings, standings
        await pilot.press("f4")
        await pilot.pause()
        panel = app.query_one("#players", Static)
        assert panel.content_region.width >= 36
        for width in (36, panel.content_region.width):
            console = Console(width=width, record=True)
            console.print(ts_table.players(game.state, game.names))
            drawn = console.export_text()
            assert "Annabelle Lee" in drawn and "Bartholomew" in drawn
            assert "cash" in drawn and "score" in drawn

    at_table(game, check)


def test_a_pass_hint_says_what_the_share_costs() -> None:
    """The twelfth newcomer run found "a NYC share pays about $4 a dividend (income 8 ÷
    2 shares), $5 at least" confusing: what is $5 at least? The price (CE-4: the lowest
    bid), said as one."""
    state = get_game("chicago-express").new_game(3)
    why = ce_hints.why(state, Action("pass"))
    assert why.startswith("cash wins (CE-9.2): you keep your $")
    assert why.endswith(f"a dividend (income 7 ÷ 1 share) and costs ${state.lowest_bid()}"
                        " or more"), why
