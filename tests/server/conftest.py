"""The databases the server's tests run against: SQLite and a throwaway PostgreSQL.

A test (or fixture) that asks for `database_url` runs once on each: a new SQLite file in its
`tmp_path`, and a new database on the session's PostgreSQL server (deploy/local_postgres.py),
started on first use and stopped when the session ends, whatever the tests did. A machine
without PostgreSQL's server binaries skips the PostgreSQL runs, unless
`LASTCARD_REQUIRE_POSTGRES=1` (as `make test` sets, having installed them) makes that a failure.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest
from local_postgres import PostgresServer, binaries

DATABASES = ("sqlite", "postgresql")


@pytest.fixture(scope="session")
def postgres() -> Iterator[PostgresServer]:
    bindir = binaries()
    if bindir is None:
        message = "no PostgreSQL server binaries (initdb, postgres) on PATH or in pg_config"
        if os.environ.get("LASTCARD_REQUIRE_POSTGRES") == "1":
            pytest.fail(message)
        pytest.skip(message)
    server = PostgresServer.start(bindir)
    try:
        yield server
    finally:
        server.stop()


@pytest.fixture(params=DATABASES)
def database_url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """A new, empty database of each kind; its URL."""
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 'data' / 'server.sqlite3'}"
    server: PostgresServer = request.getfixturevalue("postgres")
    return server.new_database()
