"""clean_name: one rule for player names at every edge (records, command line, server)."""

from __future__ import annotations

import unicodedata

import pytest
from hypothesis import given
from hypothesis import strategies as st

from cuberail.core import NameRefusedError, clean_name
from cuberail.core.names import MAX_NAME


@pytest.mark.parametrize(("raw", "clean"), [
    ("Ann", "Ann"), ("  Ann  ", "Ann"), ("Ann   Lee", "Ann Lee"), ("Ann\u00a0Lee", "Ann Lee"),
    ("Zoë", "Zoë"), ("Zoe\u0308", "Zoë"), ("李雷", "李雷"), ("👩\u200d🚀", "👩\u200d🚀"),
    ("<b>x</b>", "<b>x</b>"), ("[bold]x[/]", "[bold]x[/]"), ("a" * MAX_NAME, "a" * MAX_NAME),
])
def test_names_are_trimmed_and_normalised_but_otherwise_kept(raw: str, clean: str) -> None:
    """Markup-looking names are kept as data: whoever shows a name escapes it."""
    assert clean_name(raw) == clean


@pytest.mark.parametrize(("raw", "message"), [
    ("", "may not be empty"), ("   ", "may not be empty"),
    ("a" * (MAX_NAME + 1), f"at most {MAX_NAME} characters, not {MAX_NAME + 1}"),
    ("a\nb", "U+000A"), ("a\tb", "U+0009"), ("nul\x00", "U+0000"), ("\x1b[31mred", "U+001B"),
    ("a\x7f", "U+007F"), ("a\x85", "U+0085"), ("\u202eevil", "U+202E"), ("a\u2028b", "U+2028"),
    ("a\ud800", "U+D800"), ("a\ufeff", "U+FEFF"), ("a\uffff", "U+FFFF"),
])
def test_bad_names_are_refused_naming_the_character(raw: str, message: str) -> None:
    with pytest.raises(NameRefusedError, match=message.replace("+", r"\+")):
        clean_name(raw)


@pytest.mark.parametrize("raw", [None, 7, b"ann", ["ann"]])
def test_a_name_must_be_text(raw: object) -> None:
    with pytest.raises(NameRefusedError, match="a player name is text"):
        clean_name(raw)


@given(st.text(st.characters(codec=None), max_size=60))
def test_any_text_gives_a_clean_printable_name_or_a_one_line_refusal(raw: str) -> None:
    try:
        name = clean_name(raw)
    except NameRefusedError as exc:
        assert str(exc).isprintable()
        return
    assert 1 <= len(name) <= MAX_NAME and name == name.strip()
    assert clean_name(name) == name
    name.encode("utf-8")  # no lone surrogate
    assert not any(unicodedata.category(c) in ("Cc", "Cs", "Zl", "Zp") for c in name)
    assert all(c == " " or not c.isspace() for c in name) and "  " not in name
