"""The fifteenth newcomer run: at the end of a game, Enter on an empty line answered a
bare "allowed now: " (no choice left to list). It now says the game is over and what
the keys do; with no choice for this table while another seat moves, whose move it is."""

from __future__ import annotations

from cuberail.cli.table import choices as C
from cuberail.games import get_game


def test_enter_alone_at_the_end_says_the_game_is_over() -> None:
    s = get_game("trans-siberian").new_game(3, {"dividend_track": 1})
    while not s.is_terminal():
        s.apply(s.legal_actions()[-1])
    reply = C.interpret(s, [], "   ", names=["Ann", "Bob", "Cleo"])
    assert isinstance(reply, C.Reply)
    assert reply.text == C.OVER and "allowed now" not in reply.text


def test_enter_alone_with_nothing_to_choose_names_the_mover() -> None:
    s = get_game("chicago-express").new_game(3, {})
    names = ["Ann", "Bob", "Cleo"]
    reply = C.interpret(s, [], "", names=names)
    assert isinstance(reply, C.Reply)
    assert reply.text == f"nothing to choose now, {names[s.current_player()]} is to move"
