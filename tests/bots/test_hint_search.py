"""A hint from a lost position plays for points (issue 29, the seventeenth newcomer run),
and one from a won position for the margin (the 28th).

The hint's search counts wins only: where every line loses as far as it sees, its moves
all score 0 and it prefers one at random. A player who followed those hints from behind
ended last (76 points to the winner's 176). :func:`hint_search` then searches again with
the bots' blend of score and says so (the server's ``by: points``, the terminal's words).
"""

from __future__ import annotations

from typing import Any

import pytest

from cuberail.bots import analysis
from cuberail.bots.analysis import (
    AVOID,
    CLOSE,
    LOST,
    MIN_VISITS,
    TIE_BREAK,
    WON,
    _close_call,
    analysis_bot,
    blend_bot,
    estimate,
    hint_search,
)
from cuberail.bots.registry import make_bot
from cuberail.cli.table.hint import Memory, hint
from cuberail.cli.table.hintwords import FOR_MARGIN, FOR_POINTS
from cuberail.core.state import GameState
from cuberail.games import get_game
from cuberail.server import hints as server_hints

BUDGET = 300  # iterations: enough to see that every line loses


def played(first: str, others: str, moves: int, legal: int) -> GameState:
    """Trans-Siberian after ``moves`` moves of a ``first`` bot (seat 0) against three
    ``others``, seat 0 then to choose among ``legal`` moves."""
    state = get_game("trans-siberian").new_game(4)
    bots = [make_bot(first, 3)] + [make_bot(others, s) for s in (4, 5, 6)]
    for _ in range(moves):
        state.apply(bots[state.current_player()].choose(state.clone()))
    assert state.current_player() == 0 and len(state.legal_actions()) == legal
    return state


def lost_position() -> GameState:
    """A random player (seat 0) against three medium bots: at move 90 the random player,
    far behind, chooses among four moves (TS-4.1: build, buy or pass)."""
    return played("random", "medium", 90, 4)


@pytest.fixture(scope="module")
def lost() -> GameState:
    return lost_position()


def test_every_move_of_a_lost_position_scores_0_for_the_win_only_search(lost: GameState) -> None:
    found = estimate(lost.clone(), analysis_bot(None, BUDGET, 1))
    assert len(found.children) == 4
    assert all(value < LOST for _, value in found.children.values()), found.children
    visits = {v for v, _ in found.children.values()}
    assert max(visits) - min(visits) <= 1  # alike to it: its preference is the first tried


def test_the_hint_of_a_lost_position_is_the_blended_searchs_move(lost: GameState) -> None:
    hinted = hint_search(lost, None, BUDGET, 1)
    assert hinted.for_points
    blended = blend_bot(None, BUDGET, 1).search(lost.clone())
    assert blended.children, "the blend searched nothing"
    preferred = max(blended.children, key=lambda c: (c.visits, c.wins)).action
    assert hinted.best == preferred
    assert hinted.chance == hinted.found.children[preferred][1] < LOST
    # the blend tells the moves apart: its preferred move's mean beats another's
    means = sorted(c.wins / c.visits for c in blended.children if c.visits)
    assert means[-1] > means[0]


@pytest.mark.parametrize("title", ["chicago-express", "trans-siberian"])
def test_a_position_with_a_chance_keeps_the_win_only_move(title: str) -> None:
    state = get_game(title).new_game(4)
    found = estimate(state.clone(), analysis_bot(None, BUDGET, 2))
    assert found.best_value >= LOST
    hinted = hint_search(state, None, BUDGET, 2)
    assert not hinted.for_points and not hinted.for_margin
    if _close_call(found):  # the blend decides among the moves within CLOSE
        assert hinted.chance >= found.best_value - CLOSE
    else:
        assert (hinted.best, hinted.chance) == (found.best, found.best_value)


def test_a_close_call_is_decided_by_the_score() -> None:
    """The 29th newcomer run was hinted "buy a share of blue for $60. A close call with
    pass: about 8% to win either way", blue doomed at the next dividend: $60 of score
    gone, which a win-only search near 8% cannot see. In a close call the bots' blend
    of score picks among the moves within CLOSE of the win-only choice, searching a
    third of the budget (a tie-break: close calls are most decisions)."""
    decided = 0
    for seed in range(1, 6):
        state = get_game("chicago-express").new_game(3)  # the first auction: close calls
        found = estimate(state.clone(), analysis_bot(None, BUDGET, seed))
        if not _close_call(found) or found.best_value < LOST or found.best_value > WON:
            continue
        hinted = hint_search(state, None, BUDGET, seed)
        blended = blend_bot(None, BUDGET // TIE_BREAK, seed).search(state.clone())
        preferred = max(blended.children, key=lambda c: (c.visits, c.wins)).action
        chance = found.children.get(preferred, (0, found.best_value))[1]
        expected = preferred if chance >= found.best_value - CLOSE else found.best
        assert hinted.best == expected, (seed, hinted.best, preferred, found.best)
        assert not hinted.for_points and not hinted.for_margin
        decided += 1
    assert decided, "no close call among these seeds"


def test_the_terminal_hint_says_it_plays_for_points(lost: GameState) -> None:
    line = hint(lost, lambda state, action: action.text(), iterations=BUDGET, seed=1)
    assert FOR_POINTS in line, line
    assert "vs" not in line  # no runner-up at 0% beside it
    opening = hint(get_game("trans-siberian").new_game(4), lambda s, a: a.text(),
                   iterations=BUDGET, seed=1)
    assert FOR_POINTS not in opening


def test_the_servers_hint_says_by_points(lost: GameState, monkeypatch: Any) -> None:
    monkeypatch.setattr(server_hints, "SEARCH_ITERATIONS", BUDGET)
    text, chance, by, close, *_ = server_hints.searched(lost.clone(), 1)
    assert by == "points" and chance < LOST and close is None  # (no close call for points)
    assert text == hint_search(lost, None, BUDGET, 1).best.text()  # type: ignore[union-attr]


def test_a_hint_for_points_is_remembered_so_that_f3_marks_it(lost: GameState) -> None:
    """The nineteenth newcomer run: in a lost Trans-Siberian position F3 said "no winning
    line in reach" but marked no choice, so Enter answered "Enter alone plays a marked
    choice ... or mark one with F3". The table marks the move the hint remembers for the
    seat (``Memory.last``); a hint for points was not remembered. It is now."""
    memory = Memory()
    line = hint(lost, lambda state, action: action.text(), iterations=BUDGET, seed=1,
                memory=memory)
    hinted = hint_search(lost, None, BUDGET, 1)
    assert FOR_POINTS in line and hinted.best is not None
    assert memory.last.get(lost.current_player()) == hinted.best
    assert hinted.best.text() in line


def test_the_hint_is_the_search_s_move_at_each_decision() -> None:
    """The twenty-third newcomer run let F3 play every Trans-Siberian move and finished
    last twice. The terminal's hint kept the move hinted at the seat's last decision
    while it was still a move rated within 0.03 of the best (a pass, the next auction's
    same bid): at 350 iterations a hint (the newcomer's search had 358), a seat that
    played every hint did a third of a place worse than one that played the search's
    move (40 paired games against three medium bots, mean rank 2.02 against 1.70; about
    the same at 1,000). The hint is now the search's move; the browser's close call
    (the runner-up within 0.03) is also the terminal's."""
    state = get_game("chicago-express").new_game(3)  # the first auction: close calls
    hinted = hint_search(state, None, BUDGET, 2)
    assert hinted.best is not None and hinted.close is not None
    runner, _ = hinted.close
    memory = Memory()
    memory.last[state.current_player()] = runner  # as if hinted at the last decision
    line = hint(state, lambda s, a: a.text(), iterations=BUDGET, seed=2, memory=memory)
    assert memory.last[state.current_player()] == hinted.best
    assert line.startswith(f"hint: {hinted.best.text()}") and "a close call" in line, line



def test_a_close_call_at_the_same_percent_gives_it_once() -> None:
    """The twenty-fourth newcomer run read "your winning chance about 27%-27% with it or
    bid $6": a close call whose two chances round to the same percent now says it once."""
    state = get_game("chicago-express").new_game(3)
    for seed in range(1, 40):
        line = hint(state, lambda s, a: a.text(), iterations=BUDGET, seed=seed,
                    memory=Memory())
        if "a close call" not in line:
            continue
        chances = line.split("your winning chance about ")[1].split(" with it")[0]
        low, _, high = chances.partition("-")
        assert low != high, line
        if not high:  # the same percent, once: the case of the report
            return
    pytest.skip("no close call at one percent in these seeds")


def won_position() -> GameState:
    """A medium bot (seat 0) against three random players: at move 65 it chooses among
    five moves (TS-4.1), far ahead."""
    return played("medium", "random", 65, 5)


@pytest.fixture(scope="module")
def won() -> GameState:
    return won_position()


def test_the_hint_of_a_won_position_plays_for_the_margin(won: GameState) -> None:
    """The 28th newcomer run was hinted at "about 100%" to buy a Trans-Siberian share the
    next dividend made worthless: where every line wins, the win-only search's moves look
    alike to it. The hint then takes the blend's move (a win still counts nine times the
    score), says so, and gives no close call."""
    found = estimate(won.clone(), analysis_bot(None, BUDGET, 1))
    assert found.best_value > WON
    hinted = hint_search(won, None, BUDGET, 1)
    assert hinted.for_margin and not hinted.for_points and hinted.close is None
    blended = blend_bot(None, BUDGET, 1).search(won.clone())
    preferred = max(blended.children, key=lambda c: (c.visits, c.wins)).action
    assert hinted.best == preferred
    assert hinted.chance >= found.best_value - CLOSE
    line = hint(won, lambda state, action: action.text(), iterations=BUDGET, seed=1)
    assert FOR_MARGIN in line and FOR_POINTS not in line and "vs" not in line, line


def test_the_servers_hint_says_by_margin(won: GameState, monkeypatch: Any) -> None:
    monkeypatch.setattr(server_hints, "SEARCH_ITERATIONS", BUDGET)
    text, chance, by, close, *_ = server_hints.searched(won.clone(), 1)
    assert by == "margin" and chance > WON - CLOSE and close is None
    assert text == hint_search(won, None, BUDGET, 1).best.text()  # type: ignore[union-attr]


def test_the_margin_never_costs_the_win() -> None:
    """A blend's move that the win-only search rates more than CLOSE below its own is not
    hinted: the margin is not worth the win (checked along a game's won positions)."""
    state = get_game("chicago-express").new_game(4)
    bots = [make_bot("medium", 3)] + [make_bot("random", s) for s in (4, 5, 6)]
    checked = 0
    while not state.is_terminal() and checked < 4:
        if state.current_player() == 0 and len(state.legal_actions()) > 2:
            hinted = hint_search(state, None, 150, 3)
            if hinted.found.best_value > WON:
                checked += 1
                assert hinted.chance >= hinted.found.best_value - CLOSE
                assert hinted.for_margin or hinted.best == hinted.found.best
        state.apply(bots[state.current_player()].choose(state.clone()))
    assert checked, "no won position in this game"


@pytest.mark.parametrize("which", ["won", "lost"])
def test_a_blended_hint_keeps_to_its_plan_within_its_noise(which: str, request: Any) -> None:
    """A hint playing for the margin said "choose auction, then put a B&O share up for
    auction", then at the next step "put a PRR share up": the blended search, like the
    win-only one, keeps the planned move when it rates it within CLOSE of its own choice
    (from MIN_VISITS visits), and not a move it rates lower than that."""
    state: GameState = request.getfixturevalue(which)
    found = estimate(state.clone(), analysis_bot(None, BUDGET, 1))
    tree = blend_bot(None, BUDGET, 1).search(state.clone())
    top = max(tree.children, key=lambda c: (c.visits, c.wins))
    mean = top.wins / top.visits
    for child in tree.children:
        if child is top or child.visits < MIN_VISITS:
            continue
        near = mean - child.wins / child.visits <= CLOSE
        near = near and found.children[child.action][1] >= found.best_value - CLOSE
        hinted = hint_search(state, None, BUDGET, 1, planned=child.action)
        assert (hinted.best == child.action) == near, (child.action, near, hinted.best)


def test_a_move_warned_against_is_not_hinted_where_another_does_about_as_well(
        lost: GameState) -> None:
    """Three newcomer runs followed hints "⚠ despite the warning" into shares the next
    dividend made worthless, where the search rated other moves about as well. A move the
    title warns against (``avoid``) gives way to one without a warning whose win-only
    chance is within CLOSE; with none near, it stays."""
    state = get_game("chicago-express").new_game(3)  # the first auction: close calls
    plain = hint_search(state, None, BUDGET, 2)
    assert plain.best is not None
    warned = hint_search(state, None, BUDGET, 2, avoid=lambda a: a == plain.best)
    assert warned.best is not None and warned.best != plain.best
    assert warned.chance >= plain.chance - AVOID
    alone = hint_search(state, None, BUDGET, 2, avoid=lambda a: True)  # nothing else near
    assert alone.best == plain.best
    # a lost position: every move near 0%, the blend picks among those without warning
    best = hint_search(lost, None, BUDGET, 1).best
    assert best is not None
    other = hint_search(lost, None, BUDGET, 1, avoid=lambda a: a == best)
    assert other.for_points and other.best not in (None, best)


def test_a_warned_move_is_hinted_only_well_above_every_other(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The 34th newcomer run was hinted "bid $8 for the black share … ⚠ Despite the
    warning: bid $40 or more …", read it as contradicting itself and lost. A warned move
    gives way to a move without a warning within AVOID (0.10) of it, not only within
    CLOSE; it stays the hint only when rated AVOID above every such move."""
    state = get_game("chicago-express").new_game(3)
    legal = state.legal_actions()
    warned, other = legal[0], legal[1]
    for gap, kept in ((0.07, False), (0.12, True)):
        found = analysis.Estimate([0.3] * 3, warned, 0.40,
                                  {warned: (300, 0.40), other: (200, 0.40 - gap)}, 500)
        monkeypatch.setattr(analysis, "_hint", lambda *_a, f=found: (
            analysis.Hinted(warned, f.best_value, f), None))
        hinted = hint_search(state, None, BUDGET, 1, avoid=lambda a: a == warned)
        assert (hinted.best == warned) == kept, (gap, hinted.best)
        old = hint_search(state, None, BUDGET, 1, avoid=lambda a: a == warned, margin=CLOSE)
        assert old.best == warned  # (by CLOSE, 0.03, the warned move stayed at both gaps)
