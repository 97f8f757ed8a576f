"""The drawings' words in the reader's language: the board's own words and the moves'.

Every word a board shows (its labels and every ``<title>`` tooltip) comes from catalogs
of one string per key with named ``{placeholders}`` (cuberail.core.words): each title's
board words in its draw kit's ``data/words-LANG.json`` (``draw/<package>/data/``), and
the words it shares with the games' views (terrains, company colours, every move's
sentence) in the titles' catalogs ``games/<title>/data/words-LANG.json``, so that a move
reads the same on the board, in the browser's move buttons and (in English) in the
terminal. The browser (``board.svg?lang=``), ``replay --svg --lang``, docs and reports
draw the same words, and draw needs nothing from the server or the web client.
"""

from __future__ import annotations

from importlib.util import find_spec
from pathlib import Path

from cuberail.core.words import DEFAULT, LANGUAGES, Said, language, merged, placeholders
from cuberail.core.words import Words as _Words
from cuberail.games import infos, layer_module_name
from cuberail.games.words import MOVE_PACKAGES

LAYER = "draw"


def _has_words(package: str) -> bool:
    """Whether ``package`` (not imported: a draw kit imports this module) holds English
    board words."""
    spec = find_spec(package)
    folders = spec.submodule_search_locations if spec is not None else None
    return any((Path(folder) / "data" / f"words-{DEFAULT}.json").is_file()
               for folder in folders or ())


def kit_packages() -> tuple[str, ...]:
    """The draw kits that hold board words, in title order: as now found."""
    kits = [layer_module_name(info.title, LAYER) for info in infos()]
    return tuple(kit for kit in kits if _has_words(kit))


# The draw kits known when this module was imported (as games.words.MOVE_PACKAGES).
KIT_PACKAGES = kit_packages()
BOARD_PACKAGES = (*MOVE_PACKAGES, *KIT_PACKAGES)


def catalog(lang: str) -> dict[str, str]:
    """The boards' own words of ``lang`` (one of LANGUAGES), every draw kit's, as
    key -> text."""
    return dict(merged(KIT_PACKAGES, lang))


class Words(_Words):
    """Board and move words of one language: ``say(key, **values)``, ``render(said)``."""

    def __init__(self, lang: str | None = DEFAULT) -> None:
        super().__init__(lang, BOARD_PACKAGES)

    def company(self, company_id: str) -> str:
        """A company's name: a word of the language when the catalogs have one
        (``company.<id>``, a colour), else its id as it is (an initialism)."""
        key = f"company.{company_id}"
        return self.say(key) if key in self.fallback else company_id


__all__ = ["DEFAULT", "LANGUAGES", "Said", "Words", "catalog", "kit_packages", "language",
           "placeholders"]
