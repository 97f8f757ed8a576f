"""The Trans-Siberian Railroad PettingZoo environment, version 0 (bumped on behaviour changes).

    >>> from cuberail.env import trans_siberian_v0
    >>> env = trans_siberian_v0.env(players=4)
    >>> env.reset(seed=1)
    >>> env.agent_selection
    'player_0'

``env()`` wraps ``raw_env()`` as PettingZoo's classic games do: an illegal action
ends the game with reward -1 for the offender (``TerminateIllegalWrapper``), out
of range ids are refused, and the API order is enforced. There is no
``parallel_env``: the game is turn based with an irregular turn order (auctions
go round the table, a builder chooses up to two links), so PettingZoo's
simultaneous-move API does not apply.
"""

from __future__ import annotations

from typing import Any

from cuberail.env.aec import CuberailEnv
from cuberail.env.wrap import wrap

TITLE = "trans-siberian"


def raw_env(**kwargs: Any) -> CuberailEnv:
    """The unwrapped environment: ``players``, ``options``, ``reward``, ``max_cycles`` ..."""
    return CuberailEnv(TITLE, **kwargs)


def env(**kwargs: Any) -> Any:
    """The environment with PettingZoo's standard wrappers (see the module docstring)."""
    return wrap(raw_env(**kwargs))
