"""Seatings that balance both the seat each bot takes and the bot it sits next to.

Rotating one bot list (seat s gets entry (s + g) mod n in game g) puts every bot in every seat
equally often but never changes who sits after whom: listing the same bots as H,R,G,R or
H,R,R,G then gives different results, because a bot's results depend on its neighbours (the
player after you is the one your Skip and Draw Two hit). A *seating design* is a list of
seatings, used in turn, such that over the whole list

- every entry sits in every seat equally often, and
- every ordered pair of entries (a, b) has b in the seat right after a's (seat s + 1 mod n,
  the direction of play at the start of a hand; the table is round, so the last seat is
  followed by the first) equally often.

Games are rounded up to a multiple of the design's length, so the balance is exact.

**The design** (`seating_design`). A seating is a *circular order* of the entries, taken in all
n of its rotations (so each block of n consecutive games is seat-balanced on its own):

- with few entries (n! <= `MAX_PERMUTATIONS`, i.e. up to 4) every circular order, so the
  design is every permutation of the seats: 2, 6 or 24 seatings;
- otherwise the circular orders of a cyclic construction: entry n-1 is a fixed point ∞ and the
  others are Z_(n-1); the base order is ∞, 0, 1, -1, 2, -2, ... (Williams's zig-zag, the
  sequence his Latin squares are built from), and its n-1 translates (add c mod n-1 to every
  entry but ∞) are the design's circular orders. Consecutive entries of the zig-zag differ by
  +1, -2, +3, -4, ...: when n-1 is even these differences are every non-zero residue once, so
  every ordered pair is adjacent once over the n-1 translates (and the pairs with ∞ once each
  way by construction); when n-1 is odd they are every odd residue twice, so the zig-zag's
  *mirror* (its reverse, whose differences are the even residues twice) is added, and every
  ordered pair is adjacent twice. Length: n(n-1) seatings for odd n, 2n(n-1) for even n (n(n-1)
  is the least any design can have: seat balance needs a multiple of n seatings, neighbour
  balance one of n-1).

The design is over *entries* (positions of the bot list), not names: two entries of one bot
(random #1, random #2) are balanced against each other too, which comparing their ratings
needs. `name_seatings` gives the design as bot names, reduced to its distinct seatings when
that keeps the balance (for the study's tables of identical bots, one seating).
"""

from __future__ import annotations

import itertools
import math
from collections import Counter
from collections.abc import Hashable, Sequence
from functools import cache
from typing import TypeVar

MAX_PERMUTATIONS = 24
"""Up to this many seatings, a table takes every permutation of its seats."""

T = TypeVar("T", bound=Hashable)


def _rotations(order: Sequence[int]) -> list[tuple[int, ...]]:
    return [tuple(order[r:]) + tuple(order[:r]) for r in range(len(order))]


def _zigzag(modulus: int) -> list[int]:
    """0, 1, -1, 2, -2, ... mod `modulus`: every residue once.

    >>> _zigzag(5)
    [0, 1, 4, 2, 3]
    """
    return [(i + 1) // 2 % modulus if i % 2 else -(i // 2) % modulus for i in range(modulus)]


def _circular_orders(entrants: int) -> list[tuple[int, ...]]:
    """The circular orders of the design, each written from entry 0 or ∞ (see the docstring)."""
    if math.factorial(entrants) <= MAX_PERMUTATIONS:
        return [(0, *rest) for rest in itertools.permutations(range(1, entrants))]
    modulus = entrants - 1  # entries 0 .. n-2 are Z_(n-1); entry n-1 is ∞
    bases = [_zigzag(modulus)]
    if modulus % 2:
        bases.append(bases[0][::-1])
    return [
        (modulus, *((x + shift) % modulus for x in base))
        for base in bases
        for shift in range(modulus)
    ]


@cache
def seating_design(entrants: int) -> tuple[tuple[int, ...], ...]:
    """The seatings of a table of `entrants`: seating k gives, for each seat, the entry (index
    into the bot list) sitting there. Every entry sits in every seat, and right after every
    other entry, equally often (see the module docstring).

    >>> seating_design(3)
    ((0, 1, 2), (1, 2, 0), (2, 0, 1), (0, 2, 1), (2, 1, 0), (1, 0, 2))
    >>> len(seating_design(5)), len(seating_design(10))
    (20, 180)
    """
    if entrants < 1:
        raise ValueError(f"a table needs at least one entrant, not {entrants}")
    return tuple(row for order in _circular_orders(entrants) for row in _rotations(order))


def seating(index: int, entrants: int) -> tuple[int, ...]:
    """The seating of game `index`: the design's seatings are used in turn.

    >>> seating(1, 4)
    (1, 2, 3, 0)
    """
    design = seating_design(entrants)
    return design[index % len(design)]


def name_seatings(bots: Sequence[str]) -> tuple[tuple[str, ...], ...]:
    """The seating design of `bots` written as bot names, in design order; reduced to the first
    occurrence of each distinct seating when every distinct seating occurs equally often
    (which keeps every count in the same proportion, so the balance holds).

    >>> name_seatings(["x", "y", "y"])
    (('x', 'y', 'y'), ('y', 'y', 'x'), ('y', 'x', 'y'))
    >>> name_seatings(["r"] * 6)
    (('r', 'r', 'r', 'r', 'r', 'r'),)
    """
    rows = [tuple(bots[entry] for entry in row) for row in seating_design(len(bots))]
    counts = Counter(rows)
    if len(set(counts.values())) == 1:
        return tuple(counts)  # first occurrences, in order (dicts keep insertion order)
    return tuple(rows)


def seat_counts(seatings: Sequence[Sequence[T]]) -> Counter[tuple[T, int]]:
    """How often each (bot, seat) occurs in `seatings`."""
    return Counter((bot, seat) for row in seatings for seat, bot in enumerate(row))


def neighbour_counts(seatings: Sequence[Sequence[T]]) -> Counter[tuple[T, T]]:
    """How often each ordered pair (a, b) has b in the seat right after a's, around the table.

    >>> neighbour_counts([("a", "b", "c")])
    Counter({('a', 'b'): 1, ('b', 'c'): 1, ('c', 'a'): 1})
    """
    return Counter(
        (row[seat], row[(seat + 1) % len(row)]) for row in seatings for seat in range(len(row))
    )


def balanced_games(games: int, entrants: int) -> int:
    """`games` rounded up to a multiple of the design's length, so that the balance is exact.

    >>> balanced_games(1000, 4), balanced_games(1000, 10)
    (1008, 1080)
    """
    period = len(seating_design(entrants))
    return -(-games // period) * period


__all__ = [
    "MAX_PERMUTATIONS",
    "balanced_games",
    "name_seatings",
    "neighbour_counts",
    "seat_counts",
    "seating",
    "seating_design",
]
