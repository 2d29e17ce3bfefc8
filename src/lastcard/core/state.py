"""The complete, immutable state of a game (DESIGN.md §2).

`GameState` holds everything, hidden cards and the generator included; players never see it,
only a `PlayerView`. `to_dict()`/`from_dict()` round-trip exactly, for storage.

Conventions: the *top* of the stock and of the discard pile is the *last* element of the tuple.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass, fields
from typing import Any

from .cards import Card, Color
from .rng import RngState
from .rules import Rules


class Phase(enum.Enum):
    """Who may act and how (RULES.md §3.1)."""

    AWAIT_TURN = "await_turn"
    AFTER_DRAW = "after_draw"
    AWAIT_WD4_RESPONSE = "await_wd4_response"
    AWAIT_STACK_RESPONSE = "await_stack_response"
    # A Wild turned up as the first discard: `to_act` names the colour (§2.4).
    AWAIT_FIRST_COLOR = "await_first_color"
    HAND_OVER = "hand_over"
    GAME_OVER = "game_over"

    __hash__ = object.__hash__  # members are singletons; see Color


@dataclass(frozen=True, slots=True)
class PendingChallenge:
    """A Wild Draw Four that its victim may still challenge (§3.8)."""

    player: int
    legal: bool
    hand: tuple[Card, ...]  # the player's hand when the WD4 was played, minus the WD4
    color: Color | None = None  # the colour legality is judged against (public: it was current)


@dataclass(frozen=True, slots=True)
class HandResult:
    """What §6.6.2 asks the engine to record for each hand."""

    number: int
    dealer: int
    first_discard: Card
    went_out: int | None  # None: a blocked hand (§3.11.3)
    hand_values: tuple[int, ...]
    points: tuple[int, ...]
    totals: tuple[int, ...]
    eliminated: tuple[int, ...] = ()

    def to_dict(self) -> dict[str, Any]:
        return {
            "number": self.number,
            "dealer": self.dealer,
            "first_discard": self.first_discard.code,
            "went_out": self.went_out,
            "hand_values": list(self.hand_values),
            "points": list(self.points),
            "totals": list(self.totals),
            "eliminated": list(self.eliminated),
        }

    @staticmethod
    def from_dict(data: dict[str, Any]) -> HandResult:
        return HandResult(
            number=data["number"],
            dealer=data["dealer"],
            first_discard=Card.from_code(data["first_discard"]),
            went_out=data["went_out"],
            hand_values=tuple(data["hand_values"]),
            points=tuple(data["points"]),
            totals=tuple(data["totals"]),
            eliminated=tuple(data["eliminated"]),
        )


@dataclass(frozen=True)
class GameState:
    """One moment of a game. Never mutated: `apply` returns a new one."""

    rules: Rules
    players: int
    rng: RngState
    hand_number: int
    dealer: int
    hands: tuple[tuple[Card, ...], ...]
    stock: tuple[Card, ...]
    discard: tuple[Card, ...]
    color: Color | None
    direction: int  # +1 clockwise (increasing seats), -1 counter-clockwise
    turn: int  # whose turn it is in turn order
    to_act: int | None  # who must decide now; None when the hand or the game is over
    phase: Phase
    active: tuple[bool, ...]  # False: eliminated (§7.5)
    scores: tuple[int, ...]
    first_discard: Card
    pending_draw: int = 0  # cards the current victim must draw (a WD4, or a stack §7.1)
    drawn: Card | None = None  # the card drawn this turn, in AFTER_DRAW
    challenge: PendingChallenge | None = None
    exposed: int | None = None  # the seat that owes an Uno call and can be caught (§4.4)
    uncaught: tuple[int, ...] = ()  # seats whose missed call went unpunished: too late to catch
    top_player: int | None = None  # who placed the top card; None for a first discard
    passes: int = 0  # consecutive passes with nothing to draw (§3.11.3)
    winners: tuple[int, ...] = ()
    history: tuple[HandResult, ...] = ()

    @property
    def top(self) -> Card:
        return self.discard[-1]

    @property
    def winner(self) -> int | None:
        """The game's single winner, or None (not over, or shared)."""
        return self.winners[0] if len(self.winners) == 1 else None

    @property
    def is_over(self) -> bool:
        return self.phase is Phase.GAME_OVER

    @property
    def deck_size(self) -> int:
        return len(self.stock) + len(self.discard) + sum(len(hand) for hand in self.hands)

    def to_dict(self) -> dict[str, Any]:
        """Everything, hidden information included: for storage, never for players."""
        out: dict[str, Any] = {}
        for f in fields(self):
            out[f.name] = _encode(getattr(self, f.name))
        return out

    @staticmethod
    def from_dict(data: dict[str, Any]) -> GameState:
        d = dict(data)
        cards = _cards
        challenge = d.get("challenge")
        return GameState(
            rules=Rules.from_dict(d["rules"]),
            players=d["players"],
            rng=RngState.from_dict(d["rng"]),
            hand_number=d["hand_number"],
            dealer=d["dealer"],
            hands=tuple(cards(hand) for hand in d["hands"]),
            stock=cards(d["stock"]),
            discard=cards(d["discard"]),
            color=Color(d["color"]) if d["color"] is not None else None,
            direction=d["direction"],
            turn=d["turn"],
            to_act=d["to_act"],
            phase=Phase(d["phase"]),
            active=tuple(d["active"]),
            scores=tuple(d["scores"]),
            first_discard=Card.from_code(d["first_discard"]),
            pending_draw=d["pending_draw"],
            drawn=Card.from_code(d["drawn"]) if d["drawn"] is not None else None,
            challenge=PendingChallenge(
                challenge["player"],
                challenge["legal"],
                cards(challenge["hand"]),
                Color(challenge["color"]) if challenge.get("color") else None,
            )
            if challenge is not None
            else None,
            exposed=d["exposed"],
            uncaught=tuple(d["uncaught"]),
            top_player=d["top_player"],
            passes=d["passes"],
            winners=tuple(d["winners"]),
            history=tuple(HandResult.from_dict(h) for h in d["history"]),
        )


def _cards(codes: list[str]) -> tuple[Card, ...]:
    return tuple(Card.from_code(code) for code in codes)


def _encode(value: Any) -> Any:
    if isinstance(value, Card):
        return value.code
    if isinstance(value, enum.Enum):
        return value.value
    if isinstance(value, Rules | RngState | HandResult):
        return value.to_dict()
    if isinstance(value, PendingChallenge):
        return {
            "player": value.player,
            "legal": value.legal,
            "hand": _encode(value.hand),
            "color": _encode(value.color),
        }
    if isinstance(value, tuple):
        return [_encode(v) for v in value]
    return value
