"""A newcomer's run of `cuberail play ts` (the Textual table) at 120x40: the side panel
("companies, players, end of game") ran past its 19-row box (30-32 rows) and had to be
scrolled: ruled company and player tables, a four-line end tracker and the list's whole
key (eleven lines).

Now the panel holds the companies and the players a line each under a line of headers,
the end tracker in two lines (a nationalization warning in two more: the companies by
name, else by the ``!`` on their values) and a one-line key (the whole key is in the
help, F1): it fits its box for 3 to 5 players (the game's seats) at the first decision,
after some moves, and in phase 2 with every company about to be nationalized and the
players holding shares in many companies, with no scrollbar and everything a player
decides by in view.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from tablekit import at_table, new_game, play_by_keys, side_panel_fits
from textual.geometry import Region
from textual.pilot import Pilot
from textual.widgets import Static

from cuberail.cli.table.app import TableApp
from cuberail.games.trans_siberian.board import NUM_COMPANIES, SHARE_TRACK
from cuberail.games.trans_siberian.state import ACTIVE, TransSiberianState
from cuberail.terminal.trans_siberian import board

SIZE = (120, 40)


def _lines(app: TableApp, part: str) -> list[str]:
    """The rows one part of the side panel shows (``companies``, ``players``,
    ``tracker``), as a player reads them."""
    static = app.query_one(f"#{part}", Static)
    width, height = static.size
    return ["".join(seg.text for seg in strip).rstrip()
            for strip in static.render_lines(Region(0, 0, width, height))]


def _panel_says_enough(app: TableApp) -> None:
    """What a player decides by: each company's share value, income, dividend, treasury
    and shares owned; each player's cash, score and shares; the end tracker and the
    nationalization value; the whole key is not in the panel (it is in the help)."""
    s = app.game.state
    assert isinstance(s, TransSiberianState)
    companies, players, tracker = (_lines(app, part)
                                   for part in ("companies", "players", "tracker"))
    assert companies[0].split() == ["co", "st", "val", "inc", "div", "cash", "own", "lnk"]
    assert len(companies) == 1 + NUM_COMPANIES
    for c, row in enumerate(companies[1:]):
        assert row.startswith(board.COMPANY_SHORT[c]), row
        assert f"${s.treasury[c]}" in row and f"{s.owned(c)}/" in row, row
    assert players[0].split() == ["player", "cash", "score", "shares"]
    assert len(players) == 1 + s.num_players  # a line each: no share wraps
    for p, (row, score) in enumerate(zip(players[1:], s.scores(), strict=True)):
        assert f"${s.cash[p]}" in row and f"${score}" in row, row
        held = sum(s.shares_held(p, c) for c in range(NUM_COMPANIES))
        shares = row[row.rindex(f"${score}") + len(f"${score}"):]  # Re2 Bu1, R2B1...
        assert sum(int(ch) for ch in shares if ch.isdigit()) == held, row
    said = "\n".join(tracker)
    assert f"nat. value ${s.nationalization_value()}" in said, said
    all_doomed = "next dividend nationalizes all" in said  # (the 28th newcomer run)
    assert f"dividends {s.dividends}/" in said or all_doomed, said
    assert ("top value $" in said or "no company in play" in said  # (all nationalized)
            or all_doomed), said
    assert "Each company: its links" not in said and "Each city keeps" not in said


@pytest.mark.parametrize("players", [3, 4, 5])
def test_the_side_panel_fits_its_box_at_120x40(tmp_path: Path, players: int) -> None:
    """At the first decision and after some moves (companies started, shares sold):
    everything in view, no scrollbar; 5 players is the most rows. (The panel beside the
    list, F4; the map first at 120x40 has the companies' pane under it, which fits too.)"""
    game = new_game(tmp_path, "trans-siberian", bots=",".join(["random"] * (players - 1)),
                    players=players)

    async def check(app: TableApp, pilot: Pilot[int]) -> None:
        assert app.screen.has_class("wide")
        side_panel_fits(app)
        await pilot.press("f4")
        await pilot.pause()
        side_panel_fits(app)
        _panel_says_enough(app)
        await play_by_keys(app, pilot, 12)
        side_panel_fits(app)
        _panel_says_enough(app)

    at_table(game, check, SIZE)


def _crowded(s: TransSiberianState) -> None:
    """Phase 2 with all six companies in play below the nationalization value (TS-8.1:
    each nationalized at the next dividend) and each player holding shares of three
    companies, the first of all six."""
    s.phase, s.nat = 2, SHARE_TRACK.index(48)
    for c in range(NUM_COMPANIES):
        s.status[c], s.value[c] = ACTIVE, SHARE_TRACK.index(20)
        s.income[c], s.treasury[c] = 12, 30
    for p in range(s.num_players):
        for c in range(NUM_COMPANIES) if p == 0 else (p % 6, (p + 1) % 6, (p + 2) % 6):
            if s.unsold[c]:
                s.unsold[c] -= 1
                s.held[p * NUM_COMPANIES + c] += 1


def test_the_panel_fits_in_phase_2_with_every_company_doomed(tmp_path: Path) -> None:
    """Five players, six companies to be nationalized (the warning's two lines), a player
    with shares of all six: the panel beside the list fits, each doomed value marked
    ``!``. On the map (first at 120x40: above the rest, the companies under it) the
    companies' panel fits, and the lines above it give the players' shares and the
    warning."""
    game = new_game(tmp_path, "trans-siberian", bots="random,random,random,random",
                    players=5)

    async def check(app: TableApp, pilot: Pilot[int]) -> None:
        s = app.game.state
        assert isinstance(s, TransSiberianState)
        _crowded(s)
        app.refresh_table()
        await pilot.pause()
        await pilot.press("f4")
        await pilot.pause()
        assert app.face.name == "the networks as a list"
        side_panel_fits(app)
        _panel_says_enough(app)
        tracker = "\n".join(_lines(app, "tracker"))
        assert "nationalized at the next dividend" in tracker, tracker
        assert all("$20!" in row for row in _lines(app, "companies")[1:])
        assert "".join(_lines(app, "players")[1].split()[-1:]) == "R1B1G1Y1K1W1"
        await pilot.press("f4")
        await pilot.pause()
        assert app.face.name == app.full_face.name and app.screen.has_class("wide")
        side_panel_fits(app)
        assert all("$20!" in row for row in _lines(app, "companies-low")[1:])
        above = "\n".join(line for part in ("standings", "endline") for line in _lines(app, part))
        assert "R1B1G1Y1K1W1 · Bot 2" in above, above  # the first player's shares
        assert "next dividend nationalizes ALL: " in above, above  # (every one: 28th run)
        app.save_screenshot(str(tmp_path / "crowded.svg"))

    at_table(game, check, SIZE)
