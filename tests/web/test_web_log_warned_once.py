"""The browser log says a Trans-Siberian auction's nationalization warning once (issue 29,
the 26th newcomer run: every bid of a phase-2 auction repeated "(share value at most
$20 — at or below the nationalization value $36: nationalized at the next phase-2
dividend)", three lines a bid at 1366x768). TS-8.1; TS-7.1: phase-2 auctions."""

from __future__ import annotations

from typing import Any

from webapi import create, play_until
from webplay import get_json, post_json, wait_loaded

NAMES = ["Ann", "Bob", "Cleo"]


def test_a_phase_2_auction_warns_once_then_marks_its_bids(base_url: str,
                                                          open_page: Any) -> None:
    made = create(base_url, "trans-siberian", NAMES)
    url = f"{base_url}/api/games/{made['id']}"
    view = play_until(base_url, made, lambda v: v["state"]["phase"] == 2
                      and v["state"]["step"] == "auction"
                      and v["state"]["auction"]["high_bid"] is None, seed=2, limit=4000)
    assert not view["over"], "the game ended before a phase-2 auction"
    company = view["state"]["auction"]["company"]
    bids = 0
    for _ in range(4):  # the lowest bid, seat after seat: each a bid the warning is on
        view = get_json(url)
        offers = sorted((a for a in view["legal"] if a.startswith("bid ")),
                        key=lambda a: int(a.split()[1]))
        if not offers or view["state"].get("auction", {}).get("company") != company:
            break
        post_json(f"{url}/actions", {"action": offers[0], "index": view["index"]},
                  made["seats"][view["current_player"]]["token"])
        bids += 1
    entries = get_json(f"{url}/actions?since=0")["entries"]
    warned = [e for e in entries if (e.get("words") or {}).get("key") == "ts.move_bid_warned"
              and e["seq"] > entries[-1 - bids]["seq"]]
    assert len(warned) >= 2, [e.get("words") for e in entries[-bids:]]
    page = open_page(1366, 768).page
    page.goto(made["seats"][0]["invite_url"])
    wait_loaded(page)
    page.wait_for_selector("#log li.move")
    lines = page.locator("#log li.move").all()
    by_seq = {}
    for line in lines:
        seq = line.get_attribute("data-seq")
        by_seq[int(seq or -1)] = line
    first, *later = [by_seq[e["seq"]] for e in warned]
    assert "nationalization value" in first.inner_text()
    for line in later:
        text = line.inner_text()
        assert "nationalization value" not in text, text
        mark = line.locator(".warned")
        assert mark.inner_text() == "⚠"
        assert "nationalization value" in (mark.get_attribute("title") or "")
