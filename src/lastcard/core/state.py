"""The complete, immutable state of a game (DESIGN.md §2).

`GameState` holds everything, hidden cards and the generator included; players never see it,
only a `PlayerView`. `to_dict()`/`from_dict()` round-trip exactly, for storage.

Conventions: the *top* of the stock and of the discard pile is the *last* element of the tuple.
"""

from __future__ import annotations

import enum
from collections.abc import Mapping
from dataclasses import dataclass, fields
from typing import Any

from .cards import Card, Color
from .decoding import (
    corrupt,
    read_bool,
    read_card,
    read_cards,
    read_enum,
    read_list,
    read_mapping,
    read_optional_card,
    read_optional_seat,
    read_seat,
    read_seats,
    read_whole,
)
from .errors import RulesError, shown
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
        """Everything, hidden information included: for storage, never for players."""
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
        """The state `to_dict` wrote: `GameState.from_dict(s.to_dict()) == s`.

        Data that no game could have reached is refused with a `CorruptDataError` naming the
        field: a missing key, a value of the wrong type (a bool is no seat or count, a float no
        whole number) or out of range (seats, counts, the direction), cards in hands, stock and
        discard that are not exactly the rules' deck, a phase without what it needs (a colour to
        match, a seat to decide, a drawn card held by the player). Keys added after the format
        was first written (`hand_turns`, `pirate`) may be missing and take their default; `pirate`
        is written only while a Pirate window is open.
        """
        return _read_state(data)


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


# -- reading stored states -------------------------------------------------------------------

_CHALLENGE_KEYS = ("player", "legal", "hand", "color")
# Keys of the first format, which every stored state has; fields added later may be missing
# (states saved before them) and then take their default.
_FIRST_KEYS = (
    *("rules", "players", "rng", "hand_number", "dealer", "hands", "stock", "discard"),
    *("color", "direction", "turn", "to_act", "phase", "active", "scores", "first_discard"),
    *("pending_draw", "drawn", "challenge", "exposed", "uncaught", "top_player", "passes"),
    *("winners", "history"),
)


def _read_state(data: Mapping[str, Any]) -> GameState:
    names = [f.name for f in fields(GameState)]
    data = read_mapping(data, "state", _FIRST_KEYS, names)
    rules = read_rules(data["rules"], "state.rules")
    players = read_whole(data["players"], "state.players", 2, MAX_PLAYERS)
    try:
        rules.check_players(players)
    except RulesError as error:
        raise corrupt("state.players", str(error)) from None
    deck = rules.deck_cards()
    size = len(deck)

    def seat(name: str) -> int:
        return read_seat(data[name], f"state.{name}", players)

    def optional_seat(name: str) -> int | None:
        return read_optional_seat(data[name], f"state.{name}", players)

    def count(name: str, low: int = 0) -> int:
        return read_whole(data[name], f"state.{name}", low, MAX_COUNT)

    def colour(value: Any, name: str) -> Color | None:
        return None if value is None else read_enum(value, name, Color)

    hands = tuple(
        read_cards(hand, f"state.hands[{i}]", size)
        for i, hand in enumerate(read_list(data["hands"], "state.hands", length=players))
    )
    stock = read_cards(data["stock"], "state.stock", size)
    discard = read_cards(data["discard"], "state.discard", size)
    if not discard:
        raise corrupt("state.discard", "the discard pile is never empty")
    active = tuple(
        read_bool(flag, f"state.active[{i}]")
        for i, flag in enumerate(read_list(data["active"], "state.active", length=players))
    )
    scores = tuple(
        read_whole(score, f"state.scores[{i}]", 0, MAX_COUNT)
        for i, score in enumerate(read_list(data["scores"], "state.scores", length=players))
    )
    direction = data["direction"]
    if type(direction) is not int or direction not in (1, -1):
        raise corrupt("state.direction", f"{shown(direction)} is neither 1 nor -1")
    history = tuple(
        HandResult.from_dict(result, players, f"state.history[{i}]")
        for i, result in enumerate(read_list(data["history"], "state.history"))
    )
    values: dict[str, Any] = {
        "rules": rules,
        "players": players,
        "rng": RngState.from_dict(data["rng"], "state.rng"),
        "hand_number": count("hand_number", 1),
        "dealer": seat("dealer"),
        "hands": hands,
        "stock": stock,
        "discard": discard,
        "color": colour(data["color"], "state.color"),
        "direction": direction,
        "turn": seat("turn"),
        "to_act": optional_seat("to_act"),
        "phase": read_enum(data["phase"], "state.phase", Phase),
        "active": active,
        "scores": scores,
        "first_discard": read_card(data["first_discard"], "state.first_discard"),
        "pending_draw": count("pending_draw"),
        "drawn": read_optional_card(data["drawn"], "state.drawn"),
        "challenge": _read_challenge(data["challenge"], players, size),
        "exposed": optional_seat("exposed"),
        "uncaught": read_seats(data["uncaught"], "state.uncaught", players),
        "top_player": optional_seat("top_player"),
        "passes": count("passes"),
        "winners": read_seats(data["winners"], "state.winners", players),
        "history": history,
    }
    if data.get("pirate") is not None:
        values["pirate"] = _read_pirate(data["pirate"], players)
    if data.get("gift_to") is not None:
        values["gift_to"] = seat("gift_to")
    if data.get("block") is not None:
        values["block"] = _read_block(data["block"], players)
    for name in names:  # fields added after the first format: counts, as `hand_turns`
        if name not in values and name in data and name not in ("pirate", "gift_to", "block"):
            values[name] = count(name)
    state = GameState(**values)
    # Imported here: the invariants are stated over a `GameState`, defined above.
    from .validity import check_state

    check_state(state)
    return state


def read_rules(data: Any, field: str) -> Rules:
    """`Rules.from_dict`, its errors naming `field`."""
    try:
        return Rules.from_dict(data)
    except RulesError as error:
        raise corrupt(field, str(error)) from None


def _read_challenge(value: Any, players: int, size: int) -> PendingChallenge | None:
    if value is None:
        return None
    data = read_mapping(value, "state.challenge", _CHALLENGE_KEYS[:3], _CHALLENGE_KEYS)
    color = data.get("color")
    return PendingChallenge(
        read_seat(data["player"], "state.challenge.player", players),
        read_bool(data["legal"], "state.challenge.legal"),
        read_cards(data["hand"], "state.challenge.hand", size),
        None if color is None else read_enum(color, "state.challenge.color", Color),
    )


_PIRATE_KEYS = ("cheat", "color", "top_player", "target", "uno", "targets", "count")


def _read_pirate(value: Any, players: int) -> PendingPirate:
    data = read_mapping(value, "state.pirate", _PIRATE_KEYS, _PIRATE_KEYS)
    color = data["color"]
    return PendingPirate(
        read_bool(data["cheat"], "state.pirate.cheat"),
        None if color is None else read_enum(color, "state.pirate.color", Color),
        read_optional_seat(data["top_player"], "state.pirate.top_player", players),
        read_optional_seat(data["target"], "state.pirate.target", players),
        read_bool(data["uno"], "state.pirate.uno"),
        read_seats(data["targets"], "state.pirate.targets", players),
        read_whole(data["count"], "state.pirate.count", 0, 3),
    )


_BLOCK_KEYS = ("what", "player", "count", "reason", "targets", "owes_uno")
BLOCKABLE = ("next_draws", "skip", "draws", "swap", "reveal", "view")  # `invisibility`'s


def _read_block(value: Any, players: int) -> PendingBlock:
    data = read_mapping(value, "state.block", _BLOCK_KEYS, _BLOCK_KEYS)
    what, reason = data["what"], data["reason"]
    if what not in BLOCKABLE:
        raise corrupt("state.block.what", f"{shown(what)} is not one of {list(BLOCKABLE)}")
    if not isinstance(reason, str) or len(reason) > 32:
        raise corrupt("state.block.reason", f"{shown(reason)} is no draw reason")
    return PendingBlock(
        what,
        read_seat(data["player"], "state.block.player", players),
        read_whole(data["count"], "state.block.count", 0, 4),
        reason,
        read_seats(data["targets"], "state.block.targets", players),
        read_bool(data["owes_uno"], "state.block.owes_uno"),
    )
