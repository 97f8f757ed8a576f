"""The 24th newcomer run: the F3 hint's strip "ends mid-sentence: '…(26-28% over 13892
playouts), 1 s of search. Enter plays it (`b 7` is'", and "I expected one short line,
with detail on request". F3 says the hint in brief (the move, why in its first phrase,
the chance, how to play it), within the message line's three rows; F3 again at the same
decision says it in detail, a part per line."""

from __future__ import annotations

import textwrap
from pathlib import Path

import pytest
from tablekit import at_table, new_game
from textual.pilot import Pilot
from textual.widgets import Static

from cuberail.bots import analysis
from cuberail.bots.analysis import Estimate
from cuberail.cli.table import hint as hints
from cuberail.cli.table import teach
from cuberail.cli.table.app import TableApp
from cuberail.cli.table.hintwords import CLOSE_CALL, ROWS, WARNED_ROWS, Answer, first_phrase
from cuberail.core.actions import Action
from cuberail.games import get_game
from cuberail.terminal import face

# reasons and moves as the hints of seeded games said them (the longest seen)
LONG = Answer(
    "place a PRR locomotive on P5",
    why="the next step toward the place that gives PRR the most income per dollar of"
        " track; your dividend if paid now: $4 → $6",
    chance=0.24, measured=", about an even 25% (10-46% over 20 playouts)", budget="1 s",
    runner=("place a PRR locomotive on R6", 0.24), close=True)
SHARE = Answer(
    "bid $8 for the PRR share",
    why="a PRR share pays about $7 a dividend (income 7 ÷ 1 share): $8 comes back in 2"
        " dividends", chance=0.36, measured=", ahead of an even 25% (27-46% over 94"
        " playouts)", budget="150 iterations", runner=("pass on the PRR share", 0.30))
READY = ". Enter plays it (`b 8` is typed)"


@pytest.mark.parametrize("width", [80, 120])
@pytest.mark.parametrize("answer", [LONG, SHARE], ids=["close", "plain"])
def test_the_brief_fits_the_message_line_whole(answer: Answer, width: int) -> None:
    brief = answer.brief(READY, width)
    assert len(textwrap.wrap(brief, width - 2)) <= ROWS, brief
    assert brief.startswith(f"hint: {answer.move}") and READY in brief
    assert brief.endswith("F3 again: why, and how sure.")
    assert "playouts" not in brief and "of search" not in brief  # the detail's
    assert len(brief) < len(answer.line)


def test_the_brief_gives_why_in_its_first_phrase_without_working() -> None:
    brief = SHARE.brief(READY, 120)
    assert "— a PRR share pays about $7 a dividend: $8 comes back in 2 dividends." in brief
    assert "About 36% to win if all play simply (even share 25%)" in brief
    assert first_phrase(LONG.why) == ("the next step toward the place that gives PRR the"
                                      " most income per dollar of track")


def test_a_close_call_is_said_in_brief_as_one_range_for_either_move() -> None:
    brief = LONG.brief(READY, 120)
    assert "A close call with place a PRR locomotive on R6: about 24% to win either way" \
        in brief, brief


def test_the_detail_says_each_part_on_its_line() -> None:
    lines = LONG.detail(READY).split("\n")
    assert lines[0] == f"hint: place a PRR locomotive on P5{READY}"
    assert lines[1].startswith("why: the next step") and "$4 → $6" in lines[1]
    assert lines[2] == ("your winning chance after it: about 24%, about an even 25%"
                        " (10-46% over 20 playouts), in 1 s of search")
    # what the chance assumes (the 41st newcomer run won every game following the hints
    # and read chances of 12-35% all along)
    assert lines[3] == ("(the chance if everyone plays simply from here; following the hints"
                        " does better)")
    assert lines[4] == f"next best: place a PRR locomotive on R6, about 24% — {CLOSE_CALL}"
    assert SHARE.detail().split("\n")[4] == "next best: pass on the PRR share, about 30%"


def test_the_whole_line_is_kept_for_the_line_mode() -> None:
    assert SHARE.line == (
        "hint: bid $8 for the PRR share — a PRR share pays about $7 a dividend (income 7"
        " ÷ 1 share): $8 comes back in 2 dividends; your winning chance about 36% (vs 30%"
        " after pass on the PRR share), ahead of an even 25% (27-46% over 94 playouts),"
        " 150 iterations of search")


@pytest.mark.parametrize("title", ["chicago-express", "trans-siberian"])
def test_f3_in_brief_then_in_detail_at_80_columns(tmp_path: Path, title: str) -> None:
    """At 80x24 the brief is whole in the message line's rows; F3 again gives the detail
    on more rows, and the next message is back to three."""
    game = new_game(tmp_path, title, bots="medium,medium,medium", players=4, seed=3)
    game.hint_iterations = 60

    async def hinted(app: TableApp, pilot: Pilot[int]) -> str:
        await pilot.press("f3")
        for _ in range(200):
            await pilot.pause(0.05)
            if not app.hinting:
                break
        await pilot.pause()
        return app.message

    async def check(app: TableApp, pilot: Pilot[int]) -> None:
        line = app.query_one("#hint", Static)
        brief = await hinted(app, pilot)
        assert "F3 again" in brief and "\n" not in brief, brief
        rows = len(textwrap.wrap(brief, line.content_region.width))
        assert rows <= ROWS and line.content_region.height == rows, (rows, brief)
        detail = await hinted(app, pilot)
        assert detail.startswith(brief.split(" — ")[0].split(". ")[0]), (brief, detail)
        assert "your winning chance after it" in detail and "of search" in detail
        assert line.has_class("detail") and line.content_region.height > ROWS, detail
        app._say("a later message")
        await pilot.pause()
        assert not line.has_class("detail")

    at_table(game, check, size=(80, 24))


# ----- the title's warning on the hinted move ------------------------------------------
# The 24th run: "In TS a hint had me bid $9 for black while the log warned 'at or below
# the nationalization value $36: nationalized at the next phase-2 dividend'." The hint
# now says the warning the list of choices gives the move, and that it prefers it anyway.

RISKY = Answer("bid $9 for the black share", why="the winner sets black's share value",
               chance=0.3, measured="", budget="1 s",
               warning="bid $37 or more: a lower bid caps black's share value at $36, the"
                       " nationalization value: nationalized at the next dividend")


def test_a_warned_move_is_hinted_with_its_warning_in_every_length() -> None:
    assert f"⚠ despite the warning: {RISKY.warning};" in RISKY.line
    assert f"⚠ despite the warning: {RISKY.warning} (the search prefers it all the same)" \
        in RISKY.detail().split("\n")
    for width in (80, 120):  # whole, in a row more at the most
        brief = RISKY.brief(READY, width)
        assert f"⚠ Despite the warning: {RISKY.warning}." in brief, brief
        assert len(textwrap.wrap(brief, width - 2)) <= WARNED_ROWS, brief
    tip = Answer("set red's share value to $8", chance=0.3, budget="1 s",
                 warning="tip: at or below the nationalization value $24")
    # a tip is said as it is (the 33rd newcomer run read "Despite the tip: the winner sets
    # red's share value, at most the bid" as the hint going against advice)
    assert "Tip: at or below the nationalization value $24" in tip.brief(READY)
    assert "despite" not in tip.brief(READY).lower() and "despite" not in tip.detail()


def test_the_hint_of_a_share_value_at_the_nationalization_value_carries_its_tip() -> None:
    """TS-8.1 in phase 1: the value's choice at or below the nationalization value has a
    tip in the list; the hint preferring it (the search made to) says it too."""
    state = get_game("trans-siberian").new_game(4)
    state.apply(Action("bid", (20,)))
    while any(a.kind == "pass" for a in state.legal_actions()):
        state.apply(Action("pass", ()))
    state.apply(state.legal_actions()[0])  # the winner's first link
    values = [a for a in state.legal_actions() if a.kind == "value"]
    low = min(values, key=lambda a: int(a.args[0]))
    tip = teach.warning(state, low, [])
    assert tip.startswith("tip: ") and "nationalization value" in tip, tip
    found = Estimate([0.25] * 4, low, 0.3, {low: (30, 0.3), values[-1]: (10, 0.2)}, 40)
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(analysis, "estimate", lambda *_: found)
        said = hints.answer(state, face("trans-siberian").describe_action, iterations=40)
    assert said.warning == tip
    assert f"; {tip};" in said.line, said.line
