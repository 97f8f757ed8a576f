"""Player names: one cleaning rule for every edge (records, the command line, the server).

A name is data, never markup: whoever shows one escapes it for its medium (``rich`` markup,
HTML). :func:`clean_name` only makes sure a name is a short single line of visible text:

- it must be a string; it is put in Unicode NFC form (so that equal-looking names are equal);
- control characters (``\\x00``-``\\x1f``, ``\\x7f``-``\\x9f``), line and paragraph
  separators, lone surrogates, Unicode noncharacters and invisible format characters
  (such as right-to-left overrides; the zero-width joiners of emoji are kept) are refused;
- runs of spaces (of any Unicode kind) become one space, and the ends are trimmed;
- what is left must be 1 to :data:`MAX_NAME` characters (code points) long.

    >>> clean_name("  Ann   Lee ")
    'Ann Lee'
"""

from __future__ import annotations

import unicodedata

from cuberail.core.errors import NameRefusedError

MAX_NAME = 40
# Format characters kept: zero-width non-joiner and joiner (used in scripts and emoji).
_KEPT_FORMAT = frozenset("\u200c\u200d")
_REFUSED_CATEGORIES = frozenset({"Cc", "Cs", "Cf", "Zl", "Zp"})


def clean_name(value: object) -> str:
    """The cleaned form of a player name, or :class:`NameRefusedError` saying what is wrong."""
    if not isinstance(value, str):
        raise NameRefusedError(f"a player name is text, not {type(value).__name__}")
    bad = _first_refused(value)
    if bad is not None:
        raise NameRefusedError(
            f"a player name may not contain {_describe(bad)}"
            " (control, format or separator characters, lone surrogates)")
    text = " ".join(unicodedata.normalize("NFC", value).split())
    if not text:
        raise NameRefusedError("a player name may not be empty")
    if len(text) > MAX_NAME:
        raise NameRefusedError(
            f"a player name is at most {MAX_NAME} characters, not {len(text)}")
    return text


def _first_refused(text: str) -> str | None:
    """The first character of ``text`` that a name may not contain, if any."""
    for char in text:
        if _is_noncharacter(char):
            return char
        if char.isprintable() or char == " " or char in _KEPT_FORMAT:
            continue
        if unicodedata.category(char) in _REFUSED_CATEGORIES:
            return char
    return None


def _is_noncharacter(char: str) -> bool:
    code = ord(char)
    return 0xFDD0 <= code <= 0xFDEF or code & 0xFFFE == 0xFFFE


def _describe(char: str) -> str:
    name = unicodedata.name(char, "")
    return f"U+{ord(char):04X}" + (f" ({name})" if name else "")
