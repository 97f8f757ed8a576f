"""The search keeps the subtree of its move while the same seat moves next (one plan)."""

from __future__ import annotations

from cuberail.bots.heuristic import heuristic_for
from cuberail.bots.mcts import MCTSBot, MCTSConfig
from cuberail.core.state import GameState
from cuberail.games import get_game


def build_turn() -> GameState:
    """A Chicago Express position after the setup auctions (played by the heuristic)."""
    state = get_game("chicago-express").new_game(3)
    guide = heuristic_for("chicago-express", 1)
    while state.legal_actions()[0].kind != "choose":
        state.apply(guide.choose(state))
    return state


def test_the_next_decision_of_the_same_seat_starts_from_the_kept_subtree() -> None:
    state = build_turn()
    bot = MCTSBot(1, MCTSConfig(iterations=200))
    reused = []
    for _ in range(30):  # until the bot's move leaves the same seat a real choice
        seat = state.current_player()
        state.apply(bot.choose(state))
        if state.current_player() == seat and len(state.legal_actions()) > 1:
            bot.choose(state)
            reused.append(bot.last_reused)
            break
    assert reused and reused[0] > 0
    assert bot.last_iterations == 200


def test_no_reuse_when_the_position_is_not_the_one_expected() -> None:
    state = build_turn()
    bot = MCTSBot(1, MCTSConfig(iterations=100))
    action = bot.choose(state)
    other = next(a for a in state.legal_actions() if a != action)
    state.apply(other)
    if len(state.legal_actions()) > 1:
        bot.choose(state)
        assert bot.last_reused == 0


def test_reuse_can_be_turned_off() -> None:
    state = build_turn()
    bot = MCTSBot(1, MCTSConfig(iterations=100, reuse=False))
    state.apply(bot.choose(state))
    bot.choose(state)
    assert bot.last_reused == 0


def test_same_seed_same_moves_with_reuse() -> None:
    def moves() -> list[str]:
        state = build_turn()
        bot = MCTSBot(7, MCTSConfig(iterations=60))
        out = []
        for _ in range(4):
            if state.is_terminal():
                break
            action = bot.choose(state)
            out.append(action.text())
            state.apply(action)
        return out

    assert moves() == moves()
