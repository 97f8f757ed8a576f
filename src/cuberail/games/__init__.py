"""The titles cuberail plays, discovered, and a lookup by title or alias.

A title is a package that exports ``INFO``, its :class:`GameInfo`: every subpackage of
``cuberail.games``, and every package an installed distribution names under the
``cuberail.titles`` entry-point group (a plug-in), e.g. in its pyproject.toml::

    [project.entry-points."cuberail.titles"]
    my-title = "my_package.my_title"

Nothing here names a title: adding one is a new package, not an edit.
"""

from __future__ import annotations

import importlib
import pkgutil
from functools import lru_cache
from importlib.metadata import entry_points
from types import ModuleType

from cuberail.core.errors import CuberailError
from cuberail.core.game import GameInfo
from cuberail.core.snapshot import SnapshotBase

ENTRY_POINTS = "cuberail.titles"


def _packages() -> list[str]:
    """The packages that may hold a title: ours, then the plug-ins'."""
    ours = [f"{__name__}.{m.name}" for m in pkgutil.iter_modules(__path__) if m.ispkg]
    plugins = [point.value for point in entry_points(group=ENTRY_POINTS)]
    return [*ours, *plugins]


def _info_of(package: str) -> GameInfo | None:
    info = getattr(importlib.import_module(package), "INFO", None)
    if not isinstance(info, GameInfo):
        return None
    if info.package and info.package != package:
        raise CuberailError(f"title {info.title!r} says its package is {info.package!r},"
                            f" but it was found in {package!r}")
    return info


_found: dict[str, GameInfo] | None = None
_finding = False


def _titles() -> dict[str, GameInfo]:
    """Every title, found once. A title package that looks titles up while it is being
    imported (a plug-in whose modules call ``get_game`` at import) gets an answer that
    is not kept, so the table kept is the complete one."""
    global _found, _finding
    if _found is not None:
        return _found
    if _finding:
        return _find()
    _finding = True
    try:
        table = _find()
    finally:
        _finding = False
    _found = table
    return table


def _find() -> dict[str, GameInfo]:
    table: dict[str, GameInfo] = {}
    for package in _packages():
        info = _info_of(package)
        if info is None:
            continue
        if info.title in table:
            raise CuberailError(f"two packages declare the title {info.title!r}:"
                                f" {table[info.title].package} and {package}")
        table[info.title] = info
    return table


def _aliases() -> dict[str, str]:
    """Every alias and full name (lower case) -> its title (kept once the titles are)."""
    return _alias_table() if not _finding else _alias_map(_titles())


@lru_cache(maxsize=1)
def _alias_table() -> dict[str, str]:
    return _alias_map(_titles())


def _alias_map(table: dict[str, GameInfo]) -> dict[str, str]:
    out: dict[str, str] = {}
    for info in table.values():
        for alias in (*info.aliases, info.name.lower().replace(" ", "-")):
            out.setdefault(alias.lower(), info.title)
    return out


def refresh() -> None:
    """Forget the titles found so far (after installing a plug-in in this process)."""
    global _found
    _found = None
    _alias_table.cache_clear()


def titles() -> list[str]:
    """Every playable title, e.g. ``chicago-express``."""
    return sorted(_titles())


def infos() -> list[GameInfo]:
    """Every title's :class:`GameInfo`, in title order."""
    table = _titles()
    return [table[title] for title in sorted(table)]


def get_game(title: str) -> GameInfo:
    """The :class:`GameInfo` of a title (or a short alias such as ``ce``)."""
    table = _titles()
    key = title.lower()
    key = key if key in table else _aliases().get(key, key)
    if key not in table:
        raise CuberailError(f"unknown game {title!r}; cuberail plays: {', '.join(sorted(table))}")
    return table[key]


def title_module(title: str, name: str) -> ModuleType:
    """Module ``name`` of a title's package (``view``, ``snapshot``, ...)."""
    return importlib.import_module(f"{get_game(title).package}.{name}")


def snapshot_model(title: str) -> type[SnapshotBase] | None:
    """The pydantic model of a title's JSON snapshot (``Snapshot`` in its ``schema``
    module), or None when the title declares none."""
    name = f"{get_game(title).package}.schema"
    try:
        module = importlib.import_module(name)
    except ModuleNotFoundError as error:
        if error.name == name:
            return None
        raise
    model = getattr(module, "Snapshot", None)
    return model if isinstance(model, type) and issubclass(model, SnapshotBase) else None


def layer_module_name(title: str, layer: str) -> str:
    """Where a title's kit for another room lives: ``cuberail.<layer>.<name>`` for ours
    (``cuberail.bots.chicago_express``), ``<package>.<layer>`` for a plug-in's."""
    package = get_game(title).package
    if package.startswith(f"{__name__}."):
        return f"cuberail.{layer}.{package.rsplit('.', 1)[-1]}"
    return f"{package}.{layer}"


def layer_module(title: str, layer: str) -> ModuleType | None:
    """A title's kit module for ``layer`` (``bots``, ``terminal``...), or None when it has
    none; an import failing inside an existing kit is raised, not taken for a missing one."""
    name = layer_module_name(title, layer)
    try:
        return importlib.import_module(name)
    except ModuleNotFoundError as error:
        missing = error.name or ""
        if name == missing or name.startswith(missing + "."):
            return None
        raise


def moves_module(title: str) -> ModuleType:
    """A title's words for moves and events (``describe_parts``, ``describe_action``,
    ``events``, ``describe_step``): its ``moves`` module."""
    return title_module(title, "moves")


__all__ = ["ENTRY_POINTS", "get_game", "infos", "layer_module", "layer_module_name",
           "moves_module", "refresh", "snapshot_model", "title_module", "titles"]
