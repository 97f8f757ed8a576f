"""Bot specs are untrusted input (a record names its seats' bots): every budget is capped,
and a spec outside the allowed range is refused with a message naming that range."""

from __future__ import annotations

import pytest

from cuberail.bots.registry import make_bot, parse_mcts
from cuberail.core.errors import CuberailError


@pytest.mark.parametrize(("spec", "allowed"), [
    ("mcts:0", "1 to 100000"),
    ("mcts:100001", "1 to 100000"),
    ("mcts:999999999", "1 to 100000"),
    pytest.param("mcts:" + "9" * 150, "1 to 100000", id="mcts:150-digits"),
    ("mcts:²", "iteration count"),
    ("mcts:0s", "0.01 to 60"),
    ("mcts:0.001s", "0.01 to 60"),
    ("mcts:61s", "0.01 to 60"),
    ("mcts:100:cut0", "1 to 1000"),
    ("mcts:100:cut99999999", "1 to 1000"),
    ("mcts:100:p99999999", "0 to 100000"),
    ("mcts:100:c1000", "0 to 100"),
])
def test_out_of_range_budgets_are_refused_naming_the_range(spec: str, allowed: str) -> None:
    with pytest.raises(CuberailError) as info:
        make_bot(spec, 0)
    message = str(info.value)
    assert allowed in message and len(message) < 400


@pytest.mark.parametrize("spec", ["mcts:1", "mcts:100000", "mcts:0.01s", "mcts:60s",
                                  "mcts:100:cut1", "mcts:100:cut1000", "mcts:100:p0",
                                  "mcts:100:c0", "mcts:100:c100", "mcts:50:full:jump"])
def test_specs_at_the_edges_of_the_ranges_are_accepted(spec: str) -> None:
    assert make_bot(spec, 0) is not None


def test_a_spec_is_refused_when_absurdly_long() -> None:
    with pytest.raises(CuberailError, match="too long"):
        make_bot("mcts" + ":full" * 10_000, 0)


def test_one_iteration_still_chooses_a_legal_move() -> None:
    from cuberail.games import get_game

    state = get_game("chicago-express").new_game(4, {})
    bot = make_bot("mcts:1", 3)
    assert bot.choose(state) in state.legal_actions()
    assert parse_mcts("mcts:1").iterations == 1
