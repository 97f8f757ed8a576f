"""The table's keys: help, save and quit, the board alone, a hint, the menu's cursor, the
log's pages and the board's scrolling."""

from __future__ import annotations

from textual import work
from textual.actions import SkipAction
from textual.binding import Binding
from textual.containers import ScrollableContainer, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Input, OptionList

from cuberail.core.actions import Action
from cuberail.core.errors import CuberailError
from cuberail.core.state import GameState

from . import choices as C
from .flow import TableFlow
from .hint import OFF as HINTS_OFF
from .hint import short_move
from .hintwords import Answer
from .inplay import kept
from .screens import ConfirmQuit, HelpScreen


class TableKeys(TableFlow):
    """The key bindings and their actions (F1 help is with the commands it shares)."""

    BINDINGS = [  # noqa: RUF012 - Textual's own class attribute
        Binding("f1", "help", "help"),
        Binding("ctrl+q", "quit_game", "quit (asks first)", priority=True),
        Binding("f2", "zoom", "board only"),
        Binding("escape", "unzoom", show=False),  # the board alone: Esc brings back the rest
        Binding("f3", "hint", "hint"),
        Binding("up", "menu(-1)", "previous move", show=False),
        Binding("down", "menu(1)", "next move", show=False),
        # priority: a page of the choices whatever has the focus (the input line, the map,
        # the log); a page over the table (help) scrolls itself (see action_page)
        Binding("pageup", "page(-1)", show=False, priority=True),
        Binding("pagedown", "page(1)", show=False, priority=True),
        Binding("shift+pageup", "log(-1)", show=False),
        Binding("shift+pagedown", "log(1)", show=False),
        # priority: the input line has the focus and would take Ctrl+Left/Right (words)
        Binding("ctrl+left", "pan(-12, 0)", show=False, priority=True),
        Binding("ctrl+right", "pan(12, 0)", show=False, priority=True),
        Binding("ctrl+up", "pan(0, -4)", show=False, priority=True),
        Binding("ctrl+down", "pan(0, 4)", show=False, priority=True),
    ]

    def action_zoom(self) -> None:
        """The board alone (F2 or `board`), for a small terminal; again to return."""
        zoomed = not self.screen.has_class("zoomed")
        self.screen.set_class(zoomed, "zoomed")
        self._layout_for(self.size.width, self.size.height)
        whole = ", the whole map:" if self.zoom_fits() else ": arrows scroll it;"
        self._say(f"board only{whole} F2, Esc or `board` brings back the rest"
                  if zoomed else "")
        self.call_after_refresh(self.board_scrolled)

    def action_unzoom(self) -> None:
        """Esc leaves the board alone (F2); elsewhere Esc is left to others."""
        if not self.screen.has_class("zoomed"):
            raise SkipAction
        self.action_zoom()

    def action_hint(self) -> None:
        """The engine's preferred move (F3 or `hint`), searched off the UI thread: in
        brief, and in detail when asked again at the same decision."""
        state = self.game.state
        if not self.game.hints:
            self._say(HINTS_OFF)
            return
        if state.is_terminal():  # (the 28th newcomer run was told "on your own turn")
            self._say("the game is over: no more moves to hint")
            return
        if self.thinking:  # (the 31st newcomer run, a hard bot thinking, read only "hint
            # works on your own turn")
            self._say(f"{self.thinking} is choosing its move: the hint comes on your own turn")
            return
        if self.hinting:
            self._say("the hint is being searched; wait a moment")
            return
        self.hinting = True
        detail = self.hint_told == self.moment()  # (remembered: no second search)
        if not detail:
            # how long at most (the 42nd newcomer run, on a loaded machine, read a bare
            # "hint: searching…" after 1.2 s and did not know whether to wait)
            self._say(f"hint: searching for {self.game.hint_seconds:g} s…"
                      if self.game.hint_iterations is None else
                      f"hint: searching (a second or two, {self.game.hint_seconds:g} s at"
                      " most)…")
        self._hint_search(self.generation, len(self.game.record.actions), state.clone(),
                          detail, list(self.history))

    @work(thread=True, exclusive=True, group="hint")
    def _hint_search(self, generation: int, move: int, state: GameState,
                     detail: bool, history: list[tuple[int, Action]]) -> None:
        """The search for a hint in a worker thread; the answer is shown on the UI thread."""
        answer = self.game.hint_answer(state, history)
        self.call_from_thread(self._hint_done, generation, move, answer, detail)

    def _hint_done(self, generation: int, move: int, answer: Answer, detail: bool) -> None:
        self.hinting = False
        if generation != self.generation or move != len(self.game.record.actions):
            return  # a move or an undo came first: the hint is stale
        seat = self.game.state.current_player()
        hinted = self.game.hint_memory.last.get(seat)
        if hinted is not None:
            self.game.note_hint(move, seat, hinted)
        ready = self._ready_hint(answer.line)
        tight = self.screen.has_class("tight")  # (the message is the board's border there)
        if detail and not tight:
            self._say(answer.detail(ready))
        else:
            self._say(answer.brief(ready, self.size.width))
        self.hint_told = self.moment()

    def _ready_hint(self, text: str) -> str:
        """The hinted move made ready to play with Enter: its choice highlighted, or its
        amount typed in the input line (``b 12``); what to say of it ('' when not)."""
        state = self.game.state
        action = self.game.hint_memory.last.get(state.current_player())
        field = self.query_one("#command", Input)
        if action is None or action not in state.legal_actions():
            return ""
        if field.value.strip() not in ("", C.typed(action)):
            return ""  # the player is typing: their line stays
        if short_move(self.game.describe_in, state, action) not in text:
            return ""  # another position's hint was remembered
        choice = next((c for c in self.menu if action in c.actions), None)
        if choice is None:
            return ""
        if choice.is_range:
            field.value = C.typed(action)
            field.cursor_position = len(field.value)
            return f". Enter plays it (`{field.value}` is typed)"
        self.mark(choice)
        if choice.is_dearer_route:  # listed under its link's line only now (the 39th
            # newcomer run read "choice 20b is marked" and found no 20b in the list)
            return (f". Enter plays it (choice {choice.number} is marked: link"
                    f" {choice.base} by another route, listed under {choice.base})")
        return f". Enter plays it (choice {choice.number} is marked)"

    def action_quit_game(self) -> None:
        """Ctrl+Q or `quit`: leave at once when the game is over, else after a yes."""
        if self.game.state.is_terminal():
            self._leave()
        elif not isinstance(self.screen, ConfirmQuit):
            self.push_screen(ConfirmQuit(kept(self.link, self.game)), self._answered)

    def _answered(self, leave: bool | None) -> None:
        if leave:
            self._leave()
        else:
            self._say("still playing")

    def _leave(self) -> None:
        self.generation += 1
        try:
            self.link.leave()
        except CuberailError as exc:
            self._say(str(exc))
            return
        self.exit(0)

    def action_menu(self, step: int) -> None:
        if self.screen.has_class("zoomed"):  # the board alone: the arrows scroll it
            self.action_pan(0, 2 * step)
            return
        menu = self.query_one("#menu", OptionList)
        if step > 0:
            menu.action_cursor_down()
        else:
            menu.action_cursor_up()
        self.marked_at = self.moment()
        self._say_highlighted()

    def action_page(self, step: int) -> None:
        """PgUp/PgDn: a page of the choices when they do not fit, the choice it reaches at
        the top of the box (a page of the log when they fit, of the board when it is
        alone). Over the table (help, quit) the key is the page's own."""
        if isinstance(self.screen, ModalScreen):
            raise SkipAction
        menu = self.query_one("#menu", OptionList)
        if self.screen.has_class("zoomed") or menu.max_scroll_y <= 0:
            self.action_log(step)
            return
        if not self.shown:  # the final standings: no choice to move to, a page of lines
            menu.scroll_to(y=menu.scroll_y + step * max(menu.scrollable_content_region.height
                                                        - 1, 1), animate=False)
            return
        if step > 0:
            menu.action_page_down()  # type: ignore[no-untyped-call]
            if menu.highlighted is None:  # the page ended among the notes under the choices
                menu.highlighted = max(self.option_index(c) for c in self.shown)
        else:
            menu.action_page_up()  # type: ignore[no-untyped-call]
        menu.scroll_to_highlight(top=True)  # a whole page on: not just into view at the foot
        self.marked_at = self.moment()
        self._say_highlighted()

    def action_log(self, step: int) -> None:
        """A page of the log (Shift+PgUp/PgDn; of the board when it is alone)."""
        if self.screen.has_class("zoomed"):
            board = self.query_one("#board", ScrollableContainer)
            self.action_pan(0, step * max(board.scrollable_content_region.height - 1, 1))
            return
        box = self.query_one("#logbox", VerticalScroll)
        box.scroll_to(y=box.scroll_y + step * max(box.size.height - 1, 1), animate=False)

    def action_pan(self, dx: int, dy: int) -> None:
        """Scroll the board by hand: it stays there until the next decision (it follows
        play again then). Over a page (help), Ctrl+Left/Right is a terminal's Escape and
        b/f typed at once (``ESC b``): the page closes and the letter is typed."""
        if isinstance(self.screen, HelpScreen):
            if dy == 0:
                self.screen.escape_then("b" if dx < 0 else "f")
            return
        self.panned_at = self.moment()
        board = self.query_one("#board", ScrollableContainer)
        board.scroll_to(x=board.scroll_x + dx, y=board.scroll_y + dy, animate=False)
