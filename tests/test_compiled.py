"""The two builds: pure-Python source and its mypyc compilation (cuberail._compiled).

The suite runs on whichever build is installed; here the other build is checked too:
with a compiled build present, a sample of the conformance games and every golden record
run again on the pure source (``CUBERAIL_PURE=1``) in a subprocess, and the compiled
modules are shown to be the ones loaded. Without one, the pure build is all there is.
"""

from __future__ import annotations

import ast
import copy
import hashlib
import importlib
import json
import os
import pickle
import random
import re
import runpy
import subprocess
import sys
import tomllib
from pathlib import Path
from typing import Any

import pytest

from cuberail import _compiled
from cuberail.core.state import GameState
from cuberail.games import get_game, titles

REPO = Path(__file__).resolve().parent.parent
SUFFIX = ".cpython-311-x86_64-linux-gnu.so"
BUILT = _compiled.extensions_status() == "fresh"
needs_build = pytest.mark.skipif(not BUILT, reason="no compiled build installed (pure only)")


def _python(code: str, pure: bool) -> dict[str, Any]:
    """Run ``code`` (which prints one JSON value) in a fresh interpreter on one build."""
    env = {**os.environ, _compiled.PURE_ENV: "1" if pure else "0"}
    done = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True,
                          text=True, check=True, cwd=REPO)
    result: dict[str, Any] = json.loads(done.stdout)
    return result


LOADED = """
import importlib, json
from cuberail import _compiled
mods = [importlib.import_module(n) for n in _compiled.COMPILED]
print(json.dumps({"build": _compiled.loaded_build(), "note": _compiled.build_note(),
                  "files": [m.__file__ for m in mods]}))
"""


def test_pure_env_loads_every_compiled_module_from_its_source() -> None:
    out = _python(LOADED, pure=True)
    assert out["build"] == "pure"
    assert all(f.endswith(".py") for f in out["files"])
    assert "CUBERAIL_PURE=1" in out["note"]


@needs_build
def test_the_compiled_modules_are_the_ones_loaded_when_built() -> None:
    out = _python(LOADED, pure=False)
    assert out["build"] == "compiled", out["note"]
    assert not any(f.endswith(".py") for f in out["files"])
    assert out["note"].startswith("compiled build")


def test_the_compiled_modules_import_only_what_the_build_environment_has(
        tmp_path: Path) -> None:
    """mypyc type-checks everything the compiled modules import, in pip's isolated build
    environment, which holds only [build-system].requires: an import of a runtime or
    optional package (Ray, numpy...) anywhere they reach makes the first install pure.
    mypy without site packages sees what that environment would lack."""
    with open(REPO / "pyproject.toml", "rb") as source:
        requires = tomllib.load(source)["build-system"]["requires"]
    allowed = {re.split(r"[<>=!~\[; ]", r, maxsplit=1)[0].lower() for r in requires}
    files = [str(REPO / "src" / Path(*n.split("."))) + ".py" for n in _compiled.COMPILED]
    done = subprocess.run([sys.executable, "-m", "mypy", "--strict", "--no-site-packages",
                           "--cache-dir", str(tmp_path), *files], capture_output=True,
                          text=True, check=False, cwd=REPO)
    missing = set(re.findall(r'module named "([\w.]+)"', done.stdout))
    outside = {m for m in missing if m.split(".")[0].lower() not in allowed}
    assert not outside, (f"compiled modules reach {sorted(outside)}, not in the build"
                         f" requirements {sorted(allowed)}:\n{done.stdout[-2000:]}")


@pytest.mark.skipif(os.environ.get("CUBERAIL_EXPECT_COMPILED") != "1",
                    reason="CUBERAIL_EXPECT_COMPILED=1 not set (.ci/run sets it where gcc works)")
def test_the_compiled_build_runs_where_ci_expects_it() -> None:
    """.ci/run sets CUBERAIL_EXPECT_COMPILED=1 where a C compiler and the Python headers
    work: the Quickstart's install must then have compiled, and this suite run on it."""
    assert not _compiled.pure_requested(), "CUBERAIL_PURE is set"
    assert _compiled.loaded_build() == "compiled", _compiled.build_note()


@needs_build
def test_conformance_sample_and_golden_records_pass_on_the_pure_build() -> None:
    """The other build than the suite's: the pure source, in a subprocess."""
    tests = [
        "tests/conformance/test_conformance.py::test_random_games[chicago-express-0-49]",
        "tests/conformance/test_conformance.py::test_random_games[trans-siberian-0-49]",
        "tests/games/chicago_express/test_ce_golden.py",
        "tests/games/trans_siberian/test_ts_golden.py",
    ]
    env = {**os.environ, _compiled.PURE_ENV: "1"}
    done = subprocess.run([sys.executable, "-m", "pytest", "-o", "addopts=", "-p",
                           "no:cacheprovider", *tests], env=env, capture_output=True,
                          text=True, check=False, cwd=REPO)
    assert done.returncode == 0, done.stdout[-3000:]
    summary = done.stdout.strip().splitlines()[-1]
    assert " passed" in summary and "failed" not in summary, summary


SHARED_CACHES = {"_legal", "_options"}  # read-only caches a clone shares by design


def _fields(state: GameState) -> dict[str, object]:
    """Every field of a state: its ``__dict__`` (pure) or its native attributes (compiled)."""
    if hasattr(state, "__dict__"):
        return dict(vars(state))
    names = {name for cls in type(state).__mro__ for name, value in vars(cls).items()
             if type(value).__name__ == "getset_descriptor" and not name.startswith("__")}
    return {name: getattr(state, name) for name in names if hasattr(state, name)}


@pytest.mark.parametrize("title", titles())
def test_clone_copies_every_field_and_shares_no_mutable_one(title: str) -> None:
    """The clone is written field by field (no ``__dict__`` copy): none may be forgotten."""
    info = get_game(title)
    rng = random.Random(5)
    state = info.new_game(4)
    steps = 0
    while not state.is_terminal():
        if steps % 7 == 0:
            state.legal_actions()
            copy = state.clone()
            original, cloned = _fields(state), _fields(copy)
            assert cloned == original
            for name, value in original.items():
                if isinstance(value, list | dict) and name not in SHARED_CACHES:
                    assert cloned[name] is not value, name
        legal = state.legal_actions()
        state.apply(legal[rng.randrange(len(legal))])
        steps += 1


@pytest.mark.parametrize("title", titles())
def test_copy_deepcopy_and_pickle_give_the_same_state_on_either_build(title: str) -> None:
    """A compiled class can only be made through ``__init__``: copies must still work."""
    state = get_game(title).new_game(3)
    rng = random.Random(9)
    for _ in range(40):
        legal = state.legal_actions()
        state.apply(legal[rng.randrange(len(legal))])
    for other in (copy.copy(state), copy.deepcopy(state), pickle.loads(pickle.dumps(state))):
        assert other.to_json() == state.to_json()
        assert other.legal_actions() == state.legal_actions()


# ----- which build: the facts read from the disk ------------------------------------------


def _fake_package(root: Path, modules: tuple[str, ...]) -> None:
    for name in modules:
        path = root.joinpath(*name.split(".")[1:])
        path.parent.mkdir(parents=True, exist_ok=True)
        path.with_suffix(".py").write_text("", encoding="utf-8")


def _compile(root: Path, name: str, newer: bool = True) -> None:
    base = root.joinpath(*name.split(".")[1:])
    ext = base.parent / (base.name + SUFFIX)
    ext.write_bytes(b"")
    source = base.with_suffix(".py").stat().st_mtime
    stamp = source + 10 if newer else source - 10
    os.utime(ext, (stamp, stamp))


@pytest.fixture
def fake(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    modules = ("cuberail.core.a", "cuberail.games.b")
    monkeypatch.setattr(_compiled, "ROOT", str(tmp_path))
    monkeypatch.setattr(_compiled, "COMPILED", modules)
    monkeypatch.setattr(_compiled.importlib.machinery, "EXTENSION_SUFFIXES", [SUFFIX])
    _fake_package(tmp_path, modules)
    return tmp_path


def test_status_none_when_nothing_is_compiled(fake: Path) -> None:
    assert _compiled.extensions_status() == "none"


def test_status_fresh_when_every_module_is_compiled_after_its_source(fake: Path) -> None:
    _compile(fake, "cuberail.core.a")
    _compile(fake, "cuberail.games.b")
    assert _compiled.extensions_status() == "fresh"


def test_status_stale_when_a_source_changed_after_the_build(fake: Path) -> None:
    _compile(fake, "cuberail.core.a")
    _compile(fake, "cuberail.games.b", newer=False)
    assert _compiled.extensions_status() == "stale"


def _record(root: Path, said: dict[str, Any]) -> None:
    (root / "_build.json").write_text(json.dumps(said), encoding="utf-8")


def _digest(root: Path, name: str) -> str:
    source = root.joinpath(*name.split(".")[1:]).with_suffix(".py")
    return hashlib.sha256(source.read_bytes()).hexdigest()


def test_status_by_recorded_digest_not_file_times(fake: Path) -> None:
    """An installed wheel's sources carry the install's time, newer than its extensions:
    the digests setup.py recorded decide, so it is fresh, and stale once a source changes."""
    _compile(fake, "cuberail.core.a", newer=False)
    _compile(fake, "cuberail.games.b", newer=False)
    _record(fake, {"build": "compiled", "sources": {
        name: _digest(fake, name) for name in ("cuberail.core.a", "cuberail.games.b")}})
    assert _compiled.extensions_status() == "fresh"
    (fake / "games" / "b.py").write_text("x = 1\n", encoding="utf-8")
    assert _compiled.extensions_status() == "stale"


def test_the_note_of_a_pure_install_names_the_reason_the_install_recorded(
        fake: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(_compiled.PURE_ENV, raising=False)
    monkeypatch.setattr(_compiled, "loaded_build", lambda: "pure")
    _record(fake, {"build": "pure", "reason": "no C compiler: cc is not on PATH"})
    assert "at install time: no C compiler: cc is not on PATH." in _compiled.build_note()
    (fake / "_build.json").unlink()
    assert "pip install -v" in _compiled.build_note()


def test_status_incomplete_with_a_module_missing_or_one_no_longer_listed(fake: Path) -> None:
    _compile(fake, "cuberail.core.a")
    assert _compiled.extensions_status() == "incomplete"
    _compile(fake, "cuberail.games.b")
    (fake / "core" / "old.py").write_text("", encoding="utf-8")
    _compile(fake, "cuberail.core.old")
    assert _compiled.extensions_status() == "incomplete"


def test_the_pure_finder_finds_only_source(tmp_path: Path) -> None:
    (tmp_path / "mod.py").write_text("", encoding="utf-8")
    (tmp_path / ("mod" + SUFFIX)).write_bytes(b"")
    finder = _compiled.PureSourceFinder()
    spec = finder.find_spec("cuberail.mod", [str(tmp_path)])
    assert spec is not None and spec.origin == str(tmp_path / "mod.py")
    assert finder.find_spec("json", None) is None
    assert finder.find_spec("cuberail.absent", [str(tmp_path)]) is None


ISINSTANCE = """
import json
from cuberail.bots.base import Bot
from cuberail.bots.heuristic import HeuristicBot
from cuberail.bots.mcts import MCTSBot
from cuberail.core.state import GameState
from cuberail.games import get_game
from cuberail.games.chicago_express.state import ChicagoExpressState as CE
from cuberail.games.trans_siberian.state import TransSiberianState as TS
ce, ts = get_game("chicago-express").new_game(3), get_game("trans-siberian").new_game(3)
bot = HeuristicBot(1)
# each pair: a check that would fill a shared cache, then the one it would poison
print(json.dumps([isinstance(ts, GameState), isinstance(ts, CE),
                  isinstance(ce, TS), isinstance(ce, GameState),
                  isinstance(bot, Bot), isinstance(bot, MCTSBot),
                  type(GameState) is type, type(Bot) is type]))
"""


@pytest.mark.parametrize("pure", [True, pytest.param(False, marks=needs_build)])
def test_isinstance_answers_by_the_class_whatever_was_asked_before(pure: bool) -> None:
    """mypyc builds classes without running ABCMeta.__new__: with GameState and Bot as ABCs,
    every compiled class shared one isinstance cache, so after ``isinstance(ts, GameState)``
    a Trans-Siberian state was a ``ChicagoExpressState`` (the full-screen table then drew
    the wrong title's tracker and crashed). The bases are plain classes now (their
    ``@abstractmethod``s still checked by mypy)."""
    got = _python(ISINSTANCE, pure=pure)
    assert got == [True, False, False, True, True, False, True, True]


# ----- the manifest: generic modules listed, each title's declared by its own package -----

# Today's manifest, written out: a slip in a title's declaration (or in the discovery)
# shows here. A module added to or dropped from the build is an edit of this set too.
MANIFEST = {
    "cuberail.core.auction", "cuberail.core.bits", "cuberail.core.state",
    "cuberail.games.chicago_express.actions", "cuberail.games.chicago_express.board",
    "cuberail.games.chicago_express.state",
    "cuberail.games.trans_siberian.actions", "cuberail.games.trans_siberian.board",
    "cuberail.games.trans_siberian.network", "cuberail.games.trans_siberian.state",
    "cuberail.bots.base", "cuberail.bots.evaluate", "cuberail.bots.mcts",
    "cuberail.bots.rollout",
    "cuberail.bots.chicago_express.fast", "cuberail.bots.chicago_express.features",
    "cuberail.bots.chicago_express.forecast", "cuberail.bots.chicago_express.heuristic",
    "cuberail.bots.chicago_express.search",
    "cuberail.bots.trans_siberian.fast", "cuberail.bots.trans_siberian.features",
    "cuberail.bots.trans_siberian.heuristic", "cuberail.bots.trans_siberian.search",
    "cuberail.env.legal", "cuberail.env.stream",
    "cuberail.env.chicago_express.gather", "cuberail.env.trans_siberian.gather",
}


def test_the_discovered_manifest_is_the_expected_one() -> None:
    assert len(_compiled.COMPILED) == len(set(_compiled.COMPILED))
    assert set(_compiled.COMPILED) == MANIFEST
    for name in _compiled.COMPILED:
        assert (REPO / "src" / Path(*name.split("."))).with_suffix(".py").is_file(), name


def test_each_title_package_declares_its_own_compiled_modules() -> None:
    """The title modules come from the packages' ``COMPILED`` (no import: read as text),
    and say the same as the packages do when imported."""
    generic = {f"cuberail.{room}.{m}" for room, names in _compiled.GENERIC.items()
               for m in names}
    for name in set(_compiled.COMPILED) - generic:
        package, module = name.rsplit(".", 1)
        assert module in importlib.import_module(package).COMPILED, name


def test_setup_py_sees_the_manifest() -> None:
    """setup.py runs _compiled.py as a file (``listed_modules``): the same list, in order."""
    tree = ast.parse((REPO / "setup.py").read_text(encoding="utf-8"))
    listed = [n for n in tree.body if isinstance(n, ast.FunctionDef)
              and n.name == "listed_modules"]
    space: dict[str, Any] = {"os": os, "runpy": runpy, "HERE": str(REPO)}
    exec(compile(ast.Module(body=listed, type_ignores=[]), "setup.py", "exec"), space)
    assert tuple(space["listed_modules"]()) == _compiled.COMPILED


def test_a_declaration_is_read_as_text(tmp_path: Path) -> None:
    init = tmp_path / "__init__.py"
    init.write_text('"""A kit."""\n\nimport nothing_at_all\n\nCOMPILED: tuple[str, ...] = (\n'
                    '    "state",\n    "board",\n)\nOTHER = 1\n', encoding="utf-8")
    assert _compiled.declared(str(init)) == ("state", "board")
    init.write_text("X = 1\n", encoding="utf-8")
    assert _compiled.declared(str(init)) == ()
    init.write_text("COMPILED = [1]\n", encoding="utf-8")
    with pytest.raises(ValueError, match="tuple of module names"):
        _compiled.declared(str(init))
