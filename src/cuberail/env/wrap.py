"""PettingZoo's standard wrappers for a turn-based game with an action mask."""

from __future__ import annotations

from typing import Any

from pettingzoo.utils import wrappers

ILLEGAL_REWARD = -1


def wrap(raw: Any) -> Any:
    """Illegal action: the game ends, -1 for the offender; ids out of range refused; order kept."""
    env = wrappers.TerminateIllegalWrapper(raw, illegal_reward=ILLEGAL_REWARD)
    env = wrappers.AssertOutOfBoundsWrapper(env)
    return wrappers.OrderEnforcingWrapper(env)
