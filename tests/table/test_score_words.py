"""The end says what each Trans-Siberian score is made of (issue 29, the 26th newcomer
run: "4. Player 1 $277" against "1. Bot 2 (medium) $375", and nowhere the cash plus the
shares at their value). TS-9.2: the score is cash plus each share of a public company
at its share value; shares of a company not public count nothing."""

from __future__ import annotations

import asyncio
import random
import re
from pathlib import Path

from tablekit import new_game, settle
from tests.walks import random_end
from textual.widgets import OptionList

from cuberail.cli.play import Game
from cuberail.cli.summary import cash_story
from cuberail.cli.table import teach
from cuberail.cli.table.app import TableApp
from cuberail.games.trans_siberian.state import TransSiberianState
from cuberail.terminal.trans_siberian.table import score_words


def finished(tmp_path: Path, title: str, seed: int = 1) -> Game:
    game = new_game(tmp_path, title, bots="0")
    rng = random.Random(seed)
    while not game.state.is_terminal():
        game.apply(rng.choice(game.state.legal_actions()))
    return game


def test_a_score_is_its_cash_plus_its_public_shares_at_value() -> None:
    seen = 0
    for seed in range(6):
        state = random_end("trans-siberian", seed, players=4)
        assert isinstance(state, TransSiberianState)
        for seat, score in enumerate(state.scores()):
            said = score_words(state, seat)
            head = said.split(";")[0]
            assert head.endswith(f" = ${score}"), said
            terms = head[:-len(f" = ${score}")].split(" + ")
            assert terms[0] == f"${state.cash[seat]} cash"
            total = state.cash[seat]
            for term in terms[1:]:
                found = re.fullmatch(r"(\w+) (\d+) × \$(\d+)", term)
                assert found, term
                total += int(found[2]) * int(found[3])
                seen += 1
            assert total == score, said
    assert seen


def test_the_final_standings_give_each_score_its_parts(tmp_path: Path) -> None:
    game = finished(tmp_path, "trans-siberian", 2)
    state = game.state
    text = standings_text(game)
    for seat in range(state.num_players):
        assert " ".join(score_words(state, seat).split()) in text, (seat, text)


def standings_text(game: Game) -> str:
    """The final standings at 120x40, their lines joined, spaces collapsed."""
    lines: list[str] = []

    async def run() -> None:
        app = TableApp(game)
        async with app.run_test(size=(120, 40)) as pilot:
            await settle(app, pilot)
            await pilot.pause()
            menu = app.query_one("#menu", OptionList)
            lines.extend(str(menu.get_option_at_index(i).prompt)
                         for i in range(menu.option_count))

    asyncio.run(run())
    return " ".join(" ".join(line.split()) for line in lines)


def test_chicago_express_scores_are_cash_and_say_nothing_more(tmp_path: Path) -> None:
    game = finished(tmp_path, "chicago-express")
    assert teach.score_words(game.state, 0) == ""


def test_where_the_score_is_the_cash_the_end_says_where_the_cash_came_from(
        tmp_path: Path) -> None:
    """The 27th newcomer run lost a Chicago Express game ($48 against $79) and the end
    said only why it ended; `cuberail replay --summary` said why it was lost (dividends
    +61 against +90). CE-9.2: the score is the cash. Each line now says the cash at the
    start, from dividends and spent."""
    game = finished(tmp_path, "chicago-express")
    story = cash_story(game.record)
    text = standings_text(game)
    for p, score in enumerate(game.state.result().scores):
        start, paid = story.cash[0][p], sum(r.gains[p] for r in story.rounds)
        said = (f"${start} at the start + ${paid} from dividends −"
                f" ${start + paid - score} spent = ${score}")
        assert said in text, (said, text)
    assert any(sum(r.gains[p] for r in story.rounds) for p in range(len(story.players)))


def test_the_final_standings_are_broken_again_for_a_smaller_terminal(tmp_path: Path) -> None:
    """The 27th newcomer run read the score lines at 80x24 broken twice, flush left: they
    had been broken for the menu's width before a resize. They are drawn again."""
    game = finished(tmp_path, "trans-siberian", 2)

    async def run() -> None:
        app = TableApp(game)
        async with app.run_test(size=(120, 40)) as pilot:
            await settle(app, pilot)
            await pilot.resize_terminal(80, 24)
            await pilot.pause()
            await pilot.pause()
            menu = app.query_one("#menu", OptionList)
            width = menu.scrollable_content_region.width
            lines = [str(menu.get_option_at_index(i).prompt) for i in range(menu.option_count)]
            parts = [line for line in lines if "cash" in line or " × $" in line]
            assert parts and all(line.startswith("       ") for line in parts), lines
            assert all(len(line) <= width for line in parts), (width, parts)

    asyncio.run(run())


def test_the_final_standings_say_the_shares_a_nationalization_took(tmp_path: Path) -> None:
    """TS-8.1 (the 42nd newcomer run): the shares a seat held when its company was
    nationalized are gone from its score; the end says where they went."""
    from cuberail.cli.table import teach
    from cuberail.core.record import start_state
    from cuberail.games import get_game

    for seed in range(1, 12):
        (tmp_path / str(seed)).mkdir()
        game = finished(tmp_path / str(seed), "trans-siberian", seed)
        lost = teach.losses(start_state(game.record, get_game), game.record.actions)
        if lost:
            break
    else:
        raise AssertionError("no seat lost shares to a nationalization in 11 random games")
    text = standings_text(game)
    for seat, words in lost.items():
        assert "lost to the nationalization at dividend #" in words
        assert " ".join(f"{score_words(game.state, seat)}; {words}".split()) in text, text
