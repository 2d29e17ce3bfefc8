"""How `lastcard serve` stores and sends (SERVER.md §7, §8): a SQLite file's batches are stored
by a process of its own, which goes when the server goes, SIGKILL included; websocket messages
are not compressed."""

from __future__ import annotations

import asyncio
import os
import signal
import time
from pathlib import Path

from live_server import LiveServer
from websockets.asyncio.client import connect


def children(pid: int) -> list[int]:
    path = Path(f"/proc/{pid}/task/{pid}/children")
    return [int(child) for child in path.read_text().split()]


def command_of(pid: int) -> str:
    return Path(f"/proc/{pid}/cmdline").read_bytes().replace(b"\0", b" ").decode()


def gone(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().split(")")[-1].split()[0]
    except FileNotFoundError:
        return True
    return state == "Z"  # exited, not yet reaped by its (dead) parent's reaper


def test_s7_a_killed_server_takes_its_batch_process_with_it(tmp_path: Path) -> None:
    with LiveServer(tmp_path) as server:
        assert server.process is not None
        server.create_table(name="Ana", seats=2, bots=[{"seat": 1, "level": "easy"}])
        batch = [
            child
            for child in children(server.process.pid)
            if "lastcard.server.batch_process" in command_of(child)
        ]
        assert len(batch) == 1
        server.kill(signal.SIGKILL)
        deadline = time.monotonic() + 60  # a loaded machine: the child notices the socket close
        while not gone(batch[0]) and time.monotonic() < deadline:
            time.sleep(0.05)
        assert gone(batch[0])


def test_s8_websocket_messages_are_sent_uncompressed(tmp_path: Path) -> None:
    # A state is a few kilobytes: compressing each cost the server a tenth of a core at 1,000
    # tables and every connection its own zlib state (benchmarks/server_load.py).
    with LiveServer(tmp_path) as server:
        code = server.create_table(name="Ana", seats=2)["code"]

        async def handshake() -> str | None:
            async with connect(server.ws_url(code), origin=server.url) as socket:  # type: ignore[arg-type]
                assert socket.response is not None
                return socket.response.headers.get("Sec-WebSocket-Extensions")

        assert asyncio.run(handshake()) is None


def test_s8_the_signals_that_stop_a_server_leave_its_batch_process_to_finish_with_it(
    tmp_path: Path,
) -> None:
    # Ctrl-C reaches the whole process group, a service manager's stop every process of the
    # service: the server drains its tables then, and their last writes go to the batch process.
    with LiveServer(tmp_path) as server:
        assert server.process is not None
        (batch,) = [
            child
            for child in children(server.process.pid)
            if "lastcard.server.batch_process" in command_of(child)
        ]
        os.kill(batch, signal.SIGINT)
        os.kill(batch, signal.SIGTERM)
        code = server.create_table(name="Ana", seats=2, bots=[{"seat": 1, "level": "easy"}])
        assert code["code"]  # stored by the batch process, which is still there
        assert not gone(batch)
        server.kill(signal.SIGTERM)  # a graceful stop: the tables drained, then the exit
        deadline = time.monotonic() + 60
        while not gone(batch) and time.monotonic() < deadline:
            time.sleep(0.05)
        assert gone(batch)
