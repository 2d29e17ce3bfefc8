"""The websocket protocol's client messages (SERVER.md §3): their exact schemas and the checks of
§4's steps 1 and 3 (size, then JSON, type and schema), before anything reaches a table.

A message is a JSON object `{"t": type, "id"?: text ≤ 24, ...}` with exactly the fields its type
names: an unknown type is `UNKNOWN_TYPE`, an extra, missing or ill-typed field `BAD_FIELD`
(naming it), anything that is not a JSON object `BAD_JSON`. `parse_message` returns a
`ClientMessage`; it never raises anything but `ProtocolError`.
"""

from __future__ import annotations

import json
import re
import unicodedata
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from lastcard.core import LastcardError
from lastcard.core.errors import shown

from .protocol_words import protocol_words

VERSION = 1
MAX_MESSAGE_BYTES = 4 * 1024  # §8: 4 KiB per message (the transport allows 16 KiB frames)
MAX_ID_LENGTH = 24
MAX_CHAT = 300
MAX_NAME = 24
TURN_SECONDS = (0, 15, 30, 60)  # §7: off, 15, 30 or 60 s per decision
CLIENT_SEED = re.compile(r"[0-9a-f]{32}")
COMMITMENT = re.compile(r"[0-9a-f]{64}")
MAX_ACTION_CODE = 32  # longer than any action code the grammar has
_INVISIBLE = frozenset({"Cc", "Cf", "Zl", "Zp"})

# Protocol error codes (SERVER.md §3), beside the engine's own rule codes.
PROTOCOL_CODES = (
    "BAD_JSON",
    "TOO_BIG",
    "UNKNOWN_TYPE",
    "BAD_FIELD",
    "RATE_LIMITED",
    "VERSION",
    "HELLO_FIRST",
    "BAD_TOKEN",
    "NOT_SEATED",
    "NOT_HOST",
    "SEAT_TAKEN",
    "TABLE_FULL",
    "TABLE_CLOSED",
    "NOT_WAITING",
    "GAME_NOT_RUNNING",
    "STALE",
    "SHUTTING_DOWN",
    "BAD_COMMITMENT",
)

# Refusals only the HTTP routes give (beside the protocol's codes).
HTTP_CODES = (
    "NO_TABLE",
    "NO_GAME",
    "GAME_NOT_OVER",
    "TOO_MANY_TABLES",
    "NOT_JSON",
    "BAD_ORIGIN",
    "TABLE_ELSEWHERE",  # another process serves the table (§10): try again shortly
)


class ProtocolError(LastcardError):
    """A message refused by the protocol; nothing changed. `code` is one of `PROTOCOL_CODES`."""

    def __init__(self, code: str, message: str, request_id: str | None = None) -> None:
        super().__init__(message)
        self.code = code
        self.request_id = request_id


# -- field checkers: each returns the value or raises ProtocolError("BAD_FIELD") -------------

Check = Callable[[str, Any], Any]


def _bad(name: str, value: Any, wanted: str) -> ProtocolError:
    return ProtocolError("BAD_FIELD", f"{name}: {wanted}, not {shown(value)}")


def whole(low: int, high: int) -> Check:
    def check(name: str, value: Any) -> int:
        if type(value) is not int or not low <= value <= high:
            raise _bad(name, value, f"a whole number from {low} to {high}")
        return value

    return check


def optional_whole(low: int, high: int) -> Check:
    inner = whole(low, high)

    def check(name: str, value: Any) -> int | None:
        return None if value is None else inner(name, value)

    return check


def boolean(name: str, value: Any) -> bool:
    if type(value) is not bool:
        raise _bad(name, value, "true or false")
    return value


def text(limit: int, *, empty: bool = False) -> Check:
    def check(name: str, value: Any) -> str:
        if type(value) is not str or len(value) > limit or (not empty and not value.strip()):
            raise _bad(name, value, f"text of 1 to {limit} characters")
        # Control characters, and the invisible ones that reorder or hide text (bidirectional
        # overrides, zero-width joiners, line separators): a name must read as what it is.
        if any(unicodedata.category(c) in _INVISIBLE for c in value):
            raise _bad(name, value, "text without control or invisible characters")
        return value

    return check


def one_of(*choices: Any) -> Check:
    def check(name: str, value: Any) -> Any:
        # The exact type too: 30.0 == 30 and True == 1, but neither is a whole-number choice.
        if not any(type(value) is type(c) and value == c for c in choices):
            raise _bad(name, value, "one of " + ", ".join(map(str, choices)))
        return value

    return check


def client_seed(name: str, value: Any) -> str:
    if type(value) is not str or not CLIENT_SEED.fullmatch(value):
        raise _bad(name, value, "32 lower-case hexadecimal digits")
    return value


def commitment_field(name: str, value: Any) -> str:
    if type(value) is not str or not COMMITMENT.fullmatch(value):
        raise _bad(name, value, "64 lower-case hexadecimal digits")
    return value


def level_or_null(name: str, value: Any) -> str | None:
    from .seating import LEVELS  # one list of levels

    if value is None:
        return None
    if type(value) is not str or value not in LEVELS:
        raise _bad(name, value, "null or one of " + ", ".join(LEVELS))
    return value


def rules_field(name: str, value: Any) -> str | dict[str, Any]:
    """A preset name or a JSON object of options; checked for meaning by the room."""
    if type(value) is str and 0 < len(value) <= 40:
        return value
    if isinstance(value, dict) and len(value) <= 64:
        return value
    raise _bad(name, value, "a preset name or an object of house-rule options")


@dataclass(frozen=True)
class Schema:
    required: Mapping[str, Check] = field(default_factory=dict)
    optional: Mapping[str, Check] = field(default_factory=dict)


_NO_FIELDS = Schema()
MAX_SEATS = 10

SCHEMAS: dict[str, Schema] = {
    "hello": Schema(
        {"v": whole(0, 1 << 31)},
        {"token": text(64), "since": whole(0, 1 << 62)},
    ),
    "sit": Schema({"seat": whole(0, MAX_SEATS - 1)}),
    "stand": _NO_FIELDS,
    # `commitment` quotes the table's `next_commitment`: a `ready: true` without it is refused
    # by the room (BAD_COMMITMENT), not here, so the person is told why.
    "ready": Schema(
        {"ready": boolean, "client_seed": client_seed}, {"commitment": commitment_field}
    ),
    "settings": Schema(
        {},
        {
            "rules": rules_field,
            "target": optional_whole(1, 100_000),
            "turn_seconds": one_of(*TURN_SECONDS),
            "spectators": boolean,
        },
    ),
    "bot": Schema({"seat": whole(0, MAX_SEATS - 1), "level": level_or_null}),
    "kick": Schema({"seat": whole(0, MAX_SEATS - 1)}),
    "start": _NO_FIELDS,
    "action": Schema({"code": text(MAX_ACTION_CODE), "ply": whole(0, 1 << 62)}),
    "autopilot": Schema({"on": boolean}),
    "rematch": _NO_FIELDS,
    "leave": _NO_FIELDS,
    "ping": _NO_FIELDS,
    "chat": Schema({"text": text(MAX_CHAT)}),
}


@dataclass(frozen=True)
class ClientMessage:
    """A message that passed the schema: its type, its fields and its request id."""

    type: str
    fields: Mapping[str, Any]
    id: str | None = None

    def get(self, name: str, default: Any = None) -> Any:
        return self.fields.get(name, default)


def parse_message(raw: str | bytes) -> ClientMessage:
    """Steps 1 and 3 of §4 for one frame: size, JSON object, known type, exact schema."""
    size = len(raw.encode() if isinstance(raw, str) else raw)
    if size > MAX_MESSAGE_BYTES:
        raise ProtocolError("TOO_BIG", f"a message is at most {MAX_MESSAGE_BYTES} bytes")
    try:
        data = json.loads(raw)
    except (ValueError, RecursionError):
        raise ProtocolError("BAD_JSON", "a message is one JSON object") from None
    if not isinstance(data, dict):
        raise ProtocolError("BAD_JSON", "a message is one JSON object")
    request_id = data.get("id")
    if "id" in data and (type(request_id) is not str or not 0 < len(request_id) <= MAX_ID_LENGTH):
        raise ProtocolError("BAD_FIELD", f"id: text of 1 to {MAX_ID_LENGTH} characters")
    kind = data.get("t")
    schema = SCHEMAS.get(kind) if type(kind) is str else None
    if schema is None or type(kind) is not str:
        raise ProtocolError("UNKNOWN_TYPE", f"unknown message type {shown(kind)}", request_id)
    fields: dict[str, Any] = {}
    for name, value in data.items():
        if name in ("t", "id"):
            continue
        check = schema.required.get(name) or schema.optional.get(name)
        if check is None:
            raise ProtocolError("BAD_FIELD", f"{kind} has no field {shown(name)}", request_id)
        try:
            fields[name] = check(name, value)
        except ProtocolError as error:
            error.request_id = request_id
            raise
    missing = [name for name in schema.required if name not in data]
    if missing:
        raise ProtocolError("BAD_FIELD", f"{kind} needs {', '.join(missing)}", request_id)
    return ClientMessage(kind, fields, request_id)


def error_message(
    code: str, message: str, request_id: str | None = None, ply: int | None = None
) -> dict[str, Any]:
    """The `error` push: `{t, id?, code, message, words, ply?}`; `words` says it to a player
    (the room words the engine's refusals itself, for the reader's position)."""
    out: dict[str, Any] = {
        "t": "error",
        "code": code,
        "message": message,
        "words": protocol_words(code, message),
    }
    if request_id is not None:
        out["id"] = request_id
    if ply is not None:
        out["ply"] = ply
    return out
