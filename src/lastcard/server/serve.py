"""Running the server: `lastcard serve` calls `run`."""

from __future__ import annotations

import logging
import socket
from collections.abc import Sequence

import uvicorn

from .app import create_app
from .collector import Collector
from .limits import Limits
from .room import Timing


def run(
    database_url: str,
    *,
    host: str = "127.0.0.1",
    port: int = 8000,
    limits: Limits | None = None,
    timing: Timing | None = None,
    log_level: str = "info",
    tune_gc: bool = True,
    allow_origins: Sequence[str] = (),
    allow_hosts: Sequence[str] = (),
    trusted_proxies: Sequence[str] = (),
) -> None:
    """Serve until SIGINT or SIGTERM, then shut down gracefully (SERVER.md §8).

    `allow_origins`: other sites whose pages may use this server. `allow_hosts`: names it
    answers to besides its addresses and this machine's names (the name it listens on is one).
    `trusted_proxies`: the
    addresses (or networks) whose `X-Forwarded-For` names the client; from anyone else the
    header is ignored, so no one can pass for another address and escape its limits."""
    limits = limits or Limits()
    app = create_app(
        database_url,
        limits=limits,
        timing=timing,
        allow_origins=allow_origins,
        allow_hosts=[*allow_hosts, host],
        store_apart=True,
    )
    config = uvicorn.Config(
        app,
        host=host,
        port=port,
        ws="websockets-sansio",
        ws_max_size=limits.frame_bytes,  # a bigger frame closes the socket with 1009 (§8)
        ws_ping_interval=20.0,
        ws_ping_timeout=20.0,
        # No permessage-deflate: a state is a few kilobytes, and compressing every one cost
        # the event loop a tenth of a core at 1,000 tables and each connection ~50 KB of zlib
        # state (benchmarks/server_load.py: p99 there fell from 33-56 ms to 13-21 ms).
        ws_per_message_deflate=False,
        log_level=log_level,
        timeout_graceful_shutdown=10,
        lifespan="on",
        # uvicorn believes forwarded headers from loopback unless told otherwise.
        proxy_headers=bool(trusted_proxies),
        forwarded_allow_ips=list(trusted_proxies),
    )
    logging.basicConfig(level=log_level.upper(), format="%(levelname)s %(name)s: %(message)s")
    collector = Collector() if tune_gc else None
    if collector is not None:
        collector.start()
    try:
        _GracefulServer(config).run()
    finally:
        if collector is not None:
            collector.stop()


class _GracefulServer(uvicorn.Server):
    """uvicorn closes every websocket itself when it stops, before the app hears of it: the
    tables are drained first, so clients hear `bye` and actions are refused (`SHUTTING_DOWN`)
    rather than cut off."""

    async def shutdown(self, sockets: list[socket.socket] | None = None) -> None:
        app = self.config.loaded_app
        server = getattr(getattr(app, "state", None), "server", None)
        if server is None:  # wrapped by uvicorn's middleware: find the Starlette app
            inner = getattr(app, "app", None)
            server = getattr(getattr(inner, "state", None), "server", None)
        if server is not None:
            await server.drain()
        await super().shutdown(sockets)
