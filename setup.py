"""Build of cuberail: the pure-Python package, plus mypyc-compiled engine and search.

All metadata lives in pyproject.toml; this file only adds the compiled modules. The
modules listed in ``src/cuberail/_compiled.py`` are compiled with mypyc when mypyc
and a C compiler work at build time; otherwise (or with ``CUBERAIL_PURE=1`` set at
install time) the install is pure Python, with a message saying why. The ``.py``
source stays the one source of truth either way.

What the build did is written to ``cuberail/_build.json`` (``{"build", "reason"}``),
so that ``cuberail bench`` can name the real reason of a pure install later: pip
shows a build's messages only with ``pip install -v``.
"""

from __future__ import annotations

import contextlib
import hashlib
import io
import json
import os
import runpy
import shlex
import shutil
import subprocess
import sys
import sysconfig
import tempfile
from typing import Any

from setuptools import setup
from setuptools.command.build_ext import build_ext

HERE = os.path.dirname(os.path.abspath(__file__))
RECORD = os.path.join("cuberail", "_build.json")
# Commands that build extensions; metadata steps (egg_info, dist_info) skip mypyc's work.
BUILDS = {"build", "build_ext", "bdist_wheel", "editable_wheel", "develop", "install"}


def note(text: str) -> None:
    print(f"cuberail setup: {text}", file=sys.stderr, flush=True)


def record(build: str, reason: str, *roots: str) -> None:
    """Write what the build did to ``_build.json`` under each root (the source, build/lib).

    A compiled build also records a digest of each compiled module's source: an installed
    wheel's files all carry the install's time, so only the digest tells whether a source
    changed after the build (``cuberail._compiled.extensions_status``).
    """
    said: dict[str, Any] = {"build": build, "reason": reason}
    if build == "compiled":
        said["sources"] = {name: digest(source_of(name)) for name in listed_modules()}
    for root in (os.path.join(HERE, "src"), *roots):
        path = os.path.join(root, RECORD)
        if os.path.isdir(os.path.dirname(path)):
            with open(path, "w", encoding="utf-8") as out:
                json.dump(said, out, indent=1, sort_keys=True)
                out.write("\n")


def listed_modules() -> list[str]:
    """The modules to compile, as ``src/cuberail/_compiled.py`` lists them."""
    listed: list[str] = runpy.run_path(os.path.join(HERE, "src", "cuberail",
                                                    "_compiled.py"))["COMPILED"]
    return listed


def source_of(name: str) -> str:
    return os.path.join("src", *name.split(".")) + ".py"


def digest(path: str) -> str:
    with open(os.path.join(HERE, path), "rb") as source:
        return hashlib.sha256(source.read()).hexdigest()


def fall_back(reason: str, *roots: str) -> None:
    note(f"pure-Python install (slower engine): {reason}")
    record("pure", reason, *roots)


def first_line(text: str, default: str) -> str:
    """The first error line of a tool's output (mypyc prints its type errors on stdout)."""
    lines = [line.strip() for line in text.splitlines() if line.strip()]
    errors = [line for line in lines if "error" in line.lower()]
    return (errors or lines or [default])[0][:300]


def compiled_modules() -> list[Any]:
    """mypyc's extensions for the listed modules, or none (a pure install) when it cannot."""
    if not BUILDS & set(sys.argv[1:]):
        return []
    if os.environ.get("CUBERAIL_PURE", "").strip() not in ("", "0"):
        fall_back("CUBERAIL_PURE is set at install time, nothing compiled")
        return []
    try:
        from mypyc.build import mypycify
    except ImportError as error:
        fall_back(f"mypyc is not available at build time ({error})")
        return []
    problem = compiler_problem()
    if problem:
        fall_back(problem)
        return []
    paths = [source_of(name) for name in listed_modules()]
    said = io.StringIO()
    try:
        with contextlib.redirect_stdout(said):
            extensions = list(mypycify(paths, opt_level="3", debug_level="0"))
    except (Exception, SystemExit) as error:  # mypyc reports type errors by exiting
        print(said.getvalue(), file=sys.stderr)
        fall_back("mypyc could not translate the engine: "
                  + first_line(said.getvalue(), repr(error)))
        return []
    print(said.getvalue(), file=sys.stderr)
    return extensions


def compiler_problem() -> str | None:
    """Why C extensions cannot be compiled here (the compiler's first error line), or None."""
    cc = shlex.split(os.environ.get("CC") or sysconfig.get_config_var("CC") or "cc")
    if not cc or shutil.which(cc[0]) is None:
        return f"no C compiler: {cc[0] if cc else 'cc'} is not on PATH"
    include = sysconfig.get_paths()["include"]
    with tempfile.TemporaryDirectory() as folder:
        probe = os.path.join(folder, "probe.c")
        with open(probe, "w", encoding="utf-8") as out:
            out.write("#include <Python.h>\nint main(void) { return 0; }\n")
        try:
            done = subprocess.run([*cc, "-fsyntax-only", f"-I{include}", probe],
                                  capture_output=True, text=True, timeout=120, check=False)
        except (OSError, subprocess.SubprocessError) as error:
            return f"the C compiler {cc[0]} did not run: {error}"
    if done.returncode != 0:
        return f"the C compiler {cc[0]} failed: " + first_line(done.stderr, "no message")
    return None


class OptionalBuildExt(build_ext):
    """Compiles the extensions, or falls back to a pure install when the C build fails."""

    def run(self) -> None:
        if not self.extensions:
            return
        try:
            super().run()
        except Exception as error:  # the compiler's own error lines are printed above
            self._drop_extensions()
            fall_back(f"compiling the engine failed: {error}", *self._build_roots())
            return
        self._mark_built()
        record("compiled", "mypyc compiled the engine and search", *self._build_roots())

    def _build_roots(self) -> list[str]:
        return [] if self.inplace else [self.build_lib]

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
