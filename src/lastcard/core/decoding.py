"""Reading stored data that may be corrupt or hostile (states, records, rules from JSON).

Each reader checks one value's type and range and returns it, or raises `CorruptDataError`
naming the field: `state.turn: 99 is not a seat of a 4-player game`. They are strict where
Python is lenient: a bool is not a number (`True` is an `int` to Python), a float is not a whole
number (no silent `5.9 → 5`), and only ASCII text is a card code. They walk a fixed shape, never
the input's own nesting, so no input can make them recurse deeply.

These run when data comes in (`from_dict`, `from_json`, `replay`), never in `apply`.
"""

from __future__ import annotations

import json
from collections.abc import Collection, Mapping
from enum import Enum
from typing import Any, TypeVar

from .cards import Card
from .errors import CorruptDataError, shown

E = TypeVar("E", bound=Enum)


def corrupt(field: str, problem: str) -> CorruptDataError:
    return CorruptDataError(f"{field}: {problem}")


def load_json(text: str | bytes | bytearray) -> Any:
    """A game record's JSON text (bare, or in a fairness bundle) as data; `CorruptDataError`
    for text that is not JSON, nests too deep, holds NaN or Infinity, or numbers too long to
    read."""
    try:
        return json.loads(text, parse_constant=_refuse_constant)
    except CorruptDataError:
        raise
    except RecursionError:
        raise CorruptDataError("not a game record (its JSON nests too deep)") from None
    except ValueError as error:  # invalid JSON, bad UTF-8, an integer beyond 4300 digits
        raise CorruptDataError(f"not a game record (invalid JSON: {error})") from None


def _refuse_constant(name: str) -> Any:
    raise CorruptDataError(f"not a game record: {name} is not a number a record holds")


def read_mapping(
    value: Any, field: str, required: Collection[str], allowed: Collection[str] | None
) -> Mapping[str, Any]:
    """A mapping holding every `required` key and no key outside `allowed` (None: any key)."""
    if not isinstance(value, Mapping):
        raise corrupt(field, f"expected an object, not {shown(value)}")
    missing = [key for key in required if key not in value]
    if missing:
        raise corrupt(field, f"missing {', '.join(map(repr, missing))}")
    if allowed is None:
        return value
    unknown = [key for key in value if key not in allowed]
    if unknown:
        raise corrupt(field, f"unknown keys {shown(unknown, 80)}")
    return value


def read_whole(value: Any, field: str, low: int | None = None, high: int | None = None) -> int:
    """An `int` (not a bool, not a float) from `low` to `high` inclusive."""
    if type(value) is not int:
        raise corrupt(field, f"{shown(value)} is not a whole number")
    if (low is not None and value < low) or (high is not None and value > high):
        if high is None:
            expected = f"at least {low}"
        elif low is None:
            expected = f"at most {high}"
        else:
            expected = f"from {low} to {high}"
        raise corrupt(field, f"{shown(value)} is out of range: expected {expected}")
    return value


def read_seat(value: Any, field: str, players: int) -> int:
    if type(value) is not int or not 0 <= value < players:
        raise corrupt(field, f"{shown(value)} is not a seat of a {players}-player game")
    return value


def read_optional_seat(value: Any, field: str, players: int) -> int | None:
    return None if value is None else read_seat(value, field, players)


def read_seats(value: Any, field: str, players: int) -> tuple[int, ...]:
    return tuple(
        read_seat(item, f"{field}[{i}]", players)
        for i, item in enumerate(read_list(value, field, max_length=players))
    )


def read_bool(value: Any, field: str) -> bool:
    if type(value) is not bool:
        raise corrupt(field, f"{shown(value)} is not true or false")
    return value


def read_text(value: Any, field: str, max_length: int = 64) -> str:
    if type(value) is not str:
        raise corrupt(field, f"{shown(value)} is not text")
    if len(value) > max_length or not value.isascii():
        raise corrupt(field, f"{shown(value)} is not a valid value here")
    return value


def read_list(
    value: Any, field: str, length: int | None = None, max_length: int | None = None
) -> list[Any]:
    """A JSON array (a list or tuple), of exactly `length` items or at most `max_length`."""
    if not isinstance(value, list | tuple):
        raise corrupt(field, f"expected a list, not {shown(value)}")
    if length is not None and len(value) != length:
        raise corrupt(field, f"expected {length} items, found {len(value)}")
    if max_length is not None and len(value) > max_length:
        raise corrupt(field, f"expected at most {max_length} items, found {len(value)}")
    return list(value)


def read_enum(value: Any, field: str, kind: type[E]) -> E:
    """The member of `kind` whose value is `value` (a bool never matches)."""
    if type(value) is str:
        for member in kind:
            if member.value == value:
                return member
    choices = ", ".join(repr(member.value) for member in kind)
    raise corrupt(field, f"{shown(value)} is not one of {choices}")


def read_card(value: Any, field: str) -> Card:
    try:
        return Card.from_code(read_text(value, field))
    except ValueError:
        raise corrupt(field, f"{shown(value)} is not a card code") from None


def read_optional_card(value: Any, field: str) -> Card | None:
    return None if value is None else read_card(value, field)


def read_cards(value: Any, field: str, max_length: int) -> tuple[Card, ...]:
    return tuple(
        read_card(code, f"{field}[{i}]")
        for i, code in enumerate(read_list(value, field, max_length=max_length))
    )
