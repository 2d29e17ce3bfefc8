"""Where `lastcard serve` keeps its tables, games and action logs (SERVER.md §7, §10).

The server talks to one small interface, `Storage`, opened from a database URL by
`open_storage`. SQLite (the default: `sqlite:///path`, module `sqlite`) serves one process;
PostgreSQL (`postgresql://…`, module `postgres`) the same tables for several (§10), without the
server changing. Both pass the same tests, and share their checks and queries (`engine`).

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
from pathlib import Path
from urllib.parse import quote, unquote

import platformdirs

from .interface import (
    ACTORS,
    FINISHED_GAME_STATUSES,
    GAME_STATUSES,
    SEAT_KINDS,
    TABLE_STATUSES,
    ChatLine,
    GameRow,
    ListedTable,
    SeatRow,
    Storage,
    StorageError,
    StoredAction,
    StoredTable,
)
from .sqlite import open_sqlite

ENV_HOME = "LASTCARD_HOME"  # overrides the data directory, as it does the terminal's settings
DATABASE_FILE = "server.sqlite3"


def open_storage(url: str) -> Storage:
    """Open (creating it and its schema if need be) the database at `url`.

    `sqlite:///relative/path.sqlite3` (relative to the working directory),
    `sqlite:////absolute/path.sqlite3`, or `sqlite://:memory:` (gone when closed). Missing
    parent directories are created. Or a PostgreSQL database:
    `postgresql://user:password@host:port/name` (libpq's URL and its `?options`; `postgres://`
    and `postgresql+psycopg://` too), which needs the `postgres` extra.
    """
    if url.startswith("sqlite:"):
        return open_sqlite(sqlite_path(url))
    scheme = url.partition("://")[0] if "://" in url else ""
    if scheme.split("+")[0] in {"postgresql", "postgres"}:
        return _open_postgres(url.replace(scheme, "postgresql", 1))
    shown = f"the scheme {scheme!r}" if scheme else f"{url!r}"
    raise StorageError(
        f"unknown database URL ({shown}): expected sqlite:///relative/path, "
        "sqlite:////absolute/path or sqlite://:memory:"
    )


def _open_postgres(url: str) -> Storage:
    try:  # psycopg is the `postgres` extra: a SQLite server does without it
        from .postgres import open_postgres
    except ImportError:
        raise StorageError(
            "PostgreSQL databases need psycopg: pip install 'lastcard[postgres]'"
        ) from None
    return open_postgres(url)


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
    "FINISHED_GAME_STATUSES",
    "GAME_STATUSES",
    "SEAT_KINDS",
    "TABLE_STATUSES",
    "ChatLine",
    "GameRow",
    "ListedTable",
    "SeatRow",
    "Storage",
    "StorageError",
    "StoredAction",
    "StoredTable",
    "default_database_url",
    "open_storage",
    "sqlite_path",
]
