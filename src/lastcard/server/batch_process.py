"""Storing the group commits in a process of their own (SQLite).

Every action is stored before anyone is shown it (SERVER.md §4 step 10). On the storage thread
the writes shared the process's GIL with the event loop: each statement hands the GIL back and
waits to get it again while the loop runs Python, and at a thousand tables the loop waited for
the thread as much as the thread for the loop, which was most of the players' slowest answers
(`benchmarks/server_load.py`: p99 55-177 ms at 1,000 tables with the thread, 15-16 ms with no
writes at all). A child process with its own connection to the same database stores each batch
instead, and the event loop only sends it the batch and reads the answer on a socket, with no
thread in between.

The child opens the database the server already opened (and migrated); SQLite's WAL lets the
server's own connection read meanwhile, and the rare writes outside a batch (none today: every
table's writes are batches) would wait for the child's commit rather than interleave with it.
Only a database file qualifies: an in-memory database is the server's alone, and PostgreSQL's
tables are owned through the server's own connection (its advisory locks), so both keep the
thread. The child exits when the socket closes: with the server, SIGKILL included. It ignores
the signals that stop a server gracefully (a terminal's Ctrl-C or a service manager's stop
reach it too), because the server stores its tables' last writes while it drains.

The wire: each message is a 4-byte big-endian length and a pickle. The server sends a batch
(a list of each table's storage calls, as `live._store_batch` takes it); the child answers
with what each table's writes raised (None: stored) and the batch's seconds, wall and CPU.
"""

from __future__ import annotations

import asyncio
import contextlib
import pickle
import signal
import socket
import struct
import subprocess
import sys
import time
from dataclasses import dataclass
from typing import Any

from .group_commit import Ops, store_batch
from .storage import StorageError, open_storage

_LENGTH = struct.Struct(">I")


def stores_apart(url: str) -> bool:
    """Whether the batches of the database at `url` can be stored by a process of their own."""
    return url.startswith("sqlite:///") and ":memory:" not in url


@dataclass
class BatchTiming:
    """The child's time for one batch: wall clock, and of it, on a CPU."""

    run_seconds: float = 0.0
    cpu_seconds: float = 0.0


class BatchProcess:
    """The child process that stores batches, and the event loop's end of its socket. One batch
    at a time: `live.Writer` sends the next once the last is answered."""

    def __init__(
        self,
        url: str,
        child: subprocess.Popen[bytes],
        reader: asyncio.StreamReader,
        writer: asyncio.StreamWriter,
    ) -> None:
        self._url = url
        self._child = child
        self._reader = reader
        self._writer = writer
        self._broken = False  # the socket closed under a batch: start a new child
        self.last = BatchTiming()  # the last batch's time in the child (the benchmark reads it)

    @classmethod
    async def start(cls, url: str) -> BatchProcess:
        return cls(url, *await _spawn(url))

    async def store(self, batch: list[Ops]) -> list[Exception | None]:
        """Store `batch` in one transaction; what each table's writes raised. A child that has
        stopped (its last batch was refused with a `StorageError`) is started again first: a
        server runs for weeks, and one lost child must not refuse every write after it."""
        if self._broken or self._child.poll() is not None:
            self._writer.close()
            if self._child.poll() is None:  # its socket closed, the process not yet gone
                self._child.kill()
            await asyncio.to_thread(self._child.wait)
            self._child, self._reader, self._writer = await _spawn(self._url)
            self._broken = False
        self._send(batch)
        answer = await self._receive()
        if isinstance(answer, str):  # the child could not even begin: the commit failed whole
            raise StorageError(answer)
        errors, run_seconds, cpu_seconds = answer
        self.last = BatchTiming(run_seconds, cpu_seconds)
        return list(errors)

    async def close(self) -> None:
        """Let the child finish its batch, close its database and exit."""
        if not self._writer.is_closing():
            self._writer.close()
            with contextlib.suppress(OSError):
                await self._writer.wait_closed()
        await asyncio.to_thread(self._child.wait)

    def _send(self, message: object) -> None:
        data = pickle.dumps(message, protocol=pickle.HIGHEST_PROTOCOL)
        self._writer.write(_LENGTH.pack(len(data)) + data)

    async def _receive(self) -> Any:
        try:
            return await _read(self._reader, self._child)
        except StorageError:
            self._broken = True
            raise


async def _spawn(
    url: str,
) -> tuple[subprocess.Popen[bytes], asyncio.StreamReader, asyncio.StreamWriter]:
    """Start a child storing batches into `url`; returns once it has opened the database."""
    ours, theirs = socket.socketpair()
    try:
        child = subprocess.Popen(
            [sys.executable, "-m", "lastcard.server.batch_process", url, str(theirs.fileno())],
            pass_fds=(theirs.fileno(),),
            stdin=subprocess.DEVNULL,
        )
    finally:
        theirs.close()
    reader, writer = await asyncio.open_unix_connection(sock=ours)
    ready = await _read(reader, child)
    if ready != "ready":
        writer.close()
        await asyncio.to_thread(child.wait)
        raise StorageError(f"the batch writer could not open the database: {ready}")
    return child, reader, writer


async def _read(reader: asyncio.StreamReader, child: subprocess.Popen[bytes]) -> Any:
    try:
        header = await reader.readexactly(_LENGTH.size)
        data = await reader.readexactly(_LENGTH.unpack(header)[0])
    except (asyncio.IncompleteReadError, ConnectionError) as error:
        raise StorageError(f"the batch writer stopped (exit status {child.poll()})") from error
    return pickle.loads(data)


def _picklable(error: Exception | None) -> Exception | None:
    """`error` as it can cross to the server: a storage error is; anything else in its words."""
    if error is None:
        return None
    try:
        pickle.dumps(error)
    except Exception:
        return StorageError(f"{type(error).__name__}: {error}")
    return error


def serve_batches(url: str, sock: socket.socket) -> None:
    """The child's loop: store each batch that arrives until the socket closes."""
    stream = sock.makefile("rwb")
    try:
        storage = open_storage(url)
    except StorageError as error:
        _write(stream, str(error))
        return
    try:
        _write(stream, "ready")
        while True:
            header = stream.read(_LENGTH.size)
            if len(header) < _LENGTH.size:
                return  # the server has gone
            batch = pickle.loads(stream.read(_LENGTH.unpack(header)[0]))
            began, cpu = time.perf_counter(), time.process_time()
            try:
                errors = [_picklable(error) for error in store_batch(batch, storage)]
            except Exception as failure:  # the commit itself failed: nothing of it is stored
                _write(stream, f"{type(failure).__name__}: {failure}")
                continue
            # Plain numbers: this module runs as `__main__` here, so its classes would not
            # unpickle as themselves in the server.
            _write(stream, (errors, time.perf_counter() - began, time.process_time() - cpu))
    finally:
        storage.close()


def _write(stream: Any, message: object) -> None:
    data = pickle.dumps(message, protocol=pickle.HIGHEST_PROTOCOL)
    stream.write(_LENGTH.pack(len(data)) + data)
    stream.flush()


def main() -> None:
    url, fd = sys.argv[1], int(sys.argv[2])
    # Its life is the socket's. Ctrl-C in a terminal reaches the whole process group, and a
    # service manager's stop every process of the service: the server then drains its tables
    # and stores their last writes here, so the batch process must outlive the signal.
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_IGN)
    with contextlib.suppress(ConnectionError):  # the server went away mid-answer
        serve_batches(url, socket.socket(fileno=fd))


if __name__ == "__main__":
    main()
