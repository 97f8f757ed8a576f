"""The flow of the game at the table: forced moves, bots thinking in a worker thread,
the humans' moves, moves made elsewhere, undos, and the end."""

from __future__ import annotations

from collections.abc import Callable

from textual import work
from textual.widgets import Input, Static

from cuberail.core.actions import Action
from cuberail.core.errors import CuberailError
from cuberail.core.state import GameState

from . import proxy, teach
from .drawing import TableView
from .log import Entry
from .menuview import rank_of

FORCED = " (the only legal move)"
# the input line's placeholder, and the start of the answer to a move typed while no one
# at this table decides (a bot thinks, a server is waited for)
PROMPT = "type a choice number (1, 2, ...), an amount as `b 12`, or help"
BUSY = "wait: "


def forced_note(state: GameState, action: Action, names: list[str],
                describe: Callable[[Action], str]) -> str:
    """The message line for a human's move played for them: what and why, the title's
    reason in the player's words (``Ann, you had to pass (your only legal move): you have
    $38; the high bid is $40 and a bid must beat it ($41 at least), so you can only
    pass``)."""
    seat = state.current_player()
    name = names[seat] if seat < len(names) else f"player {seat + 1}"
    why = teach.only_move(state, action)
    if not why:
        return f"{name}, this was played for you (your only legal move): {describe(action)}"
    return f"{name}, you had to {action.kind} (your only legal move): {why}"


class TableFlow(TableView):
    """Moves the game on: every move is applied through ``Game.apply`` (so it is saved)."""

    def advance(self) -> None:
        """Play forced moves, start a bot, or wait for the human to move."""
        game = self.game
        forced = False  # a human's forced move said on the way to this decision
        while not game.state.is_terminal() and len(game.state.legal_actions()) == 1:
            mover = game.state.current_player()
            if self.link.is_away(mover):
                break
            action = game.state.legal_actions()[0]
            if not game.seats[mover].is_bot:  # a human's forced move is said, not only logged
                forced = self._say_forced(
                    forced_note(game.state, action, game.names, game.describe)) or forced
            if not self.link.send(self, action, FORCED):
                return  # the server answers later
        self.waiting = ""
        if game.state.is_terminal():
            self._finish()
            return
        seat = game.seats[game.state.current_player()]
        if self.link.is_away(game.state.current_player()):
            self.thinking = ""
            self.wait_for(f"waiting for {seat.name}…")
            return
        if seat.is_bot:
            busy = bool(self.thinking)
            self.thinking = seat.name
            if busy:  # a run of bot moves: the step line shows who thinks; the rest waits
                self.query_one("#step", Static).update(self._step_text())
            else:
                self.refresh_table()
            self._bot_move(self.generation, len(game.record.actions))
            return
        self.thinking = ""
        if self._by_proxy():
            return
        self._message_for_decision(forced)
        self._fresh_input()
        self.refresh_table()

    def _by_proxy(self) -> bool:
        """A human's decision in an auction where they typed `up to $N`: the proxy's bid
        or pass is played for them (:mod:`.proxy`); True when it moved the game on. The
        limit ends with the auction or at the pass."""
        seat = self.game.state.current_player()
        held = self.proxies.pop(seat, None)
        auto = proxy.move(self.game.state, held) if held is not None else None
        if auto is None:
            return False
        action, note, going_on = auto
        if going_on is not None:
            self.proxies[seat] = going_on
        self.message = f"{self.game.names[seat]}: {self.game.describe(action)}{note}"
        if self.link.send(self, action, note):
            self.advance()
        return True

    def _fresh_input(self) -> None:
        """A decision begins: the input line holds only what was typed before its choices
        showed (while bots thought, or at an earlier decision), never this decision's
        answer. It is cleared, and its empty line says what was dropped."""
        field = self.query_one("#command", Input)
        typed = field.value.strip()
        field.value = ""
        field.placeholder = (PROMPT if not typed else
                             f"`{typed}`, typed before these choices showed, was dropped: {PROMPT}")

    def _message_for_decision(self, forced: bool) -> None:
        """A human's decision begins: the message line keeps a forced move's note only
        when the move came right before it (no other move since), and what was said at an
        earlier decision goes (it may contradict the new choices); news said while no
        human decided (a resync, the server's answer) is for this decision."""
        if self.message.startswith(BUSY):  # the wait is over
            self.message = ""
        if self.message and self.message == self.forced_said:
            if not forced:
                self.message = ""
        elif self.said_at is not None and self.said_at != self.moment():
            self.message = ""
        self.said_at = self.moment()

    def _say_forced(self, note: str) -> bool:
        """A forced move in the message line, unless it holds news of its own since the
        player's last move (a resync, the server's answer); True when it is said. The note
        stays until the next human decision after it (one right after it keeps it)."""
        if not self.message or self.message == self.forced_said:
            self.message = self.forced_said = note
            return True
        return False

    @work(thread=True, exclusive=True, group="bot")
    def _bot_move(self, generation: int, move: int) -> None:
        """A bot chooses in a worker thread; the move is applied on the UI thread."""
        state = self.game.state.clone()
        seat = self.game.seats[state.current_player()]
        action = seat.make_bot(move).choose(state)
        self.call_from_thread(self._bot_done, generation, action)

    def _bot_done(self, generation: int, action: Action) -> None:
        if generation != self.generation or self.game.state.is_terminal():
            return  # an undo or a quit came first
        self.play_move(action, "")
        self.advance()

    def play_move(self, action: Action, note: str) -> None:
        """Apply a move (decided here or come from the server) and log it with what it
        made happen."""
        game = self.game
        seat, move = game.state.current_player(), len(game.record.actions)
        text = game.describe(action) + note
        self.history.append((seat, action))
        self.log_entries.append(Entry(seat, text, "forced" if note else "move", move))
        try:
            happened = game.apply(action)
        except CuberailError as exc:  # the move stands in the record; only the save failed
            happened = [f"warning: {exc}"]
        self.log_entries += [Entry(seat, e, "event", move) for e in happened]
        paid = self._log_dividend(game.before, game.state, seat, move)
        if paid is not None and self.humans():
            self._announce(paid.notice(self.humans(), game.names))

    def _finish(self) -> None:
        self.thinking = ""
        result = self.game.state.result()
        scores = result.scores
        for p in sorted(range(len(scores)), key=lambda p: -scores[p]):
            self.note(f"{rank_of(scores, p)} {self.game.seats[p].name}: {scores[p]}"
                      + ("  winner" if p in result.winners else ""))
        self.note("game over. Type quit (or Ctrl+Q) to leave; the record is saved.")
        self._announce("")  # no news left for a next decision (a last dividend is logged)
        self.refresh_table()

    def choose(self, action: Action) -> None:
        """A human's move, from the menu, the input line or the map."""
        self.message, self.picked, self.expanded = "", "", ""
        self.follow_log()  # a move of one's own: the log shows what it made happen
        if self.link.send(self, action, ""):
            self.advance()

    def moved_elsewhere(self, action: Action) -> None:
        """A move made elsewhere (a server game's other seats) or accepted there."""
        only = len(self.game.state.legal_actions()) == 1
        self.play_move(action, FORCED if only else "")
        self.advance()

    def wait_for(self, what: str) -> None:
        """Wait for something elsewhere (a move, the server's answer): no choices meanwhile."""
        self.waiting = what
        self.refresh_table()

    def taken_back(self, text: str) -> None:
        """The record lost its last moves (an undo): their log lines stay, struck through,
        the undo is a line of its own, and the game goes on."""
        self.generation += 1
        self.proxies.clear()  # an `up to` limit was set before the moves taken back
        moves = len(self.game.record.actions)  # the moves still in force keep their lines
        self.history = self.history[:moves]
        self.log_entries = [e.after_undo(moves) for e in self.log_entries]
        self.note(text)
        self.advance()

    def resynced(self, text: str) -> None:
        """The game was read again from where it is kept: the log is rebuilt from it."""
        self.generation += 1
        self.thinking = ""
        self.proxies.clear()
        self.log_entries, self.history = [], []
        self._fill_log()
        self.note(text)
        self.advance()
        self.say(text)
