"""Deterministic random streams whose whole state is a plain value inside `GameState`.

Both generators are counter-based: output number i depends only on (seed, i). The state is
therefore just `(kind, seed, counter)`, it serialises as three scalars, and drawing never
mutates anything: `next_u64` returns the number and the next state.

- `"fast"`: SplitMix64, for simulations. Its outputs reveal its seed to anyone who sees enough
  cards, so it is not for tables with people at them. Seeds are 0 to 2**64 - 1 (its whole
  state); a game refuses any other seed rather than silently use the same stream for two.
- `"secure"`: BLAKE2b keyed with the seed, in counter mode, for tables with people at them
  (DESIGN.md §3). Slower, unpredictable without the seed. Seeds are 0 to 2**512 - 1: the seed's
  64 little-endian bytes are the BLAKE2b key, so every bit of a seed counts. Deal secure games
  from at least `SECURE_SEED_BITS` (128) unguessable bits — `lastcard.table.fresh_seed` draws
  them from the operating system, which the pure core never asks: a small seed can be found by
  trying them all (2**20 seeds take seconds).

Seeds for games and bots are derived with `stream_seed` (two rounds of SplitMix64's mixing),
and bots draw from `BotRng` (the fast generator's stream, held in the bot): a compiled simulator
restates both in a few lines of 64-bit arithmetic and so plays exactly the same games.
`derive_seed` (BLAKE2b over text labels) remains for everything where cost does not matter.

`random.shuffle` is never used: its sequence is not promised across Python versions.
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, TypeVar

from .decoding import corrupt, read_mapping, read_whole
from .errors import RulesError, shown

T = TypeVar("T")

GENERATORS = ("fast", "secure")

# The seeds each generator takes, inclusive: the fast one's state is 64 bits, the secure one's
# key is BLAKE2b's largest (64 bytes).
MAX_SEED = {"fast": (1 << 64) - 1, "secure": (1 << 512) - 1}
SECURE_SEED_BITS = 128

_TWO32 = 1 << 32
_TWO64 = 1 << 64
_MASK = _TWO64 - 1
_GOLDEN = 0x9E3779B97F4A7C15


@dataclass(frozen=True, slots=True)
class RngState:
    """The generator's complete state: which generator, its seed and how many numbers it gave."""

    kind: str
    seed: int
    counter: int = 0

    def __post_init__(self) -> None:
        if self.kind not in GENERATORS:
            raise RulesError(f"unknown generator {shown(self.kind)}: use one of {GENERATORS}")

    def to_dict(self) -> dict[str, object]:
        return {"kind": self.kind, "seed": self.seed, "counter": self.counter}

    @staticmethod
    def from_dict(data: Mapping[str, Any], field: str = "rng") -> RngState:
        """The state `to_dict` wrote; `CorruptDataError` (naming `field`) for anything else."""
        keys = ("kind", "seed", "counter")
        data = read_mapping(data, field, keys, keys)
        kind = data["kind"]
        if type(kind) is not str or kind not in GENERATORS:
            raise corrupt(f"{field}.kind", f"{shown(kind)} is not one of {GENERATORS}")
        seed = read_whole(data["seed"], f"{field}.seed", 0, MAX_SEED[kind])
        counter = read_whole(data["counter"], f"{field}.counter", 0, _MASK)
        return RngState(kind, seed, counter)


def seed_problem(seed: object, generator: str) -> str | None:
    """Why `seed` cannot seed `generator` (see the module's docstring), or None if it can."""
    if type(seed) is not int:
        return f"a seed is a whole number, not {shown(seed)}"
    top = MAX_SEED.get(generator)
    if top is not None and not 0 <= seed <= top:
        return (
            f"the {generator} generator takes seeds from 0 to 2**{top.bit_length()} - 1, "
            f"not {shown(seed)}"
        )
    return None


def _splitmix64(seed: int, counter: int) -> int:
    z = (seed + (counter + 1) * _GOLDEN) & _MASK
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
    return z ^ (z >> 31)


def _blake2b(seed: int, counter: int) -> int:
    key = (seed & ((1 << 512) - 1)).to_bytes(64, "little")
    digest = hashlib.blake2b(counter.to_bytes(8, "little"), digest_size=8, key=key).digest()
    return int.from_bytes(digest, "little")


_OUTPUT = {"fast": _splitmix64, "secure": _blake2b}


def next_u64(rng: RngState) -> tuple[int, RngState]:
    """One uniform 64-bit number and the state after it."""
    value = _OUTPUT[rng.kind](rng.seed, rng.counter)
    return value, RngState(rng.kind, rng.seed, rng.counter + 1)


def shuffled(items: Sequence[T], rng: RngState) -> tuple[tuple[T, ...], RngState]:
    """A Fisher-Yates shuffle of `items` (unbiased: rejection sampling) and the state after it.

    The last positions are settled first, so the last k items of the result depend only on the
    first k numbers drawn.
    """
    out = list(items)
    output = _OUTPUT[rng.kind]
    seed, counter = rng.seed, rng.counter
    fast = output is _splitmix64
    spare = -1  # each 64-bit number serves two draws, as its low then its high 32 bits
    for i in range(len(out) - 1, 0, -1):
        bound = i + 1
        # Reject the top sliver of the 32-bit range so every index is equally likely.
        limit = _TWO32 - (_TWO32 % bound)
        while True:
            if spare >= 0:
                value, spare = spare, -1
            else:
                if fast:  # SplitMix64 inlined: this loop deals every hand of every simulation
                    z = (seed + (counter + 1) * _GOLDEN) & _MASK
                    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
                    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
                    z ^= z >> 31
                else:
                    z = output(seed, counter)
                counter += 1
                value, spare = z & 0xFFFFFFFF, z >> 32
            if value < limit:
                break
        j = value % bound
        out[i], out[j] = out[j], out[i]
    return tuple(out), RngState(rng.kind, seed, counter)


def draw_without_replacement(items: Sequence[T], rng: RngState) -> Iterator[tuple[T, RngState]]:
    """Items one at a time in the order a full `shuffled` would put them, last first.

    Only as many numbers are drawn as items are taken, which keeps the dealer draw cheap.
    """
    pool = list(items)
    state = rng
    spare = -1
    for i in range(len(pool) - 1, -1, -1):
        bound = i + 1
        limit = _TWO32 - (_TWO32 % bound)
        value = limit
        while value >= limit:  # the same two-draws-per-number scheme as `shuffled`
            if spare >= 0:
                value, spare = spare, -1
            else:
                z, state = next_u64(state)
                value, spare = z & 0xFFFFFFFF, z >> 32
        j = value % bound
        pool[i], pool[j] = pool[j], pool[i]
        yield pool[i], state


def derive_seed(base: int, *labels: int | str) -> int:
    """A 64-bit seed derived from a base seed and any labels (DESIGN.md §3): studies' hands, a
    forgetful bot's lapses, `fold_seed`. The seeds of games and bots that a compiled simulator
    must reproduce come from the cheaper `stream_seed` instead.

    >>> derive_seed(7, "game", 3) == derive_seed(7, "game", 3)
    True
    """
    text = ":".join([str(base), *map(str, labels)]).encode()
    return int.from_bytes(hashlib.blake2b(text, digest_size=8).digest(), "little")


# Cheap derivations and the bots' generator. A compiled simulator deals millions of games and
# must reproduce every seed and every bot decision bit for bit: BLAKE2b per game and per bot
# would cost more than the compiled game, and `random.Random` (Mersenne Twister) is a large
# state machine it would have to carry. Both are replaced by SplitMix64 arithmetic on 64-bit
# words, which any language (and a numba kernel) restates in a few lines.

STREAM_GAME = 1
"""`stream_seed`'s stream for the seeds games are dealt with."""
STREAM_BOT = 2
"""`stream_seed`'s stream for the seeds bots are built with."""


def mix64(z: int) -> int:
    """SplitMix64's output function: a bijection on 64-bit words that spreads every input bit
    over the whole output, so nearby inputs (seed, seed + 1) give unrelated outputs.

    >>> hex(mix64(0x9E3779B97F4A7C15))  # SplitMix64's first output for seed 0
    '0xe220a8397b1dcdaf'
    >>> mix64(0)
    0
    """
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
    return z ^ (z >> 31)


def fold_seed(seed: int) -> int:
    """Any whole number as a 64-bit seed: 0 to 2**64 - 1 as it is, anything else (a secure
    game's 256-bit seed, a negative number) through `derive_seed(seed, "fold")`.

    Seeds in range stay themselves so that a compiled simulator, which only ever sees 64-bit
    seeds, never needs BLAKE2b; hashing the rest keeps every bit of a large seed counting
    instead of truncating it (two seeds that differ only above bit 63 still get different
    streams, barring a 64-bit collision).

    >>> fold_seed(7), fold_seed(2**64 - 1) == 2**64 - 1
    (7, True)
    >>> fold_seed(2**64) == derive_seed(2**64, "fold")
    True
    """
    if 0 <= seed <= _MASK:
        return seed
    return derive_seed(seed, "fold")


def stream_seed(base: int, stream: int, index: int) -> int:
    """Seed number `index` of stream `stream` (`STREAM_GAME`, `STREAM_BOT`) from `base`.

    Two rounds of `mix64`: the first separates the streams, the second the indices within one,
    each offset by a multiple of the golden-ratio constant as SplitMix64 steps its state. Game
    seeds and bot seeds from one base therefore never line up, and a bot's seed
    (`stream_seed(game seed, STREAM_BOT, seat)`) is unrelated to the game's own stream.

    >>> stream_seed(7, STREAM_GAME, 3) == stream_seed(7, STREAM_GAME, 3)
    True
    >>> stream_seed(7, STREAM_GAME, 3) != stream_seed(7, STREAM_BOT, 3)
    True
    """
    b = fold_seed(base)
    z = mix64((b + _GOLDEN * stream) & _MASK)
    return mix64((z + _GOLDEN * (index + 1)) & _MASK)


class BotRng:
    """A bot's random numbers: the counter-based SplitMix64 stream of the fast generator
    (output i is `_splitmix64(seed, i)`, exactly what `RngState("fast", seed)` gives).

    Its whole state is two 64-bit words, so a compiled simulator can hold one per seat and
    reproduce every draw. Unlike `RngState` it is mutable: a bot's generator lives in the bot,
    not in `GameState`, and is never part of a saved game.

    >>> rng = BotRng(0)
    >>> hex(rng.next_u64()), rng.counter
    ('0xe220a8397b1dcdaf', 1)
    """

    __slots__ = ("counter", "seed")

    def __init__(self, seed: int) -> None:
        self.seed: int = fold_seed(seed)
        self.counter: int = 0

    def __repr__(self) -> str:
        return f"BotRng(seed={self.seed}, counter={self.counter})"

    def getstate(self) -> tuple[int, int]:
        """The whole state, for `setstate` (as `random.Random` offers)."""
        return self.seed, self.counter

    def setstate(self, state: tuple[int, int]) -> None:
        self.seed, self.counter = state

    def next_u64(self) -> int:
        """The next uniform 64-bit number."""
        value = _splitmix64(self.seed, self.counter)
        self.counter += 1
        return value

    def random(self) -> float:
        """A uniform float in [0, 1) from the top 53 bits of one number (a double's precision),
        so every value is a multiple of 2**-53 and 1.0 is never reached."""
        return (self.next_u64() >> 11) * (1.0 / 9007199254740992.0)

    def below(self, n: int) -> int:
        """A uniform whole number from 0 to n - 1 (n >= 1).

        n == 1 draws nothing: a choice among one costs no number, which keeps the count of
        draws (and so every later draw) the same as the compiled simulator's. Numbers at or
        above the largest multiple of n below 2**64 are rejected and redrawn, so every result
        is exactly equally likely.

        >>> rng = BotRng(5)
        >>> rng.below(1), rng.counter
        (0, 0)
        >>> 0 <= rng.below(6) < 6
        True
        """
        if n <= 1:
            return 0
        limit = _TWO64 - (_TWO64 % n)
        while True:
            z = self.next_u64()
            if z < limit:
                return z % n
