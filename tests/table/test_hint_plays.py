"""The twelfth newcomer run: "the hint's wording can't be typed back as a move" (`bid $4
for the C&O share` gave "'bid' takes one argument"), and "I'd like a key that plays the
hint, like the browser's Play this". A move typed in the words the log and the hint say
it is that move; a hint readies its move: its choice marked, or its amount typed, so that
Enter plays it."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from tablekit import at_table, new_game, settle, type_text
from test_score_words import standings_text
from textual.pilot import Pilot

from cuberail.cli.records import load_record
from cuberail.cli.table.app import TableApp


@pytest.mark.parametrize("title", ["chicago-express", "trans-siberian"])
def test_enter_after_a_hint_plays_the_hinted_move(tmp_path: Path, title: str) -> None:
    game = new_game(tmp_path, title, bots="medium,medium,medium", players=4, seed=3)
    game.hint_iterations = 60  # a reproducible hint

    async def check(app: TableApp, pilot: Pilot[int]) -> None:
        for _ in range(3):  # three decisions of the human, each played by its hint
            if app.game.state.is_terminal():
                break
            at = len(app.game.record.actions)
            await pilot.press("f3")
            for _ in range(200):
                await pilot.pause(0.05)
                if not app.hinting:
                    break
            assert "Enter plays it" in app.message, app.message
            hinted = app.game.hint_memory.last[app.game.state.current_player()]
            await pilot.press("enter")
            await pilot.pause()
            assert app.game.record.actions[at] == hinted, app.message
            await settle(app, pilot)
        assert app.game.hints_played(0) == (3, 3)  # kept for the end's line

    at_table(game, check)


@pytest.mark.parametrize("title", ["chicago-express", "trans-siberian"])
def test_the_end_says_how_many_moves_the_hints_played(tmp_path: Path, title: str) -> None:
    """The 34th newcomer run won Chicago Express by playing every hint, "so a win means
    little", and asked the end to say so. Each hint given is kept in the record's meta
    (it survives a save and a load); the final standings say, under a seat that asked,
    how many of its moves were the hint's, and how many hints it was given."""
    game = new_game(tmp_path, title, bots="0", players=3)
    rng = random.Random(4)
    given = mine = 0
    while not game.state.is_terminal():
        state = game.state
        legal = state.legal_actions()
        move = rng.choice(legal)
        mine += state.current_player() == 0
        if state.current_player() == 0 and given < 3 and len(legal) > 1:
            other = next(a for a in legal if a != move)  # the third hint is not played
            game.note_hint(len(game.record.actions), 0, move if given < 2 else other)
            given += 1
        game.apply(move)
    assert given == 3
    assert game.hints_played(0) == (2, 3) and game.hints_played(1) == (0, 0)
    assert load_record(game.path).meta["hints"] == game.record.meta["hints"]
    game.record.meta["hints"].update({"x": [0, "pass"], "99998": "pass", "99999": [0]})
    assert game.hints_played(0) == (2, 3)
    text = standings_text(game)
    assert f"hints: 2 of {mine} moves played as hinted (3 hints asked)" in text, text
    assert text.count("hints:") == 1


@pytest.mark.parametrize("title", ["chicago-express", "trans-siberian"])
def test_a_move_typed_as_the_log_says_it_is_that_move(tmp_path: Path, title: str) -> None:
    async def check(app: TableApp, pilot: Pilot[int]) -> None:
        state = app.game.state
        bids = [a for a in state.legal_actions() if a.kind == "bid"]
        wanted = bids[min(2, len(bids) - 1)]  # not the lowest: a bid named by its words
        sentence = app.game.describe_in(state, wanted).split(" (")[0]
        assert sentence.startswith("bid $"), sentence
        at = len(app.game.record.actions)
        await type_text(pilot, sentence)
        await pilot.pause()
        assert app.game.record.actions[at] == wanted, app.message

    at_table(new_game(tmp_path, title, bots="medium,medium,medium", players=4, seed=3), check)
