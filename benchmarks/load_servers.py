"""The servers `server_load.py` measures: one `lastcard serve` process on SQLite (the default),
one on PostgreSQL (`--db postgresql://…`), or several on PostgreSQL behind nginx with the
shipped configuration (`--processes N`, SERVER.md §10), and what they store.

`--db local-postgres` starts a throwaway PostgreSQL from the machine's binaries for the run
(deploy/local_postgres.py, as the tests and `make cluster` do); any other PostgreSQL URL is
used as it is, a new database being best: the benchmark's tables stay in it.
"""

from __future__ import annotations

import contextlib
import shutil
import signal
import sqlite3
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path

import httpx

# deploy/ holds the throwaway PostgreSQL and nginx's configuration, shared with the tests.
sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "deploy"))
from cluster import start_nginx
from local_postgres import PostgresServer, binaries

LOCAL_POSTGRES = "local-postgres"


@dataclass
class Servers:
    """The running servers: what the clients connect to, and every process to measure."""

    url: str
    processes: list[subprocess.Popen[bytes]]
    logs: list[Path]
    watch_files: list[Path]
    database: str  # its URL
    nginx: subprocess.Popen[bytes] | None = None
    postgres: PostgresServer | None = None
    stops: list[Callable[[], None]] = field(default_factory=list)

    def nginx_pids(self) -> list[int]:
        """nginx's master and workers (the workers do the proxying)."""
        if self.nginx is None:
            return []
        return [self.nginx.pid, *children(self.nginx.pid)]

    def postgres_pids(self) -> list[int]:
        """A throwaway PostgreSQL's processes (its backends serve the servers' connections)."""
        if self.postgres is None:
            return []
        return [self.postgres.process.pid, *children(self.postgres.process.pid)]


def children(pid: int) -> list[int]:
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            with contextlib.suppress(OSError):
                if int((entry / "stat").read_text().rpartition(")")[2].split()[1]) == pid:
                    found.append(int(entry.name))
    return found


def free_port() -> int:
    import socket

    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


@contextlib.contextmanager
def running(
    directory: Path,
    database: str | None,
    processes: int,
    command: Callable[[int, str, int], list[str]],
) -> Iterator[Servers]:
    """Start the servers (`command(index, database URL, port)` is one's command line) and, past
    one, nginx in front; stop them all on leaving."""
    postgres = None
    if database == LOCAL_POSTGRES:
        bindir = binaries()
        if bindir is None:
            sys.exit("--db local-postgres: no PostgreSQL server binaries (`make postgres`)")
        postgres = PostgresServer.start(bindir)
        database = postgres.new_database("load")
    elif database is None:
        database = f"sqlite:///{directory / 'server.sqlite3'}"
    if processes > 1 and not database.startswith("postgres"):
        sys.exit("--processes above 1 needs a PostgreSQL --db: a SQLite file serves one process")
    ports = [free_port() for _ in range(processes)]
    servers = Servers(
        url=f"http://127.0.0.1:{ports[0]}",
        processes=[],
        logs=[directory / f"server-{k}.log" for k in range(processes)],
        watch_files=[directory / f"watch-{k}.json" for k in range(processes)],
        database=database,
        postgres=postgres,
    )
    try:
        for k, port in enumerate(ports):
            with servers.logs[k].open("ab") as log:
                servers.processes.append(
                    subprocess.Popen(
                        command(k, database, port), stdout=log, stderr=subprocess.STDOUT
                    )
                )
        for process, port, log in zip(servers.processes, ports, servers.logs, strict=True):
            wait_healthy(process, f"http://127.0.0.1:{port}", log)
        if processes > 1:
            nginx = shutil.which("nginx")
            if nginx is None:
                sys.exit("--processes above 1 needs nginx (`make nginx`)")
            port = free_port()
            servers.nginx = start_nginx(nginx, directory / "nginx", port, ports)
            servers.url = f"http://127.0.0.1:{port}"
            wait_healthy(servers.nginx, servers.url, directory / "nginx" / "error.log")
        yield servers
    finally:
        if servers.nginx is not None:
            stop(servers.nginx, signal.SIGQUIT)
        for process in servers.processes:
            stop(process, signal.SIGTERM)
        if postgres is not None:
            postgres.stop()


def wait_healthy(process: subprocess.Popen[bytes], url: str, log: Path) -> None:
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        if process.poll() is not None:
            sys.exit(f"{url} exited:\n" + log.read_text(errors="replace")[-2000:])
        try:
            if httpx.get(url + "/healthz", timeout=0.5).status_code == 200:
                return
        except httpx.HTTPError:
            time.sleep(0.05)
    process.kill()
    sys.exit(f"{url} did not answer /healthz within 60 s")


def stop(process: subprocess.Popen[bytes], sig: int) -> None:
    """`sig` (a graceful stop: a profile, if any, is written), SIGKILL if it hangs."""
    if process.poll() is not None:
        return
    process.send_signal(sig)
    try:
        process.wait(60)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait()


def actions_stored(database: str, since: float, until: float) -> int:
    """Every action applied in [since, until): people's, bots', timers' (read beside the
    servers: SQLite's WAL and PostgreSQL both let a reader run beside the writers)."""
    query = "SELECT count(*) FROM actions WHERE time >= {0} AND time < {0}"
    if database.startswith("sqlite:///"):
        path = database.removeprefix("sqlite:///")
        with contextlib.closing(sqlite3.connect(f"file:{path}?mode=ro", uri=True)) as db:
            (count,) = db.execute(query.format("?"), (since, until)).fetchone()
        return int(count)
    import psycopg

    with psycopg.connect(database, autocommit=True) as db:
        row = db.execute(query.format("%s"), (since, until)).fetchone()
    return int(row[0]) if row else 0
