"""A title's research knowledge, in one place: its env kit, found by the title.

A kit is the package ``cuberail.env.<name>`` (the last part of GameInfo.package), or,
for a plug-in title, ``<its package>.env``, exporting ``KIT``: an :class:`EnvKit` with
the title's observation layout, its fixed action table, its batch encoder and the notes
of its PettingZoo environment. The generic modules (actions, observe, vector, aec,
openspiel_game) read it and name no title. A title without a kit has no research
environment: asking for one raises a :class:`CuberailError` naming what is missing,
never another title's layout or table.

The kits are imported with :mod:`importlib` (``cuberail.games.layer_module``): the
generic modules do not import any title.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from cuberail.core.errors import CuberailError

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

    from cuberail.env.actions import ActionTable
    from cuberail.env.batch import BatchEncoder
    from cuberail.env.observe import Layout

LAYER = "env"  # this room's name: a title's kit is cuberail.env.<name> or <package>.env


@dataclass(frozen=True)
class EnvKit:
    """A title's research knowledge; every part but the batch encoder is required."""

    layout: Layout  # the observation layout (the reference encoder, documented field by field)
    table: Callable[[], ActionTable]  # builds the fixed action table (called once per process)
    # The batch encoder writing many rows at once (None: the reference encoder row by row).
    batch: Callable[[Layout, npt.NDArray[np.float32]], BatchEncoder] | None = None
    doc: str = ""  # the notes of the title's PettingZoo environment (its turn order...)


_KITS: dict[str, EnvKit] = {}


def kit_for(title: str) -> EnvKit:
    """The env kit of ``title`` (a name, an alias or the canonical title), looked up once;
    a :class:`CuberailError` saying what is missing for a title without one."""
    from cuberail.games import get_game, layer_module, layer_module_name

    name = get_game(title).title
    if name in _KITS:
        return _KITS[name]
    module = layer_module(name, LAYER)
    where = layer_module_name(name, LAYER)
    if module is None:
        raise CuberailError(f"{name!r} has no research environment: no env kit module"
                            f" {where} (it would export KIT, a cuberail.env.kit.EnvKit)")
    kit = getattr(module, "KIT", None)
    if not isinstance(kit, EnvKit):
        raise CuberailError(f"{name!r} has no research environment: {where} exports no KIT"
                            " (a cuberail.env.kit.EnvKit)")
    _KITS[name] = kit
    return kit


def has_kit(title: str) -> bool:
    """Whether ``title`` has a research environment (an env kit)."""
    try:
        kit_for(title)
    except CuberailError:
        return False
    return True


def clear() -> None:
    """Forget the kits looked up (after titles are refreshed, as tests do)."""
    _KITS.clear()
