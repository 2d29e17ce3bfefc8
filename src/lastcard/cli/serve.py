"""`lastcard serve`: tables in the browser."""

from __future__ import annotations

import sys
from typing import Annotated

import typer

from lastcard.core import LastcardError

from .common import (
    fail,
    output_console,
    require_extra,
)


def serve(
    host: Annotated[
        str, typer.Option(help="Address to listen on; 0.0.0.0 serves every network.")
    ] = "127.0.0.1",
    port: Annotated[int, typer.Option(min=1, max=65535, help="TCP port.")] = 8000,
    db: Annotated[
        str | None,
        typer.Option(
            "--db",
            metavar="URL",
            help="Database URL: sqlite:///path/to/file.sqlite3 (default: a file in your data "
            "directory) or postgresql://user@host/name (the postgres extra).",
        ),
    ] = None,
    bot_delay: Annotated[
        float,
        typer.Option(min=0.0, help="Seconds a bot pauses before it moves, as a person would."),
    ] = 0.9,
    hand_pause: Annotated[
        float,
        typer.Option(min=0.0, help="Seconds between hands before the next is dealt by itself."),
    ] = 15.0,
    max_tables: Annotated[
        int, typer.Option(min=1, help="Live tables this process holds; more are refused (503).")
    ] = 5000,
    creates_per_minute: Annotated[
        int, typer.Option(min=1, help="Tables one address may create a minute.")
    ] = 10,
    joins_per_minute: Annotated[
        int, typer.Option(min=1, help="Joins (and record downloads) one address may make a minute.")
    ] = 30,
    connections_per_ip: Annotated[
        int, typer.Option(min=1, help="Open websockets one address may hold.")
    ] = 20,
    allow_origin: Annotated[
        list[str] | None,
        typer.Option(
            metavar="ORIGIN",
            help="Another site whose pages may use this server, as https://host[:port] "
            "(repeat for more). Pages of other sites can neither join nor watch.",
        ),
    ] = None,
    allow_host: Annotated[
        list[str] | None,
        typer.Option(
            metavar="NAME",
            help="A name this server answers to, as table.example.com (repeat for more): a "
            "reverse proxy's public name. Addresses, localhost and this machine's name always "
            "work; other names are refused, so no other site can pass for this one.",
        ),
    ] = None,
    trusted_proxy: Annotated[
        list[str] | None,
        typer.Option(
            metavar="ADDRESS",
            help="A reverse proxy's address or network whose X-Forwarded-For header names the "
            "client (repeat for more). From any other address the header is ignored.",
        ),
    ] = None,
) -> None:
    """Serve Uno tables in the browser: friends and bots, over the network (docs/SERVER.md).

    Open the printed address, create a table and share its link. Every game is stored as it is
    played: stop the server (Ctrl+C) and start it again, and the tables go on where they were.
    """
    require_extra("serve", "server")
    from lastcard.server.addresses import invite_lines, lan_addresses
    from lastcard.server.limits import Limits
    from lastcard.server.room import Timing
    from lastcard.server.serve import run
    from lastcard.server.storage import default_database_url, open_storage

    url = db or default_database_url()
    try:
        open_storage(url).close()  # a clear error now rather than a traceback at startup
    except LastcardError as error:
        raise fail(str(error)) from None
    console = output_console()
    for line in invite_lines(host, port, lan_addresses()):
        console.print(line, markup=False, highlight=False)
    console.print(f"Database: {url}", markup=False, highlight=False)
    sys.stdout.flush()  # the addresses come before uvicorn's lines, even when logged to a file
    timing = Timing(bot_delay=bot_delay, catch_delay=bot_delay * 1.8, hand_pause=hand_pause)
    limits = Limits(
        max_tables=max_tables,
        creates_per_minute=creates_per_minute,
        joins_per_minute=joins_per_minute,
        connections_per_ip=connections_per_ip,
    )
    run(
        url,
        host=host,
        port=port,
        timing=timing,
        limits=limits,
        log_level="warning",
        allow_origins=allow_origin or (),
        allow_hosts=allow_host or (),
        trusted_proxies=trusted_proxy or (),
    )
