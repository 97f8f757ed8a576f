"""A newcomer's run of `cuberail play ce` (the Textual table): the side panel beside the
Chicago Express map showed a stray ``▅▅`` (its scrollbar) at 120x40, its content running
past its box; and the terrain key wrapped over two lines (``industrial`` alone on the
second), a swatch cut from its name.

Now the panel holds the companies, the players, the end tracker and the terrains in one
line, each name in the colours its hexes have on the map (the whole key is in the help,
F1): it fits its box at 120x40 for 2 to 6 players, with no scrollbar. At 80 columns the
names take two lines, broken between names (they abutted in one line, which the
twenty-second newcomer run read as words run together).
"""

from __future__ import annotations

from pathlib import Path

import pytest
from rich.style import Style
from tablekit import at_table, new_game, play_by_keys, side_panel_fits
from textual.geometry import Region
from textual.pilot import Pilot
from textual.widgets import Static

from cuberail.cli.table.app import TableApp
from cuberail.games.chicago_express.board import TERRAINS
from cuberail.terminal.chicago_express import TERRAIN_STYLE

NAMES = {terrain: TERRAINS[terrain] for terrain in TERRAIN_STYLE}  # plain ... industrial


@pytest.mark.parametrize("players", [2, 4, 6])
def test_the_side_panel_fits_its_box_at_120x40(tmp_path: Path, players: int) -> None:
    """At the first decision and after some moves (companies with shares sold, players
    with shares): everything in view, no scrollbar; 6 players is the most rows."""
    game = new_game(tmp_path, "chicago-express", bots=",".join(["random"] * (players - 1)),
                    players=players)

    async def check(app: TableApp, pilot: Pilot[int]) -> None:
        side_panel_fits(app)
        await play_by_keys(app, pilot, 12)
        side_panel_fits(app)

    at_table(game, check, (120, 40))


def _terrain_line(app: TableApp) -> list[tuple[str, Style | None]]:
    """The side panel's lines naming the terrains, as (text, style) segments: one line,
    or two where the panel is narrow (80 columns), each name whole and apart."""
    tracker = app.query_one("#tracker", Static)
    width, height = tracker.size
    lines = [list(strip) for strip in tracker.render_lines(Region(0, 0, width, height))]
    named = [line for line in lines
             if any(name in "".join(seg.text for seg in line) for name in NAMES.values())]
    texts = ["".join(seg.text for seg in line).rstrip() for line in named]
    assert len(named) == (1 if width >= 37 else 2), texts
    assert " ".join(texts).split() == list(NAMES.values()), texts  # apart, in order
    return [(seg.text, seg.style) for line in named for seg in line]


def _check_terrain_key(app: TableApp) -> None:
    segments = _terrain_line(app)
    text = "".join(t for t, _ in segments)
    for terrain, name in NAMES.items():
        assert name in text, (name, text)
        want = Style.parse(TERRAIN_STYLE[terrain])
        styles = [s for t, s in segments if name in t]
        assert styles, (name, segments)
        style = styles[0]
        assert style is not None and style.bgcolor is not None, (name, style)
        # the block colour of the terrain's hexes on the map (as a colour triplet: Textual
        # passes a background on as it is, and tints a black text)
        assert want.bgcolor is not None
        assert style.bgcolor.get_truecolor() == want.bgcolor.get_truecolor(), name
    backgrounds = {s.bgcolor.get_truecolor() for t, s in segments
                   if s is not None and s.bgcolor is not None and t.strip()}
    assert len(backgrounds) >= len(NAMES)  # a colour of its own per terrain


@pytest.mark.parametrize("size", [(120, 40), (160, 50), (80, 24)])
def test_the_terrain_key_is_one_line_in_the_maps_colours(tmp_path: Path,
                                                         size: tuple[int, int]) -> None:
    game = new_game(tmp_path, "chicago-express")

    async def check(app: TableApp, pilot: Pilot[int]) -> None:
        await pilot.pause()
        _check_terrain_key(app)

    at_table(game, check, size)


@pytest.mark.parametrize("size", [(120, 40), (80, 24)])
def test_the_compact_map_s_key_says_what_a_letter_after_a_hex_is(
        tmp_path: Path, size: tuple[int, int]) -> None:
    """The twenty-first newcomer run: "the legend does not say what the trailing P/B
    means" (``R5P``: a PRR locomotive in Philadelphia; ``$2P`` one on a plain hex; on
    the whole map, below 120 columns, ``Phi P`` and ``═P═``). The side panel says it in
    a line under the terrains, the letter in the company's colours; the panel still fits
    at 120x40 (below 120 columns it scrolls)."""
    game = new_game(tmp_path, "chicago-express")

    async def check(app: TableApp, pilot: Pilot[int]) -> None:
        await pilot.pause()
        tracker = app.query_one("#tracker", Static)
        width, height = tracker.size
        lines = ["".join(seg.text for seg in strip)
                 for strip in tracker.render_lines(Region(0, 0, width, height))]
        said = ("R5P, $2P" if app.face is app.full_face.small else "Phi P, ═P═")
        assert any(f"{said}: a PRR locomotive there" in line for line in lines), lines
        if size == (120, 40):
            side_panel_fits(app)

    at_table(game, check, size)
