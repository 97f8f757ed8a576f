"""The fourteenth newcomer run (2026-12-06) on the Trans-Siberian map (F4): links on
offer drawn as long loops round the map (``┌────[6]───┐``), and tags that abut (``3[4]``:
a value and a number, or two numbers, read as one). A line is now never longer than
twice the way between its cities and ten (else it is dotted, city to city), crossings
or not; a tag goes first where no other tag abuts it on its row."""

from __future__ import annotations

import random

from tablekit import played

from cuberail.games.trans_siberian.board import LINKS
from cuberail.games.trans_siberian.state import BUILD_FIRST, TransSiberianState
from cuberail.terminal.trans_siberian import board as ts_map
from cuberail.terminal.trans_siberian.schematic import Grid, _longest

SIZES = ((ts_map.WIDTH, ts_map.HEIGHT), (ts_map.SMALL_WIDTH, ts_map.SMALL_HEIGHT))


def _builds(seed: int, count: int = 3) -> list[tuple[TransSiberianState, dict[str, str]]]:
    """Build decisions of a seeded game played at random, building whenever it may (as
    bots do: dense maps), each with its offers numbered in the menu's order."""
    rng = random.Random(seed)
    s = played("trans-siberian", 0, players=4, seed=seed)
    assert isinstance(s, TransSiberianState)
    out: list[tuple[TransSiberianState, dict[str, str]]] = []
    while not s.is_terminal() and len(out) < count:
        legal = s.legal_actions()
        builds = [a for a in legal if a.kind in ("build", "link")]
        if s.step == BUILD_FIRST and sum(o >= 0 for o in s.owner) >= 6 + 4 * len(out):
            offer: dict[str, str] = {}
            for a in legal:
                if a.kind == "link":
                    offer.setdefault(str(a.args[0]), str(len(offer) + 1))
            out.append((s.clone(), offer))
        s.apply(rng.choice(builds or legal))
    return out


def test_no_line_loops_round_the_map() -> None:
    """Every link drawn as a line (not dotted) is at most twice the way between its
    cities' labels and ten cells long, crossing others or not (the old code drew 45
    longer lines in 112 maps of medium bots' games: a loop round the map reads as no
    link)."""
    for seed in range(6):
        for s, offer in _builds(seed):
            for width, height in SIZES:
                ts_map.render(s, offer, width, height)
                draw = ts_map.drawing(s, offer, width, height)
                grid = Grid(draw.words, draw.where, width, height)
                cells: dict[int, int] = {}
                for link, _ in draw.arms.values():
                    cells[link] = cells.get(link, 0) + 1
                for link in draw.crosses.values():
                    cells[link] = cells.get(link, 0) + 1
                for link, size in cells.items():
                    if len(LINKS[link].ends) == 2:  # a junction's branches add to its line
                        assert size <= _longest(grid, LINKS[link].ends), (seed, link, size)


def test_tags_rarely_abut() -> None:
    """Tags that abut on a row read as one (``3[4]``). Where there is another place they
    go there: over these maps (16 build decisions, both sizes: 32 maps) a few abut where
    no other place was free (6 pairs); the old code let 32 pairs abut here."""
    pairs = maps = 0
    for seed in range(6):
        for s, offer in _builds(seed):
            for width, height in SIZES:
                draw = ts_map.drawing(s, offer, width, height)
                maps += 1
                pairs += sum(1 for (x, y), (link, _) in draw.tags.items()
                             if (x + 1, y) in draw.tags and draw.tags[(x + 1, y)][0] != link)
    assert maps >= 30
    assert pairs <= maps // 4, (pairs, maps)
