"""The drawings' words in the reader's language: the board's own words and the moves'.

Every word a board shows (its labels and every ``<title>`` tooltip) comes from catalogs
of one string per key with named ``{placeholders}`` (cuberail.core.words): the board's own
words in ``draw/data/words-LANG.json``, and the words it shares with the games' views
(terrains, Trans-Siberian company colours, every move's sentence) in the titles' catalogs
``games/<title>/data/words-LANG.json``, so that a move reads the same on the board, in the
browser's move buttons and (in English) in the terminal. The browser
(``board.svg?lang=``), ``replay --svg --lang``, docs and reports draw the same words, and
draw needs nothing from the server or the web client.
"""

from __future__ import annotations

from cuberail.core.words import DEFAULT, LANGUAGES, Said, language, placeholders
from cuberail.core.words import Words as _Words
from cuberail.core.words import catalog as _catalog
from cuberail.games.words import MOVE_PACKAGES

PACKAGE = "cuberail.draw"
BOARD_PACKAGES = (*MOVE_PACKAGES, PACKAGE)


def catalog(lang: str) -> dict[str, str]:
    """The board's own catalog of ``lang`` (one of LANGUAGES) as key -> text."""
    return _catalog(PACKAGE, lang)


class Words(_Words):
    """Board and move words of one language: ``say("ce.income", n=3)``, ``render(said)``."""

    def __init__(self, lang: str | None = DEFAULT) -> None:
        super().__init__(lang, BOARD_PACKAGES)

    def company(self, company_id: str) -> str:
        """A company's name: Chicago Express ids stay (PRR, B&O); Trans-Siberian colours
        are words of the language."""
        key = f"company.{company_id}"
        return self.say(key) if key in self.fallback else company_id


__all__ = ["DEFAULT", "LANGUAGES", "Said", "Words", "catalog", "language", "placeholders"]
