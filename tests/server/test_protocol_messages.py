"""The client messages of SERVER.md §3 and the checks of §4 steps 1 and 3 (`parse_message`).

Every schema is exercised field by field: a complete valid message of each type, then each
required field left out, each field given a value of the wrong type or range, and a field the
type does not have. `TOO_BIG` is checked here on the message size; the transport's frame limit
and `RATE_LIMITED` belong to the connection layer and are covered by the live server's tests.
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from lastcard.server.protocol import (
    MAX_CHAT,
    MAX_ID_LENGTH,
    MAX_MESSAGE_BYTES,
    PROTOCOL_CODES,
    SCHEMAS,
    ClientMessage,
    ProtocolError,
    error_message,
    parse_message,
)
from lastcard.server.seating import LEVELS

SEED = "0123456789abcdef" * 2

# One message of each type with every field it may carry, all valid.
COMPLETE: dict[str, dict[str, Any]] = {
    "hello": {"v": 1, "token": "VusY3LN_T5-ExXUUEfoJ-w", "since": 17},
    "sit": {"seat": 3},
    "stand": {},
    "ready": {"ready": True, "client_seed": SEED, "commitment": SEED * 2},
    "settings": {
        "rules": "official",
        "target": 250,
        "turn_seconds": 30,
        "spectators": False,
    },
    "bot": {"seat": 2, "level": "hard"},
    "kick": {"seat": 1},
    "start": {},
    "action": {"code": "W+4:b!", "ply": 12},
    "autopilot": {"on": True},
    "rematch": {},
    "leave": {},
    "ping": {},
    "chat": {"text": "good game"},
}

# The fields each type cannot do without.
REQUIRED: dict[str, tuple[str, ...]] = {
    "hello": ("v",),
    "sit": ("seat",),
    "ready": ("ready", "client_seed"),
    "bot": ("seat", "level"),
    "kick": ("seat",),
    "action": ("code", "ply"),
    "autopilot": ("on",),
    "chat": ("text",),
}

# For each field of each type, values its schema refuses.
ILL_TYPED: dict[str, dict[str, list[Any]]] = {
    "hello": {
        "v": ["1", 1.0, True, None, -1, 1 << 31 + 1],
        "token": [5, None, "", " ", "x" * 65, "tab\there", ["t"]],
        "since": [-1, "3", 2.5, True, None, 1 << 63],
    },
    "sit": {"seat": [-1, 10, "1", 1.0, True, None]},
    "ready": {
        "ready": [1, 0, "true", None],
        "client_seed": [
            SEED.upper(),
            SEED[:-1],
            SEED + "0",
            "g" * 32,
            None,
            0,
            " " + SEED[1:],
        ],
        "commitment": [SEED, SEED.upper() * 2, "g" * 64, None, 0, SEED * 2 + "0"],
    },
    "settings": {
        "rules": ["", "x" * 41, 7, None, True, ["official"], {f"k{i}": 1 for i in range(65)}],
        "target": [0, 100_001, "500", 2.0, True],
        "turn_seconds": [10, 1, True, False, "30", None],
        "spectators": [0, 1, "yes", None],
    },
    "bot": {
        "seat": [-1, 10, "2", None, False],
        "level": ["eager", "Easy", 1, True, ""],
    },
    "kick": {"seat": [-1, 10, "1", 1.0, None, True]},
    "action": {
        "code": ["", "   ", 7, None, "x" * 33, "R7\n", ["R7"]],
        "ply": [-1, "3", 1.5, True, None, 1 << 63],
    },
    "autopilot": {"on": [1, "on", None]},
    "chat": {"text": ["", "   ", "x" * (MAX_CHAT + 1), "bell\x07", "nul\x00", "c1\x85", 5, None]},
}


def raw(**fields: Any) -> str:
    return json.dumps(fields)


def refused(text: str | bytes, code: str) -> ProtocolError:
    with pytest.raises(ProtocolError) as info:
        parse_message(text)
    assert info.value.code == code, f"{text!r}: {info.value.code} {info.value}"
    assert info.value.code in PROTOCOL_CODES
    return info.value


# -- the tables above stay complete -----------------------------------------------------------


def test_s3_every_message_type_is_covered_by_these_tests() -> None:
    assert set(COMPLETE) == set(SCHEMAS)
    for kind, schema in SCHEMAS.items():
        assert set(COMPLETE[kind]) == set(schema.required) | set(schema.optional), kind
        assert set(REQUIRED.get(kind, ())) == set(schema.required), kind
        assert set(ILL_TYPED.get(kind, {})) == set(COMPLETE[kind]), kind


# -- accepted messages ------------------------------------------------------------------------


@pytest.mark.parametrize("kind", sorted(COMPLETE))
def test_s3_a_complete_message_of_each_type_is_accepted(kind: str) -> None:
    message = parse_message(raw(t=kind, id="req-1", **COMPLETE[kind]))
    assert message == ClientMessage(kind, COMPLETE[kind], "req-1")
    assert message.get("missing", "default") == "default"


@pytest.mark.parametrize("kind", sorted(COMPLETE))
def test_s3_the_smallest_message_of_each_type_needs_only_its_required_fields(kind: str) -> None:
    fields = {name: COMPLETE[kind][name] for name in REQUIRED.get(kind, ())}
    message = parse_message(raw(t=kind, **fields))
    assert message.type == kind
    assert dict(message.fields) == fields
    assert message.id is None


def test_s3_bytes_are_read_as_utf8_json() -> None:
    message = parse_message(raw(t="chat", text="¡olé!").encode())
    assert message.fields == {"text": "¡olé!"}


@pytest.mark.parametrize(
    ("fields", "expected"),
    [
        ({"t": "settings", "target": None}, {"target": None}),
        ({"t": "settings", "rules": {"stacking": "draw_two"}}, {"rules": {"stacking": "draw_two"}}),
        ({"t": "settings", "turn_seconds": 0}, {"turn_seconds": 0}),
        ({"t": "bot", "seat": 0, "level": None}, {"seat": 0, "level": None}),
        ({"t": "sit", "seat": 9}, {"seat": 9}),
        ({"t": "chat", "text": "x" * MAX_CHAT}, {"text": "x" * MAX_CHAT}),
        ({"t": "chat", "text": "é" * MAX_CHAT}, {"text": "é" * MAX_CHAT}),
        ({"t": "action", "code": "catch 2", "ply": 0}, {"code": "catch 2", "ply": 0}),
        ({"t": "hello", "v": 2}, {"v": 2}),  # another version is the room's to refuse (4400)
    ],
)
def test_s3_edge_values_that_are_allowed(fields: dict[str, Any], expected: dict[str, Any]) -> None:
    assert dict(parse_message(json.dumps(fields)).fields) == expected


@pytest.mark.parametrize("level", sorted(LEVELS))
def test_s3_every_bot_level_is_accepted(level: str) -> None:
    assert parse_message(raw(t="bot", seat=1, level=level)).get("level") == level


@pytest.mark.parametrize("seconds", [0, 15, 30, 60])
def test_s7_every_turn_timer_is_accepted(seconds: int) -> None:
    assert parse_message(raw(t="settings", turn_seconds=seconds)).get("turn_seconds") == seconds


# -- request ids --------------------------------------------------------------------------------


@pytest.mark.parametrize("request_id", ["a", "x" * MAX_ID_LENGTH, "ünï", "42"])
def test_s3_an_id_is_text_of_1_to_24_characters(request_id: str) -> None:
    assert parse_message(raw(t="ping", id=request_id)).id == request_id


@pytest.mark.parametrize("request_id", ["", "x" * (MAX_ID_LENGTH + 1), 7, None, True, ["a"], {}])
def test_s3_any_other_id_is_bad_field(request_id: Any) -> None:
    error = refused(raw(t="ping", id=request_id), "BAD_FIELD")
    assert "id" in str(error)
    assert error.request_id is None  # no usable id to answer to


# -- refusals -------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        "",
        "{",
        "not json",
        "{'t': 'ping'}",
        '{"t": "ping"} {}',
        "[]",
        '["ping"]',
        "null",
        "7",
        '"ping"',
        "true",
        "[" * 100_000 + "]" * 100_000,  # nests too deep (and is too big: size comes first)
    ],
)
def test_s4_step3_anything_but_one_json_object_is_bad_json(text: str) -> None:
    code = "TOO_BIG" if len(text) > MAX_MESSAGE_BYTES else "BAD_JSON"
    refused(text, code)


def test_s4_step3_deep_nesting_within_the_size_limit_is_bad_json() -> None:
    depth = MAX_MESSAGE_BYTES // 2 - 1
    text = "[" * depth + "]" * depth
    assert len(text) <= MAX_MESSAGE_BYTES
    refused(text, "BAD_JSON")
    nested = '{"t": "chat", "text": ' + "[" * 50 + "]" * 50 + "}"
    refused(nested, "BAD_FIELD")  # shallow nesting parses: then a list is no chat text


def test_s4_step3_bytes_that_are_not_utf8_are_bad_json() -> None:
    refused(b'{"t": "chat", "text": "\xff\xfe"}', "BAD_JSON")


@pytest.mark.parametrize("kind", [None, 5, True, ["ping"], {"t": "ping"}, "", "PING", "shout"])
def test_s4_step3_a_missing_or_unknown_type_is_unknown_type(kind: Any) -> None:
    fields: dict[str, Any] = {"id": "q1"}
    if kind is not None:
        fields["t"] = kind
    error = refused(json.dumps(fields), "UNKNOWN_TYPE")
    assert error.request_id == "q1"  # answerable: the client learns which request failed


@pytest.mark.parametrize(
    ("kind", "name"),
    [(kind, name) for kind, names in sorted(REQUIRED.items()) for name in names],
)
def test_s4_step3_a_missing_required_field_is_bad_field_naming_it(kind: str, name: str) -> None:
    fields = {k: v for k, v in COMPLETE[kind].items() if k != name}
    error = refused(raw(t=kind, id="q2", **fields), "BAD_FIELD")
    assert name in str(error)
    assert error.request_id == "q2"


@pytest.mark.parametrize("kind", sorted(COMPLETE))
def test_s4_step3_an_extra_field_is_bad_field_naming_it(kind: str) -> None:
    error = refused(raw(t=kind, id="q3", surprise=1, **COMPLETE[kind]), "BAD_FIELD")
    assert "surprise" in str(error)
    assert error.request_id == "q3"


def test_s4_step3_a_field_of_another_type_is_an_extra_field() -> None:
    refused(raw(t="ping", seat=1), "BAD_FIELD")
    refused(raw(t="stand", seat=1), "BAD_FIELD")
    refused(raw(t="sit", seat=1, level="easy"), "BAD_FIELD")


@pytest.mark.parametrize(
    ("kind", "name", "value"),
    [
        (kind, name, value)
        for kind, fields in sorted(ILL_TYPED.items())
        for name, values in sorted(fields.items())
        for value in values
    ],
)
def test_s4_step3_an_ill_typed_or_out_of_range_field_is_bad_field(
    kind: str, name: str, value: Any
) -> None:
    fields = {**COMPLETE[kind], name: value}
    error = refused(raw(t=kind, id="q4", **fields), "BAD_FIELD")
    assert str(error).startswith(f"{name}:"), str(error)
    assert error.request_id == "q4"


def test_s4_step3_a_float_turn_timer_is_bad_field_like_every_whole_number() -> None:
    refused(raw(t="settings", target=2.0), "BAD_FIELD")  # whole(): floats are refused
    refused(raw(t="settings", turn_seconds=30.0), "BAD_FIELD")


def test_s4_step1_a_message_over_4_kib_is_too_big_before_anything_else() -> None:
    padding = "x" * MAX_MESSAGE_BYTES
    refused(raw(t="chat", text=padding), "TOO_BIG")
    refused("{" * (MAX_MESSAGE_BYTES + 1), "TOO_BIG")  # not even JSON: size is checked first
    refused(raw(t="chat", text=padding).encode(), "TOO_BIG")


def test_s4_step1_the_limit_counts_bytes_not_characters() -> None:
    base = len(raw(t="ping", id="x"))
    exactly = '{"t": "ping", "id": "x"}' + " " * (MAX_MESSAGE_BYTES - base)
    assert len(exactly.encode()) == MAX_MESSAGE_BYTES
    assert parse_message(exactly).type == "ping"
    refused(exactly + " ", "TOO_BIG")
    # 1,400 characters of two bytes each: under 4 KiB of characters, over 4 KiB of bytes.
    wide = '{"t": "ping", "id": "x"}' + "\u00a0" * 2100
    assert len(wide) < MAX_MESSAGE_BYTES < len(wide.encode())
    refused(wide, "TOO_BIG")


def test_s3_error_message_has_exactly_the_fields_given() -> None:
    late = "Too late: the table moved on before your move arrived."
    assert error_message("STALE", "old") == {
        "t": "error",
        "code": "STALE",
        "message": "old",
        "words": late,
    }
    assert error_message("STALE", "old", "r1", 0) == {
        "t": "error",
        "code": "STALE",
        "message": "old",
        "words": late,
        "id": "r1",
        "ply": 0,
    }


def test_s3_every_protocol_code_is_said_in_a_sentence() -> None:
    """The `words` of an error: the protocol's own sentence, or the server's message made one."""
    for code in PROTOCOL_CODES:
        words = error_message(code, "the reason")["words"]
        assert words[:1].isupper() and words.endswith((".", "!", "?")), (code, words)


def test_s3_the_protocol_codes_are_those_of_the_spec() -> None:
    assert PROTOCOL_CODES == (
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


# -- whatever arrives, the parser answers with a message or a ProtocolError ------------------------

JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=40),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner),
    max_leaves=12,
)


@given(
    kind=st.sampled_from(sorted(SCHEMAS)) | st.text(max_size=8),
    fields=st.dictionaries(
        st.sampled_from(["id", "v", "seat", "code", "ply", "text", "on", "level", "rules"])
        | st.text(max_size=6),
        JSON_VALUES,
        max_size=4,
    ),
)
def test_s4_any_json_object_gives_a_message_or_a_protocol_error(
    kind: str, fields: dict[str, Any]
) -> None:
    text = json.dumps({"t": kind, **fields})
    try:
        message = parse_message(text)
    except ProtocolError as error:
        assert error.code in PROTOCOL_CODES
        return
    schema = SCHEMAS[message.type]
    assert set(schema.required) <= set(message.fields)
    assert set(message.fields) <= set(schema.required) | set(schema.optional)


@given(st.binary(max_size=200) | st.text(max_size=200).map(str.encode))
def test_s4_any_bytes_give_a_message_or_a_protocol_error(data: bytes) -> None:
    try:
        parse_message(data)
    except ProtocolError as error:
        assert error.code in PROTOCOL_CODES


@pytest.mark.parametrize(
    "text",
    ["Ana\u202egnaB", "A\u200bna", "Ana\u2028", "Ana\x07", "\ufeffAna"],
    ids=["bidi-override", "zero-width-space", "line-separator", "bell", "byte-order-mark"],
)
def test_s3_names_and_chat_refuse_invisible_characters(text: str) -> None:
    # Display names (HTTP create and join) use the same text check as chat.
    with pytest.raises(ProtocolError) as refused:
        parse_message(json.dumps({"t": "chat", "text": text}))
    assert refused.value.code == "BAD_FIELD"
    assert parse_message(json.dumps({"t": "chat", "text": "Ana y Beñat ♥"})).get("text")
