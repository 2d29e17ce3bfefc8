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

from collections.abc import Iterable, Mapping
from types import MappingProxyType
from typing import Any, NamedTuple

from .cards import Card, Color
from .decoding import corrupt, read_mapping
from .errors import shown
from .event_types import (
    CHECKS,
    COLOR_LETTERS,
    DRAW_REASONS,
    EVENT_SPECS,
    EventSpec,
    EventType,
    FieldSpec,
    Wire,
    no_check,
)

__all__ = [
    "DRAW_REASONS",
    "EVENT_SPECS",
    "Event",
    "EventSpec",
    "EventType",
    "FieldSpec",
    "Wire",
    "codes",
]

_NO_DATA: Mapping[str, Any] = MappingProxyType({})


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
        CHECKS.get(event_type, no_check)(kind, {**payload, **secret})
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
        if spec is not None and name in spec.secret_names:
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
    def cheat(self) -> bool | None:
        """Whether a Pirate play was a cheat (`None`: a window's flag, redacted for others)."""
        value: bool | None = self._get("cheat")
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
    def given(self) -> Card | None:
        """A Mambo's gift (`None` when redacted: only the giver is told in the event)."""
        code = self._get("given")
        return None if code is None else Card.from_code(code)

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


def codes(cards: Any) -> list[str]:
    """Card codes of a sequence of cards, for event payloads."""
    return [card.code for card in cards]
