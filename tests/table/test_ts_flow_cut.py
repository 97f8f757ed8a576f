"""A Trans-Siberian list line cut short counts the links left out (``… +3``), and only
links: the 26th newcomer run read "… +0" under the opening's words at 80x24."""

from __future__ import annotations

from rich.text import Text

from cuberail.terminal.trans_siberian.netflow import flow


def words(text: str) -> list[tuple[Text, int]]:
    return [(Text(w), -1) for w in text.split()]


def test_words_cut_short_end_in_an_ellipsis_alone() -> None:
    lines = flow(Text("No railroad yet."), words("Each company starts at Moscow: whoever"
                                                 " wins its opening share chooses its first"
                                                 " link out of Moscow, free"), 30, 2)
    last = "".join(t.plain for t, _ in lines[-1])
    assert len(lines) == 2 and last.endswith(" …") and "+0" not in last, lines


def test_links_cut_short_are_counted() -> None:
    links = [(Text(f"City{k}–Town{k}"), k) for k in range(12)]
    lines = flow(Text("Red "), links, 30, 2)
    last = "".join(t.plain for t, _ in lines[-1])
    shown = sum(1 for line in lines for _, k in line if k >= 0)
    assert last.endswith(f" … +{12 - shown}"), last


def test_a_paragraph_of_words_flows_without_a_hanging_indent() -> None:
    """The 27th newcomer run read the opening's text hung seven columns in, under a
    company label that is not there; words flow flush (``indent=0``), a company's links
    under its label."""
    text = ("Each company starts at Moscow: whoever wins its opening share chooses its first"
            " link out of Moscow, free")
    lines = flow(Text("No railroad yet. "), words(text), 40, 4, indent=0)
    rows = ["".join(t.plain for t, _ in line) for line in lines]
    assert len(rows) > 1 and not any(row.startswith(" ") for row in rows[1:]), rows
    assert " ".join(" ".join(rows).split()) == " ".join(f"No railroad yet. {text}".split())
    links = flow(Text("Red    "), [(Text(f"City{k}─Town{k}"), k) for k in range(8)], 30, 4)
    assert all(line[0][0].plain == " " * 7 for line in links[1:])


def test_the_opening_is_whole_at_any_width() -> None:
    """The 37th newcomer run read "... chooses its first  …" at 80x24: where the whole
    opening needs more than four lines the shorter one says it whole, never cut."""
    from cuberail.terminal.trans_siberian.netview import OPENING, OPENING_SHORT, _opening

    for width in (36, 44, 60, 80, 118):
        rows = ["".join(t.plain for t, _ in line) for line in _opening(set(), width)]
        text = " ".join(" ".join(rows[:rows.index("")]).split())
        assert "…" not in text, (width, rows)
        assert text in (f"No railroad yet. {OPENING}", f"No railroad yet. {OPENING_SHORT}")
        assert text.endswith("(TS-2.2).") and "TS-2.2" in text
    wide = " ".join("".join(t.plain for t, _ in line) for line in _opening(set(), 118))
    assert "treasury" in wide  # where it fits, the whole (the bid goes into the treasury)
