"""Playing through the browser as a person would: the lobby form, clicks on the board
and the panels. Every move is made by clicking an element that carries ``data-action``."""

from __future__ import annotations

import json
import random
import urllib.request
from typing import Any

from tests.server.play import auth

GAME = "#game"
# Moves on the board are clicked on their shape; the rest are buttons in the side panel.
TARGETS = "#board.clickable [data-action], #actions button[data-action]:not([disabled])"


def create_in_lobby(page: Any, base: str, title: str, seats: list[dict[str, str]],
                    options: dict[str, str] | None = None) -> dict[int, str]:
    """Fill the lobby form and create the game; answer the invite link of each human seat."""
    page.goto(f"{base}/")
    page.wait_for_selector("body[data-ready='1']")
    page.select_option("#title", title)
    page.fill("#players", str(len(seats)))
    page.dispatch_event("#players", "input")
    for i, seat in enumerate(seats):
        row = page.locator(".seat").nth(i)
        row.locator(".seat-name").fill(seat.get("name", ""))
        row.locator(".seat-bot").select_option(seat.get("bot", ""))
    if options:
        page.click("#options-box summary")
        for name, value in options.items():
            field = page.locator(f"#opt-{name}")
            if field.evaluate("e => e.tagName") == "SELECT":
                field.select_option(value)
            else:
                field.fill(value)
    made = click_create(page)
    humans = {s["seat"]: s["invite_url"] for s in made["seats"] if s["token"]}
    if len(humans) <= 1 and not any(s["free"] for s in made["seats"]):
        # against bots: straight to the table; bots alone: their table, to watch
        page.wait_for_url(f"**/g/{made['id']}")
        wait_loaded(page)
    else:
        page.wait_for_selector("#created:not([hidden])")
    return humans


# The lobby's fetch, wrapped: the answer to its POST /api/games is kept in the tab's
# sessionStorage before the page reads it (it may leave for the game's table at once).
KEEP_CREATED = """() => {
  sessionStorage.removeItem('test.created');
  if (window.keepsCreated) return;
  window.keepsCreated = true;
  const fetched = window.fetch;
  window.fetch = async (url, init) => {
    const answer = await fetched(url, init);
    if (String(url).endsWith('/api/games') && init && init.method === 'POST') {
      sessionStorage.setItem('test.created', await answer.clone().text());
    }
    return answer;
  };
}"""


def click_create(page: Any) -> dict[str, Any]:
    """Press "Create game" in the lobby; the server's answer, kept by the page before it
    read it (a game of bots alone, or against bots, sends the page to its table at once).

    (It was read by routing the request through the test, ``page.route``; a CI run hung
    15 minutes in the ``page.unroute`` after it, which waits on the browser without a
    time limit.)"""

    def created(response: Any) -> bool:
        return bool(response.request.method == "POST" and response.url.endswith("/api/games"))

    page.evaluate(KEEP_CREATED)
    with page.expect_response(created):
        page.click("#create-button")
    for _ in range(100):
        try:
            text = page.evaluate("() => sessionStorage.getItem('test.created')")
        except Exception:  # (the page was leaving for the game's table: ask again)
            text = None
        if text:
            made: dict[str, Any] = json.loads(text)
            return made
        page.wait_for_timeout(100)
    raise AssertionError("the lobby's request to create the game was not seen")


def game_index(page: Any) -> int:
    return int(page.get_attribute(GAME, "data-game-index") or -1)


def wait_loaded(page: Any) -> None:
    """Wait until the page shows the game as the live connection has it: fetched again
    after the socket's first word (data-synced), nothing being fetched (aria-busy). A
    test that acted on the first fetch's page raced the socket's refresh (a hint's
    "thinking" line cleared, a measured line replaced: the CI run of stop 52)."""
    page.wait_for_selector("#game[data-synced='1'][aria-busy='false']", timeout=30000)


def wait_fetched(page: Any) -> None:
    """Wait for the page's first fetch only (a test that holds the socket's first word)."""
    page.wait_for_selector("#game[aria-busy='false']")


def is_my_turn(page: Any) -> bool:
    """Whether the page, once it shows the current position, offers this seat a move."""
    wait_loaded(page)
    return bool(page.evaluate("() => document.querySelector('#turn').classList.contains('mine')"))


def click_action(page: Any, action: str) -> None:
    """Click the element that makes ``action`` (a board shape, else a panel button), pick
    the variant in the chooser when the element offers several, and wait for the index."""
    before = game_index(page)
    on_board = (f"#board.clickable [data-action='{action}'],"
                f" #board.clickable [data-actions*='{action}']")
    page.wait_for_selector(f"{on_board}, #actions button[data-action='{action}']:visible")
    board = page.locator(f"#board.clickable [data-action='{action}']")
    if not board.count():
        board = page.locator(f"#board.clickable [data-actions*='{action}']")
    if board.count():
        g = board.first
        # A link is clicked on its value box (its group's middle may be another link's).
        (g.locator("rect").first if "link" in (g.get_attribute("class") or "") else g).click()
        variant = page.locator(f"#chooser:not([hidden]) button[data-action='{action}']")
        if variant.count():
            variant.click()
    else:
        page.locator(f"#actions button[data-action='{action}']:visible").first.click()
    page.wait_for_function(f"() => Number(document.querySelector('{GAME}').dataset.gameIndex)"
                           f" !== {before}")
    wait_loaded(page)


def offered(page: Any) -> list[str]:
    """The moves the page offers now (board targets, panel buttons, chooser variants)."""
    found: list[str] = page.evaluate(
        """sel => [...document.querySelectorAll(sel)]
             .filter(e => e.getClientRects().length > 0)
             .flatMap(e => e.dataset.actions ? e.dataset.actions.split('|')
                                             : [e.dataset.action])""",
        TARGETS)
    return sorted(set(found))


def choose_move(moves: list[str], rng: random.Random) -> str:
    """A quick, varied policy: often pass auctions and stop builds, so games end soon."""
    if "pass" in moves and rng.random() < 0.6:
        return "pass"
    bids = [m for m in moves if m.startswith("bid ")]
    if bids and rng.random() < 0.7:
        return min(bids, key=lambda m: int(m.split()[1]))
    return rng.choice(moves)


def take_turn(page: Any, rng: random.Random) -> str:
    page.wait_for_function("() => document.querySelector('#turn').classList.contains('mine')")
    wait_loaded(page)
    page.wait_for_function("sel => [...document.querySelectorAll(sel)]"
                           ".some(e => e.getClientRects().length > 0)", arg=TARGETS)
    move = choose_move(offered(page), rng)
    click_action(page, move)
    return move


def finished(page: Any) -> bool:
    return page.locator(".result").count() > 0


def get_json(url: str) -> Any:
    """GET an API URL of the server under test; its JSON answer."""
    with urllib.request.urlopen(url, timeout=10) as answer:
        return json.load(answer)


def post_json(url: str, body: dict[str, Any], token: str | None = None) -> Any:
    """POST JSON to an API URL (with a bearer token if given), as another client would."""
    headers = {"Content-Type": "application/json", **auth(token)}
    request = urllib.request.Request(url, json.dumps(body).encode(), method="POST",
                                     headers=headers)
    with urllib.request.urlopen(request, timeout=10) as answer:
        return json.load(answer)


RAISES = 6  # play_first_auction: bids before the players start passing


def play_first_auction(base_url: str, made: dict[str, Any]) -> tuple[int, int, list[int]]:
    """Every seat bids the lowest bid allowed until RAISES bids were made, then passes,
    until the first auction closes (a bid or pass with events: who won). The number of
    moves made, the seat that made the last, and the amounts bid."""
    url = f"{base_url}/api/games/{made['id']}"
    amounts: list[int] = []
    for _ in range(40):
        view = get_json(url)
        seat = view["current_player"]
        legal = view["legal"]
        offers = sorted((a for a in legal if a.startswith("bid ")), key=lambda a: int(a.split()[1]))
        action = offers[0] if offers and len(amounts) < RAISES else "pass"
        assert action in legal, legal
        if action.startswith("bid "):
            amounts.append(int(action.split()[1]))
        post_json(f"{url}/actions", {"action": action, "index": view["index"]},
                  made["seats"][seat]["token"])
        last = get_json(f"{url}/actions?since=0")["entries"][-1]
        if last["events"]:
            return view["index"] + 1, seat, amounts
    raise AssertionError("the first auction did not close")
