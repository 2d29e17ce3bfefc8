"""Where `lastcard serve` keeps its tables, games and action logs (SERVER.md §7, §10).

The server talks to one small interface, `Storage`, opened from a database URL by
`open_storage`. SQLite (the default: `sqlite:///path`) is the one engine so far; the interface
is shaped so PostgreSQL can follow for several processes (§10) without the server changing.

What every engine promises:

- **Persist before broadcast.** Each write has committed when the call returns: the server
  acknowledges an action only after `append` returned, so nothing acknowledged is lost when the
  process dies, SIGKILL included.
- **The action log is append-only** and gapless: a game's plies are 0, 1, 2, ... (the ply of an
  action is the number of actions applied before it, as in the table layer), and an append that
  would leave a gap or repeat a ply is refused. With the game's seed and rules the log rebuilds
  the game (it *is* the `GameRecord`'s action list).
- **Secrets stay hashed or sealed.** Seats hold the SHA-256 of their token, never the token. A
  game's `server_seed` is stored from the start (a restart needs it to rebuild the deal); keeping
  it from players until the game is over is the server's job, not the database's.
- **Synchronous and single-threaded.** Calls block; the server runs all of them on one dedicated
  thread. The connection may be used from a thread other than the one that opened it, but by one
  thread at a time.
- **Errors are `StorageError`**, whose message names the database and the reason (a corrupt or
  unreadable file, a schema from a newer lastcard, a ply out of order); nothing else escapes.
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from contextlib import AbstractContextManager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Protocol
from urllib.parse import quote, unquote

import platformdirs

from lastcard.core import LastcardError

SEAT_KINDS = frozenset({"human", "bot", "empty"})
TABLE_STATUSES = frozenset({"waiting", "playing", "over", "closed", "suspended"})
GAME_STATUSES = frozenset({"running", "over", "abandoned"})
FINISHED_GAME_STATUSES = GAME_STATUSES - {"running"}
ACTORS = frozenset({"player", "bot", "autopilot", "timer"})  # who sent an action

ENV_HOME = "LASTCARD_HOME"  # overrides the data directory, as it does the terminal's settings
DATABASE_FILE = "server.sqlite3"


class StorageError(LastcardError):
    """The database cannot do what was asked; the message says which database and why."""

    code = "STORAGE"


@dataclass(frozen=True)
class SeatRow:
    """One seat of a table. `token_hash` is the hex SHA-256 of the seat's token."""

    seat: int
    kind: str  # "human" | "bot" | "empty"
    name: str | None = None
    level: str | None = None  # a bot's level: "easy" | "medium" | "hard"
    token_hash: str | None = None
    client_seed: str | None = None  # 32 hex characters, sent with `ready`


@dataclass(frozen=True)
class GameRow:
    """One game played at a table, with what it takes to rebuild and to verify it (SERVER.md §6).

    `seed` is the engine's seed derived from `server_seed` and the client seeds (up to 2**512, so
    it is stored as text); `server_seed` is secret until the game is over. `seats` lists the
    table seats that play, in game-seat order. `dealer` (None: the engine chooses) is the
    `GameRecord` field of that name, for rematches that pass the deal on. `names` go with the
    record a player downloads, so that its replay names the players (games stored before
    schema version 3 have none).
    """

    id: str
    code: str  # the table's code
    number: int  # 1 for a table's first game, 2 for its rematch, ...
    players: int
    rules: dict[str, Any]
    seed: int | None
    generator: str
    commitment: str
    server_seed: str
    client_seeds: list[str]
    seats: list[int]
    status: str  # "running" | "over" | "abandoned"
    result: dict[str, Any] | None
    started: float
    ended: float | None
    dealer: int | None = None
    names: list[str] | None = None  # the players' names, in game-seat order (None: not kept)


@dataclass(frozen=True)
class StoredAction:
    """One applied action of a game's log; `code` is the action's text (DESIGN.md §2)."""

    ply: int
    seat: int
    code: str
    by: str  # "player" | "bot" | "autopilot" | "timer"
    time: float


@dataclass(frozen=True)
class ChatLine:
    """One chat message as it was sent (`seat` None: a spectator)."""

    seat: int | None
    name: str
    text: str
    time: float


@dataclass(frozen=True)
class StoredTable:
    """A table as stored: its settings and seats, and its newest game with that game's actions.

    `updated` is the time of the last write concerning the table (settings, status, seats, a
    game started or finished, an action, a chat line), so a restarted server can tell how long
    it has been idle.
    """

    code: str
    name: str
    status: str  # "waiting" | "playing" | "over" | "closed" | "suspended"
    settings: dict[str, Any]
    host: int | None
    public: bool
    seats: list[SeatRow]
    created: float
    updated: float
    game: GameRow | None = None  # the newest game of the table
    actions: list[StoredAction] = field(default_factory=list)  # that game's, by ply
    # The next game's server seed (hex), secret until that game ends; its commitment is shown
    # in the waiting room before anyone readies (SERVER.md §6).
    next_server_seed: str | None = None


class Storage(Protocol):
    """The server's database. Every write has committed when it returns."""

    def create_table(self, table: StoredTable) -> None:
        """Store a new table and its seats (not `game` nor `actions`); a taken code is an error."""

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
        """Replace a table's fields and all of its seat rows."""

    def set_status(self, code: str, status: str, now: float) -> None: ...

    def start_game(self, game: GameRow) -> None:
        """Store a new running game; a table has at most one running game."""

    def append(self, game_id: str, action: StoredAction) -> None:
        """Add the next action of a running game: its ply must be the game's next one."""

    def append_many(self, game_id: str, actions: Sequence[StoredAction]) -> None:
        """`append` each action, all in one transaction (a burst of bot moves)."""

    def finish_game(
        self, game_id: str, status: str, result: dict[str, Any] | None, now: float
    ) -> None:
        """End a running game as "over" or "abandoned"."""

    def load(self, code: str) -> StoredTable | None: ...

    def list_open(self) -> list[str]:
        """The codes of every table not closed, oldest first: what a restart reloads."""

    def game(self, game_id: str) -> tuple[GameRow, list[StoredAction]] | None: ...

    def add_chat(self, code: str, seat: int | None, name: str, text: str, time: float) -> None: ...

    def chat(self, code: str, limit: int = 50) -> list[ChatLine]:
        """A table's newest `limit` chat lines, oldest first."""

    def atomic(self) -> AbstractContextManager[None]:
        """Several writes that succeed or fail together."""

    def batch(self) -> AbstractContextManager[None]:
        """Many writes, one commit; each write or `atomic` group inside succeeds or fails alone."""

    def close(self) -> None:
        """Close the database; later calls raise `StorageError`. Closing twice is harmless."""


def open_storage(url: str) -> Storage:
    """Open (creating it and its schema if need be) the database at `url`.

    `sqlite:///relative/path.sqlite3` (relative to the working directory),
    `sqlite:////absolute/path.sqlite3`, or `sqlite://:memory:` (gone when closed). Missing
    parent directories are created.
    """
    if url.startswith("sqlite:"):
        from lastcard.server.storage.sqlite import open_sqlite

        return open_sqlite(sqlite_path(url))
    scheme = url.partition("://")[0] if "://" in url else ""
    if scheme.split("+")[0] in {"postgresql", "postgres"}:
        # The URL is not repeated: it may hold a password.
        raise StorageError(
            "PostgreSQL databases are not supported yet; use a SQLite URL (sqlite:///path)"
        )
    shown = f"the scheme {scheme!r}" if scheme else f"{url!r}"
    raise StorageError(
        f"unknown database URL ({shown}): expected sqlite:///relative/path, "
        "sqlite:////absolute/path or sqlite://:memory:"
    )


def sqlite_path(url: str) -> Path | None:
    """The file a `sqlite:` URL names, or None for an in-memory database.

    >>> sqlite_path("sqlite:///data/server.sqlite3")
    PosixPath('data/server.sqlite3')
    >>> sqlite_path("sqlite:////var/lib/lastcard/server.sqlite3")
    PosixPath('/var/lib/lastcard/server.sqlite3')
    >>> sqlite_path("sqlite://:memory:") is None
    True
    """
    rest = url.removeprefix("sqlite://")
    if rest == url:
        raise StorageError(f"bad SQLite URL {url!r}: it starts with sqlite:// and a path")
    if rest in {":memory:", "/:memory:"}:
        return None
    if "?" in rest or "#" in rest:
        raise StorageError(f"bad SQLite URL {url!r}: options (?...) are not supported")
    if not rest.startswith("/"):
        raise StorageError(
            f"bad SQLite URL {url!r}: a SQLite URL names no host; write sqlite:///relative/path "
            "or sqlite:////absolute/path"
        )
    path = unquote(rest[1:])
    if not path or path.endswith("/"):
        raise StorageError(f"bad SQLite URL {url!r}: it names no file")
    return Path(path)


def default_database_url() -> str:
    """`server.sqlite3` in `$LASTCARD_HOME` if set, else in the user's data directory."""
    home = os.environ.get(ENV_HOME)
    folder = Path(home).expanduser() if home else Path(platformdirs.user_data_dir("lastcard"))
    return "sqlite:///" + quote(folder.absolute().joinpath(DATABASE_FILE).as_posix(), safe="/:")


__all__ = [
    "ACTORS",
    "GAME_STATUSES",
    "SEAT_KINDS",
    "TABLE_STATUSES",
    "ChatLine",
    "GameRow",
    "SeatRow",
    "Storage",
    "StorageError",
    "StoredAction",
    "StoredTable",
    "default_database_url",
    "open_storage",
    "sqlite_path",
]
