"""``cuberail replay FILE``: the state after N actions of a record, as the text view or JSON."""

from __future__ import annotations

import argparse
import json
import sys

from rich.console import Console

from cuberail.cli import common
from cuberail.core.errors import CuberailError, IllegalActionError, RecordError
from cuberail.core.record import Record
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
    seats = common.seats_from_record(record)
    if seats is None:
        return list(record.players)
    return [f"{s.name} (bot {s.bot})" if s.bot and s.bot not in s.name else s.name
            for s in seats]


def replay_to(record: Record, at: int) -> tuple[GameState, str]:
    """The state after ``at`` actions and a line naming the last action applied.

    The last action is checked (applied to a copy) before it is described: a view
    describes legal actions only, and a record's action may name a hex that is not there.
    """
    state = common.replay_record(record, max(at - 1, 0))
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
    text = common.load_view(record.title).describe_action(state, action)
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


def cmd_replay(args: argparse.Namespace) -> int:
    record = common.load_record(args.file)
    at = _check_at(args.at, len(record.actions))
    state, last = replay_to(record, at)
    lines = header(record, state, at, last)
    if args.json:
        print("\n".join(lines), file=sys.stderr)
        print(json.dumps(state.to_json(), indent=2))
        return 0
    console = common.make_console()
    _print_text(console, lines, record, state)
    return 0


def _print_text(console: Console, lines: list[str], record: Record, state: GameState) -> None:
    for line in lines:
        console.print(line, highlight=False, markup=False)
    console.print(common.load_view(record.title).render(state, list(record.players)))


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = subparsers.add_parser("replay", help="show a saved game after N actions",
                              description="Replay a record and show the state it reaches.")
    p.add_argument("file", metavar="FILE", help="a game record (JSON)")
    p.add_argument("--at", type=int, metavar="N", help="stop after N actions (default: all)")
    p.add_argument("--json", action="store_true", help="print the JSON snapshot instead")
    p.set_defaults(func=cmd_replay)
