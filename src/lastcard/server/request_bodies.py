"""The JSON bodies of the HTTP requests (SERVER.md §2, §8): read no further than their limit,
and each field checked by the rule `protocol` gives it before a table sees it."""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from starlette.requests import Request

from .protocol import (
    MAX_NAME,
    MAX_SEATS,
    TURN_SECONDS,
    ProtocolError,
    boolean,
    one_of,
    optional_whole,
    rules_field,
    text,
    whole,
)
from .seating import LEVELS

MAX_BODY = 4096  # an HTTP request body, as a websocket message (§8)

CREATE_FIELDS = {
    "name": text(MAX_NAME),
    "table_name": text(40, empty=True),
    "rules": rules_field,
    "target": optional_whole(1, 100_000),
    "turn_seconds": one_of(*TURN_SECONDS),
    "seats": whole(2, MAX_SEATS),
    "bots": lambda name, value: value,  # checked by `checked_bots`
    "spectators": boolean,
    "public": boolean,
}
JOIN_FIELDS = {"name": text(MAX_NAME), "seat": optional_whole(0, MAX_SEATS - 1)}


def checked_bots(value: Any) -> list[dict[str, Any]]:
    if not isinstance(value, list) or len(value) > MAX_SEATS:
        raise ProtocolError("BAD_FIELD", "bots: a list of {seat, level}")
    bots = []
    for item in value:
        checked = checked_body(
            item, {"seat": whole(1, MAX_SEATS - 1), "level": one_of(*LEVELS)}, ("seat", "level")
        )
        bots.append(checked)
    return bots


async def json_body(request: Request) -> Any:
    """The body as JSON, read no further than 4 KiB (a huge body is refused, never held). It
    must say it is JSON (§8): a cross-site form or `no-cors` fetch cannot send that type."""
    media_type = request.headers.get("content-type", "").split(";", 1)[0].strip().lower()
    if media_type != "application/json":
        raise ProtocolError("NOT_JSON", "a request body is JSON, sent as application/json")
    too_big = ProtocolError("TOO_BIG", f"a request body is at most {MAX_BODY} bytes")
    declared = request.headers.get("content-length", "")
    if declared.isdigit() and int(declared) > MAX_BODY:
        raise too_big
    raw = b""
    async for chunk in request.stream():
        raw += chunk
        if len(raw) > MAX_BODY:
            raise too_big
    try:
        return json.loads(raw)
    except (ValueError, RecursionError):
        raise ProtocolError("BAD_JSON", "the body is one JSON object") from None


def checked_body(data: Any, fields: Mapping[str, Any], required: tuple[str, ...]) -> dict[str, Any]:
    if not isinstance(data, dict):
        raise ProtocolError("BAD_JSON", "the body is one JSON object")
    out: dict[str, Any] = {}
    for name, value in data.items():
        check = fields.get(name)
        if check is None:
            raise ProtocolError("BAD_FIELD", f"unknown field {name!r}")
        out[name] = check(name, value)
    missing = [name for name in required if name not in data]
    if missing:
        raise ProtocolError("BAD_FIELD", f"missing {', '.join(missing)}")
    return out
