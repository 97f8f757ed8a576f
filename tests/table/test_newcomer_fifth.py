"""The fifth newcomer's report on the terminal: a move not on offer says why in the
player's words (a forced pass too), `quit` then Enter leaves, PgUp/PgDn page the choices
from the input line, a bare amount in plain mode, and a map whose ownership reads
without colour."""

from __future__ import annotations

import asyncio
import random
from pathlib import Path
from types import ModuleType

from tablekit import at_table, new_game, settle, type_text
from test_issue29_table import _build_step
from textual.containers import ScrollableContainer
from textual.pilot import Pilot
from textual.widgets import OptionList, Static

from cuberail.cli.menu import Menu, Reply, read_choice
from cuberail.cli.table import choices as C
from cuberail.cli.table.app import TableApp
from cuberail.cli.table.flow import forced_note
from cuberail.cli.table.screens import ConfirmQuit
from cuberail.core.actions import Action
from cuberail.core.state import GameState
from cuberail.games import get_game
from cuberail.games.chicago_express.board import COMPANY_IDS as CE_IDS
from cuberail.games.chicago_express.board import HEXES
from cuberail.games.chicago_express.state import CHOOSE, ChicagoExpressState
from cuberail.games.trans_siberian.board import PHASE2_VALUE
from cuberail.games.trans_siberian.state import AUCTION, TURN, TransSiberianState
from cuberail.terminal import face as view_module
from cuberail.terminal.chicago_express import board as ce_map

CE_VIEW = view_module("chicago-express")
TS_VIEW = view_module("trans-siberian")
NAMES = ["Ann", "Bob", "Cy"]


def _ts_turn(seed: int = 3) -> TransSiberianState:
    """A Trans-Siberian game past its opening auctions (TS-2), at a player's turn (TS-3)."""
    s = get_game("trans-siberian").new_game(3, {})
    assert isinstance(s, TransSiberianState)
    rng = random.Random(seed)
    while s.step != TURN:
        legal = s.legal_actions()
        bids = [a for a in legal if a.kind == "bid"]
        s.apply(bids[0] if bids and s.a_bidder < 0 else
                next((a for a in legal if a.kind == "pass"), rng.choice(legal)))
    return s


def _reply(s: GameState, text: str, view: ModuleType) -> str:
    reply = C.interpret(s, C.build(s, view.describe_action), text, view, NAMES)
    assert isinstance(reply, C.Reply), reply
    return reply.text


# ----- 1. why a move is not on offer, in the player's words ---------------------------


def test_a_bid_at_a_turn_says_no_auction_runs_and_when_the_next_is_ts_7_1() -> None:
    """TS-6.2, TS-7.1: black and white are auctioned when phase 2 starts; a bid typed at a
    turn of phase 1 says so, not "'bid' is not allowed now"."""
    s = _ts_turn()
    for typed in ("b 12", "bid 12", "bid"):
        text = _reply(s, typed, TS_VIEW)
        assert "no auction is running" in text, text
        assert "black and white are auctioned when phase 2 starts" in text, text
        assert f"${PHASE2_VALUE}" in text and "is not allowed now;" not in text, text
        assert "allowed now: 1)" in text, text  # and what is on offer


def test_a_bid_beyond_the_cash_says_the_player_can_only_pass_ts_2_1() -> None:
    """TS-2.1: bids are at most the bidder's cash; the lowest is $8."""
    s = get_game("trans-siberian").new_game(3, {})
    assert isinstance(s, TransSiberianState) and s.step == AUCTION
    s.cash[s.a_to_act] = 3
    s._legal = None  # the cached legal moves were the $48 player's
    assert [a.kind for a in s.legal_actions()] == ["pass"]
    text = _reply(s, "b 8", TS_VIEW)
    assert "you have $3; the lowest bid is $8, so you can only pass" in text, text


def test_a_forced_pass_at_a_turn_says_why_in_player_words_ts_3_1() -> None:
    """TS-3: a turn with no share the player can pay and no company to build for is a
    forced pass; the note says so (it used to quote the engine: 'bid' is not allowed)."""
    s = _ts_turn()
    s.cash[s.turn] = 1
    s._legal = None
    assert [a.kind for a in s.legal_actions()] == ["pass"]
    note = forced_note(s, s.legal_actions()[0], NAMES, str)
    name = NAMES[s.turn]
    assert note.startswith(f"{name}, you had to pass (your only legal move): "), note
    assert "you have $1 and the cheapest share costs $" in note, note
    assert "you may build only for a public company" in note or "cannot build" in note, note
    assert "not allowed" not in note and "player " not in note, note


def test_a_forced_pass_in_an_auction_says_the_lowest_bid_and_the_cash_ts_2_1() -> None:
    s = get_game("trans-siberian").new_game(3, {})
    assert isinstance(s, TransSiberianState)
    s.apply(Action("bid", (30,)))
    s.cash[s.a_to_act] = 20
    s._legal = None
    note = forced_note(s, s.legal_actions()[0], NAMES, str)
    assert note.endswith("you have $20; the high bid is $30 and a bid must beat it ($31 at"
                         " least), so you can only pass"), note


def test_a_build_or_a_share_not_on_offer_says_why_ts_3_2() -> None:
    s = _ts_turn()
    s.cash[s.turn] = 1
    s._legal = None
    text = _reply(s, "buy " + "RED", TS_VIEW)
    assert "you have $1 and the cheapest share costs $" in text, text


def test_a_bid_in_the_choice_of_action_says_how_to_open_an_auction_ce_3_1() -> None:
    """CE-3.1, CE-4: a share is auctioned after a player chooses the auction action."""
    s = get_game("chicago-express").new_game(3, {})
    assert isinstance(s, ChicagoExpressState)
    rng = random.Random(2)
    while s.step != CHOOSE:
        legal = s.legal_actions()
        s.apply(next((a for a in legal if a.kind == "pass"), rng.choice(legal)))
    text = _reply(s, "b 12", CE_VIEW)
    assert "bid is not allowed now: no auction is running: choose auction" in text, text
    assert "allowed now: 1)" in text, text


def test_a_pass_not_on_offer_says_what_the_step_asks_ce_5_1() -> None:
    """Where the title has no reason of its own, the step's sentence says what is asked."""
    s = get_game("chicago-express").new_game(3, {})
    assert isinstance(s, ChicagoExpressState)
    rng = random.Random(2)
    while s.step != CHOOSE:
        legal = s.legal_actions()
        s.apply(next((a for a in legal if a.kind == "pass"), rng.choice(legal)))
    text = _reply(s, "p", CE_VIEW)
    assert text.startswith("pass is not allowed now: "), text
    assert "choose auction, develop or build" in text, text


def test_typing_while_a_bot_thinks_says_wait(tmp_path: Path) -> None:
    """A move typed while a bot is to move is answered with who is thinking, never with a
    reason computed for the bot's seat ("you have $48 ...")."""
    game = new_game(tmp_path, "trans-siberian", bots="0")

    async def check(app: TableApp, pilot: Pilot[int]) -> None:
        app.thinking = "Bot 1"  # as while a bot's worker runs: no choices shown
        app.refresh_table()
        assert app.menu == []
        for typed in ("b 12", "pass", "buy red"):
            app.submit(typed)
            assert app.message == "wait: Bot 1 is thinking", app.message

    at_table(game, check)


# ----- 2. quit: Enter leaves, and the page says which key does what -------------------


def test_quit_then_enter_leaves_and_the_page_names_the_keys(tmp_path: Path) -> None:
    game = new_game(tmp_path, "chicago-express")

    async def run() -> None:
        app = TableApp(game)
        async with app.run_test(size=(120, 40)) as pilot:
            await settle(app, pilot)
            await type_text(pilot, "quit")
            await pilot.pause()
            assert isinstance(app.screen, ConfirmQuit)
            shown = str(app.screen.query_one(Static).content)
            assert "y or Enter: leave the game now" in shown, shown
            assert "n or Esc: keep playing" in shown, shown
            assert "saved after every move" in shown and f"--load {game.path}" in shown
            await pilot.press("enter")
            await pilot.pause()
        assert app.return_code == 0

    asyncio.run(run())


def test_escape_and_n_keep_playing_and_ctrl_q_still_asks(tmp_path: Path) -> None:
    game = new_game(tmp_path, "trans-siberian")

    async def run() -> None:
        app = TableApp(game)
        async with app.run_test(size=(120, 40)) as pilot:
            await settle(app, pilot)
            for key in ("escape", "n"):
                await pilot.press("ctrl+q")
                await pilot.pause()
                assert isinstance(app.screen, ConfirmQuit)
                await pilot.press(key)
                await pilot.pause()
                assert not isinstance(app.screen, ConfirmQuit) and app.is_running
                assert app.message == "still playing"
            await pilot.press("ctrl+q")
            await pilot.pause()
            await pilot.click("#stay")
            await pilot.pause()
            assert not isinstance(app.screen, ConfirmQuit) and app.is_running
            await pilot.press("ctrl+q")
            await pilot.pause()
            await pilot.click("#leave")
            await pilot.pause()
        assert app.return_code == 0

    asyncio.run(run())


# ----- 3. PgUp/PgDn page the choices, whatever has the focus -------------------------


def test_pgdn_pages_the_choices_a_whole_page_from_the_input_and_the_map(
        tmp_path: Path) -> None:
    """A build with many links at 120x40: one PgDn brings a new page of choices (the
    choice it reaches at the top), typing or after a click on the map; PgUp comes back."""
    game = new_game(tmp_path, "trans-siberian", bots="0")
    _build_step(game)

    async def check(app: TableApp, pilot: Pilot[int]) -> None:
        await pilot.pause()
        menu = app.query_one("#menu", OptionList)
        page = menu.scrollable_content_region.height
        assert menu.max_scroll_y > page and "PgUp/PgDn" in str(menu.border_title)
        for focus in ("#command", "#board"):
            app.query_one(focus).focus()
            menu.scroll_to(y=0, animate=False)
            menu.highlighted = 0
            await pilot.pause()
            await pilot.press("pagedown")
            await pilot.pause()
            assert menu.scroll_y >= page // 2, (focus, menu.scroll_y, page)
            assert menu.highlighted is not None
            assert menu._index_to_line[menu.highlighted] == int(menu.scroll_y)
            board = app.query_one("#board", ScrollableContainer)
            assert board.scroll_y == 0  # the map did not take the key
            await pilot.press("pageup")
            await pilot.pause()
            assert menu.scroll_y < page // 2

    at_table(game, check)


def test_pgdn_over_the_rules_page_scrolls_the_page(tmp_path: Path) -> None:
    game = new_game(tmp_path, "trans-siberian", bots="0")

    async def check(app: TableApp, pilot: Pilot[int]) -> None:
        await type_text(pilot, "help rules")
        await pilot.pause()
        page = app.screen.query_one("VerticalScroll")
        assert page.scroll_y == 0
        await pilot.press("pagedown")
        await pilot.pause()
        assert page.scroll_y > 0

    at_table(game, check)


# ----- 4. plain mode: a bare amount ------------------------------------------------------


def _bids(low: int, high: int) -> list[Action]:
    return [Action("pass"), *(Action("bid", (n,)) for n in range(low, high + 1))]


def test_plain_a_bare_amount_is_a_bid_also_when_the_bids_are_listed_one_by_one_ce_3_3() -> None:
    """Near a player's cash the bids are few and listed one per line (`2) bid 58`): a bare
    `59` is still a bid of $59, as with a run (`bid 7..60`)."""
    menu = Menu.build(_bids(58, 60))
    assert [i.label for i in menu.items] == ["pass", "bid 58", "bid 59", "bid 60"]
    assert read_choice(menu, "59") == Action("bid", (59,))
    assert read_choice(menu, "3") == Action("bid", (59,))  # choice 3: no bid of $3 on offer
    assert read_choice(Menu.build(_bids(8, 40)), "12") == Action("bid", (12,))


def test_plain_a_number_both_a_choice_and_a_bid_is_the_choice_the_menu_shows() -> None:
    """CE-4.2: a minimum bid can be $1: `1` is then choice 1 as the menu shows it (pass),
    and the bid of $1 is typed `bid 1`; `2`, choice 2 the run of bids, is a bid of $2."""
    menu = Menu.build(_bids(1, 20))
    assert read_choice(menu, "1") == Action("pass")
    assert read_choice(menu, "bid 1") == Action("bid", (1,))
    assert read_choice(menu, "2") == Action("bid", (2,))


def test_plain_an_amount_out_of_range_says_the_range_and_the_exact_words() -> None:
    menu = Menu.build(_bids(8, 40))
    reply = read_choice(menu, "99")
    assert isinstance(reply, Reply)
    assert reply.text.startswith("there is no choice 99 (the choices are 1-2) and no bid of"
                                 " $99: a bid is from $8 to $40. For bid $40 type: `bid 40`"
                                 " (or just `40`)"), reply.text


def test_plain_share_values_are_amounts_too_ts_2_2() -> None:
    """TS-2.2: the winner picks a share value; `12` (no choice 12) is the value $12."""
    values = [Action("value", (v,)) for v in (8, 12, 16, 20, 24, 28, 32, 36, 40)]
    menu = Menu.build(values)
    assert read_choice(menu, "12") == values[1]
    assert read_choice(menu, "8") == values[7]  # choice 8, as the menu numbers it


# ----- 5. the map's ownership without colour, and its legend --------------------------


def test_ce_track_is_drawn_as_rails_with_the_companys_letter_ce_5_2() -> None:
    """CE-5.2: a company's network is the hexes with its locomotives. Their second line is
    rails with the letters (`═P═══`, `Bin P`), other hexes keep the plain edge (`▁▁▁▁▁`),
    so the networks read on a terminal without colour."""
    s = get_game("chicago-express").new_game(3, {})
    assert isinstance(s, ChicagoExpressState)
    rng = random.Random(8)
    for _ in range(150):
        s.apply(rng.choice(s.legal_actions()))
    lines = ce_map.render(s, set()).plain.split("\n")
    tracks = 0
    for hx in HEXES:
        x, y = hx.col * ce_map.STEP, 2 * hx.row + hx.col % 2 + 1
        cell = lines[y][x:x + ce_map.CELL]
        letters = "".join(ce_map.LETTER[c] for c in s.companies_on(hx.index))
        if not letters:
            assert ce_map.RAIL not in cell, (hx.id, cell)
        elif not hx.name:
            tracks += 1
            assert cell == ce_map.RAIL + letters + ce_map.RAIL * (4 - len(letters)), cell
    assert tracks >= 5


def test_ce_legend_under_the_map_names_every_letter_at_120x40(tmp_path: Path) -> None:
    game = new_game(tmp_path, "chicago-express")

    async def check(app: TableApp, pilot: Pilot[int]) -> None:
        await pilot.pause()
        board = app.query_one("#board", ScrollableContainer)
        legend = str(board.border_subtitle)
        # the compact map at 120x40 since the seventh newcomer: its shorter legend
        # (this asserted the whole map's, "═P═ a company's track: ..."; "track:" left
        # it for "$2 cost": the seventh run found no costs on this map)
        assert legend.startswith("═P═ P=PRR "), legend
        assert "$2 cost" in legend, legend
        for c, cid in enumerate(CE_IDS):
            assert f"{ce_map.LETTER[c]}={cid}" in legend, legend
        assert "★ start" in legend and "⌂ developed" in legend
        assert len(legend) <= app.face.width - 4  # within the map's width, corners too

    at_table(game, check)


def test_a_word_that_is_no_move_says_so_once() -> None:
    """The 28th newcomer run typed 'foo' at a Trans-Siberian share value (TS-2.5) and read
    "'foo' is not a legal move now: choose share value, Player 1 to act: 'foo' is not
    allowed now; allowed: value", cut off. A word that is no move of the game says so
    once; where only amounts are asked (the 31st run), with what is allowed in short (the
    engine still names the game's moves, as Chicago Express's engine did)."""
    s = get_game("trans-siberian").new_game(3, {})
    assert isinstance(s, TransSiberianState)
    while s.step == AUCTION:  # the first bidder wins red at the lowest bid
        s.apply(s.legal_actions()[0] if s.current_player() != 0 else Action("bid", (8,)))
        if s.step != AUCTION:
            break
    while s.legal_actions()[0].kind == "link":
        s.apply(s.legal_actions()[0])
    assert s.legal_actions()[0].kind == "value", s.legal_actions()
    text = _reply(s, "foo", TS_VIEW)
    assert text == "'foo' is not a move now; allowed now: value $8: type `v 8`", text
    assert s.explain_illegal(Action.from_text("foo")) == (
        "not a Trans-Siberian action; the actions are bid, pass, link, value, buy, build,"
        " surcharge, stop")
