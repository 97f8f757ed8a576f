"""Build of cuberail: the pure-Python package, plus mypyc-compiled engine and search.

All metadata lives in pyproject.toml; this file only adds the compiled modules. The
modules listed in ``src/cuberail/_compiled.py`` are compiled with mypyc when mypyc
and a C compiler work at build time; otherwise (or with ``CUBERAIL_PURE=1`` set at
install time) the install is pure Python, with a message saying so. The ``.py``
source stays the one source of truth either way.
"""

from __future__ import annotations

import os
import runpy
import sys
from typing import Any

from setuptools import setup
from setuptools.command.build_ext import build_ext

HERE = os.path.dirname(os.path.abspath(__file__))
# Commands that build extensions; metadata steps (egg_info, dist_info) skip mypyc's work.
BUILDS = {"build", "build_ext", "bdist_wheel", "editable_wheel", "develop", "install"}


def note(text: str) -> None:
    print(f"cuberail setup: {text}", file=sys.stderr, flush=True)


def compiled_modules() -> list[Any]:
    """mypyc's extensions for the listed modules, or none (a pure install) when it cannot."""
    if not BUILDS & set(sys.argv[1:]):
        return []
    if os.environ.get("CUBERAIL_PURE", "").strip() not in ("", "0"):
        note("CUBERAIL_PURE is set: pure-Python install, nothing compiled")
        return []
    try:
        from mypyc.build import mypycify
    except ImportError:
        note("mypyc is not available: pure-Python install (slower engine)")
        return []
    listed = runpy.run_path(os.path.join(HERE, "src", "cuberail", "_compiled.py"))["COMPILED"]
    paths = [os.path.join("src", *name.split(".")) + ".py" for name in listed]
    try:
        return list(mypycify(paths, opt_level="3", debug_level="0"))
    except (Exception, SystemExit) as error:  # mypyc reports type errors by exiting
        note(f"mypyc could not translate the engine ({error!r}): pure-Python install")
        return []


class OptionalBuildExt(build_ext):
    """Compiles the extensions, or falls back to a pure install when the C build fails."""

    def run(self) -> None:
        try:
            super().run()
        except Exception as error:  # no compiler, no Python headers, ...
            note(f"compiling the engine failed ({error}): pure-Python install (slower engine)")
            self._drop_extensions()
            return
        self._mark_built()

    def _mark_built(self) -> None:
        """Date every compiled module now: a module whose C code did not change is not
        rewritten, and would otherwise look older than its edited source (stale)."""
        paths = set(self.get_outputs())
        if self.inplace:  # the copies beside the sources keep the build's dates: date them too
            paths.update(self.get_ext_fullpath(ext.name) for ext in self.extensions)
        for path in paths:
            if os.path.exists(path):
                os.utime(path)

    def _drop_extensions(self) -> None:
        self.extensions = []
        self.distribution.ext_modules = []


setup(ext_modules=compiled_modules(), cmdclass={"build_ext": OptionalBuildExt})
