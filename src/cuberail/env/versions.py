"""The PettingZoo environments by title: ``raw_env(title)``, ``env(title)``, and the
module ``<title>_v0`` of each title (the title with underscores: ``cuberail.env`` makes it
on first use, see its ``__getattr__``).

    >>> from cuberail.env import versions
    >>> from cuberail.games import titles
    >>> env = versions.env(titles()[0], players=4)  # any title or alias with an env kit
    >>> env.reset(seed=1)
    >>> env.agent_selection
    'player_0'

``env()`` wraps ``raw_env()`` as PettingZoo's classic games do: an illegal action
ends the game with reward -1 for the offender (``TerminateIllegalWrapper``), out
of range ids are refused, and the API order is enforced. The version is bumped
whenever behaviour changes.
"""

from __future__ import annotations

import sys
from types import ModuleType
from typing import Any

VERSION = 0


def module_name(title: str) -> str:
    """The name of a title's versioned module: ``<title with underscores>_v<VERSION>``."""
    return f"{title.replace('-', '_')}_v{VERSION}"


def title_of(name: str) -> str | None:
    """The title a versioned module name stands for (among those with an env kit), or None."""
    from cuberail.env.kit import has_kit
    from cuberail.games import titles

    return next((t for t in titles() if module_name(t) == name and has_kit(t)), None)


def raw_env(title: str, **kwargs: Any) -> Any:
    """The unwrapped environment of ``title``: ``players``, ``options``, ``reward``,
    ``max_cycles`` ... (:class:`cuberail.env.aec.CuberailEnv`)."""
    from cuberail.env.aec import CuberailEnv

    return CuberailEnv(title, **kwargs)


def env(title: str, **kwargs: Any) -> Any:
    """The environment of ``title`` with PettingZoo's standard wrappers (see the module
    docstring)."""
    from cuberail.env.wrap import wrap

    return wrap(raw_env(title, **kwargs))


def version_module(title: str) -> ModuleType:
    """The module ``cuberail.env.<title>_v0``: ``TITLE``, ``raw_env(**kw)``, ``env(**kw)``,
    its documentation from the title's env kit; made once and kept in ``sys.modules``."""
    from cuberail.env.kit import kit_for
    from cuberail.games import get_game

    info = get_game(title)
    name = f"cuberail.env.{module_name(info.title)}"
    if name in sys.modules:
        return sys.modules[name]
    kit = kit_for(info.title)
    module = ModuleType(name, f"The {info.name} PettingZoo environment, version {VERSION}"
                              f" (see cuberail.env.versions).\n\n{kit.doc}")
    module.TITLE = info.title  # type: ignore[attr-defined]
    module.raw_env = _bound(raw_env, info.title)  # type: ignore[attr-defined]
    module.env = _bound(env, info.title)  # type: ignore[attr-defined]
    sys.modules[name] = module
    return module


def _bound(make: Any, title: str) -> Any:
    def made(**kwargs: Any) -> Any:
        return make(title, **kwargs)
    made.__name__, made.__doc__ = make.__name__, make.__doc__
    return made
