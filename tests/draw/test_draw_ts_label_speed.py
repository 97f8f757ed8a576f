"""The names' places are searched only among what can touch them (issue 29, the 37th
newcomer run: a new Trans-Siberian table still read "Drawing the board..." 2 s after it
opened; the first drawing spent 0.86 s of pure Python placing the names against every
box and line of the map). The filter must change no place: scored against everything,
as before it, every name lands in the same place."""

from __future__ import annotations

from cuberail.draw.trans_siberian import LOCATIONS, Box, Near, label_places, nearby, place_names


def everything(region: Box, reach: float, every: Near) -> Near:
    return every


def test_the_filtered_search_places_every_name_as_the_search_over_everything() -> None:
    places = label_places()
    assert len(places) == sum(1 for loc in LOCATIONS if loc.kind != "external")
    assert places == place_names(everything)


def test_the_filter_keeps_only_what_meets_the_region() -> None:
    every = Near(boxes=[((0, 0, 10, 10), 4.0), ((50, 50, 60, 60), 1.0)],
                 placed=[(8, 8, 20, 20), (100, 100, 110, 110)],
                 lines=[((0.0, 0.0), (30.0, 30.0)), ((70.0, 0.0), (90.0, 5.0))],
                 rivals=[(12.0, 12.0), (40.0, 12.0), (200.0, 200.0)])
    near = nearby((5, 5, 25, 25), 16.0, every)
    assert near.boxes == [((0, 0, 10, 10), 4.0)]
    assert near.placed == [(8, 8, 20, 20)]
    assert near.lines == [((0.0, 0.0), (30.0, 30.0))]
    assert near.rivals == [(12.0, 12.0), (40.0, 12.0)]  # 15 from the region: within 16
