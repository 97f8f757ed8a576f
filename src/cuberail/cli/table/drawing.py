"""The table drawn: the board (full or compact to fit the terminal), the companies, the
players, the end tracker, the step line, the log and the menu of choices."""

from __future__ import annotations

from rich.console import Group
from rich.text import Text
from textual import events
from textual.containers import ScrollableContainer
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from . import choices as C
from . import teach
from .log import TableLog
from .scrolling import off_screen_title, show_targets


class TableView(TableLog):
    """Draws the game's state on the table's widgets after every change."""

    # ----- layout ----------------------------------------------------------------------

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
        view = self.query_one("#map", Static)
        view.styles.width, view.styles.height = self.face.width, self.face.height

    # ----- drawing -------------------------------------------------------------------------

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
        self.query_one("#map", Static).update(self.face.board(self.game.state, targets),
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

    def _show_targets(self, targets: set[str]) -> None:
        show_targets(self.query_one("#board", ScrollableContainer), self.face, targets)

    def _board_scrolled(self, *_: object) -> None:
        board = self.query_one("#board", ScrollableContainer)
        board.border_title = off_screen_title(board, self.face)

    # ----- the menu ------------------------------------------------------------------------

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

    def option_index(self, choice: C.Choice) -> int:
        """Where ``choice`` is in the menu widget (for the cursor, tests and clicks)."""
        return self.query_one("#menu", OptionList).get_option_index(
            str(self.menu.index(choice)))
