"""Words in the reader's language: catalogs of sentences, and sentences given as data.

A sentence is given as a :class:`Said`: a catalog key and the named values its
``{placeholders}`` take. A value is a number or a name that reads the same in every
language (``$12``, a company's initials, a city's name), a nested Said for a word that itself
translates (a company named by a colour, a warning), or a tuple of
values read as a list (``PRR, NYC``, with the language's ``list.separator``).

A player is the value ``Said("seat", {"n": 2})`` (:func:`seat`: seat 2, counting from
0), which each face renders as that player's name (:func:`named` in Python, the
``seat`` names of ``sayParts`` in the browser; without names, the catalog's
``seat {n}``): one sentence of what happened serves every reader and every table.

The games' views build Said values for their moves; the terminal renders them in
English, the board drawings and the browser in the reader's language, all from the same
catalogs.

A catalog is ``data/words-LANG.json`` inside a package (one string per key); a set of
packages is read together (each title's moves, the drawings' board words, the shared
words of ``cuberail.core``). This module knows no title: the callers name the packages.
"""

from __future__ import annotations

import json
import re
import string
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from functools import lru_cache
from importlib import resources
from typing import Union

from cuberail.core.errors import CuberailError

LANGUAGES = ("en", "it", "es", "de", "ca")
DEFAULT = "en"
CORE = "cuberail.core"
SEAT = "seat"  # the key of a seat value: Said(SEAT, {"n": seat})
_TAG = re.compile(r"[A-Za-z]{2,3}([-_][A-Za-z0-9]{1,8})*")

Value = Union[str, int, "Said", tuple["Value", ...]]


@dataclass(frozen=True)
class Said:
    """A sentence as data: the catalog ``key`` and the ``values`` of its placeholders."""

    key: str
    values: Mapping[str, Value] = field(default_factory=dict)

    def to_json(self) -> dict[str, object]:
        """``{"key": ..., "values": {...}}`` with nested Said as objects and lists as arrays
        (what the browser renders with the same catalogs)."""
        return {"key": self.key, "values": {k: _value_json(v) for k, v in self.values.items()}}


def seat(n: int) -> Said:
    """A player as a value: the seat ``n`` (from 0), rendered by each face as its name."""
    return Said(SEAT, {"n": n})


def seat_name(names: list[str], n: int) -> str:
    """The name of the player at seat ``n`` (``seat n`` when there is none): for the
    faces that write English directly, as the terminal's step line does."""
    return names[n] if 0 <= n < len(names) else f"seat {n}"


def named(said: Said, names: list[str]) -> Said:
    """``said`` with every seat value (:func:`seat`) replaced by the player's name from
    ``names`` (a seat out of range keeps its ``seat {n}`` words)."""
    return Said(said.key, {k: _named(v, names) for k, v in said.values.items()})


def _named(value: Value, names: list[str]) -> Value:
    if isinstance(value, Said):
        n = value.values.get("n") if value.key == SEAT else None
        if isinstance(n, int) and 0 <= n < len(names):
            return names[n]
        return named(value, names)
    if isinstance(value, tuple):
        return tuple(_named(v, names) for v in value)
    return value


def _value_json(value: Value) -> object:
    if isinstance(value, Said):
        return value.to_json()
    if isinstance(value, tuple):
        return [_value_json(v) for v in value]
    return value


def language(tag: str | None) -> str:
    """The catalog for a language tag (``it``, ``it-IT``, ``de_CH``): its base language if
    cuberail has it, English otherwise (as a browser page falls back).

    A tag that is not a language tag at all (``../x``, ``it it``, an empty string) is refused
    with a reason, so a typo in a command line or a URL is not silently ignored.
    """
    if tag is None:
        return DEFAULT
    if not isinstance(tag, str) or len(tag) > 35 or not _TAG.fullmatch(tag):
        tag = str(tag)
        raise CuberailError(f"lang {tag[:40]!r} is not a language tag; cuberail draws in: "
                            f"{', '.join(LANGUAGES)} (others fall back to en)")
    base = re.split(r"[-_]", tag)[0].lower()
    return base if base in LANGUAGES else DEFAULT


@lru_cache(maxsize=64)
def catalog(package: str, lang: str) -> dict[str, str]:
    """The catalog of ``lang`` (one of LANGUAGES) in ``package`` as key -> text."""
    if lang not in LANGUAGES:
        raise CuberailError(f"no words in {lang!r}; cuberail speaks: {', '.join(LANGUAGES)}")
    path = resources.files(package).joinpath(f"data/words-{lang}.json")
    data = json.loads(path.read_text("utf-8"))
    return {k: v for k, v in data.items() if not k.startswith("_")}


@lru_cache(maxsize=64)
def merged(packages: tuple[str, ...], lang: str) -> dict[str, str]:
    """The catalogs of ``packages`` in ``lang`` read together; each key in one package only."""
    out: dict[str, str] = {}
    for package in packages:
        for key, text in catalog(package, lang).items():
            if key in out:
                raise CuberailError(f"the word {key!r} is in two catalogs ({package})")
            out[key] = text
    return out


def placeholders(text: str) -> set[str]:
    """The ``{names}`` a catalog string uses (for the catalogs' completeness test)."""
    return {name for _, name, _, _ in string.Formatter().parse(text) if name}


class Words:
    """Format catalog strings of one language: ``say("hex.income", n=3)``, ``render(said)``.

    A key missing from the language's catalog falls back to English; a key missing from
    English is a bug in the caller and raises.
    """

    def __init__(self, lang: str | None = DEFAULT, packages: Iterable[str] = (CORE,)) -> None:
        self.lang = language(lang)
        self.packages = tuple(packages)
        self.own = merged(self.packages, self.lang)
        self.fallback = merged(self.packages, DEFAULT)

    def say(self, key: str, **values: object) -> str:
        pattern = self.own.get(key) or self.fallback[key]
        return pattern.format_map(_Values(values))

    def render(self, said: Said) -> str:
        """The sentence of ``said`` in this language (nested values rendered first)."""
        return self.say(said.key, **{k: self.value(v) for k, v in said.values.items()})

    def value(self, value: Value) -> str:
        """One value as text: a Said rendered, a tuple as a list, the rest as written."""
        if isinstance(value, Said):
            return self.render(value)
        if isinstance(value, tuple):
            return self.join([self.value(v) for v in value])
        return str(value)

    def join(self, items: list[str]) -> str:
        """A list of names (``red, blue``) with the language's separator."""
        return self.say("list.separator").join(items)


class _Values(dict[str, object]):
    """Named values for ``format_map``; a name the string uses but the call lacks is a bug."""

    def __init__(self, values: Mapping[str, object]) -> None:
        super().__init__(values)

    def __missing__(self, key: str) -> object:
        raise KeyError(f"a catalog string uses {{{key}}} but the caller gave no {key}")


__all__ = ["CORE", "DEFAULT", "LANGUAGES", "SEAT", "Said", "Value", "Words", "catalog",
           "language", "merged", "named", "placeholders", "seat"]
