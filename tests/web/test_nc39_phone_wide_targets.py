"""A phone's map never opens below the size its words are read at (issue 29, the 39th
newcomer run at 390x844: a Trans-Siberian phase-2 company's first link, the links on
offer from one end of the map to the other; "zoom to the targets" fitted the whole map
into 390 px and its names and values were about 5 px, "can't be read or tapped"). The
frame is centred on the targets at a readable size; the others are a scroll away, and
in the list of the board's moves."""

from __future__ import annotations

import random
from typing import Any

from webapi import create
from webplay import get_json, post_json, wait_loaded

from cuberail.bots.registry import make_bot
from cuberail.games import get_game

MEASURE = """() => {
  const frame = document.querySelector('#board').getBoundingClientRect();
  const seen = (r) => r.right > frame.left && r.left < frame.right
    && r.bottom > frame.top && r.top < frame.bottom;
  const names = [...document.querySelectorAll('#board .location text')]
    .map((e) => e.getBoundingClientRect()).filter((r) => r.height > 0);
  const targets = [...document.querySelectorAll('#board .target')]
    .map((e) => e.getBoundingClientRect());
  names.sort((a, b) => a.height - b.height);
  return {name: names[Math.floor(names.length / 2)].height, targets: targets.length,
          seen: targets.filter(seen).length};
}"""


def _wide_first_link() -> list[str]:
    """A seeded 3-player game (medium bots, some random moves) up to a phase-2 company's
    first link, offered all over the map: its moves."""
    state = get_game("trans-siberian").new_game(3)
    rng = random.Random(2)
    bots = [make_bot("medium", i) for i in range(3)]
    played: list[str] = []
    while True:
        legal = state.legal_actions()
        if state.to_json()["phase"] == 2 and len(legal) >= 15 and all(
                a.kind == "link" for a in legal):
            return played
        bot = bots[state.current_player()]
        action = bot.choose(state.clone()) if rng.random() < 0.7 else rng.choice(legal)
        played.append(action.text())
        state.apply(action)


def test_a_phone_opens_a_map_wide_choice_readable(base_url: str, open_page: Any) -> None:
    made = create(base_url, "trans-siberian", ["Ann", "Bob", "Cleo"])
    url = f"{base_url}/api/games/{made['id']}"
    tokens = {s["seat"]: s["token"] for s in made["seats"]}
    for action in _wide_first_link():
        view = get_json(url)
        post_json(f"{url}/actions", {"action": action, "index": view["index"]},
                  tokens[view["current_player"]])
    view = get_json(url)
    assert len(view["legal"]) >= 15 and view["state"]["phase"] == 2
    page = open_page(390, 844, touch=True).page
    page.goto(made["seats"][view["current_player"]]["invite_url"])
    wait_loaded(page)
    page.wait_for_timeout(300)
    at = page.evaluate(MEASURE)
    assert at["name"] >= 9, at  # a city's name as tall as the phone's least label size
    assert at["seen"] >= 1, at  # centred on the targets: some of them in the frame
    # the others a scroll away, and all of them in the list under the decision
    listed = page.locator("#move-list details.board-moves summary").inner_text()
    assert listed.startswith("All ") and "board moves as a list" in listed, listed
