"""Notes beside a choice (TS-3.1, TS-5.2): a buy or a winning bid that leaves the player
less than any share for sale costs shuts them out of the share market until a dividend
pays them; the sixteenth newcomer run met it with no word before. The note is the same
data for the terminal and the browser, in the five languages."""

from __future__ import annotations

import pytest
from ts_helpers import new, play

from cuberail.core.actions import Action
from cuberail.core.words import Words
from cuberail.games.trans_siberian.moves import choice_note
from cuberail.games.trans_siberian.notes import choice_note as noted
from cuberail.games.trans_siberian.state import TURN, TransSiberianState
from cuberail.games.words import english, move_packages


def _red_for(bid: int, value: int) -> TransSiberianState:
    """4 players ($40 each): seat 0 wins red at ``bid``, sets ``value``; nobody bids on
    the other three (TS-2.4), so seat 0 takes the first turn (TS-2.5)."""
    s = new(4)
    play(s, f"bid {bid}", "pass", "pass", "pass", "link moscow-kazan", f"value {value}")
    while s.step != TURN:
        play(s, "pass")
    assert s.current_player() == 0 and s.cash[0] == 40 - bid
    return s


def test_a_buy_that_leaves_less_than_the_cheapest_share_is_noted() -> None:
    s = _red_for(30, 8)  # $10 left, red's shares at $8
    note = choice_note(s, Action("buy", ("red",)))
    assert note is not None and english(note) == (
        "leaves you $2, less than the cheapest share for sale (red, $8): you can buy no share"
        " until a dividend pays you (TS-5.2)")
    assert choice_note is noted  # the moves module offers the notes' one source


def test_a_buy_that_leaves_enough_for_a_share_has_no_note() -> None:
    s = _red_for(20, 8)  # $20 left: after one share at $8, $12 buys another
    assert choice_note(s, Action("buy", ("red",))) is None
    assert choice_note(s, Action("pass", ())) is None


def test_the_last_share_of_a_company_is_not_counted_as_for_sale_after_it() -> None:
    """Red has 5 shares: with 4 held, buying the fifth leaves none of it for sale, so no
    share at all is for sale after it, and there is nothing to be shut out of."""
    s = _red_for(8, 8)
    for seat in range(1, 4):
        s.held[seat * 6] = 1
    s.unsold[0] = 1
    s._legal = s._options = None
    s.cash[0] = 8
    assert choice_note(s, Action("buy", ("red",))) is None


def test_a_bid_whose_win_leaves_less_than_the_lowest_value_is_noted() -> None:
    """TS-1.3: no share can cost less than $8, whatever value the winner sets (TS-2.2)."""
    s = new(4)
    note = choice_note(s, Action("bid", (33,)))
    assert note is not None and english(note) == (
        "if you win at $33 you keep $7, less than any share can cost ($8): you can buy no"
        " share until a dividend pays you (TS-5.2)")
    assert choice_note(s, Action("bid", (32,))) is None


@pytest.mark.parametrize("lang", ["en", "de", "it", "es", "ca"])
def test_the_notes_read_in_every_language(lang: str) -> None:
    words = Words(lang, move_packages())
    buy = choice_note(_red_for(30, 8), Action("buy", ("red",)))
    bid = choice_note(new(4), Action("bid", (33,)))
    assert buy is not None and bid is not None
    for said, figures in ((buy, ("$2", "$8", "TS-5.2")), (bid, ("$33", "$7", "$8"))):
        text = words.render(said)
        assert all(f in text for f in figures) and "{" not in text, text
    assert words.render(buy) != english(buy) or lang == "en"
