"""The web server (SERVER.md §1, §2, §7, §8): Starlette routes around the live tables.

`create_app(database_url)` builds the ASGI app; `lastcard serve` runs it with uvicorn. One
process owns every table it serves; each live table is a `LiveTable` task, each connection a
`Connection`; `WebGuard` (web_guard.py) stands in front of them all against cross-site
requests. At start the open tables are loaded from the database and rebuilt (their seats
disconnected, their deadlines re-armed); at shutdown actions are refused (`SHUTTING_DOWN`),
each table finishes the message in hand, sockets close with 1012 and the database closes.

On a database other processes share (PostgreSQL, §10) a table is instead loaded by the process
its traffic reaches, on first use, once that process has claimed it (`Storage.claim`): a new
table is stored and left for that process, and one whose owner is another process is refused
for now (`TABLE_ELSEWHERE`, HTTP 503, websocket close 1013: try again) until the owner lets
go of it, by closing it or by dying.
"""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import functools
import itertools
import logging
import time
from collections import defaultdict
from collections.abc import AsyncIterator, Sequence
from dataclasses import dataclass, field
from importlib import resources
from pathlib import Path
from typing import Any

from starlette.applications import Starlette
from starlette.middleware import Middleware
from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse, Response
from starlette.routing import Mount, Route, WebSocketRoute
from starlette.staticfiles import StaticFiles
from starlette.websockets import WebSocket

from lastcard.core import GameRecord, LastcardError, Rules, replay, state_digest

from . import heartbeat
from .batch_process import stores_apart
from .catalogue import presets_catalogue
from .connection import Connection
from .credentials import new_table_code, normalise_code, respelled
from .fairness import make_bundle
from .limits import Limits, WindowCounter
from .live import LiveTable, Writer
from .page_words import WORDS_MODULE_PATH, page_words_module
from .protocol import ClientMessage, ProtocolError
from .protocol_words import protocol_words
from .rates import RateBook
from .request_bodies import CREATE_FIELDS, JOIN_FIELDS, checked_body, checked_bots, json_body
from .room import CLOSED, PLAYING, RECENT_CHAT, WAITING, Room, Timing
from .storage import ChatLine, Storage, StoredTable, open_storage
from .web_guard import WebGuard

log = logging.getLogger("lastcard.server")
BUNDLES_KEPT = 256  # finished games' records kept ready to download
MAX_COUNTED_ADDRESSES = 10_000
STATIC = Path(str(resources.files("lastcard.server") / "static"))

# HTTP status of each refusal code; anything else is a 400.
_HTTP_STATUS = {
    "SEAT_TAKEN": 409,
    "TABLE_FULL": 409,
    "NOT_WAITING": 409,
    "TABLE_CLOSED": 410,
    "NO_TABLE": 404,
    "NO_GAME": 404,
    "GAME_NOT_OVER": 403,
    "RATE_LIMITED": 429,
    "TOO_BIG": 413,
    "NOT_JSON": 415,
    "TOO_MANY_TABLES": 503,
    "SHUTTING_DOWN": 503,
    "TABLE_ELSEWHERE": 503,
}


@dataclass
class Server:
    """Everything one process serves: its tables, its connections, its database."""

    storage: Storage
    limits: Limits = field(default_factory=Limits)
    timing: Timing = field(default_factory=Timing)
    tables: dict[str, LiveTable] = field(default_factory=dict)
    connections: dict[int, Connection] = field(default_factory=dict)
    shutting_down: bool = False

    def __post_init__(self) -> None:
        self.writer = Writer(self.storage)
        self._numbers = itertools.count(1)
        self._creates: dict[str, WindowCounter] = defaultdict(lambda: WindowCounter(60.0))
        self._joins: dict[str, WindowCounter] = defaultdict(lambda: WindowCounter(60.0))
        self._records: dict[str, WindowCounter] = defaultdict(lambda: WindowCounter(60.0))
        self._unknown_codes: dict[str, WindowCounter] = defaultdict(lambda: WindowCounter(60.0))
        self.rates = RateBook(self.limits)
        self._per_ip: dict[str, int] = defaultdict(int)
        self._bundles: dict[str, dict[str, Any]] = {}  # finished games' bundles, oldest first
        self._taking: dict[str, asyncio.Future[LiveTable | None]] = {}  # claims under way
        self._releases: set[asyncio.Task[None]] = set()  # kept: the loop holds tasks weakly
        self._heartbeat: asyncio.Task[None] | None = None  # on a shared database (heartbeat.py)

    # -- the outlet of every table: sends and closes by client number ----------------------

    def send(self, client: int, message: dict[str, Any]) -> None:
        connection = self.connections.get(client)
        if connection is not None:
            connection.send(message)

    def close(self, client: int, code: int, reason: str) -> None:
        connection = self.connections.get(client)
        if connection is not None:
            connection.close(code, reason)

    # -- tables ------------------------------------------------------------------------------

    async def load_open_tables(self) -> None:
        if self.storage.shared:  # each table is loaded where its traffic goes (`_take`)
            log.info("a shared database: tables are loaded on first use")
            self._heartbeat = asyncio.get_running_loop().create_task(heartbeat.watch(self))
            return
        now = time.time()
        codes = await self.writer.call(lambda storage: storage.list_open())
        for code in codes:
            stored = await self.writer.call(functools.partial(_load, code=code))
            if stored is None:
                continue
            chat = await self.writer.call(functools.partial(_chat, code=code))
            try:
                room = Room.restore(stored, now, timing=self.timing, chat=chat)
            except Exception as error:  # a table that cannot be rebuilt stays shut, not the server
                log.error("table %s cannot be restored: %s", code, error)
                continue
            self._go_live(room)
        log.info("restored %d open tables", len(self.tables))

    def _go_live(self, room: Room) -> LiveTable:
        live = LiveTable(room, self.writer, self)
        self.tables[room.code] = live
        live.start()
        assert live.task is not None
        live.task.add_done_callback(lambda _: self._gone_table(live))
        return live

    def _gone_table(self, live: LiveTable) -> None:
        """A table's task ended (closed, stopped, failed): it leaves memory (what matters of it
        is in the database)."""
        code = live.room.code
        if self.tables.get(code) is live:
            del self.tables[code]
        # On a shared database every live table was claimed once (`_take`), even one already
        # replaced by a new load of its code: each lets go once. A shutdown lets go of all.
        if self.storage.shared and not self.shutting_down:
            release = asyncio.get_running_loop().create_task(self._release(code))
            self._releases.add(release)
            release.add_done_callback(self._releases.discard)

    async def _release(self, code: str) -> None:
        try:
            await self.writer.call(lambda storage: storage.release(code))
        except Exception as error:  # a lost connection has let go of every claim already
            log.warning("table %s: cannot let go of it: %s", code, error)

    async def _take(self, code: str) -> LiveTable | None:
        """The table `code` from the database, claimed and live here (§10); None if there is
        no such open table. Requests for one code wait for one claim."""
        taking = self._taking.get(code)
        if taking is None:
            taking = asyncio.ensure_future(self._claim_and_load(code))
            self._taking[code] = taking
            taking.add_done_callback(lambda _: self._taking.pop(code, None))
        return await asyncio.shield(taking)  # a request that gives up leaves the load to others

    async def _claim_and_load(self, code: str) -> LiveTable | None:
        if not await self.writer.call(lambda storage: storage.claim(code)):
            raise ProtocolError(
                "TABLE_ELSEWHERE", "another server process has this table: try again shortly"
            )
        room = None
        try:
            stored = await self.writer.call(functools.partial(_load, code=code))
            if stored is not None and stored.status != CLOSED:
                chat = await self.writer.call(functools.partial(_chat, code=code))
                try:
                    room = Room.restore(stored, time.time(), timing=self.timing, chat=chat)
                except Exception as error:  # it stays shut, as at a restart
                    log.error("table %s cannot be restored: %s", code, error)
        finally:
            if room is None or self.shutting_down:
                await self._release(code)
        if room is None or self.shutting_down:
            return None
        return self._go_live(room)

    def live(self, code: str) -> LiveTable | None:
        live = self.tables.get(code)
        if live is None or not live.running:
            return None
        return live

    async def drain(self) -> None:
        """The first half of a graceful shutdown (§8): refuse actions, let each table finish
        the message in hand, tell every client to reconnect later (`bye`, close 1012) and give
        their writers a moment to say it. Safe to call twice."""
        if self.shutting_down:
            return
        self.shutting_down = True
        for live in list(self.tables.values()):
            if live.running:
                await live.stop()
        for connection in list(self.connections.values()):
            connection.send({"t": "bye", "reason": "restart"})
            connection.close(1012, "restart")
        for _ in range(100):  # at most a second for the goodbyes to leave
            if not self.connections:
                break
            await asyncio.sleep(0.01)

    async def shutdown(self) -> None:
        await self.drain()
        if self._heartbeat is not None:
            self._heartbeat.cancel()
        await self.writer.close()

    # -- HTTP ----------------------------------------------------------------------------------

    async def create_table(self, request: Request) -> Response:
        ip = _ip(request)
        if _over(self._creates, ip, self.limits.creates_per_minute):
            raise ProtocolError("RATE_LIMITED", "too many tables created: wait a minute")
        if self.shutting_down:
            raise ProtocolError("SHUTTING_DOWN", "the server is restarting")
        live_count = sum(1 for live in self.tables.values() if live.running)
        if live_count >= self.limits.max_tables:
            raise ProtocolError("TOO_MANY_TABLES", "this server is full: try again later")
        body = checked_body(await json_body(request), CREATE_FIELDS, required=("name",))
        for bot in checked_bots(body.get("bots", [])):
            body.setdefault("checked_bots", []).append(bot)
        body["bots"] = body.pop("checked_bots", [])
        if body.get("seats", 4) < 2:
            raise ProtocolError("BAD_FIELD", "seats: a table has 2 to 10 seats")
        code = new_table_code()
        while code in self.tables:
            code = new_table_code()
        room, reply, effects = Room.create(code, body, time.time(), timing=self.timing)
        await self.writer.persist(effects)
        if not self.storage.shared:  # else the process its traffic reaches loads it (§10)
            self._go_live(room)
        return JSONResponse(reply, status_code=201)

    async def join_table(self, request: Request) -> Response:
        if self.storage.shared and (code := respelled(request.path_params["code"])):
            return _respelled(f"/api/tables/{code}/join", request.url.query)  # credentials.py
        ip = _ip(request)
        if _over(self._joins, ip, self.limits.joins_per_minute):
            raise ProtocolError("RATE_LIMITED", "too many joins: wait a minute")
        if self.shutting_down:
            raise ProtocolError("SHUTTING_DOWN", "the server is restarting")
        body = checked_body(await json_body(request), JOIN_FIELDS, required=("name",))
        live = await self._table_from_path(request, ip)
        name, seat = body["name"].strip(), body.get("seat")
        reply = await live.call(lambda room, now: room.join(name, seat, now))
        return JSONResponse(reply)

    async def list_tables(self, request: Request) -> Response:
        if self.storage.shared:  # other processes' tables too: the database knows them all
            listed = await self.writer.call(lambda storage: storage.lobby())
            return JSONResponse(
                {
                    "tables": [
                        {
                            "code": table.code,
                            "name": table.name,
                            "seats": table.seats,
                            "taken": table.taken,
                            "status": table.status,
                            "rules": table.settings.get("rules"),
                        }
                        for table in listed
                    ]
                }
            )
        tables = []
        for live in self.tables.values():
            room = live.room
            if (
                not live.running
                or not room.settings.public
                or room.status not in (WAITING, PLAYING)
            ):
                continue
            tables.append(
                {
                    "code": room.code,
                    "name": room.name,
                    "seats": len(room.seats),
                    "taken": sum(1 for s in room.seats if not s.empty),
                    "status": room.status,
                    "rules": room.settings.rules,
                }
            )
        return JSONResponse({"tables": tables})

    async def presets(self, request: Request) -> Response:
        return JSONResponse(presets_catalogue())

    async def game_record(self, request: Request) -> Response:
        game_id = request.path_params["game"]
        if _over(self._records, _ip(request), self.limits.joins_per_minute):
            raise ProtocolError("RATE_LIMITED", "too many downloads: wait a minute")
        bundle = self._bundles.get(game_id)
        if bundle is None:
            bundle = await self._make_bundle(game_id)
        headers = {"Content-Disposition": f'attachment; filename="lastcard-{game_id}.json"'}
        if request.query_params.get("inline"):
            headers = {}
        return JSONResponse(bundle, headers=headers)

    async def _make_bundle(self, game_id: str) -> dict[str, Any]:
        """A finished game's bundle, replayed off the event loop and kept: it never changes."""
        found = await self.writer.call(lambda storage: storage.game(game_id))
        if found is None:
            raise ProtocolError("NO_GAME", "no such game")
        row, actions = found
        if row.status == "running":
            raise ProtocolError("GAME_NOT_OVER", "the record is published when the game ends")
        record = GameRecord(
            players=row.players,
            rules=Rules.from_dict(row.rules),
            seed=row.seed if row.seed is not None else 0,
            generator=row.generator,
            actions=tuple((row.seats.index(a.seat), a.code) for a in actions),
        )

        def build() -> dict[str, Any]:
            # The digest proves the replay reaches the game's end: computed by the engine.
            digested = dataclasses.replace(
                record, digest=state_digest(replay(record, verify=False))
            )
            return make_bundle(
                digested,
                bytes.fromhex(row.server_seed),
                row.code,
                row.id,
                list(row.client_seeds),
                row.names,
            )

        bundle = await asyncio.to_thread(build)
        self._bundles[game_id] = bundle
        while len(self._bundles) > BUNDLES_KEPT:
            self._bundles.pop(next(iter(self._bundles)))
        return bundle

    async def _table_from_path(self, request: Request, ip: str) -> LiveTable:
        if self._scanning(ip):
            raise ProtocolError("RATE_LIMITED", "too many unknown table codes: wait a minute")
        live = await self._look_up(request.path_params["code"], ip)
        if live is None:
            raise ProtocolError("NO_TABLE", "no such table: check the code")
        return live

    def _scanning(self, ip: str) -> bool:
        """§8: an address that tried `unknown_codes_per_minute` unknown codes in the last
        minute, over HTTP and websocket together, has its codes refused without a look-up."""
        counter = self._unknown_codes.get(ip)
        limit = self.limits.unknown_codes_per_minute
        return counter is not None and counter.count(time.monotonic()) >= limit

    async def _look_up(self, text: str, ip: str) -> LiveTable | None:
        """The live table of a code as typed (on a shared database, loaded if need be); an
        unknown one is counted against `ip`."""
        code = normalise_code(text)
        live = self.live(code) if code is not None else None
        if code is not None and live is None and self.storage.shared and not self.shutting_down:
            live = await self._take(code)
        if live is None:
            _over(self._unknown_codes, ip, self.limits.unknown_codes_per_minute)
        return live

    # -- websockets -----------------------------------------------------------------------

    async def websocket(self, websocket: WebSocket) -> None:
        ip = websocket.client.host if websocket.client else "?"
        if self.storage.shared and (code := respelled(websocket.path_params["code"])):
            # Refused before the upgrade, as an HTTP redirect (credentials.py, `respelled`).
            await websocket.send_denial_response(_respelled(f"/ws/{code}", websocket.url.query))
            return
        try:
            live = (
                None
                if self._scanning(ip)
                else await self._look_up(websocket.path_params["code"], ip)
            )
        except LastcardError as refusal:  # loading a table on a shared database (§10)
            # TABLE_ELSEWHERE: try again, the owner may soon let go; the database failed: 1011.
            await websocket.accept()
            await websocket.close(1013 if refusal.code == "TABLE_ELSEWHERE" else 1011)
            return
        await websocket.accept()
        if live is None:
            await websocket.close(4004, "no such table")
            return
        if self.shutting_down:
            await websocket.close(1012, "restart")
            return
        if self._per_ip[ip] >= self.limits.connections_per_ip:
            await websocket.close(1008, "too many connections")
            return
        number = next(self._numbers)

        def deliver(client: int, message: ClientMessage) -> None:
            live.submit(lambda room, now: room.handle(client, message, now))

        def gone(client: int) -> None:
            self.connections.pop(client, None)
            if live.running:
                live.submit(lambda room, now: room.disconnect(client, now))

        connection = Connection(
            number,
            websocket,
            self.limits,
            deliver,
            gone,
            lambda: self.shutting_down,
            self.rates.of_token,
        )
        self.connections[number] = connection
        self._per_ip[ip] += 1
        try:
            await connection.serve()
        finally:
            self._per_ip[ip] -= 1
            if not self._per_ip[ip]:
                del self._per_ip[ip]


def _load(storage: Storage, code: str) -> StoredTable | None:
    return storage.load(code)


def _chat(storage: Storage, code: str) -> list[ChatLine]:
    return storage.chat(code, RECENT_CHAT)


def _over(counters: dict[str, WindowCounter], ip: str, limit: int) -> bool:
    """Count one request from `ip`; True past `limit` a minute. Counters of addresses quiet for
    a minute are dropped now and then, so new addresses cannot grow the table for ever."""
    now = time.monotonic()
    if len(counters) > MAX_COUNTED_ADDRESSES:
        for quiet in [key for key, counter in counters.items() if not counter.count(now)]:
            del counters[quiet]
    return counters[ip].add(now) > limit


def _respelled(path: str, query: str) -> Response:
    """A redirect to the same request with the code spelled canonically (308: the same method
    and body), relative so that it keeps the scheme and host the client used."""
    return Response(status_code=308, headers={"Location": f"{path}?{query}" if query else path})


def _ip(request: Request) -> str:
    return request.client.host if request.client else "?"


def _error_response(request: Request, error: Exception) -> Response:
    assert isinstance(error, LastcardError)
    status = _HTTP_STATUS.get(error.code, 400)
    message = str(error)
    said = protocol_words(error.code, message)
    body = {"error": {"code": error.code, "message": message, "words": said}}
    return JSONResponse(body, status_code=status)


def _page(name: str) -> Any:
    async def page(request: Request) -> Response:
        return FileResponse(STATIC / name, headers={"Cache-Control": "no-cache"})

    return page


async def _words_module(request: Request) -> Response:
    """The page's words, made from `lastcard.words.page` (server/page_words.py)."""
    return Response(
        page_words_module(),
        media_type="text/javascript",
        headers={"Cache-Control": "no-cache"},
    )


async def _health(request: Request) -> Response:
    return JSONResponse({"ok": True})


def create_app(
    database_url: str,
    *,
    limits: Limits | None = None,
    timing: Timing | None = None,
    allow_origins: Sequence[str] = (),
    allow_hosts: Sequence[str] = (),
    store_apart: bool = False,
) -> Starlette:
    """The ASGI app serving `database_url`'s tables (opened at startup). Pages of
    `allow_origins` (`scheme://host[:port]`) may use it besides the server's own; it answers
    to the names `allow_hosts` besides its addresses and this machine's own names. With
    `store_apart`, a SQLite file's writes are stored by a process of their own
    (`batch_process`: what `lastcard serve` does)."""
    holder: dict[str, Server] = {}

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        server = Server(open_storage(database_url), limits or Limits(), timing or Timing())
        if store_apart and stores_apart(database_url):
            await server.writer.store_apart(database_url)
        holder["server"] = server
        app.state.server = server
        await server.load_open_tables()
        yield
        await server.shutdown()

    def bound(method: str) -> Any:
        async def endpoint(request: Request) -> Response:
            return await getattr(holder["server"], method)(request)  # type: ignore[no-any-return]

        return endpoint

    async def websocket(websocket: WebSocket) -> None:
        await holder["server"].websocket(websocket)

    routes = [
        Route("/", _page("index.html")),
        Route("/t/{code}", _page("table.html")),
        Route("/verify/{game}", _page("verify.html")),
        Route("/healthz", _health),
        # Before the static files: the page's words are made from Python, not read from disk.
        Route(WORDS_MODULE_PATH, _words_module),
        Route("/api/tables", bound("create_table"), methods=["POST"]),
        Route("/api/tables", bound("list_tables"), methods=["GET"]),
        Route("/api/presets", bound("presets"), methods=["GET"]),
        Route("/api/tables/{code}/join", bound("join_table"), methods=["POST"]),
        Route("/api/games/{game}/record", bound("game_record"), methods=["GET"]),
        WebSocketRoute("/ws/{code}", websocket),
        Mount("/static", StaticFiles(directory=STATIC), name="static"),
    ]
    return Starlette(
        routes=routes,
        middleware=[Middleware(WebGuard, allow_origins=allow_origins, allow_hosts=allow_hosts)],
        lifespan=lifespan,
        exception_handlers={LastcardError: _error_response},
    )
