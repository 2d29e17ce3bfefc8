"""The SQLite engine of `Storage` (the default; stdlib `sqlite3`).

Settings and why:

- **WAL journal, `synchronous=NORMAL`.** A commit appends to the write-ahead log and returns
  without waiting for the disk; the log reaches the file at checkpoints. A committed transaction
  survives the process dying (SIGKILL included: the log is in the operating system's hands); a
  power cut may lose the last moments, never corrupt the file. Readers never block the writer.
- **Autocommit connection, explicit transactions.** Every write is one `BEGIN IMMEDIATE ...
  COMMIT`, so it has committed when the method returns (persist before broadcast).
- **One connection, one thread at a time.** The server calls from its single storage thread,
  which need not be the thread that opened the database (`check_same_thread=False`); a lock
  makes overlapping calls wait rather than interleave transactions.
- **Versioned schema.** `PRAGMA user_version` holds the schema version; `MIGRATIONS[v]` takes
  version v to v + 1, so a new database runs them all from 0. A file from a newer lastcard is
  refused rather than misread.
- **Foreign keys on**, and triggers keep `actions` append-only.
"""

from __future__ import annotations

import sqlite3
import threading
from collections.abc import Iterator, Sequence
from contextlib import contextmanager, nullcontext
from pathlib import Path

from .engine import TABLE_NAMES, SqlStorage, reason, try_write
from .interface import TABLE_STATUSES, StorageError, StoredAction, StoredTable
from .rows import check

__all__ = ["MIGRATIONS", "SCHEMA_VERSION", "TABLE_NAMES", "SqliteStorage", "open_sqlite"]

BUSY_TIMEOUT_SECONDS = 5.0  # how long to wait for another process holding the write lock


# Version 1. Times are seconds since the epoch (REAL); dicts and lists are JSON text. A version's
# statements are frozen once released (the value lists below included): change the schema by
# adding a migration.
_SCHEMA_1 = (
    """CREATE TABLE tables (
        code TEXT PRIMARY KEY,
        name TEXT NOT NULL,
        status TEXT NOT NULL
            CHECK (status IN ('waiting', 'playing', 'over', 'closed', 'suspended')),
        settings TEXT NOT NULL,
        host INTEGER,
        public INTEGER NOT NULL CHECK (public IN (0, 1)),
        created REAL NOT NULL,
        updated REAL NOT NULL)""",
    "CREATE INDEX tables_open ON tables (created) WHERE status <> 'closed'",
    """CREATE TABLE seats (
        table_code TEXT NOT NULL REFERENCES tables (code) ON DELETE CASCADE,
        seat INTEGER NOT NULL CHECK (seat >= 0),
        kind TEXT NOT NULL CHECK (kind IN ('bot', 'empty', 'human')),
        name TEXT,
        level TEXT,
        token_hash TEXT,
        client_seed TEXT,
        PRIMARY KEY (table_code, seat)) WITHOUT ROWID""",
    # seed is decimal text: a secure generator's seed reaches 2**512.
    """CREATE TABLE games (
        id TEXT PRIMARY KEY,
        table_code TEXT NOT NULL REFERENCES tables (code),
        number INTEGER NOT NULL CHECK (number >= 1),
        players INTEGER NOT NULL,
        rules TEXT NOT NULL,
        seed TEXT,
        generator TEXT NOT NULL,
        dealer INTEGER,
        commitment TEXT NOT NULL,
        server_seed TEXT NOT NULL,
        client_seeds TEXT NOT NULL,
        seats TEXT NOT NULL,
        status TEXT NOT NULL CHECK (status IN ('running', 'over', 'abandoned')),
        result TEXT,
        started REAL NOT NULL,
        ended REAL,
        UNIQUE (table_code, number))""",
    "CREATE UNIQUE INDEX games_one_running ON games (table_code) WHERE status = 'running'",
    """CREATE TABLE actions (
        game TEXT NOT NULL REFERENCES games (id),
        ply INTEGER NOT NULL CHECK (ply >= 0),
        seat INTEGER NOT NULL,
        code TEXT NOT NULL,
        by_whom TEXT NOT NULL CHECK (by_whom IN ('autopilot', 'bot', 'player', 'timer')),
        time REAL NOT NULL,
        PRIMARY KEY (game, ply)) WITHOUT ROWID""",
    """CREATE TRIGGER actions_no_update BEFORE UPDATE ON actions
        BEGIN SELECT RAISE(ABORT, 'actions are append-only'); END""",
    """CREATE TRIGGER actions_no_delete BEFORE DELETE ON actions
        BEGIN SELECT RAISE(ABORT, 'actions are append-only'); END""",
    """CREATE TABLE chat (
        id INTEGER PRIMARY KEY,
        table_code TEXT NOT NULL REFERENCES tables (code),
        seat INTEGER,
        name TEXT NOT NULL,
        text TEXT NOT NULL,
        time REAL NOT NULL)""",
    "CREATE INDEX chat_of_table ON chat (table_code, id)",
)

# Version 2: the next game's server seed, drawn when its waiting room opens (SERVER.md §6).
_SCHEMA_2 = ("ALTER TABLE tables ADD COLUMN next_server_seed TEXT",)

# Version 3: the players' names of each game, for the record a player downloads.
_SCHEMA_3 = ("ALTER TABLE games ADD COLUMN names TEXT",)

MIGRATIONS: dict[int, tuple[str, ...]] = {0: _SCHEMA_1, 1: _SCHEMA_2, 2: _SCHEMA_3}
SCHEMA_VERSION = len(MIGRATIONS)

# Rows of one multi-row statement: 6 values each, far below SQLite's 32,766 variables.
_ROWS_A_STATEMENT = 500


def open_sqlite(path: Path | None) -> SqliteStorage:
    """Open the database file at `path` (None: in memory), creating it and its schema."""
    where = "the in-memory database" if path is None else f"the database {path}"
    try:
        if path is not None:
            path.parent.mkdir(parents=True, exist_ok=True)
        connection = sqlite3.connect(
            ":memory:" if path is None else path,
            timeout=BUSY_TIMEOUT_SECONDS,
            isolation_level=None,
            check_same_thread=False,
        )
    except (OSError, sqlite3.Error) as error:
        raise StorageError(f"cannot open {where}: {reason(error)}") from None
    try:
        connection.execute("PRAGMA foreign_keys = ON")
        connection.execute("PRAGMA journal_mode = WAL")
        connection.execute("PRAGMA synchronous = NORMAL")
        _migrate(connection, where)
    except sqlite3.Error as error:
        connection.close()
        raise StorageError(f"cannot open {where}: {reason(error)}") from None
    except StorageError:
        connection.close()
        raise
    return SqliteStorage(connection, where)


def _migrate(connection: sqlite3.Connection, where: str) -> None:
    """Bring the schema to `SCHEMA_VERSION`, refusing files this version cannot read."""
    connection.execute("BEGIN IMMEDIATE")  # one process migrates; the others then see its work
    try:
        version = connection.execute("PRAGMA user_version").fetchone()[0]
        if version > SCHEMA_VERSION:
            raise StorageError(
                f"{where} has schema version {version}, written by a newer lastcard "
                f"(this one reads up to version {SCHEMA_VERSION})"
            )
        if version == 0 and connection.execute("SELECT count(*) FROM sqlite_master").fetchone()[0]:
            raise StorageError(
                f"{where} is not a lastcard database (it holds other tables and no schema version)"
            )
        for step in range(version, SCHEMA_VERSION):
            for statement in MIGRATIONS[step]:
                connection.execute(statement)
        if version != SCHEMA_VERSION:
            connection.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")
        connection.execute("COMMIT")
    except BaseException:
        connection.execute("ROLLBACK")
        raise


class SqliteStorage(SqlStorage):
    """`Storage` on one SQLite connection (see the module docstring)."""

    def __init__(self, connection: sqlite3.Connection, where: str) -> None:
        super().__init__(where)
        self._connection = connection
        self._lock = threading.RLock()  # re-entered by the writes inside `batch`
        self._closed = False
        self._batch_depth = 0
        self._savepoints = 0

    # A SQLite file serves one process: its write lock keeps writes whole, but nothing would
    # keep two servers from loading one table. Every claim of this process succeeds.
    shared = False

    def claim(self, code: str) -> bool:
        with self._use():  # a closed database refuses, as every call does
            return True

    def release(self, code: str) -> None:
        with self._use():
            return

    def heartbeat(self) -> list[str]:
        with self._use():  # a file has no connection to lose
            return []

    # -- transactions ------------------------------------------------------------------

    @contextmanager
    def _use(self) -> Iterator[sqlite3.Connection]:
        """The connection, to this caller alone; any database error becomes a StorageError."""
        with self._lock:
            if self._closed:
                raise StorageError(f"{self._where} is closed")
            try:
                yield self._connection
            except (sqlite3.Error, OverflowError) as error:  # OverflowError: an int past 64 bits
                raise StorageError(f"{self._where}: {reason(error)}") from None

    @contextmanager
    def _write(self) -> Iterator[sqlite3.Connection]:
        """One write transaction, committed before the block's caller gets control back; inside
        `batch()`, a savepoint instead: the write succeeds or fails alone, and the batch's one
        commit makes it durable."""
        with self._use() as connection:
            if self._batch_depth:
                self._savepoints += 1
                name = f"w{self._savepoints}"
                connection.execute(f"SAVEPOINT {name}")
                try:
                    yield connection
                    connection.execute(f"RELEASE {name}")
                except BaseException:
                    connection.execute(f"ROLLBACK TO {name}")
                    connection.execute(f"RELEASE {name}")
                    raise
                return
            connection.execute("BEGIN IMMEDIATE")
            try:
                yield connection
                connection.execute("COMMIT")
            except BaseException:
                if connection.in_transaction:
                    connection.execute("ROLLBACK")
                raise

    @contextmanager
    def batch(self) -> Iterator[None]:
        """Many writes, one commit (group commit): the server gathers the writes of every table
        that arrived while the last commit ran. Each write (or `atomic` group) inside still
        succeeds or fails alone; all are durable once the block returns."""
        with self._use() as connection:
            connection.execute("BEGIN IMMEDIATE")
            self._batch_depth += 1
            try:
                yield
                connection.execute("COMMIT")
            except BaseException:
                if connection.in_transaction:
                    connection.execute("ROLLBACK")
                raise
            finally:
                self._batch_depth -= 1

    @contextmanager
    def _read(self) -> Iterator[sqlite3.Connection]:
        """One read transaction: several queries see one snapshot."""
        with self._use() as connection:
            connection.execute("BEGIN")
            try:
                yield connection
            finally:
                connection.execute("COMMIT")

    # -- tables ------------------------------------------------------------------------

    def create_table(self, table: StoredTable) -> None:
        check(table.status, TABLE_STATUSES, "table status")
        self._check_seats(table.code, table.seats)
        with self._write() as db:
            if db.execute("SELECT 1 FROM tables WHERE code = ?", (table.code,)).fetchone():
                raise self._taken(table.code)
            db.execute(
                "INSERT INTO tables (code, name, status, settings, host, public, created, updated,"
                " next_server_seed) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
                self._table_values(table),
            )
            self._insert_seats(db, table.code, table.seats)

    def _insert_actions(
        self, db: sqlite3.Connection, items: Sequence[tuple[str, StoredAction]]
    ) -> None:
        db.executemany(
            "INSERT INTO actions (game, ply, seat, code, by_whom, time) VALUES (?, ?, ?, ?, ?, ?)",
            [(game_id, a.ply, a.seat, a.code, a.by, a.time) for game_id, a in items],
        )

    def append_each(self, items: Sequence[tuple[str, StoredAction]]) -> list[Exception | None]:
        """Checked as `append` checks, then stored in four statements for all of them: each
        statement hands Python's lock to the event loop and waits to get it back, so under load
        a few per commit rather than six per action is what keeps the writes off the players'
        wait. An action refused by a check is reported and the others stored; should the
        statements fail as a whole, each action is tried alone."""
        games = [game_id for game_id, _ in items]
        if len(set(games)) != len(games):  # one game's actions in order: one at a time
            return [try_write(self.append, game_id, action) for game_id, action in items]
        # In a batch of its own when called alone: the fallback's appends are then savepoints
        # inside it, never a transaction begun inside another.
        with self.batch() if not self._batch_depth else nullcontext(), self._write() as db:
            errors, stored, touched_tables = self._check_each(db, items, games)
            rows = [(game_id, a.ply, a.seat, a.code, a.by, a.time) for game_id, a in stored]
            touches = list(touched_tables.items())
            if not rows:
                return errors
            try:
                db.execute("SAVEPOINT each")
                for start in range(0, len(rows), _ROWS_A_STATEMENT):
                    chunk = rows[start : start + _ROWS_A_STATEMENT]
                    db.execute(
                        "INSERT INTO actions (game, ply, seat, code, by_whom, time) VALUES "
                        + ", ".join(["(?, ?, ?, ?, ?, ?)"] * len(chunk)),
                        [value for row in chunk for value in row],
                    )
                for start in range(0, len(touches), _ROWS_A_STATEMENT):
                    touched = touches[start : start + _ROWS_A_STATEMENT]
                    db.execute(
                        "UPDATE tables SET updated = max(updated, v.column2) FROM (VALUES "
                        + ", ".join(["(?, ?)"] * len(touched))
                        + ") AS v WHERE tables.code = v.column1",
                        [value for touch in touched for value in touch],
                    )
                db.execute("RELEASE each")
            except (sqlite3.Error, OverflowError):
                db.execute("ROLLBACK TO each")
                db.execute("RELEASE each")
                for index, error in enumerate(errors):
                    if error is None:
                        errors[index] = try_write(self.append, *items[index])
        return errors

    # -- closing -----------------------------------------------------------------------

    def close(self) -> None:
        with self._lock:
            if self._closed:
                return
            self._closed = True
            self._connection.close()  # the last connection out checkpoints the log
