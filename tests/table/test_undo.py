"""Hotseat undo at the table: a player takes back only their own decisions."""

from __future__ import annotations

from pathlib import Path

from tablekit import new_game

from cuberail.cli.records import load_record
from cuberail.cli.table.undo import undo_own
from cuberail.core.actions import Action


def test_undo_takes_back_only_my_own_decision(tmp_path: Path) -> None:
    game = new_game(tmp_path, "chicago-express", bots="0", names="Ann,Bob,Cy")
    assert undo_own(game, 0) == "nothing to undo: Ann has made no decision yet"
    game.apply(Action("bid", (7,)))  # Ann (CE-2.2: seat 0 opens the setup auction)
    game.apply(Action("bid", (8,)))  # Bob
    assert undo_own(game, 0) == (
        "cannot undo: Bob has moved since your last decision; Bob must undo first")
    assert len(game.record.actions) == 2
    assert undo_own(game, 1) == "took back Bob's 'bid $8 for the PRR share'"
    assert game.record.actions == [Action("bid", (7,))]
    assert load_record(game.path).actions == game.record.actions  # saved


def test_undo_names_the_bot_moves_it_takes_back(tmp_path: Path) -> None:
    game = new_game(tmp_path, "chicago-express", bots="random,random")
    game.apply(Action("bid", (7,)))
    bot = game.seats[game.state.current_player()]
    game.apply(bot.make_bot(1).choose(game.state))
    text = undo_own(game, 0)
    assert text.startswith("took back Player 1's 'bid $7 for the PRR share' and 1 later move")
    assert game.record.actions == []
