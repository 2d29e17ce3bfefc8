"""`make cluster` (deploy/cluster.py) for real: PostgreSQL, two `lastcard serve` processes and
nginx start, a table is created and joined through nginx, and stopping (`--stop`, as `make
cluster-stop`, or Ctrl-C) leaves none of the processes it started behind."""

from __future__ import annotations

import json
import os
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import httpx
import pytest
from live_server import free_port
from local_postgres import binaries
from websockets.sync.client import connect

SCRIPT = Path(__file__).resolve().parents[2] / "deploy" / "cluster.py"


def require(found: object, what: str, variable: str) -> None:
    if not found:  # `make test` installs them, and says so with the variable
        if os.environ.get(variable) == "1":
            pytest.fail(f"no {what}")
        pytest.skip(f"no {what}")


def descendants(root: int) -> set[int]:
    """Every process below `root`, read from /proc."""
    children: dict[int, list[int]] = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                stat = (entry / "stat").read_text()
            except OSError:
                continue
            parent = int(stat.rpartition(")")[2].split()[1])
            children.setdefault(parent, []).append(int(entry.name))
    found, todo = set(), [root]
    while todo:
        for child in children.get(todo.pop(), []):
            found.add(child)
            todo.append(child)
    return found


def alive(pid: int) -> bool:
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return False
    return stat.rpartition(")")[2].split()[0] != "Z"  # a zombie has ended


@pytest.mark.parametrize("stop", ["make cluster-stop", "ctrl-c"])
def test_s10_make_cluster_serves_through_nginx_and_stops_every_process(
    tmp_path: Path, stop: str
) -> None:
    require(binaries(), "PostgreSQL server binaries", "LASTCARD_REQUIRE_POSTGRES")
    require(shutil.which("nginx"), "nginx on PATH", "LASTCARD_REQUIRE_NGINX")
    port, first, second = free_port(), free_port(), free_port()
    directory = tmp_path / "cluster"
    options = ["--dir", str(directory)]
    ports = ["--port", str(port), "--server-ports", str(first), str(second)]
    script = subprocess.Popen(
        [sys.executable, SCRIPT, *options, *ports],
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )
    try:
        assert script.stdout is not None
        started = script.stdout.readline()  # the first line says it has started (or not)
        assert "started in" in started and f"open http://127.0.0.1:{port}/" in started, started
        started_processes = descendants(script.pid)
        assert len(started_processes) >= 4  # PostgreSQL (and its workers), 2 servers, nginx

        url = f"http://127.0.0.1:{port}"
        created = httpx.post(f"{url}/api/tables", json={"name": "Ana", "seats": 3}, timeout=30)
        assert created.status_code == 201, created.text
        code = created.json()["code"]
        joined = httpx.post(f"{url}/api/tables/{code}/join", json={"name": "Bea"}, timeout=30)
        assert joined.status_code == 200 and joined.json()["seat"] == 1, joined.text
        with connect(f"ws://127.0.0.1:{port}/ws/{code}") as socket:
            socket.send(json.dumps({"t": "hello", "v": 1, "token": created.json()["token"]}))
            assert json.loads(socket.recv(timeout=30))["t"] == "welcome"

        if stop == "ctrl-c":
            script.send_signal(signal.SIGINT)
        else:
            stopped = subprocess.run(
                [sys.executable, SCRIPT, *options, "--stop"], capture_output=True, text=True
            )
            assert stopped.returncode == 0 and "stopped" in stopped.stdout, stopped
        assert script.wait(60) == 0
        rest = script.stdout.read()
        assert "lastcard cluster stopped" in rest, rest
        deadline = time.monotonic() + 10  # PostgreSQL's workers end just after their master
        while left := [pid for pid in started_processes if alive(pid)]:
            assert time.monotonic() < deadline, f"left behind: {left}"
            time.sleep(0.05)
    finally:
        if script.poll() is None:
            script.send_signal(signal.SIGINT)
            script.wait(60)
