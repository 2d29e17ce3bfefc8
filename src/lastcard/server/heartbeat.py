"""A process on a shared database notices a lost connection and gives up its tables (§10).

PostgreSQL ends a session when it restarts or an administrator ends it, and with the session go
the advisory locks that made this process the owner of its tables: another process may take
them at once. A table with writes finds out on its next write, which the storage refuses; a
quiet one would go on being shown from memory. So every `HEARTBEAT_SECONDS` the storage is
asked to reach the database (connecting again if need be) and which claims were lost; each
such table is stopped here and its players told to reconnect (`bye`, 1012, as at a restart);
their reconnection claims the table again and reloads it from the stored actions, wherever the
table's traffic now goes.
"""

from __future__ import annotations

import asyncio
import logging
from typing import Any, Protocol

from .live import LiveTable, Writer

log = logging.getLogger("lastcard.server")
HEARTBEAT_SECONDS = 1.0


class Owner(Protocol):
    """What the heartbeat needs of the server."""

    writer: Writer
    tables: dict[str, LiveTable]
    shutting_down: bool

    def send(self, client: int, message: dict[str, Any]) -> None: ...

    def close(self, client: int, code: int, reason: str) -> None: ...


async def watch(owner: Owner, every: float = HEARTBEAT_SECONDS) -> None:
    """Until the server shuts down: give up the tables whose claims a lost connection took."""
    while not owner.shutting_down:
        await asyncio.sleep(every)
        try:
            lost = await owner.writer.call(lambda storage: storage.heartbeat())
        except Exception as error:  # the storage is closing: the shutdown follows
            log.warning("the database heartbeat failed: %s", error)
            continue
        for code in lost:
            await give_up(owner, code)


async def give_up(owner: Owner, code: str) -> None:
    live = owner.tables.get(code)
    if live is None or not live.running:
        return
    log.warning("table %s: its claim went with a lost database connection; given up", code)
    clients = list(live.room.clients)
    await live.stop()  # it finishes the message in hand, whose write the storage refuses
    for client in clients:
        owner.send(client, {"t": "bye", "reason": "restart"})
        owner.close(client, 1012, "restart")
