"""The drawings' words in the reader's language: one catalog per language, English fallback.

Every word a board shows (its labels and every ``<title>`` tooltip, the moves on its
elements included) comes from ``data/words-LANG.json``: one string per key, with named
``{placeholders}``. The draw room owns these catalogs so that the browser (``board.svg?lang=``),
``replay --svg --lang``, docs and reports draw the same words, and so that draw needs
nothing from the server or the web client.
"""

from __future__ import annotations

import json
import re
import string
from collections.abc import Mapping
from functools import lru_cache
from importlib import resources

from cuberail.core.errors import CuberailError

LANGUAGES = ("en", "it", "es", "de", "ca")
DEFAULT = "en"
_TAG = re.compile(r"[A-Za-z]{2,3}([-_][A-Za-z0-9]{1,8})*")


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


@lru_cache(maxsize=len(LANGUAGES))
def catalog(lang: str) -> dict[str, str]:
    """The catalog of ``lang`` (one of LANGUAGES) as key -> text."""
    if lang not in LANGUAGES:
        raise CuberailError(f"no board words in {lang!r}; cuberail draws in: "
                            f"{', '.join(LANGUAGES)}")
    raw = resources.files("cuberail.draw").joinpath(f"data/words-{lang}.json").read_text("utf-8")
    data = json.loads(raw)
    return {k: v for k, v in data.items() if not k.startswith("_")}


def placeholders(text: str) -> set[str]:
    """The ``{names}`` a catalog string uses (for the catalogs' completeness test)."""
    return {name for _, name, _, _ in string.Formatter().parse(text) if name}


class Words:
    """Format catalog strings of one language: ``say("hex.income", n=3)``.

    A key missing from the language's catalog falls back to English; a key missing from
    English is a bug in the drawing and raises.
    """

    def __init__(self, lang: str | None = DEFAULT) -> None:
        self.lang = language(lang)
        self.own = catalog(self.lang)
        self.fallback = catalog(DEFAULT)

    def say(self, key: str, **values: object) -> str:
        pattern = self.own.get(key) or self.fallback[key]
        return pattern.format_map(_Values(values))

    def join(self, items: list[str]) -> str:
        """A list of names (``red, blue``) with the language's separator."""
        return self.say("list.separator").join(items)

    def company(self, company_id: str) -> str:
        """A company's name: Chicago Express ids stay (PRR, B&O); Trans-Siberian colours
        are words of the language."""
        key = f"company.{company_id}"
        return self.say(key) if key in self.fallback else company_id


class _Values(dict[str, object]):
    """Named values for ``format_map``; a name the string uses but the call lacks is a bug."""

    def __init__(self, values: Mapping[str, object]) -> None:
        super().__init__(values)

    def __missing__(self, key: str) -> object:
        raise KeyError(f"a board string uses {{{key}}} but the drawing gave no {key}")


__all__ = ["DEFAULT", "LANGUAGES", "Words", "catalog", "language", "placeholders"]
