"""Which build of cuberail is loaded: the pure-Python source or its mypyc compilation.

The pure-Python modules are the one source of truth. When the package is installed
with a C compiler at hand, ``setup.py`` compiles the modules in :data:`COMPILED`
with mypyc, and each compiled module (a ``.so`` next to its ``.py``) is imported in
place of the source. Without a compiler the install is pure and everything works
the same, only slower.

``CUBERAIL_PURE=1`` in the environment makes this process ignore the compiled
modules: cuberail's modules are then loaded from their ``.py`` source (an import
hook installed by ``cuberail/__init__.py``). ``cuberail bench`` and the tests use it
to run both builds side by side.

This module is never compiled itself, and ``setup.py`` reads :data:`COMPILED` from
it without importing the package, so it imports nothing from cuberail: the titles'
own declarations (see :data:`GENERIC`) are read from their source as text.
"""

from __future__ import annotations

import ast
import hashlib
import importlib.machinery
import json
import os
import re
import sys
from collections.abc import Sequence
from importlib.abc import MetaPathFinder
from types import ModuleType

PURE_ENV = "CUBERAIL_PURE"
ROOT = os.path.dirname(os.path.abspath(__file__))  # the cuberail package folder

# The engine and search hot paths, compiled by mypyc when a compiler is present.
# Not the CLI, server, web or research environments, but for the research environments'
# per-step loops in plain Python (legal ids, the batch encoders' gathering of integers).
# Not core.actions either: an Action may hold anything until it is checked (a compiled
# module would refuse a float argument with a TypeError before the check could say why).
# The generic modules of each room are listed here; each title's modules are declared by
# the title's own package in that room (``<room>/<package>/__init__.py`` assigns
# ``COMPILED = ("state", ...)``, names relative to the package), read by
# :func:`declared` without importing anything, so a new title adds no line here.
GENERIC: dict[str, tuple[str, ...]] = {
    "core": ("auction", "bits", "state"),
    "games": (),  # none generic, but its titles' are looked for
    "bots": ("base", "evaluate", "mcts", "rollout"),
    "env": ("legal", "stream"),
}
DECLARATION = "COMPILED"  # the name a title package's list is assigned to


def declared(init: str) -> tuple[str, ...]:
    """The modules a package's ``__init__.py`` declares compiled (its ``COMPILED`` tuple of
    relative names), read with :mod:`ast` from the statement alone (every import of
    cuberail asks); none when it declares none."""
    with open(init, encoding="utf-8") as source:
        lines = source.read().splitlines()
    start = next((i for i, line in enumerate(lines)
                  if re.match(rf"{DECLARATION}\b\s*(:[^=]*)?=", line)), None)
    if start is None:
        return ()
    for end in range(start + 1, len(lines) + 1):  # the statement may span lines
        try:
            node = ast.parse("\n".join(lines[start:end]), init).body[0]
        except SyntaxError:
            continue
        value = node.value if isinstance(node, ast.Assign | ast.AnnAssign) else None
        names = ast.literal_eval(value) if value is not None else None
        if isinstance(names, tuple) and all(isinstance(n, str) for n in names):
            return names
        break
    raise ValueError(f"{init}: {DECLARATION} must be a tuple of module names")


def title_modules(room: str, root: str = ROOT) -> list[str]:
    """The compiled modules the packages in ``room`` declare, in the order of their names."""
    folder = os.path.join(root, room)
    out: list[str] = []
    for entry in sorted(os.scandir(folder), key=lambda e: e.name):
        init = os.path.join(entry.path, "__init__.py")
        if entry.is_dir() and os.path.isfile(init):
            out += [f"cuberail.{room}.{entry.name}.{name}" for name in declared(init)]
    return out


def manifest(root: str = ROOT) -> tuple[str, ...]:
    """Every module to compile: each room's generic ones, then its titles' ones."""
    return tuple(name for room, generic in GENERIC.items()
                 for name in (*(f"cuberail.{room}.{m}" for m in generic),
                              *title_modules(room, root)))


COMPILED: tuple[str, ...] = manifest()


def pure_requested() -> bool:
    """Whether ``CUBERAIL_PURE=1`` asks this process to ignore the compiled modules."""
    return os.environ.get(PURE_ENV, "").strip() not in ("", "0")


def is_compiled(module: ModuleType) -> bool:
    """Whether ``module`` was loaded from a compiled extension rather than ``.py`` source."""
    return isinstance(getattr(module, "__loader__", None), importlib.machinery.ExtensionFileLoader)


def _extension_of(name: str) -> str | None:
    """The compiled extension file of module ``name`` next to its source, if there is one."""
    base = os.path.join(ROOT, *name.split(".")[1:])
    for suffix in importlib.machinery.EXTENSION_SUFFIXES:
        if os.path.exists(base + suffix):
            return base + suffix
    return None


def extensions_status() -> str:
    """The compiled modules on disk: ``none``, ``fresh``, ``stale`` or ``incomplete``.

    ``stale``: a source file changed after the build (its ``.py`` is newer than its
    extension), so the compiled code is not what the source says. ``incomplete``: some
    listed modules are compiled and some not, or a module no longer listed still is.
    Either way the pure source is used (see :func:`use_pure_if_asked`): the ``.py``
    files are the source of truth.
    """
    found = {name: _extension_of(name) for name in COMPILED}
    present = {name: path for name, path in found.items() if path is not None}
    if not present:
        return "none"
    if len(present) < len(COMPILED) or _strays():
        return "incomplete"
    digests = _recorded_digests()
    for name, path in present.items():
        source = os.path.join(ROOT, *name.split(".")[1:]) + ".py"
        if os.path.exists(source) and _changed(source, path, digests.get(name)):
            return "stale"
    return "fresh"


def _changed(source: str, extension: str, recorded: str | None) -> bool:
    """Whether ``source`` changed after its ``extension`` was built. Not when it is no
    newer than the extension; when it is, by the digest the build recorded if there is
    one (an installed wheel's files all carry the install's time), else it did. Every
    import of cuberail asks, so the digest is read only when the times disagree."""
    if os.path.getmtime(source) <= os.path.getmtime(extension):
        return False
    if recorded is None:
        return True
    with open(source, "rb") as text:
        return hashlib.sha256(text.read()).hexdigest() != recorded


def _build_record() -> dict[str, object]:
    """What setup.py wrote of the build (``_build.json``), or nothing."""
    try:
        with open(os.path.join(ROOT, "_build.json"), encoding="utf-8") as source:
            said = json.load(source)
    except (OSError, ValueError):
        return {}
    return said if isinstance(said, dict) else {}


def _recorded_digests() -> dict[str, str]:
    said = _build_record().get("sources")
    if not isinstance(said, dict):
        return {}
    return {k: v for k, v in said.items() if isinstance(k, str) and isinstance(v, str)}


def _strays() -> list[str]:
    """Compiled extensions of modules no longer listed in :data:`COMPILED` (an old build)."""
    listed = {os.path.join(ROOT, *name.split(".")[1:]) for name in COMPILED}
    folders = {os.path.dirname(path) for path in listed}
    out = []
    for folder in folders:
        for entry in os.scandir(folder):
            stem, dot, _ = entry.name.partition(".")
            if dot and _is_extension(entry.name) and os.path.join(folder, stem) not in listed:
                out.append(entry.path)
    return out


def _is_extension(filename: str) -> bool:
    return any(filename.endswith(s) for s in importlib.machinery.EXTENSION_SUFFIXES)


def loaded_build() -> str:
    """``compiled``, ``pure`` or ``mixed``: how the modules of :data:`COMPILED` were loaded.

    Imports them (they are the engine and the search, which any run needs anyway).
    """
    flags = {is_compiled(importlib.import_module(name)) for name in COMPILED}
    if flags == {True}:
        return "compiled"
    return "pure" if flags == {False} else "mixed"


def build_note() -> str:
    """One line for people: which build runs, and why when it is not the compiled one."""
    build = loaded_build()
    if build == "compiled":
        return "compiled build (mypyc): the engine and search run as C extensions"
    if build == "mixed":
        return "mixed build: some modules compiled, some not (unexpected; reinstall)"
    if pure_requested():
        return f"pure-Python build ({PURE_ENV}=1 is set: the compiled modules are ignored)"
    status = extensions_status()
    if status in ("stale", "incomplete"):
        return (f"pure-Python build: the compiled modules are {status} (source changed since"
                " the build), so the source runs; `pip install -e .` rebuilds them")
    reason = install_reason()
    if reason:
        return (f"pure-Python build: nothing compiled at install time: {reason}. Once"
                " mended, a reinstall (`pip install -e .`) compiles the engine and search,"
                " several times faster")
    return ("pure-Python build: nothing compiled at install time (the install left no"
            " record of why; `pip install -v -e .` shows the build's messages)")


def install_reason() -> str | None:
    """What the install said of a pure build (``_build.json``, written by setup.py)."""
    said = _build_record()
    if said.get("build") != "pure":
        return None
    reason = said.get("reason")
    return reason if isinstance(reason, str) and reason else None


class PureSourceFinder(MetaPathFinder):
    """Finds cuberail's modules as ``.py`` source only, never as compiled extensions."""

    def find_spec(self, fullname: str, path: Sequence[str] | None,
                  target: ModuleType | None = None) -> importlib.machinery.ModuleSpec | None:
        if not fullname.startswith("cuberail.") or path is None:
            return None
        loader = (importlib.machinery.SourceFileLoader, importlib.machinery.SOURCE_SUFFIXES)
        for folder in path:
            spec = importlib.machinery.FileFinder(folder, loader).find_spec(fullname)
            if spec is not None and (spec.origin or spec.submodule_search_locations):
                return spec
        return None


def use_pure_if_asked() -> None:
    """Load cuberail from ``.py`` source when asked to, or when the compiled build is unusable.

    Installs :class:`PureSourceFinder` first on ``sys.meta_path`` with ``CUBERAIL_PURE=1``,
    and when the compiled modules are stale or incomplete (see :func:`extensions_status`).
    """
    if any(isinstance(f, PureSourceFinder) for f in sys.meta_path):
        return
    if pure_requested() or extensions_status() in ("stale", "incomplete"):
        sys.meta_path.insert(0, PureSourceFinder())
