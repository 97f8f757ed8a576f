"""The table's log: the moves so far, what they made happen, and the table's notes, with
the other seats' moves since the human's last decision highlighted."""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any

from rich.text import Text
from textual.containers import VerticalScroll
from textual.widgets import Static

from cuberail.core.state import GameState

from . import teach
from .base import TableBase
from .payout import Dividend, dividend

if TYPE_CHECKING:
    from cuberail.cli.play import Game

SHOWN = 80  # the log lines drawn (the last ones)


@dataclass(frozen=True)
class Entry:
    """One log line: a move (by ``seat``), an event, or a note from the table."""

    seat: int
    text: str
    # "move" (a decision), "forced" (the only legal move), "event", "payout" (a line of a
    # dividend's split by company), "note"
    kind: str
    move: int = 0  # the record's action it belongs to (a note: the next action's index)
    undone: bool = False  # taken back by an undo: kept in the log, struck, "(taken back)"

    def stands(self, moves: int) -> bool:
        """Whether the line is still in force when the record has ``moves`` actions
        (after an undo: a move and its events go with the move)."""
        return self.move <= moves if self.kind == "note" else self.move < moves

    def after_undo(self, moves: int) -> Entry:
        """This line once the record is cut to ``moves`` actions: kept, and marked as
        taken back when its move went (the log keeps the past, as the browser's does)."""
        if self.undone or self.kind == "note" or self.stands(moves):
            return self
        return replace(self, undone=True)


class TableLog(TableBase):
    """The log of the table: filled from the record, added to, and drawn."""

    def note(self, text: str) -> None:
        """A line of the table's own in the log (before the next move)."""
        self.log_entries.append(Entry(-1, text, "note", len(self.game.record.actions)))

    def _fill_log(self) -> None:
        """The moves so far and what they made happen (a resumed game), then how to win."""
        state = _fresh(self.game)
        events = getattr(self.game.view, "events", None)
        for i, action in enumerate(self.game.record.actions):
            seat = state.current_player()
            kind = "forced" if len(state.legal_actions()) == 1 else "move"
            self.log_entries.append(Entry(seat, self.game.describe_in(state, action), kind, i))
            self.history.append((seat, action))
            before = state.clone()
            state.apply(action)
            happened = events(before, state, self.game.names) if events else []
            self.log_entries += [Entry(seat, e, "event", i) for e in happened]
            self._log_dividend(before, state, seat, i)
        self.note(f"{self.link.opening()}; F1 or `help` for help, `help rules` for the rules")
        self.note(teach.how_to_win(self.game.record.title))

    def _log_dividend(self, before: GameState, after: GameState, seat: int,
                      move: int) -> Dividend | None:
        """A dividend paid by the move, split by company under its events; None if none."""
        found = dividend(self.game.record.title, before, after, self.kit.payouts)
        if found is not None:
            self.log_entries += [Entry(seat, line, "payout", move)
                                 for line in found.lines(self.game.names)]
        return found

    def _draw_log(self) -> None:
        mover = self.game.state.current_player()
        human = (mover >= 0 and not self.game.seats[mover].is_bot and not self.thinking
                 and not self.link.is_away(mover))
        since = -1
        if human:
            since = max((i for i, e in enumerate(self.log_entries)
                         if e.seat == mover and e.kind == "move" and not e.undone), default=-1)
        skipped = max(len(self.log_entries) - SHOWN, 0)
        lines = [self._log_line(e, human and i > since and e.seat != mover)
                 for i, e in enumerate(self.log_entries[skipped:], skipped)]
        self.query_one("#log", Static).update(Text("\n").join(lines))
        self.query_one("#logbox").border_title = (
            "moves (yellow: new)" if human and since >= 0 else "moves")

    def follow_log(self) -> None:
        """Keep the log at its last line, after new lines and resizes, until the user
        scrolls it up (back at its end, it follows again): Textual's anchor."""
        self.query_one("#logbox", VerticalScroll).anchor()

    def _log_line(self, entry: Entry, fresh: bool) -> Text:
        """One line of the log; ``fresh``: a move since the human's last decision."""
        if entry.kind == "note":
            return Text(entry.text, style="italic cyan")
        name = self.game.seats[entry.seat].name if entry.seat >= 0 else ""
        text = (Text(f"   · {entry.text}") if entry.kind == "event"
                else Text(f"   {entry.text}", style="bold green") if entry.kind == "payout"
                else Text(f"{name}: {entry.text}"))
        # a line taken back is struck and dim, and says so in words: a terminal may not
        # strike (the 21st newcomer run read an undone auction's result as won)
        if entry.undone:
            text.stylize("dim strike")
            text.append(" (taken back)", style="dim italic")
        elif fresh and entry.kind != "payout":
            text.stylize("bold yellow")
        return text


def _fresh(game: Game) -> Any:
    from cuberail.cli.records import replay_record

    return replay_record(game.record, 0)
