"""One owner per table across processes (SERVER.md §10): two real `lastcard serve` processes
on one PostgreSQL database race for the same tables; the database decides, so each table is
served by one of them alone, and when its owner dies the other takes it over from what was
stored."""

from __future__ import annotations

import signal
import time
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import httpx
import psycopg
import pytest
from live_server import LiveServer
from local_postgres import PostgresServer
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect

TABLES = 4


@pytest.fixture
def pair(tmp_path: Path, postgres: PostgresServer) -> Iterator[tuple[LiveServer, LiveServer]]:
    """Two servers on one new database, started together (racing to migrate it, too)."""
    url = postgres.new_database()
    servers = []
    for name in ("first", "second"):
        (tmp_path / name).mkdir()
        # Named, so that the test can see when PostgreSQL has ended a dead process's session.
        named = f"{url}&application_name={name}"
        servers.append(LiveServer(tmp_path / name, database_url=named))
    try:
        with ThreadPoolExecutor(max_workers=2) as pool:
            list(pool.map(LiveServer.start, servers))
        yield servers[0], servers[1]
    finally:
        for server in servers:
            if server.process is not None and server.process.poll() is None:
                server.kill(signal.SIGTERM)


def join(server: LiveServer, code: str, name: str) -> httpx.Response:
    return httpx.post(f"{server.url}/api/tables/{code}/join", json={"name": name}, timeout=30)


def refused_elsewhere(reply: httpx.Response) -> bool:
    return reply.status_code == 503 and reply.json()["error"]["code"] == "TABLE_ELSEWHERE"


def test_s10_two_processes_race_for_each_table_one_wins_and_the_other_takes_over(
    pair: tuple[LiveServer, LiveServer],
) -> None:
    first, second = pair
    # A table is created on either process and left in the database for the one its traffic
    # reaches: here both are reached at once, by joins sent together.
    codes = [
        (first, second)[n % 2].create_table(name="Host", seats=4, public=True)["code"]
        for n in range(TABLES)
    ]
    for server in pair:  # each lobby lists every process's tables: it is read from the database
        listed = httpx.get(f"{server.url}/api/tables", timeout=30).json()["tables"]
        assert sorted(table["code"] for table in listed) == sorted(codes)
    owners: dict[str, LiveServer] = {}
    with ThreadPoolExecutor(max_workers=2) as pool:
        for code in codes:
            replies = list(pool.map(join, pair, [code, code], ["Racer", "Racer"]))
            won = [server for server, reply in zip(pair, replies, strict=True) if reply.is_success]
            lost = [reply for reply in replies if not reply.is_success]
            assert len(won) == 1 and len(lost) == 1, [r.text for r in replies]
            assert refused_elsewhere(lost[0]), lost[0].text
            owners[code] = won[0]
    for code, owner in owners.items():
        other = second if owner is first else first
        assert refused_elsewhere(join(other, code, "Late"))  # still the owner's alone
        with connect(other.ws_url(code)) as socket, pytest.raises(ConnectionClosed) as closed:
            socket.recv(timeout=30)
        assert closed.value.rcvd is not None and closed.value.rcvd.code == 1013  # try again
        assert join(owner, code, "Cleo").json()["seat"] == 2

    # The first process dies: its tables pass to the second once PostgreSQL has seen its
    # connection end, rebuilt from what was stored (three seats taken, so the next is 3).
    first.kill(signal.SIGKILL)
    with psycopg.connect(first.database_url, autocommit=True, application_name="test") as watcher:
        deadline = time.monotonic() + 30
        while watcher.execute(
            "SELECT count(*) FROM pg_stat_activity WHERE application_name = 'first'"
        ).fetchone() != (0,):
            assert time.monotonic() < deadline, "PostgreSQL never ended the dead process's session"
            time.sleep(0.01)
    for code, owner in owners.items():
        reply = join(second, code, "Dan")
        assert reply.json()["seat"] == 3, (owner is first, reply.text)
