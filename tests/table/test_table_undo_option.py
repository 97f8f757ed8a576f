"""``cuberail play --undo unanswered``: an undo only until another player, a bot included,
has moved after the decision; the table refuses and says why, the record keeps it."""

from __future__ import annotations

from pathlib import Path

import pytest
from tablekit import at_table, settle, type_text
from textual.pilot import Pilot

from cuberail.cli.main import build_parser
from cuberail.cli.play import Game, load_game, new_game
from cuberail.cli.records import load_record
from cuberail.cli.table.app import TableApp
from cuberail.cli.table.undo import undo_own
from cuberail.core.actions import Action
from cuberail.core.errors import CuberailError

REFUSED = ("cannot undo: Bot 2 (random) has moved since your last decision, and this game"
           " was started with --undo unanswered (an undo only until another player moves)")


def make(tmp_path: Path, *argv: str) -> Game:
    args = build_parser().parse_args(["play", "chicago-express", "--players", "3", *argv,
                                      "--save", str(tmp_path / "game.json")])
    return new_game(args, input, False)


def load(path: Path, *argv: str) -> Game:
    return load_game(build_parser().parse_args(["play", "--load", str(path), *argv]))


def bid_and_answer(game: Game) -> None:
    """Player 1 bids $7 (CE-2.2: seat 0 opens the auction), the bot at seat 1 answers."""
    game.apply(Action("bid", (7,)))
    game.apply(game.seats[1].make_bot(1).choose(game.state))


def test_an_answered_decision_is_refused_with_the_option_named(tmp_path: Path) -> None:
    game = make(tmp_path, "--bots", "random,random", "--seed", "3", "--undo", "unanswered")
    bid_and_answer(game)
    assert undo_own(game, 0) == REFUSED
    assert len(game.record.actions) == 2  # nothing taken back


def test_without_the_option_the_bots_answer_is_taken_back_too(tmp_path: Path) -> None:
    game = make(tmp_path, "--bots", "random,random", "--seed", "3")
    bid_and_answer(game)
    assert undo_own(game, 0).startswith("took back Player 1's 'bid $7")
    assert game.record.actions == []


def test_an_unanswered_decision_may_be_taken_back(tmp_path: Path) -> None:
    game = make(tmp_path, "--bots", "0", "--undo", "unanswered")
    game.apply(Action("bid", (7,)))
    assert undo_own(game, 0) == "took back Player 1's 'bid $7 for the PRR share'"


def test_the_table_refuses_and_explains(tmp_path: Path) -> None:
    game = make(tmp_path, "--bots", "random,random", "--seed", "3", "--undo", "unanswered")

    async def check(app: TableApp, pilot: Pilot[int]) -> tuple[str, int]:
        await type_text(pilot, "bid 7")
        await settle(app, pilot)
        played = len(game.record.actions)
        assert played >= 3 and game.state.current_player() == 0
        await type_text(pilot, "undo")
        await pilot.pause()
        return app.message, played

    message, played = at_table(game, check)
    assert message.startswith("cannot undo: Bot 2 (random) has moved since your last")
    assert "this game was started with --undo unanswered" in message
    assert len(game.record.actions) == played


def test_the_record_keeps_the_option_and_a_resumed_game_too(tmp_path: Path) -> None:
    game = make(tmp_path, "--bots", "random,random", "--seed", "3", "--undo", "unanswered")
    assert load_record(game.path).meta["undo"] == "unanswered"
    again = load(game.path)
    bid_and_answer(again)
    assert undo_own(again, 0) == REFUSED
    with pytest.raises(CuberailError, match="keeps that limit"):
        load(game.path, "--undo", "free")


def test_a_free_game_can_be_limited_when_loaded(tmp_path: Path) -> None:
    game = make(tmp_path, "--bots", "random,random", "--seed", "3")
    assert "undo" not in load_record(game.path).meta
    again = load(game.path, "--undo", "unanswered")
    again.save()
    assert load_record(game.path).meta["undo"] == "unanswered"
