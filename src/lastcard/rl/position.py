"""What an environment asks of the game it runs, and the reference answer: every step through
the `Table`.

An environment needs, at each position, the seat it asks next (in the table's order,
`lastcard.rl.seating`) with its mask, the observation of any seat, a way to apply an action
given by number, and, between hands, the scored state and the next deal. `TablePosition`
answers all of it through the `Table`, the checked engine and `PlayerView`;
`lastcard.rl.fast_path.FastTable` answers the same from a `FastGame`, faster, for the rules it
covers.
"""

from __future__ import annotations

from collections.abc import Collection
from typing import NamedTuple

import numpy as np
import numpy.typing as npt

from lastcard.core import ActionIndex, GameState, player_view
from lastcard.table import Table

from .observation import Observation, observe
from .seating import action_mask, next_turn

Mask = npt.NDArray[np.int8]


class Ask(NamedTuple):
    """The seat asked now, whether it may pass, and its mask (`PASS` last)."""

    seat: int
    may_pass: bool
    mask: Mask


class TablePosition:
    """The reference path: every step through the `Table` (the checked engine, `PlayerView`,
    `seating.next_turn`)."""

    __slots__ = ("index", "table")

    def __init__(self, table: Table, index: ActionIndex) -> None:
        self.table = table
        self.index = index

    @property
    def state(self) -> GameState:
        return self.table.state

    @property
    def ply(self) -> int:
        return self.table.ply

    def ask(self, passed: Collection[int]) -> Ask | None:
        """The seat the table asks when the seats in `passed` let their offers go (the order
        of `lastcard.rl.seating`); None between hands and after the game."""
        turn = next_turn(self.table, frozenset(passed))
        if turn is None:
            return None
        return Ask(turn.seat, turn.may_pass, action_mask(self.index, turn))

    def submit(self, ask: Ask, number: int) -> bool:
        """Apply the action numbered `number` of the seat `ask` asked (the engine's error if
        the table refuses it); whether it ended a hand."""
        table = self.table
        hands = len(table.state.history)
        table.submit(ask.seat, self.index.action_at(number))
        return len(table.state.history) > hands

    def next_hand(self) -> None:
        """Deal the next hand (between hands)."""
        self.table.next_hand()

    def observation(self, seat: int) -> Observation:
        """The observation of `seat` now."""
        return observe(player_view(self.table.state, seat))
