# mypy: ignore-errors
# (numba infers these types itself; the functions take arrays and scalars of its own kinds.)
"""The compiled simulator's random numbers: the reference engine's and the bots' generators.

The engine's stream is `lastcard.core.rng`'s counter-based SplitMix64 (a state is a seed and a
counter) and `shuffled`'s Fisher-Yates with rejection; a bot's is `BotRng`, the same function
with the bot's seed. Reproduced bit for bit.
"""

from __future__ import annotations

import numpy as np
from llvmlite import ir
from numba import njit, types
from numba.extending import intrinsic

_GOLDEN = np.uint64(0x9E3779B97F4A7C15)
_MIX1 = np.uint64(0xBF58476D1CE4E5B9)
_MIX2 = np.uint64(0x94D049BB133111EB)
_ONE = np.uint64(1)
_LOW32 = np.uint64(0xFFFFFFFF)
_TWO32 = 4294967296
_INV53 = 1.0 / 9007199254740992.0


@njit(cache=True, inline="always")
def _splitmix(seed: np.uint64, counter: np.uint64) -> np.uint64:
    """Output `counter` of the stream `seed` (`rng._splitmix64`)."""
    z = seed + (counter + _ONE) * _GOLDEN
    z = (z ^ (z >> np.uint64(30))) * _MIX1
    z = (z ^ (z >> np.uint64(27))) * _MIX2
    return z ^ (z >> np.uint64(31))


@njit(cache=True, inline="always")
def _swap_index(bound, seed, counter, spare):
    """One step of `rng.shuffled`: a uniform index below `bound` from the 32-bit halves of the
    generator's numbers (low half first, the high half kept in `spare`, -1 when there is none),
    rejecting values above the largest multiple of `bound`. Returns (index, spare, counter)."""
    limit = _LIMIT32[bound]
    while True:
        if spare >= 0:
            value = spare
            spare = -1
        else:
            z = _splitmix(seed, counter)
            counter += _ONE
            value = np.int64(z & _LOW32)
            spare = np.int64(z >> np.uint64(32))
        if value < limit:
            return _mod32(np.uint64(value), bound), spare, counter


@njit(cache=True, inline="always")
def _fisher_yates(arr, n, seed, counter, mirrored):
    """`rng.shuffled` of n cards in place: Fisher-Yates from the end, two 32-bit draws per
    number (low half first), rejection above the largest multiple of the bound. Returns the
    counter after it. Position p of the shuffled list is arr[p], or arr[n - 1 - p] when
    `mirrored` (the list held back to front, as a stock is: its top card last).

    One number serves two steps (its low half bound i + 1, its high half bound i): while
    neither half is rejected, two swaps per number without keeping a spare half between them.
    A rejection (a chance below 2**-24 per shuffle of a deck) hands over to the general step,
    which starts there with no spare half, as `_swap_index` would at that point."""
    i = n - 1
    while i >= 2:
        z = _splitmix(seed, counter)
        low = z & _LOW32
        high = z >> np.uint64(32)
        if np.int64(low) >= _LIMIT32[i + 1] or np.int64(high) >= _LIMIT32[i]:
            break
        counter += _ONE
        _exchange(arr, n, i, _mod32(low, i + 1), mirrored)
        _exchange(arr, n, i - 1, _mod32(high, i), mirrored)
        i -= 2
    return _steps_down_from(i, arr, n, seed, counter, mirrored)


@njit(cache=True, inline="always")
def _steps_down_from(i, arr, n, seed, counter, mirrored):
    """Fisher-Yates's steps i, i - 1, ..., 1, one `_swap_index` each, from a fresh number (no
    spare half). Returns the counter after them."""
    spare = -1
    while i >= 1:
        j, spare, counter = _swap_index(i + 1, seed, counter, spare)
        _exchange(arr, n, i, j, mirrored)
        i -= 1
    return counter


@njit(cache=True, inline="always")
def _exchange(arr, n, i, j, mirrored):
    """Swap positions i and j of the list (`_fisher_yates`'s positions)."""
    if mirrored:
        i = n - 1 - i
        j = n - 1 - j
    card = arr[i]
    arr[i] = arr[j]
    arr[j] = card


@njit(cache=True, _nrt=False)
def _shuffle(arr, n, seed, counter):
    """`rng.shuffled` of arr[0:n] in place (see `_fisher_yates`); returns the counter after it.
    (`_nrt=False`: no reference counting of `arr` on every call; it allocates nothing.)"""
    return _fisher_yates(arr, n, seed, counter, False)


@njit(cache=True, _nrt=False)
def _shuffle_mirrored(arr, n, seed, counter):
    """`_shuffle` of the list arr[n - 1], arr[n - 2], ..., arr[0]: a deck shuffled where it
    will serve as the stock, whose top is its last card."""
    return _fisher_yates(arr, n, seed, counter, True)


# The deck's shuffle (`_shuffle_deck`) in two passes. Number t of the pass serves the steps
# i = n - 1 - 2t (its low half, bound i + 1) and i - 1 (its high half, bound i), as in
# `_fisher_yates`, for every t while i >= 2; per t: the two bounds, their rejection limits and
# their reciprocals (see `_deck_indices`).
_DECK_CARDS = 108
_DECK_PAIRS = (_DECK_CARDS - 3) // 2 + 1
_PAIR_BOUNDS = np.array(
    [[_DECK_CARDS - 2 * t, _DECK_CARDS - 1 - 2 * t] for t in range(_DECK_PAIRS)], dtype=np.float64
)
_PAIR_LIMITS = np.array(
    [[_TWO32 - _TWO32 % int(b) for b in bounds] for bounds in _PAIR_BOUNDS], dtype=np.int64
)
_PAIR_INVERSES = 1.0 / _PAIR_BOUNDS
# floor(a * (1 / d) + _NUDGE) is floor(a / d) for every a < 2**32 and d <= 108: the product is
# off by less than 2**-20, the nudge lifts an exact quotient above that error, and a quotient's
# fraction, at most 1 - 1/108, stays below 1 after both.
_NUDGE = 2.0**-12


@njit(cache=True, inline="always")
def _deck_indices(seed, counter, swaps):
    """The first pass: swaps[2t] and swaps[2t + 1] get the indices j of number t's two steps,
    counted from the stock's top (`_DECK_CARDS` - 1 - j). No step depends on another here, so
    the compiler does them eight at a time in vector registers (the remainders in floating
    point, exact as `_NUDGE` says). Returns whether a half fell above its rejection limit (a
    chance below 2**-24): then the caller shuffles step by step instead."""
    rejected = False
    for t in range(_DECK_PAIRS):
        z = _splitmix(seed, counter + np.uint64(t))
        low = np.int64(z & _LOW32)
        high = np.int64(z >> np.uint64(32))
        rejected |= (low >= _PAIR_LIMITS[t, 0]) | (high >= _PAIR_LIMITS[t, 1])
        d_low = _PAIR_BOUNDS[t, 0]
        d_high = _PAIR_BOUNDS[t, 1]
        j_low = low - np.int64(d_low * np.floor(low * _PAIR_INVERSES[t, 0] + _NUDGE))
        j_high = high - np.int64(d_high * np.floor(high * _PAIR_INVERSES[t, 1] + _NUDGE))
        swaps[2 * t] = _DECK_CARDS - 1 - j_low
        swaps[2 * t + 1] = _DECK_CARDS - 1 - j_high
    return rejected


@njit(cache=True, _nrt=False)
def _shuffle_deck(arr, seed, counter, swaps):
    """`_shuffle_mirrored(arr, _DECK_CARDS, ...)`, the deal's shuffle, in two passes: the
    indices first (`_deck_indices`, into the work array `swaps`), then the exchanges, which
    alone depend on one another. List position i is arr[_DECK_CARDS - 1 - i], so step i of
    number t exchanges arr[2t] (then arr[2t + 1]) with the index found for it."""
    if _deck_indices(seed, counter, swaps):
        return _shuffle_mirrored(arr, _DECK_CARDS, seed, counter)
    for t in range(_DECK_PAIRS):
        for half in range(2):
            i = np.uint64(2 * t + half)  # unsigned: indexed without the check for negative ones
            j = np.uint64(swaps[i])
            card = arr[i]
            arr[i] = arr[j]
            arr[j] = card
    # The steps left (i = 1 for an even deck), one at a time with the next number
    counter += np.uint64(_DECK_PAIRS)
    return _steps_down_from(
        _DECK_CARDS - 1 - 2 * _DECK_PAIRS, arr, _DECK_CARDS, seed, counter, True
    )


@njit(cache=True, inline="always")
def _bot_below(bot_seed, bot_counter, seat, n):
    """`BotRng.below(n)` for the bot at `seat`: uniform in 0..n-1; n == 1 draws nothing."""
    if n <= 1:
        return 0
    un = np.uint64(n)
    rem = _REM64[n] if n < _REM64.shape[0] else (np.uint64(0) - un) % un  # 2**64 mod n
    while True:
        z = _splitmix(bot_seed[seat], bot_counter[seat])
        bot_counter[seat] += _ONE
        if rem == 0 or z < np.uint64(0) - rem:
            if n < _FLOOR64.shape[0]:
                return _small_remainder(z, un)
            return np.int64(z % un)


@njit(cache=True, inline="always")
def _small_remainder(z, un):
    """z % un for 1 <= un < 256 without dividing (see `_FLOOR64`)."""
    r = z - _high_product(z, _FLOOR64[un]) * un
    return np.int64(r - un if r >= un else r)


@njit(cache=True, inline="always")
def _bot_below_ahead(bot_seed, bot_counter, ahead, seat, n):
    """`_bot_below` with the seat's next number already computed: `ahead[seat]` is
    `_splitmix(bot_seed[seat], bot_counter[seat])`, and is again after the draw. The number a
    draw consumes is then one load instead of a chain of three multiplications after the seat
    is known; its successor's chain runs beside the play that follows.

    n >= 1. n == 1 (a seat with one choice) draws nothing: without a branch, which the CPU would
    mispredict (whether a seat has a choice is as random as the cards): the counter moves on
    by n > 1, and r is z % 1 = 0 through `_FLOOR64[1]`."""
    un = np.uint64(n)
    u = np.uint64(seat)
    z = ahead[u]
    counter = bot_counter[u] + np.uint64(n > 1)
    bot_counter[u] = counter
    ahead[u] = _splitmix(bot_seed[u], counter)
    rem = _REM64[un]
    if rem != 0 and z >= np.uint64(0) - rem:  # rejected (a chance below n / 2**64)
        r = _bot_below(bot_seed, bot_counter, seat, n)
        ahead[u] = _splitmix(bot_seed[u], bot_counter[u])
        return r
    return _small_remainder(z, un)


@njit(cache=True, inline="always")
def _bot_random(bot_seed, bot_counter, seat):
    """`BotRng.random()`: 53 bits in [0, 1)."""
    z = _splitmix(bot_seed[seat], bot_counter[seat])
    bot_counter[seat] += _ONE
    return np.float64(z >> np.uint64(11)) * _INV53


# The shuffle's rejection limits (largest multiple of the bound below 2**32) and 2**64 mod n
# for the bots' draws, for every bound a deck or a list of options can have: no division in
# the two hottest places.
_LIMIT32 = np.array([0] + [_TWO32 - _TWO32 % b for b in range(1, 256)], dtype=np.int64)
_REM64 = np.array([0] + [(1 << 64) % n for n in range(1, 256)], dtype=np.uint64)
# floor(2**64 / n): the high half of z * _FLOOR64[n] is z // n or one less (the error is below
# z / 2**64 < 1), so z - that * n is z % n or z % n + n.
# _FLOOR64[1] is 2**64 - 1, not 2**64 (which does not fit): z - that * 1 is then 1 or 0, and
# either way z % 1 = 0 in the end.
_FLOOR64 = np.array([0, (1 << 64) - 1] + [(1 << 64) // n for n in range(2, 256)], dtype=np.uint64)


@intrinsic
def _high_product(typingctx, a, b):
    """The high 64 bits of the 128-bit product a * b (one `mul` instruction)."""
    signature = types.uint64(types.uint64, types.uint64)

    def codegen(context, builder, sig, args):
        wide = ir.IntType(128)
        product = builder.mul(builder.zext(args[0], wide), builder.zext(args[1], wide))
        return builder.trunc(builder.lshr(product, ir.Constant(wide, 64)), ir.IntType(64))

    return signature, codegen


# Lemire's remainder: a % d is the high half of the 128-bit product (M * a mod 2**64) * d with
# M = floor((2**64 - 1) / d) + 1, exact for every a < 2**32: two multiplications, no division.
_FASTMOD = np.array([0] + [((2**64 - 1) // d + 1) % 2**64 for d in range(1, 256)], dtype=np.uint64)


@njit(cache=True, inline="always")
def _mod32(a, d):
    """a % d for a < 2**32 and 1 <= d < 256, without dividing."""
    return np.int64(_high_product(_FASTMOD[d] * a, np.uint64(d)))


@njit(cache=True)
def stream_seeds(base, stream, start, count):
    """`rng.stream_seed(base, stream, i)` for i in start..start+count-1 (`base` already folded
    to 64 bits): the game seeds of a run, or the bot seeds of a game. Its two rounds of mixing
    are SplitMix64 outputs: output `stream - 1` of `base`, then output `i` of that."""
    z = _splitmix(base, np.uint64(stream - 1))
    seeds = np.empty(count, dtype=np.uint64)
    for i in range(count):
        seeds[i] = _splitmix(z, np.uint64(start + i))
    return seeds


@njit(cache=True)
def bot_seed_table(game_seeds, players, stream):
    """table[g, seat] = `rng.stream_seed(game_seeds[g], stream, seat)`: each game's bot seeds."""
    table = np.empty((game_seeds.shape[0], players), dtype=np.uint64)
    for g in range(game_seeds.shape[0]):
        z = _splitmix(game_seeds[g], np.uint64(stream - 1))
        for seat in range(players):
            table[g, seat] = _splitmix(z, np.uint64(seat))
    return table
