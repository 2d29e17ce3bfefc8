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

import json
import sqlite3
import threading
from collections.abc import Iterator, Sequence
from contextlib import contextmanager, nullcontext
from pathlib import Path
from typing import Any

from .interface import (
    ACTORS,
    FINISHED_GAME_STATUSES,
    SEAT_KINDS,
    TABLE_STATUSES,
    ChatLine,
    GameRow,
    ListedTable,
    SeatRow,
    StorageError,
    StoredAction,
    StoredTable,
)
from .rows import (
    GAME_COLUMNS,
    LOBBY_QUERY,
    check,
    check_ply,
    game_from_row,
    game_values,
    listed_from_row,
    to_json,
)

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
TABLE_NAMES = ("tables", "seats", "games", "actions", "chat")

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
        raise StorageError(f"cannot open {where}: {_reason(error)}") from None
    try:
        connection.execute("PRAGMA foreign_keys = ON")
        connection.execute("PRAGMA journal_mode = WAL")
        connection.execute("PRAGMA synchronous = NORMAL")
        _migrate(connection, where)
    except sqlite3.Error as error:
        connection.close()
        raise StorageError(f"cannot open {where}: {_reason(error)}") from None
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


def _reason(error: BaseException) -> str:
    return str(error) or type(error).__name__


class SqliteStorage:
    """`Storage` on one SQLite connection (see the module docstring)."""

    def __init__(self, connection: sqlite3.Connection, where: str) -> None:
        self._connection = connection
        self._where = where
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

    def __enter__(self) -> SqliteStorage:
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.close()

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
                raise StorageError(f"{self._where}: {_reason(error)}") from None

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
    def atomic(self) -> Iterator[None]:
        """Several writes that succeed or fail together."""
        with self._write():
            yield

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
        with self._write() as db:
            if db.execute("SELECT 1 FROM tables WHERE code = ?", (table.code,)).fetchone():
                raise StorageError(f"{self._where}: the table code {table.code!r} is taken")
            db.execute(
                "INSERT INTO tables (code, name, status, settings, host, public, created, updated,"
                " next_server_seed) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (
                    table.code,
                    table.name,
                    table.status,
                    to_json(table.settings),
                    table.host,
                    table.public,
                    table.created,
                    table.updated,
                    table.next_server_seed,
                ),
            )
            self._insert_seats(db, table.code, table.seats)

    def save_table(
        self,
        code: str,
        *,
        name: str,
        status: str,
        settings: dict[str, Any],
        host: int | None,
        public: bool,
        seats: Sequence[SeatRow],
        now: float,
        next_server_seed: str | None = None,
    ) -> None:
        check(status, TABLE_STATUSES, "table status")
        with self._write() as db:
            changed = db.execute(
                "UPDATE tables SET name = ?, status = ?, settings = ?, host = ?, public = ?,"
                " updated = max(updated, ?), next_server_seed = ? WHERE code = ?",
                (name, status, to_json(settings), host, public, now, next_server_seed, code),
            ).rowcount
            self._require_table(changed, code)
            db.execute("DELETE FROM seats WHERE table_code = ?", (code,))
            self._insert_seats(db, code, seats)

    def set_status(self, code: str, status: str, now: float) -> None:
        check(status, TABLE_STATUSES, "table status")
        with self._write() as db:
            changed = db.execute(
                "UPDATE tables SET status = ?, updated = max(updated, ?) WHERE code = ?",
                (status, now, code),
            ).rowcount
            self._require_table(changed, code)

    def _require_table(self, found: int, code: str) -> None:
        if not found:
            raise StorageError(f"{self._where}: no table {code!r}")

    def _insert_seats(self, db: sqlite3.Connection, code: str, seats: Sequence[SeatRow]) -> None:
        for seat in seats:
            check(seat.kind, SEAT_KINDS, "seat kind")
        numbers = [seat.seat for seat in seats]
        if len(set(numbers)) != len(numbers):
            raise StorageError(f"{self._where}: table {code!r} lists a seat twice: {numbers}")
        db.executemany(
            "INSERT INTO seats (table_code, seat, kind, name, level, token_hash, client_seed)"
            " VALUES (?, ?, ?, ?, ?, ?, ?)",
            [(code, s.seat, s.kind, s.name, s.level, s.token_hash, s.client_seed) for s in seats],
        )

    def load(self, code: str) -> StoredTable | None:
        with self._read() as db:
            row = db.execute(
                "SELECT code, name, status, settings, host, public, created, updated,"
                " next_server_seed FROM tables WHERE code = ?",
                (code,),
            ).fetchone()
            if row is None:
                return None
            seats = [
                SeatRow(*seat)
                for seat in db.execute(
                    "SELECT seat, kind, name, level, token_hash, client_seed FROM seats"
                    " WHERE table_code = ? ORDER BY seat",
                    (code,),
                )
            ]
            game_row = db.execute(
                f"SELECT {GAME_COLUMNS} FROM games WHERE table_code = ?"
                " ORDER BY number DESC LIMIT 1",
                (code,),
            ).fetchone()
            game = None if game_row is None else game_from_row(game_row)
            actions = [] if game is None else _actions(db, game.id)
        return StoredTable(
            code=row[0],
            name=row[1],
            status=row[2],
            settings=json.loads(row[3]),
            host=row[4],
            public=bool(row[5]),
            seats=seats,
            created=row[6],
            updated=row[7],
            game=game,
            actions=actions,
            next_server_seed=row[8],
        )

    def lobby(self) -> list[ListedTable]:
        with self._use() as db:
            rows = db.execute(LOBBY_QUERY).fetchall()
        return [listed_from_row(row) for row in rows]

    def list_open(self) -> list[str]:
        with self._use() as db:
            rows = db.execute(
                "SELECT code FROM tables WHERE status <> 'closed' ORDER BY created, code"
            ).fetchall()
        return [code for (code,) in rows]

    # -- games -------------------------------------------------------------------------

    def start_game(self, game: GameRow) -> None:
        if game.status != "running":
            raise StorageError(f"{self._where}: a game starts running, not {game.status!r}")
        with self._write() as db:
            if db.execute("SELECT 1 FROM tables WHERE code = ?", (game.code,)).fetchone() is None:
                raise StorageError(f"{self._where}: no table {game.code!r} for game {game.id!r}")
            clash = db.execute(
                "SELECT id FROM games WHERE id = ? OR (table_code = ? AND"
                " (number = ? OR status = 'running'))",
                (game.id, game.code, game.number),
            ).fetchone()
            if clash is not None:
                raise StorageError(
                    f"{self._where}: cannot start game {game.id!r} (number {game.number}) at "
                    f"table {game.code!r}: game {clash[0]!r} has that id or number, or is running"
                )
            db.execute(
                f"INSERT INTO games ({GAME_COLUMNS})"
                " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                game_values(game),
            )
            self._touch(db, game.code, game.started)

    def append(self, game_id: str, action: StoredAction) -> None:
        self.append_many(game_id, (action,))

    def append_many(self, game_id: str, actions: Sequence[StoredAction]) -> None:
        if not actions:
            return
        for action in actions:
            check(action.by, ACTORS, "actor")
        with self._write() as db:
            code = self._running_game_table(db, game_id)
            (last,) = db.execute(
                "SELECT max(ply) FROM actions WHERE game = ?", (game_id,)
            ).fetchone()
            expected = 0 if last is None else last + 1
            for offset, action in enumerate(actions):
                check_ply(self._where, game_id, expected + offset, action)
            db.executemany(
                "INSERT INTO actions (game, ply, seat, code, by_whom, time)"
                " VALUES (?, ?, ?, ?, ?, ?)",
                [(game_id, a.ply, a.seat, a.code, a.by, a.time) for a in actions],
            )
            self._touch(db, code, actions[-1].time)

    def append_each(self, items: Sequence[tuple[str, StoredAction]]) -> list[Exception | None]:
        """Checked as `append` checks, then stored in four statements for all of them: each
        statement hands Python's lock to the event loop and waits to get it back, so under load
        a few per commit rather than six per action is what keeps the writes off the players'
        wait. An action refused by a check is reported and the others stored; should the
        statements fail as a whole, each action is tried alone."""
        games = [game_id for game_id, _ in items]
        if len(set(games)) != len(games):  # one game's actions in order: one at a time
            return [self._try(self.append, game_id, action) for game_id, action in items]
        errors: list[Exception | None] = [None] * len(items)
        # In a batch of its own when called alone: the fallback's appends are then savepoints
        # inside it, never a transaction begun inside another.
        with self.batch() if not self._batch_depth else nullcontext(), self._write() as db:
            marks = ", ".join("?" * len(games))
            running = {
                game: (code, status)
                for game, code, status in db.execute(
                    f"SELECT id, table_code, status FROM games WHERE id IN ({marks})", games
                )
            }
            last = dict(
                db.execute(
                    f"SELECT game, max(ply) FROM actions WHERE game IN ({marks}) GROUP BY game",
                    games,
                ).fetchall()
            )
            rows, touches = [], []
            for index, (game_id, action) in enumerate(items):
                found = running.get(game_id)
                previous = last.get(game_id)
                expected = 0 if previous is None else previous + 1
                try:
                    check(action.by, ACTORS, "actor")
                    if found is None:
                        raise StorageError(f"{self._where}: no game {game_id!r}")
                    if found[1] != "running":
                        raise StorageError(
                            f"{self._where}: game {game_id!r} is {found[1]}, not running"
                        )
                    check_ply(self._where, game_id, expected, action)
                except StorageError as refusal:
                    errors[index] = refusal
                    continue
                rows.append((game_id, action.ply, action.seat, action.code, action.by, action.time))
                touches.append((found[0], action.time))
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
                stored = [i for i, error in enumerate(errors) if error is None]
                for index in stored:
                    errors[index] = self._try(self.append, *items[index])
        return errors

    @staticmethod
    def _try(write: Any, *args: Any) -> Exception | None:
        try:
            write(*args)
        except Exception as error:
            return error
        return None

    def finish_game(
        self, game_id: str, status: str, result: dict[str, Any] | None, now: float
    ) -> None:
        check(status, FINISHED_GAME_STATUSES, "a finished game's status")
        with self._write() as db:
            code = self._running_game_table(db, game_id)
            db.execute(
                "UPDATE games SET status = ?, result = ?, ended = ? WHERE id = ?",
                (status, None if result is None else to_json(result), now, game_id),
            )
            self._touch(db, code, now)

    def _running_game_table(self, db: sqlite3.Connection, game_id: str) -> str:
        """The table code of a running game; any other game is an error."""
        row = db.execute("SELECT table_code, status FROM games WHERE id = ?", (game_id,)).fetchone()
        if row is None:
            raise StorageError(f"{self._where}: no game {game_id!r}")
        if row[1] != "running":
            raise StorageError(f"{self._where}: game {game_id!r} is {row[1]}, not running")
        code: str = row[0]
        return code

    def game(self, game_id: str) -> tuple[GameRow, list[StoredAction]] | None:
        with self._read() as db:
            row = db.execute(f"SELECT {GAME_COLUMNS} FROM games WHERE id = ?", (game_id,))
            found = row.fetchone()
            if found is None:
                return None
            return game_from_row(found), _actions(db, game_id)

    # -- chat --------------------------------------------------------------------------

    def add_chat(self, code: str, seat: int | None, name: str, text: str, time: float) -> None:
        with self._write() as db:
            if db.execute("SELECT 1 FROM tables WHERE code = ?", (code,)).fetchone() is None:
                raise StorageError(f"{self._where}: no table {code!r}")
            db.execute(
                "INSERT INTO chat (table_code, seat, name, text, time) VALUES (?, ?, ?, ?, ?)",
                (code, seat, name, text, time),
            )
            self._touch(db, code, time)

    def chat(self, code: str, limit: int = 50) -> list[ChatLine]:
        with self._use() as db:
            rows = db.execute(
                "SELECT seat, name, text, time FROM chat WHERE table_code = ?"
                " ORDER BY id DESC LIMIT ?",
                (code, limit),
            ).fetchall()
        return [ChatLine(*row) for row in reversed(rows)]

    # -- closing -----------------------------------------------------------------------

    def close(self) -> None:
        with self._lock:
            if self._closed:
                return
            self._closed = True
            self._connection.close()  # the last connection out checkpoints the log

    @staticmethod
    def _touch(db: sqlite3.Connection, code: str, now: float) -> None:
        db.execute("UPDATE tables SET updated = max(updated, ?) WHERE code = ?", (now, code))


def _actions(db: sqlite3.Connection, game_id: str) -> list[StoredAction]:
    rows = db.execute(
        "SELECT ply, seat, code, by_whom, time FROM actions WHERE game = ? ORDER BY ply",
        (game_id,),
    )
    return [StoredAction(*row) for row in rows]
