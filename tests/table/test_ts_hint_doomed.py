"""A hint's reason for buying a share of a company the next dividend nationalizes says
so (issue 29, the 28th newcomer run: "buy a share of blue for $44 — a blue share ...
counts $44 at the end while blue is public ... ⚠ Despite the warning: blue will be
nationalized at the next dividend"). TS-8.1: nationalized, a company's shares leave the
game after one last dividend; TS-9.2: they count nothing."""

from __future__ import annotations

from tests.walks import random_positions, warned_positions

from cuberail.bots.analysis import CLOSE, hint_search
from cuberail.cli.table.hint import Memory, hint
from cuberail.core.actions import Action
from cuberail.games.trans_siberian.board import COMPANY_IDS, COMPANY_INDEX
from cuberail.games.trans_siberian.state import TransSiberianState
from cuberail.terminal.trans_siberian.hints import why
from cuberail.terminal.trans_siberian.teach import nationalization_ahead


def test_a_doomed_share_is_said_to_pay_its_last_dividend_and_count_nothing() -> None:
    doomed = kept = 0
    for _, s in random_positions("trans-siberian", range(40)):
        assert isinstance(s, TransSiberianState)
        if s.is_terminal():  # a game's end: enough seen?
            if doomed and kept:
                return
            continue
        ahead = set(nationalization_ahead(s))
        for a in s.legal_actions():
            if a.kind != "buy" or len(a.args) != 1:
                continue
            c = COMPANY_INDEX[str(a.args[0])]
            said = why(s, Action("buy", a.args))
            if c in ahead:
                doomed += 1
                assert f"its last: {COMPANY_IDS[c]} is nationalized" in said, said
                assert "at the end while" not in said, said
            else:
                kept += 1
                assert f"counts ${s.share_value(c)} at the end while" in said, said
    raise AssertionError(f"seen: {doomed} doomed buys, {kept} others")


def test_the_terminal_hint_gives_way_from_a_doomed_buy_where_another_does_as_well() -> None:
    """The 28th, 29th and 30th newcomer runs followed "⚠ Despite the warning: yellow will
    be nationalized at the next dividend" hints into shares that counted nothing. Along
    random Trans-Siberian games, wherever the search alone hints a move the table warns
    against, the terminal's hint gives way to a move without a warning when the search
    rates one within CLOSE of it."""
    gave_way = 0
    for seed, s, warned in warned_positions("trans-siberian", range(30)):
        if gave_way >= 2:
            break
        if s.legal_actions()[0].kind not in ("buy", "build", "pass"):
            continue
        plain = hint_search(s, None, 120, seed)
        if plain.best is None or not warned(plain.best):
            continue
        near = [a for a, (_, c) in plain.found.children.items()
                if not warned(a) and c >= plain.chance - CLOSE]
        line = hint(s, lambda st, a: a.text(), iterations=120, seed=seed, memory=Memory())
        if near:
            gave_way += 1
            assert "Despite the warning" not in line, line
            assert any(line.startswith(f"hint: {a.text()}") for a in near), line
    assert gave_way >= 2, f"a warned hint gave way {gave_way} times: this test needs 2"
