"""What the SQLite and PostgreSQL engines do alike: `SqlStorage`, the base of both.

The two databases keep the same schema and refuse the same things with the same words, so the
checks, the queries and the building of rows live here once. An engine supplies its connection
and transactions (`_use`, `_write`, `_read`, `batch`), the few words its SQL spells otherwise
(placeholders, the larger of two values, a row lock) and the bulk inserts it does its own way
(`_insert_actions`, `append_each`'s statements).

Queries here are written with `?` placeholders; an engine whose driver wants `%s` says so in
`_MARK`, and `_sql` translates (no query here holds a literal `?` or `%`).
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Sequence
from contextlib import AbstractContextManager, contextmanager
from typing import Any, Protocol

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

TABLE_NAMES = ("tables", "seats", "games", "actions", "chat")
_TABLE_COLUMNS = "code, name, status, settings, host, public, created, updated, next_server_seed"
_SEAT_COLUMNS = "seat, kind, name, level, token_hash, client_seed"


class Cursor(Protocol):
    """What both drivers' cursors give back."""

    rowcount: int

    def fetchone(self) -> Any: ...

    def fetchall(self) -> list[Any]: ...

    def __iter__(self) -> Iterator[Any]: ...


class Connection(Protocol):
    """What both drivers' connections offer this module."""

    def execute(self, query: Any, params: Any = ...) -> Any: ...


def reason(error: BaseException) -> str:
    """An error's words for a message (its type where it has none)."""
    return str(error).strip() or type(error).__name__


def try_write(write: Any, *args: Any) -> Exception | None:
    """What `write(*args)` raised, or None."""
    try:
        write(*args)
    except Exception as error:
        return error
    return None


class SqlStorage:
    """`Storage` on one connection of either engine (see the module docstring)."""

    _MARK = "?"  # the driver's placeholder
    _GREATEST = "max"  # the larger of two values
    _FOR_UPDATE = ""  # locks a row read before a write, where the database has row locks
    shared = False

    def __init__(self, where: str) -> None:
        self._where = where

    # -- supplied by each engine ----------------------------------------------------------

    def _use(self) -> AbstractContextManager[Any]:
        raise NotImplementedError

    def _write(self) -> AbstractContextManager[Any]:
        raise NotImplementedError

    def _read(self) -> AbstractContextManager[Any]:
        raise NotImplementedError

    def _insert_actions(self, db: Any, items: Sequence[tuple[str, StoredAction]]) -> None:
        raise NotImplementedError

    def _owned(self, code: str) -> None:
        """Refuse a write to a table this process does not own (only a shared database may)."""

    def close(self) -> None:
        raise NotImplementedError

    # -- common ------------------------------------------------------------------------

    def __enter__(self) -> SqlStorage:
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.close()

    def _sql(self, query: str) -> str:
        return query if self._MARK == "?" else query.replace("?", self._MARK)

    def _run(self, db: Connection, query: str, params: Sequence[Any] = ()) -> Cursor:
        result: Cursor = db.execute(self._sql(query), params)
        return result

    @contextmanager
    def atomic(self) -> Iterator[None]:
        """Several writes that succeed or fail together."""
        with self._write():
            yield

    # -- tables ------------------------------------------------------------------------

    def _table_values(self, table: StoredTable) -> tuple[Any, ...]:
        return (
            table.code,
            table.name,
            table.status,
            to_json(table.settings),
            table.host,
            table.public,
            table.created,
            table.updated,
            table.next_server_seed,
        )

    def _taken(self, code: str) -> StorageError:
        return StorageError(f"{self._where}: the table code {code!r} is taken")

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
        self._check_seats(code, seats)
        with self._write() as db:
            self._owned(code)
            changed = self._run(
                db,
                "UPDATE tables SET name = ?, status = ?, settings = ?, host = ?, public = ?,"
                f" updated = {self._GREATEST}(updated, ?), next_server_seed = ? WHERE code = ?",
                (name, status, to_json(settings), host, public, now, next_server_seed, code),
            ).rowcount
            self._require_table(changed, code)
            self._run(db, "DELETE FROM seats WHERE table_code = ?", (code,))
            self._insert_seats(db, code, seats)

    def set_status(self, code: str, status: str, now: float) -> None:
        check(status, TABLE_STATUSES, "table status")
        with self._write() as db:
            self._owned(code)
            changed = self._run(
                db,
                f"UPDATE tables SET status = ?, updated = {self._GREATEST}(updated, ?)"
                " WHERE code = ?",
                (status, now, code),
            ).rowcount
            self._require_table(changed, code)

    def _require_table(self, found: int, code: str) -> None:
        if not found:
            raise StorageError(f"{self._where}: no table {code!r}")

    def _check_seats(self, code: str, seats: Sequence[SeatRow]) -> None:
        for seat in seats:
            check(seat.kind, SEAT_KINDS, "seat kind")
        numbers = [seat.seat for seat in seats]
        if len(set(numbers)) != len(numbers):
            raise StorageError(f"{self._where}: table {code!r} lists a seat twice: {numbers}")

    def _insert_seats(self, db: Any, code: str, seats: Sequence[SeatRow]) -> None:
        if not seats:
            return
        marks = ", ".join(["(?, ?, ?, ?, ?, ?, ?)"] * len(seats))
        self._run(
            db,
            f"INSERT INTO seats (table_code, {_SEAT_COLUMNS}) VALUES {marks}",
            [
                value
                for s in seats
                for value in (code, s.seat, s.kind, s.name, s.level, s.token_hash, s.client_seed)
            ],
        )

    def load(self, code: str) -> StoredTable | None:
        with self._read() as db:
            row = self._run(
                db, f"SELECT {_TABLE_COLUMNS} FROM tables WHERE code = ?", (code,)
            ).fetchone()
            if row is None:
                return None
            seats = [
                SeatRow(*seat)
                for seat in self._run(
                    db,
                    f"SELECT {_SEAT_COLUMNS} FROM seats WHERE table_code = ? ORDER BY seat",
                    (code,),
                )
            ]
            game_row = self._run(
                db,
                f"SELECT {GAME_COLUMNS} FROM games WHERE table_code = ?"
                " ORDER BY number DESC LIMIT 1",
                (code,),
            ).fetchone()
            game = None if game_row is None else game_from_row(game_row)
            actions = [] if game is None else self._actions(db, game.id)
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
            rows = self._run(db, LOBBY_QUERY).fetchall()
        return [listed_from_row(row) for row in rows]

    def list_open(self) -> list[str]:
        with self._use() as db:
            rows = self._run(
                db, "SELECT code FROM tables WHERE status <> 'closed' ORDER BY created, code"
            ).fetchall()
        return [code for (code,) in rows]

    # -- games -------------------------------------------------------------------------

    def start_game(self, game: GameRow) -> None:
        if game.status != "running":
            raise StorageError(f"{self._where}: a game starts running, not {game.status!r}")
        with self._write() as db:
            self._owned(game.code)
            found = self._run(db, "SELECT 1 FROM tables WHERE code = ?", (game.code,))
            if found.fetchone() is None:
                raise StorageError(f"{self._where}: no table {game.code!r} for game {game.id!r}")
            clash = self._run(
                db,
                "SELECT id FROM games WHERE id = ? OR (table_code = ? AND"
                " (number = ? OR status = 'running'))",
                (game.id, game.code, game.number),
            ).fetchone()
            if clash is not None:
                raise StorageError(
                    f"{self._where}: cannot start game {game.id!r} (number {game.number}) at "
                    f"table {game.code!r}: game {clash[0]!r} has that id or number, or is running"
                )
            values = game_values(game)
            marks = ", ".join("?" * len(values))
            self._run(db, f"INSERT INTO games ({GAME_COLUMNS}) VALUES ({marks})", values)
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
            (last,) = self._run(
                db, "SELECT max(ply) FROM actions WHERE game = ?", (game_id,)
            ).fetchone()
            expected = 0 if last is None else last + 1
            for offset, action in enumerate(actions):
                check_ply(self._where, game_id, expected + offset, action)
            self._insert_actions(db, [(game_id, action) for action in actions])
            self._touch(db, code, actions[-1].time)

    def _check_each(
        self, db: Any, items: Sequence[tuple[str, StoredAction]], games: Sequence[str]
    ) -> tuple[list[Exception | None], list[tuple[str, StoredAction]], dict[str, float]]:
        """`append_each`'s checks, as `append` makes them, for actions of different games:
        what each was refused for (None: to store), the actions to store, and each of their
        tables with the time of its last action."""
        if not items:  # `IN ()` is an error in PostgreSQL
            return [], [], {}
        marks = ", ".join("?" * len(games))
        running = {
            game: (code, status)
            for game, code, status in self._run(
                db, f"SELECT id, table_code, status FROM games WHERE id IN ({marks})", games
            )
        }
        last = dict(
            self._run(
                db,
                f"SELECT game, max(ply) FROM actions WHERE game IN ({marks}) GROUP BY game",
                games,
            ).fetchall()
        )
        errors: list[Exception | None] = [None] * len(items)
        stored: list[tuple[str, StoredAction]] = []
        touches: dict[str, float] = {}
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
                self._owned(found[0])
                check_ply(self._where, game_id, expected, action)
            except StorageError as refusal:
                errors[index] = refusal
                continue
            stored.append((game_id, action))
            touches[found[0]] = max(touches.get(found[0], action.time), action.time)
        return errors, stored, touches

    def finish_game(
        self, game_id: str, status: str, result: dict[str, Any] | None, now: float
    ) -> None:
        check(status, FINISHED_GAME_STATUSES, "a finished game's status")
        with self._write() as db:
            code = self._running_game_table(db, game_id)
            self._run(
                db,
                "UPDATE games SET status = ?, result = ?, ended = ? WHERE id = ?",
                (status, None if result is None else to_json(result), now, game_id),
            )
            self._touch(db, code, now)

    def _running_game_table(self, db: Any, game_id: str) -> str:
        """The table code of a running game (its row locked until the write commits where the
        database can, so a concurrent finish waits); any other game is an error."""
        row = self._run(
            db, f"SELECT table_code, status FROM games WHERE id = ?{self._FOR_UPDATE}", (game_id,)
        ).fetchone()
        if row is None:
            raise StorageError(f"{self._where}: no game {game_id!r}")
        if row[1] != "running":
            raise StorageError(f"{self._where}: game {game_id!r} is {row[1]}, not running")
        code: str = row[0]
        self._owned(code)
        return code

    def game(self, game_id: str) -> tuple[GameRow, list[StoredAction]] | None:
        with self._read() as db:
            found = self._run(
                db, f"SELECT {GAME_COLUMNS} FROM games WHERE id = ?", (game_id,)
            ).fetchone()
            if found is None:
                return None
            return game_from_row(found), self._actions(db, game_id)

    def _actions(self, db: Any, game_id: str) -> list[StoredAction]:
        rows = self._run(
            db,
            "SELECT ply, seat, code, by_whom, time FROM actions WHERE game = ? ORDER BY ply",
            (game_id,),
        )
        return [StoredAction(*row) for row in rows]

    # -- chat --------------------------------------------------------------------------

    def add_chat(self, code: str, seat: int | None, name: str, text: str, time: float) -> None:
        with self._write() as db:
            self._owned(code)
            if self._run(db, "SELECT 1 FROM tables WHERE code = ?", (code,)).fetchone() is None:
                raise StorageError(f"{self._where}: no table {code!r}")
            self._run(
                db,
                "INSERT INTO chat (table_code, seat, name, text, time) VALUES (?, ?, ?, ?, ?)",
                (code, seat, name, text, time),
            )
            self._touch(db, code, time)

    def chat(self, code: str, limit: int = 50) -> list[ChatLine]:
        with self._use() as db:
            rows = self._run(
                db,
                "SELECT seat, name, text, time FROM chat WHERE table_code = ?"
                " ORDER BY id DESC LIMIT ?",
                (code, limit),
            ).fetchall()
        return [ChatLine(*row) for row in reversed(rows)]

    def _touch(self, db: Any, code: str, now: float) -> None:
        self._run(
            db,
            f"UPDATE tables SET updated = {self._GREATEST}(updated, ?) WHERE code = ?",
            (now, code),
        )
