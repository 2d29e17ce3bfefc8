"""`DeferredTable`: a `Table` that the environments' fast path plays ahead of.

On the fast path (`lastcard.rl.fast_path`) a hand is played on a `FastGame` and the table is
left behind: each action applied there is appended to `deferred`, and the table applies the
waiting actions, in order and exactly as the reference path would have applied them, as soon
as anything reads or changes it. Whoever holds the table (`env.table`) thus always sees the
game as it is, its record and its seats' inboxes included, and pays for the table only when it
looks.
"""

from __future__ import annotations

from typing import Any

from lastcard.core import Action, ActionKind, Event, GameRecord, GameState, PlayerView, Transition
from lastcard.table import BotMove, Table


class DeferredTable(Table):
    """A `Table` with actions waiting in `deferred` (see the module docstring).

    Each entry is `(seat, action)`: an outside seat's action (applied with `submit`), a bot's
    (with `commit`), `next` (with `next_hand`), or `(seat, None)`: the bots let this position's
    offers pass (a `commit` of a plan in which every bot passed). Every public member applies
    the waiting actions first; `catch_up` does only that."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        """`Table`'s arguments."""
        # Before `Table.__init__`, which already reads `ply`.
        self.deferred: list[tuple[int, Action | None]] = []
        self._ply = 0
        super().__init__(*args, **kwargs)

    def catch_up(self) -> None:
        """Apply the waiting actions, oldest first."""
        deferred = self.deferred
        if not deferred:
            return
        waiting = deferred[:]
        deferred.clear()  # the fast path keeps appending to the same list
        bots = self.bots
        for seat, action in waiting:
            if action is None:
                super().commit(BotMove(self._ply))
            elif action.kind is ActionKind.NEXT:
                super().next_hand()
            elif seat in bots:
                super().commit(BotMove(self._ply, seat, action))
            else:
                super().submit(seat, action)

    # -- every public member, once the table has caught up ------------------------------------

    @property  # an attribute of `Table`, read and written through here
    def ply(self) -> int:
        self.catch_up()
        return self._ply

    @ply.setter
    def ply(self, value: int) -> None:
        self._ply = value

    @property
    def state(self) -> GameState:
        self.catch_up()
        return self._recorder.state

    def view(self, seat: int | None) -> PlayerView:
        self.catch_up()
        return super().view(seat)

    def record(self) -> GameRecord:
        self.catch_up()
        return super().record()

    def actions(self, seat: int) -> tuple[Action, ...]:
        self.catch_up()
        return super().actions(seat)

    def take_events(self, seat: int) -> list[Event]:
        self.catch_up()
        return super().take_events(seat)

    def submit(self, seat: int, action: Action | str, ply: int | None = None) -> Transition:
        self.catch_up()
        return super().submit(seat, action, ply)

    def next_hand(self) -> Transition:
        self.catch_up()
        return super().next_hand()

    def check_ply(self, seat: int, ply: int) -> None:
        self.catch_up()
        super().check_ply(seat, ply)

    def bots_pending(self) -> bool:
        self.catch_up()
        return super().bots_pending()

    def step(self) -> Transition | None:
        self.catch_up()
        return super().step()

    def plan(self, *, decisions: bool = True) -> BotMove:
        self.catch_up()
        return super().plan(decisions=decisions)

    def commit(self, move: BotMove) -> Transition | None:
        self.catch_up()
        return super().commit(move)
