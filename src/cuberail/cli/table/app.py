"""The full-screen table (Textual): board, companies, players, log, menu and input.

One :class:`TableApp` plays one ``play.Game``: humans choose from the menu (keyboard
or mouse, or by clicking the map), bots think in a worker thread while the screen
stays live, every move is applied through ``Game.apply`` (so it is autosaved), and
the log keeps the last moves in view with the bots' moves since the human's last
decision highlighted. The game's :class:`~.inplay.Link` says where it is played: here
(:class:`~.inplay.Local`) or on a server (``cuberail join``: the other seats move there).
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from rich.console import Group
from rich.text import Text
from textual import events, work
from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, ScrollableContainer, VerticalScroll
from textual.widgets import Input, OptionList, Static
from textual.widgets.option_list import Option

from cuberail.core.actions import Action
from cuberail.core.errors import CuberailError
from cuberail.core.state import GameState
from cuberail.games import get_game
from cuberail.terminal.kit import table_for

from . import choices as C
from . import teach
from .hint import OFF as HINTS_OFF
from .inplay import Link, Local
from .screens import HelpScreen
from .scrolling import off_screen_title, show_targets

if TYPE_CHECKING:
    from cuberail.cli.play import Game

FORCED = " (the only legal move)"
CSS = """
Screen { layout: vertical; }
#step { height: auto; max-height: 2; background: $primary-background; padding: 0 1; }
#top { height: 55%; }
#board { width: 1fr; border: round $secondary; scrollbar-size: 1 1; }
#side { width: 40; border: round $secondary; }
#bottom { height: 1fr; }
#logbox { width: 1fr; border: round $secondary; scrollbar-size-vertical: 1; }
#menu { width: 1fr; border: round $accent; scrollbar-size-vertical: 1; }
#side Static { width: 100%; }
#hint { height: auto; max-height: 3; padding: 0 1; color: $warning; }
#command { height: 1; border: none; padding: 0 1; }
.narrow #side { width: 35; }
.zoomed #bottom, .zoomed #side { display: none; }
.zoomed #top { height: 1fr; }
.narrow #board, .narrow #side, .narrow #logbox, .narrow #menu {
    border: none; border-top: round $secondary; }
"""


@dataclass(frozen=True)
class Entry:
    """One log line: a move (by ``seat``), an event, or a note from the table."""

    seat: int
    text: str
    kind: str  # "move" (a decision), "forced" (the only legal move), "event", "note"
    move: int = 0  # the record's action it belongs to (a note: the next action's index)

    def stands(self, moves: int) -> bool:
        """Whether the line still belongs in the log when the record has ``moves`` actions
        (after an undo: a move and its events go with the move)."""
        return self.move <= moves if self.kind == "note" else self.move < moves


class MapView(Static):
    """The board; a click names the hex or link under the pointer."""

    def on_click(self, event: events.Click) -> None:
        app = self.app
        assert isinstance(app, TableApp)
        target = app.face.hit(event.x, event.y)
        if target is not None:
            app.map_clicked(target)


class TableApp(App[int]):
    """A game at the table until it ends or the players quit (the game is saved)."""

    CSS = CSS
    TITLE = "cuberail"
    BINDINGS = [  # noqa: RUF012 - Textual's own class attribute
        Binding("f1", "help", "help"),
        Binding("ctrl+q", "quit_game", "save and quit", priority=True),
        Binding("f2", "zoom", "board only"),
        Binding("f3", "hint", "hint"),
        Binding("up", "menu(-1)", "previous move", show=False),
        Binding("down", "menu(1)", "next move", show=False),
        Binding("pageup", "log(-1)", show=False),
        Binding("pagedown", "log(1)", show=False),
        # priority: the input line has the focus and would take Ctrl+Left/Right (words)
        Binding("ctrl+left", "pan(-12, 0)", show=False, priority=True),
        Binding("ctrl+right", "pan(12, 0)", show=False, priority=True),
        Binding("ctrl+up", "pan(0, -4)", show=False, priority=True),
        Binding("ctrl+down", "pan(0, 4)", show=False, priority=True),
    ]

    def __init__(self, game: Game, link: Link | None = None) -> None:
        super().__init__()
        self.game = game
        self.link: Link = link or Local(game)
        self.full_face = table_for(game.record.title).face
        self.face = self.full_face  # the compact map when the board is alone and narrow
        self.expanded = ""  # the link number whose dearer routes the menu lists (`4?`)
        self.numbering = C.Numbering()
        self.menu: list[C.Choice] = []
        self.log_entries: list[Entry] = []
        self.history: list[tuple[int, Action]] = []
        self.thinking = ""
        self.waiting = ""  # what the table waits for elsewhere (a server, a player there)
        self.generation = 0
        self.message = ""
        self.picked = ""  # the map target clicked once (a second click plays its move)
        self.hinting = False  # a hint's search runs in a worker

    # ----- layout ----------------------------------------------------------------------

    def compose(self) -> ComposeResult:
        yield Static(id="step")
        with Horizontal(id="top"):
            with ScrollableContainer(id="board"):
                yield MapView(id="map")
            with VerticalScroll(id="side"):
                yield Static(id="companies")
                yield Static(id="players")
                yield Static(id="tracker")
        with Horizontal(id="bottom"):
            with VerticalScroll(id="logbox"):
                yield Static(id="log")
            yield OptionList(id="menu")
        yield Static(id="hint")
        yield Input(placeholder="type a choice number or a move; help for help", id="command")

    def on_mount(self) -> None:
        info = get_game(self.game.record.title)
        self.title = f"{info.name}: " + ", ".join(self.game.names)
        self.query_one("#board").border_title = "board"
        self.query_one("#side").border_title = "companies, players, end of game"
        self.query_one("#logbox").border_title = "moves"
        self.query_one("#menu").border_title = "your choices"
        self._size_map()
        self._fill_log()
        self.watch(self.query_one("#board"), "scroll_x", self._board_scrolled, init=False)
        self.watch(self.query_one("#board"), "scroll_y", self._board_scrolled, init=False)
        self._layout_for(self.size.width)
        board = self.query_one("#board", ScrollableContainer)
        self.call_after_refresh(board.scroll_to, x=self.face.home_x, animate=False)
        self.query_one("#command", Input).focus()
        self.call_after_refresh(self.advance)
        self.link.start(self)

    def on_resize(self, event: events.Resize) -> None:
        self._layout_for(event.size.width)

    def _layout_for(self, width: int) -> None:
        self.screen.set_class(width < 120, "narrow")
        self._fit_face(width)
        self.call_after_refresh(self._board_scrolled)

    def _fit_face(self, width: int) -> None:
        """The board alone on a terminal narrower than the map: the compact map if the
        title's face has one (``Face.small``)."""
        small = self.full_face.small
        zoomed = self.screen.has_class("zoomed")
        face = small if small and zoomed and width < self.full_face.width + 2 else self.full_face
        if face is self.face:
            return
        self.face = face
        self._size_map()
        if self.is_running:
            self._draw_map()

    def _size_map(self) -> None:
        view = self.query_one("#map", MapView)
        view.styles.width, view.styles.height = self.face.width, self.face.height

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
        self.note(f"{self.link.opening()}; F1 or `help` for help, `help rules` for the rules")
        self.note(teach.how_to_win(self.game.record.title))

    # ----- the flow of the game ------------------------------------------------------------

    def advance(self) -> None:
        """Play forced moves, start a bot, or wait for the human to move."""
        game = self.game
        while not game.state.is_terminal() and len(game.state.legal_actions()) == 1:
            if self.link.is_away(game.state.current_player()):
                break
            if not self.link.send(self, game.state.legal_actions()[0], FORCED):
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
        self.refresh_table()

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

    def _finish(self) -> None:
        self.thinking = ""
        result = self.game.state.result()
        ranks = result.ranks()
        order = sorted(range(len(self.game.seats)), key=lambda p: ranks[p])
        for p in order:
            self.note(f"{ranks[p]:g}. {self.game.seats[p].name}: {result.scores[p]}"
                      + ("  winner" if p in result.winners else ""))
        self.note("game over. Type quit (or Ctrl+Q) to leave; the record is saved.")
        self.refresh_table()

    def choose(self, action: Action) -> None:
        """A human's move, from the menu, the input line or the map."""
        self.message, self.picked, self.expanded = "", "", ""
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
        """The record lost its last moves (an undo): their log lines go, the game goes on."""
        self.generation += 1
        moves = len(self.game.record.actions)  # the moves still in force keep their lines
        self.history = self.history[:moves]
        self.log_entries = [e for e in self.log_entries if e.stands(moves)]
        self.note(text)
        self.advance()

    def resynced(self, text: str) -> None:
        """The game was read again from where it is kept: the log is rebuilt from it."""
        self.generation += 1
        self.thinking = ""
        self.log_entries, self.history = [], []
        self._fill_log()
        self.note(text)
        self.advance()
        self.say(text)

    # ----- drawing -------------------------------------------------------------------------

    def note(self, text: str) -> None:
        self.log_entries.append(Entry(-1, text, "note", len(self.game.record.actions)))

    def refresh_table(self) -> None:
        state = self.game.state
        self.menu = self._build_menu()
        targets = self._draw_map()
        self.query_one("#companies", Static).update(self.face.companies(state))
        self.query_one("#players", Static).update(self.face.players(state, self.game.names))
        self.query_one("#tracker", Static).update(Group(teach.tracker(state), Text(""),
                                                        self.face.key()))
        self.query_one("#step", Static).update(self._step_text())
        self._draw_log()
        self._draw_menu()
        self.query_one("#hint", Static).update(Text(self.message))
        self._show_targets(targets)

    def _draw_map(self) -> set[str]:
        """The board with the places the player may choose drawn bright; returns them."""
        targets = {c.target for c in self.menu if c.target}
        self.query_one("#map", MapView).update(self.face.board(self.game.state, targets),
                                               layout=False)
        return targets

    def _step_text(self) -> Text:
        view, state = self.game.view, self.game.state
        step = str(view.describe_step(state, self.game.names))
        if self.waiting:
            return Text.assemble(("⏳ ", "bold"), (self.waiting, "bold"), " ", step)
        if self.thinking:
            return Text.assemble(("⏳ ", "bold"), (f"{self.thinking} is thinking… ", "bold"),
                                 step)
        if state.is_terminal():
            return Text(step, style="bold")
        name = self.game.seats[state.current_player()].name
        return Text.assemble((f"▶ {name}, your move: ", "bold reverse"), " ", step)

    def _build_menu(self) -> list[C.Choice]:
        state = self.game.state
        if state.is_terminal() or self.thinking or self.waiting:
            return []
        return C.build(state, self.game.describe_in, self.numbering,
                       lambda a: teach.warning(state, a, self.history))

    @property
    def shown(self) -> list[C.Choice]:
        """The choices drawn in the menu: one line per link (its cheapest route), a link's
        other routes only after `N?`."""
        return [c for c in self.menu if not c.is_dearer_route or c.base == self.expanded]

    def _prompt(self, choice: C.Choice) -> Text:
        """One menu line: a link's cheapest route is numbered as the link, with how many
        other routes it has."""
        routes = len(C.routes_of(self.menu, choice.base)) if choice.is_route else 0
        folded = routes > 1 and choice.base != self.expanded
        number = choice.base if folded else choice.number
        prompt = Text.assemble((f"{number:>4} ", "bold"), (choice.detail, ""))
        if choice.is_range:
            prompt = Text.assemble((f"{number:>4} ", "bold"), (choice.label, "bold"), "  ",
                                   choice.detail)
        if folded:
            prompt.append(f"  (+{routes - 1} dearer route{'s' * (routes > 2)}:"
                          f" {choice.base}? lists them)", style="dim")
        if choice.warning:
            prompt.append(f"\n      ⚠ {choice.warning}", style="bold red")
        return prompt

    def _draw_menu(self) -> None:
        menu = self.query_one("#menu", OptionList)
        menu.clear_options()
        shown = self.shown
        options = [Option(self._prompt(c), id=str(i)) for i, c in enumerate(self.menu)
                   if c in shown]
        for reason in teach.build_refusals(self.game.state) if self.menu else []:
            options.append(Option(Text(f"      {reason}", style="dim italic"), disabled=True))
        menu.add_options(options)
        if self.menu:
            menu.highlighted = menu.get_option_index("0")
        menu.border_title = "your choices" if self.menu else (
            "waiting for a bot" if self.thinking else "waiting" if self.waiting
            else "no choices")

    def _draw_log(self) -> None:
        mover = self.game.state.current_player()
        human = (mover >= 0 and not self.game.seats[mover].is_bot and not self.thinking
                 and not self.link.is_away(mover))
        since = -1
        if human:
            since = max((i for i, e in enumerate(self.log_entries)
                         if e.seat == mover and e.kind == "move"), default=-1)
        lines = []
        for i, e in enumerate(self.log_entries[-80:], max(len(self.log_entries) - 80, 0)):
            if e.kind == "note":
                lines.append(Text(e.text, style="italic cyan"))
                continue
            fresh = human and i > since and e.seat != mover
            name = self.game.seats[e.seat].name if e.seat >= 0 else ""
            text = (Text(f"   · {e.text}") if e.kind == "event" else Text(f"{name}: {e.text}"))
            if fresh:
                text.stylize("bold yellow")
            lines.append(text)
        self.query_one("#log", Static).update(Text("\n").join(lines))
        self.query_one("#logbox").border_title = (
            "moves (yellow: since your last move)" if human and since >= 0 else "moves")
        self.call_after_refresh(self.query_one("#logbox", VerticalScroll).scroll_end,
                                animate=False)

    def _show_targets(self, targets: set[str]) -> None:
        show_targets(self.query_one("#board", ScrollableContainer), self.face, targets)

    def _board_scrolled(self, *_: object) -> None:
        board = self.query_one("#board", ScrollableContainer)
        board.border_title = off_screen_title(board, self.face)

    # ----- input -------------------------------------------------------------------------

    def on_input_submitted(self, event: Input.Submitted) -> None:
        raw = event.value
        event.input.value = ""
        if not raw.strip() and self.menu:
            choice = self._highlighted()
            if choice is not None:
                self._take(choice)
            return
        self.submit(raw)

    def submit(self, raw: str) -> None:
        """One line typed by a player."""
        meaning = C.interpret(self.game.state, self.menu, raw, self.game.view)
        if isinstance(meaning, C.Command):
            self._command(meaning)
        elif isinstance(meaning, C.Reply):
            self._say(meaning.text)
        elif self.waiting:
            self._say(f"wait: {self.waiting}")
        elif self.thinking or self.game.state.is_terminal():
            self._say("wait: a bot is thinking" if self.thinking else "the game is over")
        else:
            self.choose(meaning)

    def _highlighted(self) -> C.Choice | None:
        """The menu choice under the menu's cursor (headers and notes are not choices)."""
        menu = self.query_one("#menu", OptionList)
        option = menu.highlighted_option
        if option is None or option.id is None:
            return None
        return self.menu[int(option.id)]

    def option_index(self, choice: C.Choice) -> int:
        """Where ``choice`` is in the menu widget (for the cursor, tests and clicks)."""
        return self.query_one("#menu", OptionList).get_option_index(
            str(self.menu.index(choice)))

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        if event.option.id is not None:
            self._take(self.menu[int(event.option.id)])
        self.query_one("#command", Input).focus()

    def _take(self, choice: C.Choice) -> None:
        if choice.is_range:
            field = self.query_one("#command", Input)
            field.value = f"{choice.actions[0].kind} "
            field.cursor_position = len(field.value)
            self._say(f"type the amount: {choice.detail}")
            return
        self.choose(choice.actions[0])

    def _say(self, text: str) -> None:
        self.message = text
        self.query_one("#hint", Static).update(Text(text))

    say = _say  # for the game's link

    def map_clicked(self, target: str) -> None:
        """A click on the map: show what is there and pick its move in the menu."""
        about = self.face.about(self.game.state, target)
        index = next((i for i, c in enumerate(self.menu) if c.target == target), None)
        if index is None:
            self._say(f"{about}. Not a choice now.")
            return
        menu = self.query_one("#menu", OptionList)
        if self.picked == target:
            self._take(self.menu[index])
            return
        self.picked = target
        menu.highlighted = self.option_index(self.menu[index])
        self._say(f"{about}. Choice {self.menu[index].number} picked: click again or press"
                  " Enter to play it.")

    def _command(self, command: C.Command) -> None:
        word = command.word
        if word == "quit":
            self.action_quit_game()
        elif word == "help":
            rules = command.arg.lower().startswith("rule")
            title = self.game.record.title
            self.push_screen(HelpScreen(teach.rules(title) if rules else teach.keys(title),
                                        teach.how_to_win(title), self.face.key()))
        elif word == "undo":
            self.link.undo(self, self.game.state.current_player())
        elif word == "save":
            try:
                where = self.game.save(Path(command.arg) if command.arg else None)
                self._say(f"saved to {where}")
            except CuberailError as exc:
                self._say(str(exc))
        elif word == "board":
            self.action_zoom()
        elif word == "hint":
            self.action_hint()
        elif word == "routes":
            self._routes(command.arg.strip().rstrip("?"))
        else:
            self.screen.remove_class("zoomed")
            self._say("the log shows the last moves; PgUp/PgDn scroll it")

    def _routes(self, base: str) -> None:
        """`4?`: list link 4's routes in the menu (and in the message line)."""
        reply = C.list_routes(self.menu, base)
        if C.routes_of(self.menu, base):
            self.expanded = base
            self._draw_menu()
            menu = self.query_one("#menu", OptionList)
            menu.highlighted = self.option_index(C.routes_of(self.menu, base)[0])
        self._say(reply.text)

    # ----- actions ---------------------------------------------------------------------------

    def action_zoom(self) -> None:
        """The board alone (F2 or `board`), for a small terminal; again to return."""
        zoomed = not self.screen.has_class("zoomed")
        self.screen.set_class(zoomed, "zoomed")
        self._fit_face(self.size.width)
        self._say("board only: arrow keys and Ctrl+arrows scroll it; F2 or `board` brings"
                  " back the log and the choices" if zoomed else "")
        self.call_after_refresh(self._board_scrolled)

    def action_hint(self) -> None:
        """The engine's preferred move (F3 or `hint`), searched off the UI thread."""
        state = self.game.state
        if not self.game.hints:
            self._say(HINTS_OFF)
            return
        if self.thinking or state.is_terminal():
            self._say("hint works on your own turn")
            return
        if self.hinting:
            self._say("the hint is being searched; wait a moment")
            return
        self.hinting = True
        self._say(f"hint: searching for {self.game.hint_seconds:g} s…"
                  if self.game.hint_iterations is None else "hint: searching…")
        self._hint_search(self.generation, len(self.game.record.actions), state.clone())

    @work(thread=True, exclusive=True, group="hint")
    def _hint_search(self, generation: int, move: int, state: GameState) -> None:
        """The search for a hint in a worker thread; the answer is shown on the UI thread."""
        text = self.game.hint(state)
        self.call_from_thread(self._hint_done, generation, move, text)

    def _hint_done(self, generation: int, move: int, text: str) -> None:
        self.hinting = False
        if generation == self.generation and move == len(self.game.record.actions):
            self._say(text)  # else a move or an undo came first: the hint is stale

    def action_help(self) -> None:
        self._command(C.Command("help"))

    def action_quit_game(self) -> None:
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

    def action_log(self, step: int) -> None:
        if self.screen.has_class("zoomed"):
            board = self.query_one("#board", ScrollableContainer)
            self.action_pan(0, step * max(board.scrollable_content_region.height - 1, 1))
            return
        box = self.query_one("#logbox", VerticalScroll)
        box.scroll_to(y=box.scroll_y + step * max(box.size.height - 1, 1), animate=False)

    def action_pan(self, dx: int, dy: int) -> None:
        board = self.query_one("#board", ScrollableContainer)
        board.scroll_to(x=board.scroll_x + dx, y=board.scroll_y + dy, animate=False)


def _fresh(game: Game) -> Any:
    from cuberail.cli.records import replay_record

    return replay_record(game.record, 0)
