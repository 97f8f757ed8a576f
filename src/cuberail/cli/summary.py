"""``cuberail replay FILE --summary`` and ``--chart``: the money story of a game (issue 12).

The record is replayed action by action, watching each player's cash and the state's
count of dividends paid (its ``cash`` and ``dividends``: a title that keeps them can be
summarised). A *round* ends at each dividend; its gain for a player is the change of
that player's cash at the action that paid it. A payout the count leaves out (a title's
dividend of its own kind) is a row of its own, named by the title's words for the
move's events (``event_parts``: the event before the one carrying the payments).
(In the titles so far players receive cash only from dividends; when the move that ends
a round also makes a player pay, such as the last pass of a share auction, that payment
is included in the change, and the table says so.)
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from rich.table import Table
from rich.text import Text

from cuberail.cli.charts import plot_label, pyplot, save_figure
from cuberail.cli.records import replay_record
from cuberail.core.errors import CuberailError
from cuberail.core.record import Record
from cuberail.core.state import GameState
from cuberail.core.words import Said, named
from cuberail.games import get_game, moves_module
from cuberail.games.words import english

Cash = tuple[int, ...]


@dataclass(frozen=True)
class Round:
    """One dividend: the count of dividends after it, when it was paid, what it brought."""

    number: int
    action: int  # actions applied when it was paid (the paying action is number action)
    gains: Cash
    cash: Cash
    label: str = ""  # a payout the count leaves out: what paid it ("": a counted dividend)


@dataclass(frozen=True)
class CashStory:
    """Each player's cash after every action (``cash[0]`` is the start) and the rounds."""

    players: list[str]
    cash: list[Cash]
    rounds: list[Round]

    def paid(self, seat: int) -> int:
        """What ``seat`` gained at the moves that paid (the table's "all dividends")."""
        return sum(r.gains[seat] for r in self.rounds)


def _money(state: GameState) -> tuple[Cash, int]:
    """The players' cash and the dividends paid so far, from a state that keeps them."""
    cash, paid = getattr(state, "cash", None), getattr(state, "dividends", None)
    if not isinstance(cash, list) or not isinstance(paid, int):
        raise CuberailError(f"{state.title} keeps no cash and dividend count to summarise")
    return tuple(cash), paid


def cash_story(record: Record) -> CashStory:
    """Replay ``record`` (refused as ``replay`` refuses it) and note cash and dividends."""
    replay_record(record)  # the whole record replays, or the reason why not
    state = replay_record(record, 0)
    parts = getattr(moves_module(record.title), "event_parts", None)
    cash, paid = _money(state)
    history, rounds = [cash], []
    for i, action in enumerate(record.actions, 1):
        before = state.clone() if parts is not None else state
        state.apply(action)
        after, now = _money(state)
        gains = tuple(a - b for a, b in zip(after, cash, strict=True))
        if now > paid:
            rounds.append(Round(now, i, gains, after))
        elif parts is not None and after != cash:
            label = _other_payout(parts(before, state), list(record.players))
            if label:
                rounds.append(Round(now, i, gains, after, label))
        history.append(after)
        cash, paid = after, now
    return CashStory(list(record.players), history, rounds)


def _other_payout(events: list[Said], players: list[str]) -> str:
    """What paid the players at a move that is not a counted dividend, in English: the
    event before the one carrying the payments (``payments``); "" when none pays."""
    for k, said in enumerate(events):
        if "payments" in said.values and k > 0:
            return english(named(events[0], players))
    return ""


def summary_table(story: CashStory) -> Table:
    """Rows: the start, each dividend round (gain and cash after it), and the end."""
    table = Table(title="dividends per player per round, and cash",
                  caption="gain: cash change at the move that paid the dividend"
                          " (a payment made by that same move is included)")
    table.add_column("round")
    table.add_column("after action", justify="right")
    for name in story.players:
        table.add_column(Text(name), justify="right")
    table.add_row("start", "0", *(f"${c}" for c in story.cash[0]))
    for r in story.rounds:
        cells = [f"{g:+d} → ${c}" for g, c in zip(r.gains, r.cash, strict=True)]
        table.add_row(Text(r.label) if r.label else f"dividend {r.number}", str(r.action),
                      *cells)
    end = len(story.cash) - 1
    table.add_row("end", str(end), *(f"${c}" for c in story.cash[-1]))
    totals = [story.paid(p) for p in range(len(story.players))]
    table.add_row("all dividends", "", *(f"{t:+d}" for t in totals))
    return table


def draw_cash_chart(path: Path, record: Record, story: CashStory) -> None:
    """Each player's cash after every action as a PNG, dividends marked (matplotlib, Agg)."""
    plt = pyplot()
    fig, ax = plt.subplots(figsize=(9, 4))
    xs = range(len(story.cash))
    for seat, name in enumerate(story.players):
        ax.plot(xs, [c[seat] for c in story.cash], label=plot_label(name), linewidth=1.5)
    for r in story.rounds:
        ax.axvline(r.action, color="grey", linewidth=0.6, linestyle=":")
    ax.set_xlabel("action (dotted: dividends)")
    ax.set_ylabel("cash ($)")
    ax.set_title(f"{get_game(record.title).name}: cash over the game")
    ax.legend(loc="upper left", fontsize="small")
    fig.tight_layout()
    save_figure(fig, path)
    plt.close(fig)
