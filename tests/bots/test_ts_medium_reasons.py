"""The medium bot's reasons for its Trans-Siberian moves (issue 32): plain words, in the
five languages the server speaks, for the hint (``GET /api/games/{id}/hint``'s ``reason``).
"""

from __future__ import annotations

import pytest
from test_ts_medium_robust import cheap_opening
from tsgames import new_ts

from cuberail.bots.heuristic import heuristic_reason, reason_packages
from cuberail.bots.trans_siberian.heuristic import Params, TSHeuristic
from cuberail.core.actions import Action
from cuberail.core.words import LANGUAGES, Said, catalog, placeholders
from cuberail.server.hints import reason_of, reason_words

TITLE = "trans-siberian"
PACKAGE = "cuberail.bots.trans_siberian"


def test_the_reasons_catalogs_have_the_same_words_in_every_language() -> None:
    english = catalog(PACKAGE, "en")
    for lang in LANGUAGES:
        words = catalog(PACKAGE, lang)
        assert set(words) == set(english), lang
        for key, text in english.items():
            assert placeholders(words[key]) == placeholders(text), (lang, key)


def test_ts_9_2_the_second_share_is_explained_as_making_the_company_public() -> None:
    s = cheap_opening()
    bot = TSHeuristic(seed=1, params=Params(noise=0.0))
    action = bot.choose(s)
    said = bot.reason(s, action)
    assert said is not None and said.key == "ts.why.buy_public"
    assert said.values["company"] == Said("company.yellow")
    gain = said.values["gain"]
    assert isinstance(gain, int) and gain > 0
    assert reason_of(TITLE, s, action) == said
    assert reason_words("en", TITLE).render(said).startswith("a second share makes yellow public")
    assert "gialla" in reason_words("it", TITLE).render(said)


def test_ts_2_1_a_bid_is_explained_by_the_share_worth() -> None:
    s = new_ts(4)
    bot = TSHeuristic(seed=1, params=Params(noise=0.0))
    action = bot.choose(s)
    assert action.kind == "bid"
    said = heuristic_reason(s, action)
    assert said is not None and said.key == "ts.why.bid"
    assert said.values["worth"] == round(bot.p.bid_base + 0.8 * 6 * 3 / 2)  # link value 3


def test_ts_2_2_a_bid_above_the_share_worth_says_where_the_money_goes() -> None:
    """A hint may bid above the share's worth (a search's choice): its reason says the bid
    goes into the company's treasury (TS-2.2), not "worth bidding up to" a lower sum (the
    35th newcomer run read "worth about $17", then a hint to bid $25)."""
    s = new_ts(4)
    worth = round(Params().bid_base + 0.8 * 6 * 3 / 2)
    below = heuristic_reason(s, Action("bid", (worth,)))
    above = heuristic_reason(s, Action("bid", (worth + 1,)))
    assert below is not None and below.key == "ts.why.bid"
    assert above is not None and above.key == "ts.why.bid_treasury"
    text = reason_words("en", TITLE).render(above)
    # the treasury first: the 41st newcomer run read "bid $21 ... Why: above what a share
    # of yellow is worth" as the reason arguing against its own hint
    assert text.startswith("the bid is not lost: it goes into"), text
    assert f"worth about ${worth} to its first holder" in text
    assert "treasury to pay for its links (TS-2.2)" in text


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_move_of_a_medium_game_has_a_reason_in_every_language(lang: str) -> None:
    assert reason_packages(TITLE) == (PACKAGE,)
    words = reason_words(lang, TITLE)
    s = new_ts(4)
    bots = [TSHeuristic(seed=seat) for seat in range(4)]
    keys = set()
    while not s.is_terminal():
        action = bots[s.current_player()].choose(s)
        said = reason_of(TITLE, s, action)
        assert said is not None, action.text()
        assert words.render(said)
        keys.add(said.key)
        s.apply(action)
    assert {"ts.why.bid", "ts.why.value", "ts.why.start_link", "ts.why.link"} <= keys


def test_ts_4_only_the_best_link_on_offer_is_called_the_best() -> None:
    """A hint of a link medium would not build (a search's choice) gets no reason that
    calls it the best; medium's own link does."""
    import random

    from cuberail.games.trans_siberian.state import BUILD_FIRST

    rng = random.Random(2)
    s = new_ts(4)
    checked = 0
    while not s.is_terminal() and checked < 6:
        links = [a for a in s.legal_actions() if a.kind != "stop"]
        if s.step == BUILD_FIRST and len(links) >= 3:
            judge = TSHeuristic(seed=0, params=Params(noise=0.0))
            me = s.current_player()
            ranked = sorted(links, key=lambda a: judge._after(s, a, me))
            assert heuristic_reason(s, ranked[-1]) == Said("ts.why.link")
            if judge._after(s, ranked[0], me) < judge._after(s, ranked[-1], me) - 2:
                assert heuristic_reason(s, ranked[0]) is None
                checked += 1
        s.apply(rng.choice(s.legal_actions()))
    assert checked >= 3


@pytest.mark.parametrize("lang", LANGUAGES)
def test_ts_2_2_a_share_value_below_the_highest_is_not_called_the_highest(lang: str) -> None:
    """The hint (a search's move) may set a share value below the highest the bid
    allows: its reason says what the lower value does (the next share costs it, so more
    players can buy it and make the company public, TS-3.1, TS-9.2), not "the highest
    share value the bid allows" (the 40th newcomer run's share-value hint)."""
    from cuberail.games.trans_siberian.state import PICK_VALUE

    s = new_ts(3)
    s.apply(Action("bid", (12,)))
    while s.step != PICK_VALUE:  # the others pass, the winner picks a first link
        acts = s.legal_actions()
        s.apply(next((a for a in acts if a.kind == "pass"), acts[0]))
    values = sorted(int(str(a.args[0])) for a in s.legal_actions())
    assert values[0] < values[-1] == 12
    words = reason_words(lang, TITLE)
    top = heuristic_reason(s, Action("value", (12,)))
    low = heuristic_reason(s, Action("value", (values[0],)))
    assert top is not None and top.key == "ts.why.value"
    assert low is not None and low.key == "ts.why.value_lower"
    said = words.render(low)
    assert f"${values[0]}" in said and "{" not in said, said
