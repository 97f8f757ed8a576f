"""Each title's research knowledge is an env kit found by the title (cuberail.env.kit): the
generic env modules name no title, and a title without a kit gets a clear error, never
another title's layout or action table."""

from __future__ import annotations

import re
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from tests.plugins import plugin_title

import cuberail.env as env_package
from cuberail.core.errors import CuberailError
from cuberail.env import kit as kits
from cuberail.env import vector, versions
from cuberail.env.actions import action_table
from cuberail.env.kit import EnvKit, kit_for
from cuberail.env.observe import layout_for
from cuberail.games import get_game, titles

ENV = Path(env_package.__file__).parent
PLUGIN = '''
from dataclasses import replace
from cuberail.games.chicago_express import INFO as BASE
INFO = replace(BASE, title="toy", name="Toy", package="toyplug", aliases=(),
               short_name="cuberail_toy")
'''


@pytest.fixture
def toy(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[str]:
    """A plug-in title ``toy`` (package ``toyplug``, no env kit), named by an entry point."""
    monkeypatch.setattr(kits, "_KITS", {})
    with plugin_title(tmp_path, monkeypatch, "toyplug", "toy", PLUGIN):
        yield "toy"
    for name in [n for n in sys.modules if n.startswith("toyplug.")] + ["cuberail.env.toy_v0"]:
        sys.modules.pop(name, None)


def _own_folders() -> set[Path]:
    return {ENV / get_game(t).package.rsplit(".", 1)[-1] for t in titles()}


def test_the_generic_env_modules_name_no_title() -> None:
    words = re.compile(r"chicago|siberian|\bce\b|\bts\b", re.IGNORECASE)
    own = _own_folders()
    generic = [p for p in ENV.rglob("*.py") if not any(f in p.parents for f in own)]
    assert len(generic) >= 10
    named = [f"{p.name}: {line.strip()}" for p in generic
             for line in p.read_text(encoding="utf-8").splitlines() if words.search(line)]
    assert not named, named


@pytest.mark.parametrize("title", titles())
def test_each_title_has_its_kit_in_env_its_package(title: str) -> None:
    found = kit_for(title)
    assert isinstance(found, EnvKit)
    assert found is kit_for(get_game(title).aliases[0])  # looked up once, by alias too
    assert layout_for(title) is found.layout and found.layout.title == title
    assert action_table(title).title == title
    assert found.doc


@pytest.mark.parametrize("title", titles())
def test_each_title_has_its_versioned_pettingzoo_module(title: str) -> None:
    name = versions.module_name(title)
    module = getattr(env_package, name)
    assert title == module.TITLE and module.__name__ == f"cuberail.env.{name}"
    assert getattr(env_package, name) is module
    raw = module.raw_env(players=3)
    assert raw.metadata["name"] == f"cuberail_{name}" and raw.info.title == title
    assert versions.env(title, players=3).unwrapped.info.title == title
    made = env_package.make_env(get_game(title).aliases[0], num_players=3, reward="rank")
    assert made.unwrapped.info.title == title and made.unwrapped.reward_kind == "rank"
    assert made.unwrapped.players == 3


def test_an_unknown_versioned_name_is_no_attribute() -> None:
    with pytest.raises(AttributeError, match="no_such_title_v0"):
        env_package.no_such_title_v0  # noqa: B018
    with pytest.raises(ImportError):
        from cuberail.env import no_such_title_v0  # noqa: F401


def test_a_title_without_an_env_kit_gets_an_error_naming_what_is_missing(toy: str) -> None:
    for ask in (layout_for, action_table, kit_for, lambda t: vector.make(t, 2),
                versions.raw_env, env_package.make_env):
        with pytest.raises(CuberailError, match=r"'toy' has no research environment.*toyplug\.env"):
            ask(toy)
    assert not kits.has_kit(toy)
    with pytest.raises(AttributeError):
        env_package.toy_v0  # noqa: B018


def test_a_title_with_its_own_env_kit_is_a_research_environment(
        toy: str, tmp_path: Path) -> None:
    (tmp_path / "toyplug" / "env.py").write_text(
        "from cuberail.env.chicago_express.kit import KIT\n", encoding="utf-8")
    assert kits.has_kit(toy)
    assert layout_for(toy) is kit_for("chicago-express").layout
    env = env_package.toy_v0.env(players=4)
    env.reset(seed=1)
    assert env.agent_selection == "player_0"


def test_a_kit_that_fails_to_import_is_not_taken_for_a_missing_one(
        toy: str, tmp_path: Path) -> None:
    (tmp_path / "toyplug" / "env.py").write_text("import toyplug_missing_dependency\n",
                                                 encoding="utf-8")
    with pytest.raises(ModuleNotFoundError, match="toyplug_missing_dependency"):
        kit_for(toy)
