"""Games set up through the API for the browser tests: created, then played by random
legal moves (cheap bids, frequent passes, so games end soon) until a condition holds."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from webplay import get_json, post_json


def create(base: str, title: str, names: list[str],
           options: dict[str, Any] | None = None) -> dict[str, Any]:
    made: dict[str, Any] = post_json(f"{base}/api/games", {
        "title": title, "players": len(names), "seats": [{"name": n} for n in names],
        "options": options or {}})
    return made


def play_until(base: str, made: dict[str, Any], done: Callable[[dict[str, Any]], bool],
               seed: int = 1, limit: int = 2000) -> dict[str, Any]:
    """Play random legal moves until ``done(view)`` (or the game ends); the last view."""
    rng = random.Random(seed)
    tokens = {s["seat"]: s["token"] for s in made["seats"]}
    url = f"{base}/api/games/{made['id']}"
    for _ in range(limit):
        view: dict[str, Any] = get_json(url)
        if done(view) or view["over"]:
            return view
        legal = view["legal"]
        bids = [a for a in legal if a.startswith("bid ")]
        if "pass" in legal and rng.random() < 0.5:
            action = "pass"
        elif bids and rng.random() < 0.7:
            action = min(bids, key=lambda a: int(a.split()[1]))
        else:
            action = rng.choice(legal)
        post_json(f"{url}/actions", {"action": action, "index": view["index"]},
                  tokens[view["current_player"]])
    raise AssertionError(f"no such position within {limit} moves")


def finished(view: dict[str, Any]) -> bool:
    return bool(view["over"])
