"""Who an environment asks next, and with which actions: the table's order, one seat at a time.

A `lastcard.table.Table` asks seats in a documented order (out-of-turn offers in seat order,
then the seat to act). An environment asks one agent at a time, so a seat with an out-of-turn
offer (a late Uno call, a catch, a jump-in) is asked on its own, with the offered actions plus
`PASS` (the last action number: `action_index(players).size`). A seat that passes is not asked
again until something is applied; when every offered seat has passed, the seat to act decides,
from all its legal actions (never `PASS`). Between hands the environment deals on by itself.

Pirate's window (§7.6.4) needs nothing of its own here: the engine names the seat asked as the
seat to act (`to_act`), so it decides from its legal actions, the window's `pass` and `cheat`
(action numbers), and may not send `PASS`; letting an offer go and letting a play stand are
different things. Other seats are offered only what they could be offered anyway (a catch, a
late call), each with `PASS`.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from lastcard.core import (
    Action,
    ActionIndex,
    ActionKind,
    Card,
    Color,
    Phase,
    anyone_may_act_out_of_turn,
)
from lastcard.table import Table


@dataclass(frozen=True, slots=True)
class Turn:
    """The seat asked now, what it may do, and whether it may pass."""

    seat: int
    actions: tuple[Action, ...]
    may_pass: bool


def next_turn(table: Table, passed: frozenset[int]) -> Turn | None:
    """The seat to ask at `table` when the seats in `passed` have let their offers go; None
    when nobody is to decide (between hands, after the game)."""
    state = table.state
    to_act = state.to_act
    if state.phase in (Phase.HAND_OVER, Phase.GAME_OVER) or to_act is None:
        return None
    if anyone_may_act_out_of_turn(state):
        for seat in range(state.players):
            if seat != to_act and seat not in passed:
                offer = table.actions(seat)
                if offer:
                    return Turn(seat, offer, True)
    return Turn(to_act, table.actions(to_act), False)


def action_mask(index: ActionIndex, turn: Turn | None) -> npt.NDArray[np.int8]:
    """1 for each action number `turn` allows (`PASS` last), 0 elsewhere; all 0 for None."""
    mask = np.zeros(index.size + 1, dtype=np.int8)
    if turn is not None:
        # The actions come from the engine, so a plain look-up serves (`index.index` checks
        # hand-built ones too, at a cost paid on every step here). Keyed by the fields, whose
        # hashes are the built-in ones, rather than by the `Action`, whose hash and equality
        # are Python methods: the same comparison, a fraction of the cost. Every field counts:
        # a Joker's plays differ only in `targets` and `count` (§7.11.6).
        # Written through a memoryview: a scalar write there is cheaper than building an
        # index array for one NumPy call.
        numbers, put = _numbers(index), mask.data
        for a in turn.actions:
            put[numbers[a.kind, a.card, a.color, a.target, a.uno, a.targets, a.count]] = 1
        put[index.size] = 1 if turn.may_pass else 0
    return mask


_ActionKey = tuple[ActionKind, Card | None, Color | None, int | None, bool, tuple[int, ...], int]


@functools.cache
def _numbers(index: ActionIndex) -> dict[_ActionKey, int]:
    return {
        (a.kind, a.card, a.color, a.target, a.uno, a.targets, a.count): number
        for number, a in enumerate(index)
    }
