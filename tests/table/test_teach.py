"""What the table teaches: end trackers, warnings, reasons a company cannot build."""

from __future__ import annotations

from cuberail.cli.table import teach
from cuberail.core.actions import Action
from cuberail.games import get_game
from cuberail.games.chicago_express.board import COMPANY_IDS as CE_IDS
from cuberail.games.chicago_express.state import ChicagoExpressState
from cuberail.games.trans_siberian.board import COMPANY_INDEX, SHARE_TRACK
from cuberail.games.trans_siberian.state import ACTIVE, NATIONALIZED, TURN, TransSiberianState
from cuberail.terminal.kit import TRACKER_WIDTH
from cuberail.terminal.trans_siberian.teach import nationalization_ahead


def test_ce_tracker_names_every_end_condition_ce_9_1() -> None:
    s = get_game("chicago-express").new_game(3, {})
    text = teach.tracker(s).plain
    for part in ("sold out 0/3", "no locos 0/3", "houses 20 (ends at 3)", "Detroit 1/8",
                 "auction 0/", "develop 0/", "build 0/", "dividend #1"):
        assert part in text


def test_ce_tracker_lines_fit_the_side_panel_at_120_columns() -> None:
    """Sixth newcomer run: at 120x40 the tracker's lines wrapped ("houses left 20 (ends
    at 3)  Detroit" / "1/8") and the side panel scrolled. CE-9.1's conditions and the
    gauges (CE-3) fit its width, in play and at the end (two-digit counts)."""
    s = get_game("chicago-express").new_game(3, {})
    assert isinstance(s, ChicagoExpressState)
    s.houses, s.dividends = 13, 12
    lines = teach.tracker(s).plain.splitlines()
    assert len(lines) == 5
    assert all(len(line) <= TRACKER_WIDTH for line in lines), lines
    assert lines[0] == "ends at a dividend when one holds:"


def _ts_in_phase_2(red_value: int = 24, options: dict[str, object] | None = None,
                   ) -> TransSiberianState:
    s = get_game("trans-siberian").new_game(3, options or {})
    assert isinstance(s, TransSiberianState)
    red = COMPANY_INDEX["red"]
    s.phase, s.status[red], s.value[red] = 2, ACTIVE, SHARE_TRACK.index(red_value)
    s.nat = SHARE_TRACK.index(28)
    return s


def test_the_tracker_reads_the_dividend_track_option_ts_1_6() -> None:
    assert "dividends 0/6" in teach.tracker(_ts_in_phase_2()).plain  # the v2 default
    longer = _ts_in_phase_2(options={"dividend_track": 8})
    assert "dividends 0/8" in teach.tracker(longer).plain


def test_nationalization_comparison_follows_the_option_ts_8_1() -> None:
    at_marker = _ts_in_phase_2(red_value=28)
    assert nationalization_ahead(at_marker) == [COMPANY_INDEX["red"]]
    assert "is at or below $28" in teach.tracker(at_marker).plain
    below = _ts_in_phase_2(red_value=28, options={"nationalization": "below"})
    assert nationalization_ahead(below) == []  # only strictly below is nationalized
    # no ⚠: only the milder tip, the marker rising a step at the next dividend (31st run)
    assert teach.warning(below, Action("buy", ("red",)), []) == (
        "tip: at risk at the dividend after next: red ($28) is nationalized then unless it"
        " rises to $32 or more")
    under = _ts_in_phase_2(red_value=24, options={"nationalization": "below"})
    said = teach.warning(under, Action("buy", ("red",)), [])
    assert said == ("red will be nationalized at the next dividend unless its share value"
                    " rises to $28 or more (now below $28)"), said
    # (the 30th newcomer run read "red will be nationalized" four times: its builds
    # lifted it each time; the warning says how it is escaped)
    said = teach.warning(at_marker, Action("buy", ("red",)), [])
    assert said.endswith("unless its share value rises above $28 (now at or below $28)")


def test_ts_tracker_counts_dividends_and_top_value_ts_9_1() -> None:
    s = _ts_in_phase_2()
    text = teach.tracker(s).plain
    assert f"dividends 0/{s.opts.dividend_track}" in text and "top value $24/75" in text


def test_ts_tracker_lines_fit_the_side_panel_at_120_columns() -> None:
    """Seventh newcomer run's screen: at 120x40 the tracker wrapped ("top share value" /
    "$54/75") and the side panel scrolled. TS-9.1's conditions, the phase, timing and
    nationalization value (TS-8.1), and a warning fit its width."""
    s = _ts_in_phase_2()
    s.dividends, s.timing = 5, 4
    lines = teach.tracker(s).plain.splitlines()
    assert any("nationalized at the next dividend" in line for line in lines)
    assert all(len(line) <= TRACKER_WIDTH for line in lines), lines


def test_nationalization_ahead_is_warned_ts_8_1() -> None:
    s = _ts_in_phase_2()
    assert nationalization_ahead(s) == [COMPANY_INDEX["red"]]
    assert "nationalized at the next dividend" in teach.tracker(s).plain
    warning = teach.warning(s, Action("buy", ("red",)), [])
    assert "red will be nationalized" in warning and "$28" in warning
    assert teach.warning(s, Action("buy", ("blue",)), []) == ""
    s.phase = 1  # TS-6.2: no nationalization in phase 1
    assert nationalization_ahead(s) == []


def _ce_holding(held: dict[str, tuple[int, int]]) -> ChicagoExpressState:
    """A Chicago Express game whose player to move holds ``held[company] = (mine, sold)``
    and may build for those companies (CE-5.1)."""
    s = get_game("chicago-express").new_game(3, {})
    assert isinstance(s, ChicagoExpressState)
    seat = s.current_player()
    for company, (mine, sold) in held.items():
        c = CE_IDS.index(company)
        s.held[seat][c], s.sold[c], s.treasury[c] = mine, sold, 20
    return s


def test_ce_tips_the_company_whose_dividends_pay_the_builder_more_ce_7_1() -> None:
    """The tenth newcomer run: "you built for NYC last time. Switching is allowed ..." advised
    nothing. The tip now says which build pays the player more, and why, in one line: a
    build raises income, paid per share sold (CE-7.1)."""
    s = _ce_holding({"PRR": (2, 2), "B&O": (1, 4)})
    tip = teach.warning(s, Action("company", ("B&O",)), [])
    assert tip == "tip: dividends to you: here 25%, PRR 100%"
    # one line of the choices at 120x40 (45 columns after the tip's indent), for every
    # company's name (the nineteenth run: three two-line tips pushed choices off the page)
    longest = max(CE_IDS, key=len)
    assert teach.is_tip(tip) and "\n" not in tip and len(tip) - 3 + len(longest) <= 45
    assert teach.warning(s, Action("company", ("PRR",)), []) == ""  # the better one: no tip
    history = [(s.current_player(), Action("company", ("PRR",)))]  # last time: no matter
    even = _ce_holding({"PRR": (1, 2), "B&O": (2, 4)})
    assert teach.warning(even, Action("company", ("B&O",)), history) == ""


CAP = "tip: the winner sets red's share value, at most the bid (TS-2.2)"  # (31st run)


def test_ts_bid_warning_says_in_plain_words_what_a_low_bid_risks_ts_8_1() -> None:
    """The tenth newcomer run read "a bid up to $27 allows red a share value only at or below the
    nationalization value $24" as opaque: the warning names the bids, the value they give and
    what phase 2 then does, in one line (TS-2.2: the winner sets a value up to the bid).
    The thirteenth followed the phase-1 tip "bid $28 or more" with $28 of their $40 and
    could buy nothing after: in phase 1 (nothing nationalized, links raise the value
    before phase 2) a bid gets no tip."""
    s = get_game("trans-siberian").new_game(4, {})
    assert isinstance(s, TransSiberianState)
    assert teach.warning(s, Action("bid", (8,)), []) == CAP  # the rule, no amount advised
    s.phase = 2
    assert teach.warning(s, Action("bid", (8,)), []) == (
        "bid $28 or more: a lower bid caps red's share value at $24, the nationalization value:"
        " nationalized at the next dividend")
    assert teach.warning(s, Action("bid", (28,)), []) == CAP


def test_ts_value_tip_says_the_second_share_is_out_of_reach_ts_3_2() -> None:
    """The share value's choice after winning an auction: a value above the winner's
    cash prices the company's second share (TS-3.2: it builds only once two are owned)
    beyond them; at or below the marker in phase 1 the nationalization tip instead."""
    s = get_game("trans-siberian").new_game(4, {})
    assert isinstance(s, TransSiberianState)
    s.apply(Action("bid", (28,)))
    while s.legal_actions()[0].kind == "bid" or any(a.kind == "pass" for a in s.legal_actions()):
        s.apply(Action("pass", ()))
    s.apply(s.legal_actions()[0])  # the winner's first link
    assert s.legal_actions()[0].kind == "value" and s.cash[s.current_player()] == 12
    tip = teach.warning(s, Action("value", (28,)), [])
    assert tip == ("tip: above $12 (your cash) you cannot buy red's second share yourself;"
                   " red builds only once two shares are owned (TS-3.2)"), tip
    assert teach.warning(s, Action("value", (24,)), []) == (
        "tip: at or below the nationalization value $24: nationalized in phase 2 unless"
        " links raise it")


def test_ts_says_why_a_held_company_cannot_build_ts_3_2() -> None:
    s = get_game("trans-siberian").new_game(3, {})
    assert isinstance(s, TransSiberianState)
    red, p = COMPANY_INDEX["red"], s.current_player()
    s.status[red], s.value[red], s.held[p * 6 + red] = ACTIVE, 0, 1
    s.unsold[red] -= 1
    assert teach.build_refusals(s) == []  # an auction: no build is a choice
    s.step = TURN
    assert teach.build_refusals(s) == [
        "cannot build for red: it is private (one share owned); it needs two owned to build"]


def test_help_rules_is_the_rules_page_shipped_in_the_package() -> None:
    """Issue 29: `help rules` shows the rules (the browser's rules page data) in the
    terminal, not a repository path a pip user does not have."""
    for title, heading in (("chicago-express", "AUCTION A SHARE (CE-4)"),
                           ("trans-siberian", "BUILDING (TS-4)")):
        text = teach.rules(title)
        assert "THE RULES PAGE" in text and heading in text and "docs/" not in text
        assert text.index("in short") < text.index("THE RULES PAGE")
    assert "CASH" in teach.how_to_win("chicago-express")


def test_ts_tracker_says_no_company_is_in_play_once_all_are_nationalized() -> None:
    """The thirteenth newcomer run: a game ended by nationalizing every company (TS-9.1)
    still read "top value $0/75" in the panel."""
    s = _ts_in_phase_2()
    for c in range(len(s.status)):
        if s.status[c] == ACTIVE:
            s.status[c] = NATIONALIZED
    assert "no company in play" in teach.tracker(s).plain
    assert "top value" not in teach.tracker(s).plain
    assert "no company in play" in teach.tracker_line(s).plain


def test_ts_buy_and_bid_tips_say_when_cash_would_fall_below_every_share_ts_5_2() -> None:
    """The sixteenth newcomer run bought its way to $0 and was shut out of the share
    market for the rest of the game with no word before: the choice says it as a tip (a
    fine move maybe, worth a thought), the browser's words (``choice_note``) in English."""
    s = get_game("trans-siberian").new_game(4, {})
    assert isinstance(s, TransSiberianState)
    assert teach.warning(s, Action("bid", (33,)), []) == (
        "tip: if you win at $33 you keep $7, less than any share can cost ($8): you can buy"
        " no share until a dividend pays you (TS-5.2)")
    for text in ("bid 30", "pass", "pass", "pass", "link moscow-kazan", "value 8"):
        s.apply(Action.from_text(text))
    while s.step != TURN:
        s.apply(Action("pass", ()))
    assert s.current_player() == 0 and s.cash[0] == 10
    tip = teach.warning(s, Action("buy", ("red",)), [])
    assert teach.is_tip(tip)
    assert "leaves you $2, less than the cheapest share for sale (red, $8)" in tip


def test_ts_teaching_says_the_nationalization_value_climbs_and_can_take_every_company() -> None:
    """The 25th newcomer run saw every company nationalized at the end of both its games
    ("shares counted for nothing") and took it for a rules bug: the short rules had said
    "Score = cash + shares of public companies". TS-8.2 (the marker climbs 3 steps for each
    company nationalized) makes that a common end; how to win and the rules in short, at
    the table and in the browser's five languages, now say so."""
    import json
    from importlib import resources

    win = teach.how_to_win("trans-siberian")
    assert "climbs" in win and "only cash counts" in win and "(TS-8.2)" in win, win
    short = teach.rules("trans-siberian")
    assert "it can take them all" in short and "nationalized shares count nothing" in short
    data = resources.files("cuberail.games.trans_siberian") / "data"
    for lang, word in (("en", "climbs"), ("it", "sale"), ("es", "sube"), ("ca", "puja"),
                       ("de", "steigt")):
        said = json.loads((data / f"rules-{lang}.json").read_text(encoding="utf-8"))["win"]
        assert word in said and " 3 " in said, (lang, said)


def test_a_count_past_the_three_that_end_the_game_reads_as_met() -> None:
    """CE-9.1: the 32nd newcomer run read "sold out 4/3" at the end as an error."""
    from cuberail.terminal.chicago_express.teach import _of3

    assert [_of3(n) for n in (0, 2, 3, 4)] == ["0/3", "2/3", "3 ✓", "4 ✓"]
