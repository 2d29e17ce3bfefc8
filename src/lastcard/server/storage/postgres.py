"""The PostgreSQL engine of `Storage` (psycopg 3): the database several processes share (§10).

The same schema, checks and refusals as the SQLite engine (`sqlite`), in PostgreSQL's terms:

- **Autocommit connection, psycopg's transactions.** Every write is one `connection.transaction()`,
  committed when the method returns (persist before broadcast). Inside `batch()` the same call
  opens a savepoint instead, so each write or `atomic` group succeeds or fails alone and the
  batch's one commit makes them all durable (group commit).
- **Read committed for writes, repeatable read for reads.** A write's checks (the next ply, a
  running game) and its insert are guarded by the keys and constraints, so two processes cannot
  both store ply 7; a read of several queries (`load`) sees one snapshot.
- **One connection, one thread at a time**, as with SQLite: the server calls from its single
  storage thread, and a lock makes overlapping calls wait rather than interleave transactions.
- **Versioned schema.** The one row of `schema_version` holds the version; `MIGRATIONS[v]` takes
  version v to v + 1 under a transaction-scoped advisory lock, so of several processes starting
  at once one migrates and the others then see its work. A database from a newer lastcard, or
  one holding other tables, is refused rather than misread.
- **Triggers keep `actions` append-only**, as in the SQLite file.
- **One owner per table** (`claim`): a session-level advisory lock on a 64-bit hash of the
  table's code, held by the owner's connection; when the owner dies, its connection ends and
  PostgreSQL lets the table go to the next process that claims it.
- **The URL is never repeated** in a message (it may hold a password): errors name the database
  and its server.
"""

from __future__ import annotations

import contextlib
import threading
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from typing import Any

import psycopg
from psycopg import conninfo
from psycopg.pq import TransactionStatus

from .claims import Claims
from .engine import TABLE_NAMES, SqlStorage, reason, try_write
from .interface import TABLE_STATUSES, StorageError, StoredAction, StoredTable
from .rows import check

__all__ = ["MIGRATIONS", "SCHEMA_VERSION", "TABLE_NAMES", "PostgresStorage", "open_postgres"]

CONNECT_TIMEOUT_SECONDS = 10  # when the URL sets none: a server that never answers is an error
# The advisory lock that one migrating process holds (any number, the same in every lastcard).
MIGRATION_LOCK = 0x1A57CA4D
# The seed of the 64-bit hash of a table's code that names its owner's advisory lock.
TABLE_LOCKS = 0x7AB1E

# Version 1, as SQLite's version 1. Times are seconds since the epoch (double precision); dicts
# and lists are JSON text. A version's statements are frozen once released: change the schema
# by adding a migration.
_SCHEMA_1 = (
    """CREATE TABLE tables (
        code text PRIMARY KEY,
        name text NOT NULL,
        status text NOT NULL
            CHECK (status IN ('waiting', 'playing', 'over', 'closed', 'suspended')),
        settings text NOT NULL,
        host integer,
        public boolean NOT NULL,
        created double precision NOT NULL,
        updated double precision NOT NULL)""",
    "CREATE INDEX tables_open ON tables (created) WHERE status <> 'closed'",
    """CREATE TABLE seats (
        table_code text NOT NULL REFERENCES tables (code) ON DELETE CASCADE,
        seat integer NOT NULL CHECK (seat >= 0),
        kind text NOT NULL CHECK (kind IN ('bot', 'empty', 'human')),
        name text,
        level text,
        token_hash text,
        client_seed text,
        PRIMARY KEY (table_code, seat))""",
    # seed is decimal text: a secure generator's seed reaches 2**512.
    """CREATE TABLE games (
        id text PRIMARY KEY,
        table_code text NOT NULL REFERENCES tables (code),
        number integer NOT NULL CHECK (number >= 1),
        players integer NOT NULL,
        rules text NOT NULL,
        seed text,
        generator text NOT NULL,
        dealer integer,
        commitment text NOT NULL,
        server_seed text NOT NULL,
        client_seeds text NOT NULL,
        seats text NOT NULL,
        status text NOT NULL CHECK (status IN ('running', 'over', 'abandoned')),
        result text,
        started double precision NOT NULL,
        ended double precision,
        UNIQUE (table_code, number))""",
    "CREATE UNIQUE INDEX games_one_running ON games (table_code) WHERE status = 'running'",
    """CREATE TABLE actions (
        game text NOT NULL REFERENCES games (id),
        ply integer NOT NULL CHECK (ply >= 0),
        seat integer NOT NULL,
        code text NOT NULL,
        by_whom text NOT NULL CHECK (by_whom IN ('autopilot', 'bot', 'player', 'timer')),
        time double precision NOT NULL,
        PRIMARY KEY (game, ply))""",
    """CREATE FUNCTION actions_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN RAISE EXCEPTION 'actions are append-only'; END $$""",
    """CREATE TRIGGER actions_no_change BEFORE UPDATE OR DELETE ON actions
        FOR EACH ROW EXECUTE FUNCTION actions_append_only()""",
    """CREATE TRIGGER actions_no_truncate BEFORE TRUNCATE ON actions
        FOR EACH STATEMENT EXECUTE FUNCTION actions_append_only()""",
    """CREATE TABLE chat (
        id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        table_code text NOT NULL REFERENCES tables (code),
        seat integer,
        name text NOT NULL,
        text text NOT NULL,
        time double precision NOT NULL)""",
    "CREATE INDEX chat_of_table ON chat (table_code, id)",
)

# Version 2: the next game's server seed, drawn when its waiting room opens (SERVER.md §6).
_SCHEMA_2 = ("ALTER TABLE tables ADD COLUMN next_server_seed text",)

# Version 3: the players' names of each game, for the record a player downloads.
_SCHEMA_3 = ("ALTER TABLE games ADD COLUMN names text",)

MIGRATIONS: dict[int, tuple[str, ...]] = {0: _SCHEMA_1, 1: _SCHEMA_2, 2: _SCHEMA_3}
SCHEMA_VERSION = len(MIGRATIONS)


def open_postgres(url: str) -> PostgresStorage:
    """Connect to the database at `url` (a libpq URL: postgresql://user:password@host/name),
    bringing its schema to this version."""
    where = describe(url)
    try:
        timeout = conninfo.conninfo_to_dict(url).get("connect_timeout") or CONNECT_TIMEOUT_SECONDS
        url = conninfo.make_conninfo(url, connect_timeout=timeout)
        connection = psycopg.connect(url, autocommit=True)
    except psycopg.Error as error:
        raise StorageError(f"cannot open {where}: {reason(error)}") from None
    try:
        _migrate(connection, where)
    except psycopg.Error as error:
        connection.close()
        raise StorageError(f"cannot open {where}: {reason(error)}") from None
    except StorageError:
        connection.close()
        raise
    return PostgresStorage(connection, where, lambda: psycopg.connect(url, autocommit=True))


def describe(url: str) -> str:
    """How messages name the database at `url`: its name and server, never its password.

    >>> describe("postgresql://ana:secret@db.example:6543/lastcard")
    'the PostgreSQL database lastcard on db.example:6543'
    >>> describe("postgresql:///lastcard?host=/run/pg")
    'the PostgreSQL database lastcard on /run/pg'
    """
    try:
        params = conninfo.conninfo_to_dict(url)
    except psycopg.Error:
        return "the PostgreSQL database (its URL cannot be read)"
    name = params.get("dbname") or params.get("user") or "(the default)"
    host = str(params.get("host") or "the local socket")
    port = params.get("port")
    return f"the PostgreSQL database {name} on {host}{f':{port}' if port else ''}"


def _migrate(connection: psycopg.Connection[Any], where: str) -> None:
    """Bring the schema to `SCHEMA_VERSION`, refusing databases this version cannot read."""
    with connection.transaction():
        connection.execute("SELECT pg_advisory_xact_lock(%s)", (MIGRATION_LOCK,))
        if connection.execute("SELECT to_regclass('schema_version')").fetchone() == (None,):
            others = connection.execute(
                "SELECT count(*) FROM pg_tables WHERE schemaname = current_schema()"
            ).fetchone()
            if others and others[0]:
                raise StorageError(
                    f"{where} is not a lastcard database "
                    "(it holds other tables and no schema version)"
                )
            connection.execute("CREATE TABLE schema_version (version integer NOT NULL)")
            connection.execute("INSERT INTO schema_version VALUES (0)")
        row = connection.execute("SELECT version FROM schema_version").fetchone()
        version = 0 if row is None else row[0]
        if version > SCHEMA_VERSION:
            raise StorageError(
                f"{where} has schema version {version}, written by a newer lastcard "
                f"(this one reads up to version {SCHEMA_VERSION})"
            )
        for step in range(version, SCHEMA_VERSION):
            for statement in MIGRATIONS[step]:
                connection.execute(statement)
        if version != SCHEMA_VERSION:
            connection.execute("UPDATE schema_version SET version = %s", (SCHEMA_VERSION,))


class PostgresStorage(SqlStorage):
    """`Storage` on one PostgreSQL connection (see the module docstring)."""

    def __init__(
        self,
        connection: psycopg.Connection[Any],
        where: str,
        connect: Callable[[], psycopg.Connection[Any]],
    ) -> None:
        super().__init__(where)
        self._connection = connection
        self._connect = connect  # a new connection to the same database, when one is lost
        self._lock = threading.RLock()  # re-entered by the writes inside `batch`
        self._depth = 0  # how many `_use` blocks are open (a batch and its writes)
        self._closed = False
        self._claims = Claims()

    # Several processes may serve this database: each table's owner holds a session-level
    # advisory lock on it, which PostgreSQL drops when the owner's connection ends.
    shared = True
    _MARK = "%s"
    _GREATEST = "greatest"
    _FOR_UPDATE = " FOR UPDATE"

    def claim(self, code: str) -> bool:
        with self._use() as db:
            row = db.execute(
                "SELECT pg_try_advisory_lock(hashtextextended(%s, %s))", (code, TABLE_LOCKS)
            ).fetchone()
            if row and row[0]:
                self._claims.taken(code)
                return True
        return False

    def release(self, code: str) -> None:
        with self._lock:
            if self._closed:
                raise StorageError(f"{self._where} is closed")
            if not self._claims.release(code):
                return  # the lock went with a lost connection
            with self._use() as db:
                db.execute(
                    "SELECT pg_advisory_unlock(hashtextextended(%s, %s))", (code, TABLE_LOCKS)
                )

    def heartbeat(self) -> list[str]:
        """Reach the database (connecting again if the connection was lost); the tables whose
        claims went with a lost connection, to be given up. A database out of reach is no
        error here: the tables' own writes fail and say so."""
        with contextlib.suppress(StorageError), self._use() as db:
            db.execute("SELECT 1")
        with self._lock:
            return self._claims.lost()

    def _owned(self, code: str) -> None:
        if not self._claims.owns(code):
            raise StorageError(
                f"{self._where}: table {code!r} was this process's until its connection was "
                "lost; another process may have it now"
            )

    # -- transactions ------------------------------------------------------------------

    @contextmanager
    def _use(self) -> Iterator[psycopg.Connection[Any]]:
        """The connection, to this caller alone; any database error becomes a StorageError.
        A connection found lost is replaced here, outside any transaction (inside one, the
        transaction is lost with it and fails)."""
        with self._lock:
            if self._closed:
                raise StorageError(f"{self._where} is closed")
            if self._connection.closed and not self._depth:
                self._reconnect()
            self._depth += 1
            try:
                yield self._connection
            except psycopg.Error as error:
                if self._connection.closed:
                    self._claims.connection_lost()
                raise StorageError(f"{self._where}: {reason(error)}") from None
            finally:
                self._depth -= 1

    def _reconnect(self) -> None:
        self._claims.connection_lost()  # should the loss have been seen only now
        try:
            self._connection = self._connect()
        except psycopg.Error as error:
            raise StorageError(f"cannot reach {self._where} again: {reason(error)}") from None

    @contextmanager
    def _write(self) -> Iterator[psycopg.Connection[Any]]:
        """One write transaction, committed before the block's caller gets control back; inside
        `batch()` (or another write) psycopg makes it a savepoint: it succeeds or fails alone."""
        with self._use() as connection, connection.transaction():
            yield connection

    @contextmanager
    def batch(self) -> Iterator[None]:
        """Many writes, one commit (group commit): the server gathers the writes of every table
        that arrived while the last commit ran. Each write (or `atomic` group) inside still
        succeeds or fails alone; all are durable once the block returns."""
        with self._write():
            yield

    @contextmanager
    def _read(self) -> Iterator[psycopg.Connection[Any]]:
        """One read transaction: several queries see one snapshot."""
        with self._use() as connection:
            outermost = connection.info.transaction_status == TransactionStatus.IDLE
            with connection.transaction():
                if outermost:  # inside a batch the batch's transaction decides
                    connection.execute("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ")
                yield connection

    # -- tables ------------------------------------------------------------------------

    def create_table(self, table: StoredTable) -> None:
        check(table.status, TABLE_STATUSES, "table status")
        self._check_seats(table.code, table.seats)
        with self._write() as db:
            created = db.execute(
                "INSERT INTO tables (code, name, status, settings, host, public, created, updated,"
                " next_server_seed) VALUES (%s, %s, %s, %s, %s, %s, %s, %s, %s)"
                " ON CONFLICT (code) DO NOTHING",
                self._table_values(table),
            ).rowcount
            if not created:
                raise self._taken(table.code)
            self._insert_seats(db, table.code, table.seats)

    def append_each(self, items: Sequence[tuple[str, StoredAction]]) -> list[Exception | None]:
        """Checked as `append` checks, then stored in two statements for all of them (arrays
        unnested into rows). An action refused by a check is reported and the others stored;
        should the statements fail as a whole, each action is tried alone."""
        games = [game_id for game_id, _ in items]
        if len(set(games)) != len(games):  # one game's actions in order: one at a time
            return [try_write(self.append, game_id, action) for game_id, action in items]
        with self._write() as db:
            errors, stored, touches = self._check_each(db, items, games)
            if not stored:
                return errors
            try:
                with db.transaction():  # a savepoint: undone alone if the statements fail
                    self._insert_actions(db, stored)
                    db.execute(
                        "UPDATE tables SET updated = greatest(tables.updated, v.time)"
                        " FROM unnest(%s::text[], %s::double precision[]) AS v (code, time)"
                        " WHERE tables.code = v.code",
                        (list(touches), list(touches.values())),
                    )
            except psycopg.Error:
                for index, error in enumerate(errors):
                    if error is None:
                        errors[index] = try_write(self.append, *items[index])
        return errors

    def _insert_actions(
        self, db: psycopg.Connection[Any], items: Sequence[tuple[str, StoredAction]]
    ) -> None:
        """One statement for any number of actions: each column is sent as one array."""
        db.execute(
            "INSERT INTO actions (game, ply, seat, code, by_whom, time)"
            " SELECT * FROM unnest(%s::text[], %s::integer[], %s::integer[], %s::text[],"
            " %s::text[], %s::double precision[])",
            (
                [game_id for game_id, _ in items],
                [a.ply for _, a in items],
                [a.seat for _, a in items],
                [a.code for _, a in items],
                [a.by for _, a in items],
                [a.time for _, a in items],
            ),
        )

    # -- closing -----------------------------------------------------------------------

    def close(self) -> None:
        with self._lock:
            if self._closed:
                return
            self._closed = True
            self._connection.close()
