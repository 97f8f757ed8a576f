"""A newcomer's reading of the move and event sentences: no border ids (``→ext1``), no
"1 links", and a nationalization (TS-8) said with what happened and why."""

from __future__ import annotations

import random
import re
from collections.abc import Iterator

import pytest

from cuberail.core.state import GameState
from cuberail.core.words import LANGUAGES, Said, named
from cuberail.games import get_game, moves_module
from cuberail.games.trans_siberian import moves as ts_moves
from cuberail.games.trans_siberian.board import LINKS, LOCATIONS
from cuberail.games.trans_siberian.state import TransSiberianState
from cuberail.games.words import move_words

NAMES = ["Ann", "Bob", "Cleo", "Dan"]
SIDE_WORDS = {"en": "west", "it": "ovest", "es": "oeste", "ca": "oest", "de": "Westen"}


def positions(title: str, seed: int) -> Iterator[GameState]:
    state, rng = get_game(title).new_game(4), random.Random(seed)
    while not state.is_terminal():
        yield state
        state.apply(rng.choice(state.legal_actions()))


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_border_link_says_border_and_side_not_an_id(lang: str) -> None:
    words = move_words(lang)
    names = {link.id: words.value(ts_moves.link_name(link.index)) for link in LINKS
             if link.external}
    assert len(names) == 13 and len(set(names.values())) == 13  # each border told apart
    for name in names.values():
        assert not re.search(r"ext|Ausland|estero|#|\{", name), name
        assert "→" in name
    assert names["bryansk-ext_bryansk"].endswith(f"({SIDE_WORDS[lang]})")
    assert re.search(r" 1 \(", names["stpetersburg-ext_stpetersburg1"])
    chita = next(link.index for link in LINKS if link.id == "chita-ext_chita")
    english = move_words("en").value(ts_moves.link_name(chita))
    assert english == "Chita→border (east)"
    assert lang == "en" or names["chita-ext_chita"] != english


def test_every_border_has_a_side() -> None:
    assert set(ts_moves.BORDER_SIDES) == {loc.id for loc in LOCATIONS if loc.is_external}
    assert set(ts_moves.BORDER_SIDES.values()) <= set(ts_moves.SIDES)


def singular(title: str, kind: str, count: str) -> tuple[GameState, Said]:
    """A position where a ``kind`` move shows a count of one (the count set by hand)."""
    view = moves_module(title)
    for state in positions(title, 3):
        for action in state.legal_actions():
            if action.kind == kind:
                one = state.clone()
                if kind == "stop":
                    setattr(one, count, 1)
                else:
                    getattr(one, count)[_company_index(title, str(action.args[0]))] = 1
                return one, view.describe_parts(one, action)
    raise AssertionError(f"no {kind} move in the game")


def _company_index(title: str, cid: str) -> int:
    if title == "trans-siberian":
        from cuberail.games.trans_siberian.board import COMPANY_IDS as TS_IDS
        return TS_IDS.index(cid)
    from cuberail.games.chicago_express.board import COMPANY_IDS as CE_IDS
    return list(CE_IDS).index(cid)


@pytest.mark.parametrize(("title", "kind", "count", "plural"), [
    ("trans-siberian", "build", "nlinks", r"\b1 (links|collegamenti|tramos|trams|Strecken)\b"),
    ("chicago-express", "company", "locos_left",
     r"\b1 (locomotives|locomotive rimaste|locomotoras|locomotores|Loks)\b"),
    ("chicago-express", "stop", "b_placed", r"\b1 (piazzate|colocadas|col·locades)\b"),
])
@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_count_of_one_reads_singular(title: str, kind: str, count: str, plural: str,
                                       lang: str) -> None:
    _state, said = singular(title, kind, count)
    assert said.key.endswith("_one")
    text = move_words(lang).render(said)
    assert re.search(r"\b1\b", text), text
    assert not re.search(plural, text), text


def test_jumping_one_link_reads_singular() -> None:
    said = Said("ts.cost_jumping_one", {"cost": "$6", "n": 1, "payees": (
        Said("ts.fee", {"company": Said("company.red"), "fee": 2}),)})
    assert move_words("en").render(said) == "$6 (jumping 1 link of another owner: red $2)"


def nationalizations() -> Iterator[tuple[TransSiberianState, TransSiberianState, Said]]:
    for seed in range(30):
        state, rng = get_game("trans-siberian").new_game(4), random.Random(seed)
        while not state.is_terminal():
            before = state.clone()
            state.apply(rng.choice(state.legal_actions()))
            for said in ts_moves.event_parts(before, state):
                if said.key == "ts.ev_nationalized":
                    assert isinstance(before, TransSiberianState)
                    assert isinstance(state, TransSiberianState)
                    yield before, state, said


def test_a_nationalization_says_what_happened_and_why() -> None:
    """TS-8.1: the company, its share value at or below the marker, the last dividend,
    the shares gone, the treasury to the bank, the links left; TS-8.2 the marker's jump."""
    before, after, said = next(nationalizations())
    value, marker = said.values["value"], said.values["marker"]
    assert isinstance(value, int) and isinstance(marker, int) and value <= marker
    assert marker == before.nationalization_value()
    parts = ts_moves.event_parts(before, after)
    text = move_words("en").render(said)
    for needle in ("is nationalized", f"share value ${value}", "at or below",
                   f"nationalization value ${marker}", "last dividend", "shares leave the game",
                   "treasury goes to the bank", "links stay on the board"):
        assert needle in text, text
    jump = [p for p in parts if p.key.startswith("ts.ev_nat_value")]
    assert [p.key for p in jump] == ["ts.ev_nat_value_jump"]
    assert move_words("en").render(jump[0]).startswith(
        "the nationalization value moves 3 steps for each company nationalized: now $")
    for lang in LANGUAGES[1:]:
        other = move_words(lang).render(named(said, NAMES))
        assert "{" not in other and other != text and f"${value}" in other, other
        assert f"${marker}" in other


def test_a_nationalization_below_says_below() -> None:
    for seed in range(30):
        state, rng = get_game("trans-siberian").new_game(4, {"nationalization": "below"}), \
            random.Random(seed)
        while not state.is_terminal():
            before = state.clone()
            state.apply(rng.choice(state.legal_actions()))
            for said in ts_moves.event_parts(before, state):
                if said.key == "ts.ev_nationalized":
                    assert said.values["rule"] == Said("ts.nat_rule_below")
                    assert said.values["value"] < said.values["marker"]  # type: ignore[operator]
                    return
    raise AssertionError("no nationalization")


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_pass_that_fills_the_timing_track_says_the_dividends_follow(lang: str) -> None:
    """TS-5.1: a newcomer learns why the last timing box matters before passing."""
    for state in positions("trans-siberian", 5):
        assert isinstance(state, TransSiberianState)
        passes = [a for a in state.legal_actions() if a.kind == "pass"]
        if passes and state.timing + 1 == state.opts.timing:
            said = ts_moves.describe_parts(state, passes[0])
            if said.key.startswith("ts.move_pass"):
                break
    else:
        raise AssertionError("no last-box pass")
    assert said.key == "ts.move_pass_dividend"
    text = move_words(lang).render(said)
    assert f"{state.opts.timing}/{state.opts.timing}" in text
    assert re.search(r"dividend|Dividend", text), text
