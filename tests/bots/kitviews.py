"""The titles' search settings and learned files as tables by title, read from their kits
(:mod:`cuberail.bots.kit`): what the tests compare the search with."""

from __future__ import annotations

from dataclasses import replace

import pytest

from cuberail.bots import kit as kits
from cuberail.bots.kit import DEFAULT_EXPLORATION, Kit, kit_for
from cuberail.bots.mcts import Busy

TITLES = ("chicago-express", "trans-siberian")


def kit(title: str) -> Kit:
    found = kit_for(title)
    assert found is not None, f"{title} has no kit"
    return found


CUTOFFS = {t: kit(t).search.cutoff for t in TITLES}
QUIET = {t: True for t in TITLES if kit(t).search.quiet}
EXPLORATIONS = {t: kit(t).search.exploration for t in TITLES
                if kit(t).search.exploration != DEFAULT_EXPLORATION}
LARGE_BUDGET_SETTINGS = {t: s for t in TITLES if (s := kit(t).search.large_budget) is not None}
LEARNED_CUTOFFS = {t: c for t in TITLES if (c := kit(t).search.learned_cutoff) is not None}
AUCTION_RUNNING: dict[str, Busy] = {t: b for t in TITLES
                                    if (b := kit(t).auction_running) is not None}


def ship(monkeypatch: pytest.MonkeyPatch, title: str, file: str | None) -> None:
    """Make ``title``'s kit name ``file`` as its shipped weights (None: none shipped), for
    one test."""
    found = kit(title)
    assert found.features is not None
    monkeypatch.setitem(kits._KITS, title,
                        replace(found, features=replace(found.features, shipped=file)))
