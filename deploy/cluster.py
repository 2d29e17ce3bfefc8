"""`make cluster`: SERVER.md §10 on one machine, all on loopback, for trying it out.

    python deploy/cluster.py            # start, then wait: Ctrl-C stops everything
    python deploy/cluster.py --stop     # from another shell (`make cluster-stop`)

It starts a throwaway PostgreSQL (deploy/local_postgres.py: initdb into `.cluster/postgres`, on
a unix socket there, as the `postgres` user when run as root, in a temporary folder when that
user cannot reach `.cluster`), two `lastcard serve` processes on
it and nginx with deploy/nginx.conf in front of them, prints the address to open and how long
the start took, and waits. Stopping (Ctrl-C, SIGTERM, or `--stop`) ends nginx, then the servers
(gracefully, as a deploy would), then PostgreSQL, whose data goes with it; the servers' and
nginx's logs stay in `.cluster/` until the next start.

Every process is started in a session of its own, so a Ctrl-C reaches this script alone and the
processes stop in that order rather than all at once.
"""

from __future__ import annotations

import argparse
import os
import shutil
import signal
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.request
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

from local_postgres import PostgresServer, binaries, reachable

HERE = Path(__file__).resolve().parent
CONFIG = HERE / "nginx.conf"
SHIPPED_PORTS = (8000, 8001, 8002)  # nginx's, then the two servers', in deploy/nginx.conf
START_SECONDS = 60.0
STOP_SECONDS = 20.0
PID_FILE = "cluster.pid"  # this script's, while it runs: what `--stop` signals


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--dir", type=Path, default=Path(".cluster"), help="where its files go")
    parser.add_argument("--port", type=int, default=SHIPPED_PORTS[0], help="nginx's port")
    parser.add_argument(
        "--server-ports",
        type=int,
        nargs=2,
        default=SHIPPED_PORTS[1:],
        metavar="PORT",
        help="the two lastcard processes' ports",
    )
    parser.add_argument("--stop", action="store_true", help="stop the cluster running in --dir")
    args = parser.parse_args(argv)
    directory: Path = args.dir.absolute()
    if args.stop:
        return stop_running(directory)
    return run(directory, args.port, tuple(args.server_ports))


@dataclass
class Cluster:
    directory: Path
    postgres: PostgresServer | None = None
    servers: list[subprocess.Popen[bytes]] = field(default_factory=list)
    nginx: subprocess.Popen[bytes] | None = None

    def pids(self) -> list[int]:
        """Every process started (nginx's and PostgreSQL's workers are their children)."""
        processes = [*self.servers, self.nginx, self.postgres and self.postgres.process]
        return [process.pid for process in processes if process is not None]

    def stop(self) -> None:
        """nginx first (no new requests), then the servers (they finish the message in hand
        and tell their players to reconnect), then the database they were writing to."""
        if self.nginx is not None:
            _end(self.nginx, signal.SIGQUIT)  # nginx's graceful shutdown
        for server in self.servers:
            server.send_signal(signal.SIGTERM)
        for server in self.servers:
            _end(server, signal.SIGTERM)
        if self.postgres is not None:
            self.postgres.stop()


def run(directory: Path, port: int, server_ports: tuple[int, int]) -> int:
    if (running := _running_pid(directory)) is not None:
        print(f"a cluster is already running in {directory} (pid {running})", file=sys.stderr)
        return 1
    bindir = binaries()
    nginx = shutil.which("nginx")
    if bindir is None or nginx is None:
        missing = "PostgreSQL's server binaries" if bindir is None else "nginx"
        print(f"no {missing} here: `make postgres nginx` installs them", file=sys.stderr)
        return 1
    shutil.rmtree(directory, ignore_errors=True)  # the last run's logs
    directory.mkdir(parents=True)
    stopping = threading.Event()
    for sig in (signal.SIGINT, signal.SIGTERM):
        signal.signal(sig, lambda *_: stopping.set())
    began = time.monotonic()
    cluster = Cluster(directory)
    try:
        # In the cluster's folder, unless the user PostgreSQL runs as cannot reach it there.
        data = directory / "postgres" if reachable(directory) else None
        cluster.postgres = PostgresServer.start(bindir, data)
        url = cluster.postgres.new_database("lastcard")
        for server_port in server_ports:
            cluster.servers.append(_serve(directory, server_port, url))
        (directory / PID_FILE).write_text(f"{os.getpid()}\n")
        # The servers first: nginx would count a server not yet listening as failed for a while.
        _wait_healthy(cluster, [f"http://127.0.0.1:{p}/healthz" for p in server_ports])
        cluster.nginx = start_nginx(nginx, directory / "nginx", port, server_ports)
        address = f"http://127.0.0.1:{port}/"
        _wait_healthy(cluster, [f"{address}healthz"])
        took = time.monotonic() - began
        print(f"lastcard cluster started in {took:.1f} s: open {address}", flush=True)
        print(
            f"  nginx on {port}, lastcard on {server_ports[0]} and {server_ports[1]}, "
            f"PostgreSQL on {url}",
            flush=True,
        )
        print("  Ctrl-C (or `make cluster-stop`) stops it", flush=True)
        while not stopping.wait(0.5):
            if gone := [pid for pid, code in _exits(cluster) if code is not None]:
                print(f"process {gone[0]} ended by itself: stopping", file=sys.stderr)
                return_code = 1
                break
        else:
            return_code = 0
    except Exception as error:
        print(f"the cluster did not start: {error}", file=sys.stderr)
        return_code = 1
    finally:
        cluster.stop()
        (directory / PID_FILE).unlink(missing_ok=True)
    print("lastcard cluster stopped", flush=True)
    return return_code


def _serve(directory: Path, port: int, url: str) -> subprocess.Popen[bytes]:
    """A `lastcard serve` process on `url`, named in PostgreSQL by its port; its log beside."""
    with (directory / f"serve-{port}.log").open("ab") as log:
        return subprocess.Popen(
            [
                *(sys.executable, "-m", "lastcard", "serve"),
                *("--port", str(port), "--db", f"{url}&application_name=lastcard-{port}"),
                *("--trusted-proxy", "127.0.0.1"),
            ],
            stdout=log,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )


def nginx_config(port: int, server_ports: Sequence[int]) -> str:
    """deploy/nginx.conf listening on `port`, in front of the servers on `server_ports` (each
    upstream's shipped `server` lines become one line a port)."""
    config = CONFIG.read_text().replace(f"127.0.0.1:{SHIPPED_PORTS[0]};", f"127.0.0.1:{port};")
    lines = []
    for line in config.splitlines(keepends=True):
        if f"server 127.0.0.1:{SHIPPED_PORTS[1]} " in line:
            shipped = f"127.0.0.1:{SHIPPED_PORTS[1]}"
            lines += [line.replace(shipped, f"127.0.0.1:{ours}") for ours in server_ports]
        elif f"server 127.0.0.1:{SHIPPED_PORTS[2]} " not in line:
            lines.append(line)
    return "".join(lines)


def start_nginx(
    binary: str, directory: Path, port: int, server_ports: Sequence[int]
) -> subprocess.Popen[bytes]:
    """nginx with deploy/nginx.conf (`nginx_config`), its files in `directory` (made here)."""
    directory.mkdir()
    (directory / "nginx.conf").write_text(nginx_config(port, server_ports))
    with (directory / "error.log").open("ab") as log:
        return subprocess.Popen(
            [binary, "-p", directory, "-c", "nginx.conf", "-e", "error.log", "-g", "daemon off;"],
            stdout=log,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )


def _wait_healthy(cluster: Cluster, urls: list[str]) -> None:
    deadline = time.monotonic() + START_SECONDS
    for url in urls:
        while True:
            if gone := [pid for pid, code in _exits(cluster) if code is not None]:
                raise RuntimeError(f"process {gone[0]} exited; see the logs in {cluster.directory}")
            try:
                with urllib.request.urlopen(url, timeout=2) as reply:
                    if reply.status == 200:
                        break
            except (urllib.error.URLError, OSError):
                pass
            if time.monotonic() > deadline:
                raise RuntimeError(f"{url} did not answer within {START_SECONDS:.0f} s")
            time.sleep(0.05)


def _exits(cluster: Cluster) -> list[tuple[int, int | None]]:
    processes = [*cluster.servers, cluster.nginx, cluster.postgres and cluster.postgres.process]
    return [(p.pid, p.poll()) for p in processes if p is not None]


def _end(process: subprocess.Popen[bytes], sig: int) -> None:
    if process.poll() is None:
        process.send_signal(sig)
    try:
        process.wait(STOP_SECONDS)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait()


def _running_pid(directory: Path) -> int | None:
    """The pid of the cluster script running in `directory`, if one is."""
    try:
        pid = int((directory / PID_FILE).read_text())
        os.kill(pid, 0)
    except (OSError, ValueError):
        return None
    return pid


def stop_running(directory: Path) -> int:
    """Ask the cluster running in `directory` to stop, and wait until it has."""
    pid = _running_pid(directory)
    if pid is None:
        print(f"no cluster is running in {directory}")
        return 0
    os.kill(pid, signal.SIGTERM)
    deadline = time.monotonic() + 3 * STOP_SECONDS
    while _running_pid(directory) == pid:
        if time.monotonic() > deadline:
            print(f"the cluster (pid {pid}) did not stop", file=sys.stderr)
            return 1
        time.sleep(0.1)
    print("lastcard cluster stopped")
    return 0


if __name__ == "__main__":
    sys.exit(main())
