"""The Trans-Siberian drawing: structure checked against the snapshot (not pixels)."""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET
from importlib import resources

import pytest
from drawstates import position_where, random_positions

from cuberail.core.errors import CuberailError
from cuberail.draw import board_svg, svg_for
from cuberail.draw.common import ink_on
from cuberail.draw.svg import contrast_ratio
from cuberail.draw.trans_siberian import COLOURS
from cuberail.games.trans_siberian.board import LINKS, LOCATIONS, SHARE_TRACK

NS = "{http://www.w3.org/2000/svg}"


def groups(root: ET.Element, css: str) -> list[ET.Element]:
    return [g for g in root.iter(f"{NS}g") if css in (g.get("class") or "").split()]


def test_positions_cover_every_location_of_the_board() -> None:
    """The packaged board positions name exactly the board's locations."""
    kit = resources.files("cuberail.draw.trans_siberian")
    raw = kit.joinpath("data/ts_positions.json").read_text()
    data = json.loads(raw)
    assert "chukinas" in data["provenance"]
    assert sorted(data["positions"]) == sorted(loc.id for loc in LOCATIONS)


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_every_position_draws_every_link_with_its_owner(seed: int) -> None:
    """TS-4: every printed link is drawn, in its owner's colour and letter when owned."""
    for state in random_positions("trans-siberian", 3 + seed % 3, seed):
        snap = state.to_json()
        root = ET.fromstring(svg_for("trans-siberian", snap, snap["legal_actions"]))
        links = {g.get("data-link"): g for g in groups(root, "link")}
        assert sorted(links) == sorted(k.id for k in LINKS)
        for lid, g in links.items():
            assert g.get("data-owner") == snap["links"].get(lid)
            lines = [e for e in g.iter(f"{NS}line") if e.get("class") == "line"]
            owner = snap["links"].get(lid)
            assert lines and all(e.get("stroke") == COLOURS.get(owner or "", "#8c8c8c")
                                 for e in lines)
        locs = {g.get("data-location") for g in groups(root, "location")}
        assert locs == {loc.id for loc in LOCATIONS}


def test_junction_links_meet_at_one_point() -> None:
    """TS-4.5: a link with more than two ends is drawn to a junction point."""
    root = ET.fromstring(svg_for("trans-siberian", position_where("trans-siberian", 3, 1, "bid")))
    for link in LINKS:
        g = root.find(f".//{NS}g[@data-link='{link.id}']")
        assert g is not None
        dots = [c for c in g.iter(f"{NS}circle") if c.get("class") == "junction"]
        assert len(dots) == (1 if link.is_junction else 0), link.id
        if link.is_junction:
            lines = [e for e in g.iter(f"{NS}line") if e.get("class") == "line"]
            assert len(lines) == len(link.ends)
            assert {(e.get("x2"), e.get("y2")) for e in lines} == {
                (dots[0].get("cx"), dots[0].get("cy"))}


def test_link_targets_carry_every_variant() -> None:
    """TS-4.1, TS-4.2: a link reached by different jumps offers each as a move."""
    for seed in range(1, 12):
        snap = position_where("trans-siberian", 4, seed, "link")
        root = ET.fromstring(board_svg("trans-siberian", snap))
        offered: set[str] = set()
        for g in groups(root, "target"):
            offered.add(g.get("data-action") or "")
            offered.update((g.get("data-actions") or "").split("|"))
        links = {a for a in snap["legal_actions"] if a.startswith("link ")}
        assert links and links <= offered


def test_share_value_choices_are_cells_of_the_track() -> None:
    """TS-2.2: the auction winner picks a share value on the track."""
    snap = position_where("trans-siberian", 3, 2, "value")
    root = ET.fromstring(board_svg("trans-siberian", snap))
    values = {a for a in snap["legal_actions"] if a.startswith("value ")}
    cells = {g.get("data-action") for g in groups(root, "share-cell") if g.get("data-action")}
    assert values and cells == values


def test_share_track_markers_and_nationalization_match_the_snapshot() -> None:
    """TS-1.3 share values, TS-1.7 the nationalization marker, TS-1.5/1.6 tracks."""
    for state in random_positions("trans-siberian", 4, 5, every=20):
        snap = state.to_json()
        root = ET.fromstring(svg_for("trans-siberian", snap))
        cells = groups(root, "share-cell")
        assert [int(c.get("data-value", 0)) for c in cells] == list(SHARE_TRACK)
        got = {m.get("data-company"): int(c.get("data-value", 0))
               for c in cells for m in groups(c, "marker")}
        want = {co["id"]: co["share_value"] for co in snap["companies"] if co["share_value"]}
        assert got == want
        nat = groups(root, "nationalization")
        assert [int(n.get("data-value", 0)) for n in nat] == [snap["nationalization_value"]]
        divs = groups(root, "dividends-track")[0]
        assert int(divs.get("data-used", -1)) == snap["dividends"]["paid"]


def test_wrong_title_or_snapshot_is_refused_with_a_reason() -> None:
    snap = position_where("trans-siberian", 3, 1, "bid")
    with pytest.raises(CuberailError, match="not a chicago-express state"):
        svg_for("chicago-express", snap)
    with pytest.raises(CuberailError, match="unknown game"):
        svg_for("monopoly", snap)


def test_company_markers_pass_wcag_aa() -> None:
    for fill in COLOURS.values():
        assert contrast_ratio(ink_on(fill), fill) >= 4.5
