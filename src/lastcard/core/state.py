"""The complete, immutable state of a game (DESIGN.md §2).

`GameState` holds everything, hidden cards and the generator included; players never see it,
only a `PlayerView`. `to_dict()`/`from_dict()` round-trip exactly, for storage.

Conventions: the *top* of the stock and of the discard pile is the *last* element of the tuple.
"""

from __future__ import annotations

import enum
from collections.abc import Callable, Mapping
from dataclasses import dataclass, fields
from typing import Any

from .cards import Card, Color
from .decoding import (
    corrupt,
    read_card,
    read_list,
    read_mapping,
    read_optional_seat,
    read_seat,
    read_seats,
    read_whole,
)
from .errors import RulesError
from .rng import RngState
from .rules import Rules

MAX_PLAYERS = 10  # §1.5.1
MAX_COUNT = (1 << 31) - 1  # stored counts and scores: far above any real game's


class Phase(enum.Enum):
    """Who may act and how (RULES.md §3.1)."""

    AWAIT_TURN = "await_turn"
    AFTER_DRAW = "after_draw"
    AWAIT_WD4_RESPONSE = "await_wd4_response"
    AWAIT_STACK_RESPONSE = "await_stack_response"
    # A Wild turned up as the first discard: `to_act` names the colour (§2.4).
    AWAIT_FIRST_COLOR = "await_first_color"
    # A discard round (§7.11.4, §7.10.2 `all_discard_one`): `to_act` discards one card or
    # declines; `turn` is the player of the card, who decides last.
    AWAIT_DISCARD = "await_discard"
    # Pirate's window (§7.6.4): the card of `turn` lies on the pile, its effect waits; `to_act`
    # passes or calls a cheat, in turn order from the seat after `turn`.
    AWAIT_PIRATE = "await_pirate"
    # Mambo (§7.11.7): `turn` gives one card to `gift_to`, then to each next seat in turn order;
    # then it leads a card of its choice.
    AWAIT_GIFT = "await_gift"
    AWAIT_LEAD = "await_lead"
    # Invisibility (§7.11.3): `to_act` holds it and may block the effect `block` describes.
    AWAIT_BLOCK = "await_block"
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
class PendingPirate:
    """An on-turn play under Pirate rules whose window is open (§7.6.4): the card is on the
    discard pile with its colour; what a call would undo and what resolving it needs is here."""

    cheat: bool  # the card did not match: known to its player alone until a call (§7.6.3)
    color: Color | None  # the colour current before the play, restored if a cheat is caught
    top_player: int | None  # who had placed the card beneath, restored likewise
    target: int | None = None  # the seat the play named (a 7's swap)
    uno: bool = False  # Uno was called with the play (§7.6.5: the catch window waits)
    targets: tuple[int, ...] = ()  # a Joker's seats and count (§7.11.6)
    count: int = 0


# What a `PendingBlock` may wait on (`invisibility.WHATS`), for the readers of stored data.
BLOCKABLE = ("next_draws", "skip", "draws", "swap", "reveal", "view")


@dataclass(frozen=True, slots=True)
class PendingBlock:
    """An effect waiting for the Invisibility holder's answer (§7.11.3; see `invisibility`)."""

    what: str  # next_draws, skip, draws, swap, reveal or view
    player: int  # who played the card
    count: int = 0  # the cards to draw, for the drawing effects
    reason: str = ""  # their draw reason
    targets: tuple[int, ...] = ()  # a Joker's seats (the draws of the others go on after)
    owes_uno: bool = False  # the player played its penultimate card uncalled (§4.2: judged after)


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
    def from_dict(
        data: Mapping[str, Any], players: int = MAX_PLAYERS, field: str = "hand"
    ) -> HandResult:
        """The result `to_dict` wrote, of a game of `players` players; `CorruptDataError`
        naming `field` for anything else."""
        data = read_mapping(data, field, _HAND_RESULT_KEYS, _HAND_RESULT_KEYS)

        def numbers(name: str) -> tuple[int, ...]:
            items = read_list(data[name], f"{field}.{name}", max_length=players)
            return tuple(
                read_whole(v, f"{field}.{name}[{i}]", 0, MAX_COUNT) for i, v in enumerate(items)
            )

        return HandResult(
            number=read_whole(data["number"], f"{field}.number", 1, MAX_COUNT),
            dealer=read_seat(data["dealer"], f"{field}.dealer", players),
            first_discard=read_card(data["first_discard"], f"{field}.first_discard"),
            went_out=read_optional_seat(data["went_out"], f"{field}.went_out", players),
            hand_values=numbers("hand_values"),
            points=numbers("points"),
            totals=numbers("totals"),
            eliminated=read_seats(data["eliminated"], f"{field}.eliminated", players),
        )


_HAND_RESULT_KEYS = (
    "number",
    "dealer",
    "first_discard",
    "went_out",
    "hand_values",
    "points",
    "totals",
    "eliminated",
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
    hand_turns: int = 0  # turns taken in this hand, for the turn limit (§3.11.4)
    pirate: PendingPirate | None = None  # an open Pirate window (§7.6.4)
    gift_to: int | None = None  # Mambo: the seat the next gift goes to (§7.11.7)
    block: PendingBlock | None = None  # an effect the Invisibility holder may block (§7.11.3)
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
        """Everything, hidden information included: for storage, never for players.
        `GameState.from_dict` reads it back: `GameState.from_dict(s.to_dict()) == s`."""
        out: dict[str, Any] = {}
        for f in fields(self):
            out[f.name] = _encode(getattr(self, f.name))
        if out["pirate"] is None:
            del out["pirate"]  # added with Pirate rules: left out when no window is open
        if out["gift_to"] is None:
            del out["gift_to"]  # added with Mambo: left out when no gift is due
        if out["block"] is None:
            del out["block"]  # added with Invisibility: left out when no block is asked
        return out

    @staticmethod
    def from_dict(data: Mapping[str, Any]) -> GameState:
        """The state `to_dict` wrote, checked (`lastcard.read_state`, DESIGN.md §2):
        `GameState.from_dict(s.to_dict()) == s`; `CorruptDataError` for anything else."""
        return _READERS[0](data)


# The reader of stored states (`stored_state.read_state`) checks what it reads against the
# invariants of `validity`, which are stated over a `GameState` and so import this module. It
# registers itself here (`register_reader`) when `lastcard.core` is imported, so that
# `GameState.from_dict`, the stable API, reads without this module importing it back.
_READERS: list[Callable[[Mapping[str, Any]], GameState]] = []


def register_reader(reader: Callable[[Mapping[str, Any]], GameState]) -> None:
    """Make `reader` the one `GameState.from_dict` calls."""
    _READERS[:] = [reader]


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
    if isinstance(value, PendingPirate):
        return {
            "cheat": value.cheat,
            "color": _encode(value.color),
            "top_player": value.top_player,
            "target": value.target,
            "uno": value.uno,
            "targets": list(value.targets),
            "count": value.count,
        }
    if isinstance(value, PendingBlock):
        return {
            "what": value.what,
            "player": value.player,
            "count": value.count,
            "reason": value.reason,
            "targets": list(value.targets),
            "owes_uno": value.owes_uno,
        }
    if isinstance(value, tuple):
        return [_encode(v) for v in value]
    return value


def read_rules(data: Any, field: str) -> Rules:
    """`Rules.from_dict`, its errors naming `field`."""
    try:
        return Rules.from_dict(data)
    except RulesError as error:
        raise corrupt(field, str(error)) from None
