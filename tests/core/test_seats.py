"""Who comes next: RULES.md §0.3 (`next(X)` in the current direction, eliminated players passed
over, §7.5), checked against a plain walk round the table for every table of 2 to 10 seats."""

from __future__ import annotations

import itertools

import pytest

from lastcard.core.seats import next_active, turn_order


def walk(active: tuple[bool, ...], seat: int, direction: int) -> int:
    """The reference: step round the table one seat at a time, at most one lap."""
    n = len(active)
    for step in range(1, n + 1):
        nxt = (seat + step * direction) % n
        if active[nxt]:
            return nxt
    return seat


def tables() -> list[tuple[bool, ...]]:
    """Every pattern of seats in and out for 2 to 6 seats, and a few larger tables."""
    out = [p for n in range(2, 7) for p in itertools.product((True, False), repeat=n)]
    out += [(True,) * n for n in range(7, 11)]
    out += [(True, False) * 5, (False,) * 9 + (True,)]
    return out


def test_0_3_next_is_the_following_seat_in_the_current_direction() -> None:
    assert next_active((True,) * 4, 0, 1) == 1
    assert next_active((True,) * 4, 3, 1) == 0  # round the table
    assert next_active((True,) * 4, 0, -1) == 3  # counter-clockwise
    assert next_active((True,) * 2, 1, -1) == 0


def test_7_5_eliminated_seats_are_passed_over() -> None:
    active = (True, False, False, True, True)
    assert next_active(active, 0, 1) == 3
    assert next_active(active, 3, -1) == 0
    assert next_active(active, 4, 1) == 0
    assert next_active(active, 1, 1) == 3  # from a seat out of the game too


@pytest.mark.parametrize("direction", [1, -1])
def test_next_active_agrees_with_a_walk_round_every_table(direction: int) -> None:
    for active in tables():
        for seat in range(len(active)):
            assert next_active(active, seat, direction) == walk(active, seat, direction), (
                active,
                seat,
            )


def test_a_lone_seat_is_its_own_next_and_the_search_ends() -> None:
    assert next_active((False, True, False), 1, 1) == 1
    assert next_active((False, False, False), 2, -1) == 2  # nobody in: one lap, then stop


@pytest.mark.parametrize("direction", [1, -1])
def test_turn_order_lists_each_active_seat_once_from_the_start(direction: int) -> None:
    for active in tables():
        players = [s for s, on in enumerate(active) if on]
        for seat in range(len(active)):
            order = turn_order(active, seat, direction)
            assert order[0] == seat
            assert sorted(order[1:]) == [s for s in players if s != seat]
            for a, b in itertools.pairwise(order[1:]):
                assert b == walk(active, a, direction)
            if len(order) > 1:
                assert order[1] == walk(active, seat, direction)


def test_turn_order_follows_the_direction() -> None:
    assert turn_order((True,) * 4, 2, 1) == [2, 3, 0, 1]
    assert turn_order((True,) * 4, 2, -1) == [2, 1, 0, 3]
    assert turn_order((True, False, True, True), 0, -1) == [0, 3, 2]
