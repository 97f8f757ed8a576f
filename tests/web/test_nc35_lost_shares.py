"""The end banner names the shares lost to a nationalization, in Chromium (the 35th
newcomer run: a bot held green 2 during a Trans-Siberian game; at the end its row read
"$69 cash + blue 1 × $62 + yellow 1 × $58 = $189" and green was gone without a word,
the engine having taken nationalized shares from the holdings, TS-8.1)."""

from __future__ import annotations

from typing import Any

from tests.server.play import finished_record
from webplay import post_json, wait_loaded

from cuberail.core.record import start_state
from cuberail.games import get_game
from cuberail.games.trans_siberian.moves import event_parts

SEED = 14  # a random game (tests/server/play.py) with five companies nationalized, held


def _lost(record: Any) -> dict[int, dict[str, int]]:
    """Replayed in the engine: each seat's shares of each company nationalized, as held
    just before the move that nationalized it."""
    state = start_state(record, get_game)
    out: dict[int, dict[str, int]] = {}
    for action in record.actions:
        before = state.clone()
        state.apply(action)
        for ev in event_parts(before, state):
            if ev.key != "ts.ev_nationalized":
                continue
            company = ev.values["company"].key.removeprefix("company.")
            for p in before.to_json()["players"]:
                if p["shares"].get(company):
                    out.setdefault(p["seat"], {})[company] = p["shares"][company]
    return out


def test_the_end_banner_names_the_shares_lost_to_a_nationalization(
        base_url: str, open_page: Any) -> None:
    record = finished_record(SEED)
    lost = _lost(record)
    assert sum(len(x) for x in lost.values()) >= 4, lost  # the game shows what it must
    made = post_json(f"{base_url}/api/games/import", {"record": record.to_json()})
    page = open_page(width=1366, height=768).page
    page.goto(made["seats"][0]["invite_url"])
    wait_loaded(page)
    state = start_state(record, get_game)
    for action in record.actions:
        state.apply(action)
    for player in state.to_json()["players"]:
        seat = player["seat"]
        cell = page.locator(f"#end-banner tr[data-seat='{seat}'] td.parts")
        for company, n in lost.get(seat, {}).items():
            part = f"{company} {n}: $0 (nationalized)"
            page.wait_for_function(
                "([sel, part]) => document.querySelector(sel)?.textContent.includes(part)",
                arg=[f"#end-banner tr[data-seat='{seat}'] td.parts", part])
        text = cell.inner_text()
        assert text.startswith(f"${player['cash']} cash"), text
        assert f"= ${player['score']}" in text, text  # the sum unchanged
    assert "null" not in page.locator("#end-banner").inner_text()  # no hint was asked
