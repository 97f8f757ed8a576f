"""Changed integers of many rows, packed one per Python int (compiled with mypyc).

A batch encoder keeps each row's integers in a numpy matrix and, at each step, converts
to numpy only what changed: a change is ``(position << SHIFT) + value + BIAS``, one
integer, so a step's changes are one list and one conversion
(:func:`cuberail.env.batch.unpack` undoes the packing). No numpy here: mypyc compiles
this module where only the build requirements exist.
"""

from __future__ import annotations

from typing import Final

SHIFT: Final = 32
BIAS: Final = 1 << 31  # values from -2**31 to 2**31 - 1
UNSET: Final = -(1 << 40)  # a remembered value no real one equals: a row never written


def put(position: int, value: int, out: list[int]) -> None:
    """Append the change ``position`` := ``value``."""
    out.append((position << SHIFT) + value + BIAS)


def update(last: list[int], k: int, value: int, position: int, out: list[int]) -> None:
    """Remember ``value`` as ``last[k]``; append ``position + k`` := ``value`` if it differs."""
    if last[k] != value:
        last[k] = value
        out.append(((position + k) << SHIFT) + value + BIAS)


def diff_bits(position: int, old: int, new: int, out: list[int]) -> None:
    """Append ``position + i`` := bit ``i`` of ``new`` for each bit where ``old`` differs."""
    changed = old ^ new
    while changed:
        low = changed & -changed
        i = low.bit_length() - 1
        out.append(((position + i) << SHIFT) + (new >> i & 1) + BIAS)
        changed ^= low
