"""Player names: one cleaning rule for every edge (records, the command line, the server).

A name is data, never markup: whoever shows one escapes it for its medium (``rich`` markup,
HTML). :func:`clean_name` sanitises a name into a short single line of visible text, so
that odd input is cleaned rather than refused:

- it must be a string (anything else is refused); it is put in Unicode NFC form (so that
  equal-looking names are equal);
- lone surrogates (which no terminal or UTF-8 file can hold) become U+FFFD;
- control characters (``\\x00``-``\\x1f``, ``\\x7f``-``\\x9f``), line and paragraph
  separators, Unicode noncharacters and invisible format characters (such as
  right-to-left overrides; the zero-width joiners of emoji are kept) become spaces;
- runs of spaces (of any Unicode kind) become one space, and the ends are trimmed;
- a name longer than :data:`MAX_NAME` characters (code points) is cut to that length,
  ending in "…"; only its first few hundred characters are looked at, so a huge name
  costs little;
- a name left empty is refused (:class:`NameRefusedError`).

    >>> clean_name("  Ann \\x1b[2J  Lee ")
    'Ann [2J Lee'
"""

from __future__ import annotations

import unicodedata

from cuberail.core.errors import NameRefusedError

MAX_NAME = 40
# Format characters kept: zero-width non-joiner and joiner (used in scripts and emoji).
_KEPT_FORMAT = frozenset("\u200c\u200d")
_BLANKED_CATEGORIES = frozenset({"Cc", "Cf", "Zl", "Zp"})
_LOOKED_AT = MAX_NAME * 4 + 1  # more than enough for a name of MAX_NAME after cleaning


def clean_name(value: object, limit: int = MAX_NAME) -> str:
    """The cleaned form of a player name (see the module docstring), at most ``limit``
    characters (other names, such as a game's, follow the same rule with their own limit).

    :class:`NameRefusedError` when ``value`` is not a string or nothing visible is left.
    """
    if not isinstance(value, str):
        raise NameRefusedError(f"a player name is text, not {type(value).__name__}")
    raw = value.lstrip()
    head = raw[:_LOOKED_AT if limit == MAX_NAME else limit * 4 + 1]
    text = " ".join(unicodedata.normalize("NFC", _blanked(head)).split())
    if not text:
        raise NameRefusedError(
            "a player name may not be empty (control and format characters are removed)")
    if len(text) > limit or len(raw) > len(head):
        text = unicodedata.normalize("NFC", text[: limit - 1].rstrip() + "…")
    return text


def _blanked(text: str) -> str:
    """``text`` with lone surrogates as U+FFFD and invisible or breaking characters as spaces."""
    if text.isprintable():
        return text
    return "".join(_visible(char) for char in text)


def _visible(char: str) -> str:
    if _is_noncharacter(char):
        return " "
    if char.isprintable() or char in _KEPT_FORMAT:
        return char
    kind = unicodedata.category(char)
    if kind == "Cs":
        return "\ufffd"
    return " " if kind in _BLANKED_CATEGORIES else char


def _is_noncharacter(char: str) -> bool:
    code = ord(char)
    return 0xFDD0 <= code <= 0xFDEF or code & 0xFFFE == 0xFFFE
