"""TS-4: building links, jumping, costs, income marks and share value steps."""

from __future__ import annotations

import random

import pytest
from ts_helpers import (
    build_leaning,
    builder,
    c,
    fund,
    give,
    nationalize,
    new,
    play,
    set_value,
    texts,
)

from cuberail.core.errors import IllegalActionError
from cuberail.games.trans_siberian.board import LINKS
from cuberail.games.trans_siberian.state import BUILD_FIRST, BUILD_SECOND, TURN


def links_offered(s: object) -> list[str]:
    return [t for t in texts(s) if t.startswith("link")]  # type: ignore[arg-type]


def test_ts_4_1_first_link_touches_the_network() -> None:
    s = builder()
    play(s, "build red")
    assert s.step == BUILD_FIRST
    direct = [t for t in links_offered(s) if "pay:" not in t]
    assert direct == [
        "link moscow-stpetersburg", "link moscow-smolensk", "link moscow-bryansk",
        "link moscow-oryol", "link moscow-voronezh", "link moscow-nizhnynovgorod",
        "link kazan-yekaterinburg",
    ]


def test_ts_4_1_second_link_starts_where_the_first_ended() -> None:
    s = builder()
    play(s, "build red", "link kazan-yekaterinburg")
    assert s.step == BUILD_SECOND
    assert texts(s) == ["link kirov-yekaterinburg", "link chelyabinsk-yekaterinburg",
                        "link yekaterinburg+chelyabinsk+omsk", "link yekaterinburg-tyumen",
                        "stop"]
    with pytest.raises(IllegalActionError, match=r"starts where the first ended \(yekaterin"):
        play(s, "link moscow-smolensk")  # Moscow is in the network, but not where it ended


def test_ts_4_1_a_link_closing_a_loop_may_be_entered_from_either_end() -> None:
    s = builder()
    give(s, "red", "moscow-nizhnynovgorod", "nizhnynovgorod-kirov", "kazan-yekaterinburg")
    play(s, "build red", "link kirov-yekaterinburg")
    second = links_offered(s)
    assert "link yaroslavl-kirov" in second and "link yekaterinburg-tyumen" in second


def test_ts_4_1_second_link_never_jumps() -> None:
    s = builder()
    give(s, "blue", "yaroslavl-vologda")
    play(s, "build red", "link moscow-stpetersburg")
    assert "link stpetersburg-belomorsk" in texts(s)
    assert not any("pay:" in t for t in texts(s))
    assert "link vologda-konosha" not in texts(s)  # beyond blue's link: a jump


def test_ts_4_1_jump_over_another_company_to_reach_a_link() -> None:
    s = builder()
    play(s, "build red")
    assert "link yaroslavl-vologda pay:blue" in links_offered(s)  # over blue's Moscow link
    s = builder()
    give(s, "blue", "yaroslavl-kirov")
    play(s, "build red")
    offered = links_offered(s)
    assert "link yaroslavl-vologda pay:blue" in offered
    assert "link kirov-yekaterinburg pay:blue,blue" in offered
    assert "link nizhnynovgorod-kirov pay:blue,blue" in offered


def test_ts_4_1_jump_routes_with_the_same_payees_are_one_choice() -> None:
    s = builder()
    give(s, "blue", "yaroslavl-kirov", "moscow-nizhnynovgorod", "nizhnynovgorod-kirov")
    play(s, "build red")
    to_ekb = [t for t in links_offered(s) if t.startswith("link kirov-yekaterinburg")]
    assert to_ekb == ["link kirov-yekaterinburg pay:blue,blue"]  # two routes, same payees


def test_ts_4_1_jump_routes_paying_different_companies_are_choices() -> None:
    s = builder()
    give(s, "blue", "yaroslavl-kirov")
    give(s, "green", "moscow-nizhnynovgorod", "nizhnynovgorod-kirov")
    play(s, "build red")
    to_ekb = [t for t in links_offered(s) if t.startswith("link kirov-yekaterinburg")]
    assert to_ekb == ["link kirov-yekaterinburg pay:blue,blue",
                      "link kirov-yekaterinburg pay:green,green"]
    play(s, "link kirov-yekaterinburg pay:green,green")
    assert s.treasury[c("green")] == 12 + 4 and s.treasury[c("blue")] == 12


def test_ts_4_1_a_detour_is_offered_only_to_avoid_paying_someone() -> None:
    s = builder()
    give(s, "blue", "kazan-yekaterinburg")  # from Kazan, Yekaterinburg is one blue jump
    give(s, "blue", "moscow-nizhnynovgorod", "nizhnynovgorod-kirov")  # and three via Kirov
    play(s, "build red")
    to_tyumen = [t for t in links_offered(s) if t.startswith("link yekaterinburg-tyumen")]
    assert to_tyumen == ["link yekaterinburg-tyumen pay:blue"]
    s = builder()
    give(s, "blue", "kazan-yekaterinburg")
    give(s, "green", "moscow-nizhnynovgorod", "nizhnynovgorod-kirov", "kirov-yekaterinburg")
    play(s, "build red")
    to_tyumen = [t for t in links_offered(s) if t.startswith("link yekaterinburg-tyumen")]
    assert to_tyumen == ["link yekaterinburg-tyumen pay:blue",
                         "link yekaterinburg-tyumen pay:green,green,green"]


def test_ts_4_1_a_wrong_jump_payment_is_refused_naming_the_choices() -> None:
    s = builder()
    give(s, "blue", "yaroslavl-kirov")
    play(s, "build red")
    with pytest.raises(IllegalActionError, match="can be built as: link yaroslavl-vologda"):
        play(s, "link yaroslavl-vologda pay:green")
    with pytest.raises(IllegalActionError, match="cannot reach"):
        play(s, "link chita-never")


def test_ts_4_2_internal_link_costs_4_to_the_bank() -> None:
    s = builder()
    play(s, "build red", "link kazan-yekaterinburg", "stop")
    assert s.treasury[c("red")] == 36 and s.bank_in == 4
    assert s.step == TURN and s.current_player() == 1


def test_ts_4_2_jump_fees_paid_to_the_owner() -> None:
    s = builder()
    give(s, "blue", "yaroslavl-kirov")
    play(s, "build red", "link kirov-yekaterinburg pay:blue,blue")
    assert s.treasury[c("red")] == 40 - 4 - 4
    assert s.treasury[c("blue")] == 12 + 4 and s.bank_in == 4


def test_ts_4_2_external_jump_fees_are_4_per_link() -> None:
    s = builder()
    give(s, "blue", "moscow-oryol")
    play(s, "build red", "link oryol-ext_oryol pay:blue")
    assert s.treasury[c("red")] == 40 - 8 - 4 and s.treasury[c("blue")] == 16
    assert s.bank_in == 8


def test_ts_4_2_jumping_a_nationalized_company_pays_the_bank() -> None:
    s = builder()
    give(s, "blue", "yaroslavl-kirov")
    nationalize(s, "blue")
    play(s, "build red")
    assert "link kirov-yekaterinburg pay:bank,bank" in texts(s)
    bank_before = s.bank_in
    play(s, "link kirov-yekaterinburg pay:bank,bank")
    assert s.bank_in == bank_before + 4 + 4 and s.treasury[c("blue")] == 0


def test_ts_4_2_a_build_the_company_cannot_pay_is_illegal() -> None:
    s = builder(treasury=7)
    give(s, "blue", "yaroslavl-kirov")
    play(s, "build red")
    offered = links_offered(s)
    assert "link yaroslavl-vologda pay:blue" in offered  # 4 + 2 = 6
    assert not any("pay:blue,blue" in t for t in offered)  # 4 + 4 = 8
    with pytest.raises(IllegalActionError, match=r"cannot reach .* or cannot pay"):
        play(s, "link kirov-yekaterinburg pay:blue,blue")
    fund(s, "red", 5)
    assert "link moscow-smolensk" in links_offered(s)
    s2 = builder(treasury=7)
    give(s2, "red", "moscow-oryol")
    play(s2, "build red")
    assert "link oryol-ext_oryol" not in links_offered(s2)  # external: $8


def test_ts_4_2_second_link_needs_4_dollars_left() -> None:
    s = builder(treasury=7)
    play(s, "build red", "link kazan-yekaterinburg")
    assert s.step == TURN and s.treasury[c("red")] == 3  # no second link could be paid


def test_ts_4_3_income_rises_by_the_link_value() -> None:
    s = builder()
    play(s, "build red", "link kazan-yekaterinburg", "stop")
    assert s.income[c("red")] == 6 and s.share_value(c("red")) == 12


def test_ts_4_3_each_income_mark_reached_or_passed_is_one_step() -> None:
    s = builder()
    give(s, "red", "moscow-stpetersburg", "moscow-smolensk")  # income 3 + 3 + 2 = 8
    play(s, "build red", "link kazan-yekaterinburg", "stop")  # 11: passes 10
    assert s.share_value(c("red")) == 16
    s = builder(income_marks="4,5,6,20")
    play(s, "build red", "link kazan-yekaterinburg", "stop")  # 3 -> 6: three marks
    assert s.share_value(c("red")) == 24


def test_ts_4_3_landing_exactly_on_a_mark_counts() -> None:
    s = builder()
    give(s, "red", "moscow-stpetersburg", "moscow-smolensk")  # income 8
    play(s, "build red", "link moscow-bryansk", "stop")  # 10: on the mark
    assert s.share_value(c("red")) == 16


def test_ts_4_4_two_links_raise_value_and_timing() -> None:
    s = builder()
    play(s, "build red", "link kazan-yekaterinburg", "link yekaterinburg-tyumen")
    assert s.income[c("red")] == 8 and s.share_value(c("red")) == 16
    assert s.timing == 1 and s.treasury[c("red")] == 32 and s.step == TURN


def test_ts_4_4_one_internal_link_changes_neither() -> None:
    s = builder()
    play(s, "build red", "link kazan-yekaterinburg", "stop")
    assert s.share_value(c("red")) == 12 and s.timing == 0


def test_ts_4_4_an_external_link_is_built_alone_and_raises_value_and_timing() -> None:
    s = builder()
    give(s, "red", "moscow-oryol")
    play(s, "build red", "link oryol-ext_oryol")
    assert s.step == TURN and s.current_player() == 1
    assert s.treasury[c("red")] == 32 and s.income[c("red")] == 8
    assert s.share_value(c("red")) == 16 and s.timing == 1


def test_ts_4_5_a_junction_is_one_link() -> None:
    s = builder("yellow")
    play(s, "build yellow", "link saratov+astrakhan+orsk")
    y = c("yellow")
    assert s.treasury[y] == 36 and s.income[y] == 3 + 4 and s.nlinks[y] == 2
    second = links_offered(s)
    assert "link volgograd-astrakhan" in second and "link orsk-chelyabinsk" in second
    assert "link astrakhan-ext_astrakhan" not in second  # the second link is internal


def test_ts_4_5_second_link_from_any_end_of_the_junction_but_its_entry() -> None:
    s = builder()
    give(s, "red", "novosibirsk-krasnoyarsk")  # red reaches Krasnoyarsk
    play(s, "build red", "link krasnoyarsk+abakan+bratsk+irkutsk")
    second = links_offered(s)
    assert {"link barnaul-abakan", "link bratsk-ustkut", "link irkutsk-ulanude"} <= set(second)
    assert "link krasnoyarsk-lesosibirsk" not in second  # Krasnoyarsk is where it started


def test_ts_4_6_share_value_never_passes_75() -> None:
    s = builder()
    set_value(s, "red", 70)
    give(s, "red", "moscow-stpetersburg", "moscow-smolensk")  # income 8
    play(s, "build red", "link kazan-yekaterinburg", "link yekaterinburg-tyumen")
    assert s.share_value(c("red")) == 75  # 70 + mark + two-link step, capped


def test_ts_1_2_a_company_owns_at_most_32_links() -> None:
    s = builder()
    spare = [link.id for link in LINKS if s.owner[link.index] < 0
             and link.id not in ("kazan-yekaterinburg", "yekaterinburg-tyumen")]
    give(s, "red", *spare[:30])
    assert s.nlinks[c("red")] == 31
    play(s, "build red", "link kazan-yekaterinburg")  # the 32nd: no second link
    assert s.nlinks[c("red")] == 32 and s.step == TURN
    s.turn = 0
    s._legal = None
    assert "build red" not in texts(s)
    with pytest.raises(IllegalActionError, match="all its 32 links"):
        play(s, "build red")


def test_ts_4_1_a_plain_link_resolves_without_listing_jumps() -> None:
    """Search applies ``link X`` unchecked, before any list of options exists (TS-4.1).

    The shortcut must give the option the full list gives, and the same state after.
    """
    checked = 0
    for seed in range(12):
        rng = random.Random(seed)
        s = new(3 + seed % 3)
        while not s.is_terminal():
            if s.step == BUILD_FIRST:
                for action in s.legal_actions():
                    fresh = s.clone()
                    fresh._legal = fresh._options = None  # as after an unchecked apply
                    assert fresh._chosen_option(action) == s.build_options()[action]
                    fresh.apply_unchecked(action)
                    full = s.clone()
                    full.apply(action)
                    assert fresh.to_json() == full.to_json()
                    checked += 1
            s.apply(build_leaning(s, rng))
    assert checked > 100
