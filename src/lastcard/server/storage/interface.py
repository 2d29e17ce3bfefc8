"""The interface every storage engine implements (`Storage`), the rows it stores and reads, and
its error; `lastcard.server.storage` re-exports them with `open_storage`.

Apart from the package because the SQLite engine (`sqlite`) implements them and the package
opens it: both import this module.
"""

from __future__ import annotations

from collections.abc import Sequence
from contextlib import AbstractContextManager
from dataclasses import dataclass, field
from typing import Any, Protocol

from lastcard.core import LastcardError

SEAT_KINDS = frozenset({"human", "bot", "empty"})
TABLE_STATUSES = frozenset({"waiting", "playing", "over", "closed", "suspended"})
GAME_STATUSES = frozenset({"running", "over", "abandoned"})
FINISHED_GAME_STATUSES = GAME_STATUSES - {"running"}
ACTORS = frozenset({"player", "bot", "autopilot", "timer"})  # who sent an action


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


@dataclass(frozen=True)
class ListedTable:
    """A public table as the lobby lists it: `seats` in all, `taken` of them not empty."""

    code: str
    name: str
    status: str  # "waiting" | "playing"
    settings: dict[str, Any]
    seats: int
    taken: int


class Storage(Protocol):
    """The server's database. Every write has committed when it returns."""

    # Whether other processes may serve this database's tables (SERVER.md §10). Then each table
    # has one owner at a time, the process whose `claim` succeeded: it alone loads and serves it.
    shared: bool

    def claim(self, code: str) -> bool:
        """Make this process the owner of the table `code` (which need not exist yet); False
        while another process owns it. Held until `release`, or until this process's
        connection ends: a process that dies lets go of its tables. Claim a table once."""

    def release(self, code: str) -> None:
        """Let go of a table this process claimed; another process may then claim it."""

    def heartbeat(self) -> list[str]:
        """Reach the database, connecting again if the connection was lost; the tables whose
        claims were lost with a connection (another process may own them now: give them up
        and claim them again before serving them). None on a database one process serves."""

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

    def append_each(self, items: Sequence[tuple[str, StoredAction]]) -> list[Exception | None]:
        """`append` each (game, action) of different games, each succeeding or failing alone;
        what each raised (None: stored). The server's group commit stores a moment's actions of
        every table this way, in a few statements rather than a few per action."""

    def finish_game(
        self, game_id: str, status: str, result: dict[str, Any] | None, now: float
    ) -> None:
        """End a running game as "over" or "abandoned"."""

    def load(self, code: str) -> StoredTable | None: ...

    def list_open(self) -> list[str]:
        """The codes of every table not closed, oldest first: what a restart reloads."""

    def lobby(self) -> list[ListedTable]:
        """Every public table waiting or playing, oldest first: the lobby of a server whose
        tables several processes serve (§10)."""

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
