"""A `lastcard serve` process whose PostgreSQL connection is lost (SERVER.md §10): an
administrator ends its session (`pg_terminate_backend`), or PostgreSQL restarts. The process
connects again and goes on; its tables' claims went with the old session, so it gives them up
(players are told to reconnect) and claims them again, reloaded from the stored actions, or
leaves them to the process that took them meanwhile. Nothing acknowledged is lost."""

from __future__ import annotations

import asyncio
import json
import signal
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import httpx
import psycopg
import pytest
from held_game import hold_mid_hand
from live_server import LiveServer
from local_postgres import PostgresServer, binaries
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect
from ws_client import run

NAME = "lost"  # the application_name of the process whose session ends


def end_sessions(url: str, name: str = NAME) -> int:
    """End every PostgreSQL session of the processes named `name`; how many there were."""
    with psycopg.connect(url, autocommit=True, application_name="test") as admin:
        row = admin.execute(
            "SELECT count(pg_terminate_backend(pid)) FROM pg_stat_activity"
            " WHERE application_name = %s",
            (name,),
        ).fetchone()
    assert row is not None
    return int(row[0])


@pytest.fixture
def own_postgres() -> Iterator[PostgresServer]:
    """A PostgreSQL of this test's own, to restart without disturbing the others."""
    bindir = binaries()
    if bindir is None:
        pytest.skip("no PostgreSQL server binaries")  # the `postgres` fixture fails if required
    server = PostgresServer.start(bindir)
    try:
        yield server
    finally:
        server.stop()


def serve(directory: Path, url: str, name: str = NAME) -> LiveServer:
    directory.mkdir()
    return LiveServer(directory, database_url=f"{url}&application_name={name}").start()


def play_through(
    server: LiveServer, lose_connection: Callable[[], None], *, sessions_back: Callable[[], bool]
) -> None:
    """Two people and a bot play; mid-hand the connection is lost. The game is played to its end
    and every acknowledged action is in the record at the ply its ack named."""

    async def scenario() -> None:
        held = await hold_mid_hand(server, timeout=90)
        await asyncio.to_thread(lose_connection)
        # The table is given up: its players are told to reconnect, as at a restart (1012), or
        # as when a write fails (1011) should a bot's move find the connection lost first.
        assert set(await held.closed()) <= {1011, 1012}
        deadline = time.monotonic() + 60
        while not await asyncio.to_thread(sessions_back):
            assert time.monotonic() < deadline, "the server never connected again"
            await asyncio.sleep(0.05)
        await held.play_on(server.url)

    run(scenario(), timeout=240)


def connected(url: str, name: str = NAME) -> Callable[[], bool]:
    def check() -> bool:
        with psycopg.connect(url, autocommit=True, application_name="test") as admin:
            row = admin.execute(
                "SELECT count(*) FROM pg_stat_activity WHERE application_name = %s", (name,)
            ).fetchone()
        return row is not None and row[0] > 0

    return check


def test_s10_a_session_ended_by_the_administrator_is_replaced_and_the_game_goes_on(
    tmp_path: Path, postgres: PostgresServer
) -> None:
    url = postgres.new_database()
    server = serve(tmp_path / "server", url)
    try:
        play_through(server, lambda: assert_ended(end_sessions(url)), sessions_back=connected(url))
    finally:
        server.kill(signal.SIGTERM)


def assert_ended(count: int) -> None:
    assert count == 1  # the server's one connection


def test_s10_after_a_postgresql_restart_the_server_connects_again_and_the_game_goes_on(
    tmp_path: Path, own_postgres: PostgresServer
) -> None:
    url = own_postgres.new_database()
    server = serve(tmp_path / "server", url)
    try:
        play_through(server, own_postgres.restart, sessions_back=connected(url))
    finally:
        server.kill(signal.SIGTERM)


def test_s10_a_table_whose_claim_was_lost_is_given_up_and_left_to_its_new_owner(
    tmp_path: Path, postgres: PostgresServer
) -> None:
    url = postgres.new_database()
    first = serve(tmp_path / "first", url)
    second = serve(tmp_path / "second", url, name="second")
    try:
        created = first.create_table(name="Ana", seats=4)
        code = created["code"]
        assert first.join(code, name="Bea")["seat"] == 1  # the first process owns the table
        with connect(first.ws_url(code)) as socket:
            socket.send(json.dumps({"t": "hello", "v": 1, "token": created["token"]}))
            assert json.loads(socket.recv(timeout=30))["t"] == "welcome"
            assert end_sessions(url) == 1
            # The first process notices on its own (the table is quiet: nothing is written)
            # and gives the table up rather than go on showing it from memory.
            with pytest.raises(ConnectionClosed) as closed:
                while True:
                    socket.recv(timeout=30)
            assert closed.value.rcvd is not None and closed.value.rcvd.code == 1012
        # The second process takes it, rebuilt from what was stored (two seats taken)...
        reply = httpx.post(f"{second.url}/api/tables/{code}/join", json={"name": "Cleo"})
        assert reply.status_code == 200 and reply.json()["seat"] == 2, reply.text
        # ...and the first, connected again, leaves it to its owner.
        refused = httpx.post(f"{first.url}/api/tables/{code}/join", json={"name": "Dan"})
        assert refused.status_code == 503, refused.text
        assert refused.json()["error"]["code"] == "TABLE_ELSEWHERE"
    finally:
        first.kill(signal.SIGTERM)
        second.kill(signal.SIGTERM)
