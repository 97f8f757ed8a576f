"""The move sentences of every title, one catalog per title and language.

Each title's view builds a :class:`~cuberail.core.words.Said` for a move
(``describe_parts``); its catalogs (``games/<title>/data/words-LANG.json``) hold the
sentence in each language, with the words every catalog shares (``cuberail.core``).
The terminal renders English (``describe_action``); the board drawings and the browser
render the reader's language from these same catalogs.
"""

from __future__ import annotations

from functools import lru_cache

from cuberail.core.words import CORE, Said, Words
from cuberail.games import infos

# Each title's package holds its catalogues (``data/words-LANG.json``); found, not listed.
# The titles known when this module was imported (a plug-in installed later in the same
# process is in move_packages(), which looks again).
TITLE_PACKAGES = {info.title: info.package for info in infos()}
MOVE_PACKAGES = (CORE, *TITLE_PACKAGES.values())


def move_packages() -> tuple[str, ...]:
    """The packages of every title's move sentences, with the shared words: as now found."""
    return (CORE, *(info.package for info in infos()))


def move_words(lang: str | None = None) -> Words:
    """The move sentences of every title in ``lang`` (a language tag; English when None)."""
    return _words(lang, move_packages())


@lru_cache(maxsize=16)
def _words(lang: str | None, packages: tuple[str, ...]) -> Words:
    return Words(lang, packages)


def english(said: Said) -> str:
    """``said`` in English: what the terminal, logs and ``label`` of a move show."""
    return move_words("en").render(said)


__all__ = ["MOVE_PACKAGES", "TITLE_PACKAGES", "english", "move_packages", "move_words"]
