"""The Chicago Express drawing: structure checked against the snapshot (not pixels)."""

from __future__ import annotations

import math
import xml.etree.ElementTree as ET
from typing import Any

import pytest
from drawstates import position_where, random_positions, state_where

from cuberail.draw import board_svg, svg_for
from cuberail.draw.chicago_express import COMPANY_FILL, TERRAIN_FILL, centre
from cuberail.draw.chicago_express.track import OVER, SPACING
from cuberail.draw.common import INK, MUTED, ink_on
from cuberail.draw.svg import contrast_ratio
from cuberail.games.chicago_express.board import HEX_INDEX, HEXES

NS = "{http://www.w3.org/2000/svg}"


def parse(svg: str) -> ET.Element:
    return ET.fromstring(svg)


def groups(root: ET.Element, css: str) -> list[ET.Element]:
    return [g for g in root.iter(f"{NS}g") if css in (g.get("class") or "").split()]


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_every_position_draws_every_hex_and_every_locomotive(seed: int) -> None:
    """CE-1: 160 hexes; a company's locomotives are the hexes of its network (CE-5.2)."""
    for state in random_positions("chicago-express", 2 + seed, seed):
        snap = state.to_json()
        root = parse(svg_for("chicago-express", snap, snap["legal_actions"]))
        hexes = {g.get("data-hex"): g for g in groups(root, "hex")}
        assert sorted(hexes) == sorted(h.id for h in HEXES)
        want: dict[str, list[str]] = {}
        for co in snap["companies"]:
            for h in co["hexes"]:
                want.setdefault(h, []).append(co["id"])
        for hid, g in hexes.items():
            got = [loco.get("data-company") for loco in groups(g, "loco")]
            assert got == want.get(hid, []), hid


def test_legal_place_targets_carry_their_action() -> None:
    """CE-5.2: each hex a locomotive may be placed on is a clickable target."""
    snap = position_where("chicago-express", 4, 7, "place")
    root = parse(board_svg("chicago-express", snap))
    marked = {g.get("data-action") for g in groups(root, "target")}
    places = {a for a in snap["legal_actions"] if a.startswith("place ")}
    assert places and places <= marked
    for g in groups(root, "target"):
        assert g.get("tabindex") == "0"
        assert g.get("id") == f"hex-{g.get('data-action', '').split()[1]}"


def test_choose_targets_are_the_gauges() -> None:
    """CE-3.1: choosing an action is a click on its gauge."""
    snap = position_where("chicago-express", 3, 4, "choose")
    root = parse(board_svg("chicago-express", snap))
    chooses = {a for a in snap["legal_actions"] if a.startswith("choose ")}
    gauges = {g.get("data-action") for g in groups(root, "gauge") if g.get("data-action")}
    assert chooses and gauges == chooses


def test_develop_targets_and_tooltips_name_cost_and_income() -> None:
    """CE-6: develop targets are marked; a target's tooltip carries the move's words."""
    state = state_where("chicago-express", 3, 11, "develop")
    develops = [a.text() for a in state.legal_actions() if a.kind == "develop"]
    root = parse(svg_for("chicago-express", state, develops))
    for action in develops:
        g = root.find(f".//{NS}g[@data-action='{action}']")
        assert g is not None
        tip = (g.findtext(f"{NS}title") or "").split("\n")
        assert "build cost" in tip[0] and tip[1].startswith(f"{action} (")


def test_hex_tooltip_gives_cost_with_locomotives_and_new_income() -> None:
    """CE-5.4: cost x locomotives after placing; CE-5.5: the income a placement adds."""
    snap = position_where("chicago-express", 4, 7, "place")
    root = parse(board_svg("chicago-express", snap))
    cleveland = root.find(f".//{NS}g[@data-hex='I2']")
    assert cleveland is not None
    here = sum("I2" in co["hexes"] for co in snap["companies"])
    tip = cleveland.findtext(f"{NS}title") or ""
    assert f"(${1 * (here + 1)} now)" in tip and "income +2" in tip


def test_gauges_tracks_and_houses_match_the_snapshot() -> None:
    """CE-1.6 gauges, CE-1.3 industrial tracks, CE-1.2 houses left."""
    for state in random_positions("chicago-express", 4, 9, every=25):
        snap = state.to_json()
        root = parse(svg_for("chicago-express", snap))
        for g in groups(root, "gauge"):
            name = (g.get("id") or "").removeprefix("gauge-")
            assert int(g.get("data-used", -1)) == snap["gauges"][name]["used"]
        tracks = {g.get("id"): int(g.get("data-value", -1))
                  for g in groups(root, "industrial-track")}
        assert tracks == {f"track-{k.lower()}": v for k, v in snap["industrial_track"].items()}
        houses = groups(root, "houses")[0]
        assert int(houses.get("data-value", -1)) == snap["houses"]
        built = {g.get("data-hex") for g in groups(root, "hex")
                 if groups(g, "developed")}
        assert built == set(snap["developed"])


def test_same_snapshot_same_drawing() -> None:
    snap = position_where("chicago-express", 4, 7, "place")
    assert board_svg("chicago-express", snap) == board_svg("chicago-express", snap)


def test_text_colours_pass_wcag_aa() -> None:
    """Ink on every terrain and a letter on every company colour reach 4.5:1."""
    for fill in TERRAIN_FILL.values():
        assert contrast_ratio(INK, fill) >= 4.5
        assert contrast_ratio(MUTED, fill) >= 4.5 or fill == TERRAIN_FILL["industrial"]
    for fill in COMPANY_FILL.values():
        assert contrast_ratio(ink_on(fill), fill) >= 4.5


# Track lines: each company's network drawn as a spanning tree, one half edge per hex.

def rails(g: ET.Element, company: str) -> list[ET.Element]:
    """The coloured halves of ``company``'s track lines in the group ``g``."""
    return [line for t in groups(g, "track") if t.get("data-company") == company
            for line in t.iter(f"{NS}polyline") if line.get("class") == "rail"]


def side_end(rail: ET.Element) -> tuple[float, float]:
    """Where a half ends: at the side its hex shares with the neighbour (``data-to``)."""
    x, y = (rail.get("points") or "").split()[-1].split(",")
    return float(x), float(y)


def by_hex(root: ET.Element) -> dict[str | None, ET.Element]:
    return {g.get("data-hex"): g for g in groups(root, "hex")}


def meet(a: str, b: str, a_end: tuple[float, float], b_end: tuple[float, float]) -> bool:
    """Do the halves of edge a-b end at the side a and b share, overlapping by 2 * OVER?"""
    (ax, ay), (bx, by) = centre(HEXES[HEX_INDEX[a]]), centre(HEXES[HEX_INDEX[b]])
    ux, uy = (bx - ax) / math.dist((ax, ay), (bx, by)), (by - ay) / math.dist((ax, ay), (bx, by))
    mx, my = (a_end[0] + b_end[0]) / 2, (a_end[1] + b_end[1]) / 2
    along = (mx - (ax + bx) / 2) * ux + (my - (ay + by) / 2) * uy  # 0: on the side
    gap = (b_end[0] - a_end[0]) * ux + (b_end[1] - a_end[1]) * uy  # -2 * OVER: overlapping
    across = abs((b_end[0] - a_end[0]) * uy - (b_end[1] - a_end[1]) * ux)  # 0: one line
    return abs(along) < 0.15 and abs(gap + 2 * OVER) < 0.15 and across < 0.15


def grown() -> list[dict[str, Any]]:
    """Snapshots of a seeded game once some company's network has 3 hexes or more."""
    snaps = [state.to_json() for state in random_positions("chicago-express", 4, 7, every=25)]
    return [s for s in snaps if max(len(co["hexes"]) for co in s["companies"]) >= 3]


def test_every_network_hex_draws_its_half_edges_in_its_own_group() -> None:
    """CE-5.2: every locomotive is placed next to one of its company's, so a network is
    connected: its hexes - 1 edges, each drawn as two halves (one in each hex), a half in
    hex A towards B matched by one in B towards A, meeting at the side they share."""
    snaps = grown()
    assert len(snaps) >= 3
    for snap in snaps:
        hexes = by_hex(parse(board_svg("chicago-express", snap)))
        for co in snap["companies"]:
            cid, network = co["id"], co["hexes"]
            halves = {(h, r.get("data-to")): side_end(r) for h in network
                      for r in rails(hexes[h], cid)}
            assert len(halves) == 2 * max(len(network) - 1, 0), cid
            for h in network:
                assert len(network) == 1 or rails(hexes[h], cid), (cid, h)
            for (a, b), end in halves.items():
                assert b in network and meet(a, b, end, halves[(b, a)]), (cid, a, b)
        tracked = {h for co in snap["companies"] for h in co["hexes"]
                   if len(co["hexes"]) > 1}
        assert {h for h, g in hexes.items() if groups(g, "track")} == tracked


def test_track_is_drawn_under_the_locomotives_and_lets_clicks_through() -> None:
    """CE-5.2: the lines sit under the squares (which tests and players read) in the
    company's colour, and the hex stays the click target of its place move."""
    snap = grown()[0]
    root = parse(svg_for("chicago-express", snap, snap["legal_actions"]))
    drawn = 0
    for g in groups(root, "hex"):
        children = list(g)
        tracks = [i for i, c in enumerate(children) if c.get("class") == "track"]
        locos = [i for i, c in enumerate(children) if c.get("class") == "locos"]
        for i in tracks:
            t = children[i]
            assert locos and i < locos[0]
            assert t.get("pointer-events") == "none"
            colour = COMPANY_FILL[t.get("data-company") or ""]
            assert {r.get("stroke") for r in rails(g, t.get("data-company") or "")} == {colour}
            drawn += 1
    assert drawn >= 3


def _hand_made(networks: dict[str, list[str]]) -> ET.Element:
    snap = position_where("chicago-express", 4, 7, "place")
    for co in snap["companies"]:
        co["hexes"] = networks.get(co["id"], [])
    return parse(board_svg("chicago-express", snap))


def test_companies_on_one_edge_run_parallel_apart_and_meet_at_the_side() -> None:
    """CE-5.3: a plain hex holds any number of companies, so PRR (from R5) and B&O (from
    Q7) may both run Q6-P5: their lines on that edge lie apart (SPACING, in company
    order, west first), and each company's two halves still meet at the side."""
    root = _hand_made({"PRR": ["R5", "Q6", "P5"], "B&O": ["Q7", "Q6", "P5"]})
    hexes = by_hex(root)
    ends = {}
    for cid in ("PRR", "B&O"):
        for a, b in (("Q6", "P5"), ("P5", "Q6")):
            [rail] = [r for r in rails(hexes[a], cid) if r.get("data-to") == b]
            ends[cid, a] = side_end(rail)
        assert meet("Q6", "P5", ends[cid, "Q6"], ends[cid, "P5"]), cid
    (px, py), (bx, by) = ends["PRR", "Q6"], ends["B&O", "Q6"]
    assert math.isclose(math.hypot(px - bx, py - by), SPACING, abs_tol=0.15)
    assert px < bx  # PRR's line on the west, as its square is left of B&O's
    [lone] = rails(hexes["R5"], "PRR")  # R5-Q6: PRR alone, on the line of centres
    (ax, ay), (bx, by), (ex, ey) = centre(HEXES[HEX_INDEX["R5"]]), \
        centre(HEXES[HEX_INDEX["Q6"]]), side_end(lone)
    assert abs((bx - ax) * (ey - ay) - (by - ay) * (ex - ax)) / math.dist((ax, ay), (bx, by)) < 0.15


def test_a_hex_the_start_does_not_reach_joins_its_first_network_neighbour() -> None:
    """Hand-made snapshots only (CE-5.2 keeps a network connected): a stray pair joins
    each other; a stray hex with no network neighbour draws no line; the start's part is
    a breadth-first tree (3 hexes, 2 edges)."""
    root = _hand_made({"NYC": ["S3", "S4", "R3", "C5", "C6", "A4"]})
    hexes = by_hex(root)
    count = {h: len(rails(hexes[h], "NYC")) for h in ("S3", "S4", "R3", "C5", "C6", "A4")}
    assert count == {"S3": 2, "S4": 1, "R3": 1, "C5": 1, "C6": 1, "A4": 0}
    assert [r.get("data-to") for r in rails(hexes["C5"], "NYC")] == ["C6"]
