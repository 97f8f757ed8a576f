"""Issue 30: a generic module never names a title. Every room but the titles' own
(``games/<package>/``) finds titles by their kits: its modules (Python, and the browser's
JavaScript and pages) mention no title's name, id, alias or package outside the title's
own folders (``<room>/<package>/``)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

import cuberail
from cuberail.games import infos

SRC = Path(cuberail.__file__).resolve().parent
ROOMS = ("core", "bots", "draw", "terminal", "env", "server", "cli", "web")
SUFFIXES = (".py", ".js", ".html")
# Modules still naming a title, each with its fix; remove an entry once it is done.
PENDING: dict[str, str] = {}


def _packages() -> set[str]:
    return {info.package.rsplit(".", 1)[-1] for info in infos()}


def _pattern() -> re.Pattern[str]:
    """Every word that names a title: its id, package, aliases and the words of its name."""
    words: set[str] = set()
    for info in infos():
        words |= {info.title, info.package.rsplit(".", 1)[-1], *info.aliases}
        words |= {w for w in re.split(r"[\s\-]+", info.name) if len(w) > 3 and w[0].isupper()
                  and w.lower() not in ("railroad", "railway")}
    return re.compile(r"\b(" + "|".join(sorted(map(re.escape, words))) + r")\b", re.I)


def _generic_files() -> list[Path]:
    packages = _packages()
    files = [path for room in ROOMS for path in (SRC / room).rglob("*")
             if path.suffix in SUFFIXES and "__pycache__" not in path.parts
             and not packages & set(path.relative_to(SRC / room).parts[:-1])]
    return sorted([*files, *SRC.glob("*.py")])


def _cases() -> list[object]:
    """Each generic module; a pending one expected to fail until its fix is made."""
    out: list[object] = []
    for path in _generic_files():
        rel = path.relative_to(SRC).as_posix()
        marks = [pytest.mark.xfail(reason=PENDING[rel])] if rel in PENDING else []
        out.append(pytest.param(path, id=rel, marks=marks))
    return out


def test_the_pattern_finds_a_title_where_one_is_named() -> None:
    for info in infos():
        assert _pattern().search(f"say {info.title} here")
        assert _pattern().search(f"a {info.name} board")


@pytest.mark.parametrize("path", _cases())
def test_a_generic_module_names_no_title(path: Path) -> None:
    text = path.read_text(encoding="utf-8")
    found = [f"{n}: {line.strip()}" for n, line in enumerate(text.splitlines(), 1)
             if _pattern().search(line)]
    assert not found, f"{path.relative_to(SRC)} names a title:\n" + "\n".join(found)
