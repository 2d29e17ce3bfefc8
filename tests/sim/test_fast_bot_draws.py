"""The fast lane's bot draws (`streams._bot_below_ahead`): each seat's next number computed one
draw ahead, and a seat with one choice drawing nothing without a branch. They must be
`BotRng.below` bit for bit: the same result and the same count of numbers drawn, including
when a number is rejected (a chance of n in 2**64, so the test builds a seed that forces it)."""

from __future__ import annotations

import pytest

from lastcard.core.rng import BotRng
from lastcard.sim.fast import available

pytestmark = pytest.mark.skipif(not available(), reason="numba (the `fast` extra) is missing")

_MASK = (1 << 64) - 1
_GOLDEN = 0x9E3779B97F4A7C15
_MIX1 = 0xBF58476D1CE4E5B9
_MIX2 = 0x94D049BB133111EB


def _unshift(value: int, shift: int) -> int:
    """The x with x ^ (x >> shift) == value."""
    x = value
    for _ in range(64 // shift + 1):
        x = value ^ (x >> shift)
    return x


def _seed_whose_first_number_is(z: int) -> int:
    """The bot seed whose output 0 is `z`: SplitMix64's finaliser run backwards (each step is a
    bijection of 64-bit words), less the golden-ratio increment of counter 0."""
    x = _unshift(z, 31)
    x = (x * pow(_MIX2, -1, 1 << 64)) & _MASK
    x = _unshift(x, 27)
    x = (x * pow(_MIX1, -1, 1 << 64)) & _MASK
    x = _unshift(x, 30)
    return (x - _GOLDEN) & _MASK


def _draws(seed: int, bounds: list[int]) -> tuple[list[int], int, int, int]:
    """Draw below each bound in turn with `_bot_below_ahead` for seat 1 of two seats; returns
    the results, the seat's counter, its look-ahead number and the other seat's counter."""
    import numpy as np
    from numba import njit

    from lastcard.sim.fast import streams

    @njit(cache=False)
    def run(bot_seed, bot_counter, ahead, bounds, out):  # type: ignore[no-untyped-def]
        for i in range(bounds.shape[0]):
            out[i] = streams._bot_below_ahead(bot_seed, bot_counter, ahead, 1, bounds[i])

    bot_seed = np.array([12345, seed], dtype=np.uint64)
    bot_counter = np.zeros(2, dtype=np.uint64)
    ahead = np.array(
        [streams._splitmix(bot_seed[s], bot_counter[s]) for s in range(2)], dtype=np.uint64
    )
    out = np.zeros(len(bounds), dtype=np.int64)
    run(bot_seed, bot_counter, ahead, np.array(bounds, dtype=np.int64), out)
    return [int(r) for r in out], int(bot_counter[1]), int(ahead[1]), int(bot_counter[0])


def _reference(seed: int, bounds: list[int]) -> tuple[list[int], int]:
    rng = BotRng(0)
    rng.setstate((seed, 0))
    return [rng.below(n) for n in bounds], rng.counter


def _number(seed: int, counter: int) -> int:
    """Output `counter` of the bot stream `seed`."""
    rng = BotRng(0)
    rng.setstate((seed, counter))
    return rng.next_u64()


def test_bot_draws_one_ahead_are_botrng_below_for_every_bound() -> None:
    import random

    rng = random.Random(3)
    for _ in range(50):
        seed = rng.getrandbits(64)
        bounds = [rng.choice([1, 1, 2, rng.randint(2, 60)]) for _ in range(40)]
        results, counter, ahead, other = _draws(seed, bounds)
        assert (results, counter) == _reference(seed, bounds)
        assert counter == sum(1 for n in bounds if n > 1)  # one choice: no number drawn
        assert ahead == _number(seed, counter)  # still one draw ahead
        assert other == 0  # the other seat's stream is untouched


def test_a_rejected_bot_number_is_redrawn_as_botrng_does() -> None:
    # 2**64 - 1 is at or above the largest multiple of 3 below 2**64, so it is rejected
    seed = _seed_whose_first_number_is(_MASK)
    assert _number(seed, 0) == _MASK
    results, counter, ahead, _ = _draws(seed, [3, 5, 1, 7])
    assert (results, counter) == _reference(seed, [3, 5, 1, 7])
    assert counter == 4  # the rejected number, then one for each of 3, 5 and 7
    assert ahead == _number(seed, counter)
