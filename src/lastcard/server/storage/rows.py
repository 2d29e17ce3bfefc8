"""What every engine checks before it writes, and how a stored game row becomes a `GameRow`.

Apart from the engines so that SQLite and PostgreSQL refuse the same values with the same words
and read games back the same way: both keep a game's columns in the order of `GAME_COLUMNS`,
and dicts and lists as JSON text (kept as text, not PostgreSQL's `jsonb`, so a value reads back
exactly as it was written).
"""

from __future__ import annotations

import json
from typing import Any

from .interface import GameRow, ListedTable, StorageError, StoredAction

# The lobby's tables with their seat counts, in SQL both engines read alike.
LOBBY_QUERY = """SELECT t.code, t.name, t.status, t.settings, count(s.seat),
        coalesce(sum(CASE WHEN s.kind <> 'empty' THEN 1 ELSE 0 END), 0)
    FROM tables AS t LEFT JOIN seats AS s ON s.table_code = t.code
    WHERE t.public AND t.status IN ('waiting', 'playing')
    GROUP BY t.code ORDER BY t.created, t.code"""

GAME_COLUMNS = (
    "id, table_code, number, players, rules, seed, generator, dealer, commitment, server_seed, "
    "client_seeds, seats, status, result, started, ended, names"
)


def check(value: str, allowed: frozenset[str], what: str) -> None:
    if value not in allowed:
        raise StorageError(f"{what} {value!r} is not one of {', '.join(sorted(allowed))}")


def check_ply(where: str, game_id: str, expected: int, action: StoredAction) -> None:
    if action.ply != expected:
        raise StorageError(
            f"{where}: game {game_id!r} expects ply {expected} next, not {action.ply!r}"
        )


def to_json(value: Any) -> str:
    try:
        return json.dumps(value, separators=(",", ":"), allow_nan=False)
    except (TypeError, ValueError) as error:
        raise StorageError(f"cannot store {value!r} as JSON: {error}") from None


def game_values(game: GameRow) -> tuple[Any, ...]:
    """A game's values in the order of `GAME_COLUMNS`; the seed as decimal text (up to 2**512)."""
    return (
        game.id,
        game.code,
        game.number,
        game.players,
        to_json(game.rules),
        None if game.seed is None else str(game.seed),
        game.generator,
        game.dealer,
        game.commitment,
        game.server_seed,
        to_json(game.client_seeds),
        to_json(game.seats),
        game.status,
        None if game.result is None else to_json(game.result),
        game.started,
        game.ended,
        None if game.names is None else to_json(game.names),
    )


def game_from_row(row: tuple[Any, ...]) -> GameRow:
    """The `GameRow` of a row read in the order of `GAME_COLUMNS`."""
    (id_, code, number, players, rules, seed, generator, dealer) = row[:8]
    (commitment, server_seed, client_seeds, seats, status, result, started, ended) = row[8:16]
    names = row[16]
    return GameRow(
        id=id_,
        code=code,
        number=number,
        players=players,
        rules=json.loads(rules),
        seed=None if seed is None else int(seed),
        generator=generator,
        commitment=commitment,
        server_seed=server_seed,
        client_seeds=json.loads(client_seeds),
        seats=json.loads(seats),
        status=status,
        result=None if result is None else json.loads(result),
        started=started,
        ended=ended,
        dealer=dealer,
        names=None if names is None else json.loads(names),
    )


def listed_from_row(row: tuple[Any, ...]) -> ListedTable:
    """The `ListedTable` of a row of `LOBBY_QUERY`."""
    code, name, status, settings, seats, taken = row
    return ListedTable(code, name, status, json.loads(settings), int(seats), int(taken))
