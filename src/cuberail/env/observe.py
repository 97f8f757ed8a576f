"""Observation vectors: a flat float32 layout per title, declared as a list of fields.

A field has a name, a length, a meaning and its scaling, and a function that
returns its values; the layout table in docs/research.md is printed from these
declarations (``python -m cuberail.env.observe``), so the documentation cannot
drift from the code.

Seats are seen from the observer: everything indexed by player is rotated so
that the observer is position 0, the next seat in turn order position 1, and so
on; positions past the number of players are zero. The same network therefore
plays any seat. The titles so far have perfect information: every seat sees the
whole state, only rotated.

Each title declares its layout in its env kit (:mod:`cuberail.env.kit`).
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

import numpy as np
import numpy.typing as npt

from cuberail.core.state import GameState

if TYPE_CHECKING:
    from cuberail.env.batch import BatchEncoder

Vector = npt.NDArray[np.float32]


@dataclass(frozen=True)
class Seats:
    """The observer's view of the seats: ``order[k]`` is the seat at relative position ``k``."""

    observer: int
    num_players: int
    pad: int

    @property
    def order(self) -> list[int]:
        n = self.num_players
        return [(self.observer + k) % n for k in range(n)]

    def relative(self, seat: int) -> int:
        """The relative position of a seat (0 is the observer)."""
        return (seat - self.observer) % self.num_players

    def one_hot(self, seat: int) -> list[float]:
        """A one-hot over relative positions; all zero for seat -1 (nobody)."""
        out = [0.0] * self.pad
        if seat >= 0:
            out[self.relative(seat)] = 1.0
        return out

    def per_seat(self, values: Sequence[float]) -> list[float]:
        """Per-seat values reordered from the observer and padded with zeros."""
        out = [float(values[s]) for s in self.order]
        return out + [0.0] * (self.pad - len(out))


Getter = Callable[[GameState, Seats], Sequence[float]]


@dataclass(frozen=True)
class Field:
    """One stretch of the observation vector."""

    name: str
    length: int
    meaning: str
    scaling: str
    get: Getter


@dataclass(frozen=True)
class Layout:
    """A title's observation layout: fields in order, padded to ``max_players`` seats."""

    title: str
    max_players: int
    fields: tuple[Field, ...]

    @property
    def size(self) -> int:
        return sum(f.length for f in self.fields)

    def offsets(self) -> list[tuple[int, Field]]:
        out, at = [], 0
        for f in self.fields:
            out.append((at, f))
            at += f.length
        return out

    def encode(self, state: GameState, observer: int) -> Vector:
        """The observation of ``state`` for seat ``observer``."""
        seats = Seats(observer, state.num_players, self.max_players)
        out = np.zeros(self.size, dtype=np.float32)
        for at, f in self.offsets():
            values = f.get(state, seats)
            if len(values) != f.length:
                raise ValueError(f"field {f.name}: {len(values)} values, declared {f.length}")
            out[at:at + f.length] = values
        return out

    def markdown(self) -> str:
        """The layout as a markdown table (offset, length, name, meaning, scaling)."""
        rows = ["| offset | length | field | meaning | scaling |", "|---:|---:|---|---|---|"]
        rows += [f"| {at} | {f.length} | `{f.name}` | {f.meaning} | {f.scaling} |"
                 for at, f in self.offsets()]
        rows.append(f"| {self.size} | | | total length | |")
        return "\n".join(rows)


def one_hot(index: int, length: int) -> list[float]:
    """A one-hot list; all zero for index -1."""
    out = [0.0] * length
    if 0 <= index < length:
        out[index] = 1.0
    return out


def bits(mask: int, length: int) -> list[float]:
    """Bit ``i`` of ``mask`` as element ``i``."""
    return [float(mask >> i & 1) for i in range(length)]


def layout_for(title: str) -> Layout:
    """The observation layout of a title (by title or alias), from its env kit; a
    CuberailError for a title without one."""
    from cuberail.env.kit import kit_for

    return kit_for(title).layout


def batch_encoder_for(title: str, out: npt.NDArray[np.float32]) -> BatchEncoder:
    """A batch encoder of a title's layout writing into ``out`` (rows, size); see
    :mod:`cuberail.env.batch`. The reference encoder row by row for a title without one."""
    from cuberail.env.batch import ReferenceBatch
    from cuberail.env.kit import kit_for

    kit = kit_for(title)
    if kit.batch is None:
        return ReferenceBatch(kit.layout, out)
    return kit.batch(kit.layout, out)


def main(argv: Sequence[str] | None = None) -> int:
    """Print the layout tables (``python -m cuberail.env.observe [TITLE]``)."""
    from cuberail.env.kit import has_kit
    from cuberail.games import titles

    names = list(argv if argv is not None else sys.argv[1:]) or \
        [t for t in titles() if has_kit(t)]
    for title in names:
        layout = layout_for(title)
        print(f"### {title}: {layout.size} floats\n\n{layout.markdown()}\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
