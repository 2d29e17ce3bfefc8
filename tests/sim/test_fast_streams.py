"""The compiled simulator's deal shuffle in two passes (`streams._shuffle_deck`): indices in
vector registers, then the exchanges. It must be `rng.shuffled` bit for bit, as the step-by-step
shuffle is: same cards in the same places, same numbers drawn."""

from __future__ import annotations

import pytest

from lastcard.sim.fast import available

pytestmark = pytest.mark.skipif(not available(), reason="numba (the `fast` extra) is missing")


def _both_ways(seed: int, counter: int) -> tuple[list[int], int, list[int], int]:
    import numpy as np

    from lastcard.sim.fast import cards, streams

    one_step = cards._DECK_BACK_TO_FRONT.copy()
    two_pass = cards._DECK_BACK_TO_FRONT.copy()
    swaps = np.zeros(2 * streams._DECK_PAIRS, dtype=np.int64)
    after_steps = streams._shuffle_mirrored(
        one_step, cards.DECK_SIZE, np.uint64(seed), np.uint64(counter)
    )
    after_passes = streams._shuffle_deck(two_pass, np.uint64(seed), np.uint64(counter), swaps)
    return list(one_step), int(after_steps), list(two_pass), int(after_passes)


def test_the_two_pass_deck_shuffle_is_the_step_by_step_one() -> None:
    import random

    rng = random.Random(11)
    for _ in range(400):
        seed, counter = rng.getrandbits(64), rng.choice([0, 1, 7, rng.getrandbits(20)])
        one_step, after_steps, two_pass, after_passes = _both_ways(seed, counter)
        assert two_pass == one_step
        assert after_passes == after_steps == counter + 54  # 53 pairs, then one more number


def test_a_rejected_number_hands_the_shuffle_to_the_step_by_step_one() -> None:
    """About one deal in a million draws a half above its rejection limit, which shifts every
    later step: find such a seed and check the two agree there too."""
    import numpy as np
    from numba import njit

    from lastcard.sim.fast import streams

    @njit(cache=False)
    def first_rejected_seed(start: int) -> int:
        swaps = np.zeros(2 * streams._DECK_PAIRS, dtype=np.int64)
        seed = start
        while not streams._deck_indices(np.uint64(seed), np.uint64(0), swaps):
            seed += 1
        return seed

    seed = first_rejected_seed(0)
    one_step, after_steps, two_pass, after_passes = _both_ways(seed, 0)
    assert two_pass == one_step
    assert after_passes == after_steps  # (54 still: the rejected half used the spare one)


def test_the_floating_point_remainder_is_exact_at_every_edge() -> None:
    """`_deck_indices` takes a % d as a - d * floor(a * (1/d) + nudge): exact for every 32-bit
    a and bound d of the deal, checked where it could slip: just below, at and above every
    multiple of d near 0, near 2**31 and near 2**32."""
    import numpy as np

    from lastcard.sim.fast import streams

    for d in range(2, streams._DECK_CARDS + 1):
        multiples = np.concatenate(
            [
                np.arange(0, 4000),
                np.arange(2**31 // d - 2000, 2**31 // d + 2000),
                np.arange(2**32 // d - 4000, 2**32 // d + 1),
            ]
        ).astype(np.int64)
        a = (multiples[:, None] * d + np.array([-1, 0, 1, d - 1])).ravel()
        a = a[(a >= 0) & (a < 2**32)]
        inverse = 1.0 / np.float64(d)
        found = a - (np.float64(d) * np.floor(a * inverse + streams._NUDGE)).astype(np.int64)
        assert np.array_equal(found, a % d), d
