"""Seats around the table: who comes next (RULES.md §0.3).

One pure function serves the engine (`Draft.next_seat`, dealing in `setup`), the bots (which
know the seats in play from their `PlayerView`) and the simulations, so "the next player" is
computed one way everywhere.
"""

from __future__ import annotations

from collections.abc import Sequence


def next_active(active: Sequence[bool], seat: int, direction: int) -> int:
    """§0.3: the first seat after `seat`, going `direction` (1 clockwise, -1 counter-clockwise),
    that is still in the game (`active[s]`; eliminated seats are passed over, §7.5).

    `seat` itself need not be active. When no other seat is active the answer is `seat`: the
    search stops after one lap.

    >>> next_active((True, True, True, True), 3, 1)
    0
    >>> next_active((True, False, True, True), 0, 1)
    2
    >>> next_active((True, False, True, True), 2, -1)
    0
    >>> next_active((False, True, False), 1, 1)
    1
    """
    players = len(active)
    nxt = (seat + direction) % players
    while not active[nxt] and nxt != seat:
        nxt = (nxt + direction) % players
    return nxt


def turn_order(active: Sequence[bool], seat: int, direction: int) -> list[int]:
    """`seat`, then every other active seat once, in turn order going `direction` from it.

    >>> turn_order((True, True, False, True), 1, -1)
    [1, 0, 3]
    >>> turn_order((True, False, True), 1, 1)
    [1, 2, 0]
    """
    order = [seat]
    nxt = next_active(active, seat, direction)
    while nxt not in order:
        order.append(nxt)
        nxt = next_active(active, nxt, direction)
    return order
