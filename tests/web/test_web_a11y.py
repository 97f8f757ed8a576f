"""Accessibility checked by axe-core in Chromium (issue 29): no serious or critical
violation on the lobby, a rules page, a game in progress of each title (the seat on turn,
its moves shown on the board and in the panel), a move's chooser open, and a finished
game's end screen, each at desktop (1366x768) and phone (390x844) sizes.

axe-core is the npm package's ``axe.min.js``, vendored in ``vendor/axe-core`` with its
licence (MPL-2.0), and loaded into the page from that file. The server's
Content-Security-Policy allows only its own scripts, so these pages are opened in a
context that bypasses the policy (for the injected axe only; the client is unchanged).
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import pytest
from webapi import create, finished, play_until
from webplay import wait_loaded

from conftest import AXE

SIZES = {"desktop": (1366, 768), "phone": (390, 844)}
NAMES = ["Ann", "Bob", "Cleo"]
FAILING = ("serious", "critical")

# Every rule axe has runs (WCAG 2.0-2.2 A and AA and its best practices), none disabled.
RUN = """async () => {
  const result = await axe.run(document, { resultTypes: ["violations"] });
  return { version: axe.version, violations: result.violations.map(v => ({
    id: v.id, impact: v.impact, help: v.help, url: v.helpUrl,
    nodes: v.nodes.map(n => ({ target: n.target, impact: n.impact,
                               summary: n.failureSummary })) })) };
}"""


def axe_violations(page: Any) -> list[dict[str, Any]]:
    """axe-core's violations on the page as it is now (every rule, every impact)."""
    page.add_script_tag(path=str(AXE))
    found: dict[str, Any] = page.evaluate(RUN)
    assert found["version"].startswith("4."), found["version"]
    violations: list[dict[str, Any]] = found["violations"]
    return violations


def report(violations: list[dict[str, Any]]) -> str:
    lines = []
    for v in violations:
        lines.append(f"{v['id']} ({v['impact']}): {v['help']} <{v['url']}>")
        for node in v["nodes"][:8]:
            lines.append(f"    {json.dumps(node['target'])} [{node['impact']}]"
                         f" {(node['summary'] or '').splitlines()[-1:]}")
        if len(v["nodes"]) > 8:
            lines.append(f"    ... and {len(v['nodes']) - 8} more")
    return "\n".join(lines)


@pytest.fixture(scope="module")
def games(base_url: str) -> dict[str, str]:
    """The URL of each page checked (the games set up once, through the API)."""
    urls = {"lobby": f"{base_url}/", "rules": f"{base_url}/rules/chicago-express"}
    ce = create(base_url, "chicago-express", NAMES)
    view = play_until(base_url, ce, lambda v: v["state"].get("step") == "build", seed=3)
    assert not view["over"] and any(a.startswith("place ") for a in view["legal"])
    urls["chicago-express"] = ce["seats"][view["current_player"]]["invite_url"]
    ts = create(base_url, "trans-siberian", NAMES)
    view = play_until(base_url, ts, lambda v: v["state"].get("step") == "build first link",
                      seed=3)
    assert not view["over"] and any(a.startswith("link ") for a in view["legal"])
    urls["trans-siberian"] = ts["seats"][view["current_player"]]["invite_url"]
    ts = create(base_url, "trans-siberian", NAMES)
    view = play_until(base_url, ts, lambda v: v["state"].get("step") == "choose share value",
                      seed=1)
    urls["value-chooser"] = ts["seats"][view["current_player"]]["invite_url"]
    urls["chooser"] = urls["chicago-express"]  # a hex's moves
    for title in ("chicago-express", "trans-siberian"):
        done = create(base_url, title, NAMES, {"dividend_track": 1}
                      if title == "trans-siberian" else {})
        assert play_until(base_url, done, finished, seed=5)["over"]
        urls[f"end-{title}"] = done["seats"][0]["invite_url"]
    return urls


def ready_game_on_turn(page: Any) -> None:
    wait_loaded(page)
    page.wait_for_selector("#turn.mine")
    page.wait_for_selector("#board.clickable [data-action][role='button']")
    page.wait_for_selector("#actions button[data-action]", state="attached")


def ready_chooser(page: Any) -> None:
    ready_game_on_turn(page)
    # The move's chooser (a dialog): a tap on a board target previews its move there.
    page.locator("#board.clickable [data-action]:visible").first.tap()
    page.wait_for_selector("#chooser:not([hidden]) button[data-action]")


def ready_value_chooser(page: Any) -> None:
    """A share value's chooser (a tap on the drawn track); on a phone, whose board does
    not draw the track, the list of values under the map, each a button with its move."""
    wait_loaded(page)
    page.wait_for_selector("#turn.mine")
    page.wait_for_selector("#board.clickable [data-action][role='button']", state="attached")
    if page.locator("#share-strip button.cell").first.is_visible():
        return
    ready_chooser(page)


def ready_end(page: Any) -> None:
    wait_loaded(page)
    page.wait_for_selector("#end-banner:visible")
    page.wait_for_selector("#charts:not([hidden]) figure.chart-box")
    page.wait_for_selector("#log li")


READY: dict[str, Callable[[Any], None]] = {
    "lobby": lambda p: p.wait_for_selector("body[data-ready='1'] #title option",
                                           state="attached"),
    "rules": lambda p: p.wait_for_selector("#rules[aria-busy='false'] #rules-sections h3"),
    "chicago-express": ready_game_on_turn,
    "trans-siberian": ready_game_on_turn,
    "chooser": ready_chooser,
    "value-chooser": ready_value_chooser,
    "end-chicago-express": ready_end,
    "end-trans-siberian": ready_end,
}


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("where", READY)
def test_no_serious_or_critical_axe_violation(games: dict[str, str], axe_page: Any,
                                              where: str, size: str) -> None:
    # Phones are touch screens; the chooser is opened by a tap (its preview) at both sizes.
    page = axe_page(*SIZES[size], touch=size == "phone" or where.endswith("chooser"))
    page.goto(games[where])
    READY[where](page)
    page.wait_for_timeout(200)  # the last renders settle (fonts, the board's scroll)
    violations = axe_violations(page)
    bad = [v for v in violations if v["impact"] in FAILING]
    others = [v for v in violations if v["impact"] not in FAILING]
    assert not bad, (f"axe-core: serious or critical violations on {where} ({size}):\n"
                     + report(bad) + ("\n(minor: " + ", ".join(v["id"] for v in others) + ")"
                                      if others else ""))


def test_a_board_without_moves_scrolls_by_keyboard(games: dict[str, str],
                                                     axe_page: Any) -> None:
    """On a phone the board is wider than its frame; with no move on it (the end), Tab
    reaches the frame and the arrow keys scroll it (axe: scrollable-region-focusable)."""
    page = axe_page(*SIZES["phone"], touch=True)
    page.goto(games["end-chicago-express"])
    ready_end(page)
    frame = page.locator("#board")
    assert frame.evaluate("e => e.scrollWidth > e.clientWidth")
    assert page.locator("#board [tabindex]").count() == 0
    assert page.locator("#board svg").get_attribute("role") == "img"
    for _ in range(80):
        page.keyboard.press("Tab")
        if page.evaluate("() => document.activeElement?.id === 'board'"):
            break
    else:
        raise AssertionError("Tab never reached the board")
    before = frame.evaluate("e => e.scrollLeft")
    # (a board shown without moves opens where the game starts, board.js: the map's east
    # end for Chicago Express, so there may be no room to its right)
    at_right = frame.evaluate("e => e.scrollLeft + e.clientWidth >= e.scrollWidth - 1")
    page.keyboard.press("ArrowLeft" if at_right else "ArrowRight")
    page.wait_for_function("([x, left]) => left ? document.querySelector('#board').scrollLeft < x"
                           " : document.querySelector('#board').scrollLeft > x",
                           arg=[before, at_right])


def test_board_targets_name_what_they_show(games: dict[str, str], axe_page: Any) -> None:
    """A hex's accessible name holds its visible label (its id and cost) and its move."""
    page = axe_page(*SIZES["desktop"])
    page.goto(games["chicago-express"])
    ready_game_on_turn(page)
    assert page.locator("#board svg").get_attribute("role") == "group"
    hexes = page.locator("#board.clickable [data-action^='place ']")
    assert hexes.count() >= 1
    for i in range(hexes.count()):
        hexagon = hexes.nth(i)
        shown = " ".join(t for t in hexagon.locator("text").all_text_contents() if t.strip())
        name = hexagon.get_attribute("aria-label") or ""
        words = (hexagon.locator("title").text_content() or "").splitlines()[-1]
        assert name.startswith(shown) and name.endswith(words), (name, shown, words)
