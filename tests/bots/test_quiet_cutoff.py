"""``quiet`` cut-offs: a rollout reaching its cut-off inside an auction plays the auction
out before the evaluator scores the position (CE-2, CE-4; TS-2, TS-7).

The evaluators price a running auction worst (who wins the share, and at what price,
is still open), so a quiet search scores only positions between auctions.
"""

from __future__ import annotations

import pytest
from kitviews import AUCTION_RUNNING, QUIET

from cuberail.bots.mcts import MCTSBot, MCTSConfig
from cuberail.bots.registry import make_bot, parse_mcts
from cuberail.core.state import GameState
from cuberail.games import get_game

TITLES = ("chicago-express", "trans-siberian")


def _scored(title: str, quiet: bool) -> list[GameState]:
    """The positions one search from the opening (an auction) asked its evaluator about."""
    bot = MCTSBot(5, MCTSConfig(iterations=60, cutoff=2, quiet=quiet))
    bot._prepare(title)
    evaluate = bot._evaluate
    assert evaluate is not None
    seen: list[GameState] = []

    def recording(state: GameState) -> list[float]:
        seen.append(state.clone())
        assert evaluate is not None
        return evaluate(state)

    bot._evaluate = recording
    bot.search(get_game(title).new_game(4, {}))
    return seen


@pytest.mark.parametrize("title", TITLES)
def test_a_quiet_search_scores_no_position_inside_an_auction(title: str) -> None:
    running = AUCTION_RUNNING[title]
    scored = _scored(title, quiet=True)
    assert len(scored) >= 30  # rollouts did reach their cut-off and were scored
    assert not any(running(state) for state in scored)


@pytest.mark.parametrize("title", TITLES)
def test_without_quiet_the_same_search_scores_positions_inside_auctions(title: str) -> None:
    """The check above could fail: cut at 2 moves, most cut-offs fall inside the opening's
    auctions."""
    running = AUCTION_RUNNING[title]
    assert any(running(state) for state in _scored(title, quiet=False))


@pytest.mark.parametrize("title", TITLES)
def test_the_opening_is_an_auction_and_a_finished_game_is_not(title: str) -> None:
    state = get_game(title).new_game(4, {})
    assert AUCTION_RUNNING[title](state)
    bot = make_bot("random", 1)
    while not state.is_terminal():
        state.apply(bot.choose(state))
    assert not AUCTION_RUNNING[title](state)


def test_a_share_auction_during_the_game_is_an_auction_too() -> None:
    """CE-4: a turn's share auction (not only the setup's) counts as running."""
    from cuberail.games.chicago_express.state import BID, SETUP, ChicagoExpressState

    state = get_game("chicago-express").new_game(4, {})
    assert isinstance(state, ChicagoExpressState)
    bot = make_bot("heuristic", 3)
    steps = set()
    while not state.is_terminal():
        if state.step != SETUP:
            steps.add((state.step, AUCTION_RUNNING["chicago-express"](state)))
        state.apply(bot.choose(state))
    assert (BID, True) in steps
    assert {running for step, running in steps if step != BID} == {False}


def _quiet_in_use(name: str, title: str) -> bool:
    bot = make_bot(name, 1)
    assert isinstance(bot, MCTSBot)
    bot._prepare(title)
    return bot._busy is not None


@pytest.mark.parametrize("name", ["mcts:200", "mcts:0.05s:learned", "hard", "mcts:20000"])
def test_chicago_express_cuts_quietly_by_default_and_trans_siberian_does_not(name: str) -> None:
    assert QUIET == {"chicago-express": True}
    assert _quiet_in_use(name, "chicago-express")
    assert not _quiet_in_use(name, "trans-siberian")


@pytest.mark.parametrize("title", TITLES)
def test_a_named_quiet_or_noquiet_wins_over_the_titles_default(title: str) -> None:
    assert _quiet_in_use("mcts:200:quiet", title)
    assert not _quiet_in_use("mcts:200:noquiet", title)


def test_quiet_is_named_in_the_bot_and_the_titles_own_by_default() -> None:
    assert parse_mcts("mcts:200").quiet is None
    assert parse_mcts("mcts:200:cut15:quiet").quiet is True
    assert parse_mcts("mcts:200:quiet:noquiet").quiet is False
    described = make_bot("mcts:200:cut15:quiet", 1)
    assert isinstance(described, MCTSBot)
    assert "cut at 15 outside auctions" in described.config.describe()
    assert "outside auctions" not in parse_mcts("mcts:200:full:quiet").describe()
