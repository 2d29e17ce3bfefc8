"""The PostgreSQL database itself (SERVER.md §7, §10), seen behind the storage's back: its
versioned schema, its append-only action log, and the databases it refuses. What both engines
do alike is tested on both in test_storage.py."""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor

import psycopg
import pytest
from local_postgres import PostgresServer
from test_storage import CODE, act, new_game, new_table

from lastcard.server.storage import StorageError, open_storage
from lastcard.server.storage.postgres import SCHEMA_VERSION, TABLE_NAMES


@pytest.fixture
def url(postgres: PostgresServer) -> str:
    return postgres.new_database()


@pytest.fixture
def raw(url: str) -> Iterator[psycopg.Connection]:
    """A plain connection to the database, behind the storage's back."""
    with psycopg.connect(url, autocommit=True) as connection:
        yield connection


def eventually(condition: Callable[[], bool], seconds: float = 30.0) -> bool:
    """Whether `condition` comes true within `seconds`, asked again every few milliseconds."""
    deadline = time.monotonic() + seconds
    while not condition():
        if time.monotonic() > deadline:
            return False
        time.sleep(0.005)
    return True


def version(connection: psycopg.Connection) -> int:
    row = connection.execute("SELECT version FROM schema_version").fetchone()
    assert row is not None
    return int(row[0])


def test_s7_a_new_database_has_the_versioned_schema(url: str, raw: psycopg.Connection) -> None:
    open_storage(url).close()
    assert version(raw) == SCHEMA_VERSION
    names = {
        name
        for (name,) in raw.execute(
            "SELECT tablename FROM pg_tables WHERE schemaname = current_schema()"
        )
    }
    assert set(TABLE_NAMES) <= names
    seat_columns = {
        name
        for (name,) in raw.execute(
            "SELECT column_name FROM information_schema.columns WHERE table_name = 'seats'"
        )
    }
    assert "token_hash" in seat_columns
    assert "token" not in seat_columns  # tokens are never stored, only their hashes


def test_s7_the_action_log_is_append_only_in_the_database_itself(
    url: str, raw: psycopg.Connection
) -> None:
    with open_storage(url) as storage:  # type: ignore[attr-defined]
        storage.create_table(new_table())
        storage.start_game(new_game())
        storage.append("g1", act(0))
        for statement in (
            "UPDATE actions SET code = 'R9'",
            "DELETE FROM actions",
            "TRUNCATE actions",
        ):
            with pytest.raises(psycopg.errors.RaiseException, match="append-only"):
                raw.execute(statement)  # type: ignore[arg-type]
        assert storage.game("g1") == (new_game(), [act(0)])


def test_s7_reopening_keeps_the_schema_version(url: str, raw: psycopg.Connection) -> None:
    for _ in range(3):
        open_storage(url).close()
    assert version(raw) == SCHEMA_VERSION


def test_s10_processes_opening_a_new_database_at_once_migrate_it_once(
    url: str, raw: psycopg.Connection
) -> None:
    """Several servers started together: one migrates, the others wait and find it done."""
    with ThreadPoolExecutor(max_workers=4) as pool:
        opened = list(pool.map(lambda _: open_storage(url), range(4)))
    opened[0].create_table(new_table())
    assert [storage.load(CODE) == new_table() for storage in opened] == [True] * 4
    for storage in opened:
        storage.close()
    assert version(raw) == SCHEMA_VERSION


def test_s7_a_database_from_a_newer_lastcard_is_refused_untouched(
    url: str, raw: psycopg.Connection
) -> None:
    open_storage(url).close()
    raw.execute("UPDATE schema_version SET version = %s", (SCHEMA_VERSION + 1,))
    with pytest.raises(StorageError, match="newer lastcard") as caught:
        open_storage(url)
    assert f"version {SCHEMA_VERSION + 1}" in str(caught.value)
    assert version(raw) == SCHEMA_VERSION + 1


def test_s7_a_database_of_something_else_is_refused(url: str, raw: psycopg.Connection) -> None:
    raw.execute("CREATE TABLE invoices (id integer)")
    with pytest.raises(StorageError, match="not a lastcard database"):
        open_storage(url)
    assert raw.execute("SELECT to_regclass('schema_version')").fetchone() == (None,)


def test_s7_a_missing_database_is_a_storage_error_naming_it(postgres: PostgresServer) -> None:
    with pytest.raises(StorageError, match="cannot open the PostgreSQL database nowhere"):
        open_storage(postgres.url("nowhere"))


def test_s10_a_table_has_one_owner_until_it_lets_go_or_its_process_ends(url: str) -> None:
    """Two processes' connections: the second cannot claim what the first holds."""
    first, second = open_storage(url), open_storage(url)
    try:
        assert first.shared and second.shared
        assert first.claim(CODE)
        assert not second.claim(CODE)
        assert second.claim("OTHER1")  # one lock per table
        assert not first.claim("OTHER1")
        first.release(CODE)
        assert second.claim(CODE)
        assert not first.claim(CODE)
        second.close()  # as a process that dies: its connection ends, and with it its claims
        # The server ends the closed session on its own time: until then the claim still holds.
        assert eventually(lambda: first.claim(CODE))
        assert first.claim("OTHER1")
    finally:
        first.close()
        second.close()


def test_s10_a_lost_connection_is_replaced_and_the_claims_it_took_are_given_up(
    url: str, raw: psycopg.Connection
) -> None:
    """The session ends behind the storage's back: the next call connects again; the tables it
    owned are reported lost and refused writes until claimed again, and their old releases
    unlock nothing (the lock went with the session; a new claim stays held)."""
    first, second = open_storage(f"{url}&application_name=first"), open_storage(url)
    try:
        first.create_table(new_table())
        first.start_game(new_game())
        assert first.claim(CODE) and first.heartbeat() == []
        first.append("g1", act(0))
        raw.execute(
            "SELECT pg_terminate_backend(pid) FROM pg_stat_activity"
            " WHERE application_name = 'first'"
        )
        assert first.heartbeat() == [CODE]  # the loss found (the ping failed)...
        assert first.heartbeat() == [CODE]  # ...then a new connection, the claim still lost
        with pytest.raises(StorageError, match="another process may have it now"):
            first.append("g1", act(1))
        assert second.claim(CODE)  # the lock is free: another process takes the table
        assert not first.claim(CODE)
        second.release(CODE)
        assert first.claim(CODE)  # claimed again: written to, no longer lost
        assert first.heartbeat() == []
        first.append("g1", act(1))
        first.release(CODE)  # the release the given-up table owed: the new claim holds
        assert not second.claim(CODE)
        first.release(CODE)
        assert second.claim(CODE)
    finally:
        first.close()
        second.close()
