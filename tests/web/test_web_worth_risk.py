"""The Trans-Siberian players' table says how much of a net worth nationalization would
take (issue 29, the 25th newcomer run: the net worth counted shares that the next
dividend nationalized, and the end's cash-only scores read as a bug). TS-8.1: a
nationalized company's shares leave the game; TS-9.2: they score nothing."""

from __future__ import annotations

from typing import Any

from webapi import create, play_until
from webplay import wait_loaded

NAMES = ["Ann", "Bob", "Cleo"]


def at_risk(state: dict[str, Any]) -> set[str]:
    """The public companies a phase-2 dividend would nationalize now (none in phase 1:
    a phase-1 dividend nationalizes nothing, TS-6.3)."""
    if state["phase"] < 2:
        return set()
    value = state["nationalization"]["value"]
    below = state["nationalization"].get("comparison") == "below"
    return {c["id"] for c in state["companies"] if c["status"] == "in play" and c["public"]
            and (c["share_value"] < value if below else c["share_value"] <= value)}


def test_a_net_worth_says_the_part_in_shares_at_risk(base_url: str, open_page: Any) -> None:
    made = create(base_url, "trans-siberian", NAMES)
    view = play_until(base_url, made, lambda v: any(
        p["score_at_risk"] > 0 for p in v["state"]["players"]), seed=2)
    assert not view["over"], "the game ended with no share at risk"
    state = view["state"]
    risky = at_risk(state)
    values = {c["id"]: c["share_value"] for c in state["companies"]}
    page = open_page(1366, 768).page
    page.goto(made["seats"][0]["invite_url"])
    wait_loaded(page)
    page.wait_for_selector("#players table")
    for p in state["players"]:
        part = sum(values[c] * n for c, n in p["shares"].items() if c in risky)
        assert p["score_at_risk"] == part, (p, risky)
        note = page.locator(f"#players tr[data-seat='{p['seat']}'] .at-risk")
        if part == 0:
            assert note.count() == 0, p
            continue
        assert note.inner_text() == f"⚠ ${part} at risk"
        title = note.get_attribute("title") or ""
        assert title == (f"${part} of it is in shares of companies at risk of"
                         " nationalization: nationalized, those shares count for nothing.")
    assert any(p["score_at_risk"] for p in state["players"])


def test_in_phase_1_no_worth_is_said_at_risk(base_url: str, open_page: Any) -> None:
    """The 28th newcomer run read "⚠ $28 at risk" from the first auction: in phase 1
    nothing is nationalized (TS-6.3), so no worth is at risk yet."""
    made = create(base_url, "trans-siberian", NAMES)
    view = play_until(base_url, made, lambda v: v["index"] >= 40, seed=3)
    state = view["state"]
    assert state["phase"] == 1 and not view["over"]
    assert all(p["score_at_risk"] == 0 for p in state["players"])
    page = open_page(1366, 768).page
    page.goto(made["seats"][0]["invite_url"])
    wait_loaded(page)
    page.wait_for_selector("#players table")
    assert page.locator("#players .at-risk").count() == 0


def test_a_share_that_counts_nothing_says_why_under_the_net_worth(base_url: str,
                                                                   open_page: Any) -> None:
    """The 33rd newcomer run read "Bob  $0  red 1  Net worth $0" with nothing saying why:
    a private company's share (one share owned) counts nothing. Under the net worth the
    page says it as the end banner does: "red 1: $0 (not public)"."""
    made = create(base_url, "trans-siberian", ["Ann", "Bob", "Cleo", "Dan"])
    view = play_until(base_url, made, lambda v: any(
        p["shares"] for p in v["state"]["players"]), seed=5)
    holder = next(p for p in view["state"]["players"] if p["shares"])
    company, n = next(iter(holder["shares"].items()))
    assert not next(c for c in view["state"]["companies"] if c["id"] == company)["public"]
    page = open_page(1366, 768).page
    page.goto(made["seats"][0]["invite_url"])
    wait_loaded(page)
    row = page.locator(f"table.players tr[data-seat='{holder['seat']}']")
    assert row.locator(".idle-shares").inner_text() == f"{company} {n}: $0 (not public)"
