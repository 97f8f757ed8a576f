"""Research adapters: PettingZoo environments, OpenSpiel games, self-play data.

Needs the ``research`` extra (``pip install 'cuberail[research]'``). Modules: one
PettingZoo AEC module per title, ``<title with underscores>_v0`` (made on first use:
``from cuberail.env import <title>_v0``; or :func:`make_env` for any title),
``vector`` (batched games), ``actions`` (fixed action ids), ``observe`` (observation
layouts), ``openspiel_game`` (registered on ``import cuberail.openspiel``), ``selfplay``
(training data). Each title's knowledge is in its env kit (``kit``).
"""

from __future__ import annotations

import importlib
from types import ModuleType
from typing import Any


def make_env(title: str, num_players: int = 4, **kwargs: Any) -> Any:
    """The PettingZoo environment of any title with an env kit (by title or alias), with
    PettingZoo's standard wrappers; ``kwargs`` as :class:`cuberail.env.aec.CuberailEnv`'s
    (``options``, ``reward``, ``max_cycles``, ``render_mode``, ``snapshot``)."""
    versions = importlib.import_module(f"{__name__}.versions")
    return versions.env(title, players=num_players, **kwargs)


def __getattr__(name: str) -> ModuleType:
    """``<title>_v0``: the versioned PettingZoo module of a title with an env kit."""
    title = None
    if name.endswith("_v0"):  # the submodules' own names never end so
        versions = importlib.import_module(f"{__name__}.versions")
        title = versions.title_of(name)
    if title is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    module: ModuleType = versions.version_module(title)
    return module
