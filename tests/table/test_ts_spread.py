"""The Trans-Siberian map's labels, moved along their rows so that links show their lines
(:mod:`cuberail.terminal.trans_siberian.spread`). The 35th, 36th, 39th and 41st newcomer
runs read tags floating between names in the crowded east ("tags float away from their
links"): two linked cities on neighbouring rows, one above the other, hid the whole line
under their names. `python benchmarks/ts_map_lines.py` measures it over the positions of
24 games of medium bots."""

from __future__ import annotations

from itertools import pairwise

import pytest

from cuberail.games.trans_siberian.board import LOCATIONS, MOSCOW
from cuberail.terminal.trans_siberian import board as ts_map
from cuberail.terminal.trans_siberian import places, spread

SIZES = [(ts_map.WIDTH, ts_map.HEIGHT), (ts_map.WIDTH, 22),
         (ts_map.SMALL_WIDTH, ts_map.SMALL_HEIGHT)]


@pytest.mark.parametrize("size", SIZES)
def test_labels_keep_their_rows_order_and_room_and_show_more_lines(
        size: tuple[int, int]) -> None:
    width, height = size
    words = ts_map._words(width)
    label = dict(words)
    start = places.fixed(words, width, height, MOSCOW)
    moved = spread.spread(words, width, height, MOSCOW)
    assert moved.keys() == start.keys()
    for loc, (x, y) in moved.items():  # its row, near its place, on the map
        assert y == start[loc][1] and abs(x - start[loc][0]) <= spread.REACH
        assert x >= 0 and x + len(label[loc]) <= width
    rows: dict[int, list[int]] = {}
    for loc in moved:
        rows.setdefault(moved[loc][1], []).append(loc)
    for row in rows.values():  # the same order along each row, room between names
        row.sort(key=lambda loc: moved[loc][0])
        assert row == sorted(row, key=lambda loc: start[loc][0])
        for a, b in pairwise(row):
            assert moved[a][0] + len(label[a]) + spread.ROOM <= moved[b][0], (
                LOCATIONS[a].name, LOCATIONS[b].name)
    xy = places.board_xy()
    for a in moved:  # cities far apart west to east stay so (when they started so)
        for b in moved:
            far = xy[LOCATIONS[a].id][0] + spread.APART <= xy[LOCATIONS[b].id][0]
            if far and start[a][0] < start[b][0]:
                assert moved[a][0] < moved[b][0], (LOCATIONS[a].name, LOCATIONS[b].name)
    before = spread._Layout(words, width, height, start)
    after = spread._Layout(words, width, height, moved)
    costly = (sum(1 for c in before.cost.values() if c), sum(1 for c in after.cost.values() if c))
    # links whose line lacks cells or runs under another name: 38 -> 13 (29 rows),
    # 44 -> 25 (22), 57 -> 30 (78x19) when measured
    assert costly[1] <= 0.7 * costly[0], costly
    assert sum(after.cost.values()) <= 0.5 * sum(before.cost.values())


def test_the_same_labels_and_size_give_the_same_places() -> None:
    words = ts_map._words(ts_map.WIDTH)
    first = spread.spread(words, ts_map.WIDTH, 22, MOSCOW)
    spread.spread.cache_clear()
    assert spread.spread(words, ts_map.WIDTH, 22, MOSCOW) == first
