"""A mutable working copy of a `GameState`, used while one action resolves.

`apply` copies the state into a `Draft`, lets the rules mutate the draft, and freezes it into
a new `GameState`. If any rule raises half-way, the draft is simply dropped: the state the caller
holds was never touched, which is how §5.2.1 ("after a rejection nothing has changed") holds by
construction.
"""

from __future__ import annotations

from typing import Any

from .cards import Card, Color
from .events import Event, EventType, codes
from .rng import RngState, shuffled
from .rules import Rules
from .seats import next_active, turn_order
from .state import GameState, HandResult, PendingBlock, PendingChallenge, PendingPirate, Phase

# Where `legal_actions` keeps its last answer on a state: it belongs to that state alone, so a
# draft does not carry it over into the next one.
LEGAL_MEMO = "_legal"


class Draft:
    """The fields of `GameState`, writable, plus the events produced so far."""

    rules: Rules
    players: int
    rng: RngState
    hand_number: int
    dealer: int
    hands: list[tuple[Card, ...]]
    stock: tuple[Card, ...]
    discard: tuple[Card, ...]
    color: Color | None
    direction: int
    turn: int
    to_act: int | None
    phase: Phase
    active: tuple[bool, ...]
    scores: tuple[int, ...]
    first_discard: Card
    pending_draw: int
    drawn: Card | None
    challenge: PendingChallenge | None
    exposed: int | None
    uncaught: tuple[int, ...]
    top_player: int | None
    passes: int
    hand_turns: int
    pirate: PendingPirate | None
    gift_to: int | None
    block: PendingBlock | None
    winners: tuple[int, ...]
    history: tuple[HandResult, ...]
    events: list[Event]

    def __init__(self, state: GameState) -> None:
        # Copying the instance dictionary is much cheaper than field-by-field access, and
        # this runs once per action.
        self.__dict__.update(state.__dict__)
        self.__dict__.pop(LEGAL_MEMO, None)
        self.hands = list(state.hands)
        self.events = []

    def freeze(self) -> GameState:
        """The new state. The draft hands its fields over and must not be used afterwards
        (its events stay readable)."""
        values: dict[str, Any] = self.__dict__
        self.__dict__ = {"events": values.pop("events")}
        values["hands"] = tuple(values["hands"])
        # Every field was validated when the original state was built, so the frozen
        # dataclass's field-by-field __init__ is skipped, and the dictionary is handed over
        # rather than copied: this runs once per action.
        state: GameState = object.__new__(GameState)
        object.__setattr__(state, "__dict__", values)
        return state

    # -- seats -------------------------------------------------------------------------

    def next_seat(self, seat: int) -> int:
        """§0.3: the next active seat after `seat` in the current direction."""
        return next_active(self.active, seat, self.direction)

    def seats_from(self, seat: int) -> list[int]:
        """Every active seat in turn order, starting with `seat` itself."""
        return turn_order(self.active, seat, self.direction)

    @property
    def active_count(self) -> int:
        return sum(self.active)

    def give_turn(self, seat: int) -> None:
        """Start `seat`'s normal turn (§3.1 AWAIT_TURN)."""
        self.phase = Phase.AWAIT_TURN
        self.turn = self.to_act = seat
        self.drawn = None

    def await_response(self, phase: Phase, victim: int) -> None:
        self.phase = phase
        self.turn = self.to_act = victim

    # -- cards -------------------------------------------------------------------------

    def emit(self, type_: EventType, **data: Any) -> None:
        self.events.append(Event(type_, data))

    def take_from_hand(self, seat: int, card: Card) -> None:
        hand = list(self.hands[seat])
        hand.remove(card)
        self.hands[seat] = tuple(hand)

    def can_draw(self) -> bool:
        return bool(self.stock) or len(self.discard) > 1

    def draw(self, seat: int, count: int, reason: str) -> tuple[Card, ...]:
        """Draw `count` cards one at a time, rebuilding the stock when needed (§3.7, §3.10).

        What cannot be drawn at all is forfeited (§3.7.2). The drawn cards are secret to the
        drawer; everyone else learns the count.
        """
        got: list[Card] = []
        for _ in range(count):
            if not self.stock:
                if len(self.discard) <= 1:
                    break
                self.rebuild_stock()
            got.append(self.stock[-1])
            self.stock = self.stock[:-1]
        if got:
            self.hands[seat] = self.hands[seat] + tuple(got)
        self.events.append(
            Event(
                EventType.DRAW,
                {"seat": seat, "count": len(got), "reason": reason, "owed": count},
                {"cards": codes(got)},
                frozenset({seat}),
            )
        )
        return tuple(got)

    def rebuild_stock(self) -> None:
        """§3.10: every discard but the top is shuffled into a new stock; colours are forgotten
        (a wild card carries no colour of its own here, so nothing needs clearing)."""
        top = self.discard[-1]
        self.stock, self.rng = shuffled(self.discard[:-1], self.rng)
        self.discard = (top,)
        self.emit(EventType.RESHUFFLE, stock=len(self.stock))

    # -- the Uno catch window (§4.4) --------------------------------------------------------

    def close_catch_window(self) -> None:
        if self.exposed is not None:
            self.uncaught = (*self.uncaught, self.exposed)
            self.exposed = None
