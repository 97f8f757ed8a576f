"""The search's per-title defaults: Trans-Siberian's cut-off and exploration; CE's kept.

Trans-Siberian's search cuts its rollouts later and explores less than Chicago
Express's (measured against the heuristic, docs/history.md#ts-rollouts) at small budgets;
from 2000 iterations or a quarter of a second per decision (``hard``: one second) it
cuts at 60 and explores with the shared constant, measured better there (the ladder's
paired seeds, docs/bots.md). A knob named in the bot's name (``mcts:200:cut40:c1.4``)
still wins over the title's default.
"""

from __future__ import annotations

import pytest
from kitviews import CUTOFFS, EXPLORATIONS, LARGE_BUDGET_SETTINGS

from cuberail.bots.mcts import (
    DEFAULT_EXPLORATION,
    MCTSBot,
    MCTSConfig,
    title_settings,
)
from cuberail.bots.registry import make_bot
from cuberail.games import get_game


def _searched(name: str, title: str) -> MCTSBot:
    bot = make_bot(name, 3)
    assert isinstance(bot, MCTSBot)
    bot.search(get_game(title).new_game(4))
    return bot


def test_trans_siberian_searches_with_its_own_cutoff_and_exploration() -> None:
    bot = _searched("mcts:20", "trans-siberian")
    assert bot._cutoff == CUTOFFS["trans-siberian"]
    assert bot._exploration == EXPLORATIONS["trans-siberian"]
    assert bot._exploration != DEFAULT_EXPLORATION  # a knob of its own, not the shared one


def test_chicago_express_keeps_its_cutoff_and_exploration() -> None:
    bot = _searched("mcts:20", "chicago-express")
    assert (bot._cutoff, bot._exploration) == (CUTOFFS["chicago-express"], 1.4)
    assert "chicago-express" not in EXPLORATIONS


@pytest.mark.parametrize("title", ["chicago-express", "trans-siberian"])
def test_a_named_knob_wins_over_the_titles_default(title: str) -> None:
    bot = _searched("mcts:20:cut40:c2.5", title)
    assert (bot._cutoff, bot._exploration) == (40, 2.5)


def test_the_exploration_used_scales_with_the_titles_constant() -> None:
    """Before 8 rewards are seen, every seat explores with half the constant in use."""
    bot = MCTSBot(1, MCTSConfig(iterations=1))
    bot.search(get_game("trans-siberian").new_game(4))
    bot._count = 0
    assert bot._explorations() == [0.5 * EXPLORATIONS["trans-siberian"]] * 4


def test_a_search_by_default_differs_from_one_with_the_shared_constant() -> None:
    """The title's constant is the one searched with: same seed, different trees."""
    state = get_game("trans-siberian").new_game(4)
    own = MCTSBot(5, MCTSConfig(iterations=300))
    shared = MCTSBot(5, MCTSConfig(iterations=300, exploration=DEFAULT_EXPLORATION))
    visits = [sorted(c.visits for c in bot.search(state).children) for bot in (own, shared)]
    assert visits[0] != visits[1]


def _settings(name: str, title: str) -> tuple[int | None, float]:
    bot = make_bot(name, 3)
    assert isinstance(bot, MCTSBot)
    return title_settings(title, bot.config)


@pytest.mark.parametrize("name", ["mcts:2000", "mcts:50000", "mcts:0.25s", "mcts:3s", "hard"])
def test_a_large_budget_searches_trans_siberian_cut_at_60_with_the_shared_constant(
        name: str) -> None:
    assert _settings(name, "trans-siberian") == LARGE_BUDGET_SETTINGS["trans-siberian"] == (
        60, DEFAULT_EXPLORATION)


@pytest.mark.parametrize("name", ["mcts", "mcts:200", "mcts:1999", "mcts:0.1s", "mcts:0.2s"])
def test_a_small_budget_keeps_trans_siberians_own_cutoff_and_constant(name: str) -> None:
    assert _settings(name, "trans-siberian") == (CUTOFFS["trans-siberian"],
                                                 EXPLORATIONS["trans-siberian"])


@pytest.mark.parametrize(("iterations", "seconds", "large"), [
    (5000, 0.5, True), (5000, 0.1, False), (500, 5.0, False), (None, 0.3, True)])
def test_with_both_budgets_the_smaller_decides(iterations: int | None, seconds: float,
                                                large: bool) -> None:
    """A search stops at whichever budget comes first: large only if neither is small."""
    config = MCTSConfig(iterations=iterations, seconds=seconds)
    expected = (LARGE_BUDGET_SETTINGS["trans-siberian"] if large
                else (CUTOFFS["trans-siberian"], EXPLORATIONS["trans-siberian"]))
    assert title_settings("trans-siberian", config) == expected


@pytest.mark.parametrize("name", ["mcts:200", "hard", "mcts:20000"])
def test_chicago_express_searches_alike_at_every_budget(name: str) -> None:
    assert _settings(name, "chicago-express") == (CUTOFFS["chicago-express"],
                                                  DEFAULT_EXPLORATION)


def test_a_named_knob_wins_over_the_large_budget_settings_too() -> None:
    bot = make_bot("mcts:2000:cut40:c2.5", 3)
    assert isinstance(bot, MCTSBot)
    bot._prepare("trans-siberian")
    assert (bot._cutoff, bot._exploration) == (40, 2.5)
    plain = make_bot("mcts:2000", 3)
    assert isinstance(plain, MCTSBot)
    plain._prepare("trans-siberian")
    assert (plain._cutoff, plain._exploration) == (60, DEFAULT_EXPLORATION)
