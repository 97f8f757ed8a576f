"""Bitmask helpers: the engines keep sets of hexes, links and seats as Python ints."""

from __future__ import annotations


def iter_bits(mask: int) -> list[int]:
    """Indices of the set bits of ``mask``, ascending."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out
