"""The fourteenth newcomer run (2026-12-06) on the Trans-Siberian map (F4): links on
offer drawn as long loops round the map (``┌────[6]───┐``: the map now draws each link
straight from city to city, test_ts_schematic.py), and tags that abut (``3[4]``: a value
and a number, or two numbers, read as one; ``SamaraY3``). A tag goes where no other tag
or name abuts it on its row: on its line, else beside it, else near its middle."""

from __future__ import annotations

import random

from tablekit import played

from cuberail.games.trans_siberian.state import BUILD_FIRST, TransSiberianState
from cuberail.terminal.trans_siberian import board as ts_map

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


def test_tags_rarely_abut() -> None:
    """Tags that abut on a row read as one (``3[4]``), a tag by a name as part of it.
    Where there is another place they go there: over these maps (16 build decisions,
    both sizes: 32 maps) none abuts now (the routed schematic let 6 pairs of tags abut,
    the code before it 32)."""
    pairs = maps = 0
    for seed in range(6):
        for s, offer in _builds(seed):
            for width, height in SIZES:
                draw = ts_map.drawing(s, offer, width, height)
                maps += 1
                pairs += sum(1 for (x, y), (link, _) in draw.tags.items()
                             if (x + 1, y) in draw.tags and draw.tags[(x + 1, y)][0] != link)
                pairs += sum(1 for (x, y) in draw.tags for d in (-1, 1)
                             if (x + d, y) in draw.labels or (x + d, y) in draw.dim)
    assert maps >= 30
    assert pairs == 0, (pairs, maps)
