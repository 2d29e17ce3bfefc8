"""The asyncio side of a table (SERVER.md §1): one task per live table reads one queue.

Client messages, connections coming and going, HTTP joins and the room's own deadlines all pass
through `LiveTable.run`, one at a time, so nothing changes a table concurrently and no timer
fires on a position that is gone (a deadline is asked of the room afresh after every step).
Each step's `Effects` are carried out in the order that makes an acknowledgement a promise:
persist (on the one writer thread, `Writer`), then send, then close.
"""

from __future__ import annotations

import asyncio
import functools
import logging
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import Any, Protocol, TypeVar

from .batch_process import BatchProcess
from .group_commit import Ops, store_batch
from .protocol import ProtocolError
from .room import CLOSED, Effects, Room
from .storage import Storage

log = logging.getLogger("lastcard.server")
T = TypeVar("T")


GATHER_SECONDS = 0.003  # the least time between two batches sent to the batch process


class Writer:
    """The storage, used by one thread only (SQLite's one writer, §7), with group commit.

    Each table's writes wait for their commit before anything of theirs is sent (§4 step 10),
    but they need not each have a commit of their own: writes that arrive while a commit runs
    are gathered and stored in the next one, each table's in a savepoint of its own (one
    table's refusal never undoes another's). Under load a thousand tables share a few commits
    a second instead of queueing a thousand, and the event loop hops to the thread once per
    batch rather than once per action. After `store_apart` the batches are stored by a process
    of their own instead (a SQLite file; `batch_process` says why); the thread keeps the rest.
    """

    def __init__(self, storage: Storage) -> None:
        self.storage = storage
        self.batches: BatchProcess | None = None  # set by `store_apart`: batches go there
        self._sent = 0.0  # when the last batch went to the batch process (the loop's clock)
        self._thread = ThreadPoolExecutor(max_workers=1, thread_name_prefix="lastcard-db")
        self._pending: list[tuple[Ops, asyncio.Future[None]]] = []
        self._flushing = False
        self._flush_task: asyncio.Task[None] | None = None

    async def call(self, fn: Callable[[Storage], T]) -> T:
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(self._thread, fn, self.storage)

    async def store_apart(self, url: str) -> None:
        """Store the batches in a process of their own (`batch_process`), which opens `url`,
        the database this writer's storage is."""
        self.batches = await BatchProcess.start(url)

    async def persist(self, effects: Effects) -> None:
        """Store `effects.persist`; returns once it is committed (raises what storage raised)."""
        if not effects.persist:
            return
        future: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self._pending.append((list(effects.persist), future))
        if not self._flushing:
            self._flushing = True
            # Kept: the event loop holds only weak references to its tasks.
            self._flush_task = asyncio.get_running_loop().create_task(self._flush())
        await future

    async def _flush(self) -> None:
        loop = asyncio.get_running_loop()
        try:
            while self._pending:
                if self.batches is not None:
                    # A commit in the batch process takes a fraction of a millisecond: sent
                    # as soon as the last was answered, batches came twice as often, each
                    # costing the event loop its round trip. Gathered for a moment instead.
                    wait = self._sent + GATHER_SECONDS - loop.time()
                    if wait > 0:
                        await asyncio.sleep(wait)
                    self._sent = loop.time()
                batch, self._pending = self._pending, []
                try:
                    ops = [o for o, _ in batch]
                    if self.batches is not None:
                        errors = await self.batches.store(ops)
                    else:
                        errors = await self.call(functools.partial(store_batch, ops))
                except Exception as failure:  # the commit itself failed: nothing of it is stored
                    errors = [failure] * len(batch)
                for (_, future), problem in zip(batch, errors, strict=True):
                    if future.done():
                        continue
                    if problem is None:
                        future.set_result(None)
                    else:
                        future.set_exception(problem)
        finally:
            self._flushing = False

    async def close(self) -> None:
        if self.batches is not None:
            await self.batches.close()
        await self.call(lambda storage: storage.close())
        self._thread.shutdown(wait=True)


class Outlet(Protocol):
    """Where a table's sends go: the connections, by client number (never awaited)."""

    def send(self, client: int, message: dict[str, Any]) -> None: ...

    def close(self, client: int, code: int, reason: str) -> None: ...


Step = Callable[[Room, float], tuple[Any, Effects]]


class LiveTable:
    """A `Room` and the task that owns it. Put work on it with `submit`, never touch the room."""

    def __init__(self, room: Room, writer: Writer, outlet: Outlet) -> None:
        self.room = room
        self.writer = writer
        self.outlet = outlet
        self._queue: asyncio.Queue[tuple[Step, asyncio.Future[Any] | None] | None] = asyncio.Queue()
        self.task: asyncio.Task[None] | None = None
        self.failed: BaseException | None = None
        self._last_due: float | None = None  # the deadline the last tick was for

    def start(self) -> None:
        self.task = asyncio.create_task(self.run(), name=f"table {self.room.code}")

    @property
    def running(self) -> bool:
        return self.task is not None and not self.task.done()

    def submit(self, step: Callable[[Room, float], Effects]) -> None:
        """Queue `step(room, now)`; its effects are carried out in turn."""
        self._queue.put_nowait(((lambda room, now: (None, step(room, now))), None))

    async def call(self, step: Step) -> Any:
        """Run `step` in the table's turn; its result once its effects are stored and sent (an
        HTTP join answers only after the seat is in the database). Its error is raised here."""
        if not self.running:
            raise ProtocolError("TABLE_CLOSED", "this table has closed")
        future: asyncio.Future[Any] = asyncio.get_running_loop().create_future()
        self._queue.put_nowait((step, future))
        return await future

    async def stop(self) -> None:
        """Finish the message in hand, then stop (graceful shutdown)."""
        self._queue.put_nowait(None)
        if self.task is not None:
            await self.task

    async def run(self) -> None:
        try:
            await self._serve()
        finally:
            self._answer_leftovers()

    async def _serve(self) -> None:
        room = self.room
        while True:
            item: tuple[Step, asyncio.Future[Any] | None] | None
            deadline = room.deadline()
            now = time.time()
            if deadline is not None and deadline <= now and self._queue.empty():
                if deadline == self._last_due:
                    # A tick that left the same deadline behind would spin this loop and starve
                    # every other table: a bug, so say so and breathe instead.
                    log.error("table %s: a tick did nothing at its deadline", room.code)
                    await asyncio.sleep(1.0)
                self._last_due = deadline
                item = (_tick, None)  # due work first, so a busy table still moves its bots
            else:
                timeout = None if deadline is None else max(0.0, deadline - now)
                try:
                    async with asyncio.timeout(timeout):  # no task per wait, unlike wait_for
                        item = await self._queue.get()
                except TimeoutError:
                    item = (_tick, None)
            if item is None:
                return
            step, future = item
            try:
                result, effects = step(room, time.time())
            except Exception as error:
                if future is not None:  # a caller's request (an HTTP join): its answer
                    future.set_exception(error)
                    continue
                # A bug: the room may be half-changed, so the table stops rather than go on
                # from a state nobody can vouch for; what was stored stays, for a restart.
                log.exception("table %s: stopped by an error", room.code)
                self.failed = error
                self._say_goodbye("error")
                return
            try:
                await self.writer.persist(effects)
            except Exception as error:  # the database refused: stop before showing anything
                log.exception("table %s: storage failed; the table stops", room.code)
                self.failed = error
                if future is not None:
                    future.set_exception(error)
                self._say_goodbye("storage")
                return
            for client, message in effects.sends:
                self.outlet.send(client, message)
            for client, code, reason in effects.closes:
                self.outlet.close(client, code, reason)
            if future is not None and not future.done():
                future.set_result(result)
            if room.status == CLOSED and not room.clients:
                return

    def _say_goodbye(self, reason: str) -> None:
        for client in list(self.room.clients):
            self.outlet.send(client, {"t": "bye", "reason": reason})
            self.outlet.close(client, 1011, reason)

    def _answer_leftovers(self) -> None:
        """The task is ending: a request still queued gets an answer, not a wait forever."""
        while not self._queue.empty():
            item = self._queue.get_nowait()
            if item is not None and item[1] is not None and not item[1].done():
                item[1].set_exception(ProtocolError("TABLE_CLOSED", "this table has closed"))


def _tick(room: Room, now: float) -> tuple[None, Effects]:
    return None, room.tick(now)
