"""The 31st newcomer run (a demanding Board Game Arena player) at the terminal table, 120x40
and 80x24: what a bid decides, nationalization one dividend ahead, a word typed in an
auction, the end's standings at 80x24."""

from __future__ import annotations

import random
from pathlib import Path
from typing import cast

import pytest
from rich.console import Console
from tablekit import at_table, new_game, side_panel_fits, type_text
from textual.geometry import Region
from textual.pilot import Pilot
from textual.widgets import OptionList, Static

from cuberail.cli.play import Game
from cuberail.cli.table import choices as C
from cuberail.cli.table import teach
from cuberail.cli.table.app import TableApp
from cuberail.core.actions import Action
from cuberail.core.state import GameState
from cuberail.games import get_game
from cuberail.games.trans_siberian.board import COMPANY_IDS
from cuberail.games.trans_siberian.moves import describe_action
from cuberail.games.trans_siberian.state import ACTIVE, AUCTION, TURN, TransSiberianState
from cuberail.terminal.kit import TRACKER_WIDTH, is_danger
from cuberail.terminal.trans_siberian import table as ts_table
from cuberail.terminal.trans_siberian import teach as ts_teach

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


# ----- 2. nationalization one dividend earlier ----------------------------------------------


def _at_risk_turn() -> TransSiberianState:
    """A seeded phase-2 game at player 1's turn: red, yellow, black and white at or below
    the nationalization value $40 (the next dividend takes them, and the marker then
    jumps 12 steps, to $68), blue ($48) and green ($44) above it."""
    s = get_game("trans-siberian").new_game(4, {})
    assert isinstance(s, TransSiberianState)
    rng = random.Random(0)
    for _ in range(108):
        acts = s.legal_actions()
        moves = [a for a in acts if a.kind != "pass"]
        s.apply(rng.choice(moves if moves and rng.random() < 0.9 else acts))
    assert s.step == TURN and s.phase == 2 and s.current_player() == 0
    return s


def test_the_companies_at_risk_are_those_the_dividend_after_next_takes_ts_8_2() -> None:
    """The newcomer saw every company nationalized and "only saw it coming because of the
    ⚠ line", a dividend too late: the table names the companies the dividend after next
    would take (as things stand), by the engine's marker step, and the engine agrees once
    the next dividend is paid."""
    s = _at_risk_turn()
    doomed, risky = ts_teach.nationalization_ahead(s), ts_teach.at_risk(s)
    assert [COMPANY_IDS[c] for c in doomed] == ["red", "yellow", "black", "white"]
    assert [COMPANY_IDS[c] for c in risky] == ["blue", "green"]
    after = s.clone()
    while after.dividends == s.dividends:  # every seat passes to the dividend
        after.apply(Action("pass", ()))
    assert isinstance(after, TransSiberianState) and after.nationalization_value() == 68
    live = [c for c in range(6) if after.status[c] == ACTIVE]
    assert live == risky and all(after.nationalizes(c) for c in live)
    assert ts_teach.nationalization_ahead(after) == risky  # now the urgent ⚠
    assert ts_teach.at_risk(s.clone()) == risky
    last = s.clone()
    assert isinstance(last, TransSiberianState)
    last.opts.dividend_track = s.dividends + 1  # the next dividend ends the game
    assert ts_teach.at_risk(last) == []
    assert ts_teach.at_risk(get_game("trans-siberian").new_game(4, {})) == []  # phase 1


def test_the_milder_warning_is_a_tip_a_tracker_line_and_a_mark() -> None:
    """Milder than the ⚠: a tip on a build or buy for a company at risk, a yellow line
    after the ⚠ ones in the tracker (in the row a fifth player would take, within the side
    panel's width), a ``?`` after its value in the companies' table."""
    s = _at_risk_turn()
    tip = ts_teach.warning(s, Action("build", ("blue",)), [])
    assert tip == ("tip: at risk at the dividend after next: blue ($48) is nationalized"
                   " then unless it rises above $68")
    assert teach.is_tip(tip) and not is_danger(tip)
    assert not teach.is_tip(ts_teach.warning(s, Action("buy", ("yellow",)), []))  # the ⚠
    lines = ts_teach.tracker(s).plain.splitlines()
    assert lines[:3] == ["⚠ nationalized at the next dividend:",  # as it was: urgent first
                         "  the 4 marked ! are at or below $40",
                         "at risk after next: Bu Gr ≤$68"]  # the room a fifth seat takes
    assert all(len(line) <= TRACKER_WIDTH for line in lines)
    styles = {str(span.style) for span in ts_teach.tracker(s).spans}
    assert "bold red" in styles and "yellow" in styles
    rows = Console(width=60, record=True)
    rows.print(ts_table.companies(s))
    text = rows.export_text()
    assert "$48?" in text and "$44?" in text and "$40!" in text
    assert all(len(line) <= 76 for line in ts_teach.tracker_line(s).plain.splitlines())


def test_the_side_panel_still_fits_with_both_warnings(tmp_path: Path) -> None:
    """At 120x40 with four players, both warnings and the companies' marks fit the side
    panel beside the list (F4): no scroll. Under the whole map (first there) the end line
    says the stronger one (the milder one's companies are marked ``?`` in the pane)."""
    game = new_game(tmp_path, "trans-siberian", bots="0", players=4)

    async def check(app: TableApp, pilot: Pilot[int]) -> None:
        assert "⚠ next dividend nationalizes Re, Ye, Bk, Wh" in str(
            app.query_one("#endline", Static).render())
        await pilot.press("f4")
        await pilot.pause()
        side_panel_fits(app)
        tracker = app.query_one("#tracker", Static)
        width, height = tracker.size
        shown = ["".join(seg.text for seg in strip)
                 for strip in tracker.render_lines(Region(0, 0, width, height))]
        assert any("at risk after next: Bu Gr ≤$68" in line for line in shown), shown

    rng = random.Random(0)
    for _ in range(108):
        acts = game.state.legal_actions()
        moves = [a for a in acts if a.kind != "pass"]
        game.apply(rng.choice(moves if moves and rng.random() < 0.9 else acts))
    at_table(game, check)


# ----- 3. a word typed in an auction: the range, not every amount -------------------------


def _menu(s: GameState) -> list[C.Choice]:
    return C.build(s, describe_action, lambda a: ts_teach.warning(s, a, []))


def test_a_word_typed_in_an_auction_at_80x24_names_the_range(tmp_path: Path) -> None:
    """The newcomer typed `bid` and a company's name in an auction at 80x24: the answer is
    the bids' range and how one is typed, in one line of the message, not every bid nor
    the title's whole vocabulary."""
    said: dict[str, str] = {}

    async def check(app: TableApp, pilot: Pilot[int]) -> None:
        for text in ("bid", "red", "b", "bids"):
            await type_text(pilot, text)
            await pilot.pause()
            said[text] = app.message

    at_table(new_game(tmp_path, "trans-siberian", bots="0", players=4), check, size=(80, 24))
    assert said["bid"] == said["b"] == said["bids"] == "bids $8..$40: type `b 8`, or pass (p)"
    assert said["red"] == ("'red' is not a move now; allowed now: bids $8..$40: type `b 8`,"
                          " or pass (p)")
    assert all(len(text) <= 78 and "$9" not in text for text in said.values())


def test_share_values_typed_around_are_said_as_a_range() -> None:
    """At the share value's choice (a run of amounts that are choices each: not every
    dollar) a word or a refused amount answers with the values' range, not each value."""
    s = get_game("trans-siberian").new_game(4, {})
    for text in ("bid 39", "pass", "pass", "pass", "link moscow-kazan"):
        s.apply(Action.from_text(text))
    menu = _menu(s)
    assert [c.actions[0].kind for c in menu] == ["value"] * 8  # $8 .. $36
    reply = C.interpret(s, menu, "red")
    assert isinstance(reply, C.Reply)
    assert reply.text == ("'red' is not a move now; allowed now: values $8, $12 … $36: type"
                          " `v 8`")
    for text in ("pass", "b 12", "bid"):
        reply = C.interpret(s, menu, text)
        assert isinstance(reply, C.Reply)
        assert reply.text.endswith("allowed now: 1-8) values $8, $12 … $36 (`v 8`)"), reply
    reply = C.interpret(s, menu, "v 9")
    assert isinstance(reply, C.Reply) and "$20" not in reply.text, reply


def test_chicago_express_company_typed_in_an_auction() -> None:
    """The same in Chicago Express's auctions: a company typed says the bids' range."""
    s = get_game("chicago-express").new_game(4, {})
    menu = C.build(s, lambda at, a: a.text())
    reply = C.interpret(s, menu, "c&o")
    assert isinstance(reply, C.Reply)
    assert reply.text == ("'c&o' is not a move now; allowed now: bids $7..$30: type `b 7`,"
                          " or pass (p)")


# ----- 4. the end's standings at 80x24 -----------------------------------------------------


def _finished(tmp_path: Path, title: str, seed: int = 1) -> Game:
    game = new_game(tmp_path, title, bots="0", players=4)
    rng = random.Random(seed)
    while not game.state.is_terminal():
        game.apply(rng.choice(game.state.legal_actions()))
    return game


@pytest.mark.parametrize("title", ["chicago-express", "trans-siberian"])
def test_the_final_standings_at_80x24_read_whole_and_page(tmp_path: Path, title: str) -> None:
    """The newcomer's 80x24 end cut a score's words mid-line ("$30 at the start + $78
    from") in a box half the width: the standings take the log's place too (the log's
    last lines are the same ranks), each seat's score words on one line; the box says when
    more is below, PgDn pages it (it raised before: no choice to move to), PgUp comes
    back, and `log` brings the log back."""
    game = _finished(tmp_path, title)

    async def check(app: TableApp, pilot: Pilot[int]) -> None:
        await pilot.pause()
        menu = app.query_one("#menu", OptionList)
        assert not app.query_one("#logbox").display
        assert menu.size.width >= 76
        lines = [str(menu.get_option_at_index(i).prompt) for i in range(menu.option_count)]
        state = app.game.state
        for seat in range(state.num_players):
            made = teach.score_words(state, seat) or app._money_lines(state.result().scores)[seat]
            assert any(line.strip() == made for line in lines), (made, lines)
        assert menu.max_scroll_y > 0 and menu.border_title.endswith("▼ PgDn for more")
        await pilot.press("pagedown")
        await pilot.pause()
        assert menu.scroll_y > 0
        for _ in range(5):
            await pilot.press("pagedown")
            await pilot.pause()
        assert menu.scroll_y == menu.max_scroll_y
        assert menu.border_title.endswith("▲ PgUp for the top")
        for _ in range(6):
            await pilot.press("pageup")
            await pilot.pause()
        assert menu.scroll_y == 0
        await type_text(pilot, "log")
        await pilot.pause()
        await pilot.pause()
        assert app.query_one("#logbox").display

    at_table(game, check, size=(80, 24))


@pytest.mark.parametrize("title", ["chicago-express", "trans-siberian"])
def test_the_final_standings_at_120x40_keep_the_log(tmp_path: Path, title: str) -> None:
    """At 120x40 the log stays beside the standings; the box says when more is below."""
    game = _finished(tmp_path, title)

    async def check(app: TableApp, pilot: Pilot[int]) -> None:
        await pilot.pause()
        menu = app.query_one("#menu", OptionList)
        assert app.query_one("#logbox").display
        more = menu.max_scroll_y > 0
        title = str(menu.border_title)
        assert ("▼ PgDn" in title) == more and "final standings" in title
        # the longest form that fits its border (a Trans-Siberian end's 44-column box
        # cut "game over: final standings ▼ PgDn f…")
        assert len(title) <= menu.size.width - 4, (title, menu.size.width)

    at_table(game, check)


def test_a_finished_game_marks_no_value_as_nationalized_next() -> None:
    """At the end no dividend is coming: the companies table's "!" (nationalized at the
    next dividend) and the at-risk "?" mark nothing, even for a company whose share value
    is at the nationalization value when the game ends (set so here: seeded games of
    medium bots end with none there)."""
    from cuberail.bots.registry import make_bot
    from cuberail.games.trans_siberian.state import ACTIVE
    from cuberail.terminal.trans_siberian import teach as ts_teach

    state = get_game("trans-siberian").new_game(4)
    bots = [make_bot("medium", seat) for seat in range(4)]
    while not state.is_terminal():
        state.apply(bots[state.current_player()].choose(state.clone()))
    s = cast(TransSiberianState, state)
    live = min((c for c in range(len(s.status)) if s.status[c] == ACTIVE and s.value[c] >= 0),
               key=lambda c: s.value[c])  # (not the one whose top value may end the game)
    s.value[live] = s.nat  # at the marker: the next dividend would take it, were one coming
    assert s.is_terminal() and s.phase == 2 and s.nationalizes(live)
    assert ts_teach.nationalization_ahead(s) == [] and ts_teach.at_risk(s) == []
