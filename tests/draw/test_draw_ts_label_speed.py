"""The names' places are searched only among what can touch them (issue 29, the 37th
newcomer run: a new Trans-Siberian table still read "Drawing the board..." 2 s after it
opened; the first drawing spent 0.86 s of pure Python placing the names against every
box and line of the map). The region filter must change no place: here the search over
everything, as it was, gives the same places."""

from __future__ import annotations

from cuberail.draw.trans_siberian import (
    LOCATIONS,
    _gap,
    _label_box,
    _obstacles,
    _on_lines,
    _overlap,
    _size,
    _text_width,
    label_places,
    positions,
)


def _everywhere() -> dict[str, tuple[float, float, str]]:
    """The placement before the filter: every candidate against every obstacle."""
    boxes, lines = _obstacles()
    pos = positions()
    width = _size()[0]
    placed: list[tuple[float, float, float, float]] = []
    spots = [pos[loc.id] for loc in LOCATIONS]
    out = {}
    for loc in sorted((loc for loc in LOCATIONS if loc.kind != "external"),
                      key=lambda loc: loc.id != "moscow"):
        x, y = pos[loc.id]
        moscow = loc.id == "moscow"
        r, size = (10.0, 12.5) if moscow else (6.0, 10.0)
        w = _text_width(loc.name, size, moscow)
        own = (x - r - 1, y - r - 1, x + r + 1, y + r + 1)
        candidates = []
        for far in (0.0, 5.0, 10.0, 15.0, 20.0):
            candidates += [(x, y + r + 8 + far, "middle"), (x, y - r - 7 - far, "middle"),
                           (x + r + 3 + far, y, "start"), (x - r - 3 - far, y, "end"),
                           (x + r + far, y + r + 6 + far, "start"),
                           (x - r - far, y + r + 6 + far, "end"),
                           (x + r + far, y - r - 5 - far, "start"),
                           (x - r - far, y - r - 5 - far, "end"),
                           (x + w / 3, y + r + 8 + far, "middle"),
                           (x - w / 3, y + r + 8 + far, "middle"),
                           (x + w / 3, y - r - 7 - far, "middle"),
                           (x - w / 3, y - r - 7 - far, "middle")]
        best = None
        for order, (cx, cy, anchor) in enumerate(candidates):
            box = _label_box(cx, cy, anchor, w, size)
            cover = sum(_overlap(box, b) * weight for b, weight in boxes if b != own)
            cover += sum(_overlap(box, b) for b in placed) * 8
            if box[0] < 2 or box[2] > width - 2 or box[1] < 2:
                cover += 1000.0
            mine = _gap(box, (x, y)) - r
            if any(_gap(box, other) - 6 < mine for other in spots if other != (x, y)):
                cover += 300.0
            cost = cover * 10 + _on_lines(box, lines) * 3 + order + max(mine, 0.0) * 40
            if best is None or cost < best[0]:
                best = (cost, order, (cx, cy, anchor))
        assert best is not None
        cx, cy, anchor = best[2]
        placed.append(_label_box(cx, cy, anchor, w, size))
        out[loc.id] = (round(cx, 1), round(cy, 1), anchor)
    return out


def test_the_filtered_search_places_every_name_as_the_search_over_everything() -> None:
    places = label_places()
    assert len(places) == sum(1 for loc in LOCATIONS if loc.kind != "external")
    assert places == _everywhere()
