"""Rules version 2 (issue 8): marker-step options, the TS-8.1 comparison, the early end
(TS-9.1), the nationalization value beside every share value, robust refusals, and
the option values that keep version-1 records replaying.
"""

from __future__ import annotations

import io
import random

import pytest
from rich.console import Console
from ts_helpers import INFO, auction, build_leaning, c, hold, new, opened, play, set_value, texts

from cuberail.core.actions import Action
from cuberail.core.errors import IllegalActionError
from cuberail.games.trans_siberian.board import SHARE_TRACK
from cuberail.games.trans_siberian.state import (
    ACTIVE,
    NATIONALIZED,
    OVER,
    PICK_VALUE,
    TURN,
    TransSiberianState,
)
from cuberail.terminal import trans_siberian as view


def phase2_turn(**options: object) -> TransSiberianState:
    """Phase 2 begun (red at $48), black and white not bid on, seat 2 to move."""
    s = opened(**options)
    set_value(s, "red", 48)
    play(s, "pass")
    s.timing = 4
    play(s, "pass")
    auction(s, None)
    auction(s, None)
    assert s.phase == 2 and s.step == TURN
    return s


def interturn(s: TransSiberianState) -> None:
    s.timing = s.opts.timing - 1
    play(s, "pass")


# ----- TS-8.1: the comparison ----------------------------------------------------------


def test_ts_8_1_a_value_equal_to_the_marker_is_nationalized_by_default() -> None:
    s = phase2_turn()
    s.nat = SHARE_TRACK.index(36)
    for name in ("red", "blue", "yellow"):
        set_value(s, name, 48)
    set_value(s, "green", 36)
    interturn(s)
    assert s.status[c("green")] == NATIONALIZED


def test_ts_8_1_comparison_option_below_spares_a_value_equal_to_the_marker() -> None:
    s = phase2_turn(nationalization="below")
    s.nat = SHARE_TRACK.index(36)
    for name in ("red", "blue"):
        set_value(s, name, 48)
    set_value(s, "green", 36)
    set_value(s, "yellow", 32)
    interturn(s)
    assert s.status[c("green")] == ACTIVE and s.status[c("yellow")] == NATIONALIZED


# ----- TS-6, TS-2.4, TS-7.1: the marker's step options -----------------------------------


@pytest.mark.parametrize("steps", [0, 1, 2])
def test_ts_6_2_phase_1_dividend_step_option(steps: int) -> None:
    s = opened(phase1_dividend_steps=steps)
    before = s.nat
    interturn(s)
    assert s.phase == 1 and s.nat == before + steps


@pytest.mark.parametrize("steps", [0, 1, 3])
def test_ts_6_3_quiet_dividend_step_option(steps: int) -> None:
    s = phase2_turn(quiet_dividend_steps=steps)
    for name in ("red", "blue", "green", "yellow"):
        set_value(s, name, 48)
    before = s.nat
    interturn(s)
    assert s.nat == before + steps


def test_ts_6_3_quiet_step_is_not_taken_when_a_company_is_nationalized() -> None:
    s = phase2_turn(quiet_dividend_steps=2)
    s.nat = SHARE_TRACK.index(36)
    for name in ("red", "blue", "yellow"):
        set_value(s, name, 48)
    set_value(s, "green", 20)
    interturn(s)
    assert s.nat == SHARE_TRACK.index(36) + 3  # TS-8.2 only


def test_ts_7_1_failed_auction_step_option_is_shared_with_ts_2_4() -> None:
    s = opened(failed_auction_steps=2)
    set_value(s, "red", 48)
    s.timing = 4
    play(s, "pass")
    before = s.nat
    auction(s, None)
    assert s.nat == before + 2


# ----- TS-9.1: the early end ------------------------------------------------------------


def everything_nationalized(**options: object) -> TransSiberianState:
    s = phase2_turn(**options)
    s.nat = SHARE_TRACK.index(40)
    for name in ("red", "blue", "green", "yellow"):
        set_value(s, name, 36)
    interturn(s)
    assert all(s.status[k] != ACTIVE for k in range(6))
    return s


def test_ts_9_1_the_game_ends_when_no_company_is_left_in_play() -> None:
    s = everything_nationalized()
    assert s.step == OVER
    assert s.end_reasons() == ["every company in play was nationalized and none can enter:"
                               " their shares count for nothing, so the scores are cash"
                               " alone (TS-8.1, TS-9.1)"]


def test_ts_9_1_end_when_empty_false_plays_the_empty_rounds_out() -> None:
    s = everything_nationalized(end_when_empty=False)
    assert s.step == TURN and texts(s) == ["pass"]
    while not s.is_terminal():
        play(s, "pass")
    assert s.end_reasons() == ["the dividend track reached its end"]


def test_ts_9_1_the_early_end_gives_the_result_of_playing_on() -> None:
    ended = 0
    for seed in range(40):
        rng = random.Random(seed)
        early, late = new(3 + seed % 3), new(3 + seed % 3, end_when_empty=False)
        while not early.is_terminal():
            action = build_leaning(early, rng)
            early.apply(action)
            late.apply(action)
        if "every company in play" not in " ".join(early.end_reasons()):
            continue
        ended += 1
        while not late.is_terminal():
            assert late.legal_actions() == [Action("pass")]
            late.apply(Action("pass"))
        assert late.result() == early.result()
    assert ended >= 3


# ----- the nationalization value beside every share value -------------------------------


def test_ts_8_1_snapshot_shows_the_nationalization_value_beside_each_share_value() -> None:
    s = opened()
    data = s.to_json()
    assert data["nationalization_value"] == 24
    assert data["nationalization"] == {"value": 24, "comparison": "at-or-below",
                                       "phase2_value": 48}
    red = data["companies"][c("red")]
    assert red["share_value"] == 12 and red["nationalization_value"] == 24 and red["at_risk"]
    set_value(s, "red", 28)
    assert not s.to_json()["companies"][c("red")]["at_risk"]
    assert not s.to_json()["companies"][c("black")]["at_risk"]  # not in the game yet


def test_ts_8_1_view_shows_the_nationalization_value_in_the_company_table() -> None:
    s = opened()
    set_value(s, "blue", 28)
    out = io.StringIO()
    Console(file=out, width=100).print(view.render_companies(s))
    lines = out.getvalue().splitlines()
    assert any("value" in line and "nat." in line for line in lines)
    red = next(line for line in lines if line.strip().startswith("red"))
    blue = next(line for line in lines if line.strip().startswith("blue"))
    assert "$24!" in red and "$24" in blue and "$24!" not in blue


def test_ts_8_1_a_share_value_choice_at_or_below_the_marker_is_warned() -> None:
    """Warned where a dividend can nationalize (phase 2, TS-6.3); the words read only the
    phase, so the phase-1 position is set to phase 2 to hear them."""
    s = new()
    auction(s, 0, 20)
    play(s, "link moscow-kazan")
    assert s.step == PICK_VALUE
    assert view.describe_action(s, Action("value", (20,))) == "set red's share value to $20"
    s.phase = 2
    assert view.describe_action(s, Action("value", (20,))) == (
        "set red's share value to $20 — at or below the nationalization value $24:"
        " nationalized at the next phase-2 dividend")
    s = new()
    auction(s, 0, 28)
    play(s, "link moscow-kazan")
    assert view.describe_action(s, Action("value", (28,))) == "set red's share value to $28"
    s = new(nationalization="below")
    auction(s, 0, 28)
    play(s, "link moscow-kazan")
    assert "value 24" in texts(s)
    s.phase = 2
    assert view.describe_action(s, Action("value", (24,))) == "set red's share value to $24"
    assert "below the nationalization value $24" in view.describe_action(
        s, Action("value", (20,)))


def test_ts_8_1_a_bid_that_cannot_lift_the_value_above_the_marker_is_warned() -> None:
    s = new()
    assert view.describe_action(s, Action("bid", (22,))) == "bid $22 for the red share"
    s.phase = 2  # (as above: only where a dividend can nationalize)
    assert view.describe_action(s, Action("bid", (22,))) == (
        "bid $22 for the red share (share value at most $20 — at or below the"
        " nationalization value $24: nationalized at the next phase-2 dividend)")
    assert view.describe_action(s, Action("bid", (30,))) == "bid $30 for the red share"


# ----- refusals: anything but a legal Action ------------------------------------------


@pytest.mark.parametrize("thing", ["bid 8", None, 8, ("pass", ()), ["bid", 8], b"pass",
                                   Action("bid", 8), Action(None, ()), Action("pass", None)])  # type: ignore[arg-type]
def test_apply_refuses_a_non_action_with_the_documented_error(thing: object) -> None:
    """Core's well-formedness check (GameState.illegal_reason) runs for TS too."""
    s = new()
    before = s.to_json()
    with pytest.raises(IllegalActionError,
                       match=r"not an action|arguments are not a tuple") as info:
        s.apply(thing)  # type: ignore[arg-type]
    assert info.value.action is thing and str(info.value).isprintable()
    assert s.to_json() == before


def test_explain_handles_any_action_at_any_step() -> None:
    rng = random.Random(5)
    kinds = ["bid", "pass", "link", "value", "buy", "surcharge", "build", "stop", "x", ""]
    args: list[object] = [8, -3, "red", "moscow-kazan", "nowhere", "pay:blue", 10**9, "", True]
    for seed in range(6):
        s = new(3 + seed % 3)
        while not s.is_terminal():
            for _ in range(8):
                picked = tuple(rng.choice(args) for _ in range(rng.randrange(4)))
                action = Action(rng.choice(kinds), picked)  # type: ignore[arg-type]
                reason = s.illegal_reason(action)
                assert reason is None or isinstance(reason, str)
                if reason is not None:
                    with pytest.raises(IllegalActionError):
                        s.apply(action)
            s.apply(build_leaning(s, rng))


# ----- rules versions --------------------------------------------------------------------


def test_rules_version_2_and_the_values_that_replay_version_1() -> None:
    assert INFO.rules_version == 2
    old = INFO.resolve_options(INFO.record_options(1, {}))
    assert old["jump_paths"] == "v1" and old["end_when_empty"] is False
    assert (old["phase1_dividend_steps"], old["quiet_dividend_steps"],
            old["failed_auction_steps"], old["dividend_track"]) == (1, 1, 1, 8)
    assert old["nationalization"] == "at-or-below"
    assert INFO.record_options(2, {}) == {}


def test_hold_helper_still_works_with_new_options() -> None:
    s = opened(quiet_dividend_steps=2, nationalization="below")
    hold(s, 1, "red", 2)
    assert s.is_public(c("red"))
