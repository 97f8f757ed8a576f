"""The table drawn: the board (full or compact to fit the terminal), the companies, the
players, the end tracker, the step line, the log and the menu of choices."""

from __future__ import annotations

import textwrap
from collections.abc import Sequence

from rich.console import Group
from rich.table import Table
from rich.text import Text
from textual import events
from textual.binding import Binding
from textual.containers import ScrollableContainer
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from cuberail.terminal.kit import Face

from . import choices as C
from . import teach
from .log import TableLog
from .scrolling import off_screen_title, show_targets

SIDES = ("", "-low")  # the side panel beside the board, or under it when the map needs the width
NARROW = 120  # columns below which the panels lose their side borders
SIDE = 40  # columns of the side panel
SAME_TIP = "(↑ same tip)"  # after a choice whose tip the choice before gave, on its line
FEW = 12  # legal moves up to which each is tried on a clone for a choice that can only be forgone
MIN_NAME = 8  # characters of a name kept in the standings line however little room
BOARD_MIN = 16  # rows the board keeps when a long list of choices takes some of its rows
MENU_AROUND = 7  # of the LOW lines, those not the menu's: step, standings, end lines, input
LOW = 16  # lines beside a wide board: the step, the end line, log and choices, the input
LOW_COMPACT = 14  # lines under a compact board: the step, the log and choices, the input
SIDE_MIN = 38  # columns the side panel keeps beside a compact board


def standings(players: Table, names: Sequence[str] = (), width: int = 0) -> Text:
    """The players' table in a line or two, for where the side panel leaves it out of
    view (a small terminal, the board alone): every player's cash and shares, the one to
    move marked (``▶ Player 1 $14 P1 B2 · Bot 1 $30``); other numbers are named by
    their column (``score $20``). ``names``: the players' full names, shown instead of
    the table's cut ones, themselves cut only as far as needed for the line to fit one
    line of ``width`` columns, else two (never below ``MIN_NAME`` characters)."""
    cuts = range(max(map(len, names), default=0), MIN_NAME - 1, -1)
    for lines in (1, 2):
        for cut in cuts:
            line = _standings(players, names, cut)
            if not width or line.cell_len <= lines * width:
                return line
    return _standings(players, names, MIN_NAME)


def _cut(name: str, width: int) -> str:
    return name if len(name) <= width else name[:width - 1] + "…"


def _standings(players: Table, names: Sequence[str], cut: int) -> Text:
    rows: list[Text] = []
    cells = [list(column.cells) for column in players.columns]
    for r in range(len(cells[0]) if cells else 0):
        row = Text()
        for column, values in zip(players.columns, cells, strict=True):
            value = values[r]
            text = value.copy() if isinstance(value, Text) else Text(str(value))
            if str(column.header) == "player" and r < len(names):
                text = Text(_cut(names[r], cut))
            if not text.plain.strip():
                continue
            named = str(column.header) not in ("", "player", "cash", "shares")
            row.append(" ")
            row.append(f"{column.header} " if named else "", style="dim")
            row.append_text(text)
        if row.plain.lstrip().startswith("▶"):
            row.stylize("bold")
        rows.append(row[1:])
    return Text(" · ", style="dim").join(rows)


def rank_of(scores: tuple[int, ...], p: int) -> str:
    """Seat ``p``'s place by score: ``2.``, or ``1=`` for a place shared by a tie."""
    rank = 1 + sum(1 for q in scores if q > scores[p])
    return f"{rank}{'=' if scores.count(scores[p]) > 1 else '.'}"


class TableView(TableLog):
    """Draws the game's state on the table's widgets after every change."""

    BINDINGS = [  # noqa: RUF012 - Textual's own class attribute
        Binding("f4", "other_view", "map or list"),
    ]
    chosen_other: bool | None = None  # F4's choice of the title's other view (None: its own)

    # ----- layout ----------------------------------------------------------------------

    def on_resize(self, event: events.Resize) -> None:
        self._layout_for(event.size.width, event.size.height)

    def _layout_for(self, width: int, height: int) -> None:
        """Narrow below 120 columns; compact (the title's compact map beside the side
        panel, the log and the choices under them with room to read) where the whole
        map does not fit beside the side panel but the compact one does; wide (the side
        panel under the board, the board as tall as the map but leaving the rest ``LOW``
        lines) where only the whole map alone fits the width; the board alone (F2) as
        tall as the screen, the whole map where the width allows it."""
        board = self.full_face.width + 4  # borders and a scrollbar
        beside = width >= NARROW and width < board + SIDE and self._compact_fits(width)
        wide = width >= NARROW and board <= width < board + SIDE and not beside
        self.screen.set_class(width < NARROW, "narrow")
        self.screen.set_class(wide, "wide")
        self.screen.set_class(beside, "compact")
        self._fit_face(width)
        self._size_top(width, height)
        self.call_after_refresh(self.board_scrolled)

    def _compact_fits(self, width: int) -> bool:
        """Whether the compact map fits beside a side panel of ``SIDE_MIN`` columns."""
        small = self.full_face.small
        return small is not None and small.width + 3 + SIDE_MIN <= width

    def _size_top(self, width: int, height: int) -> None:
        """The board's rows beside the rest when wide or compact: as tall as the map,
        leaving the rest its lines and the choices the rows they lack; else the
        stylesheet's. Compact: the board as wide as its map (and a scrollbar), the side
        panel the rest."""
        screen = self.screen
        zoomed = screen.has_class("zoomed")
        compact = screen.has_class("compact") and not zoomed
        wide = screen.has_class("wide") and not zoomed
        lack = self._menu_lack(width, height) if wide else 0  # a compact map stays whole
        rows = min(self.face.height + 2, height - (LOW_COMPACT if compact else LOW) - lack)
        self.query_one("#top").styles.height = rows if wide or compact else None
        scrolls = rows < self.face.height + 2
        self.query_one("#board").styles.width = (self.face.width + 2 + scrolls if compact
                                                 else None)
        self.query_one("#menu").styles.width = self._menu_width(width) if compact else None

    def _menu_width(self, width: int) -> int:
        """The choices' columns under a compact board: as wide as their longest line (a
        third of the screen at least, 45% at most); the log has the rest."""
        longest = max((len(line) + 6 for c in self.shown
                       for line in self._prompt(c).plain.split("\n")), default=0)
        return max(width // 3, min(longest, width * 9 // 20))

    def _menu_lack(self, width: int, height: int) -> int:
        """Rows the choices lack beside a wide board, taken from the board while it keeps
        ``BOARD_MIN`` rows (it scrolls to the places on offer): a long list of links gets
        a taller box, an auction's two lines leave the map whole."""
        room = max(width - SIDE - 2, 20) // 2 - 8  # the menu's columns: half, beside the log
        lines = sum(1 + len(c.detail) // room + bool(c.warning) for c in self.shown)
        lack = lines + 2 - (LOW - MENU_AROUND)
        return max(0, min(lack, height - LOW - BOARD_MIN))

    def _fit_face(self, width: int) -> None:
        """The compact map (``Face.small``) where the layout is compact, and on the board
        alone narrower than the whole map; the whole map otherwise (F2 shows it where the
        width allows)."""
        small = self.full_face.small
        zoomed = self.screen.has_class("zoomed")
        compact = self.screen.has_class("compact") and not zoomed
        cramped = zoomed and width < self.full_face.width + 2
        base = small if small and (compact or cramped) else self.full_face
        face = base.other if base.other is not None and self._shows_other(base) else base
        if face is self.face:
            return
        self.face = face
        self._size_map()
        if self.is_running:
            self._draw_map()

    def _shows_other(self, base: Face) -> bool:
        """Whether the title's other view of ``base`` is shown: as F4 chose, else where the
        title puts it first (not on the board alone)."""
        if self.chosen_other is not None:
            return self.chosen_other
        return base.other_first and not self.screen.has_class("zoomed")

    def action_other_view(self) -> None:
        """F4: the title's other view of the board (a list instead of the map) and back."""
        bases = [f for f in (self.full_face, self.full_face.small) if f and f.other]
        if not bases:
            self._say("this game has one view of its board")
            return
        self.chosen_other = not any(self.face is f.other for f in bases)
        self._layout_for(self.size.width, self.size.height)
        self._show_targets({c.target for c in self.menu if c.target})

    def _size_map(self) -> None:
        view = self.query_one("#map", Static)
        view.styles.width, view.styles.height = self.face.width, self.face.height

    # ----- drawing -------------------------------------------------------------------------

    def refresh_table(self) -> None:
        state = self.game.state
        self.menu = self._build_menu()
        self._size_top(self.size.width, self.size.height)
        targets = self._draw_map()
        for suffix in SIDES:
            self.query_one(f"#companies{suffix}", Static).update(self.face.companies(state))
            self.query_one(f"#players{suffix}", Static).update(
                self.face.players(state, self.game.names))
            self.query_one(f"#tracker{suffix}", Static).update(
                Group(teach.tracker(state), Text(""), self.face.key()))
        self.query_one("#endline", Static).update(teach.tracker_line(state))
        self.query_one("#standings", Static).update(
            standings(self.face.players(state, self.game.names), self.game.names,
                      self.size.width - 2))
        self.query_one("#step", Static).update(self._step_text())
        self._draw_log()
        self._draw_menu()
        self._show_message()
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

    def board_scrolled(self, *_: object) -> None:
        """The board's border: what is off-screen above, what the marks mean below."""
        board = self.query_one("#board", ScrollableContainer)
        board.border_title = off_screen_title(board, self.face)
        switch = self._switch_note()
        board.border_subtitle = (Text(" · ".join(n for n in (self.face.legend, switch) if n))
                                 if self.face.legend or switch else None)

    def _switch_note(self) -> str:
        """``F4: the map`` on the board's border where the title has another view."""
        for base in (self.full_face, self.full_face.small):
            if base is not None and base.other is not None:
                if self.face is base:
                    return f"F4: {base.other.name}"
                if self.face is base.other:
                    return f"F4: {base.name}"
        return ""

    # ----- the menu ------------------------------------------------------------------------

    def _build_menu(self) -> list[C.Choice]:
        state = self.game.state
        if state.is_terminal() or self.thinking or self.waiting:
            return []
        few = len(state.legal_actions()) <= FEW
        return C.build(state, self.game.describe_in,
                       lambda a: teach.warning(state, a, self.history)
                       or (teach.forgo_only(state, a, self.game.describe_in) if few else ""))

    @property
    def shown(self) -> list[C.Choice]:
        """The choices drawn in the menu: one line per link (its cheapest route), a link's
        other routes only after `N?`."""
        return [c for c in self.menu if not c.is_dearer_route or c.base == self.expanded]

    def _prompt(self, choice: C.Choice, tip_above: bool = False) -> Text:
        """One menu line: a link's cheapest route is numbered as the link, with how many
        other routes it has. ``tip_above``: the choice before carries the same tip, which
        is then not repeated (four share values under one 3-line tip pushed the list out
        of its box)."""
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
        if teach.is_tip(choice.warning) and tip_above:
            prompt.append(f"  {SAME_TIP}", style="italic cyan")
        elif teach.is_tip(choice.warning):
            prompt.append(f"\n      {choice.warning}", style="italic cyan")
        elif choice.warning:
            prompt.append(f"\n      ⚠ {choice.warning}", style="bold red")
        return prompt

    def _highlighted(self) -> C.Choice | None:
        """The menu choice under the menu's cursor (headers and notes are not choices)."""
        menu = self.query_one("#menu", OptionList)
        option = menu.highlighted_option
        if option is None or option.id is None:
            return None
        return self.menu[int(option.id)]

    def _say_highlighted(self) -> None:
        """After the cursor moved: when the choices are cut to a line each (a long list on
        a narrow screen), the one under it in full in the message line; at the last choice,
        the notes under it."""
        choice = self._highlighted()
        menu = self.query_one("#menu", OptionList)
        if choice is not None and choice == self.shown[-1]:  # the notes under it too
            self.call_after_refresh(self._notes_in_view, choice)
        if choice is not None and menu.has_class("cut"):
            self._say(" ".join(self._prompt(choice).plain.split()))

    def _notes_in_view(self, choice: C.Choice) -> None:
        """The notes under the last choice scrolled into view, if it is still the one
        under the cursor (new choices since open at their top)."""
        if self._highlighted() is choice:
            self.query_one("#menu", OptionList).scroll_end(animate=False)

    def _menu_home(self, moment: tuple[int, int]) -> None:
        """New choices open at their top, the first one under the cursor (unless the
        player moved the cursor since)."""
        menu = self.query_one("#menu", OptionList)
        if self.menu and moment == self.moment() and menu.highlighted == menu.get_option_index(
                "0"):
            menu.scroll_home(animate=False)

    def _draw_menu(self) -> None:
        menu = self.query_one("#menu", OptionList)
        menu.clear_options()
        shown = self.shown
        options, tip = [], ""
        for i, c in enumerate(self.menu):
            if c in shown:
                options.append(Option(self._prompt(c, tip_above=bool(tip) and c.warning == tip),
                                      id=str(i)))
                tip = c.warning if teach.is_tip(c.warning) else ""
        if self.menu:
            options += self._asides()
        elif self.game.state.is_terminal():
            options = self._final_standings()
        height = self.query_one("#bottom").size.height - 1  # the menu's room, not its size
        # about 2 lines a choice at 80 columns: a list that would not fit is cut to a line each
        menu.set_class(self.screen.has_class("narrow") and 2 * len(options) > height, "cut")
        menu.add_options(options)
        if self.menu:
            menu.highlighted = menu.get_option_index("0")
            if self.menu_at != self.moment():  # a new decision: its list from the top
                self.menu_at = self.moment()
                self.call_after_refresh(self._menu_home, self.menu_at)
        self._title_menu()
        self.call_after_refresh(self._title_menu)

    def _final_standings(self) -> list[Option]:
        """The choices' place at the end: rank, name, score and the winners, why the game
        ended, and how to leave."""
        state = self.game.state
        result = state.result()
        scores = result.scores
        out = [Option(Text("   final standings", style="bold"), disabled=True)]
        for p in sorted(range(len(scores)), key=lambda p: -scores[p]):
            won = p in result.winners
            line = Text(f"{rank_of(scores, p):>5} {self.game.seats[p].name}  ${scores[p]}",
                        style="bold" if won else "")
            if won:
                line.append("  ★ winner", style="bold yellow")
            out.append(Option(line, disabled=True))
        reasons = teach.end_reasons(state)
        if reasons:
            out += [Option(Text(""), disabled=True),
                    Option(Text("   the game ended:", style="bold"), disabled=True)]
            out += [Option(Text(part, style="italic"), disabled=True)
                    for reason in reasons for part in self._wrapped(reason)]
        out += [Option(Text(""), disabled=True),
                Option(Text("   type quit (or Ctrl+Q) to leave; the record is saved",
                            style="italic"), disabled=True)]
        return out

    def _asides(self) -> list[Option]:
        """Under the choices, set apart: what their words mean, and why a build the player
        might look for is not among them."""
        state = self.game.state
        out: list[Option] = []
        for head, lines in (("what the choices mean:", teach.notes(state)),
                            ("not on offer:", teach.build_refusals(state))):
            if lines:
                out.append(Option(Text(""), disabled=True))
                out.append(Option(Text(f"   {head}", style="bold"), disabled=True))
                out += [Option(Text(part, style="italic"), disabled=True)
                        for line in lines for part in self._wrapped(line)]
        return out

    def _wrapped(self, line: str) -> list[str]:
        """A note under the choices in lines that fit the menu (a narrow menu cuts lines)."""
        width = max(self.query_one("#menu", OptionList).scrollable_content_region.width, 30)
        parts = textwrap.wrap(line, width - 6) or [""]
        return [f"   · {parts[0]}", *(f"     {part}" for part in parts[1:])]

    def _title_menu(self) -> None:
        """The menu's border names how to reach choices that do not fit."""
        menu = self.query_one("#menu", OptionList)
        if not self.menu and self.game.state.is_terminal():
            menu.border_title = "game over: final standings"
            return
        if not self.menu:
            menu.border_title = ("waiting for a bot" if self.thinking else "waiting"
                                 if self.waiting else "no choices")
            return
        count = len(self.shown)
        more = menu.max_scroll_y > 0
        menu.border_title = (f"choices: {count}, PgUp/PgDn for more" if more
                             else "your choices")

    def option_index(self, choice: C.Choice) -> int:
        """Where ``choice`` is in the menu widget (for the cursor, tests and clicks)."""
        return self.query_one("#menu", OptionList).get_option_index(
            str(self.menu.index(choice)))
