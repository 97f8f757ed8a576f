"""The search's per-title defaults: Trans-Siberian's cut-off and exploration; CE's kept.

Trans-Siberian's search cuts its rollouts later and explores less than Chicago
Express's (measured against the heuristic, docs/trans-siberian.md); a knob named
in the bot's name (``mcts:200:cut40:c1.4``) still wins over the title's default.
"""

from __future__ import annotations

import pytest

from cuberail.bots.mcts import (
    CUTOFFS,
    DEFAULT_EXPLORATION,
    EXPLORATIONS,
    MCTSBot,
    MCTSConfig,
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
    assert (bot._cutoff, bot._exploration) == (30, 1.4)
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
