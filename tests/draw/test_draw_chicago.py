"""The Chicago Express drawing: structure checked against the snapshot (not pixels)."""

from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest
from drawstates import position_where, random_positions, state_where

from cuberail.draw import board_svg, svg_for
from cuberail.draw.chicago_express import COMPANY_FILL, TERRAIN_FILL
from cuberail.draw.common import INK, MUTED, ink_on
from cuberail.draw.svg import contrast_ratio
from cuberail.games.chicago_express.board import HEXES

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
