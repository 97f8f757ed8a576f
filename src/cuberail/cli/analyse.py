"""``cuberail analyse RECORD``: each seat's winning chances through a game, and its costly moves.

Every position with a choice is searched (``--seconds`` each, or ``--iterations``
for output that is the same on every run); the costliest moves are listed with
the move the engine preferred, and ``--json`` writes one entry per action, in order.
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.progress import Progress
from rich.table import Table

from cuberail.bots.analysis import (
    HINT_ITERATIONS,
    Decision,
    analyse,
    analysis_bot,
    positions,
    swings,
)
from cuberail.cli.charts import plot_label, pyplot, save_figure
from cuberail.cli.console import make_console
from cuberail.cli.records import check_output_file, hinted_moves, load_record, replay_record
from cuberail.cli.titles import load_view
from cuberail.core.errors import CuberailError
from cuberail.core.files import write_atomic
from cuberail.core.record import Record, start_state
from cuberail.games import get_game

MAX_SECONDS = 60.0
MAX_ITERATIONS = 100_000


def register(subparsers: Any) -> None:
    p = subparsers.add_parser("analyse", aliases=["analyze"], help="the engine's view of a"
                              " saved game: winning chances and costly moves",
                              description=__doc__)
    p.add_argument("file", metavar="RECORD", help="a game record (JSON)")
    p.add_argument("--seconds", type=float, default=0.2,
                   help="search time per position (default 0.2)")
    p.add_argument("--iterations", type=int,
                   help="search iterations per position instead of a time (reproducible)")
    p.add_argument("--seed", type=int, default=1, help="the search's seed (default 1)")
    p.add_argument("--json", metavar="FILE", help="write one entry per action as JSON")
    p.add_argument("--chart", metavar="FILE", help="a PNG of the winning chances (needs"
                   " matplotlib: pip install 'cuberail[plot]')")
    p.add_argument("--top", type=int, default=10, help="costly moves to list (default 10)")
    p.set_defaults(func=run)


def search_budget(seconds: float, iterations: int | None, max_seconds: float,
                  max_iterations: int, flag: str = "--") -> tuple[float | None, int | None]:
    """The search budget per position: ``iterations`` when given (reproducible), else
    ``seconds``; each checked against its range, named by its option (``flag`` + name)."""
    if iterations is not None:
        if not 1 <= iterations <= max_iterations:
            raise CuberailError(f"{flag}iterations must be from 1 to {max_iterations:,},"
                                f" not {iterations}")
        return None, iterations
    if not 0.01 <= seconds <= max_seconds:
        raise CuberailError(f"{flag}seconds must be from 0.01 to {max_seconds:g}, not {seconds}")
    return seconds, None


def run(args: argparse.Namespace) -> int:
    seconds, iterations = search_budget(args.seconds, args.iterations, MAX_SECONDS,
                                        MAX_ITERATIONS)
    for path, flag in ((args.json, "--json"), (args.chart, "--chart")):
        if path is not None:
            check_output_file(Path(path), flag)
    if args.chart:
        pyplot("--chart")  # matplotlib missing: said now, not after the analysis
    record = load_record(args.file)
    replay_record(record)  # refuses a record that does not replay, with the index
    start = start_state(record, get_game)
    bot = analysis_bot(seconds, iterations, args.seed)
    console = make_console()
    with Progress(console=Console(stderr=True), transient=True) as bar:
        task = bar.add_task("analysing", total=len(record.actions) + 1)
        decisions = analyse(start, record.actions, bot,
                            lambda done, total: bar.update(task, completed=done))
    states = list(positions(start, record.actions))
    view = load_view(record.title)  # moves in words, as the terminal game says them (the
    # played move and the engine's preferred one: never its ids, ``link bratsk-ustkut ...``)
    labels = [str(view.describe_action(states[d.index], d.action)) for d in decisions]
    bests = [str(view.describe_action(states[d.index], d.best)) if d.best is not None
             else None for d in decisions]
    print_report(console, record, decisions, labels, bests, args.top)
    if args.json:
        write_json(Path(args.json), record, decisions, (labels, bests), seconds, iterations)
        console.print(f"analysis written to {args.json}", highlight=False)
    if args.chart:
        draw_chart(Path(args.chart), record, decisions)
        console.print(f"chart: {args.chart}", highlight=False)
    return 0


def print_report(console: Console, record: Record, decisions: list[Decision],
                 labels: list[str], bests: list[str | None], top: int) -> None:
    """Final chances, then the costliest moves with the engine's preference (players of
    one name, as three "medium" bots, told apart by seat)."""
    names = [n if record.players.count(n) == 1 else f"{n} (seat {i + 1})"
             for i, n in enumerate(record.players)]
    final = decisions[-1].after if decisions else []
    if final:
        console.print("final: " + ", ".join(f"{n} {100 * c:.0f}%"
                                            for n, c in zip(names, final, strict=True)),
                      highlight=False, markup=False)
    table = Table(title="costliest moves", title_justify="left")
    for head in ("move", "player", "played", "chance lost", "engine preferred"):
        table.add_column(head, overflow="fold")
    hinted = hinted_moves(record)  # (the table keeps the hints it gave in the record)
    shown = swings(decisions)[:top]
    for d in shown:
        best = bests[d.index] or "-"
        mark = " (the hint's move)" if d.index in hinted else ""
        table.add_row(str(d.index + 1), names[d.seat], labels[d.index] + mark,
                      f"{100 * d.loss:.0f}% ({d.flag})", best)
    console.print(table)
    if any(d.index in hinted for d in shown):  # (the 36th newcomer run: "the analysis
        # contradicts the hint", which it had followed)
        console.print("(the hint's move): the move the table's hint gave there. The hint"
                      f" is a short search ({HINT_ITERATIONS:,} iterations); this analysis"
                      " searches each position again, and on a close or noisy move the two"
                      " can disagree.", highlight=False, markup=False)
    for name, seat in zip(names, range(len(names)), strict=True):
        mine = [d for d in decisions if d.seat == seat and d.flag]
        counts = {f: sum(1 for d in mine if d.flag == f) for f in ("blunder", "mistake")}
        console.print(f"{name}: {counted(counts['blunder'], 'blunder')},"
                      f" {counted(counts['mistake'], 'mistake')}", highlight=False, markup=False)


def counted(n: int, noun: str) -> str:
    """``n`` and the noun, singular for one: "1 mistake", "0 blunders"."""
    return f"{n} {noun}" if n == 1 else f"{n} {noun}s"


def write_json(path: Path, record: Record, decisions: list[Decision],
               words: tuple[list[str], list[str | None]], seconds: float | None,
               iterations: int | None) -> None:
    """One entry per action: the decision, its move in words (``label``) and the engine's
    preferred move in words (``best_label``, null where there was no choice)."""
    labels, bests = words
    data = {
        "title": record.title, "rules_version": record.rules_version,
        "players": list(record.players),
        "budget": {"seconds": seconds, "iterations": iterations},
        "actions": [{**d.to_json(), "label": label, "best_label": best}
                    for d, label, best in zip(decisions, labels, bests, strict=True)],
    }
    write_atomic(path, (json.dumps(data, indent=1) + "\n").encode("utf-8"))


def draw_chart(path: Path, record: Record, decisions: list[Decision]) -> None:
    """Each seat's winning chance after every action, as a PNG (matplotlib, Agg)."""
    plt = pyplot("--chart")
    fig, ax = plt.subplots(figsize=(9, 4))
    xs = [d.index + 1 for d in decisions]
    for seat, name in enumerate(record.players):
        ax.plot(xs, [100 * d.after[seat] for d in decisions], label=plot_label(name),
                linewidth=1.5)
    for d in swings(decisions)[:10]:
        ax.annotate("!", (d.index + 1, 100 * d.after[d.seat]), ha="center", color="red")
    ax.set_ylim(0, 100)
    ax.set_xlabel("action")
    ax.set_ylabel("winning chance (%)")
    ax.set_title(f"{get_game(record.title).name}: winning chances")
    ax.legend(loc="upper left", fontsize="small")
    fig.tight_layout()
    save_figure(fig, path)
    plt.close(fig)
