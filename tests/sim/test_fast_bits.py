"""The compiled simulator's bit helpers: the r-th set bit by pdep (where the CPU has a quick
one) and by clearing bits agree, on every mask shape the kernel meets."""

from __future__ import annotations

import random

import pytest

from lastcard.sim.fast import available

pytestmark = pytest.mark.skipif(not available(), reason="numba (the `fast` extra) is missing")


def test_the_rth_set_bit_is_the_same_both_ways() -> None:
    import numpy as np

    from lastcard.sim.fast import cards

    rng = random.Random(7)
    masks = [rng.getrandbits(54) | 1 for _ in range(2000)] + [(1 << 54) - 1, 1, 1 << 53]
    checked = 0
    for m in masks:
        bits = [k for k in range(54) if m >> k & 1]
        for r in {0, len(bits) - 1, rng.randrange(len(bits))}:
            mask, rank = np.uint64(m), np.int64(r)
            assert cards._nth_bit_by_clearing(mask, rank) == bits[r]
            if cards._quick_deposit():
                assert cards._nth_bit_by_deposit(mask, rank) == bits[r]
            checked += 1
    assert checked > 2000


def test_popcount_and_lowest_bit_by_the_cpu_instructions() -> None:
    import numpy as np

    from lastcard.sim.fast import cards

    rng = random.Random(8)
    for m in [rng.getrandbits(54) | 1 for _ in range(2000)] + [1, 1 << 53, (1 << 64) - 1]:
        assert cards._popcount(np.uint64(m)) == bin(m).count("1")
        assert cards._lowest_bit(np.uint64(m)) == (m & -m).bit_length() - 1
