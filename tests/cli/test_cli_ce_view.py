"""The Chicago Express text view: it draws every step of a game within 110 columns."""

from __future__ import annotations

import io
import random

from rich.console import Console

from cuberail.core.actions import Action
from cuberail.games import get_game
from cuberail.games.chicago_express.state import ChicagoExpressState
from cuberail.terminal import chicago_express as view
from cuberail.terminal import face

NAMES = ["Annabelle Longname", "Bob", "Cy", "Dee"]


def draw(state: ChicagoExpressState, color: bool = False) -> str:
    out = io.StringIO()
    console = Console(file=out, width=200, color_system="truecolor" if color else None)
    console.print(view.render(state, NAMES))
    return out.getvalue()


def widest(text: str) -> int:
    """The widest line, leaving out the step's prose (which wraps at any width)."""
    return max(len(line.rstrip()) for line in text.splitlines() if not line.startswith("now:"))


def new_state(players: int = 4) -> ChicagoExpressState:
    state = get_game("chicago-express").new_game(players)
    assert isinstance(state, ChicagoExpressState)
    return state


def test_view_module_lookup() -> None:
    assert face("ce") is view


def test_the_start_is_drawn_with_the_landmarks() -> None:
    text = draw(new_state())
    lines = text.splitlines()
    assert widest(text) <= 110
    for landmark in ("Chi 3", "Det 3", "Whe 3", "Pit 4", "NY  ★", "Phi ★", "Bal ★", "Was ★",
                     "A2 Chicago +7", "I6 Wheeling +3", "K4 Pittsburgh +4", "E0 Detroit +1"):
        assert landmark in text, landmark
    assert lines[0].split() == [chr(65 + c) for c in range(19)]
    assert "gauges: auction 0/3  develop 0/4  build 0/5" in text
    assert "industrial track: Detroit 1/8  Wheeling 3/6  Pittsburgh 4/8" in text
    assert "houses left: 20   dividends paid: 0" in text
    assert "now: setup auction of a PRR share, opened by Annabelle Longname" in text


def test_every_step_of_random_games_is_drawn_and_described() -> None:
    for seed in range(3):
        state, rng = new_state(2 + seed * 2), random.Random(seed)
        step = 0
        while not state.is_terminal():
            if step % 17 == 0:
                assert widest(draw(state)) <= 110
            for action in state.legal_actions()[:: 1 if step % 5 == 0 else 40]:
                assert view.describe_action(state, action)
            before = state.clone()
            state.apply(rng.choice(state.legal_actions()))
            view.events(before, state, NAMES)
            step += 1
        assert "now: game over" in draw(state)


def test_colours_mark_companies_and_terrain() -> None:
    text = draw(new_state(), color=True)
    assert "\x1b[" in text
    assert text.count("★") >= 4


def play(state: ChicagoExpressState, *texts: str) -> None:
    for text in texts:
        state.apply(Action.from_text(text))


def test_describe_a_build_and_its_map() -> None:
    state = new_state(2)
    # seat 0 buys PRR and NYC, gets B&O and C&O for free (CE-2.4), then builds for NYC
    play(state, "bid 7", "pass", "pass", "pass", "pass", "pass", "bid 8", "pass",
         "choose build", "company NYC")
    place = Action.from_text("place R3")
    assert view.describe_action(state, place) == "place a NYC locomotive on R3 (forest, $2)"
    assert "now: Annabelle Longname builds for NYC: 0 of 3 placed (treasury $8)" in draw(state)
    assert view.describe_action(state, Action("place", ("Q3",))).startswith(
        "place a NYC locomotive on Q3 Binghamton (city, $2, +1 income)")
    play(state, "place R3")
    assert "  N  " in draw(state)
    assert view.describe_action(state, Action("stop")) == "stop building (1 placed)"


def test_describe_auctions_and_events() -> None:
    state = new_state(2)
    assert view.describe_action(state, Action("bid", (9,))) == "bid $9 for the PRR share"
    assert view.describe_action(state, Action("pass")) == "pass on the PRR share"
    play(state, "bid 9")
    before = state.clone()
    play(state, "pass")
    assert view.events(before, state, NAMES) == ["Annabelle Longname gets a PRR share for $9"]
    before = state.clone()
    play(state, "pass", "pass")
    assert view.events(before, state, NAMES) == ["Annabelle Longname gets a B&O share for free"]
    text = draw(state)
    assert "high bid" not in text and "no bid yet (minimum $5)" in text
    play(state, "bid 5")
    assert "high bid $5 by Annabelle Longname" in draw(state)


def test_describe_the_turn_choices() -> None:
    state = new_state(2)
    play(state, "bid 7", "pass", "pass", "pass", "pass", "pass", "bid 8", "pass")
    assert view.describe_action(state, Action("choose", ("auction",))) == (
        "choose to auction a share (gauge 0/3 → 1/3)")
    play(state, "choose auction")
    assert view.describe_action(state, Action("share", ("NYC",))) == (
        "put a NYC share up for auction (minimum bid $4)")
    assert view.describe_action(state, Action("forgo")) == "forgo the auction"
