"""The 31st newcomer run read its hinted chance go 32% → 1% → 96% with nothing saying
why, and stopped trusting the hint. A hint whose chance moved 15 points or more since the
seat's last hint says so, and names the rival whose chance moved most the other way
(:func:`cuberail.bots.analysis.swing`; the browser's hint says the same:
tests/server/test_hints.py)."""

from __future__ import annotations

import textwrap

from cuberail.bots.analysis import Swing, swing
from cuberail.bots.registry import make_bot
from cuberail.cli.table import hint as hints
from cuberail.cli.table.hintwords import ROWS, Answer, since_words
from cuberail.core.actions import Action
from cuberail.games import get_game


def test_a_swing_names_the_rival_whose_chance_moved_the_other_way() -> None:
    assert swing(0, 0.40, (0.40, 0.30, 0.30), 0.30, (0.30, 0.35, 0.35)) is None  # 10 points
    assert swing(0, 0.40, (0.40, 0.30, 0.30), 0.10, (0.10, 0.62, 0.28)) == Swing(1, 0.30, 0.62)
    # 50 points: a surprise (SURPRISE, 0.4: the words say how far a short search's chance
    # can turn, the 38th newcomer run)
    assert swing(2, 0.10, (0.45, 0.45, 0.10), 0.60, (0.20, 0.20, 0.60)) == Swing(
        0, 0.45, 0.20, surprise=True)
    assert swing(0, 0.91, (), 0.19, ()) == Swing(surprise=True)
    # every rival's chance moved less than RIVAL (0.08) the other way: nobody is named
    assert swing(0, 0.60, (0.60, 0.20, 0.20), 0.40, (0.40, 0.25, 0.35)) == Swing(2, 0.20, 0.35)
    assert swing(0, 0.60, (0.60, 0.20, 0.20), 0.44, (0.44, 0.27, 0.27)) == Swing()
    assert swing(0, 0.60, (), 0.40, (0.4, 0.3, 0.3)) == Swing()  # (no chances kept then)


def test_the_words_say_which_way_from_what_and_whose() -> None:
    assert since_words(0.43, 12, 0.10, Swing(1, 0.30, 0.62), ["Ann", "Bot 2 (hard)"]) == (
        "down from 43% at your last hint, 12 moves ago: Bot 2 (hard)'s chance rose from 30%"
        " to 62%")
    assert since_words(0.10, 1, 0.96, Swing(3, 0.5, 0.02)) == (
        "up from 10% at your last hint, 1 move ago: player 4's chance fell from 50% to 2%")
    assert since_words(0.5, 3, 0.3, Swing()) == "down from 50% at your last hint, 3 moves ago"
    assert since_words(0.91, 5, 0.19, Swing(1, 0.1, 0.8, surprise=True), ["Me", "Bot 2"]) == (
        "down from 91% at your last hint, 5 moves ago: Bot 2's chance rose from 10% to 80%;"
        " a short search's chance: it expects simple play from everyone, so a rival's strong"
        " move can turn it this far")


def _positions(title: str, seat: int) -> tuple[object, list[tuple[int, Action]]]:
    """A seeded game of medium bots at ``seat``'s first decision of several moves after
    some moves, and the moves so far."""
    state = get_game(title).new_game(4)
    bots = [make_bot("medium", i) for i in range(4)]
    history: list[tuple[int, Action]] = []
    while not (len(history) >= 6 and state.current_player() == seat
               and len(state.legal_actions()) > 1):
        mover = state.current_player()
        action = bots[mover].choose(state.clone())
        history.append((mover, action))
        state.apply(action)
    return state, history


def test_a_hint_far_from_the_seats_last_one_says_so() -> None:
    state, history = _positions("chicago-express", 0)
    memory = hints.Memory()
    names = ["Ann", "Bot 2 (medium)", "Bot 3 (medium)", "Bot 4 (medium)"]
    # the seat's last hint, two moves back, read 95% and every rival near nothing
    memory.seen[0] = (len(history) - 2, 0.95, (0.95, 0.01, 0.02, 0.02))
    found = hints.answer(state, lambda s, a: a.text(), None, 300, 1, memory, history, names)
    assert found.chance < 0.8, found  # (four seats early in the game: near an even 25%)
    assert found.since.startswith("down from 95% at your last hint, 2 moves ago: Bot "), found
    assert found.since in found.line and found.since in found.detail()
    assert memory.seen[0][0] == len(history) and memory.seen[0][1] == found.chance
    again = hints.answer(state, lambda s, a: a.text(), None, 300, 1, hints.Memory(), history,
                         names)  # no hint before: nothing to compare
    assert again.since == "" and "last hint" not in again.line


def test_the_brief_line_keeps_the_swing_within_its_rows() -> None:
    said = Answer("bid $8 for the PRR share", why="a PRR share pays about $7 a dividend",
                  chance=0.10, budget="1 s",
                  since="down from 43% at your last hint, 12 moves ago: Bot 2 (hard)'s"
                        " chance rose from 30% to 62%")
    brief = said.brief(". Enter plays it (`b 8` is typed)", 120)
    assert said.since in brief and "pays about $7" in brief
    assert len(textwrap.wrap(brief, 118)) <= ROWS
    narrow = said.brief(". Enter plays it (`b 8` is typed)", 80)
    assert len(textwrap.wrap(narrow, 78)) <= ROWS  # the reason or the swing gives way


def test_the_terminal_hint_searches_the_browsers_budget() -> None:
    """The 32nd newcomer run followed every Trans-Siberian F3 hint and came last: one
    second of search on a machine loaded by other work is a few hundred iterations. The
    terminal's hint now searches the browser's budget (at most SECONDS)."""
    from cuberail.cli.play import Game
    from cuberail.server.hints import SEARCH_ITERATIONS

    assert Game.hint_iterations == hints.ITERATIONS == SEARCH_ITERATIONS == 2000
    state = get_game("chicago-express").new_game(3)
    found = hints.answer(state, lambda s, a: a.text(), seed=3)
    assert found.budget == "2000 iterations", found.budget
    assert hints.answer(state, lambda s, a: a.text(), seed=3) == found  # reproducible
