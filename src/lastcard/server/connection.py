"""One websocket connection (SERVER.md §1, §4 steps 1–4, §8): a reader and a writer task.

The reader checks what it can without the table (size, rate, JSON and schema, `hello` first)
and queues the message on the table's task; it never waits on the table. The writer drains a
bounded outgoing queue that the table never waits on: when it is full, only the newest `state`
is kept (a full snapshot makes older ones useless), and a client that takes no frame for
`stuck_reader` seconds is closed with 4008. Rates are counted per connection until a `hello`
names a seat token, then against that token's (`rates.py`), whichever connection it comes on.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import time
from collections import deque
from collections.abc import Callable
from typing import Any

from starlette.websockets import WebSocket, WebSocketDisconnect, WebSocketState

from .limits import Limits
from .protocol import MAX_MESSAGE_BYTES, ClientMessage, ProtocolError, error_message, parse_message
from .rates import Rates


class Outgoing:
    """A connection's bounded queue of messages to send."""

    def __init__(self, size: int) -> None:
        self.size = size
        self.items: deque[dict[str, Any]] = deque()
        self.ready = asyncio.Event()
        self.overflowed = False  # full of messages that cannot be dropped: the reader is stuck

    def put(self, message: dict[str, Any]) -> None:
        if message.get("t") == "state":
            # A newer snapshot makes any queued one useless; keep the story (their events) by
            # carrying the older events forward.
            for i, queued in enumerate(self.items):
                if queued.get("t") == "state" and len(self.items) >= self.size:
                    message = {**message, "events": queued["events"] + message["events"]}
                    del self.items[i]
                    break
        if len(self.items) >= self.size:
            self.overflowed = True
            return
        self.items.append(message)
        self.ready.set()


class Connection:
    """A client's connection; `number` is its client number for the room."""

    def __init__(
        self,
        number: int,
        websocket: WebSocket,
        limits: Limits,
        deliver: Callable[[int, ClientMessage], None],
        gone: Callable[[int], None],
        refuse_actions: Callable[[], bool],
        rates_of_token: Callable[[str, float], Rates],
    ) -> None:
        self.number = number
        self.websocket = websocket
        self.limits = limits
        self.outgoing = Outgoing(limits.outgoing_queue)
        self._deliver = deliver
        self._gone = gone
        self._refuse_actions = refuse_actions
        self._rates = Rates(limits)
        self._rates_of_token = rates_of_token
        self._greeted = False
        self._close: tuple[int, str] | None = None
        self._closed = asyncio.Event()

    # -- called by the table's task (never blocks) --------------------------------------------

    def send(self, message: dict[str, Any]) -> None:
        self.outgoing.put(message)
        if self.outgoing.overflowed:
            self.close(4008, "too slow a reader")

    def close(self, code: int, reason: str) -> None:
        if self._close is None:
            self._close = (code, reason)
        self.outgoing.ready.set()  # always: the writer must wake to close, whatever came first

    # -- the two tasks ----------------------------------------------------------------------

    async def serve(self) -> None:
        """Read until the client goes; the writer runs beside."""
        writer = asyncio.create_task(self._write())
        try:
            await self._read()
        finally:
            self.close(1000, "closed")
            await writer
            self._gone(self.number)

    async def _read(self) -> None:
        websocket = self.websocket
        hello_by = time.monotonic() + self.limits.hello_within
        while self._close is None:
            timeout = None if self._greeted else max(0.0, hello_by - time.monotonic())
            try:
                frame = await asyncio.wait_for(websocket.receive(), timeout)
            except TimeoutError:
                self._reply_error("HELLO_FIRST", "say hello within 10 seconds", None)
                self.close(4008, "no hello")
                return
            except (WebSocketDisconnect, RuntimeError):
                return
            if frame["type"] == "websocket.disconnect":
                return
            raw = frame.get("text")
            if raw is None:
                raw = frame.get("bytes") or b""
            self._take(raw)

    def _take(self, raw: str | bytes) -> None:
        now = time.monotonic()
        size = len(raw.encode() if isinstance(raw, str) else raw)
        # §4 steps 1 and 2. A frame too big still spends a token: answering those must not be
        # a way around the rate limit.
        rates = self._rates
        rates.used = now
        if not rates.messages.take(now):
            if rates.violations.add(now) >= self.limits.violations_to_close:
                self.close(1008, "flooding")
                return
            request_id = _id_of(raw) if size <= MAX_MESSAGE_BYTES else None
            self._reply_error("RATE_LIMITED", "slow down: too many messages", request_id)
            return
        if size > MAX_MESSAGE_BYTES:
            self._reply_error("TOO_BIG", f"a message is at most {MAX_MESSAGE_BYTES} bytes", None)
            return
        try:
            message = parse_message(raw)
        except ProtocolError as error:
            self._reply_error(error.code, str(error), error.request_id)
            return
        if message.type == "hello":
            self._greeted = True
            token = message.get("token")
            if token is not None:
                self._rates = rates = self._rates_of_token(token, now)
        elif not self._greeted:
            self._reply_error("HELLO_FIRST", "say hello first", message.id)
            return
        if message.type == "action":
            if self._refuse_actions():
                self._reply_error("SHUTTING_DOWN", "the server is restarting", message.id)
                return
            if str(message.get("code")).lower().startswith("catch") and not rates.catches.take(now):
                self._reply_error("RATE_LIMITED", "at most two catches a second", message.id)
                return
        if message.type == "chat" and rates.chat.add(now) > self.limits.chat_burst:
            self._reply_error("RATE_LIMITED", "at most 5 chat lines in 10 seconds", message.id)
            return
        self._deliver(self.number, message)

    def _reply_error(self, code: str, text: str, request_id: str | None) -> None:
        self.send(error_message(code, text, request_id))

    async def _write(self) -> None:
        websocket = self.websocket
        outgoing = self.outgoing
        while True:
            await outgoing.ready.wait()
            outgoing.ready.clear()
            while outgoing.items:
                message = outgoing.items.popleft()
                try:
                    async with asyncio.timeout(self.limits.stuck_reader):
                        await websocket.send_text(json.dumps(message, separators=(",", ":")))
                except TimeoutError:  # §8: a reader stuck this long is let go
                    self._close = (4008, "too slow a reader")
                    outgoing.items.clear()
                    break
                except (WebSocketDisconnect, RuntimeError, OSError):
                    self._close = self._close or (1000, "gone")
                    outgoing.items.clear()
                    break
            if self._close is not None and not outgoing.items:
                code, reason = self._close
                if websocket.application_state is WebSocketState.CONNECTED:
                    with contextlib.suppress(Exception):
                        async with asyncio.timeout(5.0):  # a peer that reads nothing
                            await websocket.close(code, reason)
                return


def _id_of(raw: str | bytes) -> str | None:
    """The request id of a message refused before parsing, if it has a readable one."""
    try:
        data = json.loads(raw)
    except (ValueError, RecursionError):
        return None
    request_id = data.get("id") if isinstance(data, dict) else None
    return request_id if isinstance(request_id, str) and len(request_id) <= 24 else None
