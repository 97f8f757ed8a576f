"""The per-title invariant registry of the conformance suite: title -> check_invariants(state).

``check_invariants`` raises AssertionError (with a message) when a state breaks one of the
title's invariants. Register a title with one line in INVARIANTS.
"""

from __future__ import annotations

from collections.abc import Callable

import invariants_ce
import invariants_ts

from cuberail.core import GameState

CheckInvariants = Callable[[GameState], None]

INVARIANTS: dict[str, CheckInvariants] = {
    "chicago-express": invariants_ce.check_invariants,
    "trans-siberian": invariants_ts.check_invariants,
}


def no_invariants(state: GameState) -> None:
    """For a title not registered yet (test_every_title_has_invariants reports it)."""


def check_for(title: str) -> CheckInvariants:
    return INVARIANTS.get(title, no_invariants)
