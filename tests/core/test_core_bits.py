"""Bit masks: iter_bits reads long masks a word at a time and must still list every bit."""

from __future__ import annotations

import random

from cuberail.core.bits import WORD_BITS, iter_bits


def test_iter_bits_lists_every_set_bit_ascending_across_word_boundaries() -> None:
    rng = random.Random(11)
    for _ in range(2000):
        mask = rng.getrandbits(rng.randrange(1, 400)) & rng.getrandbits(400)
        assert iter_bits(mask) == [i for i in range(mask.bit_length()) if mask >> i & 1]


def test_iter_bits_at_the_edges_of_a_word() -> None:
    top = WORD_BITS - 1
    assert iter_bits(0) == []
    assert iter_bits(1 << top) == [top]
    assert iter_bits(1 << WORD_BITS) == [WORD_BITS]
    assert iter_bits((1 << WORD_BITS) - 1) == list(range(WORD_BITS))
    assert iter_bits(1 << (2 * WORD_BITS) | 1) == [0, 2 * WORD_BITS]
    assert iter_bits((1 << 200) - 1) == list(range(200))
