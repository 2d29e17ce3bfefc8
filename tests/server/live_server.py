"""A real `lastcard serve` process for tests: started on a free port with its own database.

    with LiveServer(tmp_path) as server:
        info = server.create_table(name="Ana", seats=3, bots=[{"seat": 1, "level": "easy"}])
        ... websockets to server.ws_url(info["code"]) ...
        server.kill(signal.SIGKILL); server.start()   # the same database, a new process

Its database is a SQLite file in `directory`, or the `database_url` given (the `database_url`
fixture of tests/server/conftest.py gives each kind in turn).

Bots move after `bot_delay` seconds (0.02 by default, so a test plays whole games in seconds);
the next hand is dealt after `hand_pause`.
"""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any, Self

import httpx


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


class LiveServer:
    def __init__(
        self,
        directory: Path,
        *,
        bot_delay: float = 0.02,
        hand_pause: float = 0.05,
        port: int | None = None,
        options: Sequence[str] = (),
        database_url: str | None = None,
    ) -> None:
        self.database_url = database_url or f"sqlite:///{directory / 'server.sqlite3'}"
        self.port = port or free_port()
        self.bot_delay = bot_delay
        self.hand_pause = hand_pause
        self.process: subprocess.Popen[bytes] | None = None
        self.log = directory / "server.log"
        self.options = list(options)  # more `lastcard serve` options
        # What runs `lastcard` (a test may put a script of its own before the command line).
        self.launcher: list[str] = [sys.executable, "-m", "lastcard"]

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def ws_url(self, code: str) -> str:
        return f"ws://127.0.0.1:{self.port}/ws/{code}"

    def start(self) -> Self:
        command = [
            *self.launcher,
            "serve",
            "--port",
            str(self.port),
            "--db",
            self.database_url,
            "--bot-delay",
            str(self.bot_delay),
            "--hand-pause",
            str(self.hand_pause),
            *self.options,
        ]
        log = self.log.open("ab")
        self.process = subprocess.Popen(command, stdout=log, stderr=subprocess.STDOUT)
        deadline = time.monotonic() + 20
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"the server exited: {self.log.read_text()[-2000:]}")
            try:
                if httpx.get(self.url + "/healthz", timeout=0.5).status_code == 200:
                    return self
            except httpx.HTTPError:
                time.sleep(0.05)
        self.kill(signal.SIGKILL)  # a server that answers later must not outlive the test
        raise RuntimeError("the server did not answer /healthz within 20 s")

    def kill(self, sig: int = signal.SIGTERM, timeout: float = 15) -> int:
        """Send `sig` and wait for the process to end; its exit code."""
        assert self.process is not None
        self.process.send_signal(sig)
        try:
            return self.process.wait(timeout)
        finally:
            if self.process.poll() is None:
                os.kill(self.process.pid, signal.SIGKILL)
                self.process.wait()

    def create_table(self, **body: Any) -> dict[str, Any]:
        reply = httpx.post(self.url + "/api/tables", json=body, timeout=10)
        reply.raise_for_status()
        result: dict[str, Any] = reply.json()
        return result

    def join(self, code: str, **body: Any) -> dict[str, Any]:
        reply = httpx.post(f"{self.url}/api/tables/{code}/join", json=body, timeout=10)
        reply.raise_for_status()
        result: dict[str, Any] = reply.json()
        return result

    def __enter__(self) -> Self:
        return self.start()

    def __exit__(self, *exc: object) -> None:
        if self.process is not None and self.process.poll() is None:
            self.kill(signal.SIGTERM)
