"""Choice numbers that hold while one player places piece after piece.

A build in some titles places several pieces in a row, each a decision of its own, and
the places on offer change after each (a new locomotive opens the hexes beside it).
Numbered afresh each time, a place's number moved under the player's fingers: the
twenty-first newcomer run typed ``1`` for a hex that had been 1 and placed on another.
While the same player goes on placing, every move still on offer keeps its number, a
new one takes a number never given in the run, and a number whose move is gone is
refused rather than given to another move.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from cuberail.core.actions import Action
from cuberail.core.state import GameState


@dataclass(frozen=True)
class Numbers:
    """The numbers a menu gave its moves, and where in the game."""

    at: int  # moves in the record when the menu was drawn
    player: int  # whose menu it was
    kinds: frozenset[str]  # the kinds of move on offer
    given: Mapping[str, int]  # a move's key (its place, else its text) and its number
    top: int  # the highest number given in the run


def carried(last: Numbers | None, state: GameState, moves: Sequence[Action],
            target: str, kinds: frozenset[str]) -> Numbers | None:
    """The numbers the menu at this point keeps: ``last``'s where it is drawn again at the
    same point, or where the move just made was one of its places, by the same player,
    with the same kinds of move on offer (``target``: the place of the move just made;
    ``kinds``: those on offer now); None (numbered afresh) otherwise."""
    if last is None:
        return None
    if last.at == len(moves):
        return last
    same = (last.at == len(moves) - 1 and bool(target) and target in last.given
            and not state.is_terminal() and state.current_player() == last.player
            and kinds == last.kinds)
    return last if same else None


def numbers(keys: Sequence[str], keep: Numbers | None) -> list[int]:
    """A number for each move, by its key: 1, 2, ... afresh; with ``keep``, the number
    each key had there, and for a new key one above any given in the run."""
    if keep is None:
        return list(range(1, len(keys) + 1))
    top, out = keep.top, []
    for k in keys:
        if k in keep.given:
            out.append(keep.given[k])
        else:
            top += 1
            out.append(top)
    return out
