"""Each title's bot knowledge is a kit found by the title (cuberail.bots.kit); a title without
one plays with generic fallbacks (random heuristic, random rollouts to the end, no learned
model), never another title's knowledge."""

from __future__ import annotations

import logging
import os
import random
from collections.abc import Iterator
from pathlib import Path

import pytest
from tests.plugins import plugin_title

from cuberail.bots import heuristic as heuristics
from cuberail.bots import kit as kits
from cuberail.bots import learned
from cuberail.bots.base import Bot
from cuberail.bots.evaluate import evaluator_for
from cuberail.bots.heuristic import has_heuristic, heuristic_for
from cuberail.bots.kit import Kit, kit_for, kit_module
from cuberail.bots.mcts import DEFAULT_CUTOFF, DEFAULT_EXPLORATION, MCTSBot, _generic_prune
from cuberail.bots.random_bot import RandomBot
from cuberail.bots.registry import make_bot
from cuberail.bots.rollout import biased_policy, fast_policy_for
from cuberail.core.errors import CuberailError
from cuberail.core.state import GameState
from cuberail.games import get_game, titles

PLUGIN = '''
from dataclasses import replace
from cuberail.games.chicago_express import INFO as BASE  # get_game("ce"), before discovery
INFO = replace(BASE, title="toy", name="Toy", package="toyplug", aliases=(),
               short_name="cuberail_toy")
'''


@pytest.fixture
def toy(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[str]:
    """A plug-in title ``toy`` (package ``toyplug``, no bot kit), named by an entry point."""
    monkeypatch.setattr(kits, "_KITS", {})
    monkeypatch.setattr(heuristics, "_NOTED", set())
    with plugin_title(tmp_path, monkeypatch, "toyplug", "toy", PLUGIN):
        yield "toy"


def _toy_state(title: str) -> GameState:
    """A game of the plug-in title: its rules are Chicago Express's, its title its own."""
    state = get_game(title).new_game(4)
    state.title = title
    return state


@pytest.mark.parametrize("title", titles())
def test_each_title_has_a_complete_kit_in_bots_its_package(title: str) -> None:
    found = kit_for(title)
    assert isinstance(found, Kit)
    assert kit_module(title) == f"cuberail.bots.{get_game(title).package.rsplit('.', 1)[-1]}"
    assert kit_for(title) is found  # looked up once
    state = get_game(title).new_game(4)
    legal = state.legal_actions()
    bot = found.heuristic(1)
    assert isinstance(bot, Bot) and bot.choose(state) in legal
    assert found.fast_policy is not None and found.fast_policy()(state, random.Random(1)) in legal
    assert found.evaluator is not None
    chances = found.evaluator(state)
    assert len(chances) == 4 and sum(chances) == pytest.approx(1.0)
    searcher = MCTSBot(1)
    assert found.pruner is not None and set(found.pruner(state, legal, searcher)) <= set(legal)
    assert found.auction_running is not None and found.auction_running(state)  # an auction opens
    assert found.search.cutoff is None or found.search.cutoff > 0
    features = found.features
    assert features is not None and len(features.names) == len(features.hand)
    assert all(len(row) == len(features.names) for row in features.seat_features(state))
    assert features.shipped is not None
    assert os.path.isfile(os.path.join(learned.WEIGHTS_DIR, features.shipped))
    assert learned.load_weights(title)  # the shipped weights fit this build


@pytest.mark.parametrize("title", titles())
def test_the_generic_bots_use_the_titles_own_kit(title: str) -> None:
    found = kit_for(title)
    assert found is not None and found.fast_policy is not None
    assert fast_policy_for(title) is found.fast_policy()
    assert evaluator_for(title, "hand") is found.evaluator
    assert type(heuristic_for(title, 1)) is type(found.heuristic(1))
    bot = MCTSBot(1)
    bot._prepare(title)
    assert bot._prune is found.pruner
    assert bot._busy is (found.auction_running if found.search.quiet else None)


def test_an_unknown_title_has_no_kit() -> None:
    assert kit_for("chess") is None and kit_for("") is None


def test_a_title_without_a_kit_gets_random_and_neutral_fallbacks(
        toy: str, caplog: pytest.LogCaptureFixture) -> None:
    assert kit_for(toy) is None and kit_module(toy) == "toyplug.bots"
    assert not has_heuristic(toy)
    state = _toy_state(toy)
    assert state.title == toy
    with caplog.at_level(logging.WARNING, logger="cuberail.bots"):
        heuristic = make_bot("heuristic", 1)
        assert heuristic.choose(state) in state.legal_actions()
    assert isinstance(heuristic_for(toy, 1), RandomBot)  # never the rules' own title's
    notes = [r.getMessage() for r in caplog.records if r.name == "cuberail.bots"]
    assert notes == ["note: toy has no bot kit; its heuristic plays random moves"]

    search = make_bot("mcts:30", 1)
    assert isinstance(search, MCTSBot)
    assert search.choose(state) in state.legal_actions()
    assert search._policy is biased_policy and fast_policy_for(toy) is biased_policy
    assert search._evaluate is None  # no cut-off evaluation: rollouts play to the end
    assert search._prune is _generic_prune and search._busy is None
    assert (search._cutoff, search._exploration) == (DEFAULT_CUTOFF, DEFAULT_EXPLORATION)
    learned_search = make_bot("mcts:10:learned:p5", 1)
    assert learned_search.choose(state) in state.legal_actions()
    assert evaluator_for(toy, "hand") is None and evaluator_for(toy, "learned") is None


def test_a_title_without_a_kit_has_no_learned_model(
        toy: str, monkeypatch: pytest.MonkeyPatch) -> None:
    assert not learned.has_learned(toy) and learned.shipped_file(toy) is None
    monkeypatch.setenv(learned.WEIGHTS_ENV, "candidate.json")
    assert not learned.has_learned(toy)
    with pytest.raises(CuberailError, match="no learned evaluation for 'toy'; titles with"
                                            " features: chicago-express, trans-siberian"):
        learned.load_weights(toy)
    assert toy not in learned.titles_with_features()


def test_a_kit_that_fails_to_import_is_not_taken_for_a_missing_one(
        toy: str, tmp_path: Path) -> None:
    (tmp_path / "toyplug" / "bots.py").write_text("import toyplug_missing_dependency\n",
                                                  encoding="utf-8")
    with pytest.raises(ModuleNotFoundError, match="toyplug_missing_dependency"):
        kit_for(toy)
