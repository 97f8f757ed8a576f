"""The search's rollout cut-off in Chicago Express: the title's default is the one it uses.

The default (the kit's ``search.cutoff``) was checked by tournaments at equal time
and against the heuristic (docs/history.md, "The search's cut-off in Chicago Express"); these
tests check that the bots the players meet (``mcts:...`` without ``:cutN``, the
levels) search with it, and that the cut-off is a real knob (another one searches
differently).
"""

from __future__ import annotations

from botstates import sample_states
from kitviews import CUTOFFS

from cuberail.bots.mcts import AUTO, MCTSBot, MCTSConfig
from cuberail.bots.registry import make_bot, parse_mcts
from cuberail.core.state import GameState

TITLE = "chicago-express"


def _values(bot: MCTSBot, state: GameState) -> list[float]:
    """The root values of one search from ``state`` (seeded: the same for the same bot)."""
    bot.search(state)
    return bot.root_values()


def _states() -> list[GameState]:
    """Positions with several choices, so that the cut-off shows in the root values."""
    return [s for s in sample_states(TITLE, 12, seed=5) if len(s.legal_actions()) > 2][:4]


def test_an_mcts_name_without_cut_searches_at_the_titles_default() -> None:
    assert parse_mcts("mcts:0.05s").cutoff == AUTO
    assert parse_mcts("mcts:150:learned").cutoff == AUTO


def test_the_default_search_equals_an_explicit_cut_at_the_titles_default() -> None:
    cut = CUTOFFS[TITLE]
    for state in _states():
        default = make_bot("mcts:120", 3)
        explicit = make_bot(f"mcts:120:cut{cut}", 3)
        assert isinstance(default, MCTSBot) and isinstance(explicit, MCTSBot)
        assert _values(default, state) == _values(explicit, state.clone())


def test_another_cut_off_searches_differently() -> None:
    """The check above could not fail if the cut-off changed nothing."""
    other = CUTOFFS[TITLE] * 2 + 5
    differs = [_values(MCTSBot(3, MCTSConfig(iterations=120)), s)
               != _values(MCTSBot(3, MCTSConfig(iterations=120, cutoff=other)), s.clone())
               for s in _states()]
    assert any(differs)


def test_hard_searches_at_the_titles_default() -> None:
    bot = make_bot("hard", 1)
    assert isinstance(bot, MCTSBot)
    assert bot.config.cutoff == AUTO


def test_the_title_has_its_own_cut_off_not_the_generic_one() -> None:
    """Chicago Express is tuned on its own (a title without an entry gets DEFAULT_CUTOFF)."""
    assert TITLE in CUTOFFS
    assert 1 <= CUTOFFS[TITLE] <= 1000
