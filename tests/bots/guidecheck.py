"""A policy/value network's guide checked against the network's own forward pass."""

from __future__ import annotations

from typing import Any

import pytest

from cuberail.core.state import GameState


def checked_guide(net: Any, features: Any, encoding: Any,
                  state: GameState) -> tuple[list[float], list[float]]:
    """The guide's priors and values (in the state's seat order) for ``state``'s legal
    actions, after checking that the mover's value is the network's first (the mover's)
    row: the guide turns the values back from the network's mover-first order."""
    from cuberail.bots import network  # (numpy: the callers skip without it)

    legal = state.legal_actions()
    priors, values = network.make_guide(net, features, encoding)(state, legal)
    _, turned = net.forward(network.state_rows(state, features, encoding),
                            network.action_rows(state, legal, encoding))
    assert values[state.current_player()] == pytest.approx(turned[0])
    return priors, values
