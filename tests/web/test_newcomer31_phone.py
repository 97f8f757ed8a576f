"""The 31st newcomer run on a phone (390x844), in Chromium: the Trans-Siberian map opened
with its names and link values "about 5 px ... can't be read", and a "Game status" box
held nothing while the others moved. A phone's map now opens with its smallest label 9 px
on screen (the moves of a decision still zoom to fit them), on the last move's places
while others move; a move card with nothing in it is not shown (desktop too)."""

from __future__ import annotations

from typing import Any

import pytest
from webapi import create, play_until
from webplay import wait_loaded

NAMES = ["Ann", "Bob", "Cleo", "Dan"]
# cities east of the Urals and the far north-east: a link to one is out of a phone's
# opening on Moscow (at the readable zoom the frame shows about a third of the map's width)
FAR = ("tyumen", "omsk", "novosibirsk", "barnaul", "surgut", "vorkuta", "salekhard")
SMALLEST = """() => {
  const svg = document.querySelector('#board svg');
  const shown = svg.getBoundingClientRect().width / svg.viewBox.baseVal.width;
  const sizes = [...svg.querySelectorAll('text.place-name, text.value')]
    .map((el) => parseFloat(el.getAttribute('font-size'))).filter((n) => n > 0);
  return Math.min(...sizes) * shown;
}"""


def _waiting(base_url: str, open_page: Any, title: str, width: int, height: int,
             moves: int = 40) -> tuple[Any, dict[str, Any]]:
    """Bob's page at ``width`` x ``height`` after ``moves`` random moves, Bob not on turn."""
    made = create(base_url, title, NAMES)
    view = play_until(base_url, made, lambda v: v["index"] >= moves
                      and v["current_player"] != 1, seed=5)
    page = open_page(width=width, height=height, touch=width < 500).page
    page.goto(made["seats"][1]["invite_url"])
    wait_loaded(page)
    page.wait_for_function("() => document.querySelector('#board svg')")
    page.wait_for_timeout(300)
    return page, view


@pytest.mark.parametrize("title", ["trans-siberian", "chicago-express"])
def test_a_phone_map_opens_with_labels_that_can_be_read(base_url: str, open_page: Any,
                                                        title: str) -> None:
    page, _ = _waiting(base_url, open_page, title, 390, 844)
    assert page.evaluate(SMALLEST) >= 8.5, page.evaluate(SMALLEST)  # (was 5.4 px)


def test_a_phone_waiting_opens_on_the_last_move(base_url: str, open_page: Any) -> None:
    """The 31st run's phone opened on Moscow while the others built in the east: the first
    view while others move shows the last move's places."""
    made = create(base_url, "trans-siberian", NAMES)
    view = play_until(base_url, made, lambda v: (v["last"] or {}).get(
        "action", "").startswith("link ") and any(
        w in v["last"]["action"] for w in FAR), seed=6)
    assert not view["over"], view["last"]
    seat = (view["current_player"] + 1) % 4  # one who waits
    page = open_page(width=390, height=844, touch=True).page
    page.goto(made["seats"][seat]["invite_url"])
    wait_loaded(page)
    page.wait_for_function("() => document.querySelector('#board svg')")
    page.wait_for_timeout(300)
    link = view["last"]["action"].split()[1]
    inside = page.evaluate("""(link) => {
      const f = document.querySelector('#board').getBoundingClientRect();
      const r = document.querySelector(`#board [data-link="${link}"]`).getBoundingClientRect();
      return r.left >= f.left - 1 && r.right <= f.right + 1 && r.top >= f.top - 1
        && r.bottom <= f.bottom + 1;
    }""", link)
    assert inside, (link, view["last"])


@pytest.mark.parametrize(("width", "height"), [(390, 844), (1366, 768)])
def test_an_empty_move_card_is_not_shown_while_others_move(base_url: str, open_page: Any,
                                                           width: int, height: int) -> None:
    page, _ = _waiting(base_url, open_page, "trans-siberian", width, height)
    assert page.locator("#actions").is_hidden()
    assert page.locator("#turn").inner_text().startswith("Waiting for")
