"""What each seat may do now: the decision of the seat to act and everyone's out-of-turn offers.

`legal_actions(state, seat)` answers for one seat and lists everything the engine would accept.
A table (the terminal, the web server, an RL environment, the simulation runner) asks a
different question: *who* is asked, and with *what*. This module answers it, once, for all of
them:

- **the decision**: the seat in `state.to_act` chooses from all its legal actions (which may
  include a late `uno` or a `catch N` too);
- **out-of-turn offers**: every other seat whose legal actions include out-of-turn ones — a late
  Uno call (§4.3), a catch (§4.6), a jump-in (§7.3) — is offered just those, and may let them pass;
- **between hands** (`HAND_OVER`) every seat may deal the next hand with `next` (§6.6), and nobody
  must; after `GAME_OVER` nobody may do anything.

Wild-type cards never jump in (§7.3.1): the engine does not list them, and the offers filter
them too, so a table never offers one whatever the engine lists.
"""

from __future__ import annotations

from dataclasses import dataclass

from .actions import Action, ActionKind
from .engine import legal_actions, unlisted_but_accepted
from .facts import rule_facts
from .state import GameState, Phase

# The kinds a seat may take when it is not the one to act.
__all__ = [
    "OUT_OF_TURN_KINDS",
    "Offers",
    "all_offers",
    "anyone_may_act_out_of_turn",
    "out_of_turn_actions",
    "seat_actions",
    "unlisted_but_accepted",  # the engine's: what a table passes on although nobody is offered it
]

OUT_OF_TURN_KINDS = frozenset({ActionKind.CATCH, ActionKind.UNO, ActionKind.PLAY})
_NEXT = Action(ActionKind.NEXT)
_OVER = (Phase.HAND_OVER, Phase.GAME_OVER)


def anyone_may_act_out_of_turn(state: GameState) -> bool:
    """Whether any seat could have an out-of-turn offer now: someone owes an Uno call, or
    jump-ins are on. False in most positions, so a table can skip asking seat by seat."""
    return state.exposed is not None or rule_facts(state.rules).allows_jump_in


def out_of_turn_actions(state: GameState, seat: int) -> tuple[Action, ...]:
    """The out-of-turn actions `seat` may take now (catch, late Uno call, jump-in), if any.

    Empty for the seat to act and between hands: those are decisions, not offers.
    """
    if seat == state.to_act or state.phase in _OVER:
        return ()
    if state.exposed is None:
        if not rule_facts(state.rules).allows_jump_in:
            return ()  # the common case, answered without listing legal actions
        # With nobody exposed, only a jump-in remains: a seat other than the one whose turn it
        # is, holding the top card, while a turn is awaited (§7.3). Most seats hold no copy of
        # the top card, and this is asked of every seat on every action with jump-ins on.
        if (
            type(seat) is int
            and 0 <= seat < state.players
            and (state.phase is not Phase.AWAIT_TURN or state.discard[-1] not in state.hands[seat])
        ):
            return ()
    return tuple(
        a
        for a in legal_actions(state, seat)
        if a.kind in OUT_OF_TURN_KINDS and not (a.card is not None and a.card.is_wild)
    )


def seat_actions(state: GameState, seat: int) -> tuple[Action, ...]:
    """Everything a table offers `seat` now: its decision if it is to act, `next` between
    hands, else its out-of-turn offers (often nothing)."""
    if type(seat) is not int or not 0 <= seat < state.players:
        return ()  # not a seat (a bool is no seat, although True == 1)
    if state.phase is Phase.HAND_OVER:
        return (_NEXT,)
    if seat == state.to_act:
        return legal_actions(state, seat)
    return out_of_turn_actions(state, seat)


@dataclass(frozen=True, slots=True)
class Offers:
    """What every seat may do in one state: `by_seat[k]` is `seat_actions(state, k)`."""

    to_act: int | None
    by_seat: tuple[tuple[Action, ...], ...]
    next_hand: bool  # between hands: any seat may deal the next one

    @property
    def decision(self) -> tuple[Action, ...]:
        """What the seat to act chooses from (empty when nobody must decide)."""
        return self.by_seat[self.to_act] if self.to_act is not None else ()

    @property
    def out_of_turn(self) -> tuple[tuple[int, tuple[Action, ...]], ...]:
        """`(seat, actions)` in seat order for the other seats that have an offer."""
        if self.next_hand:
            return ()
        return tuple(
            (seat, actions)
            for seat, actions in enumerate(self.by_seat)
            if actions and seat != self.to_act
        )

    def for_seat(self, seat: int) -> tuple[Action, ...]:
        """What `seat` may do (empty when it has nothing to do, or is no seat)."""
        if type(seat) is not int or not 0 <= seat < len(self.by_seat):
            return ()
        return self.by_seat[seat]


def all_offers(state: GameState) -> Offers:
    """Every seat's decision or offers in `state`."""
    by_seat = tuple(seat_actions(state, seat) for seat in range(state.players))
    return Offers(state.to_act, by_seat, state.phase is Phase.HAND_OVER)
