"""The table's move menu: stable numbers, bids, aliases, grouped routes, refusals."""

from __future__ import annotations

import random

from cuberail.cli.table import choices as C
from cuberail.core.actions import Action
from cuberail.core.state import GameState
from cuberail.games import get_game
from cuberail.terminal import face as view_module

CE_VIEW = view_module("chicago-express")
TS_VIEW = view_module("trans-siberian")


def _ce(players: int = 3):  # type: ignore[no-untyped-def]
    return get_game("chicago-express").new_game(players, {})


def test_a_bare_number_is_a_choice_and_a_bid_is_typed_b_ce_2_1() -> None:
    """A newcomer's run read `p pass / 2 bid 7..30`: now choices are 1..n and a bid
    is typed with its letter (`b 12`), never confused with a choice's number."""
    s = _ce()
    menu = C.build(s, CE_VIEW.describe_action)
    assert [(c.number, c.label) for c in menu] == [("1", "pass"), ("2", "bid 7..40")]
    assert C.interpret(s, menu, "1") == Action("pass")
    for typed in ("b 12", "B12", "bid 12", "bid $12", "$12"):
        assert C.interpret(s, menu, typed) == Action("bid", (12,)), typed
    asks = C.interpret(s, menu, "2")
    assert isinstance(asks, C.Reply) and "`b 7`" in asks.text and "pass (p)" in asks.text
    bare = C.interpret(s, menu, "12")
    assert isinstance(bare, C.Reply) and "no choice 12" in bare.text and "`b 12`" in bare.text


def test_a_refused_bid_says_why_and_what_is_allowed_ce_3_3() -> None:
    """Issue 29: a typed bid out of range names the engine's reason (the minimum, the
    bidder's cash) and the range; `b 12.5` is refused as not whole dollars."""
    s = _ce()
    menu = C.build(s, CE_VIEW.describe_action)
    names = ["Ann", "Bob", "Cy"]
    low = C.interpret(s, menu, "b 3", names=names)
    assert isinstance(low, C.Reply)
    assert low.text.startswith("a bid of $3 is not allowed: the minimum bid is $7")
    high = C.interpret(s, menu, "bid 99", names=names)
    assert isinstance(high, C.Reply) and "Ann has only $40" in high.text
    assert "bid $7 to $40 in whole dollars" in high.text
    for typed in ("b 12.5", "$12.5"):
        half = C.interpret(s, menu, typed)
        assert isinstance(half, C.Reply) and "whole dollars, from 7 to 40" in half.text


def test_pass_is_numbered_and_typed_p_in_an_auction() -> None:
    s = _ce()
    menu = C.build(s, CE_VIEW.describe_action)
    assert any(c.number == "1" and c.label == "pass" for c in menu)
    assert C.interpret(s, menu, "p") == Action("pass")
    assert C.interpret(s, menu, "PASS") == Action("pass")


def test_commands_and_aliases() -> None:
    s = _ce()
    menu = C.build(s, CE_VIEW.describe_action)
    assert C.interpret(s, menu, "u") == C.Command("undo")
    assert C.interpret(s, menu, "help rules") == C.Command("help", "rules")
    assert C.interpret(s, menu, "save my game.json") == C.Command("save", "my game.json")
    stop = C.interpret(s, menu, "s")
    assert isinstance(stop, C.Reply) and "stop is not allowed now" in stop.text


def test_refusal_says_why_and_what_is_allowed() -> None:
    s = _ce()
    menu = C.build(s, CE_VIEW.describe_action)
    reply = C.interpret(s, menu, "place F5")
    assert isinstance(reply, C.Reply)
    assert "not a legal move now" in reply.text and "bid" in reply.text
    nonsense = C.interpret(s, menu, "!!")
    assert isinstance(nonsense, C.Reply) and "allowed now" in nonsense.text


def test_choices_are_numbered_one_to_n_in_every_menu_of_a_game() -> None:
    """A newcomer saw `1 pass / 3 bid $10` and a list starting at 2: every menu of a
    whole game now counts 1, 2, 3 ... down the lines shown (a link's routes share one).
    A menu of places and one move without a place (stop, forgo) counts the places and
    numbers that move 0, last (kept numbers had put "6 stop building" after 7)."""
    s, rng = _ce(), random.Random(2)
    zeros = 0
    while not s.is_terminal():
        menu = C.build(s, CE_VIEW.describe_action)
        bases = list(dict.fromkeys(c.base for c in menu))
        if bases[-1] == "0":
            zeros += 1
            assert not menu[-1].target and all(c.target for c in menu[:-1])
            assert menu[-1].label in ("stop", "forgo"), menu[-1]
            bases = bases[:-1]
        else:
            assert not any(c.target for c in menu) or all(c.target for c in menu)
        assert bases == [str(n) for n in range(1, len(bases) + 1)]
        s.apply(rng.choice(s.legal_actions()))
    assert zeros


def _two_routes_to_one_link() -> tuple[GameState, str]:
    """The first position of random 3-player games (seeds 0, 1, ...) where one link is
    offered by two jump routes that pay different companies (TS-4.1, TS-4.2 in rules v2)."""
    for seed in range(50):
        s, rng = get_game("trans-siberian").new_game(3, {}), random.Random(seed)
        while not s.is_terminal():
            legal = s.legal_actions()
            ids = [str(a.args[0]) for a in legal if a.kind == "link" and len(a.args) > 1]
            dup = next((i for i in ids if ids.count(i) > 1), None)
            if dup is not None:
                return s, dup
            s.apply(rng.choice(legal))
    raise AssertionError("no game position with two routes for one link")


def test_ts_routes_of_one_link_are_grouped_with_letters() -> None:
    s, dup = _two_routes_to_one_link()
    menu = C.build(s, TS_VIEW.describe_action)
    group = [c for c in menu if c.target == dup]
    base = group[0].number[:-1]
    assert len(group) >= 2
    assert [c.number for c in group] == [f"{base}{chr(97 + i)}" for i in range(len(group))]
    assert all("jumping" in c.detail or "$" in c.detail for c in group)
    assert C.interpret(s, menu, base) == group[0].actions[0]  # the link alone: the cheapest
    assert C.interpret(s, menu, f"{base}?") == C.Command("routes", base)
    listed = C.list_routes(menu, base)
    assert "routes" in listed.text and group[1].number in listed.text
    assert C.interpret(s, menu, group[1].number) == group[1].actions[0]
    fees = [len(str(c.actions[0].args[1]).split(",")) for c in group]
    assert fees == sorted(fees)  # the cheapest route first (fewest jump fees, TS-4.2)


def test_a_share_value_is_numbered_and_typed_v_ts_2_2() -> None:
    s, rng = get_game("trans-siberian").new_game(3, {}), random.Random(5)
    while not any(a.kind == "value" for a in s.legal_actions()):
        s.apply(rng.choice(s.legal_actions()))
    menu = C.build(s, TS_VIEW.describe_action)
    values = [a for a in s.legal_actions() if a.kind == "value"]
    assert [c.number for c in menu] == [str(n) for n in range(1, len(values) + 1)]
    assert C.interpret(s, menu, str(len(values))) == values[-1]
    amount = values[-1].args[0]
    assert C.interpret(s, menu, f"v {amount}") == values[-1]
    assert C.interpret(s, menu, f"${amount}") == values[-1]
    bare = C.interpret(s, menu, str(amount))
    assert isinstance(bare, C.Reply) and f"`v {amount}`" in bare.text
    too_high = C.interpret(s, menu, "v 99")
    assert isinstance(too_high, C.Reply) and "not allowed" in too_high.text


def _many_links() -> GameState:
    """A build step of a seeded random game with many links, some by several routes."""
    s, rng = get_game("trans-siberian").new_game(3, {}), random.Random(7)
    while not s.is_terminal():
        legal = s.legal_actions()
        if sum(1 for a in legal if a.kind == "link" and len(a.args) > 1) >= 40:
            return s
        s.apply(rng.choice(legal))
    raise AssertionError("no build step with many links")


def test_ts_links_typed_by_their_cities_names() -> None:
    s = _many_links()
    menu = C.build(s, TS_VIEW.describe_action)
    cheapest = {c.target: c.actions[0] for c in reversed(menu) if c.target}
    ids = set(cheapest)
    assert "kazan-yekaterinburg" in ids and "kirov-yekaterinburg" in ids
    for typed in ("kazan-yekaterinburg", "build Kazan", "KAZAN yek", "yekaterinburg kazan",
                  "build kaz-yekat"):
        assert C.interpret(s, menu, typed) == cheapest["kazan-yekaterinburg"], typed
    assert C.interpret(s, menu, "rostov-na-donu volgograd") == cheapest[
        "rostovnadonu-volgograd"]


def test_an_ambiguous_link_name_lists_the_candidates() -> None:
    s = _many_links()
    menu = C.build(s, TS_VIEW.describe_action)
    reply = C.interpret(s, menu, "yekaterinburg")
    assert isinstance(reply, C.Reply)
    assert "could be" in reply.text
    for link in ("Kirov - Yekaterinburg", "Kazan - Yekaterinburg"):
        assert link in reply.text
    unknown = C.interpret(s, menu, "paris")
    assert isinstance(unknown, C.Reply) and "not a legal move" in unknown.text


def test_a_choice_s_own_words_are_a_move_ce_5_1() -> None:
    """Seventh newcomer run: the menu said `build for NYC (treasury $..)`, but typing
    `build for NYC` was "not a legal move now" (only `company NYC` was). A choice's words,
    whole or without their bracketed facts, any case, now play it (CE-5.1: the builder
    picks a company); words that fit no single choice are still refused."""
    s = _ce()
    rng = random.Random(1)
    while not any(a.kind == "company" for a in s.legal_actions()):
        s.apply(rng.choice(s.legal_actions()))
    menu = C.build(s, CE_VIEW.describe_action)
    build = next(c for c in menu if c.actions[0].kind == "company")
    assert build.detail.startswith("build for ") and " (" in build.detail
    short = build.detail.split(" (")[0]
    for typed in (short, short.upper(), build.detail, f"  {short} "):
        assert C.interpret(s, menu, typed, CE_VIEW) == build.actions[0], typed
    assert isinstance(C.interpret(s, menu, "build for", CE_VIEW), C.Reply)


def test_a_number_typed_with_nothing_to_choose_says_why_not_an_empty_list() -> None:
    """The tenth newcomer run: '11' typed at the game's end answered 'there is no choice
    11. allowed now:' and nothing after it; typed while a bot is to move, the same."""
    s = get_game("chicago-express").new_game(3)
    names = ["Ann", "Bot 2", "Bot 3"]
    reply = C.interpret(s, [], "11", names=names)
    assert isinstance(reply, C.Reply)
    assert reply.text == "'11' was not played: nothing to choose now, Ann is to move"
    rng = random.Random(1)
    while not s.is_terminal():
        s.apply(rng.choice(s.legal_actions()))
    over = C.interpret(s, [], "11", names=names)
    assert isinstance(over, C.Reply) and over.text.startswith("the game is over: '11' is not")
    assert "allowed now" not in over.text
