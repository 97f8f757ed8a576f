"""What the players give the table: a typed line (a choice number, a move or a command),
a choice taken from the menu, a click on the map."""

from __future__ import annotations

from pathlib import Path

from textual.widgets import Input, OptionList

from cuberail.cli.menu import amount_of
from cuberail.core.errors import CuberailError

from . import choices as C
from . import proxy, teach
from .flow import BUSY, PROMPT
from .keys import TableKeys
from .screens import HelpScreen


class TableInput(TableKeys):
    """The input line, the menu's choices and the map's clicks, and the typed commands."""

    def on_input_submitted(self, event: Input.Submitted) -> None:
        raw = event.value
        event.input.value, event.input.placeholder = "", PROMPT
        if not raw.strip() and self.menu:
            choice = self._highlighted()
            if self.hinting:  # (the 29th newcomer run's Enter then did nothing, silently)
                self._say("the hint is still searching: it marks its move when done, then"
                          " Enter plays it")
            elif choice is not None and self.marked_at == self.moment():
                self._take(choice)
            elif choice is not None:  # the cursor's own place, no choice of the player's
                self._say(f"Enter alone plays a marked choice: type a choice number (1-"
                          f"{len(self.menu)}), or mark one with ↑/↓, a click or F3 (the"
                          " hint), then press Enter")
            return
        self.submit(raw)

    def submit(self, raw: str) -> None:
        """One line typed by a player; a run of amounts' number puts its letter in the
        input line, for the amount to be typed after it (``2`` gives ``b ``)."""
        run = next((c for c in self.menu if c.is_range and c.number == raw.strip()), None)
        if run is not None and not (self.waiting or self.thinking):
            self._take(run)
            return
        meaning = C.interpret(self.game.state, self.menu, raw, self.game.view, self.game.names)
        busy = (f"{BUSY}{self.waiting}" if self.waiting
                else f"{BUSY}{self.thinking} is thinking" if self.thinking else "")
        if isinstance(meaning, C.Command):
            self._command(meaning)
        elif busy:  # a move, or why not, is the mover's: none of this table's players yet
            self._say(busy)
        elif isinstance(meaning, C.Reply):
            self._say(meaning.text)
        elif self.game.state.is_terminal():
            self._say("the game is over")
        else:
            self.choose(meaning)

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        if event.option.id is not None:
            self._take(self.menu[int(event.option.id)])
        self.query_one("#command", Input).focus()

    def _take(self, choice: C.Choice) -> None:
        if choice.is_range:
            field = self.query_one("#command", Input)
            field.value = f"{C.SHORT[choice.actions[0].kind]} "
            field.cursor_position = len(field.value)
            self._say(f"choice {choice.number}, {choice.label}: now type the amount after"
                      f" `{field.value.strip()}` and press Enter ({choice.detail})")
            return
        self.choose(choice.actions[0])

    def map_clicked(self, target: str) -> None:
        """A click on the map: show what is there and pick its move in the menu."""
        about = self.face.about(self.game.state, target)
        index = next((i for i, c in enumerate(self.menu) if c.target == target), None)
        if index is None:
            self._say(f"{about}. Not a choice now.")
            return
        if self.picked == target:
            self._take(self.menu[index])
            return
        self.picked = target
        self.mark(self.menu[index])
        self._say(f"{about}. Choice {self.menu[index].number} picked: click again or press"
                  " Enter to play it.")

    # ----- commands ------------------------------------------------------------------------

    def _command(self, command: C.Command) -> None:
        word = command.word
        if word == "quit":
            self.action_quit_game()
        elif word == "help":
            self._help(command.arg)
        elif word == "undo":
            self.link.undo(self, self.game.state.current_player())
        elif word == "save":
            self._save(command.arg)
        elif word == "board":
            self.action_zoom()
        elif word == "hint":
            self.action_hint()
        elif word == "routes":
            self._routes(command.arg.strip().rstrip("?"))
        elif word == proxy.WORD:
            self._proxy(command.arg)
        else:
            self.screen.remove_class("zoomed")
            self.log_kept = True  # (the end's standings gave it their place)
            self._standings_alone()
            self._layout_for(self.size.width, self.size.height)
            self._say("the log shows the last moves; Shift+PgUp/PgDn scroll it")

    def _proxy(self, arg: str) -> None:
        """`up to 20` at one's own decision in an auction: the table bids for the player
        (:mod:`.proxy`) from this decision on."""
        if self.thinking or self.waiting or not self.menu:
            self._say("`up to $N` works at your own decision in an auction")
            return
        seat = self.game.state.current_player()
        held, text = proxy.accept(self.game.state, arg)
        if held is None:
            self.proxies.pop(seat, None)
            self._say(text)
            return
        self.proxies[seat] = held
        warned = self._at_limit(held.limit)
        if warned:  # in the log, where it stays in sight while the proxy bids
            self.note(warned)
        self.message, self.picked, self.expanded = text, "", ""
        self.follow_log()
        self.advance()

    def _at_limit(self, limit: int) -> str:
        """The title's warning or tip for a bid at a proxy's limit (the most it may bid for
        the player: e.g. a winner left without cash for a share), '' when it has none."""
        state = self.game.state
        at = next((a for a in proxy.bids(state) if amount_of(a) == limit), None)
        said = teach.warning(state, at, self.history) if at is not None else ""
        return f"up to ${limit}: {said.removeprefix('tip: ')}" if said else ""

    def action_help(self) -> None:
        self._command(C.Command("help"))

    def _help(self, arg: str) -> None:
        """The keys and commands (`help`, F1) or the rules (`help rules`), over the table."""
        rules = arg.lower().startswith("rule")
        title = self.game.record.title
        self.push_screen(HelpScreen(teach.rules(title) if rules else teach.key_table(title),
                                    teach.how_to_win(title), self.face.key(),
                                    "the rules (↑↓ PgUp/PgDn scroll)" if rules
                                    else "keys (↑↓ PgUp/PgDn scroll)", self.type_in))

    def type_in(self, text: str) -> None:
        """``text`` typed into the input line, at its cursor, the line focused."""
        line = self.query_one("#command", Input)
        line.focus()
        line.insert_text_at_cursor(text)

    def _save(self, arg: str) -> None:
        """`save [PATH]`: save now (to PATH, or where the game is kept)."""
        try:
            where = self.game.save(Path(arg) if arg else None)
            self._say(f"saved to {where}")
        except CuberailError as exc:
            self._say(str(exc))

    def _routes(self, base: str) -> None:
        """`4?`: list link 4's routes in the menu (and in the message line)."""
        reply = C.list_routes(self.menu, base)
        if C.routes_of(self.menu, base):
            self.expanded = base
            self._draw_menu()
            self.mark(C.routes_of(self.menu, base)[0])
        self._say(reply.text)
