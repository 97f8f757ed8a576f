"""The table's menu of choices: the legal moves numbered as drawn, each on lines that fit
the box (an example such as `b 20` is never split), what their words mean under them,
and the box's title (whether some choices are out of view)."""

from __future__ import annotations

import textwrap
from collections.abc import Callable, Sequence

from rich.text import Text
from textual.widgets import OptionList
from textual.widgets.option_list import Option, OptionDoesNotExist

from cuberail.cli import summary
from cuberail.core.actions import Action
from cuberail.core.errors import CuberailError
from cuberail.core.record import start_state
from cuberail.core.state import GameState
from cuberail.games import get_game
from cuberail.games.words import english

from . import choices as C
from . import numbering as N
from . import teach
from .log import TableLog

INDENT = 5  # columns before a choice's later lines: under its words, past its number
# after a choice whose tip the choice before gave, on its line ("(↑ same tip)" was
# cryptic to the twenty-second newcomer run)
SAME_TIP = "(tip as above)"
FEW = 12  # legal moves up to which each is tried on a clone for a choice that can only be forgone


def rank_of(scores: tuple[int, ...], p: int) -> str:
    """Seat ``p``'s place by score: ``2.``, or ``1=`` for a place shared by a tie."""
    rank = 1 + sum(1 for q in scores if q > scores[p])
    return f"{rank}{'=' if scores.count(scores[p]) > 1 else '.'}"


def breaks(plain: str, width: int, indent: int) -> list[int]:
    """Where ``plain`` is broken (at spaces) to fit ``width`` columns, its later lines
    after ``indent`` spaces; never inside a quoted example (```b 20```), which moves whole
    to the next line. A word longer than a line is left to overflow.

    >>> breaks("2 bid 8..20  type b and the amount: `b 8` to `b 20`", 45, 5)
    [44]
    """
    spaces = [i for i, ch in enumerate(plain) if ch == " " and plain.count("`", 0, i) % 2 == 0]
    out: list[int] = []
    start, room, last = 0, width, -1
    for end in [*spaces, len(plain)]:
        if end - start > room and last > start:
            out.append(last)
            start, room = last + 1, width - indent
            while start < len(plain) and plain[start] == " ":
                start += 1
        last = end
    return out


def fit(text: Text, width: int, indent: int = INDENT) -> Text:
    """``text`` broken into lines of ``width`` columns by :func:`breaks` (the later ones
    indented); as it is when it fits or no width is known."""
    if width <= indent:
        return text
    plain, starts, parts = text.plain, [0], []
    for at in breaks(plain, width, indent):
        parts.append(text[starts[-1]:at])
        starts.append(len(plain) - len(plain[at:].lstrip(" ")))
    parts.append(text[starts[-1]:])
    return Text("\n" + " " * indent).join(parts)


class TableMenu(TableLog):
    """Draws the menu of choices (the layer under the board's drawing)."""

    numbers: N.Numbers | None = None  # the last menu's numbers (held while placing)
    log_kept = False  # `log` typed: the log stays beside the final standings when narrow

    # ----- the menu ------------------------------------------------------------------------

    def _build_menu(self) -> list[C.Choice]:
        state = self.game.state
        if state.is_terminal() or self.thinking or self.waiting:
            return []
        legal = state.legal_actions()
        few = len(legal) <= FEW
        short = getattr(self.game.view, "menu_parts", None)  # the title's shorter list words

        def describe(at: GameState, action: Action) -> str:
            said = short(at, action) if short else None
            return english(said) if said is not None else self.game.describe_in(at, action)

        order = getattr(self.game.view, "menu_order", None)  # the title's order of moves
        moves = self.game.record.actions
        kinds = frozenset(a.kind for a in legal)
        keep = N.carried(self.numbers, state, moves, C.target_of(moves[-1]) if moves else "",
                         kinds)
        menu = C.build(state, describe,
                       lambda a: teach.warning(state, a, self.history)
                       or (teach.forgo_only(state, a, self.game.describe_in) if few else ""),
                       order(state) if order else None, keep)
        given = {C.key_of(c.actions[0]): int(c.base) for c in menu}
        self.numbers = N.Numbers(len(moves), state.current_player(), kinds, given,
                                 max([*given.values(), keep.top if keep else 0]))
        return menu

    @property
    def shown(self) -> list[C.Choice]:
        """The choices drawn in the menu: one line per link (its cheapest route), a link's
        other routes only after `N?`."""
        return [c for c in self.menu if not c.is_dearer_route or c.base == self.expanded]

    def _prompt(self, choice: C.Choice, tip_above: bool = False, run: str = "") -> Text:
        """One menu line: a link's cheapest route is numbered as the link, with how many
        other routes it has. ``tip_above``: the choice before carries the same tip, which
        is then not repeated (four share values under one 3-line tip pushed the list out
        of its box). Broken into lines that fit the menu (:func:`fit`); where the choices
        are cut to a line each, only the choice's own line is cut (:meth:`_cut_prompt`)."""
        width = self._menu_columns()
        if self._is_cut() and width:
            return self._cut_prompt(choice, width, tip_above, run, self._cut_parts(choice))
        head, warning = self._prompt_parts(choice, tip_above)
        lines = [fit(head, width)]
        if warning.plain:  # its later lines under its words, past a warning's `⚠ `
            lines.append(self._note_lines(warning, width))
        return Text("\n").join(lines)

    @staticmethod
    def _note_lines(note: Text, width: int) -> Text:
        """A tip or warning under a choice's words, in lines that fit ``width``."""
        under = 6 + 2 * note.plain.startswith("⚠")
        return fit(Text("      ").append_text(note), width, under)

    def _cut_prompt(self, choice: C.Choice, width: int, tip_above: bool, run: str,
                    parts: tuple[Text, list[Text]]) -> Text:
        """A choice in a list cut to a line each (a long list on a narrow menu): its own
        line cut to the menu's width (the whole line is said when the cursor is on it),
        its tips and warnings whole on the lines under it, never cut: the 35th newcomer
        run read ``tip: at or below the nationaliz…`` and ``$12  (t…`` at 80x24. A
        warning in the choice's own words (after ``—``) goes under it too. A note shared
        by a run of choices is said once, under the first, naming the run (``tip for
        1–5:``; ``tip_above``: the choice is in such a run, not its first). ``parts``: its
        :meth:`_cut_parts`."""
        head, notes = parts
        line = head.copy()
        line.truncate(width, overflow="ellipsis")
        lines = [fit(head, width) if choice.is_range else line]  # (an example is never cut)
        for note in () if tip_above else notes:
            if run:  # "tip: …" / "⚠ …" → "tip for 1–5: …" / "⚠ for 1–5: …"
                sign, _, words = note.plain.partition(" ")
                note = Text(f"{sign.rstrip(':')} for {run}: {words}", style=note.style)
            lines.append(self._note_lines(note, width))
        return Text("\n").join(lines)

    def _cut_parts(self, choice: C.Choice) -> tuple[Text, list[Text]]:
        """A choice's line and its notes where the list is cut to a line each: a warning
        in its own words (``… — at or below …``) apart, as a ⚠, then its tip or warning."""
        head, warning = self._prompt_parts(choice, False)
        notes = [warning] if warning.plain else []
        at = head.plain.find(" — ")
        if at > 0:
            said = head.plain[at + 3:].strip()
            head = head[:at]
            notes.insert(0, Text(f"⚠ {said}", style="bold red"))
        return head, notes

    def _is_cut(self) -> bool:
        """Whether the choices are cut to a line each (a long list on a narrow screen)."""
        return self.is_running and self.query_one("#menu", OptionList).has_class("cut")

    def _menu_columns(self) -> int:
        """The columns a choice's line may take: the menu's, less a scroll bar's even
        while there is none (one may come with the choices); 0 before the menu has a
        size."""
        if not self.is_running:  # a choice's lines asked for before the table is up
            return 0
        menu = self.query_one("#menu", OptionList)
        width = menu.scrollable_content_region.width
        return width - (0 if menu.show_vertical_scrollbar else 1) if width > 20 else 0

    def _prompt_parts(self, choice: C.Choice, tip_above: bool) -> tuple[Text, Text]:
        """A choice's line and its tip or warning (empty when it has none)."""
        routes = len(C.routes_of(self.menu, choice.base)) if choice.is_route else 0
        folded = routes > 1 and choice.base != self.expanded
        number = choice.base if folded else choice.number
        prompt = Text.assemble((f"{number:>4} ", "bold"), (choice.detail, ""))
        if choice.is_range:
            prompt = Text.assemble((f"{number:>4} ", "bold"), (choice.label, "bold"), "  ",
                                   self._range_words(choice))
        if folded:
            prompt.append(f"  (+{routes - 1} dearer route{'s' * (routes > 2)}:"
                          f" {choice.base}? lists them)", style="dim")
        if teach.is_tip(choice.warning) and tip_above:
            prompt.append(f"  {SAME_TIP}", style="italic cyan")
            return prompt, Text()
        if teach.is_tip(choice.warning):
            return prompt, Text(choice.warning, style="italic cyan")
        return prompt, Text(f"⚠ {choice.warning}" if choice.warning else "", style="bold red")

    def _range_words(self, choice: C.Choice) -> str:
        """A run of amounts' words: whole, or, with a tip or warning under them, where they
        would take more than two lines of a narrow menu, only how an amount is typed (`b 8`
        to `b 40`): at 80x24 the whole words took four of the menu's five rows and pushed
        the tip out of view (the 31st newcomer run). In a list cut to a line each, only
        how an amount is typed where the whole words take more than a line. Picking the
        run says them whole."""
        width = self._menu_columns()
        full = len(choice.label) + len(choice.detail) + 7
        lines = 1 if self._is_cut() else 2
        if not width or full <= lines * width or not (choice.warning or self._is_cut()):
            return choice.detail
        return self._typed_range(choice)

    @staticmethod
    def _typed_range(choice: C.Choice) -> str:
        """How an amount of a run is typed: `b 8` to `b 40`."""
        first, last = choice.actions[0], choice.actions[-1]
        return f"type `{C.typed(first)}` to `{C.typed(last)}`"

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
            head, notes = self._cut_parts(choice)
            self._say(" ".join(" ".join(t.plain for t in (head, *notes)).split()))

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

    def _prompts(self) -> list[tuple[str, Text]]:
        """The shown choices' ids in the menu and their lines (a tip said once for a run
        of choices that share it; where the list is cut to a line each, any note)."""
        if self._is_cut() and self._menu_columns():
            return self._cut_prompts()
        out, tip, shown = [], "", self.shown
        for i, c in enumerate(self.menu):
            if c in shown:
                out.append((str(i), self._prompt(c, tip_above=bool(tip) and c.warning == tip)))
                tip = c.warning if teach.is_tip(c.warning) else ""
        return out

    def _cut_prompts(self) -> list[tuple[str, Text]]:
        """:meth:`_prompts` in a list cut to a line each: the notes a run of choices shares
        under its first, naming the run (no marker on the others' lines, which it would
        not fit)."""
        visible = self.shown  # (a property: worked out once)
        shown = [(str(i), c) for i, c in enumerate(self.menu) if c in visible]
        parts = [self._cut_parts(c) for _, c in shown]  # (each choice's once)
        said = [[n.plain for n in notes] for _, notes in parts]
        width = self._menu_columns()
        out = []
        for k, (i, c) in enumerate(shown):
            above = k > 0 and bool(said[k]) and said[k - 1] == said[k]
            end = k
            while not above and end + 1 < len(shown) and said[end + 1] == said[k] and said[k]:
                end += 1
            run = f"{c.number}–{shown[end][1].number}" if end > k else ""
            out.append((i, self._cut_prompt(c, width, above, run, parts[k])))
        return out

    def refit_menu(self) -> None:
        """The choices' lines broken again for the menu's width (after a resize); at the
        end, the final standings drawn again (the 27th newcomer run, at 80x24, read their
        score lines broken a second time, flush left)."""
        menu = self.query_one("#menu", OptionList)
        if self.menu and menu.option_count:
            for option_id, prompt in self._prompts():
                menu.replace_option_prompt(option_id, prompt)
        elif not self.menu and self.game.state.is_terminal() and menu.option_count:
            self._draw_menu()
            return
        self._title_menu()

    def _standings_alone(self) -> None:
        """At the end on a narrow terminal the final standings take the log's place too,
        unless `log` asked for it: beside the log their score lines broke every few
        words and the box cut them mid-line ("$30 at the start + $78 from", the 31st
        newcomer run at 80x24); the log's last lines are the same ranks. Drawn again
        once the box has its new width."""
        alone = (not self.menu and self.game.state.is_terminal() and not self.log_kept
                 and self.screen.has_class("narrow"))
        log = self.query_one("#logbox")
        if log.display == alone:
            log.display = not alone
            self.call_after_refresh(self._draw_menu)

    def _draw_menu(self) -> None:
        self._standings_alone()
        menu = self.query_one("#menu", OptionList)
        menu.clear_options()
        options = [Option(prompt, id=i) for i, prompt in self._prompts()]
        if self.menu:
            options += self._asides()
        elif self.game.state.is_terminal():
            options = self._final_standings()
        height = self.query_one("#bottom").size.height - 1  # the menu's room, not its size
        # about 2 lines a choice at 80 columns: a list that would not fit is cut to a line each
        cut = self.screen.has_class("narrow") and 2 * len(options) > height
        if cut != menu.has_class("cut"):  # the lines as the menu will show them
            menu.set_class(cut, "cut")
            options[:len(self.shown)] = [Option(p, id=i) for i, p in self._prompts()]
        menu.add_options(options)
        if self.menu:
            menu.highlighted = menu.get_option_index("0")
            if self.menu_at != self.moment():  # a new decision: its list from the top
                self.menu_at = self.moment()
                menu.scroll_home(animate=False, immediate=True)
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
            # what the score is made of: the title's words, else (cash) where it came from
            made = teach.score_words(state, p) or self._money_lines(scores).get(p, "")
            lost = self._losses().get(p, "")
            made = f"{made}; {lost}" if made and lost else made or lost
            out += [Option(Text(part, style="dim"), disabled=True)
                    for part in self._wrapped(made, indent="       ")] if made else []
            out += [Option(Text(part, style="dim italic"), disabled=True)
                    for part in self._wrapped(self._hinted(p), indent="       ")]
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

    def _hinted(self, seat: int) -> str:
        """How much of a seat's game the hints played: '' where it asked none."""
        played, asked = self.game.hints_played(seat)
        if not asked:
            return ""
        moves = sum(1 for who, _ in self.history if who == seat)
        return (f"hints: {played} of {moves} moves played as hinted ({asked} hint"
                f"{'s' if asked != 1 else ''} asked)")

    def _money_lines(self, scores: Sequence[int]) -> dict[int, str]:
        """Where the score is the cash: each seat's cash at the start, from dividends and
        spent ("$30 at the start + $61 from dividends − $43 spent = $48"; the 27th
        newcomer run could not tell from the end why it lost, and `cuberail replay
        --summary` could); {} where the record keeps no cash and dividends."""
        def lines() -> dict[int, str]:
            try:
                story = summary.cash_story(self.game.record)
            except CuberailError:
                story = None
            return self._money_of(story, scores)

        return self._per_position("money", lines)

    def _losses(self) -> dict[int, str]:
        """What each seat lost on the way that its final score no longer shows (the
        title's words: shares a nationalization took)."""
        def lost() -> dict[int, str]:
            record = self.game.record
            try:
                return teach.losses(start_state(record, get_game), record.actions)
            except CuberailError:
                return {}

        return self._per_position("losses", lost)

    def _per_position(self, what: str, work: Callable[[], dict[int, str]]) -> dict[int, str]:
        """``work()`` once a position, kept under ``what``: the menu is drawn again and
        again, and each replays the record."""
        at = len(self.game.record.actions)
        kept: dict[str, tuple[int, dict[int, str]]] = self.__dict__.setdefault("_kept", {})
        if what not in kept or kept[what][0] != at:
            kept[what] = (at, work())
        return kept[what][1]

    @staticmethod
    def _money_of(story: summary.CashStory | None, scores: Sequence[int]) -> dict[int, str]:
        if story is None:
            return {}
        out = {}
        for p, end in enumerate(story.cash[-1]):
            if end != scores[p]:
                return {}  # the score is not the cash
            start = story.cash[0][p]
            paid = story.paid(p)
            spent = start + paid - end
            out[p] = (f"${start} at the start + ${paid} from dividends − ${spent} spent"
                      f" = ${end}")
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

    def _wrapped(self, line: str, indent: str = "") -> list[str]:
        """A note under the choices in lines that fit the menu (a narrow menu cuts lines):
        a point, or with ``indent`` lines under the line before."""
        width = max(self.query_one("#menu", OptionList).scrollable_content_region.width, 30)
        if indent:
            return [indent + part for part in textwrap.wrap(line, width - len(indent) - 1)]
        parts = textwrap.wrap(line, width - 6) or [""]
        return [f"   · {parts[0]}", *(f"     {part}" for part in parts[1:])]

    def _title_menu(self) -> None:
        """The menu's border names how to reach choices that do not fit: the longest of
        its forms that fits the border (a 44-column box cut "game over: final standings ▼
        PgDn f…"; 80 columns cut "· num…")."""
        menu = self.query_one("#menu", OptionList)
        if not self.menu and self.game.state.is_terminal():  # more below or above: said
            more, brief = (("", "") if menu.max_scroll_y <= 0
                           else (" ▲ PgUp for the top", " ▲ PgUp")
                           if menu.scroll_y >= menu.max_scroll_y
                           else (" ▼ PgDn for more", " ▼ PgDn"))
            titles = [f"game over: final standings{more}", f"final standings{more}",
                      f"final standings{brief}"]
        elif not self.menu:
            titles = ["waiting for a bot" if self.thinking else "waiting"
                      if self.waiting else "no choices"]
        else:
            count = len(self.shown)
            heads = ([f"choices: {count}, PgUp/PgDn for more", f"choices: {count}, PgUp/PgDn"]
                     if self._choices_hidden() else ["your choices", "choices"])
            gone = self._gone()
            titles = ([f"{head} · {kept}" for kept in (f"numbers kept ({gone} gone)",
                                                        f"kept ({gone} gone)") for head in heads]
                      if gone else heads[:1])
        room = menu.size.width - 4
        menu.border_title = next((t for t in titles if len(t) <= room), titles[-1])

    def _gone(self) -> str:
        """While one player places piece after piece, the numbers stay with their places
        (:mod:`numbering`), so the list has gaps: the numbers gone ("1, 3"), for the
        title (the 38th newcomer run read "2, 4, 5 ... 0" after placing 1 and 3 as
        choices gone missing); "" without a gap."""
        if self.numbers is None:
            return ""
        given = set(self.numbers.given.values())
        gone = [n for n in range(1, self.numbers.top + 1) if n not in given]
        return ", ".join(map(str, gone[:3])) + (", …" if len(gone) > 3 else "")

    def _choices_hidden(self) -> bool:
        """Whether a line of some choice is out of the menu's view (the notes under the
        choices do not count: PgUp/PgDn are not needed for the choices then)."""
        menu = self.query_one("#menu", OptionList)
        if menu.max_scroll_y <= 0:
            return False
        menu._update_lines()
        top = int(menu.scroll_y)
        bottom = top + menu.scrollable_content_region.height
        for choice in self.shown:
            try:
                index = self.option_index(choice)
            except OptionDoesNotExist:  # the menu is being filled
                return False
            line = menu._index_to_line.get(index)
            if line is None or line < top or line + menu._heights[index] > bottom:
                return True
        return False

    def option_index(self, choice: C.Choice) -> int:
        """Where ``choice`` is in the menu widget (for the cursor, tests and clicks)."""
        return self.query_one("#menu", OptionList).get_option_index(
            str(self.menu.index(choice)))

    def mark(self, choice: C.Choice) -> None:
        """``choice`` under the cursor for Enter to play (a click, `N?`, F3's hint): drawn
        first (a link's dearer route lists its link's routes, as `N?` does: the fourteenth
        newcomer run's F3 crashed marking one the menu did not draw), then highlighted and
        marked at this decision."""
        if choice not in self.shown:
            self.expanded = choice.base
            self._draw_menu()
        self.query_one("#menu", OptionList).highlighted = self.option_index(choice)
        self.marked_at = self.moment()
