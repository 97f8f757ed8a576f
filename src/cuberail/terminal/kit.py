"""A title's full-screen table parts, in one place: its :class:`TableKit`, found by the title.

The table kit is the module ``table`` inside a title's terminal face (``cuberail.terminal.
<package>.table``, or ``<its package>.terminal.table`` for a plug-in), exporting ``TABLE``:
the map geometry and compact tables (a :class:`Face`) and what the table teaches (how to
win, the rules in short, the end tracker, warnings). The generic table (``cuberail.cli.
table``) reads it and names no title; a title without one plays in plain lines only.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass

from rich.console import RenderableType
from rich.table import Table
from rich.text import Text

from cuberail.core.actions import Action
from cuberail.core.auction import OpenAuction
from cuberail.core.errors import CuberailError
from cuberail.core.state import GameState
from cuberail.games import get_game, layer_module_name

History = list[tuple[int, Action]]  # (seat, action) of every move so far
TABLE_MODULE = "table"


# A tracker's lines fit the side panel at 120 columns (less its scroll bar): none wraps.
TRACKER_WIDTH = 36


@dataclass(frozen=True)
class Face:
    """One title's map at the table, with company and player tables for 80 columns."""

    width: int
    height: int
    cell: int  # map characters per column step, for 'off-screen' notes
    # the places on offer, each with the number typed to choose it (a mapping is also
    # the set of them: `in` and iteration read its keys)
    board: Callable[[GameState, Mapping[str, str]], Text]
    hit: Callable[[int, int], str | None]
    names: Callable[[int, int], str]  # places drawn between two x positions
    about: Callable[[GameState, str], str]  # one line about a clicked hex or link
    companies: Callable[[GameState], Table]
    players: Callable[[GameState, list[str]], Table]
    key: Callable[[], Text]
    home_x: int  # where the board starts scrolled on a small terminal (the opening area)
    small: Face | None = None  # a compact map for the board alone on a narrow terminal
    legend: str = ""  # what the map's marks mean, in a line (on the board's lower border)
    # Another view of the board (a list where a map is too dense to read): F4 switches
    # between this face and it; ``other_first``: it is shown first (but on the board
    # alone, F2; below 120 columns the other view is always first); ``name``: this
    # view's, on the board's border (``F4: the map``).
    other: Face | None = None
    other_first: bool = False
    name: str = "the map"
    # the whole map above the rest first where the width holds it but not beside the
    # side panel (120x40), not the compact map beside it (F4 then shows the other view)
    above_first: bool = False
    # the key in the side panel, where the whole key (``key``, in the help) is too long
    # for it; None: the whole key there too
    side_key: Callable[[], RenderableType] | None = None
    # The same map drawn in fewer rows (its width kept), for a terminal whose rows cannot
    # hold the whole map above the rest: given the rows there are, a face at most that
    # tall, or None where the map would not read in so few (the map then scrolls).
    shorter: Callable[[int], Face | None] | None = None


@dataclass(frozen=True)
class Payout:
    """What one company pays at a dividend in a state: its income over the shares the
    players hold, rounded up per share, and who holds them (the table splits a
    dividend's payments by company with it, and shows the split when it adds up)."""

    company: str  # as the side panel's tables name it (``P PRR``, ``Re``)
    style: str  # its colour there
    income: int
    shares: int  # held by players
    per: int  # paid for each share
    holders: tuple[tuple[int, int], ...]  # (seat, shares held)


def no_payouts(state: GameState) -> list[Payout]:
    """A title that does not split its dividends by company."""
    return []


def no_warning(state: GameState, action: Action, history: History) -> str:
    """A title that warns of nothing."""
    return ""


def no_refusals(state: GameState) -> list[str]:
    """A title that explains no refused build."""
    return []


def no_places(state: GameState) -> set[str]:
    """A title that names no places of interest (the board's window stays where it is)."""
    return set()


def no_reason(state: GameState, kind: str) -> str:
    """A title that does not say why a kind of move is not on offer."""
    return ""


def no_forced(state: GameState, action: Action) -> str:
    """A title that does not say why a move was the only one."""
    return ""


def bid_out_of_reach(state: GameState) -> str:
    """Why the seat to act in an auction cannot bid, in its words (``you have $3; the
    lowest bid is $4, so you can only pass``); '' when it can, or without an auction."""
    if not isinstance(state, OpenAuction) or not 0 <= state.a_to_act < len(state.cash):
        return ""
    low, cash = state.lowest_bid(), state.cash[state.a_to_act]
    if low <= cash:
        return ""
    lowest = (f"the high bid is ${state.a_high} and a bid must beat it (${low} at least)"
              if state.a_bidder >= 0 else f"the lowest bid is ${low}")
    return f"you have ${cash}; {lowest}, so you can only pass"


def no_score_words(state: GameState, seat: int) -> str:
    return ""


def no_losses(moves: Iterable[tuple[GameState, GameState]]) -> dict[int, str]:
    return {}


@dataclass(frozen=True)
class TableKit:
    """What the table shows and teaches of one title.

    ``rules`` may name ``{docs}``, the title's rules page; ``keys`` is the title's own
    input help, put among the table's keys on the help page; ``tracker_line`` is the end
    tracker for a small terminal (else the tracker's lines joined). A ``warning`` that
    starts with ``tip:`` is advice, not a danger, and is drawn as such. ``why_not`` and
    ``only_move`` speak to the player to move ("you have $3 ..."): why no move of a kind
    (``bid``, ``build``) is on offer now, and why a move played for them was their only
    one ('' when the kit does not say: the table then says what the step is).
    ``payouts``: what each company with shares held would pay at a dividend now;
    ``hint_why``: why a move is worth making, in a short phrase of facts (the hint's);
    ``networks``: the places (hexes, links) of the networks the player to move cares
    about (their companies', else every company's): where the board's window goes when
    nothing is on offer and no move was made on the map since their last move.
    ``score_words``: a seat's score as its parts ("$39 cash + blue 3 × $50 = $189");
    ``losses``: what each seat lost on the way that the final score no longer shows."""

    face: Face
    how_to_win: str
    rules: str
    tracker: Callable[[GameState], Text]  # how close the game is to its end
    warning: Callable[[GameState, Action, History], str] = no_warning
    refusals: Callable[[GameState], list[str]] = no_refusals  # why a build is not offered
    keys: str = ""
    tracker_line: Callable[[GameState], Text] | None = None  # the tracker in a line or two
    notes: Callable[[GameState], list[str]] = no_refusals  # what the choices' words mean
    end_reasons: Callable[[GameState], list[str]] = no_refusals  # why a game ended, in words
    why_not: Callable[[GameState, str], str] = no_reason  # why no move of a kind is on offer
    only_move: Callable[[GameState, Action], str] = no_forced  # why a move was the only one
    payouts: Callable[[GameState], list[Payout]] = no_payouts  # each company's dividend now
    hint_why: Callable[[GameState, Action], str] = no_forced  # a hinted move's reason
    networks: Callable[[GameState], set[str]] = no_places  # the mover's networks' places
    # what a seat's final score is made of ('' where the score is the cash): the 26th
    # newcomer run could not tell why a game was lost ($277 against $375)
    score_words: Callable[[GameState, int], str] = no_score_words
    # what each seat lost during the game that its final score no longer shows, from the
    # game's moves (each as the states before and after it, read before the next is asked
    # for: the after state goes on to the next move): the 42nd newcomer run's
    # shares taken by a nationalization vanished from its end screen unsaid
    losses: Callable[[Iterable[tuple[GameState, GameState]]], dict[int, str]] = no_losses


@dataclass(frozen=True)
class Named:
    """The places a typed name may mean: one (found) or several (ambiguous), with the text."""

    text: str
    links: tuple[str, ...]


def compact_table(*heads: str) -> Table:
    """A borderless table for the side panel, a space between columns; text columns left,
    numbers right; its headers underlined on one line, no rule under them (the side
    panel at 120x40 has no row to spare with the most players a title seats)."""
    table = Table(box=None, padding=(0, 1), collapse_padding=True, pad_edge=False,
                  show_edge=False)
    for head in heads:  # underlined in place of the rule: the words, not the gaps
        table.add_column(Text.assemble((head, "underline")),
                         justify="left" if head in ("co", "player", "", "st") else "right",
                         no_wrap=True)
    return table


# a name in the side panel's players table: "Bot 2 (medium)" whole; the table cuts it
# further (an ellipsis) only where the panel is narrower
NAME = 16


def short(name: str, width: int = 9) -> str:
    """A player's name cut to ``width`` characters (an ellipsis marks the cut)."""
    return name if len(name) <= width else name[:width - 1] + "…"


def table_module_name(title: str) -> str:
    """Where the table kit of ``title`` lives."""
    return f"{layer_module_name(title, 'terminal')}.{TABLE_MODULE}"


def is_tip(warning: str) -> bool:
    """A kit's warning that is advice ("tip: ...": a move that is fine but may be worth a
    thought, or a rule the decision turns on)."""
    return warning.startswith("tip:")


def is_danger(warning: str) -> bool:
    """Whether a kit's ``warning`` on a move is a danger, not a tip (:func:`is_tip`): what
    a hint avoids where another move does about as well (the analysis's ``hint_search``
    ``avoid``)."""
    return bool(warning) and not is_tip(warning)


def dangers(state: GameState, history: History | None = None
            ) -> Callable[[Action], bool] | None:
    """Whether each move of ``state`` is one its title's table warns against (a danger,
    :func:`is_danger`), for a hint to avoid (the terminal's and the server's); None for
    a title without a table kit. A warning that cannot be worked out counts as none."""
    try:
        kit = find_table(state.title)
    except CuberailError:
        return None
    if kit is None:
        return None
    moves = history or []

    def warned(action: Action) -> bool:
        try:
            return is_danger(kit.warning(state, action, moves))
        except CuberailError:
            return False

    return warned


def find_table(title: str) -> TableKit | None:
    """The table kit of ``title``, or None when it has none; an import failing inside an
    existing kit is raised, not taken for a missing one."""
    name = table_module_name(title)
    try:
        module = importlib.import_module(name)
    except ModuleNotFoundError as error:
        missing = error.name or ""
        if name == missing or name.startswith(missing + "."):
            return None
        raise
    kit = getattr(module, "TABLE", None)
    return kit if isinstance(kit, TableKit) else None


def table_for(title: str) -> TableKit:
    """The table kit of ``title``, or a CuberailError naming what is missing."""
    kit = find_table(title)
    if kit is None:
        raise CuberailError(f"{get_game(title).name} has no full-screen table (looked for"
                            f" TABLE in {table_module_name(title)}); play it with --plain")
    return kit


__all__ = ["NAME", "Face", "History", "Named", "Payout", "TableKit", "bid_out_of_reach",
           "compact_table", "dangers", "find_table", "is_danger", "is_tip", "no_forced",
           "no_payouts", "no_places", "no_reason", "no_refusals", "no_warning", "short",
           "table_for", "table_module_name"]
