"""What keeps one bad client or one bad table from hurting the others (SERVER.md §8): a reader
that stops reading is let go, a table that fails says goodbye and answers what waited on it, an
HTTP body is never read past its limit."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import httpx
from live_server import LiveServer
from starlette.websockets import WebSocketState

from lastcard.server.connection import Connection
from lastcard.server.limits import Limits
from lastcard.server.live import LiveTable, Writer
from lastcard.server.protocol import ProtocolError
from lastcard.server.rates import RateBook
from lastcard.server.room import Client, Effects, Room, Settings
from lastcard.server.storage import open_storage


class StuckSocket:
    """A websocket whose peer never reads: every send hangs; it never sends anything."""

    application_state = WebSocketState.CONNECTED

    def __init__(self) -> None:
        self.closed_with: tuple[int, str] | None = None
        self.gone = asyncio.Event()

    async def receive(self) -> dict[str, Any]:
        await self.gone.wait()
        return {"type": "websocket.disconnect"}

    async def send_text(self, text: str) -> None:
        await asyncio.Event().wait()  # never returns

    async def close(self, code: int, reason: str = "") -> None:
        self.closed_with = (code, reason)
        self.application_state = WebSocketState.DISCONNECTED
        self.gone.set()


def test_s8_a_reader_stuck_for_the_limit_is_closed_4008_and_its_connection_ends() -> None:
    async def scenario() -> tuple[tuple[int, str] | None, list[int]]:
        socket = StuckSocket()
        gone: list[int] = []
        limits = Limits(stuck_reader=0.05)
        connection = Connection(
            7,
            socket,  # type: ignore[arg-type]
            limits,
            lambda client, message: None,
            gone.append,
            lambda: False,
            RateBook(limits).of_token,
        )
        serving = asyncio.create_task(connection.serve())
        for n in range(10):
            connection.send({"t": "state", "n": n, "events": []})
        async with asyncio.timeout(5):
            await serving  # the connection ends: the room hears it is gone
        return socket.closed_with, gone

    closed_with, gone = asyncio.run(scenario())
    assert closed_with is not None and closed_with[0] == 4008
    assert gone == [7]


class Outlet:
    def __init__(self) -> None:
        self.sent: list[tuple[int, dict[str, Any]]] = []
        self.closed: list[tuple[int, int]] = []

    def send(self, client: int, message: dict[str, Any]) -> None:
        self.sent.append((client, message))

    def close(self, client: int, code: int, reason: str) -> None:
        self.closed.append((client, code))


def test_s1_a_table_that_fails_says_goodbye_and_answers_what_waited_on_it() -> None:
    async def scenario() -> tuple[Outlet, BaseException | None, bool]:
        room = Room("ABCDEF", "", 2, Settings(), 0.0)
        room.clients[3] = Client(None)  # a spectator, connected
        outlet = Outlet()
        writer = Writer(open_storage("sqlite://:memory:"))
        live = LiveTable(room, writer, outlet)
        live.start()

        def broken(room: Room, now: float) -> Effects:
            raise RuntimeError("a bug")

        live.submit(broken)
        waiting = asyncio.ensure_future(live.call(lambda room, now: (1, Effects())))
        assert live.task is not None
        await live.task
        try:
            await waiting
            answer: BaseException | None = None
        except ProtocolError as error:
            answer = error
        running = live.running
        await writer.close()
        return outlet, answer, running

    outlet, answer, running = asyncio.run(scenario())
    assert not running
    assert (3, {"t": "bye", "reason": "error"}) in outlet.sent
    assert (3, 1011) in outlet.closed
    assert isinstance(answer, ProtocolError) and answer.code == "TABLE_CLOSED"


def test_s8_an_http_body_past_4_kib_is_refused_413_without_reading_it_all(tmp_path: Path) -> None:
    with LiveServer(tmp_path) as server:
        reply = httpx.post(
            server.url + "/api/tables",
            content=b"{" + b" " * 1_000_000 + b"}",
            headers={"Content-Type": "application/json"},
            timeout=10,
        )
        assert reply.status_code == 413
        assert reply.json()["error"]["code"] == "TOO_BIG"
        assert "code" in server.create_table(name="Ana")  # and the server serves on


def test_s8_the_per_address_limits_are_lastcard_serve_options(tmp_path: Path) -> None:
    with LiveServer(tmp_path, options=["--creates-per-minute", "2"]) as server:
        server.create_table(name="Ana")
        server.create_table(name="Ana")
        third = httpx.post(server.url + "/api/tables", json={"name": "Ana"}, timeout=10)
        assert third.status_code == 429
        assert third.json()["error"]["code"] == "RATE_LIMITED"
