"""A small websocket client for tests against a real `lastcard serve` process (SERVER.md §3).

`WsClient` is one connection: a reader task keeps every frame received (parsed, with its text
and arrival time) and the close code, and the waits poll that record with timeouts, so no test
sleeps for an answer. `Person` is a seated player across connections: it reconnects with its
token and `since`, plays whatever the server offers with `autopilot_choice` as fast as states
come (within the server's rate limit), and remembers each action it sent by request id, so a
test can tell which were acknowledged. `start_game` seats people and bots at a new table and
starts its game.

    async def scenario(server: LiveServer) -> None:
        game = await start_game(server, people=2, seats=3, bots=[{"seat": 2, "level": "easy"}])
        await asyncio.gather(*(person.autoplay() for person in game.people))

    with LiveServer(tmp_path) as server:
        run(scenario(server))
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import json
import time
from collections.abc import Awaitable, Callable, Coroutine
from dataclasses import dataclass, field
from typing import Any, Protocol, TypeVar

import httpx
import websockets
from websockets.asyncio.client import ClientConnection
from websockets.exceptions import ConnectionClosed

from lastcard.core import parse_action
from lastcard.server.autopilot import autopilot_choice
from lastcard.server.limits import Limits, TokenBucket

WAIT = 10.0  # seconds any one expected frame may take; a test's own budget is far larger
# A client keeps under the server's rate limit (10 a second, a burst of 20, SERVER.md §8): a
# person playing against bots that move every 20 ms would otherwise be flooding.
PACE = Limits(rate=9.0, burst=18)
CLIENT_SEED = "00112233445566778899aabbccddeeff"
# Close codes after which a client must not reconnect (SERVER.md §3).
FINAL_CLOSES = frozenset({1000, 1008, 1009, 4001, 4003, 4004, 4008, 4400})
# Refusals of a message the table never saw: the same action may be sent again.
RETRY = frozenset({"RATE_LIMITED", "SHUTTING_DOWN"})

Frame = dict[str, Any]
Predicate = Callable[[Frame], bool]
T = TypeVar("T")


class Closed(AssertionError):
    """The connection closed before the frame awaited came."""


def run(coroutine: Coroutine[Any, Any, T], timeout: float = 60.0) -> T:
    """Run a test's coroutine; a hung exchange fails the test instead of hanging it."""

    async def bounded() -> T:
        return await asyncio.wait_for(coroutine, timeout)

    return asyncio.run(bounded())


class WsClient:
    """One websocket connection and everything it received."""

    def __init__(self, url: str, connection: ClientConnection, label: str) -> None:
        self.url = url
        self.label = label
        self.connection = connection
        self.frames: list[Frame] = []
        self.texts: list[str] = []
        self.times: list[float] = []  # time.monotonic() at each frame's arrival
        self.close_code: int | None = None
        self.close_reason: str | None = None
        self.answers: dict[str, Frame] = {}  # the `ack` or `error` of each request id
        self._ids = itertools.count(1)
        self._bucket = TokenBucket(PACE.rate, PACE.burst)
        self._changed = asyncio.Event()
        self._reader = asyncio.create_task(self._read(), name=f"reader {label}")

    @classmethod
    async def open(cls, url: str, label: str = "client") -> WsClient:
        """Connect without saying anything (the caller says `hello`, or tests not saying it)."""
        connection = await websockets.connect(url, max_size=1 << 22, open_timeout=WAIT)
        return cls(url, connection, label)

    async def _read(self) -> None:
        try:
            async for text in self.connection:
                raw = text if isinstance(text, str) else text.decode()
                self.texts.append(raw)
                frame = json.loads(raw)
                self.frames.append(frame)
                if frame.get("t") in ("ack", "error") and "id" in frame:
                    self.answers.setdefault(frame["id"], frame)
                self.times.append(time.monotonic())
                self._signal()
        except ConnectionClosed:
            pass
        finally:
            self.close_code = self.connection.close_code
            self.close_reason = self.connection.close_reason
            self._signal()

    def _signal(self) -> None:
        self._changed.set()
        self._changed = asyncio.Event()

    # -- saying things ----------------------------------------------------------------------

    def new_id(self) -> str:
        return f"{self.label[:12]}-{next(self._ids)}"

    async def send(self, kind: str, *, request_id: str | None = None, **fields: Any) -> str:
        """Send `{t: kind, id, **fields}` (a fresh id unless given); the id."""
        request_id = request_id or self.new_id()
        await self.send_paced(json.dumps({"t": kind, "id": request_id, **fields}))
        return request_id

    async def send_paced(self, data: str | bytes) -> None:
        """Send once the rate limit allows it (a wait, never a refusal)."""
        while not self._bucket.take(time.monotonic()):
            await asyncio.sleep((1.0 - self._bucket.tokens) / self._bucket.rate)
        await self.connection.send(data)

    async def send_raw(self, data: str | bytes) -> None:
        """Send at once, whatever the rate (floods are sent this way)."""
        self._bucket.take(time.monotonic())  # counted all the same
        await self.connection.send(data)

    async def request(self, kind: str, **fields: Any) -> Frame:
        """Send a message with an id; the `ack` or `error` that answers it."""
        start = self.mark()
        request_id = await self.send(kind, **fields)
        return await self.answer(request_id, start)

    async def answer(self, request_id: str, start: int = 0) -> Frame:
        return await self.wait_for(answering(request_id), start=start)

    async def hello(
        self, token: str | None = None, since: int | None = None, *, state: bool = False
    ) -> Frame:
        """Say hello; the `welcome` (and, with `state`, wait for the state that follows it)."""
        start = self.mark()
        fields: dict[str, Any] = {"v": 1}
        if token is not None:
            fields["token"] = token
        if since is not None:
            fields["since"] = since
        await self.send_paced(json.dumps({"t": "hello", **fields}))
        welcome = await self.wait_for(lambda f: f.get("t") == "welcome", start=start)
        if state:
            await self.wait_for(is_state, start=start)
        return welcome

    async def close(self) -> None:
        await self.connection.close()
        await self._reader

    # -- what came back ---------------------------------------------------------------------

    @property
    def closed(self) -> bool:
        return self._reader.done()

    def mark(self) -> int:
        """The index the next frame will have: wait for frames from here."""
        return len(self.frames)

    async def wait_for(
        self, predicate: Predicate, *, start: int = 0, timeout: float = WAIT
    ) -> Frame:
        """The first frame from index `start` on that satisfies `predicate`."""
        return self.frames[await self.wait_index(predicate, start=start, timeout=timeout)]

    async def wait_index(
        self, predicate: Predicate, *, start: int = 0, timeout: float = WAIT
    ) -> int:
        """The index of the first frame from `start` on that satisfies `predicate`."""
        deadline = time.monotonic() + timeout
        index = start
        while True:
            while index < len(self.frames):
                if predicate(self.frames[index]):
                    return index
                index += 1
            if self.closed:
                raise Closed(
                    f"{self.label}: closed ({self.close_code} {self.close_reason}) before the "
                    f"frame awaited; last frames: {self.texts[-3:]}"
                )
            if not await self._wait_change(deadline):
                raise AssertionError(
                    f"{self.label}: no such frame within {timeout} s; last: {self.texts[-3:]}"
                )

    async def wait_closed(self, timeout: float = WAIT) -> int:
        """The close code, once the server closed the connection."""
        deadline = time.monotonic() + timeout
        while not self.closed:
            if not await self._wait_change(deadline):
                raise AssertionError(f"{self.label}: still open after {timeout} s")
        assert self.close_code is not None
        return self.close_code

    async def wait_change(self, start: int, timeout: float = WAIT) -> bool:
        """Wait until a frame beyond `start` arrives or the connection ends; False on timeout."""
        deadline = time.monotonic() + timeout
        while len(self.frames) <= start and not self.closed:
            if not await self._wait_change(deadline):
                return False
        return True

    async def _wait_change(self, deadline: float) -> bool:
        changed = self._changed
        remaining = deadline - time.monotonic()
        if remaining <= 0:
            return False
        try:
            await asyncio.wait_for(changed.wait(), remaining)
        except TimeoutError:
            return False
        return True

    def latest_state(self) -> Frame | None:
        index = self.latest_state_index()
        return None if index is None else self.frames[index]

    def latest_state_index(self) -> int | None:
        return next(
            (i for i in reversed(range(len(self.frames))) if is_state(self.frames[i])), None
        )

    def last_seq(self) -> int | None:
        return next((f["seq"] for f in reversed(self.frames) if "seq" in f), None)

    def of_type(self, kind: str, start: int = 0) -> list[Frame]:
        return [f for f in self.frames[start:] if f.get("t") == kind]


def answering(request_id: str) -> Predicate:
    """Is a frame the `ack` or `error` answering `request_id`?"""

    def check(frame: Frame) -> bool:
        return frame.get("t") in ("ack", "error") and frame.get("id") == request_id

    return check


def is_state(frame: Frame) -> bool:
    return frame.get("t") == "state"


def game_over(state: Frame) -> bool:
    return bool(state["view"]["phase"] == "game_over")


def decides(state: Frame) -> bool:
    """The recipient of `state` must decide now and has something to decide."""
    return state["seat"] is not None and state["to_act"] == state["seat"] and bool(state["legal"])


@dataclass(frozen=True)
class Sent:
    """An action a person sent: its request id, code and the ply it was chosen at."""

    request_id: str
    code: str
    ply: int


@dataclass
class Person:
    """A seated player across connections (reconnects keep the token and pass `since`)."""

    url: str
    token: str
    table_seat: int
    label: str
    connections: list[WsClient] = field(default_factory=list)
    sent: list[Sent] = field(default_factory=list)
    reconnects: list[tuple[Frame | None, Frame]] = field(default_factory=list)

    @property
    def client(self) -> WsClient:
        return self.connections[-1]

    @property
    def frames(self) -> list[Frame]:
        return [frame for client in self.connections for frame in client.frames]

    @property
    def texts(self) -> list[str]:
        return [text for client in self.connections for text in client.texts]

    def last_seq(self) -> int | None:
        return next(
            (s for c in reversed(self.connections) if (s := c.last_seq()) is not None), None
        )

    async def connect(self, *, since: int | None = None, retry_for: float = 0.0) -> WsClient:
        """A new connection and its `hello`; keeps trying for `retry_for` seconds while the
        server is down (a restart)."""
        deadline = time.monotonic() + retry_for
        delay = 0.02
        while True:
            try:
                client = await WsClient.open(self.url, f"{self.label}{len(self.connections)}")
                break
            except (OSError, websockets.InvalidHandshake, TimeoutError):
                if time.monotonic() + delay > deadline:
                    raise
                await asyncio.sleep(delay)  # a backoff before retrying, not an assertion
                delay = min(delay * 2, 0.3)
        self.connections.append(client)
        await client.hello(self.token, since)
        return client

    async def reconnect(
        self, *, retry_for: float = 0.0, away: Callable[[], Awaitable[None]] | None = None
    ) -> WsClient:
        """Close (if open), wait for `away()` if given, and connect again with `since`; keeps
        the last state seen before and the first one after in `reconnects`."""
        before = self.client.latest_state()
        since = self.last_seq()
        if not self.client.closed:
            await self.client.close()
        if away is not None:
            await away()
        deadline = time.monotonic() + retry_for
        while True:
            try:
                client = await self.connect(
                    since=since, retry_for=max(0.0, deadline - time.monotonic())
                )
                after = await client.wait_for(is_state)
                break
            except (Closed, ConnectionClosed):  # a server still shutting down: try again
                if time.monotonic() > deadline:
                    raise
        self.reconnects.append((before, after))
        return client

    async def act(self, code: str, ply: int, request_id: str | None = None) -> str:
        request_id = request_id or self.client.new_id()
        self.sent.append(Sent(request_id, code, ply))
        await self.client.send("action", request_id=request_id, code=code, ply=ply)
        return request_id

    def acks(self) -> dict[str, Frame]:
        """Every `ack` received, by request id."""
        return {f["id"]: f for f in self.frames if f.get("t") == "ack" and "id" in f}

    def acked(self) -> list[tuple[Sent, int]]:
        """Each action acknowledged, with the ply the ack named (the ply after it)."""
        acks = self.acks()
        return [
            (sent, acks[sent.request_id]["ply"]) for sent in self.sent if sent.request_id in acks
        ]

    async def autoplay(
        self,
        until: Callable[[Frame], bool] = game_over,
        *,
        reconnect_at_ply: int | None = None,
        away: Callable[[], Awaitable[None]] | None = None,
        survive_drops: bool = False,
        timeout: float = 45.0,
        hold: asyncio.Event | None = None,
    ) -> Frame:
        """Play this seat with `autopilot_choice` until a state satisfies `until`; that state.

        `reconnect_at_ply`: once, mid-hand and while another seat decides, close, wait for
        `away()` and reconnect with `since`. `survive_drops`: a connection the server drops
        (a restart: 1012, or 1006 for a killed process) is reconnected, retrying while the
        server is down; any other close fails the test. `hold`: act only while it is set (a
        test stops the people, and so the game, at a position it chose)."""
        deadline = time.monotonic() + timeout
        acted: dict[int, str] = {}  # ply -> the request id of the action sent at it
        while True:
            client = self.client
            state = client.latest_state()
            if state is not None and until(state):
                return state
            if time.monotonic() > deadline:
                raise AssertionError(
                    f"{self.label}: no end within {timeout} s; last: {client.texts[-3:]}"
                )
            if hold is not None and not hold.is_set():
                await hold.wait()
                continue
            if client.closed:
                if not survive_drops or client.close_code in FINAL_CLOSES:
                    raise AssertionError(
                        f"{self.label}: closed with {client.close_code} {client.close_reason}"
                    )
                await self.reconnect(retry_for=deadline - time.monotonic())
                acted.clear()  # an action the old connection sent is in the new state, or lost
                continue
            if (
                state is not None
                and reconnect_at_ply is not None
                and state["ply"] >= reconnect_at_ply
                and state["view"]["phase"] not in ("hand_over", "game_over")
                and not decides(state)  # leave while the others play: there is news to miss
            ):
                reconnect_at_ply = None
                await self.reconnect(away=away)
                acted.clear()
                continue
            if state is not None and state["ply"] in acted:
                answer = client.answers.get(acted[state["ply"]])
                if answer is not None and answer.get("code") in RETRY:
                    del acted[state["ply"]]  # refused before the table saw it: send again
            if state is not None and decides(state) and state["ply"] not in acted:
                choice = autopilot_choice([parse_action(code) for code in state["legal"]])
                if choice is not None:
                    acted[state["ply"]] = client.new_id()
                    with contextlib.suppress(ConnectionClosed):  # seen as closed next round
                        await self.act(choice.code, state["ply"], acted[state["ply"]])
                    continue
            await client.wait_change(client.mark(), 1.0)


@dataclass
class Game:
    """A table whose game has started: its code, people (table seat order) and spectator."""

    code: str
    people: list[Person]
    spectator: WsClient | None
    game_id: str


async def post(url: str, body: Any = None, *, raw: bytes | None = None) -> httpx.Response:
    async with httpx.AsyncClient(timeout=WAIT) as http:
        if raw is not None:
            return await http.post(url, content=raw, headers={"content-type": "application/json"})
        return await http.post(url, json=body)


async def get(url: str) -> httpx.Response:
    async with httpx.AsyncClient(timeout=WAIT) as http:
        return await http.get(url)


class Server(Protocol):
    """What `start_game` needs of a server (tests pass a `LiveServer`)."""

    @property
    def url(self) -> str: ...

    def ws_url(self, code: str) -> str: ...


async def start_game(
    server: Server,
    *,
    people: int = 1,
    seats: int = 2,
    bots: list[dict[str, Any]] | None = None,
    spectator: bool = False,
    autopilot: bool = False,
    **settings: Any,
) -> Game:
    """Create a table (the first person hosts at seat 0), seat `people - 1` more by joining,
    connect everyone (and a spectator), ready, start, and wait for each one's first state.
    `autopilot`: the people hand their seats to the server's autopilot at once."""
    bots = bots or []
    reply = await post(
        server.url + "/api/tables", {"name": "P0", "seats": seats, "bots": bots, **settings}
    )
    assert reply.status_code == 201, reply.text
    created = reply.json()
    code = created["code"]
    url = server.ws_url(code)
    found = [Person(url, created["token"], 0, f"{code}p0")]
    for k in range(1, people):
        joined = await post(f"{server.url}/api/tables/{code}/join", {"name": f"P{k}"})
        assert joined.status_code == 200, joined.text
        seat = joined.json()["seat"]
        found.append(Person(url, joined.json()["token"], seat, f"{code}p{seat}"))
    for person in found:
        await person.connect()
        welcome = person.client.of_type("welcome")[-1]
        answer = await person.client.request(
            "ready",
            ready=True,
            client_seed=CLIENT_SEED,
            commitment=welcome["table"]["next_commitment"],
        )
        assert answer["t"] == "ack", answer
    watcher = None
    if spectator:
        watcher = await WsClient.open(url, f"{code}spec")
        await watcher.hello()
    answer = await found[0].client.request("start")
    assert answer["t"] == "ack", answer
    first = [await person.client.wait_for(is_state) for person in found]
    if watcher is not None:
        await watcher.wait_for(is_state)
    if autopilot:
        for person in found:
            answer = await person.client.request("autopilot", on=True)
            assert answer["t"] == "ack", answer
    return Game(code, found, watcher, first[0]["game"])
