"""The seating design: every bot in every seat, and right after every other bot, equally often,
for every table size and with bots listed more than once."""

from __future__ import annotations

import itertools
import math
from collections import Counter

import pytest

from lastcard.sim.tournament import (
    MAX_PERMUTATIONS,
    balanced_games,
    name_seatings,
    neighbour_counts,
    seat_counts,
    seating,
    seating_design,
)

SIZES = range(2, 11)  # a table seats 2 to 10 players


def seats_are_balanced(seatings: tuple[tuple[int, ...], ...], n: int) -> bool:
    counts = seat_counts(seatings)
    return len(counts) == n * n and len(set(counts.values())) == 1


def neighbours_are_balanced(seatings: tuple[tuple[int, ...], ...], n: int) -> bool:
    counts = neighbour_counts(seatings)
    pairs = [(a, b) for a in range(n) for b in range(n) if a != b]
    return set(counts) == set(pairs) and len(set(counts.values())) == 1


@pytest.mark.parametrize("n", SIZES)
def test_every_entry_sits_in_every_seat_equally_often(n: int) -> None:
    design = seating_design(n)
    assert all(sorted(row) == list(range(n)) for row in design)  # each seating a permutation
    assert seats_are_balanced(design, n)


@pytest.mark.parametrize("n", SIZES)
def test_every_entry_sits_right_after_every_other_equally_often(n: int) -> None:
    """Around the table: the last seat is followed by the first."""
    assert neighbours_are_balanced(seating_design(n), n)


@pytest.mark.parametrize("n", SIZES)
def test_each_block_of_n_games_is_seat_balanced_by_itself(n: int) -> None:
    design = seating_design(n)
    for start in range(0, len(design), n):
        assert seats_are_balanced(design[start : start + n], n)


@pytest.mark.parametrize("n", SIZES)
def test_small_tables_take_every_order_and_large_ones_a_short_design(n: int) -> None:
    design = seating_design(n)
    if math.factorial(n) <= MAX_PERMUTATIONS:
        assert sorted(design) == sorted(itertools.permutations(range(n)))
    else:
        # n(n-1) is the least any balanced design can have (seats: a multiple of n seatings;
        # neighbours: of n-1); even sizes take twice that (the zig-zag and its mirror)
        assert len(design) == n * (n - 1) * (1 if n % 2 else 2)
        assert len(set(design)) == len(design)


def test_cyclic_rotation_alone_would_fail_the_neighbour_check() -> None:
    """The check can fail: the old seating (the list rotated game by game) keeps neighbours."""
    rotations = tuple(tuple((s + g) % 4 for s in range(4)) for g in range(4))
    assert seats_are_balanced(rotations, 4)
    assert not neighbours_are_balanced(rotations, 4)


def test_games_take_the_design_in_turn_and_round_up_to_it() -> None:
    design = seating_design(5)
    assert [seating(g, 5) for g in range(2 * len(design))] == [*design, *design]
    assert balanced_games(1, 5) == 20 and balanced_games(20, 5) == 20
    assert balanced_games(21, 5) == 40
    assert balanced_games(7, 2) == 8
    with pytest.raises(ValueError):
        seating_design(0)


def proportional(counts: Counter[tuple[str, int]], entries: Counter[str]) -> bool:
    """Counts per (bot, seat) proportional to the bot's entries."""
    return len({c / entries[bot] for (bot, _), c in counts.items()}) == 1


def neighbour_proportional(counts: Counter[tuple[str, str]], entries: Counter[str]) -> bool:
    """Counts per ordered pair of bots proportional to the ordered pairs of their entries."""
    ratios = {c / (entries[a] * (entries[b] - (a == b))) for (a, b), c in counts.items()}
    return len(ratios) == 1


@pytest.mark.parametrize(
    "bots",
    [
        ["heuristic", "random", "greedy", "random"],  # the issue's table
        ["heuristic", "random", "random", "greedy"],
        ["a", "b"],
        ["x", "y", "y"],
        ["focal", "field", "field", "field"],
        ["r"] * 5,
        ["a", "b", "c", "d", "e"],
        ["r", "r", "g", "g", "h"],
        ["h", "r", "r", "r", "r", "r"],
        ["a", "b", "a", "c", "a", "d", "e"],
        ["p", "q", "r", "s", "t", "u", "v", "w"],
        ["a", "b"] * 5,
    ],
)
def test_name_seatings_keep_the_balance_with_bots_listed_more_than_once(bots: list[str]) -> None:
    seatings = name_seatings(bots)
    entries = Counter(bots)
    assert all(Counter(row) == entries for row in seatings)
    assert proportional(seat_counts(seatings), entries)
    assert neighbour_proportional(neighbour_counts(seatings), entries)


def test_both_orders_of_the_issues_table_give_the_same_seatings() -> None:
    one = name_seatings(["heuristic", "random", "greedy", "random"])
    other = name_seatings(["heuristic", "random", "random", "greedy"])
    assert Counter(one) == Counter(other)
    assert len(one) == 12  # 4! / 2!: the distinct orders of H, R, G, R


def test_name_seatings_reduce_to_the_distinct_seatings_when_that_keeps_the_balance() -> None:
    assert name_seatings(["r"] * 6) == (("r",) * 6,)
    habit = name_seatings(["focal", "h", "h", "h"])
    assert habit == (
        ("focal", "h", "h", "h"),
        ("h", "h", "h", "focal"),
        ("h", "h", "focal", "h"),
        ("h", "focal", "h", "h"),
    )
    assert name_seatings(["a", "b"]) == (("a", "b"), ("b", "a"))
    assert len(name_seatings(["a", "b", "c", "d"])) == 24
