"""What happened during an action: events, their types and their wire form.

An `Event` has a `type` (an `EventType`), public `data` and optionally `secret` data that only
the seats in `secret_to` may see. `EVENT_SPECS` is the one description of every type: its
fields, each with its name, wire form, meaning and whether it is secret. `Event.from_dict`
validates against it, the typed accessors (`event.seat`, `event.card`, `event.cards`, ...) read
the fields it names, and the tests check every emitted event against it.

Redaction: `event.redact(seat)` is the event as `seat` (`None`: a spectator) may see it. A seat
outside `secret_to` gets the event without its secret fields; what the others may know stays in
the public ones (a draw's `count` stays when its `cards` go). Three fields are secret: a draw's
`cards` (to the drawer), a challenge's `revealed` (the challenged hand, to the challenger,
§3.8.2) and a deal's `hands` (to nobody: each seat reads its own hand in its `PlayerView`; only
full logs, such as `lastcard watch` tells, carry them). The accessor of a secret field gives
`None` on a redacted event.

Wire form: `to_dict()` is `{"type": ..., **data, **secret}`, plain JSON (text, whole numbers,
booleans, `None` and lists: cards are their codes, colours their lower-case letters, seats whole
numbers from 0 to 9); a redacted event's dict has no secret fields. `Event.from_dict` rebuilds an
event from such a dict, or raises `CorruptDataError` naming the field. Who may see the secret is
not on the wire: `from_dict` gives it to the seat the type's spec names (`EventSpec.secret_to`:
the drawer, the challenger; nobody for a deal) when the secret fields are present, and to nobody
when they are absent, so `Event.from_dict(e.to_dict()) == e` for every event the engine emits,
redacted or not.
"""

from __future__ import annotations

import enum
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any, NamedTuple

from .cards import Card, Color
from .decoding import (
    corrupt,
    read_bool,
    read_card,
    read_cards,
    read_list,
    read_mapping,
    read_optional_seat,
    read_seat,
    read_seats,
    read_whole,
)
from .errors import shown
from .state import MAX_COUNT, MAX_PLAYERS

_NO_DATA: Mapping[str, Any] = MappingProxyType({})


class EventType(enum.StrEnum):
    """The type of an event; members equal (and JSON-encode as) their lower-case names."""

    DEALER_DRAW = "dealer_draw"
    DEAL = "deal"
    FIRST_DISCARD_RETURNED = "first_discard_returned"
    FIRST_DISCARD = "first_discard"
    PLAY = "play"
    DRAW = "draw"
    RESHUFFLE = "reshuffle"
    SKIP = "skip"
    REVERSE = "reverse"
    SWAP_HANDS = "swap_hands"
    ROTATE_HANDS = "rotate_hands"
    SHUFFLE_HANDS = "shuffle_hands"
    REVEAL = "reveal"
    KEEP = "keep"
    PASS = "pass"
    ACCEPT = "accept"
    CHALLENGE = "challenge"
    UNO = "uno"
    CATCH = "catch"
    COLOR = "color"
    TURN_LIMIT = "turn_limit"
    HAND_OVER = "hand_over"
    GAME_OVER = "game_over"


# -- wire forms ------------------------------------------------------------------------------

_MAX_CARDS = 1000  # far above any deck (§1, §7.11)
COLOR_LETTERS: Mapping[str, Color] = MappingProxyType({c.value.lower(): c for c in Color})
# Why a draw happened: the card or rule that caused it (`turn`: the player chose to draw).
DRAW_REASONS = (
    "turn",
    "draw_two",
    "wild_draw_four",
    "accept",
    "challenge",
    "uno_penalty",
    "wild_downpour",
    "wild_customizable",
)


@dataclass(frozen=True, slots=True)
class Wire:
    """How one field travels: `form` says it in words; `read` checks a value in that form and
    returns it as the payload holds it (fresh lists, canonical card codes)."""

    form: str
    read: Callable[[Any, str], Any]


def _code(value: Any, field: str) -> str:
    return read_card(value, field).code


def _codes(value: Any, field: str) -> list[str]:
    return [card.code for card in read_cards(value, field, _MAX_CARDS)]


def _hands(value: Any, field: str) -> list[list[str]]:
    items = read_list(value, field, max_length=MAX_PLAYERS)
    return [_codes(hand, f"{field}[{i}]") for i, hand in enumerate(items)]


def _counts(value: Any, field: str) -> list[int]:
    items = read_list(value, field, max_length=MAX_PLAYERS)
    return [read_whole(n, f"{field}[{i}]", 0, MAX_COUNT) for i, n in enumerate(items)]


def _direction(value: Any, field: str) -> int:
    if type(value) is not int or value not in (1, -1):
        raise corrupt(field, f"{shown(value)} is neither 1 nor -1")
    return value


def _colour(value: Any, field: str) -> str:
    if type(value) is not str or value not in COLOR_LETTERS:
        raise corrupt(field, f"{shown(value)} is not one of {', '.join(COLOR_LETTERS)}")
    return value


def _reason(value: Any, field: str) -> str:
    if type(value) is not str or value not in DRAW_REASONS:
        raise corrupt(field, f"{shown(value)} is not one of {', '.join(DRAW_REASONS)}")
    return value


def _draws(value: Any, field: str) -> list[list[int | str]]:
    pairs = read_list(value, field, max_length=_MAX_CARDS)
    out: list[list[int | str]] = []
    for i, pair in enumerate(pairs):
        seat, card = read_list(pair, f"{field}[{i}]", length=2)
        out.append(
            [read_seat(seat, f"{field}[{i}][0]", MAX_PLAYERS), _code(card, f"{field}[{i}][1]")]
        )
    return out


SEAT = Wire("a seat, 0 to 9", lambda v, f: read_seat(v, f, MAX_PLAYERS))
OPTIONAL_SEAT = Wire("a seat, or null", lambda v, f: read_optional_seat(v, f, MAX_PLAYERS))
SEATS = Wire("a list of seats", lambda v, f: list(read_seats(v, f, MAX_PLAYERS)))
COUNT = Wire("a whole number, 0 or more", lambda v, f: read_whole(v, f, 0, MAX_COUNT))
COUNTS = Wire("a list of whole numbers, one per seat (at most 10)", _counts)
FLAG = Wire("true or false", read_bool)
DIRECTION = Wire("1 (increasing seats, clockwise) or -1", _direction)
CARD = Wire("a card code, e.g. R5, W+4", _code)
CARDS = Wire("a list of card codes", _codes)
HANDS = Wire("a list, per seat, of lists of card codes", _hands)
COLOUR = Wire("a colour letter: r, y, g or b", _colour)
REASON = Wire(f"one of {', '.join(DRAW_REASONS)}", _reason)
DRAWS = Wire("a list of [seat, card code] pairs", _draws)


# -- the spec of each type -------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class FieldSpec:
    """One field of an event type. A secret field is only in the event's `secret` part."""

    name: str
    wire: Wire
    meaning: str
    secret: bool = False


@dataclass(frozen=True, slots=True)
class EventSpec:
    """An event type: what it means and its fields, in the order the engine writes them.
    `secret_to` names the public field holding the one seat that may see the secret fields
    (`None`: nobody may, or there are none)."""

    meaning: str
    fields: tuple[FieldSpec, ...]
    secret_to: str | None = None

    @property
    def public(self) -> tuple[FieldSpec, ...]:
        return tuple(f for f in self.fields if not f.secret)

    @property
    def secret(self) -> tuple[FieldSpec, ...]:
        return tuple(f for f in self.fields if f.secret)


def _spec(meaning: str, *fields: FieldSpec, secret_to: str | None = None) -> EventSpec:
    return EventSpec(meaning, fields, secret_to)


def _f(name: str, wire: Wire, meaning: str, *, secret: bool = False) -> FieldSpec:
    return FieldSpec(name, wire, meaning, secret)


_SEAT_ACTED = _f("seat", SEAT, "the seat that did it")

EVENT_SPECS: Mapping[EventType, EventSpec] = MappingProxyType(
    {
        EventType.DEALER_DRAW: _spec(
            "§2.2: the seats drew cards to choose the first dealer",
            _f("draws", DRAWS, "each card drawn, in order, with the seat that drew it"),
            _f("dealer", SEAT, "the dealer chosen"),
        ),
        EventType.DEAL: _spec(
            "§2.3: a hand is dealt",
            _f("hand", COUNT, "the hand's number, from 1"),
            _f("dealer", SEAT, "the dealer"),
            _f("sizes", COUNTS, "each seat's number of cards (0: out of the game)"),
            _f(
                "hands", HANDS, "each seat's cards; each seat sees its own in its view", secret=True
            ),
        ),
        EventType.FIRST_DISCARD_RETURNED: _spec(
            "§2.4.1: a card that may not start the discard pile goes back into the stock",
            _f("card", CARD, "the card returned"),
        ),
        EventType.FIRST_DISCARD: _spec(
            "§2.4: the first card of the discard pile is turned up",
            _f("card", CARD, "the card turned up"),
            _f("dealer", SEAT, "the dealer"),
        ),
        EventType.PLAY: _spec(
            "§3.2: a card is played (on turn, as a stacking answer or jumping in)",
            _SEAT_ACTED,
            _f("card", CARD, "the card played"),
            _f("color", COLOUR, "the colour to match now: the card's own or the one declared"),
            _f("target", OPTIONAL_SEAT, "the seat a Seven-O 7 names (§7.2.1), else null"),
            _f("uno", FLAG, "Uno was called with the play (§4.1)"),
            _f("jump_in", FLAG, "played out of turn under Jump-In (§7.3)"),
        ),
        EventType.DRAW: _spec(
            "§3.4, §3.7: a seat draws cards",
            _f("seat", SEAT, "the seat that draws"),
            _f("count", COUNT, "the number of cards drawn"),
            _f("reason", REASON, "why: the player's choice (turn) or what made it draw"),
            _f("owed", COUNT, "the number it had to draw: more than count when none were left"),
            _f("cards", CARDS, "the cards drawn; the others see only their count", secret=True),
            secret_to="seat",
        ),
        EventType.RESHUFFLE: _spec(
            "§3.10: the discard pile but its top card becomes a new stock",
            _f("stock", COUNT, "the number of cards in the new stock"),
        ),
        EventType.SKIP: _spec(
            "§3.6: a seat loses its turn",
            _f("seat", SEAT, "the seat skipped"),
        ),
        EventType.REVERSE: _spec(
            "§3.6.3: the direction of play changes",
            _f("direction", DIRECTION, "the direction now"),
        ),
        EventType.SWAP_HANDS: _spec(
            "§7.2.1: two seats exchange their hands",
            _f("seats", SEATS, "the player of the 7, then the seat it named"),
            _f("sizes", COUNTS, "their numbers of cards after the swap, in the same order"),
        ),
        EventType.ROTATE_HANDS: _spec(
            "§7.2.2: every hand passes to the next seat",
            _f("direction", DIRECTION, "the direction the hands moved"),
        ),
        EventType.SHUFFLE_HANDS: _spec(
            "§7.9.1: every hand is gathered, shuffled and dealt again",
            _f("sizes", COUNTS, "each seat's number of cards after the deal (0: out)"),
        ),
        EventType.REVEAL: _spec(
            "§7.11.2: a seat's hand is shown to everyone",
            _f("seat", SEAT, "the seat whose hand is shown"),
            _f("cards", CARDS, "its cards"),
        ),
        EventType.KEEP: _spec("§3.4.3: a seat keeps the card it drew", _SEAT_ACTED),
        EventType.PASS: _spec("§3.11.3: a seat can neither play nor draw, and passes", _SEAT_ACTED),
        EventType.ACCEPT: _spec(
            "§3.8, §7.1: a seat accepts the draw pending against it",
            _SEAT_ACTED,
            _f("count", COUNT, "the number of cards it must draw"),
        ),
        EventType.CHALLENGE: _spec(
            "§3.8: a seat challenges a Wild Draw Four",
            _f("seat", SEAT, "the challenger"),
            _f("player", SEAT, "the seat that played the Wild Draw Four"),
            _f("succeeded", FLAG, "the Wild Draw Four was a bluff"),
            _f(
                "revealed",
                CARDS,
                "the challenged hand (the Wild Draw Four aside), shown to the challenger",
                secret=True,
            ),
            secret_to="seat",
        ),
        EventType.UNO: _spec("§4.1: a seat calls Uno", _SEAT_ACTED),
        EventType.CATCH: _spec(
            "§4.5: a seat catches another that did not call Uno",
            _f("seat", SEAT, "the seat that catches"),
            _f("target", SEAT, "the seat caught, which draws 2"),
        ),
        EventType.COLOR: _spec(
            "§2.4: a seat names the colour of a Wild turned up first",
            _SEAT_ACTED,
            _f("color", COLOUR, "the colour named"),
        ),
        EventType.TURN_LIMIT: _spec(
            "§3.11.4: the hand reached its turn limit and ends blocked",
            _f("turns", COUNT, "the turns taken in the hand"),
            _f("limit", COUNT, "the rules' turn limit"),
        ),
        EventType.HAND_OVER: _spec(
            "§6: a hand ends and is scored",
            _f("went_out", OPTIONAL_SEAT, "the seat that went out; null: a blocked hand"),
            _f("blocked", FLAG, "nobody could play or draw (§3.11.3)"),
            _f("hands", HANDS, "each seat's cards left, shown to everyone"),
            _f("hand_values", COUNTS, "the points of each seat's cards left"),
            _f("points", COUNTS, "the points each seat scores for the hand"),
            _f("totals", COUNTS, "each seat's total after the hand"),
            _f("eliminated", SEATS, "the seats eliminated by this hand (§7.5)"),
        ),
        EventType.GAME_OVER: _spec(
            "§6.3: the game is over",
            _f("winners", SEATS, "the seats that win (a team, or a shared win)"),
            _f("totals", COUNTS, "each seat's final total"),
        ),
    }
)


# -- events ----------------------------------------------------------------------------------


class Event(NamedTuple):
    """One thing that happened. Read its fields with the typed accessors below (each named
    after a field of `EVENT_SPECS`); reading a field the event's type does not have is a
    `CorruptDataError`."""

    # A named tuple rather than a frozen dataclass: several are built per action, and tuple
    # construction is several times cheaper. For the same reason `data` and `secret` are the
    # engine's own mappings, not read-only copies: one event reaches every seat's inbox and the
    # record, so treat them as read-only (`to_dict()` copies the top level only).
    type: EventType
    data: Mapping[str, Any] = _NO_DATA
    secret: Mapping[str, Any] = _NO_DATA
    secret_to: frozenset[int] = frozenset()

    def to_dict(self) -> dict[str, Any]:
        """Everything this event holds (a redacted one has no secret left), as plain JSON:
        `{"type": ..., **data, **secret}`."""
        return {"type": str(self.type), **self.data, **self.secret}

    @staticmethod
    def from_dict(data: Any) -> Event:
        """The event `to_dict` wrote (see the module's docstring for `secret_to`); anything
        else is a `CorruptDataError` naming the field."""
        if not isinstance(data, Mapping):
            raise corrupt("event", f"expected an object, not {shown(data)}")
        if "type" not in data:
            raise corrupt("event", "missing 'type'")
        kind = data["type"]
        if type(kind) is not str or kind not in _TYPES:
            raise corrupt("event.type", f"{shown(kind)} is not an event type")
        event_type = _TYPES[kind]
        spec = EVENT_SPECS[event_type]
        public = spec.public
        hidden = spec.secret
        names = ("type", *(f.name for f in spec.fields))
        read_mapping(data, f"event {kind}", ("type", *(f.name for f in public)), names)
        payload = {f.name: f.wire.read(data[f.name], f"{kind}.{f.name}") for f in public}
        secret: Mapping[str, Any] = _NO_DATA
        secret_to: frozenset[int] = frozenset()
        present = [f.name for f in hidden if f.name in data]
        if present:
            if len(present) != len(hidden):
                raise corrupt(f"event {kind}", "its secret fields come all together or not at all")
            secret = {f.name: f.wire.read(data[f.name], f"{kind}.{f.name}") for f in hidden}
            if spec.secret_to is not None:
                secret_to = frozenset({payload[spec.secret_to]})
        _CHECKS.get(event_type, _no_check)(kind, {**payload, **secret})
        return Event(event_type, payload, secret, secret_to)

    def redact(self, seat: int | None) -> Event:
        """The event as `seat` may see it (`None`: a spectator)."""
        if not self.secret or (seat is not None and seat in self.secret_to):
            return self
        return Event(self.type, self.data)

    def __str__(self) -> str:
        details = ", ".join(f"{k}={v}" for k, v in {**self.data, **self.secret}.items())
        return f"{self.type}({details})"

    # -- typed access to the fields (their meaning per type: EVENT_SPECS) --------------------

    # The scalar accessors read `data` first and come here only when the field is not there: a
    # property per field, with no call on the common path, as bots read events in simulations.
    def _get(self, name: str) -> Any:
        if name in self.data:
            return self.data[name]
        if name in self.secret:
            return self.secret[name]
        spec = EVENT_SPECS.get(self.type)
        if spec is not None and any(f.name == name and f.secret for f in spec.fields):
            return None  # redacted
        raise corrupt(f"event {self.type}", f"has no field {name!r}")

    @property
    def seat(self) -> int:
        try:
            value: int = self.data["seat"]
        except KeyError:
            value = self._get("seat")
        return value

    @property
    def player(self) -> int:
        try:
            value: int = self.data["player"]
        except KeyError:
            value = self._get("player")
        return value

    @property
    def target(self) -> int | None:
        try:
            value: int | None = self.data["target"]
        except KeyError:
            value = self._get("target")
        return value

    @property
    def dealer(self) -> int:
        try:
            value: int = self.data["dealer"]
        except KeyError:
            value = self._get("dealer")
        return value

    @property
    def went_out(self) -> int | None:
        try:
            value: int | None = self.data["went_out"]
        except KeyError:
            value = self._get("went_out")
        return value

    @property
    def hand(self) -> int:
        """The number of the hand dealt (not its cards: see `hands`)."""
        try:
            value: int = self.data["hand"]
        except KeyError:
            value = self._get("hand")
        return value

    # `count` is a field of draws and accepts; an event is never used as a sequence, so it may
    # hide the tuple method of the same name.
    @property
    def count(self) -> int:  # type: ignore[override]
        try:
            value: int = self.data["count"]
        except KeyError:
            value = self._get("count")
        return value

    @property
    def owed(self) -> int:
        try:
            value: int = self.data["owed"]
        except KeyError:
            value = self._get("owed")
        return value

    @property
    def stock(self) -> int:
        try:
            value: int = self.data["stock"]
        except KeyError:
            value = self._get("stock")
        return value

    @property
    def direction(self) -> int:
        try:
            value: int = self.data["direction"]
        except KeyError:
            value = self._get("direction")
        return value

    @property
    def turns(self) -> int:
        try:
            value: int = self.data["turns"]
        except KeyError:
            value = self._get("turns")
        return value

    @property
    def limit(self) -> int:
        try:
            value: int = self.data["limit"]
        except KeyError:
            value = self._get("limit")
        return value

    @property
    def reason(self) -> str:
        try:
            value: str = self.data["reason"]
        except KeyError:
            value = self._get("reason")
        return value

    @property
    def uno(self) -> bool:
        try:
            value: bool = self.data["uno"]
        except KeyError:
            value = self._get("uno")
        return value

    @property
    def jump_in(self) -> bool:
        try:
            value: bool = self.data["jump_in"]
        except KeyError:
            value = self._get("jump_in")
        return value

    @property
    def succeeded(self) -> bool:
        try:
            value: bool = self.data["succeeded"]
        except KeyError:
            value = self._get("succeeded")
        return value

    @property
    def blocked(self) -> bool:
        try:
            value: bool = self.data["blocked"]
        except KeyError:
            value = self._get("blocked")
        return value

    @property
    def card(self) -> Card:
        return Card.from_code(self._get("card"))

    @property
    def color(self) -> Color:
        return COLOR_LETTERS[self._get("color")]

    @property
    def cards(self) -> tuple[Card, ...] | None:
        """A reveal's cards, or a draw's (`None` when they were redacted)."""
        return _cards_or_none(self._get("cards"))

    @property
    def revealed(self) -> tuple[Card, ...] | None:
        return _cards_or_none(self._get("revealed"))

    @property
    def hands(self) -> tuple[tuple[Card, ...], ...] | None:
        """Every seat's cards: a hand over's, or a deal's (`None` when redacted)."""
        hands = self._get("hands")
        return None if hands is None else tuple(_to_cards(hand) for hand in hands)

    @property
    def draws(self) -> tuple[tuple[int, Card], ...]:
        return tuple((seat, Card.from_code(code)) for seat, code in self._get("draws"))

    @property
    def seats(self) -> tuple[int, ...]:
        return tuple(self._get("seats"))

    @property
    def sizes(self) -> tuple[int, ...]:
        return tuple(self._get("sizes"))

    @property
    def hand_values(self) -> tuple[int, ...]:
        return tuple(self._get("hand_values"))

    @property
    def points(self) -> tuple[int, ...]:
        return tuple(self._get("points"))

    @property
    def totals(self) -> tuple[int, ...]:
        return tuple(self._get("totals"))

    @property
    def eliminated(self) -> tuple[int, ...]:
        return tuple(self._get("eliminated"))

    @property
    def winners(self) -> tuple[int, ...]:
        return tuple(self._get("winners"))


_TYPES: Mapping[str, EventType] = MappingProxyType({t.value: t for t in EventType})


def _to_cards(codes: Iterable[str]) -> tuple[Card, ...]:
    return tuple(Card.from_code(code) for code in codes)


def _cards_or_none(codes: Iterable[str] | None) -> tuple[Card, ...] | None:
    return None if codes is None else _to_cards(codes)


# -- what the fields of one event must agree on ----------------------------------------------


def _no_check(kind: str, fields: Mapping[str, Any]) -> None:
    pass


def _check_draw(kind: str, fields: Mapping[str, Any]) -> None:
    if fields["count"] > fields["owed"]:
        raise corrupt(f"{kind}.count", "more cards drawn than owed")
    if "cards" in fields and len(fields["cards"]) != fields["count"]:
        raise corrupt(f"{kind}.cards", f"expected {fields['count']} cards")


def _check_same_length(kind: str, fields: Mapping[str, Any], *names: str) -> None:
    lengths = {len(fields[name]) for name in names if name in fields}
    if len(lengths) > 1:
        raise corrupt(f"event {kind}", f"{', '.join(names)} differ in length")


def _check_deal(kind: str, fields: Mapping[str, Any]) -> None:
    _check_same_length(kind, fields, "sizes", "hands")
    if "hands" in fields and [len(h) for h in fields["hands"]] != fields["sizes"]:
        raise corrupt(f"{kind}.hands", "the hands do not have the sizes dealt")


def _check_swap(kind: str, fields: Mapping[str, Any]) -> None:
    seats = fields["seats"]
    if len(seats) != 2 or seats[0] == seats[1] or len(fields["sizes"]) != 2:
        raise corrupt(f"event {kind}", "two different seats and their two sizes are expected")


def _check_challenge(kind: str, fields: Mapping[str, Any]) -> None:
    if fields["seat"] == fields["player"]:
        raise corrupt(f"event {kind}", "a seat never challenges its own Wild Draw Four")


def _check_hand_over(kind: str, fields: Mapping[str, Any]) -> None:
    if fields["blocked"] != (fields["went_out"] is None):
        raise corrupt(f"{kind}.blocked", "a hand is blocked exactly when nobody went out")
    _check_same_length(kind, fields, "hands", "hand_values", "points", "totals")


def _check_game_over(kind: str, fields: Mapping[str, Any]) -> None:
    if not fields["winners"]:
        raise corrupt(f"{kind}.winners", "a game over has a winner")


_CHECKS: Mapping[EventType, Callable[[str, Mapping[str, Any]], None]] = MappingProxyType(
    {
        EventType.DRAW: _check_draw,
        EventType.DEAL: _check_deal,
        EventType.SWAP_HANDS: _check_swap,
        EventType.CHALLENGE: _check_challenge,
        EventType.HAND_OVER: _check_hand_over,
        EventType.GAME_OVER: _check_game_over,
    }
)


def codes(cards: Any) -> list[str]:
    """Card codes of a sequence of cards, for event payloads."""
    return [card.code for card in cards]
