"""Two `lastcard serve` processes behind nginx with the shipped configuration (deploy/nginx.conf,
SERVER.md §10), on one PostgreSQL database: a table's traffic reaches one process, and when
that process is killed mid-game its players reconnect through nginx to the other, which takes
the table over from the database with every acknowledged action."""

from __future__ import annotations

import asyncio
import json
import os
import shutil
import signal
import subprocess
import time
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
from cluster import start_nginx
from held_game import hold_mid_hand
from live_server import LiveServer, free_port
from local_postgres import PostgresServer
from websockets.sync.client import connect as ws_connect
from ws_client import run

TABLES_SPELLED = 6


class Nginx:
    """nginx with the shipped configuration, its ports replaced by the test's."""

    def __init__(self, directory: Path, port: int, upstreams: tuple[int, int]) -> None:
        binary = shutil.which("nginx")
        if binary is None:  # `make test` installs it, and says so with LASTCARD_REQUIRE_NGINX
            if os.environ.get("LASTCARD_REQUIRE_NGINX") == "1":
                pytest.fail("no nginx on PATH")
            pytest.skip("no nginx on PATH")
        self.port = port
        self.log = directory / "error.log"
        self.process = start_nginx(binary, directory, port, upstreams)
        deadline = time.monotonic() + 20
        while True:  # until it answers (through to a lastcard process)
            if self.process.poll() is not None:
                raise RuntimeError(f"nginx exited: {self.log.read_text()[-2000:]}")
            try:
                if httpx.get(f"{self.url}/healthz", timeout=1).status_code == 200:
                    return
            except httpx.HTTPError:
                pass
            if time.monotonic() > deadline:
                self.stop()
                raise RuntimeError("nginx did not answer within 20 s")
            time.sleep(0.05)

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def ws_url(self, code: str) -> str:
        return f"ws://127.0.0.1:{self.port}/ws/{code}"

    def stop(self) -> None:
        if self.process.poll() is None:
            self.process.terminate()  # a fast shutdown: open sockets are simply closed
            try:
                self.process.wait(15)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()


@pytest.fixture
def cluster(tmp_path: Path, postgres: PostgresServer) -> Iterator[tuple[Nginx, list[LiveServer]]]:
    url = postgres.new_database()
    servers = []
    for name in ("first", "second"):
        (tmp_path / name).mkdir()
        server = LiveServer(
            tmp_path / name,
            database_url=f"{url}&application_name={name}",
            options=["--trusted-proxy", "127.0.0.1"],
        )
        servers.append(server.start())
    nginx = None
    try:
        nginx = Nginx(tmp_path / "nginx", free_port(), (servers[0].port, servers[1].port))
        yield nginx, servers
    finally:
        if nginx is not None:
            nginx.stop()
        for server in servers:
            if server.process is not None and server.process.poll() is None:
                server.kill(signal.SIGTERM)


def owner_of(servers: list[LiveServer], code: str) -> LiveServer:
    """The process that has the table live: any other refuses it (503) while the owner holds it."""
    owners = [
        server
        for server in servers
        if httpx.post(
            f"{server.url}/api/tables/{code}/join", json={"name": "Probe"}, timeout=30
        ).status_code
        != 503
    ]
    assert len(owners) == 1
    return owners[0]


def test_s10_through_nginx_a_killed_owner_s_table_goes_on_in_the_other_process(
    cluster: tuple[Nginx, list[LiveServer]],
) -> None:
    nginx, servers = cluster

    async def scenario() -> None:
        held = await hold_mid_hand(nginx)  # the people wait while their process dies
        owner = await asyncio.to_thread(owner_of, servers, held.table.code)
        await asyncio.to_thread(owner.kill, signal.SIGKILL)
        assert await held.closed() == [1006, 1006]
        # They reconnect through nginx, which sends them to the other process; it may refuse
        # them (1013) until PostgreSQL has ended the dead owner's session, and they retry.
        await held.play_on(nginx.url)

        survivor = next(server for server in servers if server is not owner)
        assert await asyncio.to_thread(owner_of, [survivor], held.table.code) is survivor
        for person, n in zip(held.table.people, held.connections, strict=True):
            assert any(f.get("t") == "ack" for c in person.connections[n:] for f in c.frames)

    run(scenario(), timeout=180)


def spellings(code: str) -> list[str]:
    """Other ways people type a code (SERVER.md §2): lower case, in two halves."""
    return [code.lower(), f"{code[:3].lower()}-{code[3:]}"]


def test_s10_through_nginx_every_spelling_of_a_code_reaches_the_table_s_owner(
    cluster: tuple[Nginx, list[LiveServer]],
) -> None:
    nginx, servers = cluster
    # nginx hashes the code as typed: a spelling may go to either process. Over several
    # tables, some spellings go to the process that does not own the table (1 in 2 each).
    tables = []
    for n in range(TABLES_SPELLED):
        reply = httpx.post(f"{nginx.url}/api/tables", json={"name": f"Host{n}"}, timeout=30)
        assert reply.status_code == 201, reply.text
        tables.append(reply.json())
    for table in tables:
        code = table["code"]
        seat = httpx.post(
            f"{nginx.url}/api/tables/{code}/join", json={"name": "First"}, timeout=30
        ).json()["seat"]
        assert seat == 1  # claimed by the process its canonical code reaches
        for spelling in spellings(code):
            # A process answers another spelling with a redirect to the canonical one...
            direct = [
                httpx.post(f"{s.url}/api/tables/{spelling}/join", json={"name": "X"}, timeout=30)
                for s in servers
            ]
            assert {reply.status_code for reply in direct} == {308}
            assert {reply.headers["location"] for reply in direct} == {f"/api/tables/{code}/join"}
            # ...which nginx sends to the owner: joined, never TABLE_ELSEWHERE.
            seat += 1
            joined = httpx.post(
                f"{nginx.url}/api/tables/{spelling}/join",
                json={"name": f"Seat{seat}"},
                timeout=30,
                follow_redirects=True,
            )
            assert joined.status_code == 200, (spelling, joined.text)
            assert joined.json()["seat"] == seat
            with ws_connect(f"ws://127.0.0.1:{nginx.port}/ws/{spelling}") as socket:
                socket.send(json.dumps({"t": "hello", "v": 1, "token": table["token"]}))
                assert json.loads(socket.recv(timeout=30))["t"] == "welcome", spelling
