"""Issue 29 in plain mode: --no-hints kept by --load, links typed by name, quiet bids."""

from __future__ import annotations

import random
from pathlib import Path

from test_cli_play import Script, load, make_game, quiet_console

from cuberail.cli.lineplay import human_turn
from cuberail.cli.records import load_record


def test_no_hints_is_saved_and_kept_by_load(tmp_path: Path) -> None:
    game = make_game(tmp_path, "chicago-express", "--players", "3", "--bots", "2", "--no-hints")
    assert not game.hints
    assert load_record(game.path).meta["no_hints"] is True
    console, out = quiet_console()
    with_script = Script(["hint", "pass"])
    human_turn(game, with_script, console)
    assert "hints are off in this game" in out.getvalue()
    again = load(game.path)
    assert not again.hints and again.hint() == "hints are off in this game"


def test_hints_stay_on_without_the_option(tmp_path: Path) -> None:
    game = make_game(tmp_path, "chicago-express", "--players", "3", "--bots", "2")
    assert game.hints and "no_hints" not in load_record(game.path).meta


def test_a_link_typed_by_name_in_plain_mode(tmp_path: Path) -> None:
    game = make_game(tmp_path, "trans-siberian", "--players", "3", "--bots", "0")
    rng = random.Random(7)
    while sum(1 for a in game.state.legal_actions() if a.kind == "link") < 40:
        game.apply(rng.choice(game.state.legal_actions()))
    routes = [a for a in game.state.legal_actions()
              if a.kind == "link" and a.args[0] == "kazan-yekaterinburg"]
    console, out = quiet_console()
    chosen = human_turn(game, Script(["yekaterinburg", "build kazan-yekaterinburg"]), console)
    assert "could be" in out.getvalue() and "Kirov - Yekaterinburg" in out.getvalue()
    assert chosen == routes[0]  # the cheapest route (fewest jump fees)


def test_plain_bids_in_phase_1_carry_no_nationalization_warning(tmp_path: Path) -> None:
    game = make_game(tmp_path, "trans-siberian", "--players", "3", "--bots", "0")
    bid = next(a for a in game.state.legal_actions() if a.kind == "bid")
    assert "nationaliz" not in game.describe(bid)
    console, out = quiet_console()
    human_turn(game, Script(["pass"]), console)
    assert "nationalized at the next" not in out.getvalue()  # the board keeps its track
