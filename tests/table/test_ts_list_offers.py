"""The fourteenth newcomer run (2026-12-06): the Trans-Siberian list at 120x40 cut most
offers (``… +21``), named them without the number typed to choose them, and repeated
the same links out of Moscow under every company. Now the building company's links each
follow their choice's number (``[7]Omsk +4``), take the room the networks leave, and
every offer is either shown or counted; the second link of a build lists only where it
may go (TS-3.2); the links out of Moscow, open to every company (TS-2.2), are one line."""

from __future__ import annotations

import random
import re

import pytest
from tablekit import played

from cuberail.cli.table import choices as C
from cuberail.games.trans_siberian.board import LINK_INDEX, LINKS, MOSCOW
from cuberail.games.trans_siberian.state import (
    BUILD_FIRST,
    BUILD_SECOND,
    PICK_LINK,
    TURN,
    TransSiberianState,
)
from cuberail.terminal.trans_siberian import menu_order, netview
from cuberail.terminal.trans_siberian.routes import company_name, place

SIZE = (78, 19)  # the list beside the side panel at 120x40


def _at(step: int, seed: int, built: int = 8) -> tuple[TransSiberianState, dict[str, str]]:
    """A seeded position at ``step`` with at least ``built`` links built, and the links on
    offer with a number each, in the menu's order (the cheapest route's)."""
    rng = random.Random(seed)
    s = played("trans-siberian", 0, players=4, seed=seed)
    assert isinstance(s, TransSiberianState)
    while s.step != step or sum(o >= 0 for o in s.owner) < built:
        s.apply(rng.choice(s.legal_actions()))
        if s.is_terminal():
            pytest.skip("the game ended first")
    offer: dict[str, str] = {}
    for a in s.legal_actions():
        if a.kind == "link":
            offer.setdefault(str(a.args[0]), str(len(offer) + 1))
    return s, offer


def _named(rows: int, cols: int) -> set[int]:
    return {LINK_INDEX[i] for y in range(rows) for x in range(cols)
            if (i := netview.link_at(x, y)) is not None}


@pytest.mark.parametrize("seed", range(8))
def test_every_offer_is_shown_with_its_number_or_counted(seed: int) -> None:
    """Each link on offer is in the view after its number (``[12]Omsk–Tomsk +3``), or the
    footer's ``… +N`` counts it: none is lost to the builder's cut. The building company's
    own network stays whole."""
    s, offer = _at(BUILD_FIRST, seed, built=6 + seed % 4)
    text = netview.render(s, offer, *SIZE).plain
    shown = {LINKS[k].id for k in _named(SIZE[1], SIZE[0])} & set(offer)
    for link in shown:  # its number, then one of its places (the other: where it leaves)
        after = re.search(rf"\[{offer[link]}\]([^\[]*)", text)
        assert after is not None, (link, text)
        ends = [place(e) for e in LINKS[LINK_INDEX[link]].ends]
        assert any(after.group(1).replace("\n", " ").startswith(end) or f"→{end}" in after.group(1)
                   for end in ends), (link, text)
    rows = text.split("\n")
    start = next((i for i, row in enumerate(rows) if row.startswith("on offer now")), None)
    tail = re.search(r"… \+(\d+)\s*$", "\n".join(rows[start:start + 2]), re.MULTILINE
                     ) if start is not None else None
    counted = int(tail.group(1)) if tail else 0
    assert len(shown) + counted == len(offer), text
    own = {k for k, o in enumerate(s.owner) if o == s.b_company}
    assert own <= _named(SIZE[1], SIZE[0]), text


@pytest.mark.parametrize("seed", range(6))
def test_the_second_link_lists_only_where_the_first_ended(seed: int) -> None:
    """TS-3.2, TS-4.5: after a first link the builder may add one starting where it
    ended; the list says so and names only those links, each with its number."""
    s, offer = _at(BUILD_SECOND, seed, built=4)
    text = netview.render(s, offer, *SIZE).plain
    assert "▶ second link $4 from where the first ended:" in text, text
    rows = text.split("\n")
    start = next(i for i, row in enumerate(rows) if "▶ second link" in row)
    end = next((y for y in range(start + 1, SIZE[1])
                if not rows[y].startswith(" " * netview.LABEL)), SIZE[1])
    block = {netview.link_at(x, y) for y in range(start, end) for x in range(SIZE[0])}
    assert block - {None} == set(offer), text
    for link, number in offer.items():
        assert f"[{number}]" in "\n".join(rows[start:end]), (link, text)


def test_the_links_out_of_moscow_are_one_line_for_every_company() -> None:
    """TS-2.2: each company starts at Moscow, so a free link out of Moscow is open to
    all: one line names them (``any company $4:``), not each company's next links; the
    mover's own buildable companies keep theirs (what they may build now)."""
    seen = 0
    for seed in range(20):
        s, _ = _at(TURN, seed, built=6)
        mine = {c for c in range(len(s.status)) if s.can_build_for(s.current_player(), c)}
        text = netview.render(s, {}, 78, 29).plain
        rows = text.split("\n")
        if "any company $4:" not in text:
            continue
        seen += 1
        at = next(i for i, row in enumerate(rows) if row.startswith("any company $4:"))
        free = {k for k in range(len(LINKS)) if s.free >> k & 1 and MOSCOW in LINKS[k].ends
                and not LINKS[k].external}
        line = {LINK_INDEX[i] for x in range(78) if (i := netview.link_at(x, at))}
        assert line and line <= free, text
        for y, row in enumerate(rows[:at]):
            company = next((c for c in range(len(s.status))
                            if row.startswith(company_name(c))), None)
            if company is not None:
                owner = company
            elif "next" in row or "▶" in row:
                named = {LINK_INDEX[i] for x in range(78) if (i := netview.link_at(x, y))}
                if owner not in mine:
                    assert not named & free, (owner, text)
    assert seen >= 5


@pytest.mark.parametrize("seed", range(8))
def test_each_group_of_the_builder_s_offers_starts_a_line(seed: int) -> None:
    """The sixteenth newcomer run read the list as prose (``$4 each: ... · jump $6: ...``
    run on): during a build each of the building company's groups (``border $8:``,
    ``jump $6:``) starts a line of its own where the lines allow it, as in a list to
    choose from; where they do not, they run on and every offer is still shown or
    counted (the test above)."""
    s, offer = _at(BUILD_FIRST, seed, built=6 + seed % 4)
    rows = netview.render(s, offer, *SIZE).plain.split("\n")
    heads = [y for y, row in enumerate(rows) for m in re.finditer(r"(border \$8|jump \$\d+):", row)
             if row[:m.start()].strip(" ·")]  # a group's head after words on its line
    started = [y for y, row in enumerate(rows) if re.match(r"\s+(border \$8|jump \$\d+):", row)]
    if heads:  # run on: only where the list had no room for more lines
        assert len([r for r in rows if r.strip()]) >= SIZE[1] - 2, (seed, rows)
    assert started or not any(re.search(r"(border \$8|jump \$\d+):", r) for r in rows)


def test_the_side_key_says_what_a_jump_adds_in_one_line_of_the_panel() -> None:
    """The eighteenth newcomer run found the side key "$4 · border $8 · jump +$2/$4 a
    link" cryptic. The list's headings give each price ("building $4 each", "border $8",
    "jump $6"); the key says what a jump adds (TS-4.2: $2 for each rival link crossed,
    $4 on a border build), in one line of the side panel's 37 columns at 120x40."""
    from cuberail.terminal.trans_siberian.table import list_side_key
    key = list_side_key().plain
    assert "\n" not in key and len(key) <= 37, key
    assert key == "jump: +$2 a rival link (border +$4)", key


def _menu_numbers(s: TransSiberianState) -> dict[str, str]:
    """The table's numbers of the links on offer (each link's cheapest route's)."""
    menu = C.build(s, lambda state, action: action.text(), None, menu_order(s))
    return {c.target: c.base for c in menu if c.target and not c.is_dearer_route}


@pytest.mark.parametrize("seed", range(6))
def test_the_choices_run_in_the_order_the_list_reads_them(seed: int) -> None:
    """The list numbered a build's links [5], [6], [1], [2] ... (the engine's board order
    against the list's cost and value order): the choices now follow the list, so its
    numbers read 1, 2, 3 ... (TS-4.1, TS-4.2: by cost, then value)."""
    s, _ = _at(BUILD_FIRST, seed, built=6 + seed % 4)
    numbers = _menu_numbers(s)
    text = netview.render(s, numbers, *SIZE).plain
    found = [int(n) for n in re.findall(r"\[(\d+)\]", text)]
    assert len(found) >= 4 and found == sorted(found), text


def test_a_first_link_s_choices_the_most_valuable_first() -> None:
    """The nineteenth newcomer run read a first link's choices in board order: "a
    3-income link, then the 2s, then the other 3s". They now come by value (TS-2.2)."""
    s, _ = _at(PICK_LINK, 0, built=0)
    numbers = _menu_numbers(s)
    values = [LINKS[LINK_INDEX[link]].value for link, _ in
              sorted(numbers.items(), key=lambda item: int(item[1]))]
    assert len(values) >= 8 and values == sorted(values, reverse=True), values


@pytest.mark.parametrize("seed", range(6))
def test_a_first_link_s_numbers_run_in_order_once_a_company_is_in_play(seed: int) -> None:
    """The twenty-second newcomer run, a company's first link with others in play: "[5]
    Moscow–St. Petersburg +3, [9]Moscow–Smolensk +2, [7]Moscow–Bryansk +2" (the line of
    offers in board order, the menu by value then name). The list's numbers now read in
    order wherever they are (TS-2.2)."""
    s, _ = _at(PICK_LINK, seed, built=1)
    numbers = _menu_numbers(s)
    text = netview.render(s, numbers, *SIZE).plain
    found = [int(n) for n in re.findall(r"\[(\d+)\]", text)]
    assert len(found) >= 3 and found == sorted(found), text


def test_the_menu_s_order_leaves_the_state_s_moves_as_the_engine_gives_them() -> None:
    """The menu puts a build's links in the list's order (TS-4.1) on a copy: a state's
    legal moves are its cache, shared with its clones (the bots search those), and were
    reordered in place."""
    s, _ = _at(BUILD_FIRST, 2)
    engine = list(s.legal_actions())
    clone = s.clone()
    menu = C.build(s, lambda state, action: action.text(), order=menu_order(s))
    assert [c.actions[0] for c in menu] != engine[:len(menu)]  # the menu's order differs
    assert s.legal_actions() == engine and clone.legal_actions() == engine
