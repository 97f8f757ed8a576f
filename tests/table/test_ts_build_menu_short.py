"""The eleventh newcomer run: a Trans-Siberian build's list of links was "26 paged
choices", each wrapped over two lines (``build Moscow—Smolensk 2 for blue: $4, income
+2``), so a few fit the box. The step line names the company; each link in the list is its
name, the income it adds and its cost, with the jump fees and value steps where there are
any (TS-4.2, TS-4.6), on one line: ``Moscow–Smolensk: $4, +2 income`` (the 26th run read
``Moscow–Smolensk +2 income: $4`` as an income of $4)."""

from __future__ import annotations

import asyncio
import random
from pathlib import Path

from tablekit import new_game, settle

from cuberail.cli.table.app import TableApp
from cuberail.games.trans_siberian.state import BUILD_FIRST


def test_a_builds_links_are_listed_one_line_each(tmp_path: Path) -> None:
    game = new_game(tmp_path, "trans-siberian", bots="0")
    rng = random.Random(7)
    while sum(1 for a in game.state.legal_actions() if a.kind == "link") < 12 or \
            game.state.step != BUILD_FIRST:
        game.apply(rng.choice(game.state.legal_actions()))
    company = ("red", "blue", "green", "yellow", "black", "white")[game.state.b_company]

    async def run() -> None:
        app = TableApp(game)
        async with app.run_test(size=(120, 40)) as pilot:
            await settle(app, pilot)
            await pilot.press("f4")  # the list beside the side panel (the map is first)
            await settle(app, pilot)
            step = app._step_text().plain
            assert f"builds for {company}" in step, step
            links = [c for c in app.menu if c.actions[0].kind == "link"]
            assert len(links) >= 12
            plain = [c for c in links if ": $4, +" in c.detail and "value" not in c.detail]
            assert plain, [c.detail for c in links]
            for choice in links:
                full = app.game.describe_in(app.game.state, choice.actions[0])
                assert not choice.detail.startswith("build "), choice.detail
                assert f"for {company}" not in choice.detail, choice.detail
                assert len(choice.detail) < len(full), (choice.detail, full)
                # the name, income and cost as the log's sentence says them
                name, _, rest = choice.detail.partition(": ")
                cost, _, gain = rest.partition(", +")
                income = gain.split()[0]
                assert full.startswith(f"build {name} {income} for {company}: "), (full, name)
                assert f"income +{income}" in full and gain.startswith(f"{income} income")
                assert cost.startswith("$") and cost.split()[0] in full, (cost, full)
                if "(jumping" in full:  # TS-4.2's fees in brief: "$6 (fees: blue $2)"
                    assert " (fees: " in cost and "jumping" not in cost, cost
            lines = [app._prompt(c).plain for c in plain]
            assert all("\n" not in line for line in lines), lines
            await pilot.press("f4")  # the map above the rest: most in a line still
            await settle(app, pilot)
            lines = [app._prompt(c).plain for c in plain]
            assert sum("\n" not in line for line in lines) >= len(lines) * 2 / 3, lines

    asyncio.run(run())
