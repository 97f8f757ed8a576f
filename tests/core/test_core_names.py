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


@pytest.mark.parametrize(("raw", "clean"), [
    ("a\nb", "a b"), ("a\tb", "a b"), ("nul\x00", "nul"), ("\x1b[31mred", "[31mred"),
    ("a\x7f", "a"), ("a\x85b", "a b"), ("\u202eevil", "evil"), ("a\u2028b", "a b"),
    ("a\ud800", "a\ufffd"), ("a\ufeff", "a"), ("a\uffff", "a"), ("bell\x07 ok", "bell ok"),
])
def test_control_format_and_separator_characters_become_spaces_and_surrogates_replaced(
        raw: str, clean: str) -> None:
    """Issue 8: odd characters are cleaned once at the edge, so a record still loads."""
    assert clean_name(raw) == clean


@pytest.mark.parametrize("raw", ["a" * (MAX_NAME + 1), "b" * 100_000, " " * 500 + "c" * 500])
def test_a_long_name_is_cut_to_the_cap_ending_in_an_ellipsis(raw: str) -> None:
    name = clean_name(raw)
    assert len(name) == MAX_NAME and name.endswith("…") and name[0] in "abc"


@pytest.mark.parametrize("raw", ["", "   ", "\x00\x1b", "\u202e\u2028\ufeff"])
def test_a_name_empty_after_cleaning_is_refused(raw: str) -> None:
    with pytest.raises(NameRefusedError, match="may not be empty"):
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
        assert not raw.strip() or not any(c.isprintable() and not c.isspace() for c in raw)
        return
    assert 1 <= len(name) <= MAX_NAME and name == name.strip()
    assert clean_name(name) == name
    name.encode("utf-8")  # no lone surrogate
    assert not any(unicodedata.category(c) in ("Cc", "Cs", "Zl", "Zp") for c in name)
    assert all(c in "\u200c\u200d" or unicodedata.category(c) != "Cf" for c in name)
    assert all(c == " " or not c.isspace() for c in name) and "  " not in name
