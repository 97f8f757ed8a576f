"""What each Chicago Express share cost, what the hand model expected it to pay, and what it paid.

    python benchmarks/share_value.py FOLDER [FOLDER ...] [--json FILE]

reads the game records of ``cuberail tournament`` folders (``game-*.json``), replays each
game and, for every share sold (setup auctions, later auctions, a setup share given
free), notes its buyer (the bot name of its seat),
its price, how many general dividends had been paid before it, the hand-tuned model's
forecast of its remaining dividends (the evaluator's, ``features_ce.share_dividends``)
and the dividends it paid until the end (Chicago dividends CE-7.1 and general ones
CE-8.1). It prints the means by stage and by buyer, and the least-squares line of what
the shares paid against the forecast (how far the search can trust the forecast at one
dollar for one dollar of cash). This is how the search's loss to
the heuristic at a short cut-off was traced to the setup auctions
(docs/history.md, "Why a short cut-off lost to the heuristic").
"""

from __future__ import annotations

import argparse
import glob
import json
import os
import statistics
import sys
from dataclasses import asdict, dataclass
from typing import Any

from cuberail.bots.chicago_express.features import share_dividends
from cuberail.bots.chicago_express.heuristic import remaining_dividends
from cuberail.core.actions import Action
from cuberail.core.errors import CuberailError
from cuberail.core.record import Record
from cuberail.games import get_game
from cuberail.games.chicago_express.board import CHICAGO, DETROIT
from cuberail.games.chicago_express.state import SETUP, ChicagoExpressState

TITLE = "chicago-express"


@dataclass
class Purchase:
    """One share sold: who bought it, when, for how much; forecast and realised dividends."""

    game: int
    buyer: str  # the buyer's bot name
    seat: int
    company: int
    setup: bool  # sold in a setup auction (CE-2)
    dividends_before: int  # general dividends paid before the sale
    price: int
    forecast: float  # the hand model's remaining dividends of one share, just after the sale
    paid: int = 0  # the dividends the share paid until the end


def replay(record: dict[str, Any], game: int = 0) -> tuple[list[Purchase], ChicagoExpressState]:
    """Every share sold in a recorded game, with the dividends it paid; and the final state."""
    if record.get("title") != TITLE:
        raise CuberailError(f"a {record.get('title')!r} record, not {TITLE}")
    names = [str(p) for p in record.get("players", [])]
    state = get_game(TITLE).new_game(len(names), record.get("options") or {})
    assert isinstance(state, ChicagoExpressState)
    earned = [0] * len(state.sold)  # each company's dividends per share paid so far
    bought: list[tuple[Purchase, int]] = []  # and the company's earned at the sale
    for text in record["actions"]:
        before = state.clone()
        state.apply(Action.from_text(text))
        for c, sold in enumerate(before.sold):
            if state.sold[c] != sold:
                seat = next(p for p in range(state.num_players)
                            if state.held[p][c] != before.held[p][c])
                price = state.treasury[c] - before.treasury[c]  # the winner pays the company
                d = remaining_dividends(state)
                bought.append((Purchase(game, names[seat], seat, c,
                                        before.step == SETUP, before.dividends, price,
                                        share_dividends(state, c, state.sold[c], d)), earned[c]))
        _add_dividends(before, state, earned)
    for purchase, at_sale in bought:
        purchase.paid = earned[purchase.company] - at_sale
    return [p for p, _ in bought], state


def _add_dividends(before: ChicagoExpressState, after: ChicagoExpressState,
                   earned: list[int]) -> None:
    """Add the per-share dividends one move paid: a company's first locomotive in Chicago this
    move pays a Chicago dividend (CE-7.1), a new general dividend pays every company (CE-8.1),
    both on the income after the move but before Detroit's step (CE-8.4)."""
    general = after.dividends > before.dividends
    step = after.track[DETROIT] - before.track[DETROIT] if general else 0
    for c, sold in enumerate(after.sold):
        chicago = bool(after.network[c] >> CHICAGO & 1) and not before.network[c] >> CHICAGO & 1
        times = int(general) + int(chicago)
        if not times or not sold:
            continue
        income = after.income[c] - (step if after.network[c] >> DETROIT & 1 else 0)
        earned[c] += times * -(-income // sold)


def read_folder(folder: str) -> list[Purchase]:
    """The purchases of every game record in a tournament folder."""
    paths = sorted(glob.glob(os.path.join(folder, "game-*.json")))
    if not paths:
        raise CuberailError(f"{folder}: no game records (game-*.json) here")
    out: list[Purchase] = []
    for game, path in enumerate(paths):
        record = Record.load(path).to_json()  # bounded and checked: a clear RecordError
        try:
            out += replay(record, game)[0]
        except (CuberailError, KeyError, TypeError, ValueError, AttributeError) as exc:
            raise CuberailError(f"{path}: not a replayable {TITLE} record ({exc})") from None
    return out


def table(purchases: list[Purchase]) -> list[str]:
    """Markdown rows: count, mean price, forecast and dividends paid, by stage and by buyer."""
    rows = ["| shares | sold | mean price | hand forecast | paid |", "|---|---:|---:|---:|---:|"]

    def row(label: str, group: list[Purchase]) -> None:
        if group:
            mean = statistics.mean
            rows.append(f"| {label} | {len(group)} | {mean(p.price for p in group):.1f} |"
                        f" {mean(p.forecast for p in group):.1f} |"
                        f" {mean(p.paid for p in group):.1f} |")

    row("all", purchases)
    row("in the setup auctions", [p for p in purchases if p.setup])
    for k in range(max((p.dividends_before for p in purchases), default=-1) + 1):
        row(f"later, after {k} dividends", [p for p in purchases
                                            if not p.setup and p.dividends_before == k])
    for buyer in sorted({p.buyer for p in purchases}):
        row(f"bought by {buyer}", [p for p in purchases if p.buyer == buyer])
        row(f"bought by {buyer} in the setup", [p for p in purchases
                                                if p.buyer == buyer and p.setup])
    return rows


def calibration(purchases: list[Purchase]) -> str:
    """How well the hand model's forecast of a share's dividends matched what it paid: the
    least-squares line ``paid = a + b * forecast`` over the shares sold (b = 1 and a = 0:
    a forecast the search can price one for one against cash)."""
    if len({p.forecast for p in purchases}) < 2:  # also: fewer than two shares
        return "too few shares with different forecasts to fit paid against forecast"
    fit = statistics.linear_regression([p.forecast for p in purchases],
                                       [float(p.paid) for p in purchases])
    return (f"paid = {fit.intercept:.2f} + {fit.slope:.3f} x forecast (least squares over"
            f" {len(purchases)} shares)")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("folders", nargs="+", help="cuberail tournament output folders")
    parser.add_argument("--json", help="also write every purchase to this file")
    args = parser.parse_args(argv)
    try:
        purchases = [p for folder in args.folders for p in read_folder(folder)]
    except CuberailError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    print("\n".join(table(purchases)))
    print(calibration(purchases))
    if args.json:
        with open(args.json, "w", encoding="utf-8") as f:
            json.dump([asdict(p) for p in purchases], f, indent=1)
    return 0


if __name__ == "__main__":
    sys.exit(main())
