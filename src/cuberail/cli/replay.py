"""``cuberail replay FILE``: the state after N actions of a record, as the text view or JSON.

``--svg OUT.svg`` also writes the board drawing of that position (its words in ``--lang``,
English by default); ``--summary`` prints
the dividends and cash of the whole game instead of the board, and ``--chart OUT.png``
draws the cash over time (issue 12). Output files are checked before any work and
written atomically.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from rich.console import Console

from cuberail.cli import summary
from cuberail.cli.charts import PLOT_HINT, pyplot
from cuberail.cli.console import make_console
from cuberail.cli.records import check_output_file, load_record, replay_record
from cuberail.cli.seats import seats_from_record
from cuberail.cli.table import teach
from cuberail.cli.titles import load_view
from cuberail.core.errors import CuberailError, IllegalActionError, RecordError
from cuberail.core.files import write_atomic
from cuberail.core.record import Record, start_state
from cuberail.core.state import GameState
from cuberail.games import get_game


def _check_at(at: int | None, total: int) -> int:
    if at is None:
        return total
    if not 0 <= at <= total:
        raise CuberailError(f"--at {at} is out of range: this record has {total} actions,"
                            f" so N must be from 0 to {total}")
    return at


def _seat_names(record: Record) -> list[str]:
    """The players, with their bots when the record names them (a replay plays no bot,
    so a seat naming a bot this cuberail refuses only loses that note)."""
    try:
        seats = seats_from_record(record)
    except RecordError:
        seats = None
    if seats is None:
        return list(record.players)
    return [f"{s.name} (bot {s.bot})" if s.bot and s.bot not in s.name else s.name
            for s in seats]


def replay_to(record: Record, at: int) -> tuple[GameState, str]:
    """The state after ``at`` actions and a line naming the last action applied.

    The last action is checked (applied to a copy) before it is described: a view
    describes legal actions only, and a record's action may name a hex that is not there.
    """
    state = replay_record(record, max(at - 1, 0))
    if at == 0:
        return state, "none (the start of the game)"
    action = record.actions[at - 1]
    mover = state.current_player()
    who = record.players[mover] if 0 <= mover < len(record.players) else "?"
    after = state.clone()
    try:
        after.apply(action)
    except IllegalActionError as exc:
        raise RecordError(f"{exc.reason} ({action.text()})", at - 1) from None
    text = load_view(record.title).describe_action(state, action)
    return after, f"{who}: {text}  [{action.text()}]"


def header(record: Record, state: GameState, at: int, last: str) -> list[str]:
    """Title, rules version, players, position in the record and the last action."""
    info = get_game(record.title)
    options = ", ".join(f"{k}={v}" for k, v in sorted(record.options.items()))
    lines = [
        f"{info.name} ({record.title}), rules version {record.rules_version}; options: {options}",
        f"players: {', '.join(_seat_names(record))}",
        f"action {at} of {len(record.actions)}; last: {last}",
    ]
    if state.is_terminal():
        result = state.result()
        scores = ", ".join(f"{n} {s}" for n, s in zip(record.players, result.scores, strict=True))
        winners = " and ".join(record.players[p] for p in result.winners)
        lines.append(f"result: {scores}; winner: {winners}")
    return lines


def _check_outputs(args: argparse.Namespace) -> None:
    """Refuse unwritable output files (and a chart without matplotlib) before any work."""
    if args.lang is not None:
        from cuberail.draw.words import language

        if args.svg is None:
            raise CuberailError("--lang is the language of the board drawing: give --svg too")
        language(args.lang)  # a reason now for what is not a language tag
    if args.svg is not None:
        check_output_file(Path(args.svg), "--svg")
    if args.chart is not None:
        check_output_file(Path(args.chart), "--chart")
        pyplot()


def write_svg(path: Path, record: Record, state: GameState, lang: str | None = None) -> None:
    """The board drawing of ``state`` as an SVG file (its words in ``lang``), written
    atomically."""
    from cuberail.draw import svg_for

    write_atomic(path, svg_for(record.title, state.to_json(), None, lang).encode("utf-8"))


def cmd_replay(args: argparse.Namespace) -> int:
    _check_outputs(args)
    record = load_record(args.file)
    at = _check_at(args.at, len(record.actions))
    state, last = replay_to(record, at)
    lines = header(record, state, at, last)
    if args.svg is not None:
        write_svg(Path(args.svg), record, state, args.lang)
        print(f"board drawing after action {at} written to {args.svg}", file=sys.stderr)
    if args.summary or args.chart is not None:
        return _money_story(args, record, lines, state)
    if args.json:
        print("\n".join(lines), file=sys.stderr)
        print(json.dumps(state.to_json(), indent=2))
        return 0
    console = make_console()
    _print_text(console, lines, record, state)
    return 0


def _money_story(args: argparse.Namespace, record: Record, lines: list[str],
                 state: GameState) -> int:
    """--summary and --chart: the dividends and cash of the whole record; after the
    summary, what each score is made of where it is not the cash (the 26th newcomer run:
    a summary that ends in cash does not explain a score of cash and shares)."""
    story = summary.cash_story(record)
    if args.chart is not None:
        summary.draw_cash_chart(Path(args.chart), record, story)
        print(f"cash chart written to {args.chart}", file=sys.stderr)
    if args.summary:
        console = make_console()
        for line in lines[:2]:
            console.print(line, highlight=False, markup=False)
        console.print(summary.summary_table(story))
        lost = teach.losses(start_state(record, get_game), record.actions)
        made = [(name, "; ".join(w for w in (teach.score_words(state, seat), lost.get(seat))
                                 if w))
                for seat, name in enumerate(record.players)]
        if any(words for _, words in made):
            console.print("scores " + ("at the end" if state.is_terminal() else "now")
                          + " (cash + shares of public companies at their value):",
                          highlight=False, markup=False)
            for name, words in made:
                console.print(f"  {name}: {words}", highlight=False, markup=False)
    return 0


def _print_text(console: Console, lines: list[str], record: Record, state: GameState) -> None:
    for line in lines:
        console.print(line, highlight=False, markup=False)
    console.print(load_view(record.title).render(state, list(record.players)))


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = subparsers.add_parser("replay", help="show a saved game after N actions",
                              description="Replay a record and show the state it reaches.")
    p.add_argument("file", metavar="FILE", help="a game record (JSON)")
    p.add_argument("--at", type=int, metavar="N", help="stop after N actions (default: all)")
    p.add_argument("--json", action="store_true", help="print the JSON snapshot instead")
    p.add_argument("--svg", metavar="OUT.svg",
                   help="also write the board drawing of the position as SVG")
    p.add_argument("--lang", metavar="LANG",
                   help="the language of the --svg drawing's words: en (default), it, es, de,"
                        " ca; other languages fall back to en")
    p.add_argument("--summary", action="store_true",
                   help="print dividends per player per round and cash, instead of the board")
    p.add_argument("--chart", metavar="OUT.png",
                   help="write a PNG of each player's cash over the game (needs matplotlib:"
                        f" {PLOT_HINT})")
    p.set_defaults(func=cmd_replay)
