"""Bitmask helpers: the engines keep sets of hexes, links and seats as Python ints."""

from __future__ import annotations

from typing import Final

# A word of a long mask: the compiled build (mypyc) keeps ints of up to 62 bits unboxed
# and works on them inline; a longer int (a board of 160 hexes) is a Python
# object, and every operation on it allocates one.
WORD_BITS: Final = 62
WORD_MASK: Final = (1 << WORD_BITS) - 1


def iter_bits(mask: int) -> list[int]:
    """Indices of the set bits of ``mask`` (not negative), ascending.

    Read a word of :data:`WORD_BITS` bits at a time: two operations on the long int
    per word, the rest on small ints (the same result, faster in both builds).
    """
    out = []
    before = -1  # the index of the bit before the word's first: bit_length() counts from 1
    while mask:
        word = mask & WORD_MASK
        while word:
            low = word & -word
            out.append(before + low.bit_length())
            word ^= low
        mask >>= WORD_BITS
        before += WORD_BITS
    return out
