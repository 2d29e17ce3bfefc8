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
    """A 64-bit seed derived from a base seed and labels, for bots and simulations (DESIGN.md §3).

    >>> derive_seed(7, "game", 3) == derive_seed(7, "game", 3)
    True
    """
    text = ":".join([str(base), *map(str, labels)]).encode()
    return int.from_bytes(hashlib.blake2b(text, digest_size=8).digest(), "little")
