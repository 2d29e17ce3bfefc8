"""Limits that a reconnect or a forged header must not reset (SERVER.md §8), on a real server:
table codes cannot be scanned over HTTP and websocket together, chat limits are the seat's and
outlive its connection, and `X-Forwarded-For` is believed only from `--trusted-proxy`.

Every test has a server of its own: the limits it reaches are per address, and every test comes
from the same one.
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
from live_server import LiveServer
from websockets.exceptions import ConnectionClosed
from ws_client import Person, WsClient, post, run

from lastcard.server.credentials import CODE_ALPHABET, CODE_LENGTH
from lastcard.server.limits import Limits

UNKNOWN_CODES = Limits().unknown_codes_per_minute
CREATES = Limits().creates_per_minute
CHAT_BURST = Limits().chat_burst


@pytest.fixture
def server(tmp_path: Path) -> Iterator[LiveServer]:
    with LiveServer(tmp_path) as live:
        yield live


def unknown_codes(known: str, count: int) -> list[str]:
    """`count` well-formed codes, none of them `known`."""
    codes = []
    for k in range(count + 1):
        code = "".join(CODE_ALPHABET[(k + i) % len(CODE_ALPHABET)] for i in range(CODE_LENGTH))
        if code != known:
            codes.append(code)
    return codes[:count]


def test_s8_scanning_codes_stops_after_the_limit_over_http_and_websocket(
    server: LiveServer,
) -> None:
    planted = server.create_table(name="Ana", seats=3)["code"]
    tries = unknown_codes(planted, UNKNOWN_CODES)
    half = len(tries) // 2

    async def scan() -> None:
        for code in tries[:half]:
            reply = await post(f"{server.url}/api/tables/{code}/join", {"name": "Scan"})
            assert reply.status_code == 404, reply.text
        for code in tries[half:]:
            client = await WsClient.open(server.ws_url(code))
            assert await client.wait_closed() == 4004
        # The limit is reached: the planted table's code is refused as an unknown one would be,
        # without a look-up, by both routes.
        client = await WsClient.open(server.ws_url(planted))
        with contextlib.suppress(ConnectionClosed):  # closed before it could say hello
            await client.send("hello", v=1)
        assert await client.wait_closed() == 4004
        assert client.of_type("welcome") == []
        reply = await post(f"{server.url}/api/tables/{planted}/join", {"name": "Scan"})
        assert reply.status_code == 429, reply.text
        assert reply.json()["error"]["code"] == "RATE_LIMITED"

    run(scan())
    assert server.create_table(name="Ben")["code"]  # creating is not scanning


def test_s8_chat_limits_survive_reconnecting(server: LiveServer) -> None:
    created = server.create_table(name="Ana", seats=2)

    async def chatter() -> None:
        person = Person(server.ws_url(created["code"]), created["token"], 0, "ana")
        await person.connect()
        for line in range(CHAT_BURST):
            answer = await person.client.request("chat", text=f"line {line}")
            assert answer["t"] == "ack", answer
        await person.client.close()
        await person.connect()
        answer = await person.client.request("chat", text="one more")
        assert answer["t"] == "error" and answer["code"] == "RATE_LIMITED", answer

    run(chatter())


def forged_creates(server: LiveServer, count: int) -> list[int]:
    """The statuses of `count` creates, each claiming another address in X-Forwarded-For."""
    return [
        httpx.post(
            server.url + "/api/tables",
            json={"name": "Ana"},
            headers={"X-Forwarded-For": f"203.0.113.{k + 1}"},
            timeout=10,
        ).status_code
        for k in range(count)
    ]


def test_s8_forwarded_for_is_ignored_from_an_untrusted_peer(server: LiveServer) -> None:
    statuses = forged_creates(server, CREATES + 1)
    assert statuses == [201] * CREATES + [429], statuses


def test_s8_forwarded_for_names_the_client_behind_a_trusted_proxy(tmp_path: Path) -> None:
    with LiveServer(tmp_path, options=["--trusted-proxy", "127.0.0.1"]) as proxied:
        statuses = forged_creates(proxied, CREATES + 1)
    assert statuses == [201] * (CREATES + 1), statuses
