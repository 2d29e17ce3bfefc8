"""How many web tables one `lastcard serve` process holds: action-to-`state` latency and memory.

A real server process (the `lastcard serve` app run by `lastcard.server.serve.run`, its own
temporary SQLite database) serves 4-seat tables of 1 person + 3 bots (or 2 + 2, `--people 2`).
The people are websocket clients in separate client processes (asyncio, many connections
each), playing like someone at a table: after a think time drawn uniformly from `--think`
seconds they send what autopilot would (`autopilot_choice` on the `legal` codes: the first
playable card, Uno called with it, else draw; the host also deals on between hands and asks
for a rematch after a game). The bots move inside the server after `--bot-delay` seconds, as
they do for real players.

Measured per person action: from just before `action` is sent to the arrival of the `state`
whose `ply` is past the one sent (the person's screen has moved); the time to its `ack` goes
to the JSON as `ack_ms`.
For each step of concurrent tables (`--tables 100,300,1000,2000`: tables are added, never
removed, so each step keeps the tables of the step before) the benchmark ramps up, lets the
tables settle for `--warmup` seconds, then measures for `--seconds`:

- latency p50 / p95 / p99 / max (ms); actions still unanswered when the window closes count
  with the time they had waited so far (so a saturated server cannot hide its backlog);
- person actions/s and all actions/s (every applied action, bots' included, from the database);
- what makes every table wait at once (`ServerWatch`, inside the server process): garbage
  collections, and the one storage thread every action passes through before it is shown;
- the server's RSS (VmRSS) and CPU (utime + stime; 100% = one core), read from /proc, for the
  whole process and for its event-loop thread alone; the clients' CPU the same way and their
  event loops' lag, because clients and server share the machine's cores; and the CPU every
  other process on the machine used meanwhile, because a shared machine's figures mean little
  without it.

The goal is 1,000 tables at p99 below 50 ms; the summary names the first step past it.

The server's default limits (SERVER.md §8: 10 tables created and 20 connections per IP)
would refuse a benchmark on loopback; the server process is this script with `--serve` (so
that it can time the storage thread and the GC from inside): it calls
`lastcard.server.serve.run`, exactly as `lastcard serve` does, with
`Limits(creates_per_minute=, joins_per_minute=, connections_per_ip=)` raised; everything
else (uvicorn, websockets-sansio, the storage) is as shipped, but for the timing wrapper
`ServerWatch` puts around `Writer.call`.

    python benchmarks/server_load.py                                 # 100,300,1000,2000 x 20 s
    python benchmarks/server_load.py --quick                         # 100,300 x 10 s
    python benchmarks/server_load.py --tables 1000 --seconds 60 --json load.json
    python benchmarks/server_load.py --tables 1000 --profile server.prof  # cProfile the server
    python benchmarks/server_load.py --tables 1000 --gc-threshold 700,10,10   # Python's own GC
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import gc
import json
import math
import multiprocessing
import os
import random
import secrets
import signal
import socket
import sqlite3
import subprocess
import sys
import tempfile
import threading
import time
from collections import Counter
from dataclasses import asdict, dataclass, field
from multiprocessing.connection import Connection
from pathlib import Path
from typing import Any

import httpx
from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed, WebSocketException

from lastcard import ActionKind, parse_action
from lastcard.server.autopilot import autopilot_choice
from lastcard.server.batch_process import BatchProcess
from lastcard.server.limits import Limits
from lastcard.server.live import Writer
from lastcard.server.room import Timing
from lastcard.server.serve import run

GOAL_TABLES = 1000
GOAL_P99_MS = 50.0
SLOW_MS = 10_000.0  # an action unanswered this long is a timeout
TICKS = os.sysconf("SC_CLK_TCK")


# == the server process (`--serve`) ==========================================================


def serve(args: argparse.Namespace) -> None:
    """`lastcard serve` with limits a loopback benchmark can live with (see the docstring)."""
    many = 1_000_000
    limits = Limits(creates_per_minute=many, joins_per_minute=many, connections_per_ip=many)
    timing = Timing(
        bot_delay=args.bot_delay, catch_delay=args.bot_delay * 1.8, hand_pause=args.hand_pause
    )

    if args.gc_threshold is not None:
        gc.set_threshold(*args.gc_threshold)
    ServerWatch(Path(args.watch_file)).start()

    def serve_forever() -> None:
        run(
            args.db,
            port=args.port,
            limits=limits,
            timing=timing,
            log_level="warning",
            tune_gc=args.gc_threshold is None,
        )

    if args.profile is None:
        serve_forever()
        return
    import cProfile

    # uvicorn shuts down on SIGTERM, then raises the signal again under the handler it found:
    # a handler that returns lets the profile be written.
    signal.signal(signal.SIGTERM, lambda signum, frame: None)
    profiler = cProfile.Profile()
    try:
        profiler.runcall(serve_forever)
    finally:
        profiler.dump_stats(args.profile)


class ServerWatch:
    """What makes every table of the server wait at once, as a file the parent reads.

    - Garbage collections: one stops the event loop and the database thread alike. Timed by
      `gc.callbacks`; pauses of 5 ms or more are kept with the time they ended.
    - The storage thread: every action is stored before anyone is shown it (SERVER.md §4 step
      10), on one thread for all tables, so a slow write (a WAL checkpoint, a busy disk) holds
      up every table behind it. `Writer.call` is wrapped (in this process only) to time each
      call's wait for the thread and its run on it, and `BatchProcess.store` each batch's round
      trip to the process that stores batches apart (`lastcard serve`'s, for a SQLite file) and
      its run there; calls of 20 ms or more are kept.

    A daemon thread rewrites `path` twice a second."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.gc_collections = [0, 0, 0]
        self.gc_seconds = [0.0, 0.0, 0.0]
        self.gc_pauses: list[tuple[float, int, float]] = []  # (end, generation, ms)
        self.db_calls = 0
        self.db_wait_seconds = 0.0  # queued behind other tables' writes
        self.db_run_seconds = 0.0
        self.db_cpu_seconds = 0.0  # of that run, on a CPU: the rest waited (GIL, disk)
        self.db_slow: list[tuple[float, float, float]] = []  # (end, run ms, wait ms)
        self._gc_started = 0.0

    def start(self) -> None:
        gc.callbacks.append(self._collected)
        original = Writer.call
        watch = self

        async def call(writer: Writer, fn: Any) -> Any:
            submitted = time.perf_counter()
            marks = [submitted, submitted, 0.0]

            def timed(storage: Any) -> Any:
                marks[0] = time.perf_counter()
                cpu = time.thread_time()
                try:
                    return fn(storage)
                finally:
                    marks[1] = time.perf_counter()
                    marks[2] = time.thread_time() - cpu

            try:
                return await original(writer, timed)
            finally:
                watch._stored(submitted, marks[0], marks[1], marks[2])

        Writer.call = call  # type: ignore[method-assign,assignment]
        store = BatchProcess.store

        async def stored_apart(process: BatchProcess, batch: Any) -> Any:
            # The batch process times its own run (wall and CPU); the rest of the round trip
            # is the batch's wait (the socket, the event loop).
            submitted = time.perf_counter()
            try:
                return await store(process, batch)
            finally:
                ended = time.perf_counter()
                began = max(submitted, ended - process.last.run_seconds)
                watch._stored(submitted, began, ended, process.last.cpu_seconds)

        BatchProcess.store = stored_apart  # type: ignore[method-assign,assignment]
        threading.Thread(target=self._write_forever, daemon=True, name="watch").start()

    def _collected(self, phase: str, info: dict[str, int]) -> None:
        if phase == "start":
            self._gc_started = time.perf_counter()
            return
        took = time.perf_counter() - self._gc_started
        generation = info["generation"]
        self.gc_collections[generation] += 1
        self.gc_seconds[generation] += took
        if took >= 0.005:
            self.gc_pauses.append((time.time(), generation, took * 1000))
            del self.gc_pauses[:-1000]

    def _stored(self, submitted: float, began: float, ended: float, cpu: float) -> None:
        wait, run = began - submitted, ended - began
        self.db_calls += 1
        self.db_wait_seconds += wait
        self.db_run_seconds += run
        self.db_cpu_seconds += cpu
        if run >= 0.02 or wait >= 0.02:
            self.db_slow.append((time.time(), run * 1000, wait * 1000))
            del self.db_slow[:-1000]

    def _write_forever(self) -> None:
        temporary = self.path.with_suffix(".tmp")
        while True:
            figures = {
                "gc_collections": self.gc_collections,
                "gc_seconds": self.gc_seconds,
                "gc_pauses": list(self.gc_pauses),
                "db_calls": self.db_calls,
                "db_wait_seconds": self.db_wait_seconds,
                "db_run_seconds": self.db_run_seconds,
                "db_cpu_seconds": self.db_cpu_seconds,
                "db_slow": list(self.db_slow),
            }
            temporary.write_text(json.dumps(figures))
            os.replace(temporary, self.path)
            time.sleep(0.5)


def read_watch(path: Path) -> dict[str, Any]:
    return json.loads(path.read_text())  # type: ignore[no-any-return]


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


def start_server(args: argparse.Namespace, directory: Path) -> tuple[subprocess.Popen[bytes], str]:
    """The server process and its base URL, once `/healthz` answers."""
    port = free_port()
    database = directory / "server.sqlite3"
    command = [
        sys.executable,
        str(Path(__file__).resolve()),
        "--serve",
        "--port",
        str(port),
        "--db",
        f"sqlite:///{database}",
        "--bot-delay",
        str(args.bot_delay),
        "--hand-pause",
        str(args.hand_pause),
    ]
    if args.profile:
        command += ["--profile", str(Path(args.profile).resolve())]
    command += ["--watch-file", str(directory / "watch.json")]
    if args.gc_threshold is not None:
        command += ["--gc-threshold", ",".join(map(str, args.gc_threshold))]
    log = (directory / "server.log").open("ab")
    process = subprocess.Popen(command, stdout=log, stderr=subprocess.STDOUT)
    url = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        if process.poll() is not None:
            sys.exit("the server exited:\n" + (directory / "server.log").read_text()[-2000:])
        try:
            if httpx.get(url + "/healthz", timeout=0.5).status_code == 200:
                return process, url
        except httpx.HTTPError:
            time.sleep(0.05)
    process.kill()
    sys.exit("the server did not answer /healthz within 60 s")


def stop_server(process: subprocess.Popen[bytes]) -> None:
    """SIGTERM (a graceful shutdown: the profile, if any, is written), SIGKILL if it hangs."""
    if process.poll() is not None:
        return
    process.send_signal(signal.SIGTERM)
    try:
        process.wait(60)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait()


# == /proc ===================================================================================


def cpu_seconds(pid: int, thread: int | None = None) -> float:
    """User + system CPU time of a process (all its threads), or of one of its threads."""
    path = f"/proc/{pid}/stat" if thread is None else f"/proc/{pid}/task/{thread}/stat"
    fields = Path(path).read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / TICKS  # utime, stime: fields 14, 15 of stat


def server_cpu_seconds(pid: int) -> float:
    """CPU time of the server: its process and its children (the process that stores a SQLite
    file's batches, `lastcard.server.batch_process`)."""
    children = Path(f"/proc/{pid}/task/{pid}/children").read_text().split()
    return cpu_seconds(pid) + sum(cpu_seconds(int(child)) for child in children)


def machine_busy_seconds() -> float:
    """CPU time the whole machine spent busy, all cores, every process (/proc/stat)."""
    fields = [int(x) for x in Path("/proc/stat").read_text().split("\n", 1)[0].split()[1:]]
    idle = fields[3] + fields[4]  # idle, iowait
    return (sum(fields[:8]) - idle) / TICKS  # guest time is already counted in user


def memory_mb(pid: int) -> tuple[float, float]:
    """(VmRSS, VmHWM) in MB."""
    values = {}
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        key, _, rest = line.partition(":")
        if key in ("VmRSS", "VmHWM"):
            values[key] = int(rest.split()[0]) / 1024
    return values["VmRSS"], values["VmHWM"]


def actions_stored(database: Path, since: float, until: float) -> int:
    """Every action applied in [since, until): people's, bots', timers' (a read-only reader;
    WAL lets it run beside the server's writer)."""
    with contextlib.closing(sqlite3.connect(f"file:{database}?mode=ro", uri=True)) as db:
        (count,) = db.execute(
            "SELECT count(*) FROM actions WHERE time >= ? AND time < ?", (since, until)
        ).fetchone()
    return int(count)


# == a client process: many people, one event loop ==========================================


@dataclass
class Stats:
    """What a client process saw since the last `reset`."""

    latencies_ms: list[float] = field(default_factory=list)
    ack_ms: list[float] = field(default_factory=list)
    unfinished_ms: list[float] = field(default_factory=list)
    lag_ms: list[float] = field(default_factory=list)
    errors: Counter[str] = field(default_factory=Counter)
    disconnects: int = 0


@dataclass
class InFlight:
    request: str
    ply: int
    sent: float


class Person:
    """One person's connection: answers the table's `state` pushes after a think time."""

    def __init__(self, worker: Worker, code: str, token: str, *, host: bool) -> None:
        self.worker = worker
        self.code = code
        self.token = token
        self.host = host
        self.seat: int | None = None
        self.ws: Any = None
        self.numbers = 0
        self.in_flight: InFlight | None = None
        self.unacked: dict[str, float] = {}  # request id -> when it was sent
        self.thinking: asyncio.Task[None] | None = None
        self.thinking_ply: int | None = None
        self.playing = asyncio.Event()  # set by the first `state`: the game runs
        self.sent_ready = self.sent_start = self.sent_rematch = False

    async def run(self) -> None:
        worker = self.worker
        try:
            async with connect(
                worker.ws_url + "/ws/" + self.code, open_timeout=60, close_timeout=2
            ) as ws:
                self.ws = ws
                await self.send({"t": "hello", "v": 1, "token": self.token})
                async for raw in ws:
                    await self.receive(json.loads(raw), time.perf_counter())
        except (WebSocketException, OSError, TimeoutError):
            pass  # closed, refused or never opened: counted below
        finally:
            if self.thinking is not None:
                self.thinking.cancel()
            if not worker.stopping:
                worker.stats.disconnects += 1

    async def send(self, message: dict[str, Any]) -> None:
        await self.ws.send(json.dumps(message, separators=(",", ":")))

    def next_id(self) -> str:
        self.numbers += 1
        return f"a{self.numbers}"

    async def receive(self, message: dict[str, Any], now: float) -> None:
        kind = message["t"]
        stats = self.worker.stats
        if kind == "state":
            await self.on_state(message, now)
        elif kind == "welcome":
            self.seat = message["you"]["seat"]
            await self.on_table(message["table"])
        elif kind == "table":
            await self.on_table(message)
        elif kind == "ack":
            sent = self.unacked.pop(message.get("id", ""), None)
            if sent is not None and sent >= self.worker.window_start:
                stats.ack_ms.append((now - sent) * 1000)
        elif kind == "error":
            stats.errors[message["code"]] += 1
            self.unacked.pop(message.get("id", ""), None)
            flight = self.in_flight
            if flight is not None and message.get("id") == flight.request:
                self.in_flight = None  # nothing changed; a fresh `state` follows a STALE

    async def on_table(self, table: dict[str, Any]) -> None:
        """The waiting room and the game's end: ready, start (the host), rematch (the host)."""
        status = table["status"]
        if status == "playing":
            self.sent_ready = self.sent_start = self.sent_rematch = False
        elif status == "over" and self.host and not self.sent_rematch:
            self.sent_rematch = True
            await self.send({"t": "rematch"})
        elif status == "waiting" and self.seat is not None:
            seats = table["seats"]
            if not seats[self.seat]["ready"] and not self.sent_ready:
                self.sent_ready = True
                await self.send(
                    {
                        "t": "ready",
                        "ready": True,
                        "client_seed": secrets.token_hex(16),
                        "commitment": table["next_commitment"],
                    }
                )
            people_ready = all(s["ready"] for s in seats if s["kind"] == "human")
            if self.host and people_ready and not self.sent_start:
                self.sent_start = True
                await self.send({"t": "start"})

    async def on_state(self, state: dict[str, Any], now: float) -> None:
        self.playing.set()
        ply = state["ply"]
        flight = self.in_flight
        if flight is not None and ply > flight.ply:
            self.in_flight = None
            if flight.sent >= self.worker.window_start:
                self.worker.stats.latencies_ms.append((now - flight.sent) * 1000)
        if self.thinking is not None and self.thinking_ply != ply:
            self.thinking.cancel()  # the position moved on while we thought
            self.thinking = None
        code = self.choose(state)
        if code is not None and self.thinking is None and self.in_flight is None:
            self.thinking_ply = ply
            self.thinking = asyncio.create_task(self.act_after(self.worker.think(), code, ply))

    def choose(self, state: dict[str, Any]) -> str | None:
        """What autopilot would do when it is this seat's decision; the host also deals on."""
        if not state["legal"]:
            return None
        choice = autopilot_choice([parse_action(code) for code in state["legal"]])
        if choice is None:
            return None
        mine = state["to_act"] is not None and state["to_act"] == state["seat"]
        deals = self.host and choice.kind is ActionKind.NEXT
        return choice.code if mine or deals else None

    async def act_after(self, delay: float, code: str, ply: int) -> None:
        await asyncio.sleep(delay)
        self.thinking = None
        request = self.next_id()
        self.in_flight = InFlight(request, ply, time.perf_counter())
        self.unacked[request] = self.in_flight.sent
        with contextlib.suppress(ConnectionClosed):  # `run` counts the disconnect
            await self.send({"t": "action", "id": request, "code": code, "ply": ply})


class Worker:
    """A client process: creates its share of tables and plays their people."""

    def __init__(self, url: str, people: int, think: tuple[float, float], seed: int) -> None:
        self.url = url
        self.ws_url = "ws" + url.removeprefix("http")
        self.people = people
        self.think_range = think
        self.rng = random.Random(seed)
        self.persons: list[Person] = []
        self.tasks: list[asyncio.Task[None]] = []
        self.stats = Stats()
        self.window_start = math.inf  # nothing is measured before the first `reset`
        self.stopping = False

    def think(self) -> float:
        return self.rng.uniform(*self.think_range)

    async def grow(self, count: int) -> dict[str, Any]:
        """Create `count` tables, seat their people and wait until every game has begun."""
        start = time.perf_counter()
        failed: Counter[str] = Counter()
        gate = asyncio.Semaphore(16)
        bots = [{"seat": seat, "level": "easy"} for seat in range(self.people, 4)]
        new: list[Person] = []
        async with httpx.AsyncClient(base_url=self.url, timeout=60) as http:

            async def one_table() -> None:
                async with gate:
                    try:
                        reply = await http.post(
                            "/api/tables", json={"name": "Ana", "seats": 4, "bots": bots}
                        )
                        reply.raise_for_status()
                        table = reply.json()
                        seated = [Person(self, table["code"], table["token"], host=True)]
                        for k in range(1, self.people):
                            joined = await http.post(
                                f"/api/tables/{table['code']}/join", json={"name": f"P{k}"}
                            )
                            joined.raise_for_status()
                            seated.append(
                                Person(self, table["code"], joined.json()["token"], host=False)
                            )
                    except httpx.HTTPError as error:
                        failed[type(error).__name__] += 1
                        return
                    for person in seated:
                        new.append(person)
                        self.tasks.append(asyncio.create_task(person.run()))

            await asyncio.gather(*(one_table() for _ in range(count)))
        self.persons.extend(new)
        waits = [asyncio.wait_for(p.playing.wait(), 60) for p in new]
        outcomes = await asyncio.gather(*waits, return_exceptions=True)
        not_playing = sum(1 for outcome in outcomes if isinstance(outcome, BaseException))
        if not_playing:
            failed["no game within 60 s"] += not_playing
        return {"seconds": time.perf_counter() - start, "failed": dict(failed)}

    def reset(self) -> None:
        self.stats = Stats()
        self.window_start = time.perf_counter()

    def collect(self) -> dict[str, Any]:
        now = time.perf_counter()
        stats = self.stats
        for person in self.persons:
            flight = person.in_flight
            if flight is not None and flight.sent >= self.window_start:
                stats.unfinished_ms.append((now - flight.sent) * 1000)
        result = asdict(stats)
        result["errors"] = dict(stats.errors)
        return result

    async def watch_lag(self) -> None:
        """How late the event loop wakes: the clients' own share of a latency."""
        period = 0.1
        while True:
            start = time.perf_counter()
            await asyncio.sleep(period)
            self.stats.lag_ms.append((time.perf_counter() - start - period) * 1000)

    async def stop(self) -> None:
        """Close every connection normally (1000), then end what is left."""
        self.stopping = True
        closing = [asyncio.ensure_future(p.ws.close()) for p in self.persons if p.ws is not None]
        if closing:
            await asyncio.wait(closing, timeout=10)
        for task in self.tasks:
            task.cancel()
        if self.tasks:
            await asyncio.wait(self.tasks, timeout=10)

    async def obey(self, pipe: Connection) -> None:
        """Run the parent's commands: ("grow", n), ("reset",), ("collect",), ("stop",)."""
        loop = asyncio.get_running_loop()
        lag = asyncio.create_task(self.watch_lag())
        while True:
            command = await loop.run_in_executor(None, pipe.recv)
            if command[0] == "grow":
                pipe.send(await self.grow(command[1]))
            elif command[0] == "reset":
                self.reset()
                pipe.send(None)
            elif command[0] == "collect":
                pipe.send(self.collect())
            elif command[0] == "stop":
                lag.cancel()
                await self.stop()
                pipe.send(None)
                return


def client_process(
    pipe: Connection, url: str, people: int, think: tuple[float, float], seed: int
) -> None:
    try:
        import uvloop  # uvicorn's own loop: the clients cost the shared cores less with it

        uvloop.install()
    except ImportError:
        pass
    asyncio.run(Worker(url, people, think, seed).obey(pipe))


# == the parent: steps, measurements, the report =============================================


def percentile(ordered: list[float], q: float) -> float:
    """Nearest-rank percentile (q in 0..100) of sorted values."""
    return ordered[max(0, math.ceil(q / 100 * len(ordered)) - 1)]


def summary(values: list[float]) -> dict[str, float | None]:
    """n, p50, p95, p99 and max (None when there are no values)."""
    ordered = sorted(values)
    figures: dict[str, float | None] = {"n": len(ordered)}
    for name, q in (("p50", 50), ("p95", 95), ("p99", 99), ("max", 100)):
        figures[name] = percentile(ordered, q) if ordered else None
    return figures


def shown(value: float | None, width: int = 7, digits: int | None = None) -> str:
    """`value` in `width` characters: one decimal below 100 unless `digits` says otherwise."""
    if value is None:
        return f"{'-':>{width}}"
    if digits is None:
        digits = 1 if value < 100 else 0
    return f"{value:>{width},.{digits}f}"


def ask(pipes: list[Connection], command: tuple[Any, ...]) -> list[Any]:
    for pipe in pipes:
        pipe.send(command)
    return [pipe.recv() for pipe in pipes]


def measure_step(
    tables: int,
    added: int,
    args: argparse.Namespace,
    server: subprocess.Popen[bytes],
    directory: Path,
    workers: list[multiprocessing.process.BaseProcess],
    pipes: list[Connection],
) -> dict[str, Any]:
    shares = [added // len(pipes) + (1 if k < added % len(pipes) else 0) for k in range(len(pipes))]
    started = time.monotonic()
    for pipe, share in zip(pipes, shares, strict=True):
        pipe.send(("grow", share))
    grown = [pipe.recv() for pipe in pipes]
    ramp = time.monotonic() - started
    failed: Counter[str] = Counter()
    for reply in grown:
        failed.update(reply["failed"])
    time.sleep(args.warmup)

    client_pids = [w.pid for w in workers if w.pid is not None]
    ask(pipes, ("reset",))
    wall0, clock0 = time.monotonic(), time.time()
    server_cpu0 = server_cpu_seconds(server.pid)
    loop_cpu0 = cpu_seconds(server.pid, server.pid)
    client_cpu0 = sum(cpu_seconds(pid) for pid in client_pids)
    machine0 = machine_busy_seconds()
    watch0 = read_watch(directory / "watch.json")
    time.sleep(args.seconds)
    collected = ask(pipes, ("collect",))
    wall1, clock1 = time.monotonic(), time.time()
    server_cpu1 = server_cpu_seconds(server.pid)
    loop_cpu1 = cpu_seconds(server.pid, server.pid)
    client_cpu1 = sum(cpu_seconds(pid) for pid in client_pids)
    machine1 = machine_busy_seconds()
    watch1 = read_watch(directory / "watch.json")
    rss, hwm = memory_mb(server.pid)
    window = wall1 - wall0
    pauses = [ms for end, _, ms in watch1["gc_pauses"] if clock0 <= end < clock1]
    slow_writes = [(run, wait) for end, run, wait in watch1["db_slow"] if clock0 <= end < clock1]
    db_calls = watch1["db_calls"] - watch0["db_calls"]

    done = [x for c in collected for x in c["latencies_ms"]]
    unfinished = [x for c in collected for x in c["unfinished_ms"]]
    latency = summary(done + unfinished)  # a backlog counts with what it has waited so far
    errors: Counter[str] = Counter()
    for c in collected:
        errors.update(c["errors"])
    return {
        "tables": tables,
        "ramp_seconds": round(ramp, 1),
        "ramp_failures": dict(failed),
        "window_seconds": round(window, 1),
        "latency_ms": latency,
        "ack_ms": summary([x for c in collected for x in c["ack_ms"]]),
        "unfinished": len(unfinished),
        "unfinished_over_1s": sum(1 for x in unfinished if x >= 1000),
        "timeouts": sum(1 for x in done + unfinished if x >= SLOW_MS),
        "errors": dict(errors),
        "disconnects": sum(c["disconnects"] for c in collected),
        "person_actions_per_s": len(done) / window,
        "all_actions_per_s": (
            actions_stored(directory / "server.sqlite3", clock0, clock1) / (clock1 - clock0)
        ),
        "server_cpu_percent": (server_cpu1 - server_cpu0) / window * 100,
        # The event loop is the main thread; the rest is chiefly the storage: its thread, and
        # for a SQLite file the process that stores the batches.
        "server_loop_cpu_percent": (loop_cpu1 - loop_cpu0) / window * 100,
        "server_rss_mb": rss,
        "server_peak_rss_mb": hwm,
        "client_cpu_percent": (client_cpu1 - client_cpu0) / window * 100,
        # Everything else the machine ran meanwhile: what the measurement competed with.
        "other_cpu_percent": (
            (machine1 - machine0) - (server_cpu1 - server_cpu0) - (client_cpu1 - client_cpu0)
        )
        / window
        * 100,
        # The server's garbage collections: every table waits while one runs.
        "gc_collections": [
            b - a for a, b in zip(watch0["gc_collections"], watch1["gc_collections"], strict=True)
        ],
        "gc_percent": (sum(watch1["gc_seconds"]) - sum(watch0["gc_seconds"])) / window * 100,
        "gc_longest_ms": max(pauses, default=0.0),
        # The storage thread: how busy, how long a write waited for it, the longest write.
        "db_calls": db_calls,
        "db_busy_percent": (watch1["db_run_seconds"] - watch0["db_run_seconds"]) / window * 100,
        "db_cpu_percent": (watch1["db_cpu_seconds"] - watch0["db_cpu_seconds"]) / window * 100,
        "db_mean_wait_ms": (
            (watch1["db_wait_seconds"] - watch0["db_wait_seconds"]) / max(1, db_calls) * 1000
        ),
        "db_longest_ms": max((run for run, _ in slow_writes), default=0.0),
        "db_longest_wait_ms": max((wait for _, wait in slow_writes), default=0.0),
        "client_lag_ms": summary([x for c in collected for x in c["lag_ms"]]),
    }


def p99(step: dict[str, Any]) -> float:
    """A step's p99 latency; infinite when no action was answered at all."""
    value = step["latency_ms"]["p99"]
    return math.inf if value is None else float(value)


BUSY_MACHINE = 50.0  # other processes' CPU % past which a step's figures are not the server's


def _gc_setting(args: argparse.Namespace) -> str:
    if args.gc_threshold is None:
        return "lastcard's clock (young and frozen every 25 ms)"
    return "Python's own, thresholds " + ",".join(map(str, args.gc_threshold))


def report(steps: list[dict[str, Any]], baseline_mb: float, args: argparse.Namespace) -> str:
    gc_setting = _gc_setting(args)
    lines = [
        f"4-seat tables, {args.people} person(s) + {4 - args.people} easy bots each; think "
        f"{args.think[0]:g}-{args.think[1]:g} s, bot delay {args.bot_delay:g} s, hand pause "
        f"{args.hand_pause:g} s; {args.workers} client process(es); {os.cpu_count()} cores "
        f"shared by server and clients; {args.seconds:g} s windows; server GC {gc_setting}",
        f"server RSS before any table: {baseline_mb:.0f} MB",
        "",
        f"{'tables':>6} {'p50':>6} {'p95':>6} {'p99':>6} {'max':>6} {'acts':>5} {'all':>5} "
        f"{'loop':>4} {'srv':>4} {'RSS':>4} {'GC':>3} {'GC':>4} {'DB':>3} {'DB':>4} "
        f"{'cli':>4} {'other':>5} {'lag':>4}  problems",
        f"{'':>6} {'ms':>6} {'ms':>6} {'ms':>6} {'ms':>6} {'/s':>5} {'/s':>5} "
        f"{'CPU%':>4} {'CPU%':>4} {'MB':>4} {'%':>3} {'max':>4} {'%':>3} {'max':>4} "
        f"{'CPU%':>4} {'CPU%':>5} {'ms':>4}",
    ]
    for s in steps:
        lat = s["latency_ms"]
        problems = [f"{n} {code}" for code, n in sorted(s["errors"].items())]
        problems += [f"{n} {what}" for what, n in sorted(s["ramp_failures"].items())]
        if s["unfinished_over_1s"]:
            problems.append(f"{s['unfinished_over_1s']} unanswered after 1 s")
        for name in ("timeouts", "disconnects"):
            if s[name]:
                problems.append(f"{s[name]} {name}")
        if s["other_cpu_percent"] > BUSY_MACHINE:
            problems.append("busy machine")
        lines.append(
            f"{s['tables']:>6,} {shown(lat['p50'], 6)} {shown(lat['p95'], 6)} "
            f"{shown(lat['p99'], 6)} {shown(lat['max'], 6)} "
            f"{s['person_actions_per_s']:>5.0f} {s['all_actions_per_s']:>5.0f} "
            f"{s['server_loop_cpu_percent']:>4.0f} {s['server_cpu_percent']:>4.0f} "
            f"{s['server_rss_mb']:>4.0f} {s['gc_percent']:>3.0f} {s['gc_longest_ms']:>4.0f} "
            f"{s['db_busy_percent']:>3.0f} {s['db_longest_ms']:>4.0f} "
            f"{s['client_cpu_percent']:>4.0f} {s['other_cpu_percent']:>5.0f} "
            f"{shown(s['client_lag_ms']['p99'], 4)}  {', '.join(problems) or '-'}"
        )
    lines += [
        "",
        "p50..max: a person's action to the `state` past it (unanswered ones: their wait so far)",
        "acts: people's actions answered; all: every action stored, bots' too",
        "loop: the server's event-loop thread; srv: the whole server (100 = one core),",
        "  its batch process too (a SQLite file's writes are stored in a process of their own)",
        "GC: the server's share of time in garbage collection, its longest collection (ms)",
        "DB: the storage's share of time writing, its longest write (ms; 0: none >= 20)",
        "cli: the client processes; lag: p99 of their event loops' lag",
        f"other: every other process on the machine (of {os.cpu_count()} x 100; past "
        f"{BUSY_MACHINE:g}: busy machine)",
        "",
    ]
    goal = next((s for s in steps if s["tables"] == GOAL_TABLES), None)
    if goal is not None:
        met = p99(goal) < GOAL_P99_MS
        lines.append(
            f"goal ({GOAL_TABLES:,} tables at p99 < {GOAL_P99_MS:g} ms): "
            f"{'met' if met else 'not met'} (p99 {shown(goal['latency_ms']['p99'], 0)} ms)"
        )
    broken = next((s for s in steps if not p99(s) < GOAL_P99_MS), None)
    if broken is None:
        lines.append(f"p99 stayed below {GOAL_P99_MS:g} ms at every step")
    else:
        lines.append(f"p99 first reached {GOAL_P99_MS:g} ms at {broken['tables']:,} tables")
    return "\n".join(lines)


def run_benchmark(args: argparse.Namespace) -> None:
    steps_wanted = sorted(set(args.tables))
    context = multiprocessing.get_context("spawn")
    with tempfile.TemporaryDirectory(prefix="lastcard-load-", dir=args.db_dir) as temp:
        directory = Path(temp)
        server, url = start_server(args, directory)
        workers: list[multiprocessing.process.BaseProcess] = []
        pipes: list[Connection] = []
        steps: list[dict[str, Any]] = []
        try:
            baseline_mb = memory_mb(server.pid)[0]
            for k in range(args.workers):
                mine, theirs = context.Pipe()
                worker = context.Process(
                    target=client_process,
                    args=(theirs, url, args.people, tuple(args.think), args.seed * 1000 + k),
                    daemon=True,
                )
                worker.start()
                workers.append(worker)
                pipes.append(mine)
            have = 0
            for tables in steps_wanted:
                print(f"{tables:,} tables: ramping up ...", file=sys.stderr, flush=True)
                step = measure_step(
                    tables,
                    tables - have,
                    args,
                    server,
                    directory,
                    workers,
                    pipes,
                )
                have = tables
                steps.append(step)
                print(
                    f"{tables:,} tables (ramp {step['ramp_seconds']:.0f} s): "
                    f"p99 {shown(step['latency_ms']['p99'], 0)} ms, "
                    f"server CPU {step['server_cpu_percent']:.0f}%, "
                    f"RSS {step['server_rss_mb']:.0f} MB",
                    file=sys.stderr,
                    flush=True,
                )
                if server.poll() is not None:
                    print("the server died", file=sys.stderr)
                    break
                if p99(step) > args.give_up_ms:
                    print(
                        f"p99 above {args.give_up_ms:g} ms: the larger steps are skipped",
                        file=sys.stderr,
                    )
                    break
        finally:
            with contextlib.suppress(Exception):
                ask(pipes, ("stop",))
            for process in workers:
                process.join(15)
                if process.is_alive():
                    process.kill()
            stop_server(server)
            log = (directory / "server.log").read_text(errors="replace")
        if log.strip():
            print("server log (tail):\n" + log[-3000:], file=sys.stderr)
    print(report(steps, baseline_mb, args))
    if args.json:
        config = {
            key: getattr(args, key)
            for key in ("people", "think", "bot_delay", "hand_pause", "seconds", "warmup")
        }
        config["gc"] = _gc_setting(args)
        config |= {"workers": args.workers, "cores": os.cpu_count(), "python": sys.version}
        document = {
            "config": config,
            "goal": {"tables": GOAL_TABLES, "p99_ms": GOAL_P99_MS},
            "server_rss_mb_before": baseline_mb,
            "steps": steps,
        }
        Path(args.json).write_text(json.dumps(document, indent=2) + "\n")


def numbers(text: str) -> list[int]:
    return [int(part.replace("_", "")) for part in text.split(",") if part.strip()]


def think_range(text: str) -> tuple[float, float]:
    low, _, high = text.partition(",")
    return float(low), float(high or low)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--tables",
        type=numbers,
        default=[100, 300, 1000, 2000],
        help="concurrent tables per step (default 100,300,1000,2000)",
    )
    parser.add_argument("--seconds", type=float, default=20.0, help="measured window per step (20)")
    parser.add_argument("--warmup", type=float, default=5.0, help="seconds after each ramp")
    parser.add_argument("--quick", action="store_true", help="100,300 tables x 10 s")
    parser.add_argument(
        "--people",
        type=int,
        choices=(1, 2),
        default=1,
        help="people per table, the other seats easy bots (default 1)",
    )
    parser.add_argument(
        "--think",
        type=think_range,
        default=(1.0, 2.0),
        help="a person's think time, uniform LOW,HIGH seconds (default 1,2)",
    )
    parser.add_argument("--bot-delay", type=float, default=0.5, help="the server's bot pause")
    parser.add_argument("--hand-pause", type=float, default=5.0, help="the server's hand pause")
    parser.add_argument(
        "--db-dir",
        metavar="DIR",
        help="where the server's temporary database goes (default: the temp dir)",
    )
    parser.add_argument("--workers", type=int, default=2, help="client processes (default 2)")
    parser.add_argument(
        "--give-up-ms",
        type=float,
        default=1000.0,
        help="skip the larger steps once p99 exceeds this (default 1000)",
    )
    parser.add_argument("--seed", type=int, default=0, help="seeds the think times")
    parser.add_argument("--json", metavar="FILE", help="also write the figures as JSON")
    parser.add_argument(
        "--profile",
        metavar="FILE",
        help="run the server under cProfile; its stats go to FILE (slower)",
    )
    parser.add_argument(
        "--gc-threshold",
        type=numbers,
        metavar="A,B,C",
        help="Python's own collector with these gc.set_threshold values instead of lastcard "
        "serve's clock (lastcard.server.collector); Python's defaults are 700,10,10",
    )
    parser.add_argument("--serve", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--port", type=int, help=argparse.SUPPRESS)
    parser.add_argument("--db", help=argparse.SUPPRESS)
    parser.add_argument("--watch-file", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.serve:
        serve(args)
        return
    if args.quick:
        args.tables, args.seconds, args.warmup = [100, 300], 10.0, 3.0
    run_benchmark(args)


if __name__ == "__main__":
    main()
